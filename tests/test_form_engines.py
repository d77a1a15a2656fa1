"""Every fillable sheet, filled from its example through PDF engines as a user would (PDFium as in
Chrome and Edge: clicks and keys; pypdf as a script does), saved, and scored exactly as the example
results file. Fields and their kinds come from the PDF, so a change of widget design (a claim space
as a radio group or a text field) needs no change here. tools/form_interop.py drives the other
engines (pdf.js, poppler, MuPDF) and chains of them; see docs/form-interop.md."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject
from reportlab.pdfgen import canvas

from formengines import SHEETS, Case, differences, fill_pdfium, fill_pypdf, listed_fields, pdfium_value, prepare, \
    read_fields, short_name, verdict

IDS = [sheet.key for sheet in SHEETS]


class Cases(dict):
    """The prepared sheets by key, each made when first asked for (an xdist worker makes only its own)."""

    def __init__(self, folder):
        super().__init__()
        self.folder = folder

    def __missing__(self, key):
        sheet = next(s for s in SHEETS if s.key == key)
        case = self[key] = prepare(sheet, self.folder / key)
        return case


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    return Cases(tmp_path_factory.mktemp("sheets"))


def test_every_fillable_sheet_is_covered(cases):
    """The examples fill every kind of field that each sheet reads (a kind the example never
    fills would go untested), and the expected score is a real one."""
    for key in IDS:
        case = cases[key]
        assert case.targets, key
        assert "error" not in case.expected and case.expected["players"], (key, case.expected)
        prefix, listed = listed_fields(case.sheet)
        read = {case.kinds[name] for name in case.kinds if listed[short_name(prefix, name)] != "- (for play)"}
        assert {case.kinds[name] for name in case.targets} == read, key


@pytest.mark.parametrize("key", IDS)
def test_pdfium_typed_sheet_scores_as_its_example(cases, key, tmp_path):
    case = cases[key]
    log: list = []
    saved = fill_pdfium(case.blank, case.targets, log)
    assert log == []
    assert verdict(case, saved, tmp_path) == []


@pytest.mark.parametrize("key", IDS)
def test_pypdf_filled_sheet_scores_as_its_example(cases, key, tmp_path):
    case = cases[key]
    assert verdict(case, fill_pypdf(case.blank, case.targets), tmp_path) == []


def test_a_slip_in_the_filling_is_caught(cases, tmp_path):
    """The check can fail: one value typed differently, one left out, and the verdict names both
    fields and the changed score."""
    case = cases["rolled-west-board"]
    typed = dict(case.targets)
    changed = next(name for name, value in typed.items() if isinstance(value, str) and name.endswith(".total"))
    typed[changed] = str(int(typed[changed]) + 1)
    left_out = next(name for name, value in typed.items() if value is True)
    del typed[left_out]
    problems = verdict(case, fill_pdfium(case.blank, typed), tmp_path)
    assert any(p.startswith(f"{changed}: ") for p in problems), problems
    assert f"{left_out}: True became False" in problems or f"{left_out}: True became None" in problems, problems
    assert any(p.startswith(("score differs", "score refused")) for p in problems), problems


def test_differences_sees_a_box_shown_unlike_its_value(cases):
    """A check box whose value says on while its appearance state is off is reported."""
    case = cases["rolled-west-board"]
    name = next(n for n, v in case.targets.items() if v is True)
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(fill_pypdf(case.blank, {name: True}))))
    for page in writer.pages:
        for ref in page.get("/Annots") or []:
            widget = ref.get_object()
            if "/AS" in widget and widget.get("/AS") != "/Off" and widget.get("/Subtype") == "/Widget":
                widget[NameObject("/AS")] = NameObject("/Off")
    out = io.BytesIO()
    writer.write(out)
    problems = differences(case, out.getvalue(), {name: True})
    assert problems == [f"{name}: value True but the box shows 'Off'"], problems


def _long_text_fields(sheet) -> dict:
    """{PDF field name: long text} for page 1's player names and group lists, found in --fields."""
    prefix, listed = listed_fields(sheet)
    wanted = {}
    for name, reading in listed.items():
        if reading in ("name", "players[]", "players[].name"):
            wanted[f"{prefix}p1.{name}"] = "Maximilian Bartholomew"
        elif reading.endswith("groups"):
            wanted[f"{prefix}p1.{name}"] = "6, 4, 3, 2, 2, 1, 1"
    return wanted


@pytest.mark.parametrize("key", IDS)
def test_pdfium_does_not_cut_a_long_name_or_groups_list(cases, key):
    """Typed key by key in PDFium, a long name (and Gold West's longest groups list) is kept whole:
    as pypdf reads the saved file, and as PDFium itself reads it back."""
    case = cases[key]
    typed = _long_text_fields(case.sheet)
    if key == "gold-west-pad":
        assert any(v.startswith("6, 4") for v in typed.values()), typed
    typed = {name: value for name, value in typed.items() if name in case.kinds}
    assert typed, key
    saved = fill_pdfium(case.blank, typed)
    fields = read_fields(saved)
    assert {name: fields[name].value for name in typed} == typed
    assert {name: pdfium_value(saved, name) for name in typed} == typed


def test_each_kind_of_widget_a_writer_may_choose_is_filled(tmp_path):
    """The harness finds and fills a radio group, a check box, a text field and a combo box of any
    form (here one made with reportlab), so a claim space may change design without touching it."""
    path = tmp_path / "kinds.pdf"
    page = canvas.Canvas(str(path))
    form = page.acroForm
    form.radio(name="claims.1", value="camp", selected=False, x=100, y=700, size=20)
    form.radio(name="claims.1", value="settlement", selected=False, x=140, y=700, size=20)
    form.checkbox(name="box", x=100, y=650, size=20)
    form.textfield(name="name", x=100, y=600, width=200, height=20)
    form.choice(name="pick", value="a", options=["a", "b"], x=100, y=550, width=100, height=20)
    page.showPage()
    page.save()
    blank = path.read_bytes()
    fields = read_fields(blank)
    assert {name: info.kind for name, info in fields.items()} == \
        {"claims.1": "radio", "box": "check", "name": "text", "pick": "combo"}
    targets = {"claims.1": "settlement", "box": True, "name": "Ann", "pick": "b"}
    case = Case(SHEETS[0], blank, targets, {n: i.kind for n, i in fields.items()}, {"pick": "a"}, {})
    log: list = []
    for saved in (fill_pdfium(blank, targets, log), fill_pypdf(blank, targets)):
        assert differences(case, saved) == []
        assert {name: info.value for name, info in read_fields(saved).items()} == targets
    assert log == []
