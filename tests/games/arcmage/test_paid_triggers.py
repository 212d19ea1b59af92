"""A trigger its player may pay for ("If you play an enchantment card and put a -1/-1 counter
and a loyalty marker on me: Search your deck for an enchantment card and put it in your
hand."), and loyalty markers, which add to a creature's loyalty marks (ruling 60). The
sentences here are on no real card."""

from __future__ import annotations

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse, read_cost

from .helpers import (
    P1,
    P2,
    creature,
    declines,
    do,
    first_city,
    legal,
    play_phase,
    put,
    resources,
    to_hand,
)
from .test_grammar import from_text

SCRIBE = from_text(
    "Test Scribe",
    "creature",
    "If you play a magic card and put a -1/-1 counter and a loyalty marker on me: search "
    "your deck for a magic card and put it into your hand. Shuffle your deck.",
    attack=1,
    defense=2,
    loyalty=1,
    cost=1,
)
DRAW = from_text("Test Insight", "magic", "Draw a card.")
LORE = from_text("Test Lore", "magic", "Draw two cards.")


def test_costs_put_on_the_card_are_read_from_the_words():
    assert read_cost("put a -1/-1 counter and a loyalty marker on me") == {
        "cost_shrink": 1,
        "cost_put": "loyalty",
    }
    assert read_cost("put a fire counter on me") == {"cost_put": "fire"}
    assert read_cost("put a dying counter on me") is None  # the rules' own


def test_a_trigger_paid_for_searches_for_what_it_hears_of_only():
    (a,) = SCRIBE.abilities
    assert (a.when, a.whose, a.subtype, a.target, a.may) == (
        "cast",
        "you",
        "magic",
        "deck_card",
        True,
    )
    assert (a.cost_shrink, a.cost_put) == (1, "loyalty")
    other = parse(
        "If you play a magic card and put a -1/-1 counter on me: search your deck for an "
        "enchantment card and put it into your hand.",
        "creature",
        "T",
    )
    assert other.unenforced != ""  # two kinds the one field cannot tell apart


def played_magic(state) -> int:
    """P1 has the scribe in play and a magic card in its deck, and plays a magic card."""
    scribe = put(state, P1, SCRIBE)
    put(state, P1, LORE, rules.DECK)
    resources(state, P1, "red_banner", 1)
    do(state, f"P1: play #{to_hand(state, P1, DRAW)}")
    declines(state)
    return scribe


def test_its_player_may_pay_to_search_as_they_play_such_a_card():
    state = play_phase()
    scribe = played_magic(state)
    assert (state.top_prompt.seat, state.top_prompt.name) == (P1, "choose")
    lore = next(c for c in state.zones[(P1, rules.DECK)] if state.cards[c].card.name == "Test Lore")
    do(state, f"P1: target #{scribe} -> #{lore}")
    assert state.cards[lore].zone == (P1, rules.HAND)
    assert rules.stats(state, scribe) == (0, 1)  # the -1/-1 counter paid
    assert rules.loyalty_marks(state, scribe) == 2  # and the loyalty marker


def test_declining_pays_nothing():
    state = play_phase()
    scribe = played_magic(state)
    do(state, "P1: pass")
    assert rules.stats(state, scribe) == (1, 2)
    assert rules.loyalty_marks(state, scribe) == 1


def test_an_opponents_card_is_not_heard():
    state = play_phase()
    put(state, P2, SCRIBE)
    resources(state, P1, "red_banner", 1)
    do(state, f"P1: play #{to_hand(state, P1, DRAW)}")
    declines(state)
    assert not state.prompts  # P2 is not asked to search


def test_loyalty_markers_add_to_the_devotion_a_creature_gives():
    state = play_phase()
    city = first_city(state, P1)
    devotee = put(state, P1, creature("Test Monk", 1, 1, loyalty=2, cost=2), city)
    state.cards[devotee].counters["loyalty"] = 1
    state.active, state.phase = P1, "tactics"
    assert legal(state, f"P1: devote #{city} #{devotee}")
    do(state, f"P1: devote #{city} #{devotee}")
    while state.prompts:
        do(state, f"P{state.top_prompt.seat + 1}: pass")
    assert state.data.devotion[city] == 3


# -- "you may pay N to ..." in a trigger, and a devotion that counts double ------------------

SAGE = from_text(
    "Test Sage",
    "creature",
    "When I am marked for devotion, you may pay 1 to draw a card. My devotion towards the "
    "city counts double.",
    attack=1,
    defense=1,
    loyalty=1,
    cost=1,
)


def devote_sage(state) -> tuple[int, int]:
    city = first_city(state, P1)
    sage = put(state, P1, SAGE, city)
    state.active, state.phase = P1, "tactics"
    do(state, f"P1: devote #{city} #{sage}")
    declines(state)
    return city, sage


def test_a_trigger_paid_for_is_asked_and_done_when_paid():
    (trigger, _double) = SAGE.abilities
    assert (trigger.when, trigger.may, trigger.cost_power) == ("devote", True, 1)
    state = play_phase()
    resources(state, P1, "red_banner", 1)
    hand = len(state.zones[(P1, rules.HAND)])
    city, sage = devote_sage(state)
    assert (state.top_prompt.seat, state.top_prompt.name) == (P1, "choose")
    do(state, f"P1: target #{sage} yes")
    assert len(state.zones[(P1, rules.HAND)]) == hand + 1
    assert rules.available(state, P1) == {}  # the resource was paid
    assert state.data.devotion[city] == 2  # one loyalty mark, counted twice


def test_a_trigger_declined_is_not_paid_for():
    state = play_phase()
    resources(state, P1, "red_banner", 1)
    hand = len(state.zones[(P1, rules.HAND)])
    devote_sage(state)
    do(state, "P1: pass")
    assert len(state.zones[(P1, rules.HAND)]) == hand
    assert sum(rules.available(state, P1).values()) == 1


def test_a_trigger_that_cannot_be_paid_for_is_not_asked():
    state = play_phase()
    hand = len(state.zones[(P1, rules.HAND)])
    devote_sage(state)
    assert not state.prompts  # no resource to pay with: not asked
    assert len(state.zones[(P1, rules.HAND)]) == hand


def test_the_table_says_what_paying_for_the_trigger_does():
    from tabletop.engine import legal_actions
    from tabletop.games.arcmage.table import ArcTable

    state = play_phase()
    resources(state, P1, "red_banner", 1)
    devote_sage(state)
    labels = {ArcTable().action_label(state, a) for a in legal_actions(state)}
    assert labels == {"Decline", "Test Sage: pay 1 to draw 1 card"}
