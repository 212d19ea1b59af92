"""Activated abilities in the rulebook's "Cost : Effect" form that do not mark the card:
paid with power ("2: ...") or with a card discarded ("Discard an Elf card from your hand:
..."), used as often as they are paid for; and a card returned from the graveyard ("return
target enchantment from your graveyard to your hand"). The sentences here are on no real
card."""

from __future__ import annotations

import pytest

from tabletop.engine import abilities as ab
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse
from tabletop.games.arcmage.table import TABLE

from .helpers import GOBLIN, P1, P2, creature, do, hand, legal, options, play_phase, put, resources
from .test_grammar import from_text
from .test_triggers import play_at

SCHOLAR = from_text("Test Scholar", "creature", "2: draw a card.", attack=1, defense=1)
ZEALOT = from_text(
    "Test Zealot",
    "creature",
    "Discard a Goblin card from your hand: I get +2/+0 until end of turn.",
    attack=1,
    defense=1,
)
GOB = creature("Test Goblin", 2, 2, subtypes=("Goblin",))


@pytest.mark.parametrize(
    "text, field, value",
    [
        ("3: deal 1 damage to target creature.", "cost_power", 3),
        ("Pay 1: I get +1/+1 until end of turn.", "cost_power", 1),
        ("Discard a card from your hand: draw a card.", "cost_discard", "card"),
        ("Discard an Orc from your hand: unmark me.", "cost_discard", "orc"),
    ],
)
def test_an_activated_ability_without_marking_is_read_with_its_cost(text, field, value):
    got = parse(text, "creature", "T")
    assert got.unenforced == ""
    (a,) = got.abilities
    assert a.when == "use" and getattr(a, field) == value


def test_a_cost_the_grammar_does_not_know_leaves_the_sentence_to_the_players():
    assert parse("Sacrifice a forest: draw a card.", "creature", "T").unenforced
    assert parse("2: draw a card.", "event", "T").unenforced  # a creature's, not an event's


def test_power_paid_uses_the_ability_without_marking_the_card_as_often_as_it_is_paid():
    state = play_phase()
    scholar = put(state, P1, SCHOLAR)
    resources(state, P1, "gaian", 5)
    before = len(hand(state, P1))
    do(state, f"P1: use #{scholar}")
    do(state, f"P1: use #{scholar}")
    assert len(hand(state, P1)) == before + 2
    assert not state.cards[scholar].turned
    assert not legal(state, f"P1: use #{scholar}")  # one resource left of two


def test_a_card_discarded_pays_for_the_ability_and_must_be_of_its_kind():
    state = play_phase()
    zealot = put(state, P1, ZEALOT)
    plain, goblin = put(state, P1, GOBLIN, rules.HAND), put(state, P1, GOB, rules.HAND)
    assert not legal(state, f"P1: use #{zealot}, #{plain}")  # not a Goblin
    assert not legal(state, f"P1: use #{zealot}")  # nothing discarded
    (use,) = options(state, "use")
    assert TABLE.action_label(state, use) == "Use Test Zealot (discard Test Goblin): its ability"
    do(state, f"P1: use #{zealot}, #{goblin}")
    assert state.cards[goblin].zone == (P1, rules.GRAVE)
    assert rules.stats(state, zealot) == (3, 1)
    assert options(state, "use") == []  # no Goblin left in hand


def test_a_card_returned_from_the_graveyard_is_one_of_the_kind_its_player_picks():
    mourner = from_text(
        "Test Mourner",
        "creature",
        "When I die, return target goblin from your graveyard to your hand.",
        attack=1,
        defense=1,
    )
    state = play_phase()
    dying = put(state, P2, mourner)
    back = put(state, P2, GOB, rules.GRAVE)
    put(state, P2, GOBLIN, rules.GRAVE)  # no Goblin by type
    doom = from_text("Test Doom", "event", "Destroy target creature.")
    play_at(state, doom, dying)
    assert [a.targets for a in options(state, "target")] == [(back,)]
    do(state, f"P2: target #{dying} -> #{back}")
    assert state.cards[back].zone == (P2, rules.HAND)


def test_an_ability_its_player_may_use_in_their_play_phase_is_used_once_each_turn():
    sage = from_text(
        "Test Sage",
        "creature",
        "You may draw two cards during your play phase.",
        attack=1,
        defense=1,
    )
    state = play_phase()
    kept = put(state, P1, sage)
    before = len(hand(state, P1))
    do(state, f"P1: use #{kept}")
    assert len(hand(state, P1)) == before + 2 and not state.cards[kept].turned
    assert not legal(state, f"P1: use #{kept}")  # once this turn
    ab.end_of_turn(state, P1)  # the turn's permissions end with it
    assert legal(state, f"P1: use #{kept}")
