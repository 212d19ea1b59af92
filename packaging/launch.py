"""The program PyInstaller freezes: the same entry point as the ``tabletop`` command."""

import sys

from tabletop.cli import main

if __name__ == "__main__":
    sys.exit(main())
