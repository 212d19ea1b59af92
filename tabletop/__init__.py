"""Tabletop: indie trading-card games on your desktop, with the rules enforced."""

import os
import sys
from importlib.abc import MetaPathFinder


class _NoPkgResourcesForPygame(MetaPathFinder):
    """pygame 2.6 imports ``pkg_resources`` (in ``pygame.pkgdata``, for a fallback we never
    use: it finds pygame's own files beside it anyway). Where setuptools is installed (every
    Python 3.11 virtual environment carries it) that import alone costs a quarter of a second
    of every start. This finder declines ``pkg_resources`` to ``pygame.pkgdata`` alone, while
    that module is being imported; pygame then uses its own plain fallback. Anything else
    importing ``pkg_resources`` gets it as usual."""

    def find_spec(self, name, path=None, target=None):
        if name == "pkg_resources":
            pkgdata = sys.modules.get("pygame.pkgdata")
            if getattr(getattr(pkgdata, "__spec__", None), "_initializing", False):
                raise ImportError("not for pygame.pkgdata (see tabletop/__init__.py)")
        return None


sys.meta_path.insert(0, _NoPkgResourcesForPygame())

# pygame greets on stdout when imported; our stdout carries JSON and reports.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's class, which desktops match to the desktop entry (StartupWMClass=tabletop)
# to give the window its icon and name, however the program was started (pygame would
# name it after the script: "__main__.py").
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "tabletop")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "tabletop")

__version__ = "0.1.0"  # the one place it is written (pyproject reads it)
