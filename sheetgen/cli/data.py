"""sheetgen data: check the rule data, or find it to make a house-rule copy."""

from __future__ import annotations

from typing import Optional

import click

from sheetgen import ruledata
from sheetgen.cli.common import SummaryGroup, _data, _help_without_a_command, _say
from sheetgen.errors import InvalidInput
from sheetgen.games import all_games


@click.group(cls=SummaryGroup)
@click.pass_context
def data(ctx: click.Context) -> None:
    """Check the rule data, or find it to make a house-rule copy."""
    _help_without_a_command(ctx)


@data.command("check")
@click.argument("folder", required=False, type=click.Path(exists=True, file_okay=False))
@click.pass_context
def data_check(ctx: click.Context, folder: Optional[str]) -> None:
    """Validate every rule-data file in FOLDER (default: --data, else the bundled data).

    Each file is checked against its schema and cross-checks, then drawn into
    every sheet part and setup card: a number wider than its box or data that
    makes a setup impossible is a problem too. Problems are listed as
    FILE:LINE:COLUMN: message (or FILE: part: what does not fit); exit 1 if
    there are any.
    """
    from sheetgen import datafit  # draws: only `data check` loads the drawing code

    good, problems = ruledata.check_folder(folder or _data(ctx) or ruledata.default_dir(),
                                           all_games(), fit=datafit.check)
    for name in good:
        _say(f"ok  {name}")
    if problems:
        raise InvalidInput(problems)


@data.command("path")
def data_path() -> None:
    """Print the folder of the bundled rule data (copy it to make house rules)."""
    _say(str(ruledata.default_dir()))
