"""What every game's self-play tests check, written once: a seeded random game played to
its end, every generated action verified, no card lost or duplicated, the game's own
invariants kept, and every few turns no view showing what its seat may not see."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from tabletop.engine import (
    Action,
    DeckList,
    Game,
    GameState,
    Match,
    legal_actions,
    pick_decks,
    to_act,
    view,
)
from tabletop.engine.invariants import card_problems, view_leaks, zone_problems


def play_random_game(
    game: Game,
    seed: int,
    seats: int = 2,
    leak_every: int = 5,
    decks: Sequence[DeckList] | None = None,
) -> GameState:
    """Play one seeded random game (the game's ready-made decks drawn by seed, or ``decks``)
    to its end (or the game's turn cap) and return it; any problem on the way fails the
    test, naming the seed and the last actions."""
    match = Match(game, decks or pick_decks(game, seats, seed), seed)
    state = match.state
    rng = random.Random(seed)
    assert zone_problems(state) == []
    while not state.over and state.turn <= game.turn_cap():
        if state.turn % leak_every == 0:
            seat = to_act(state)
            assert view_leaks(state, view(state, seat), seat) == []
        match.apply(rng.choice(legal_actions(state, verify=True)))
        problems = zone_problems(state) + card_problems(state) + game.invariants(state)
        assert not problems, f"seed {seed}: {problems}\n{match.record.actions[-5:]}"
    return state


def weighted(weights: Mapping[str, float]) -> Callable[[GameState, random.Random], Action]:
    """A random player that picks a kind of action first, by ``weights`` (1 for a kind not
    named), then one action of that kind; every action generated is verified. Weights that
    favour playing cards and attacking make games end sooner than a uniform pick."""

    def pick(state: GameState, rng: random.Random) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for action in legal_actions(state, verify=True):
            by_kind.setdefault(action.kind, []).append(action)
        kinds = sorted(by_kind)
        kind = rng.choices(kinds, [weights.get(k, 1) for k in kinds])[0]
        return rng.choice(by_kind[kind])

    return pick
