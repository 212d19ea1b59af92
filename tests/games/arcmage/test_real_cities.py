"""The real decks' cities whose text reaches past their own Levels: tokens sacrificed for
defense (Guincho), and the grammar parts they need, on sentences no real card prints. The
cards come from ``../shared/arcmage`` (the ``real`` fixture); without it those tests are
skipped, and no card text is copied into the project."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.grammar import read_phrase
from tabletop.games.arcmage.textparse import parse

from .helpers import GOBLIN, P1, P2, at, creature, do, put, start, strength, where

VETERAN = creature("Test Devotee", 1, 1, cost=2, loyalty=2)  # two loyalty marks: a Level 2 alone


def devote(state, city_id, *residents):
    do(state, f"P1: devote #{city_id}, " + ", ".join(f"#{r}" for r in residents))


# -- tokens, and creatures sacrificed by kind ---------------------------------------------------


@pytest.mark.parametrize(
    "phrase, to, kinds",
    [
        ("sacrifice red banner token cards", "your_creatures", "red_banner token"),
        ("sacrifice tokens", "your_creatures", "token"),
        ("sacrifice all orc tokens in your army", "your_army", "orc token"),
        ("sacrifice gaian token creatures you control", "your_creatures", "gaian token"),
    ],
)
def test_tokens_sacrificed_by_kind_are_read_as_every_such_token_of_the_player(phrase, to, kinds):
    (e,) = read_phrase(phrase).effects
    assert (e.do, e.to, e.subtype) == ("sacrifice_all", to, kinds)


@pytest.mark.parametrize(
    "phrase, do_, amount",
    [
        ("target city gains three defense points for each sacrificed creature", "fortify", 3),
        ("deal 1 damage to target creature for each sacrificed wolf", "damage", 1),
        ("draw a card for each sacrificed token", "draw", 1),
    ],
)
def test_an_effect_for_each_sacrificed_card_is_counted_by_the_sacrifice(phrase, do_, amount):
    got = read_phrase(phrase)
    (e,) = got.effects
    assert (e.do, e.amount, e.per) == (do_, amount, "sacrificed")
    assert read_phrase("gain 2 life for each sacrificed creature") is None


def test_a_token_takes_the_faction_of_the_card_that_makes_it():
    text = "When I come into play, put a 1/1 Goblin token into your army."
    (token,) = parse(text, "creature", "Test Herald", "dark_legion").tokens
    assert token.faction == "dark_legion" and "token" in token.kinds
    assert "token" not in GOBLIN.kinds
    (heard,) = parse(
        "Whenever another token comes into play, draw a card.", "creature", "T"
    ).abilities
    assert (heard.when, heard.subtype) == ("enters", "token")


def test_guincho_sacrifices_your_red_banner_tokens_for_two_defense_each(real):
    guincho_card = real["Guincho"]
    assert guincho_card.unenforced == ""
    tauroch = real["Tauroch 2/1"]
    assert tauroch.faction == "red_banner" and tauroch.token
    state = at(start(), "tactics")
    guincho = put(state, P1, guincho_card, "city2")
    devotee = put(state, P1, VETERAN, guincho)
    mine = [put(state, P1, tauroch), put(state, P1, tauroch, guincho)]
    theirs = put(state, P2, tauroch)
    other = put(state, P1, real["Addax 1/1"].model_copy(update={"faction": "gaian"}))
    kept = put(state, P1, GOBLIN)  # Red Banner, but no token
    before = strength(state, guincho)
    devote(state, guincho, devotee)
    do(state, f"P1: target #{guincho} -> #{guincho}")
    assert [where(state, t) for t in mine] == [rules.REMOVED] * 2
    assert strength(state, guincho) == before + 4
    for alive in (theirs, other, kept):
        assert where(state, alive) == rules.ARMY
