"""The Easy computer opponent: the greedy player, with a beginner's eyes.

A beginner overlooks options (it weighs about half of the moves open to it, though it always
sees that it can end or pass), misjudges the ones it sees (its scores carry noise, about half
the spread between its options), and does not think ahead inside an answer window
or average over dice. It still never makes an illegal move, and a win in one move it sees
is taken.
"""

from __future__ import annotations

import random
import statistics

from ..engine import END, PASS, Action, GameState, legal_actions, to_act
from .greedy import Bot, score

WIN = 1e5  # scores beyond this are won or lost games, not positions


def easy_bot(seed: int = 0, attention: float = 0.5, noise: float = 0.5) -> Bot:
    rng = random.Random(seed)

    def decide(view: GameState) -> Action:
        actions = legal_actions(view)
        if len(actions) == 1:
            return actions[0]
        seat = to_act(view)
        assert seat is not None
        seen = [a for a in actions if a.kind in (END, PASS) or rng.random() < attention]
        if not seen:
            seen = [rng.choice(actions)]
        values = [score(view, a, seat, samples=1, depth=0) for a in seen]
        plain = [v for v in values if abs(v) < WIN]
        spread = statistics.pstdev(plain) if len(plain) > 1 else 0.0
        noisy = [v if abs(v) >= WIN else v + rng.gauss(0.0, noise * spread) for v in values]
        return seen[max(range(len(seen)), key=noisy.__getitem__)]

    return decide
