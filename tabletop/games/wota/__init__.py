"""War of the Arcane: a 5×5 battlefield, face-down cards, 3 action points, the Mystic Stone."""

from . import evaluate
from .rules import Wota

GAME = Wota(evaluator=evaluate.evaluate)
