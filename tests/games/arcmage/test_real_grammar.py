"""Real arcmage.org cards that the card-text grammar reads whole, each pinned by the rule its
text makes. The cards come from ``../shared/arcmage`` (the ``real`` fixture); without it
these tests are skipped, and no card text is copied into the project."""

from __future__ import annotations

from tabletop.games.arcmage import rules

from .helpers import GOBLIN, P1, P2, creature, play_phase, put


def orc(name: str):
    """A plain 2/2 Orc (made afresh: a copy of a card keeps the types it had worked out)."""
    return creature(name, 2, 2, subtypes=("Orc",))


def test_orc_warleader_gives_the_orcs_you_control_itself_included_plus_one_attack(real):
    warleader = real["Orc Warleader"]
    assert warleader.unenforced == ""
    state = play_phase()
    lord = put(state, P1, warleader)  # 3/3
    ours, theirs, plain = (
        put(state, P1, orc("Test Orc")),
        put(state, P2, orc("Test Orc")),
        put(state, P1, GOBLIN),
    )
    assert rules.stats(state, lord) == (4, 3)
    assert rules.stats(state, ours) == (3, 2)
    assert rules.stats(state, theirs) == rules.stats(state, plain) == (2, 2)


def test_second_sons_army_camp_boosts_your_army_at_level_3_and_gives_it_overrun_at_5(real):
    camp_card = real["Second Sons' Army Camp"]
    assert camp_card.unenforced == ""
    state = play_phase()
    camp = put(state, P1, camp_card, "city2")
    soldier, resident, enemy = (
        put(state, P1, GOBLIN),
        put(state, P1, GOBLIN, camp),
        put(state, P2, GOBLIN),
    )
    state.data.devotion[camp] = 2
    assert rules.stats(state, soldier) == (2, 2)
    state.data.devotion[camp] = 3
    assert rules.stats(state, soldier) == (4, 4)
    assert rules.stats(state, resident) == rules.stats(state, enemy) == (2, 2)  # not in the army
    assert not rules.has(state, soldier, "overrun")
    state.data.devotion[camp] = 5
    assert rules.has(state, soldier, "overrun") and not rules.has(state, resident, "overrun")
