"""Fill a PDF form with poppler (as Evince and Okular do) and save it, through poppler-glib.

Run with the system Python, which has the bindings (Debian: apt-get install python3-gi
gir1.2-poppler-0.18), not a venv:  /usr/bin/python3 tools/poppler_fill.py IN.pdf OUT.pdf VALUES.json
VALUES: {"full.field.name": "text" | true | false, ...}; a radio button is chosen by the widget
at {"name": {"radio": [page index, x, y]}} (poppler-glib does not tell a button's on-state).
Prints one JSON line: {"version": poppler's, "log": [what could not be done]}.
"""

import json
import sys
from pathlib import Path

import gi

gi.require_version("Poppler", "0.18")
from gi.repository import Poppler  # noqa: E402


def main() -> None:
    source, target, values_file = sys.argv[1:4]
    values = json.loads(Path(values_file).read_text(encoding="utf-8"))
    doc = Poppler.Document.new_from_file(Path(source).resolve().as_uri(), None)
    log = []
    done = set()
    for index in range(doc.get_n_pages()):
        page = doc.get_page(index)
        for mapping in page.get_form_field_mapping():
            field = mapping.field
            name = field.get_name()  # the fully qualified name (get_partial_name is the last part)
            if name not in values:
                continue
            value = values[name]
            kind = field.get_field_type()
            if kind == Poppler.FormFieldType.TEXT:
                field.text_set_text(str(value))
            elif kind == Poppler.FormFieldType.BUTTON:
                if field.button_get_button_type() == Poppler.FormButtonType.RADIO:
                    where = value.get("radio") if isinstance(value, dict) else None
                    area = mapping.area  # in PDF points, y up, as the widget's /Rect
                    if not where or where[0] != index or not (
                            area.x1 <= where[1] <= area.x2 and area.y1 <= where[2] <= area.y2):
                        continue
                    field.button_set_state(True)
                else:
                    field.button_set_state(bool(value))
            elif kind == Poppler.FormFieldType.CHOICE:
                items = [field.choice_get_item(i) for i in range(field.choice_get_n_items())]
                if value in items:
                    field.choice_select_item(items.index(value))
                elif field.choice_is_editable():
                    field.choice_set_text(str(value))
                else:
                    log.append(f"{name}: poppler lists no option {value!r} (it has {items})")
            else:
                log.append(f"{name}: poppler field type {kind} is not one a user fills")
            done.add(name)
    log.extend(f"{name}: poppler found no such field" for name in values if name not in done)
    doc.save(Path(target).resolve().as_uri())
    print(json.dumps({"version": Poppler.get_version(), "log": log}))


if __name__ == "__main__":
    main()
