"""sheetgen scan: read phone photos of marked boards."""

from __future__ import annotations

import sys

import click

from sheetgen.scan import command as scan_command


@click.command()
@click.argument("photos", nargs=-1, required=True, metavar="PHOTO...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"], case_sensitive=False), default="text",
              show_default=True, help="Lines for people, or JSON for programs.")
def scan(photos: tuple[str, ...], fmt: str) -> None:
    """Read phone photos of marked Rolled West boards: each box in the fillable form's words, sure or not.

    \b
    Examples:
      sheetgen scan ann.jpg ben.jpg
      sheetgen scan board.png --format json

    Needs the scan extra: pip install 'sheetgen[scan]'. Exit 0 when every photo was
    read (a box not sure says so), 1 when a photo cannot be read.
    """
    sys.exit(scan_command.print_readings(photos, fmt.lower()))  # OpenCV and NumPy load only as a photo is read
