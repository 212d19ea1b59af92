"""Homesick, as its reminder text defines it: "At the start of its controller's turn, if a
creature with homesick is not in a city of the same faction, it loses one loyalty mark;
otherwise, it gains one. It cannot gain more than its original number and it dies when it
has none left." (ruling 56)."""

from __future__ import annotations

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse

from .helpers import P1, P2, at, creature, do, first_city, play_phase, put, resources
from .test_grammar import from_text

SCENT = from_text("Test Scent", "enchantment", "Enchanted creature gets homesick.")


def wanderer(loyalty: int = 2, faction: str = "red_banner"):
    return creature(
        "Test Wanderer",
        2,
        2,
        loyalty=loyalty,
        cost=loyalty,
        faction=faction,
        keywords={"homesick": 0},
    )


def next_turn(state, seat: int = P1) -> None:
    """The seat's turn starts (its Unmark phase)."""
    state.active = seat
    rules.enter_phase(state, "unmark", [])


def lost(state, cid: int) -> int:
    return state.cards[cid].counters.get("longing", 0)


def test_an_enchantment_gives_its_creature_homesick():
    got = parse("Enchanted creature gets homesick.", "enchantment", "T")
    assert got.unenforced == ""
    state = play_phase()
    goblin = put(state, P1, creature("Test Goblin", 2, 2))
    aura = put(state, P1, SCENT, goblin)
    state.cards[aura].attached_to = goblin
    assert rules.has(state, goblin, "homesick")


def test_a_homesick_creature_away_from_a_city_of_its_faction_loses_a_loyalty_mark():
    state = play_phase()
    roamer = put(state, P1, wanderer(2))  # in the army
    next_turn(state)
    assert lost(state, roamer) == 1 and rules.in_play(state, roamer)


def test_a_homesick_creature_dies_when_it_has_no_loyalty_mark_left():
    state = play_phase()
    roamer = put(state, P1, wanderer(2))
    next_turn(state)
    next_turn(state)
    assert state.cards[roamer].zone == (P1, rules.GRAVE)


def test_a_homesick_creature_in_a_city_of_its_faction_gains_a_mark_back_up_to_its_number():
    state = play_phase()
    home = first_city(state, P1)
    faction = state.cards[home].card.faction
    roamer = put(state, P1, wanderer(2, faction))
    next_turn(state)  # in the army: one lost
    rules.move_with(state, roamer, state.cards[home].zone)
    next_turn(state)
    assert lost(state, roamer) == 0
    next_turn(state)  # never more than its printed number
    assert lost(state, roamer) == 0


def test_a_city_of_another_faction_is_not_home():
    state = play_phase()
    home = first_city(state, P1)
    other = "gaian" if state.cards[home].card.faction != "gaian" else "red_banner"
    roamer = put(state, P1, wanderer(3, other), home)
    next_turn(state)
    assert lost(state, roamer) == 1


def test_homesick_counts_at_the_start_of_its_controllers_turn_only():
    state = play_phase()
    roamer = put(state, P1, wanderer(2))
    next_turn(state, P2)
    assert lost(state, roamer) == 0


def test_a_stolen_resource_card_unmarks_with_the_thiefs_cards():
    state = at(play_phase(), "play1")
    (card,) = resources(state, P2, "gaian", 1, marked=1)
    state.move(card, (P1, rules.RES["gaian"]), keep=True)
    next_turn(state, P1)
    assert not state.cards[card].turned


def test_the_loyalty_left_is_shown_on_a_homesick_creature():
    from tabletop.games.arcmage.table import ArcTable

    state = play_phase()
    roamer = put(state, P1, wanderer(3))
    next_turn(state)
    badges = ArcTable().badges(state, state.cards[roamer])
    assert ("♡", "2 of 3 loyalty") in [(b[0], b[1]) for b in badges]


def test_a_creature_played_under_its_own_faction_city_stays_loyal():
    state = play_phase()
    home = first_city(state, P1)
    faction = state.cards[home].card.faction
    resources(state, P1, faction, 2)
    card = wanderer(2, faction)
    cid = put(state, P1, card, rules.HAND)
    do(state, f"P1: play #{cid} -> #{home}")
    while state.prompts:
        do(state, f"P{state.top_prompt.seat + 1}: pass")
    next_turn(state)
    assert lost(state, cid) == 0
