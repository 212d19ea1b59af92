"""C.O.E: a party of one to four champions, three resource types paid by resting valued
cards, a shared Scenario Zone whose cards unlock skill levels, boosting in battle, and
Counters, Conjures and Contravenes answering in the rulebook's speed order."""

from . import evaluate
from .rules import Coe

GAME = Coe(evaluator=evaluate.evaluate)
