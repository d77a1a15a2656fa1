"""A results file written out: filled forms exported (`sheetgen export`), or a game typed in
at the table (`sheetgen enter`), laid out like `sheetgen template`."""

from __future__ import annotations

from typing import Any

import yaml

def results_yaml(data: dict[str, Any], title: str, source: str = "read from filled-in score sheets") -> str:
    """A results file holding `data` (a results file's plain values), laid out like `sheetgen
    template` (as `sheetgen export` writes it): one key a line down to each player's sections,
    each value below that on one line. `source` says where the values came from."""
    lines = [f"# {title} results, {source} by sheetgen.",
             "# Check and tally it with:  sheetgen score THIS-FILE"]
    for key, value in data.items():
        if key == "players" and isinstance(value, list) and all(isinstance(e, dict) for e in value):
            lines.append("players:")
            for entry in value:
                for n, (field_key, field_value) in enumerate(entry.items()):
                    lines += _block(field_key, field_value, "  - " if n == 0 else "    ")
        elif isinstance(value, dict) and value:  # a game-level mapping (Gold West's boomtown): a key a line
            lines += [f"{_flow(key)}:"] + [f"  {_flow(k)}: {_flow(v)}" for k, v in value.items()]
        elif key != "players" and isinstance(value, list) and value:  # a list of items (features): one a line
            lines += [f"{_flow(key)}:"] + [f"  - {_item(item)}" for item in value]
        else:
            lines.append(f"{_flow(key)}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def _block(key: Any, value: Any, indent: str) -> list[str]:
    if isinstance(value, dict) and value:
        inner = " " * len(indent) + "  "
        return [f"{indent}{_flow(key)}:"] + [f"{inner}{_flow(k)}: {_flow(v)}" for k, v in value.items()]
    return [f"{indent}{_flow(key)}: {_flow(value)}"]


def _item(item: Any) -> str:
    """A list item: a mapping of one key as `key: value` (as a template writes a feature), else flow."""
    if isinstance(item, dict) and len(item) == 1:
        ((key, value),) = item.items()
        return f"{_flow(key)}: {_flow(value)}"
    return _flow(item)


def _flow(value: Any) -> str:
    """One value in YAML flow style, quoted where YAML needs it."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 20, sort_keys=False).strip()
    return text[:-4].rstrip() if text.endswith("\n...") else text
