"""The program PyInstaller freezes: the same entry point as the ``tabletop`` command."""

import multiprocessing
import sys

from tabletop.cli import main

if __name__ == "__main__":
    # The computer player thinks in worker processes, which a frozen program starts by
    # running itself again: this hands such a run to the worker instead of the game.
    multiprocessing.freeze_support()
    sys.exit(main())
