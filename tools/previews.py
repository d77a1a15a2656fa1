"""Make the README's pictures: a small PNG of every sheet part and setup card, from the real PDFs.

Run from the repository: python3 tools/previews.py [--width 400] [--out docs/images]

Each sheet part that `sheetgen games` lists is drawn by the library exactly as
`sheetgen sheet GAME PART` draws it (Letter, colour, default players, names
left blank), and each game's setup card from a fixed seed; poppler's
`pdftoppm` renders the page at --width pixels wide, and Pillow, when it is
installed, reduces it to a 64-colour palette (a third to a tenth of the
bytes). Card sheets get two pictures: the fronts and the backs.

The PNGs are written to docs/images/ and committed to the repository, so the
README (and a repository browser) can show them without running anything.
They are not made by the tests: after changing how a sheet looks, run this
script again and commit the images it changes. tests/test_previews.py checks
that every sheet part has its picture and that the README shows each one.

Needs pdftoppm (Debian and Ubuntu: poppler-utils). Output is reproducible:
the same sheets give the same bytes, so an unchanged sheet leaves its picture
unchanged in git.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sheetgen  # noqa: E402
from sheetgen.api import SheetOptions  # noqa: E402

SETUP_SEED = "preview"  # any fixed seed: the setup card shown is reproducible
COLOURS = 64  # palette size: enough for the sheets' flat colours and their anti-aliased edges


def planned(game: sheetgen.Game) -> list[tuple[str, str, int]]:
    """(file stem, what to draw, page) of every picture of `game`: each sheet part (card sheets:
    fronts and backs), then the setup card ("setup"). tests/test_previews.py checks against it."""
    made = []
    spec = game.spec
    for part in spec.sheets:
        made.append((f"{game.key}-{part.name}", part.name, 1))
        if part.has_backs:
            made.append((f"{game.key}-{part.name}-back", part.name, 2))
    if spec.setup:
        made.append((f"{game.key}-setup", "setup", 1))
    return made


def draw(game: sheetgen.Game, what: str) -> bytes:
    """The PDF a picture is taken from: as `sheetgen sheet GAME WHAT` draws it (card sheets with
    their backs), or the setup card of SETUP_SEED."""
    if what == "setup":
        return game.setup_card(game.setup(seed=SETUP_SEED))
    part = next(p for p in game.spec.sheets if p.name == what)
    return game.sheet(what, SheetOptions(backs=True)).pdf if part.has_backs else game.sheet(what).pdf


def render(pdf: bytes, page: int, width: int, target: Path, work: Path) -> None:
    """Page `page` of `pdf` as a PNG `width` pixels wide at `target`."""
    source, prefix = work / "page.pdf", work / "page"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-f", str(page), "-l", str(page), "-scale-to-x", str(width),
                    "-scale-to-y", "-1", "-singlefile", str(source), str(prefix)], check=True)
    made = prefix.with_suffix(".png")
    try:
        from PIL import Image
    except ImportError:  # Pillow is optional: the full-colour PNG is bigger but the same picture
        shutil.move(str(made), target)
        return
    with Image.open(made) as image:
        small = image.convert("RGB").quantize(colors=COLOURS, method=Image.Quantize.MEDIANCUT,
                                              dither=Image.Dither.NONE)
        small.save(target, optimize=True)
    made.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=400, help="picture width in pixels (default 400)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images", help="folder for the PNGs")
    args = parser.parse_args()
    if shutil.which("pdftoppm") is None:
        sys.exit("pdftoppm not found: install poppler-utils")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for key in sheetgen.game_keys():
            game = sheetgen.game(key)
            drawn: dict = {}
            for stem, what, page in planned(game):
                if what not in drawn:
                    drawn[what] = draw(game, what)
                target = args.out / f"{stem}.png"
                render(drawn[what], page, args.width, target, Path(tmp))
                print(f"{target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}: "
                      f"{target.stat().st_size / 1024:.0f} KB")


if __name__ == "__main__":
    main()
