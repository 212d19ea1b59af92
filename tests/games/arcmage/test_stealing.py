"""Resource cards stolen from another player ("steal one resource card from target player and
put it under your control"), and given back when the thief leaves play ("When I leave play,
return the stolen resource card"): ruling 55. The sentences here are on no real card."""

from __future__ import annotations

import pytest

from tabletop.engine import legal_actions
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import read_phrase
from tabletop.games.arcmage.rules.specials import sacrifice_resources

from .helpers import P1, P2, declines, do, legal, options, play_phase, resources, to_hand
from .test_grammar import from_text

THIEF = from_text(
    "Test Thief",
    "creature",
    "When I come into play, steal one resource card from target player and put it under your "
    "control. When I leave play, return the stolen resource card.",
    attack=1,
    defense=1,
    cost=1,
)
RAID = from_text("Test Raid", "event", "Steal two resource cards from each opponent.")
KILL = from_text("Test Kill", "event", "Destroy target creature.")


def owner_of(state, cid: int) -> int:
    return state.cards[cid].zone[0]


def thief_in_play(state, *, piles: dict[str, int]) -> tuple[int, dict[str, list[int]]]:
    """P1 plays the thief into a city; P2 has resource piles of ``piles``."""
    theirs = {f: resources(state, P2, f, n) for f, n in piles.items()}
    resources(state, P1, "red_banner", 1)
    thief = to_hand(state, P1, THIEF)
    do(state, f"P1: play #{thief} -> #{rules.cities(state, P1)[0]}")
    declines(state)
    return thief, theirs


@pytest.mark.parametrize(
    "phrase, target, to, n",
    [
        ("steal one resource card from target player", "opponent", "target", 1),
        ("steal two resource cards from each opponent", "", "each_opponent", 2),
        (
            "steal a resource card from target opponent and put it under your control",
            "opponent",
            "target",
            1,
        ),
    ],
)
def test_a_theft_of_resource_cards_is_read_from_the_words(phrase, target, to, n):
    got = read_phrase(phrase)
    assert got is not None
    (e,) = got.effects
    assert (got.target, e.do, e.to, e.amount) == (target, "steal", to, n)


def test_no_one_steals_from_themselves():
    assert read_phrase("steal a resource card from you") is None
    thief = THIEF.abilities[0]
    assert thief.target == "opponent"


def test_the_thief_chooses_the_pile_and_takes_an_unmarked_card_as_it_lies():
    state = play_phase()
    theirs = {"gaian": resources(state, P2, "gaian", 2, marked=1)}
    theirs["red_banner"] = resources(state, P2, "red_banner", 1)
    resources(state, P1, "red_banner", 1)
    thief = to_hand(state, P1, THIEF)
    do(state, f"P1: play #{thief} -> #{rules.cities(state, P1)[0]}")
    while state.top_prompt.name == "respond":
        do(state, f"P{state.top_prompt.seat + 1}: pass")
    assert not legal(state, f"P1: target #{thief} player=1")
    do(state, f"P1: target #{thief} player=2")
    assert (state.top_prompt.seat, state.top_prompt.name) == (P1, "owe")
    assert len(options(state, "take")) == 2  # one for each pile
    marked, unmarked = theirs["gaian"]
    assert not legal(state, f"P1: take #{marked}")  # the unmarked one is taken
    do(state, f"P1: take #{unmarked}")
    card = state.cards[unmarked]
    assert card.zone == (P1, rules.RES["gaian"]) and card.face_down and not card.turned
    assert card.owner == P2  # still its owner's card


def test_a_stolen_card_is_given_back_when_the_thief_leaves_play():
    state = play_phase()
    thief, theirs = thief_in_play(state, piles={"gaian": 1})
    do(state, f"P1: target #{thief} player=2")
    (stolen,) = theirs["gaian"]
    assert owner_of(state, stolen) == P1  # one pile: taken unasked
    resources(state, P1, "red_banner", 1)
    kill = to_hand(state, P1, KILL)
    do(state, f"P1: play #{kill} -> #{thief}")
    while state.prompts:
        prompt = state.top_prompt
        do(state, f"P{prompt.seat + 1}: pass")
    assert state.cards[stolen].zone == (P2, rules.RES["gaian"])
    assert state.cards[stolen].face_down


def test_a_stolen_card_spent_for_good_is_not_given_back():
    state = play_phase()
    thief, theirs = thief_in_play(state, piles={"gaian": 1})
    do(state, f"P1: target #{thief} player=2")
    (stolen,) = theirs["gaian"]
    events: list = []
    sacrifice_resources(state, P1, 1, events, "gaian")
    assert state.cards[stolen].zone == (P2, rules.REMOVED)  # out of its owner's game
    rules.kill(state, thief, events)
    rules.advance(state, events)
    assert state.cards[stolen].zone == (P2, rules.REMOVED)


def test_two_cards_stolen_from_one_pile_are_taken_unasked():
    state = play_phase()
    pile = resources(state, P2, "gaian", 3)
    do(state, f"P1: play #{to_hand(state, P1, RAID)}")
    while state.prompts:
        do(state, f"P{state.top_prompt.seat + 1}: pass")
    assert sum(owner_of(state, c) == P1 for c in pile) == 2


def test_no_action_offers_to_steal_from_the_player_who_steals():
    state = play_phase()
    resources(state, P2, "gaian", 1)
    resources(state, P1, "red_banner", 1)
    thief = to_hand(state, P1, THIEF)
    do(state, f"P1: play #{thief} -> #{rules.cities(state, P1)[0]}")
    declines(state)
    assert all("player=1" not in a.words for a in legal_actions(state))
