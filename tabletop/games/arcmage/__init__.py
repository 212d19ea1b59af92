"""ARC-mage (arcmage.org): cities and an army, faction resources paid by marking, devotion,
an event stack. The rules are in ``rules``, the card model in ``cards``, the reader of the
arcmage.org database in ``database``."""

from . import evaluate, manual
from .rules import ArcMage, ArcMageTeams
from .rules.teams import AMINDUNA, GIANT

GAME = ArcMage(evaluator=evaluate.evaluate, moves={manual.KIND: manual.MOVE})
# The Team Play Formats, offered on ARC-mage's mode screen.
VARIANTS = tuple(
    ArcMageTeams(GAME, fmt, evaluator=evaluate.evaluate, moves={manual.KIND: manual.MOVE})
    for fmt in (GIANT, AMINDUNA)
)
