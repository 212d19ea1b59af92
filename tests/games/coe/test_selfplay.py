"""Whole C.O.E games: 500 seeded random games played to their end, every generated action
verified, and after every action no card lost or duplicated, at most 6 scenarios in the
shared zone, at most 6 characters in the positions, every resource of one type; before every
payment, the resources named are unrested, of a type that pays, and worth the cost (overpay
is lost, underpay never happens); a record replays to the identical state.

The random player picks a kind of action first, then one action of that kind, with weights
that favour playing cards and attacking, and end a phase readily."""

from __future__ import annotations

import random

import pytest

from tabletop.engine import Action, GameRecord, GameState, Match, pick_decks
from tabletop.engine.invariants import card_problems, zone_problems
from tabletop.games import get
from tabletop.games.coe import rules

from ..selfplay_checks import weighted

GAME = get("coe")
GAMES = 500
CHUNK = 100
CAPPED = 0.02  # the share of games that may reach the turn cap (a draw)
WEIGHTS = {
    "attack": 5,
    "play": 4,
    "build": 4,
    "scenario": 4,
    "tactic": 3,
    "skill": 2,
    "reveal": 2,
    "defend": 2,
    "counter": 2,
    "pass": 4,
    "end": 6,
}


pick = weighted(WEIGHTS)


def payment_problems(state: GameState, action: Action) -> list[str]:
    """What is wrong with the resources an action rests (before it is applied), counted
    here from the cards, not by the rules' own payment code."""
    if action.kind not in ("play", "skill") or len(action.cards) < 2:
        return []
    card = state.cards[action.cards[0]].card
    if action.kind == "play":
        if card.promote is not None and state.cards[action.cards[1]].card.character:
            return []  # promoted: an acolyte archived instead of resources
        kind, cost, named = card.resource, card.cost, False
    else:
        pay = card.skills[int(action.words[0]) - 1].pay
        kind, cost, named = pay.resource, pay.amount, True
    out = []
    total = 0
    for r in action.cards[1:]:
        inst = state.cards[r]
        built = rules.resource_kind(state, r)
        if inst.zone != (action.seat, rules.RESOURCES) or inst.turned:
            out.append(f"{inst.card.name} is not an unrested resource of the payer's")
        if built != kind and (named or built != "enchanted"):
            out.append(f"{inst.card.name} ({built}) cannot pay {kind}")
        total += inst.card.value
    if total < cost:
        out.append(f"{card.name} costs {cost} and was paid {total}")
    return out


def play(seed: int) -> Match:
    match = Match(GAME, pick_decks(GAME, 2, seed), seed)
    state = match.state
    rng = random.Random(seed)
    ids = frozenset(state.cards)
    while not state.over and state.turn <= GAME.turn_cap():
        action = pick(state, rng)
        problems = payment_problems(state, action)
        assert not problems, f"seed {seed}: {action.exact()}: {problems}"
        match.apply(action)
        problems = zone_problems(state) + card_problems(state) + GAME.invariants(state)
        if state.cards.keys() != ids:
            problems.append(
                f"cards lost {sorted(ids - set(state.cards))} or made "
                f"{sorted(set(state.cards) - ids)}"
            )
        assert not problems, f"seed {seed}: {problems}\n{match.record.actions[-5:]}"
    return match


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_500_seeded_random_games_keep_every_card_and_never_overspend(first):
    capped = 0
    for seed in range(first, first + CHUNK):
        state = play(seed).state
        capped += not state.over
    assert capped <= CAPPED * CHUNK, f"{capped} of {CHUNK} games reached the turn cap"


def test_the_checks_see_an_underpaid_card_and_a_rested_resource():
    state = Match(GAME, pick_decks(GAME, 2, 1), 1).state
    seat = state.active
    dart = state.create(GAME.card_set().cards["Unweave"], seat, (seat, rules.HAND)).id  # 3 Mana
    payer = next(c for c in state.zones[(seat, rules.DECK)] if state.cards[c].card.value == 1)
    state.move(payer, (seat, rules.RESOURCES))
    state.cards[payer].counters["mana"] = 1
    state.cards[payer].turned = True
    action = Action("play", seat, (dart, payer))
    assert payment_problems(state, action) == [
        f"{state.cards[payer].card.name} is not an unrested resource of the payer's",
        "Unweave costs 3 and was paid 1",
    ]


def test_a_replayed_record_reaches_the_identical_final_state():
    for seed in range(3):
        match = play(1000 + seed)
        text = match.record.model_dump_json()
        replayed = GameRecord.model_validate_json(text).replay(GAME)
        assert replayed.snapshot() == match.state.snapshot()
        assert replayed.winners == match.state.winners
