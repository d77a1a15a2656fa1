#!/usr/bin/env bash
# Walk the README's "Set up" commands, verbatim, in a fresh clone and a fresh
# virtual environment, from another folder: what a newcomer does in the first
# minutes. Usage: tools/fresh_clone.sh [--skip-tests]
# The clone's address is this checkout (the README's placeholder stands for it).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
echo "== in $work"
# The README's commands, in order (the placeholder replaced by this checkout):
git clone -q "$here" sheetgen && cd sheetgen
python3 -m venv .venv && . .venv/bin/activate
python3 -m pip install -q . && sheetgen sheet rolled-west
test -s output/rolled-west-board.pdf
if [ "${1:-}" != "--skip-tests" ]; then
  python3 -m pip install -q '.[test]' && python3 -m pytest -q
fi
# Then from another folder, as a user would:
cd "$work" && mkdir elsewhere && cd elsewhere
sheetgen games
sheetgen template rolled-west --example -o game.yaml && sheetgen score game.yaml
echo "== the README's set-up commands worked in a fresh clone"
