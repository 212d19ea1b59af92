"""Tabletop: indie trading-card games on your desktop, with the rules enforced."""

import os

# pygame greets on stdout when imported; our stdout carries JSON and reports.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
