"""`python -m sheetgen` and the `sheetgen` command, with Ctrl-C handled from the first moment.

This module imports nothing but sys and gc (both built in), and imports the CLI
inside main(): a Ctrl-C that lands while click, PyYAML or sheetgen itself are
still loading gives the same "Interrupted." and exit code 130 as one that lands
later, never a traceback.

Loading the CLI makes tens of thousands of objects (modules, functions,
classes) that live as long as the process, and none of them garbage: the cyclic
garbage collector is paused while it loads, then told to leave what was loaded
alone (`gc.freeze`). This saves a command that draws nothing about a twentieth
of its start-up, and the young collections never walk the loaded code. (Reading
a results file moves everything the collector tracks, the loaded code included,
to its oldest generation, which only the rare full collections walk: see
sheetgen.collector; and when the command ends, everything is frozen again, so
that the collection Python makes at exit walks none of it.)
"""

import gc
import sys


def main() -> None:
    """Run the sheetgen command line (it always ends with sys.exit)."""
    try:
        gc.disable()
        try:
            from sheetgen.cli import main as run
            from sheetgen import collector

            collector.command_line = True  # what is frozen below is this command's own code
        finally:
            gc.freeze()
            gc.enable()
        run()
    except KeyboardInterrupt:
        _ignore_late_interrupts()  # first, so a second Ctrl-C cannot break the goodbye
        _tell("Interrupted.")
        sys.exit(130)
    finally:
        _ignore_late_interrupts()
        # The run is over and the process ends: Python's last collection at exit would walk
        # every object the collector still tracks (all the loaded code, once reading a file
        # has moved it out of the frozen generation: see sheetgen.collector), a tenth of a
        # short command's time, to free nothing that exiting does not free anyway.
        gc.freeze()


def _tell(message: str) -> None:
    try:
        sys.stderr.write(message + "\n")
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):  # stderr closed or gone: the exit code still tells
        pass


def _ignore_late_interrupts() -> None:
    """The run is over: keep a late Ctrl-C from replacing its exit code with a signal."""
    # `_signal`, the C module under `signal`, is loaded with every CPython; `signal`
    # itself would cost each run most of a millisecond to build its enum classes
    signal = sys.modules.get("_signal") or _signal_module()

    # Python restores the default SIGINT action while it shuts down, so a Ctrl-C
    # then would kill the process silently, whatever the result. Nothing is left to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # CPython (3.8 to 3.13 at least) remembers a KeyboardInterrupt that passed through
    # exec() of a string -- dataclasses and namedtuple make methods that way -- even
    # after we caught it, and then ends `python -m sheetgen` by SIGINT instead of with
    # our exit code. exec() of an empty string clears that memory.
    exec("")


def _signal_module():  # pragma: no cover - a Python without _signal loaded
    import signal

    return signal


if __name__ == "__main__":
    main()
