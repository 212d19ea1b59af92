"""Damage prevented for the turn by the kind of card that deals it ("Prevent all damage done
this turn by Red Banner event or magic cards. For each prevented damage put a fire counter
on me."), and counters spent for damage ("Remove all fire counters from me and have each
counter deal two damage to target creature or player."): ruling 59. The sentences here are
on no real card."""

from __future__ import annotations

from tabletop.engine import abilities as ab
from tabletop.games.arcmage.reader import read_phrase

from .helpers import P1, P2, creature, do, first_city, play_phase, put
from .test_grammar import from_text
from .test_players import played

WARDEN = from_text(
    "Test Warden",
    "creature",
    "M, Prevent all damage dealt this turn by Red Banner event cards. For each prevented "
    "damage put an ember counter on me. M, Remove all ember counters from me and have each "
    "counter deal two damage to target creature or player.",
    attack=1,
    defense=3,
)
SPARK = from_text("Test Spark", "event", "Deal 2 damage to target creature or player.")
GREEN_SPARK = SPARK.model_copy(update={"name": "Test Green Spark", "faction": "gaian"})


def giant(state, seat: int = P2) -> int:
    return put(state, seat, creature("Test Giant", 1, 9))


def embers(state, cid: int) -> int:
    return state.cards[cid].counters.get("ember", 0)


def test_a_shield_against_a_kind_of_card_is_read_from_the_words():
    got = read_phrase("prevent all damage done this turn by Red Banner event or magic cards")
    (e,) = got.effects
    assert (e.do, e.to, e.subtype) == ("prevent", "self", "red_banner event|red_banner magic")
    (shield, _spend) = WARDEN.abilities
    assert shield.effects[0].keyword == "ember"  # the next sentence's counters


def test_counters_spent_for_damage_deal_it_before_they_are_removed():
    got = read_phrase(
        "remove all fire counters from me and have each counter deal two damage to target creature"
    )
    assert [(e.do, e.per, e.amount) for e in got.effects] == [
        ("damage", "counters", 2),
        ("uncounter", "", 0),
    ]


def test_damage_of_the_kind_shielded_is_prevented_and_grows_counters():
    state = play_phase()
    warden = put(state, P1, WARDEN)
    target = giant(state)
    do(state, f"P1: use #{warden} 1")
    played(state, SPARK, f"-> #{target}")
    assert state.cards[target].damage == 0
    assert embers(state, warden) == 2


def test_damage_of_another_kind_is_not_prevented():
    state = play_phase()
    warden = put(state, P1, WARDEN)
    target = giant(state)
    do(state, f"P1: use #{warden} 1")
    played(state, GREEN_SPARK, f"-> #{target}")
    assert state.cards[target].damage == 2 and embers(state, warden) == 0


def test_damage_to_a_player_is_prevented_too():
    state = play_phase()
    warden = put(state, P1, WARDEN)
    do(state, f"P1: use #{warden} 1")
    played(state, SPARK, "player=2")
    assert state.cards[first_city(state, P2)].damage == 0
    assert embers(state, warden) == 2


def test_the_shield_lasts_until_the_end_of_the_turn():
    state = play_phase()
    warden = put(state, P1, WARDEN)
    do(state, f"P1: use #{warden} 1")
    ab.end_of_turn(state, P1)  # what lasts for the turn ends
    target = giant(state)
    played(state, SPARK, f"-> #{target}")
    assert state.cards[target].damage == 2


def test_each_counter_spent_deals_its_damage_and_all_are_removed():
    state = play_phase()
    warden = put(state, P1, WARDEN)
    state.cards[warden].counters["ember"] = 2
    target = giant(state)
    do(state, f"P1: use #{warden} -> #{target} 2")
    assert state.cards[target].damage == 4
    assert embers(state, warden) == 0
