"""`python -m sheetgen` and the `sheetgen` command, with Ctrl-C handled as early as plain Python can.

The command line is imported inside main(), not at the top: a Ctrl-C that lands
while click or a command's modules are still loading gives the same
"Interrupted." and exit code 130 as one that lands later, never a traceback.
One window is left: Python imports the package (`import sheetgen`, the core
API) before this module, so a Ctrl-C in those first tens of milliseconds ends
the way Python ends any program, with its traceback and the SIGINT exit status.
Closing it would take an entry point outside the package.
"""

import signal
import sys


def main() -> None:
    """Run the sheetgen command line (it always ends with sys.exit)."""
    try:
        from sheetgen.cli import main as run

        run()
    except KeyboardInterrupt:
        _ignore_late_interrupts()  # first, so a second Ctrl-C cannot break the goodbye
        _tell("Interrupted.")
        sys.exit(130)
    finally:
        _ignore_late_interrupts()


def _tell(message: str) -> None:
    try:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # stderr closed or gone: the exit code still tells
        pass


def _ignore_late_interrupts() -> None:
    """The run is over: keep a late Ctrl-C from replacing its exit code with a signal."""
    # Python restores the default SIGINT action while it shuts down, so a Ctrl-C
    # then would kill the process silently, whatever the result. Nothing is left to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # CPython (3.8 to 3.13 at least) remembers a KeyboardInterrupt that passed through
    # exec() of a string -- dataclasses and namedtuple make their methods that way -- even
    # after it was caught, and then ends `python -m sheetgen` by SIGINT instead of with
    # our exit code. Running exec() of an empty string is what clears that memory.
    exec("")


if __name__ == "__main__":
    main()
