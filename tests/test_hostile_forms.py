"""A filled form mailed by another player: what is scored is what every viewer shows.

Each test crafts a PDF from a real fillable sheet with pypdf, the way a hostile (or
broken) program could write it, and checks that sheetgen refuses it with the box named
(FILE:page N:FIELD) or reads it as a viewer shows it, never scoring something else.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import time
import zlib

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, BooleanObject, DictionaryObject, FloatObject, NameObject, NullObject,
                           NumberObject, TextStringObject)

import sheetgen
from sheetgen.api import SheetOptions
from sheetgen.api import fillable_sheets
from sheetgen.results import pdf as forms
from sheetgen.errors import InvalidInput
from sheetgen.games.gold_west import board_form

from conftest import ROOT
from formfill import fill_pdf

RW = sheetgen.game("rolled-west")
PREFIX = "rolled-west.board.p1."
EXAMPLE = ROOT / "examples" / "rolled-west-game.yaml"
_FILLED: list = []


def filled() -> bytes:
    """The example game's boards as a filled fillable sheet (page 1: Ann, contracts [2])."""
    if not _FILLED:
        _FILLED.append(RW.sheet(None, SheetOptions(results=EXAMPLE, fillable=True)).pdf)
    return _FILLED[0]


def full_name(widget) -> str:
    names, node = [], widget
    while node is not None:
        if "/T" in node:
            names.append(str(node["/T"]))
        node = node["/Parent"].get_object() if "/Parent" in node else None
    return ".".join(reversed(names))


def edit(data: bytes, change, need_appearances=None) -> bytes:
    """`data` rewritten by pypdf after `change(writer, widgets)`; widgets: full name -> widget of page 1."""
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    widgets = {full_name(a.get_object()): a.get_object() for a in writer.pages[0]["/Annots"]}
    change(writer, widgets)
    if need_appearances is not None:
        writer._root_object["/AcroForm"][NameObject("/NeedAppearances")] = BooleanObject(need_appearances)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def problems(data: bytes, name: str = "mailed.pdf") -> list:
    """The lines reading and checking `data` gives (empty when it scores)."""
    try:
        doc = RW.read([forms.parse_pdf(data, name, fillable_sheets())])
    except InvalidInput as refused:
        return [str(p) for p in refused.problems]
    return [str(p) for p in RW.scorer().examine(doc).problems]


def entry(data: bytes) -> dict:
    """Page 1's entry as read (no problem of the form itself)."""
    return RW.read([forms.parse_pdf(data, "x.pdf", fillable_sheets())]).value["players"][0]


def scores(data: bytes) -> dict:
    report = RW.scorer().report(RW.scorer().examine(RW.read([forms.parse_pdf(data, "x.pdf", fillable_sheets())])))
    return {player.name: player.total for player in report.players}


def test_the_untouched_sheet_reads_and_scores():
    assert problems(filled()) == []
    assert scores(filled()) == scores(filled())  # a baseline for the changes below


# ---- a check box: its value and what it shows -------------------------------------------------------

@pytest.mark.parametrize("value,state,expected", [
    (NameObject("/Yes"), NameObject("/Off"), "holds 'checked' but shows unchecked"),  # the extra contract
    (NameObject("/Off"), NameObject("/Yes"), "holds 'unchecked' but shows checked"),
    (NullObject(), NameObject("/Yes"), "holds a PDF null, not a check box's state"),
    (BooleanObject(False), NameObject("/Yes"), "holds a true/false value (False), not a check box's state"),
    (TextStringObject("Yes"), NameObject("/Yes"), "holds 'Yes', not a check box's state"),
    (NameObject("/On"), NameObject("/Yes"), "holds 'checked' but shows checked (its state a PDF name (/Yes)"),
])
def test_a_check_box_whose_value_and_look_disagree_is_refused(value, state, expected):
    def change(writer, widgets):
        box = widgets[PREFIX + "contracts.1"]
        box[NameObject("/V")], box[NameObject("/AS")] = value, state

    found = problems(edit(filled(), change))
    assert len(found) == 1 and found[0].startswith("mailed.pdf:page 1:contracts.1: this check box "), found
    assert expected in found[0]


def test_a_check_box_read_as_it_shows():
    def change(writer, widgets):
        box = widgets[PREFIX + "contracts.3"]
        box[NameObject("/V")] = box[NameObject("/AS")] = NameObject("/Yes")

    assert entry(edit(filled(), change))["contracts"] == [2, 3]  # both ticked, both shown


def test_an_on_state_without_an_appearance_shows_nothing_and_is_refused():
    def change(writer, widgets):
        box = widgets[PREFIX + "contracts.1"]
        box[NameObject("/V")] = box[NameObject("/AS")] = NameObject("/Ja")  # no /Ja appearance to show

    (found,) = problems(edit(filled(), change))
    assert found.startswith("mailed.pdf:page 1:contracts.1: this check box holds 'checked' but shows unchecked")


# ---- hidden and duplicated boxes --------------------------------------------------------------------

def _add_copy(writer, widgets, name, **changes):
    original = widgets[PREFIX + name]
    copy = DictionaryObject({k: v for k, v in original.items() if k != "/P"})
    copy.update({NameObject(k): v for k, v in changes.items()})
    ref = writer._add_object(copy)
    writer.pages[0]["/Annots"].append(ref)
    original["/Parent"].get_object()["/Kids"].append(ref)


@pytest.mark.parametrize("hide", [
    {"/F": NumberObject(2)}, {"/F": NumberObject(32)}, {"/F": NumberObject(1 | 4)},
    {"/Rect": ArrayObject([FloatObject(10), FloatObject(10), FloatObject(10), FloatObject(10)])},
    {"/Rect": ArrayObject([FloatObject(-500), FloatObject(-500), FloatObject(-480), FloatObject(-490)])},
])
def test_two_hidden_boxes_with_a_claim_space_s_name_are_refused(hide):
    def change(writer, widgets):
        for _ in range(2):
            _add_copy(writer, widgets, "claims.hills.1", **{"/V": TextStringObject("settlement"), **hide})

    found = problems(edit(filled(), change))
    assert found and all(line.startswith("mailed.pdf:page 1:claims.hills.1: this box is ") for line in found), found
    assert any("is in the PDF twice" in line for line in found)


@pytest.mark.parametrize("hide,why", [({"/F": NumberObject(2)}, "hidden (its flags say so)"),
                                      ({"/Rect": ArrayObject([FloatObject(5)] * 4)}, "too small to see"),
                                      ({"/Rect": ArrayObject([FloatObject(9000), FloatObject(9000),
                                                              FloatObject(9100), FloatObject(9020)])}, "off the page"),
                                      ({"/OC": DictionaryObject()}, "on a layer a viewer may hide")])
def test_one_hidden_box_is_refused_even_alone(hide, why):
    def change(writer, widgets):
        widgets[PREFIX + "claims.woods.1"].update({NameObject(k): v for k, v in hide.items()})

    assert problems(edit(filled(), change)) == [
        f"mailed.pdf:page 1:claims.woods.1: this box is {why}, so a viewer does not show what it holds: the form "
        f"was changed after sheetgen made it; fill in a fresh sheet"]


def test_a_visible_duplicate_is_refused_too():
    def change(writer, widgets):
        _add_copy(writer, widgets, "name", **{"/V": TextStringObject("Zed")})

    (found,) = problems(edit(filled(), change))
    assert found.startswith("mailed.pdf:page 1:name: this box is in the PDF twice; a viewer shows one")


# ---- the field's value, not a widget's -----------------------------------------------------------

def _split_field(writer, widgets, name, field_value, widget_value=None):
    """Make field `name` a field node with the widget as its kid (as the standard allows)."""
    widget = widgets[PREFIX + name]
    parent = widget["/Parent"].get_object()
    field = DictionaryObject({NameObject("/T"): widget["/T"], NameObject("/FT"): widget["/FT"],
                              NameObject("/Parent"): widget["/Parent"], NameObject("/V"): field_value})
    field_ref = writer._add_object(field)
    widget_ref = next(kid for kid in parent["/Kids"] if kid.get_object() is widget)
    parent["/Kids"][parent["/Kids"].index(widget_ref)] = field_ref
    field[NameObject("/Kids")] = ArrayObject([widget_ref])
    del widget["/T"]
    del widget["/FT"]
    widget[NameObject("/Parent")] = field_ref
    if widget_value is None:
        del widget["/V"]
    else:
        widget[NameObject("/V")] = widget_value


def test_the_value_is_read_from_the_field_its_widget_inherits_it_from():
    data = edit(filled(), lambda w, ws: _split_field(w, ws, "name", TextStringObject("Ann")))
    assert problems(data) == []
    assert entry(data)["name"] == "Ann"


def test_a_stale_widget_value_is_refused():
    data = edit(filled(), lambda w, ws: _split_field(w, ws, "name", TextStringObject("Ann"), TextStringObject("Zed")))
    assert problems(data) == ["mailed.pdf:page 1:name: this box's field holds 'Ann' but its widget 'Zed' (the PDF "
                              "disagrees with itself); fill the box in again in a PDF viewer and save"]


def test_a_value_on_a_group_of_boxes_is_refused():
    def change(writer, widgets):
        widgets[PREFIX + "claims.woods.8"]["/Parent"].get_object()[NameObject("/V")] = TextStringObject("camp")

    found = problems(edit(filled(), change))
    assert "mailed.pdf:page 1:claims.woods.1: a group of boxes above this one holds a value; the form was " \
           "changed after sheetgen made it" in found


# ---- values of the wrong type ----------------------------------------------------------------------

@pytest.mark.parametrize("value,what", [
    (NullObject(), "a PDF null"), (NameObject("/Ann"), "a PDF name (/Ann)"), (NumberObject(7), "a number (7)"),
    (ArrayObject([TextStringObject("Ann")]), "a list"), (DictionaryObject(), "a dictionary"),
    (BooleanObject(True), "a true/false value (True)"),
])
def test_a_value_that_is_not_text_is_refused(value, what):
    def change(writer, widgets):
        widgets[PREFIX + "name"][NameObject("/V")] = value

    found = problems(edit(filled(), change))
    assert found == [f"mailed.pdf:page 1:name: this box holds {what}: expected text; the form was changed after "
                     f"sheetgen made it"]
    assert "NullObject" not in " ".join(found)


def test_an_overlong_value_is_refused_not_cut():
    def change(writer, widgets):
        widgets[PREFIX + "name"][NameObject("/V")] = TextStringObject("A" * 5000)

    assert problems(edit(filled(), change)) == [
        "mailed.pdf:page 1:name: this box holds 5,000 characters; the most a box holds is 1,000"]


# ---- a text value and its appearance, when viewers show the appearance ------------------------------

def test_without_need_appearances_a_value_that_shows_nothing_is_refused():
    def change(writer, widgets):
        widgets[PREFIX + "claims.hills.1"][NameObject("/V")] = TextStringObject("camp")  # old, empty appearance

    assert entry(edit(filled(), change, need_appearances=True))["claims"]["hills"] == ["camp"]  # viewers draw it
    found = problems(edit(filled(), change, need_appearances=False))
    assert found == ["mailed.pdf:page 1:claims.hills.1: this box holds 'camp' but shows nothing (it has no "
                     "appearance of its value); the PDF disagrees with itself: type the box again in a PDF viewer "
                     "and save"]


def test_without_need_appearances_text_shown_without_a_value_is_refused():
    def change(writer, widgets):
        del widgets[PREFIX + "claims.woods.1"]["/V"]  # its appearance still shows 'camp'

    found = problems(edit(filled(), change, need_appearances=False))
    assert found == ["mailed.pdf:page 1:claims.woods.1: this box shows text but holds no value; the PDF disagrees "
                     "with itself: type the box again in a PDF viewer and save"]
    assert problems(edit(filled(), lambda w, ws: None, need_appearances=False)) == []  # sheetgen's own: agree


# ---- a Gold West board record changed to another setup ---------------------------------------------

def test_a_board_record_whose_setup_code_was_changed_is_refused(run, tmp_path):
    gw = sheetgen.game("gold-west")
    code = gw.setup(players=3, seed="friday").code
    other = gw.setup(players=3, seed="other").code
    sheet = gw.sheet("board", SheetOptions(code=code, fillable=True)).pdf
    sheet = fill_pdf(sheet, "gold-west.board", {1: {"p1.name": "Ann"}})  # with its appearance, as a viewer
    assert board_form.printed_code(forms.parse_pdf(sheet, "b.pdf", fillable_sheets()).subject) == {"setup": code}

    def set_code(value):
        def change(writer, widgets):
            (field,) = [w for name, w in widgets.items() if name.endswith(".setup")]
            field[NameObject("/V")] = TextStringObject(value)
        return change

    for value in (other, code.lower()):
        (tmp_path / "board.pdf").write_bytes(edit(sheet, set_code(value)))
        result = run("check", "board.pdf")
        if value == other:
            assert result.code == 1 and result.err.splitlines()[0] == (
                f"board.pdf:page 1:setup: this sheet was printed for {code} (its map is drawn for it), but this "
                f"box was changed to '{other}'; write {code} back, or fill in a sheet printed for the other one")
        else:  # the same code typed in lower case is the same code
            assert "this sheet was printed for" not in result.err


# ---- encryption ---------------------------------------------------------------------------------------

def test_a_password_protected_form_is_refused_saying_so():
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(filled())))
    writer.encrypt(user_password="secret", owner_password="owner", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    assert problems(out.getvalue()) == ["mailed.pdf: the PDF is encrypted (password protected); save an "
                                        "unprotected copy and give that"]


def test_a_form_locked_only_against_changes_opens_as_viewers_open_it():
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(filled())))
    writer.encrypt(user_password="", owner_password="owner", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    assert problems(out.getvalue()) == []


@pytest.mark.skipif(shutil.which("mutool") is None, reason="mutool (mupdf-tools) makes the AES-encrypted form")
def test_an_aes_encrypted_form_without_password_is_read_or_refused_saying_why(tmp_path):
    (tmp_path / "in.pdf").write_bytes(filled())
    subprocess.run(["mutool", "clean", "-E", "aes-256", "-U", "", "-O", "owner", str(tmp_path / "in.pdf"),
                    str(tmp_path / "aes.pdf")], check=True, capture_output=True, timeout=60)
    found = problems((tmp_path / "aes.pdf").read_bytes())
    try:
        import cryptography  # noqa: F401  (pypdf decrypts AES with it)
    except ImportError:
        assert found == ["mailed.pdf: the PDF is encrypted with AES (though it opens without a password); reading "
                         "it needs the 'cryptography' package: pip install cryptography, or save an unencrypted "
                         "copy and give that"]
    else:
        assert found == []
    assert not any("damaged" in line for line in found)


# ---- names and values echoed in messages --------------------------------------------------------------

def test_field_names_are_escaped_for_terminals_and_json(run, tmp_path):
    def change(writer, widgets):
        widgets[PREFIX + "bank.1"][NameObject("/T")] = TextStringObject("1\u0085\u202e\u2028\x1b[31m")

    (tmp_path / "evil.pdf").write_bytes(edit(filled(), change))
    for fmt in ("text", "json"):
        result = run("check", "evil.pdf", "--format", fmt)
        assert result.code == 1
        for raw in ("\u0085", "\u202e", "\u2028", "\x1b"):
            assert raw not in result.out + result.err
        assert "bank.1\\x85\\u202e\\u2028\\x1b[31m" in (result.out + result.err).replace("\\\\", "\\")
    body = json.loads(run("check", "evil.pdf", "--format", "json").out)
    assert body["problems"][0]["field"] == "bank.1\\x85\\u202e\\u2028\\x1b[31m"


def test_a_huge_field_name_is_shown_cut_once(run, tmp_path):
    def change(writer, widgets):
        widgets[PREFIX + "bank.1"][NameObject("/T")] = TextStringObject("x" * 1_000_000)

    (tmp_path / "long.pdf").write_bytes(edit(filled(), change))
    result = run("check", "long.pdf")
    assert result.code == 1 and len(result.out + result.err) < 2000, len(result.out + result.err)
    assert f"bank.{'x' * (forms.MAX_NAME - 5)}..." in result.err


def test_an_unknown_mark_is_quoted_escaped():
    def change(writer, widgets):
        widgets[PREFIX + "claims.hills.1"][NameObject("/V")] = TextStringObject("ca\u202emp")

    found = problems(edit(filled(), change))
    assert found and "\u202e" not in "".join(found)


# ---- bombs: bounded memory and time -------------------------------------------------------------------

def object_stream_pdf(data: bytes, padding: int) -> bytes:
    """`data` rewritten with every non-stream object in an object stream of its own, found through
    an xref stream, as PDF writers compress forms; each object stream is padded with `padding`
    spaces after its object (a bomb when large: spaces compress a thousandfold)."""
    reader = PdfReader(io.BytesIO(data))
    numbers = sorted({n for gen in reader.xref.values() for n in gen} | set(reader.xref_objStm))
    body = io.BytesIO()
    body.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    where: dict = {}
    size = max(numbers) + 1
    root = reader.trailer.raw_get("/Root").idnum
    info = reader.trailer.raw_get("/Info").idnum
    streams = []
    for number in numbers:
        obj = reader.get_object(number)
        if hasattr(obj, "get") and obj.get("/Type") in ("/ObjStm", "/XRef"):
            continue  # the input's own packing (a sheet sheetgen packed already)
        text = io.BytesIO()
        obj.write_to_stream(text)
        if hasattr(obj, "get_data") or number in (root, info):  # catalog and metadata stay plain
            where[number] = ("plain", body.tell())
            body.write(b"%d 0 obj\n" % number + text.getvalue() + b"\nendobj\n")
            continue
        header = b"%d 0 " % number
        content = header + text.getvalue() + b" " * padding
        packed = zlib.compress(content, 9)
        stream_number = size + len(streams)
        streams.append(stream_number)
        where[number] = ("packed", stream_number)
        where[stream_number] = ("plain", body.tell())
        body.write(b"%d 0 obj\n<< /Type /ObjStm /N 1 /First %d /Filter /FlateDecode /Length %d >>\nstream\n"
                   % (stream_number, len(header), len(packed)) + packed + b"\nendstream\nendobj\n")
    xref_number = size + len(streams)
    where[xref_number] = ("plain", body.tell())
    rows = b""
    for number in range(xref_number + 1):
        kind = where.get(number)
        if kind is None:
            rows += b"\x00\x00\x00\x00\x00\x00"
        elif kind[0] == "plain":
            rows += b"\x01" + kind[1].to_bytes(4, "big") + b"\x00"
        else:
            rows += b"\x02" + kind[1].to_bytes(4, "big") + b"\x00"
    packed_rows = zlib.compress(rows)
    start = body.tell()
    body.write(b"%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 1] /Root %d 0 R /Info %d 0 R /Filter /FlateDecode "
               b"/Length %d >>\nstream\n" % (xref_number, xref_number + 1, root, info, len(packed_rows))
               + packed_rows
               + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % start)
    return body.getvalue()


def test_a_form_of_object_streams_reads_as_the_same_form():
    compact = object_stream_pdf(filled(), padding=0)
    assert b"/ObjStm" in compact
    assert problems(compact) == []
    assert scores(compact) == scores(filled())


MEASURE = textwrap.dedent("""\
    import sys, time
    from sheetgen.api import fillable_sheets
    from sheetgen.results import pdf as forms
    from sheetgen.errors import InvalidInput
    data = open(sys.argv[1], "rb").read()
    start = time.perf_counter()
    try:
        forms.parse_pdf(data, "bomb.pdf", fillable_sheets())
        outcome = "read"
    except InvalidInput as refused:
        outcome = str(refused.problems[0])
    print(time.perf_counter() - start)
    # this process's peak resident memory in MB (VmHWM: ru_maxrss would carry the forking parent's over exec)
    print(next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM")) // 1024)
    print(outcome)
""")


@pytest.mark.skipif(sys.platform != "linux", reason="peak memory from /proc/self/status (Linux)")
def test_an_object_stream_bomb_is_refused_in_bounded_memory_and_time(tmp_path):
    bomb = object_stream_pdf(filled(), padding=2_500_000)  # each object inflates to 2.5 MB
    assert len(bomb) < 2_000_000
    (tmp_path / "bomb.pdf").write_bytes(bomb)
    (tmp_path / "measure.py").write_text(MEASURE)
    done = subprocess.run([sys.executable, str(tmp_path / "measure.py"), str(tmp_path / "bomb.pdf")],
                          capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    seconds, megabytes, outcome = done.stdout.strip().splitlines()
    assert outcome == f"bomb.pdf: {forms._INFLATED}"
    # before the limits: this bomb inflates to about 700 MB; a tenth of it (205 kB, 250 kB a
    # stream) took the old reader 14.5 s and 86 MB, all of it about ten times that
    assert int(megabytes) < 150, megabytes
    assert float(seconds) < 5, seconds


def test_the_inflated_total_counts_every_stream_without_keeping_it(monkeypatch):
    monkeypatch.setattr(forms, "MAX_INFLATED", 50_000)
    start = time.perf_counter()
    with pytest.raises(InvalidInput, match="inflate to more than"):
        forms.parse_pdf(object_stream_pdf(filled(), padding=2000), "x.pdf", fillable_sheets())
    assert time.perf_counter() - start < 30


def huge_xref(data: bytes, rows: int) -> bytes:
    """`data` with an appended revision whose cross-reference table lists `rows` objects."""
    prev = int(re.search(rb"startxref\s+([0-9]+)", data[-100:]).group(1))
    root = int(re.search(rb"/Root ([0-9]+) 0 R", data).group(1))
    offset = re.search(rb"\n[0-9]+ 0 obj", data).start() + 1  # any object: the table is refused unread
    table = b"%010d 00000 n\r\n" % offset * rows
    return data + (b"xref\n0 %d\n" % rows + table + b"trailer\n<< /Size %d /Root %d 0 R /Prev %d >>\nstartxref\n"
                   b"%d\n%%%%EOF\n" % (rows, root, prev, len(data)))


@pytest.mark.parametrize("rows,bound", [(450_000, 5.0)])
def test_a_huge_cross_reference_table_is_refused_before_pypdf_reads_it(rows, bound):
    data = huge_xref(filled(), rows)  # 9 MB, under the size limit; pypdf took 12 s to read its table
    start = time.perf_counter()
    (found,) = problems(data)
    assert re.fullmatch(rf"mailed\.pdf: lists {rows // 1000},[0-9]{{3}} objects; the limit is "
                        rf"{forms.MAX_OBJECTS:,} \(a filled board has about 2,000\)", found), found
    assert time.perf_counter() - start < bound


@pytest.mark.parametrize("layer", ["flate", "ascii85", "hex"])
def test_a_bomb_behind_any_layer_a_pdf_writer_uses_is_refused(layer):
    import base64
    import binascii

    packed = zlib.compress(b" " * 100_000_000, 9)  # 100 MB of spaces in about 100 kB
    body, name = {"flate": (packed, b"/FlateDecode"),
                  "ascii85": (base64.a85encode(packed) + b"~>", b"[/ASCII85Decode /FlateDecode]"),
                  "hex": (binascii.hexlify(packed) + b">", b"[/ASCIIHexDecode /FlateDecode]")}[layer]
    data = filled()
    at = data.index(b"\n") + 1  # an object nobody refers to: counted all the same
    bomb = data[:at] + b"99999 0 obj\n<< /Filter %s /Length %d >>\nstream\n%s\nendstream\nendobj\n" % (
        name, len(body), body) + data[at:]
    start = time.perf_counter()
    assert problems(bomb) == [f"mailed.pdf: {forms._INFLATED}"]
    assert time.perf_counter() - start < 5


def test_stream_keywords_everywhere_take_bounded_time():
    spam = filled()[:-6] + b"stream\nx\x9c" * 90_000 + b"\n%%EOF\n"  # a zlib header after each
    start = time.perf_counter()
    problems(spam)
    assert time.perf_counter() - start < 20  # about 2 s under load; quadratic would be hours
