"""An Enchantment that saves its creature from the graveyard: "When the enchanted creature
dies, return it to your hand instead of your graveyard [and put me on the bottom of your
deck]" — a replacement, not a trigger. The sentences here are on no real card."""

from __future__ import annotations

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse

from .helpers import GOBLIN, P1, P2, creature, hand, play_phase, put
from .test_grammar import from_text
from .test_triggers import play_at

AMULET = from_text(
    "Test Amulet",
    "enchantment",
    "Enchant target creature. When enchanted creature dies, return it to its owner's hand instead.",
)
STAFF = from_text(
    "Test Staff",
    "enchantment",
    "Enchant target creature you control. When the enchanted creature dies, return it to your "
    "hand instead of your graveyard, and put me on the bottom of your deck.",
)
DOOM = from_text("Test Doom", "event", "Destroy target creature.")


def enchanted(state, seat, enchantment, creature_card):
    cid = put(state, seat, creature_card)
    att = put(state, seat, enchantment)
    state.cards[att].attached_to = cid
    state.move(att, state.cards[cid].zone, keep=True)
    return cid, att


def test_what_an_enchantment_is_played_on_is_read_from_enchant_target():
    (a, _) = STAFF.abilities
    assert (a.when, a.target) == ("play", "own_creature")
    assert parse("Enchant target creature.", "creature", "T").unenforced  # not a creature's


def test_a_dying_enchanted_creature_goes_to_the_hand_and_still_dies():
    mourner = from_text("Test Mourner", "creature", "When I die, draw a card.", attack=1, defense=1)
    state = play_phase()
    cid, amulet = enchanted(state, P2, AMULET, mourner)
    before = len(hand(state, P2))
    play_at(state, DOOM, cid)
    assert state.cards[cid].zone == (P2, rules.HAND)
    assert state.cards[amulet].zone == (P2, rules.GRAVE)
    assert len(hand(state, P2)) == before + 2  # the creature back, and its "when I die" draw


def test_the_staff_goes_to_the_bottom_of_its_deck_as_its_creature_returns():
    state = play_phase()
    cid, staff = enchanted(state, P1, STAFF, creature("Test Ogre", 4, 4))
    play_at(state, DOOM, cid)
    assert state.cards[cid].zone == (P1, rules.HAND)
    assert state.zones[(P1, rules.DECK)][-1] == staff


def test_a_token_is_not_saved_by_it():
    goblin_token = GOBLIN.model_copy(update={"token": True, "name": "Goblin 1/1"})
    state = play_phase()
    cid, _ = enchanted(state, P2, AMULET, goblin_token)
    play_at(state, DOOM, cid)
    assert state.cards[cid].zone[1] != rules.HAND
