"""EoC, the Vanquisher game: essences attached to what they pay for, three creatures, group
attacks with a counter-attack, traps in two windows, and a two-stage Vanquisher."""

from . import evaluate
from .rules import Eoc

GAME = Eoc(evaluator=evaluate.evaluate)
