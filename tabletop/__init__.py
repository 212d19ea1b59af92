"""Tabletop: indie trading-card games on your desktop, with the rules enforced."""

__version__ = "0.1.0"
