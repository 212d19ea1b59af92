"""Tabletop: indie trading-card games on your desktop, with the rules enforced."""

import os

# pygame greets on stdout when imported; our stdout carries JSON and reports.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The window's class, which desktops match to the desktop entry (StartupWMClass=tabletop)
# to give the window its icon and name, however the program was started (pygame would
# name it after the script: "__main__.py").
os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "tabletop")
os.environ.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", "tabletop")

__version__ = "0.1.0"  # the one place it is written (pyproject reads it)
