"""Whole EoC games: 500 seeded random games played to their end, every generated action
verified, and after every action no card lost or duplicated, every attached essence on a
card in play or in the pool, at most 3 creatures and 3 spells a side, no cost underpaid; a
record replays to the identical state.

The random player picks a kind of action first, then one action of that kind, with weights
that favour playing cards and attacking over shuffling essences about, and end a phase
readily: a uniform pick spends most of a game moving essences to and fro and takes about
three times as long. Most games still run to a deck-out near turn 100 (a Vanquisher heals
in every Clean-up), some to a Vanquisher defeated in both stages."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import GameRecord, GameState, Match, pick_decks
from tabletop.engine.invariants import card_problems, zone_problems
from tabletop.games import get
from tabletop.games.eoc import rules

from ..selfplay_checks import weighted

GAME = get("eoc")
GAMES = 500
CHUNK = 100
WEIGHTS = {
    "attack": 4,
    "summon": 4,
    "create": 4,
    "cast": 2,
    "use": 2,
    "trap": 2,
    "counter": 1,
    "redraw": 1,
    "pass": 4,
    "attach": 0.5,
    "end": 8,
}


pick = weighted(WEIGHTS)


def eoc_problems(state: GameState, ids: frozenset[int]) -> list[str]:
    """What must hold after every action, besides the game's own invariants (which see to
    the rest: no essence attached outside the field, none in the pool attached)."""
    out = []
    cards = state.cards
    if len(cards) != len(ids) or cards.keys() != ids:
        out.append(f"cards lost {sorted(ids - set(cards))} or made {sorted(set(cards) - ids)}")
    for seat in range(state.seats):
        for zone in (rules.CREATURES, rules.SPELLS):
            on_field = state.zones[(seat, zone)]
            for cid in on_field:
                inst = cards[cid]
                if inst.card.type != "essence":
                    if not rules.paid(state, cid):
                        out.append(f"{inst.card.name}'s cost is underpaid")
                    continue
                host = cards.get(inst.attached_to)
                if host is None or host.zone != inst.zone or host.card.type == "essence":
                    out.append(
                        f"{inst.card.name} is attached to {host} (not a card of its own in play)"
                    )
        if len(rules.creatures(state, seat)) > rules.MAX_CREATURES:
            out.append(f"seat {seat + 1} has more than 3 creatures")
        if len(rules.spells_in_play(state, seat)) > rules.MAX_SPELLS:
            out.append(f"seat {seat + 1} has more than 3 spells")
        # The quick question that decides whether an Attack Phase passes by itself.
        offered = next(iter(rules._gen_attack(state, seat)), None) is not None
        if rules.may_attack(state, seat) != offered:
            out.append(
                f"may_attack says {not offered} for seat {seat + 1}, but the attacks "
                f"offered are {'some' if offered else 'none'}"
            )
    return out


def play(seed: int) -> Match:
    match = Match(GAME, pick_decks(GAME, 2, seed), seed)
    state = match.state
    rng = random.Random(seed)
    ids = frozenset(state.cards)
    while not state.over and state.turn <= GAME.turn_cap():
        match.apply(pick(state, rng))
        problems = (
            zone_problems(state)
            + card_problems(state)
            + GAME.invariants(state)
            + eoc_problems(state, ids)
        )
        assert not problems, f"seed {seed}: {problems}\n{match.record.actions[-5:]}"
    return match


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_500_seeded_random_games_keep_every_card_and_every_cost_paid(first):
    for seed in range(first, first + CHUNK):
        state = play(seed).state
        assert state.over, f"seed {seed} reached the turn cap"


def test_the_checks_see_a_lost_card_and_an_underpaid_creature():
    state = Match(GAME, pick_decks(GAME, 2, 1), 1).state
    ids = frozenset(state.cards)
    hand = state.zones[(0, rules.HAND)]
    creature = next(
        c for c in state.zones[(0, rules.DECK)] if state.cards[c].card.type == "creature"
    )
    state.move(creature, (0, rules.CREATURES))
    rules.changed(state)
    assert eoc_problems(state, ids) == [f"{state.cards[creature].card.name}'s cost is underpaid"]
    state.move(creature, (0, rules.DECK))
    rules.changed(state)
    lost = hand[0]
    del state.cards[lost]
    hand.remove(lost)
    assert eoc_problems(state, ids) == [f"cards lost [{lost}] or made []"]


def test_a_replayed_record_reaches_the_identical_final_state():
    for seed in range(3):
        match = play(1000 + seed)
        text = match.record.model_dump_json()
        replayed = GameRecord.model_validate_json(text).replay(GAME)
        assert replayed.snapshot() == match.state.snapshot()
        assert replayed.winners == match.state.winners


def test_the_invariants_check_the_triggers_heard_against_the_field_and_nothing_else():
    """``Eoc.invariants`` compares the triggered abilities heard (``listeners``' cache) with
    those of the creatures on the field: a listener cache behind by its count is worked out
    again first, as ``listeners`` would (no false alarm); one left stale although its count
    says current (a creature with a trigger announced as one without) is found."""
    from .helpers import creature, start

    state = start()
    moth = creature(state, 1, "Rotwing Moth")  # When this creature is destroyed: ...
    assert state.data.listen[0] != state.data.heard, "behind: worked out when next asked"
    assert GAME.invariants(state) == []
    assert [x.card for x in GAME.listeners(state, "destroyed")] == [moth]
    before = state.data.listen
    state.data.listen = (state.data.heard, {})  # as if the Moth had not been heard coming
    assert "the field changed without being marked changed" in GAME.invariants(state)
    state.data.listen = before
    assert GAME.invariants(state) == []
