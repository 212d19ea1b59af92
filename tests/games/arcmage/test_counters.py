"""Counters a card text names ("fire counters"): put on a card as it comes into play or by
an effect, shown on it, and removed to pay for an ability ("M, Remove a fire counter: ...");
and -1/-1 counters put on a card to pay ("M, put a -1/-1 counter on me: ..."). The sentences
here are on no real card."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse, read_cost
from tabletop.games.arcmage.table import TABLE

from .helpers import GOBLIN, P1, P2, do, first_city, legal, play_phase, put, resources, to_hand
from .test_grammar import from_text
from .test_players import declines

KINDLER = from_text(
    "Test Kindler",
    "creature",
    "I come into play with three ember counters. "
    "M, Remove two ember counters: deal 2 damage to target creature or player.",
    attack=1,
    defense=1,
)
GNAWER = from_text(
    "Test Gnawer",
    "creature",
    "M, put two -1/-1 counters on me: destroy target creature in the same city.",
    attack=1,
    defense=3,
)


@pytest.mark.parametrize(
    "words, expected",
    [
        ("remove a fire counter", {"cost_counter": "fire", "cost_counters": 1}),
        ("Remove three spore counters from me", {"cost_counter": "spore", "cost_counters": 3}),
        ("put a -1/-1 counter on me", {"cost_shrink": 1}),
        ("put two -1/-1 counters on this card", {"cost_shrink": 2}),
        ("remove a dying counter", None),  # the rules' own marker, no card's counter
        ("remove a fire counter from target creature", None),
        ("sacrifice a fire counter", None),
    ],
)
def test_a_cost_before_the_colon_is_read_from_the_words(words, expected):
    assert read_cost(words) == expected


def test_a_creature_comes_into_play_with_the_counters_its_text_names():
    state = play_phase()
    resources(state, P1, "red_banner", 1)
    card = to_hand(state, P1, KINDLER)
    do(state, f"P1: play #{card} -> #{first_city(state, P1)}")
    declines(state)
    assert rules.named_counters(state.cards[card]) == {"ember": 3}
    badges = [text for _, text, *_ in TABLE.badges(state, state.cards[card])]
    assert "3 ember" in badges


def test_counters_removed_to_pay_are_gone_and_too_few_refuse_the_ability():
    state = play_phase()
    kindler, goblin = put(state, P1, KINDLER), put(state, P2, GOBLIN)
    state.cards[kindler].counters["ember"] = 3
    do(state, f"P1: use #{kindler} -> #{goblin}")
    assert state.cards[goblin].zone == (P2, rules.GRAVE)
    assert state.cards[kindler].counters["ember"] == 1
    state.cards[kindler].turned = False
    assert not legal(state, f"P1: use #{kindler} player=2")  # one left, two to remove
    state.cards[kindler].counters["ember"] = 2
    do(state, f"P1: use #{kindler} player=2")
    assert state.cards[first_city(state, P2)].damage == 2
    assert "ember" not in state.cards[kindler].counters


def test_minus_counters_put_on_the_card_pay_for_its_ability_even_if_it_dies_of_them():
    state = play_phase()
    city = first_city(state, P1)
    gnawer = put(state, P1, GNAWER, city)
    near, far = put(state, P2, GOBLIN, city), put(state, P2, GOBLIN)
    assert not legal(state, f"P1: use #{gnawer} -> #{far}")  # not in the same city
    do(state, f"P1: use #{gnawer} -> #{near}")
    assert state.cards[near].zone == (P2, rules.GRAVE)
    assert state.cards[gnawer].counters["def"] == -2
    assert rules.stats(state, gnawer)[1] == 1  # 1/3 with two -1/-1 counters
    state.cards[gnawer].turned = False
    other = put(state, P2, GOBLIN, city)
    do(state, f"P1: use #{gnawer} -> #{other}")
    assert state.cards[other].zone == (P2, rules.GRAVE)
    assert state.cards[gnawer].zone == (P1, rules.GRAVE)  # 1/-1: it dies of its cost


def test_only_a_creature_or_an_enchantment_comes_into_play_with_counters_by_this_sentence():
    for kind in ("creature", "enchantment"):
        assert parse("I come into play with two fire counters.", kind, "T").unenforced == ""
    got = parse("I come into play with two fire counters.", "magic", "T")
    assert got.unenforced != ""


def test_counters_for_each_damage_the_target_dealt_the_previous_turn():
    text = (
        "I come into play with x +0/+1 counters, where x is the damage dealt in the previous "
        "turn by target creature."
    )
    warden = from_text("Test Warden", "creature", text, attack=1, defense=1, cost=1)
    (a,) = warden.abilities
    assert (a.when, a.target, a.effects[0].per) == ("play", "creature", "dealt")
    state = play_phase()
    brute = put(state, P2, GOBLIN)
    state.cards[brute].counters["dealt_last"] = 3
    resources(state, P1, "red_banner", 1)
    cid = put(state, P1, warden, rules.HAND)
    do(state, f"P1: play #{cid} -> #{rules.cities(state, P1)[0]}")
    declines(state)
    do(state, f"P1: target #{cid} -> #{brute}")
    assert rules.stats(state, cid) == (1, 4)


def test_a_passive_adds_one_more_of_the_counters_its_players_cards_get():
    forge = from_text(
        "Test Forge",
        "city",
        "Level 1: Cards you control with an ember counter get an additional ember counter.",
        defense=6,
    )
    (a,) = forge.abilities
    assert (a.when, a.effects[0].do, a.effects[0].keyword) == ("level", "extra_counter", "ember")
    state = play_phase()
    home = put(state, P1, forge, "city2")
    mine, theirs = put(state, P1, KINDLER), put(state, P2, KINDLER)
    spark = from_text("Test Spark", "event", "Put an ember counter on each creature.")
    state.cards[mine].counters["ember"] = state.cards[theirs].counters["ember"] = 0
    state.data.devotion[home] = 1
    do(state, f"P1: play #{to_hand(state, P1, spark)}")
    declines(state)
    assert state.cards[mine].counters["ember"] == 2 and state.cards[theirs].counters["ember"] == 1
