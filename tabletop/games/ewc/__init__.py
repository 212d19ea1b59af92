"""EWC: Heroes, Training Points from turning cards 90°, and a d6 battle die on every attack."""

from . import evaluate
from .rules import Ewc

GAME = Ewc(evaluator=evaluate.evaluate)
