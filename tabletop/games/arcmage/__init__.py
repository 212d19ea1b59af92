"""ARC-mage (arcmage.org): cities and an army, faction resources paid by marking, devotion,
an event stack. The rules are in ``rules``, the card model in ``cards``, the reader of the
arcmage.org database in ``database``."""

from . import evaluate, manual
from .rules import ArcMage

GAME = ArcMage(evaluator=evaluate.evaluate, moves={manual.KIND: manual.MOVE})
