"""The standings' picture: each player's rating after every play, drawn with reportlab's charts.

reportlab is already sheetgen's PDF library and its chart package draws the same
drawing as PDF and SVG, with no other install. A PNG is that PDF rasterised by
PDFium (pypdfium2) and written by Pillow: the optional extra `sheetgen[png]`.
(reportlab's own bitmap renderer needs rlPyCairo, and pycairo has no wheel for
Linux: it builds only where the cairo headers are.) Without the extra a .png is
refused saying which install adds it.
"""

from __future__ import annotations

import datetime
import importlib.util
import io
from typing import Any, Optional

from sheetgen import playernames
from sheetgen.errors import InvalidArgument
from sheetgen.playlog.standings import Standings

FORMATS = (".svg", ".pdf", ".png")
WIDTH, HEIGHT = 540, 320  # points
# distinct in colour and, for a black-and-white print, in dash pattern
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
DASHES: list[Optional[tuple[int, ...]]] = [None, (6, 3), (2, 2), (8, 3, 2, 3)]
MARKERS = ["FilledCircle", "FilledSquare", "FilledDiamond", "FilledTriangle", "Circle", "Square", "Diamond",
           "Triangle"]  # a player who played once is a point: it needs a mark to show


def suffix(path: str) -> str:
    """The picture format of `path`, refused (InvalidArgument "plot") unless one we draw."""
    lowered = str(path).lower()
    for ending in FORMATS:
        if lowered.endswith(ending):
            if ending == ".png" and not png_available():
                raise InvalidArgument("plot", "a PNG needs pypdfium2 and Pillow: pip install "
                                              "'sheetgen[png]'; or give a .svg or .pdf name")
            return ending
    raise InvalidArgument("plot", f"'{path}' is not a .svg, .pdf or .png name")


def png_available() -> bool:
    return all(importlib.util.find_spec(name) is not None for name in ("pypdfium2", "PIL"))


def drawing(table: Standings, title: str, fonts: tuple[str, str] = ("Helvetica", "Helvetica-Bold")) -> Any:
    """A reportlab Drawing of the ratings over time, a line per player (leader first in the key)."""
    from reportlab.graphics.charts.legends import Legend
    from reportlab.graphics.charts.lineplots import LinePlot
    from reportlab.graphics.widgets.markers import makeMarker
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.lib import colors

    if not table.history:
        raise InvalidArgument("plot", f"no plays of {table.game} in the log for these dates; nothing to draw")
    first = table.history[0].date.toordinal()
    order = {name: i for i, name in enumerate(s.name for s in table.players)}
    points: dict[str, list[tuple[float, float]]] = {name: [] for name in order}
    by_key = {_key(name): name for name in order}
    # same-day plays are spread across their day, in the order they were logged
    days: dict[datetime.date, list[int]] = {}  # a day -> its plays, in the order logged
    for point in table.history:
        days.setdefault(point.date, [])
        if point.play not in days[point.date]:
            days[point.date].append(point.play)
    for point in table.history:
        plays_that_day = days[point.date]
        x = point.date.toordinal() - first + plays_that_day.index(point.play) / len(plays_that_day)
        points[by_key[_key(point.name)]].append((x, round(point.rating, 3)))
    shown = [name for name in order if points[name]]

    d = Drawing(WIDTH, HEIGHT)
    d.add(String(WIDTH / 2, HEIGHT - 18, title, fontName=fonts[1], fontSize=12, textAnchor="middle"))
    chart = LinePlot()
    chart.x, chart.y, chart.width, chart.height = 50, 45, WIDTH - 190, HEIGHT - 90
    chart.data = [points[name] for name in shown]
    xs = [x for line in chart.data for x, _ in line]
    ys = [y for line in chart.data for _, y in line]
    chart.xValueAxis.valueMin = 0
    chart.xValueAxis.valueMax = max(1.0, max(xs) + 0.5)
    chart.yValueAxis.valueMin = min(0.0, min(ys)) - 1
    chart.yValueAxis.valueMax = max(ys) + 1
    span = chart.xValueAxis.valueMax
    step = max(1, round(span / 6))
    chart.xValueAxis.valueSteps = list(range(0, int(span) + 1, step))
    chart.xValueAxis.labelTextFormat = lambda x: _date_label(first + int(x))
    chart.xValueAxis.labels.fontSize = 7
    chart.yValueAxis.labels.fontSize = 8
    chart.yValueAxis.labelTextFormat = "%.0f"
    for i, _ in enumerate(shown):
        line = chart.lines[i]
        line.strokeColor = colors.HexColor(COLOURS[i % len(COLOURS)])
        line.strokeWidth = 1.5
        line.symbol = makeMarker(MARKERS[i % len(MARKERS)], size=5, fillColor=line.strokeColor,
                                 strokeColor=line.strokeColor)
        dash = DASHES[(i // len(COLOURS) + i) % len(DASHES)]
        if dash:
            line.strokeDashArray = dash
    d.add(chart)
    d.add(String(50, 12, "rating (mu - 3 sigma, openskill Plackett-Luce) after each play", fontName=fonts[0],
                 fontSize=8))
    legend = Legend()
    legend.x, legend.y = WIDTH - 125, HEIGHT - 50
    legend.fontName, legend.fontSize = fonts[0], 8
    chart.xValueAxis.labels.fontName = chart.yValueAxis.labels.fontName = fonts[0]
    legend.alignment = "right"
    legend.colorNamePairs = [(colors.HexColor(COLOURS[i % len(COLOURS)]), name) for i, name in enumerate(shown)]
    d.add(legend)
    return d


def _key(name: str) -> str:
    return playernames.key(name)


def _date_label(ordinal: int) -> str:
    return datetime.date.fromordinal(ordinal).isoformat()


def render(table: Standings, title: str, ending: str) -> bytes:
    """The picture as the bytes of a .svg, .pdf or .png file. The PDF embeds the sheets' font
    (Arimo), as every sheetgen PDF does; an SVG names Helvetica for the viewer to find."""
    fonts = ("Helvetica", "Helvetica-Bold")
    if ending in (".pdf", ".png"):
        from sheetgen.typeface import FONTS, register

        register()  # Arimo, for reportlab to draw by name
        fonts = (FONTS[False], FONTS[True])
    d = drawing(table, title, fonts)
    if ending == ".svg":
        from reportlab.graphics import renderSVG

        text = renderSVG.drawToString(d)
        return text.encode("utf-8") if isinstance(text, str) else text
    if ending in (".pdf", ".png"):
        from reportlab.graphics import renderPDF, shapes

        from sheetgen.pdf import canvas, flate_only

        buffer = io.BytesIO()
        with flate_only():  # as every sheetgen PDF: Flate-compressed streams, no ASCII85 layer
            c = canvas(buffer, (d.width, d.height), title)  # dated, the font embedded, named as sheetgen's
            # reportlab's renderer starts every drawing in its default font, Helvetica, naming a font
            # the PDF would not embed; it starts in Arimo instead
            default = shapes.STATE_DEFAULTS["fontName"]
            shapes.STATE_DEFAULTS["fontName"] = fonts[0]
            try:
                renderPDF.draw(d, c, 0, 0)
            finally:
                shapes.STATE_DEFAULTS["fontName"] = default
            c.showPage()
            c.save()
        if ending == ".pdf":
            return buffer.getvalue()
        return _png(buffer.getvalue())
    raise InvalidArgument("plot", f"'{ending}' is not a .svg, .pdf or .png name")


def _png(pdf: bytes, dpi: int = 150) -> bytes:
    """The one page of `pdf` as a PNG at `dpi`, drawn by PDFium on white."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
