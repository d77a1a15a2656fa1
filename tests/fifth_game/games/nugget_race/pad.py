"""The score pad: a page per player with the name and a box for each count."""

from sheetgen.sheet import Box, Page, Rect, SheetDocument, Text


def build(rules, request) -> SheetDocument:
    frame = (Text(10, 20, rules.title, 14, bold=True),
             Text(10, 40, "nuggets", 10), Box(Rect(40, 32, 30, 12)),
             Text(10, 60, "claims", 10), Box(Rect(40, 52, 30, 12)))
    pages = [Page("pad", (Text(100, 20, name, 12),) if name else ()) for name in request.sheet_names]
    return SheetDocument(title=f"{rules.title} pad", subject="nugget-race pad", width=180, height=250,
                         backdrops={"pad": frame}, pages=pages)
