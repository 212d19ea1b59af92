"""Cards that hear a card played by anyone or by an opponent ("Each time a Red Banner event
or magic card is played, ..."), and a card in play sacrificed for its effect once it has
enough counters ("When I have three or more fire counters you may sacrifice me to ...",
ruling 54). The sentences here are on no real card."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import card_kind, parse

from .helpers import GOBLIN, P1, P2, at, do, legal, play_phase, put, resources, to_hand
from .test_grammar import from_text
from .test_players import played

TINDER = from_text(
    "Test Tinder",
    "enchantment",
    "Whenever a Red Banner event or magic card is played, put a spark counter on me. "
    "If I have two or more spark counters, you may sacrifice me to deal three damage to "
    "target creature.",
)
SPY = from_text(
    "Test Spy",
    "creature",
    "Whenever an opponent plays a creature card, draw a card.",
    attack=1,
    defense=1,
)
SPARK = from_text("Test Spark", "event", "Deal 1 damage to target creature.")
GAIAN_SPARK = SPARK.model_copy(update={"name": "Test Green Spark", "faction": "gaian"})


def sparks(state, cid: int) -> int:
    return state.cards[cid].counters.get("spark", 0)


@pytest.mark.parametrize(
    "words, kinds",
    [
        ("Red Banner event or magic", "red_banner event|red_banner magic"),
        ("Gaian creature or enchantment", "gaian creature|gaian enchantment"),
        ("Red Banner creature or fellow Soldier", "red_banner creature|soldier"),
        ("Elf or Gaian creature", "elf|gaian creature"),
    ],
)
def test_a_faction_before_card_types_joined_by_or_holds_for_each(words, kinds):
    assert card_kind(words) == kinds


@pytest.mark.parametrize(
    "text, whose, kinds",
    [
        (
            "Each time a Red Banner event or magic card is played put a fire counter on me.",
            "any",
            "red_banner event|red_banner magic",
        ),
        ("Whenever an opponent plays a creature card, draw a card.", "opponent", "creature"),
        ("Every time you play an enchantment card, draw a card.", "you", "enchantment"),
    ],
)
def test_who_plays_the_card_heard_is_read_from_the_words(text, whose, kinds):
    got = parse(text, "creature", "T")
    assert got.unenforced == ""
    (a,) = got.abilities
    assert (a.when, a.whose, a.subtype) == ("cast", whose, kinds)


def test_a_card_of_the_kinds_named_played_by_anyone_is_heard():
    state = play_phase()
    tinder = put(state, P1, TINDER)
    goblin = put(state, P2, GOBLIN)
    played(state, SPARK, f"-> #{goblin}")  # its own player's
    assert sparks(state, tinder) == 1
    at(state, "play1", P2)
    played(state, SPARK, f"-> #{goblin}", seat=P2)  # an opponent's
    assert sparks(state, tinder) == 2


def test_a_card_of_other_kinds_is_not_heard():
    state = play_phase()
    tinder = put(state, P1, TINDER)
    goblin = put(state, P2, GOBLIN)
    played(state, GAIAN_SPARK, f"-> #{goblin}")  # an event, not Red Banner
    resources(state, P1, "red_banner", 2)
    played(state, GOBLIN, f"-> #{rules.cities(state, P1)[0]}")  # Red Banner, a creature
    assert sparks(state, tinder) == 0


def test_an_opponents_card_is_heard_but_not_its_own_players():
    state = play_phase()
    spy = put(state, P2, SPY)
    for seat in (P1, P2):
        resources(state, seat, "red_banner", 1)
    deck = len(state.zones[(P2, rules.DECK)])
    played(state, GOBLIN, f"-> #{rules.cities(state, P1)[0]}")
    assert len(state.zones[(P2, rules.DECK)]) == deck - 1
    assert spy in rules.creatures(state, P2)
    at(state, "play1", P2)
    played(state, GOBLIN, f"-> #{rules.cities(state, P2)[0]}", seat=P2)
    assert len(state.zones[(P2, rules.DECK)]) == deck - 1


def test_a_card_is_sacrificed_for_its_effect_only_once_it_has_the_counters_it_names():
    state = play_phase()
    tinder = put(state, P1, TINDER)
    goblin = put(state, P2, GOBLIN)
    state.cards[tinder].counters["spark"] = 1
    assert not legal(state, f"P1: use #{tinder} -> #{goblin}")
    state.cards[tinder].counters["spark"] = 2
    assert legal(state, f"P1: use #{tinder} -> #{goblin}")
    do(state, f"P1: use #{tinder} -> #{goblin}")
    assert state.cards[tinder].zone == (P1, rules.REMOVED)
    assert state.cards[goblin].zone == (P2, rules.GRAVE)


def test_a_card_sacrificed_for_its_effect_is_used_in_its_players_play_phase_only():
    state = play_phase()
    tinder = put(state, P2, TINDER)
    goblin = put(state, P1, GOBLIN)
    state.cards[tinder].counters["spark"] = 3
    assert not legal(state, f"P2: use #{tinder} -> #{goblin}")
    at(state, "play1", P2)
    assert legal(state, f"P2: use #{tinder} -> #{goblin}")


def test_a_card_in_hand_cannot_be_sacrificed_for_its_effect():
    state = play_phase()
    tinder = to_hand(state, P1, TINDER)
    state.cards[tinder].counters["spark"] = 3
    assert not legal(state, f"P1: use #{tinder} -> #{put(state, P2, GOBLIN)}")
