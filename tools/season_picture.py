"""Make the README's picture of a season's ratings (docs/images/season-ratings.svg).

Run from the repository: python3 tools/season_picture.py

Plays the README's season (three nights of Rolled West, in a temporary play log)
and draws its standings picture exactly as `sheetgen standings rolled-west
--plot season.svg` does. tests/test_playlog_cli.py checks that the committed
picture is the one the README's commands make; run this after changing how the
picture is drawn, and commit the file it changes.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sheetgen.playlog import PlayLog, plot  # noqa: E402

TARGET = ROOT / "docs" / "images" / "season-ratings.svg"


def season_log(folder: Path) -> PlayLog:
    """The README's season: the example game, then Ann and Gabriel swapped, then Cat for Gabriel."""
    text = (ROOT / "examples" / "rolled-west-game.yaml").read_text(encoding="utf-8")
    night2 = text.replace("Ann", "\0").replace("Gabriel", "Ann").replace("\0", "Gabriel")
    night3 = text.replace("Gabriel", "Cat")
    log = PlayLog(folder / "season.db")
    for results, day in ((text, "2026-11-06"), (night2, "2026-11-13"), (night3, "2026-11-20")):
        log.score(text=results, date=day)
    return log


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        with season_log(Path(folder)) as log:
            table = log.standings("rolled-west", history=True)
    TARGET.write_bytes(plot.render(table, "Rolled West: ratings", ".svg"))
    print(f"wrote {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
