"""Computer opponents. A bot is a plain function of a view: ``bot(view) -> Action``.

Bots see only what their seat may see: the caller hands them ``view(state, seat)``, never
the state itself, and they decide through the engine's ``legal_actions`` and ``apply`` on
copies of that view. Being plain functions, they can run on any thread.

* ``random`` picks uniformly among the legal actions (with its own seeded generator).
* ``greedy`` tries every legal action on a copy of its view, lets any response windows
  that opens close (everyone passes), scores the result with the game's ``evaluate`` and
  picks the best; when the outcome depends on dice, it averages a few samples.

Where a game lets a player act at any time, a bot that is not to act is asked after every
action of the others whether it would answer now (:func:`wants_to_respond`): it imagines
answering, on a copy of its view, and answers if it would then do more than pass.
"""

from __future__ import annotations

from collections.abc import Callable

from .easy import easy_bot
from .greedy import (
    Bot,
    Judge,
    greedy_bot,
    greedy_scores,
    random_bot,
    responder,
    score,
    wants_to_respond,
)
from .search import Ismcts, SearchBot

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "Judge",
    "greedy_bot",
    "greedy_scores",
    "make",
    "random_bot",
    "responder",
    "score",
    "wants_to_respond",
]

# Every computer player, by name. The three levels a player chooses among are ``easy``,
# ``normal`` and ``hard`` (LEVELS); ``random`` plays for the tests and the fuzzer,
# ``greedy`` is Normal's older name, kept so that saved games naming it still load, and
# ``ismcts`` is the tree search Hard was measured against (``tabletop arena``).
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": random_bot,
    "greedy": greedy_bot,
    "easy": easy_bot,
    "normal": greedy_bot,
    "hard": SearchBot,
    "ismcts": Ismcts,
}
LEVELS = {"easy": "Easy", "normal": "Normal", "hard": "Hard"}


def make(name: str, seed: int = 0) -> Bot:
    try:
        return BOTS[name](seed)
    except KeyError:
        raise KeyError(f"no bot {name!r} (bots: {', '.join(BOTS)})") from None
