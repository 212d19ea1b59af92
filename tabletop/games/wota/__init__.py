"""War of the Arcane: a 5×5 battlefield, face-down cards, 3 action points, the Mystic Stone."""

from .rules import Wota

GAME = Wota()
