"""A graveyard as a card's target: "Remove X creatures from target graveyard." The cards
leave the game; the player of the card chooses which when there are more than it removes
(ruling 53). The sentences here are on no real card."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse, read_phrase

from .helpers import (
    GOBLIN,
    OGRE,
    P1,
    P2,
    PIKE,
    declines,
    do,
    legal,
    options,
    play_phase,
    put,
    resources,
    to_hand,
)
from .test_grammar import from_text
from .test_players import owe_prompt, played

EXHUME = from_text("Test Exhume", "event", "Remove two creatures from target graveyard.")
CLEANSE = from_text("Test Cleanse", "event", "Remove a card from each opponent's graveyard.")
PYRE = from_text(
    "Test Pyre",
    "magic",
    "Remove X creatures from target player's graveyard. Deal X damage to target creature "
    "or player.",
    cost_x=True,
)


def grave(state, seat: int, *which) -> list[int]:
    return [put(state, seat, w, rules.GRAVE) for w in which]


def zone(state, cid: int) -> str:
    return state.cards[cid].zone[1]


@pytest.mark.parametrize(
    "phrase, target, to, amount, kinds",
    [
        ("remove X creatures from target graveyard", "graveyard", "target", 0, "creature"),
        ("remove three cards from each opponent's graveyard", "", "each_opponent", 3, ""),
        ("remove an enchantment from your graveyard from the game", "", "self", 1, "enchantment"),
        ("remove two Orcs from target player's graveyard", "graveyard", "target", 2, "orc"),
    ],
)
def test_cards_removed_from_a_graveyard_are_read_from_the_words(phrase, target, to, amount, kinds):
    got = read_phrase(phrase)
    assert got is not None
    (e,) = got.effects
    assert (got.target, e.do, e.to, e.amount, e.subtype) == (target, "exile", to, amount, kinds)


@pytest.mark.parametrize(
    "phrase",
    [
        "remove two creatures from target creature",  # no graveyard
        "deal 2 damage to target graveyard",  # a graveyard takes no damage
        "destroy target graveyard",
    ],
)
def test_a_graveyard_is_only_what_cards_are_removed_from(phrase):
    assert read_phrase(phrase) is None


def test_a_graveyard_and_a_creature_or_player_are_two_targets_told_apart():
    got = parse(PYRE.text, "magic", "T")
    (a,) = got.abilities
    assert (a.target, a.target2) == ("graveyard", "creature_or_player")


def test_the_player_of_the_card_chooses_which_creatures_leave_the_graveyard():
    state = play_phase()
    goblin, pike, ogre = grave(state, P2, GOBLIN, PIKE, OGRE)
    played(state, EXHUME, "player=2")
    assert owe_prompt(state) == (P1, "owe")  # not the graveyard's owner
    assert not legal(state, f"P2: take #{goblin}")
    do(state, f"P1: take #{ogre}")
    assert owe_prompt(state) == (P1, "owe")  # one more
    do(state, f"P1: take #{goblin}")
    assert not state.prompts
    assert (zone(state, goblin), zone(state, pike), zone(state, ogre)) == (
        rules.REMOVED,
        rules.GRAVE,
        rules.REMOVED,
    )


def test_only_cards_of_the_kind_named_are_removed():
    state = play_phase()
    event = grave(state, P2, EXHUME)[0]
    goblin, pike, ogre = grave(state, P2, GOBLIN, PIKE, OGRE)
    played(state, EXHUME, "player=2")
    assert {a.cards[0] for a in options(state, "take")} == {goblin, pike, ogre}
    assert not legal(state, f"P1: take #{event}")


def test_no_more_creatures_than_removed_leave_unasked():
    state = play_phase()
    goblin, ogre = grave(state, P2, GOBLIN, OGRE)
    kept = grave(state, P2, EXHUME)[0]
    played(state, EXHUME, "player=2")
    assert not state.prompts
    assert (zone(state, goblin), zone(state, ogre), zone(state, kept)) == (
        rules.REMOVED,
        rules.REMOVED,
        rules.GRAVE,
    )


def test_copies_of_one_card_are_removed_unasked_the_top_ones():
    state = play_phase()
    bottom, middle, top = grave(state, P2, GOBLIN, GOBLIN, GOBLIN)
    played(state, EXHUME, "player=2")
    assert not state.prompts
    assert [zone(state, c) for c in (bottom, middle, top)] == [
        rules.GRAVE,
        rules.REMOVED,
        rules.REMOVED,
    ]


def test_each_opponents_graveyard_loses_a_card_but_the_players_own():
    state = play_phase()
    mine = grave(state, P1, GOBLIN)[0]
    theirs = grave(state, P2, GOBLIN)[0]
    played(state, CLEANSE)
    assert (zone(state, mine), zone(state, theirs)) == (rules.GRAVE, rules.REMOVED)


def test_x_creatures_leave_the_graveyard_and_x_damage_goes_to_the_second_target():
    state = play_phase()
    goblin, pike, ogre = grave(state, P2, GOBLIN, PIKE, OGRE)
    victim = put(state, P2, OGRE)
    resources(state, P1, "red_banner", 3)
    card = to_hand(state, P1, PYRE)
    assert legal(state, f"P1: play #{card} -> #{victim} player=2 x=2")
    assert legal(state, f"P1: play #{card} player=2 player=1 x=2")  # both targets players
    assert not legal(state, f"P1: play #{card} -> #{victim} x=2")  # no graveyard said
    do(state, f"P1: play #{card} -> #{victim} player=2 x=2")
    declines(state)
    do(state, f"P1: take #{pike}")
    do(state, f"P1: take #{ogre}")
    assert zone(state, goblin) == rules.GRAVE
    assert {zone(state, pike), zone(state, ogre)} == {rules.REMOVED}
    assert state.cards[victim].damage == 2


def test_the_second_target_may_be_a_player_who_takes_the_damage_in_a_city():
    state = play_phase()
    grave(state, P2, GOBLIN)
    resources(state, P1, "red_banner", 3)
    city = rules.cities(state, P2)[0]
    played(state, PYRE, "player=2 player=2 x=3")
    assert state.cards[city].damage == 3


def test_the_table_asks_which_cards_leave_the_graveyard_in_words():
    from tabletop.games.arcmage.table import ArcTable

    state = play_phase()
    goblin = grave(state, P2, GOBLIN, PIKE, OGRE)[0]
    played(state, EXHUME, "player=2")
    table = ArcTable()
    assert table.window_title(state, P1, "") == (
        "Test Exhume: remove 2 creatures from Player 2's graveyard — Choose… which"
    )
    assert act_label(table, state, goblin) == "Remove Test Goblin from Player 2's graveyard"


def act_label(table, state, cid: int) -> str:
    (action,) = [a for a in options(state, "take") if a.cards == (cid,)]
    return table.action_label(state, action)
