"""The QR encoder a board's page code is printed with (sheetgen/scan/qr.py).

tools/check_board_qr.py decodes every page of the 400-board bulk prints; here a handful.
"""

from __future__ import annotations

import importlib.util

import pytest

from conftest import ROOT
from sheetgen.scan import marks, qr


def _reportlab(text: str, mask: int) -> list:
    """reportlab's encoder (written independently of ours) at a given mask, as rows of "0"/"1"."""
    from reportlab.graphics.barcode import qrencoder

    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.version = code.calculate_version()
    code.makeImpl(False, mask)
    n = code.getModuleCount()
    return ["".join("0" if code.isDark(r, c) else "1" for c in range(n)) for r in range(n)]


PAGE = "SHEETGEN:1:ROLLED-WEST:BOARD:LETTER:C:LA8928717:D115C6AA5:P"


@pytest.mark.parametrize("text", ["A", "HELLO WORLD", "Q" * 20, "Q" * 21, PAGE + "1", PAGE + "99", PAGE + "100",
                                  PAGE.replace("LETTER", "A4") + "400", "AB-$%*+./: " * 8, "Z" * 122, "Z" * 154])
def test_codes_match_another_encoders_at_the_same_mask(text):
    assert qr.matrix(text) == _reportlab(text, qr.MASK)


def test_the_smallest_version_that_holds_the_text():
    assert [len(qr.matrix("Q" * n)) for n in (20, 21, 38, 39, 61, 62, 90, 91, 122, 123, 154)] == [
        21, 25, 25, 29, 29, 33, 33, 37, 37, 41, 41]
    assert len(qr.matrix(PAGE + "99")) == 29 and len(qr.matrix(PAGE + "100")) == 33  # 61 and 62 characters


@pytest.mark.parametrize("text", ["Q" * 155, "lower case", "SHEETGEN;1", "\u00c9"])
def test_text_a_code_cannot_hold_is_refused(text):
    with pytest.raises(qr.QRError):
        qr.matrix(text)


def test_format_information_is_level_m_and_the_mask():
    # the table value of ISO/IEC 18004 for level M, mask 1
    assert qr.MASK == 1 and qr._format_bits() == 0b101000100100101


def _tool():
    spec = importlib.util.spec_from_file_location("check_board_qr", ROOT / "tools" / "check_board_qr.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("paper, ink, fillable", [("letter", "color", True), ("a4", "low", False)])
def test_printed_page_codes_decode_with_opencv(paper, ink, fillable):
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from sheetgen.scan import read

    pages, failures = _tool().check(paper, ink, fillable, 1, read.PPM)
    assert pages == 4 and failures == []


@pytest.mark.parametrize("text", [PAGE + "100", PAGE + "400", "Z" * 154])
def test_larger_versions_decode_with_opencv(text):
    cv2 = pytest.importorskip("cv2")
    np = pytest.importorskip("numpy")
    rows = qr.matrix(text)
    image = np.full((len(rows) + 8, len(rows) + 8), 255, np.uint8)
    image[4:-4, 4:-4] = [[0 if cell == "0" else 255 for cell in row] for row in rows]
    big = cv2.resize(image, None, fx=4, fy=4, interpolation=cv2.INTER_NEAREST)
    assert cv2.QRCodeDetector().detectAndDecode(big)[0] == text
    assert marks.qr_matrix(text) == rows
