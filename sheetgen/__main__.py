"""`python -m sheetgen` and the `sheetgen` command, with Ctrl-C handled from the first moment.

This module imports nothing but sys, and imports the CLI inside main(): a Ctrl-C
that lands while click, PyYAML or sheetgen itself are still loading gives the same
"Interrupted." and exit code 130 as one that lands later, never a traceback.
"""

import sys


def main() -> None:
    """Run the sheetgen command line (it always ends with sys.exit)."""
    try:
        from sheetgen.cli import main as run

        run()
    except KeyboardInterrupt:
        _interrupted()


def _interrupted() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not interrupt the goodbye
    try:
        sys.stderr.write("Interrupted.\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # stderr closed or gone: the exit code still tells
        pass
    sys.exit(130)


if __name__ == "__main__":
    main()
