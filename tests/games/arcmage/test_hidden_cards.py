"""What the other players are shown of cards they cannot see: no line of the log names one
(the source of a duty gone back to its owner's hand is "a card in Player 2's hand" to the
others), and no window a card opens depends on one (a pick from the hand or the deck opens
the same window whether they hold a card it may take or not, ruling 41).

Each rule is pinned twice: with cards made here (so it holds without the arcmage.org
extract), and with the real cards whose games found it (skipped without the extract)."""

from __future__ import annotations

import random

from tabletop.engine import legal_actions, parse
from tabletop.engine.invariants import observation_leaks
from tabletop.games.arcmage import rules
from tabletop.games.arcmage.cards import ArcCard

from .helpers import (
    GOBLIN,
    P1,
    P2,
    at,
    creature,
    declines,
    do,
    first_city,
    play_phase,
    put,
    refused,
    resources,
    start,
    to_hand,
    where,
)
from .test_grammar import from_text
from .test_silence import HUSH

# "When I leave play, sacrifice an Addax creature" (as Addax Herder reads)
HERDER = ArcCard.model_validate(
    {
        "name": "Test Herder",
        "type": "creature",
        "faction": "red_banner",
        "cost": 1,
        "attack": 2,
        "defense": 2,
        "subtypes": ("Human", "Addax"),
        "abilities": (
            {
                "when": "leave",
                "effects": (
                    {
                        "do": "sacrifice_card",
                        "to": "self",
                        "amount": 1,
                        "subtype": "addax creature",
                    },
                ),
            },
        ),
    }
)
ADDAX = creature("Test Addax", 1, 1, subtypes=("Addax",))
# "When I come into play, put a Soldier from your hand into your army" (as Barracks' Level 5)
CAPTAIN = ArcCard.model_validate(
    {
        "name": "Test Captain",
        "type": "creature",
        "faction": "red_banner",
        "cost": 1,
        "attack": 1,
        "defense": 1,
        "abilities": (
            {
                "when": "play",
                "target": "hand_card",
                "subtype": "Soldier",
                "effects": ({"do": "put", "into": "army"},),
            },
        ),
    }
)
SOLDIER = creature("Test Soldier", 1, 1, subtypes=("Soldier",))


def steps(state, texts, worlds=6):
    """Take each action, checking first that it shows no seat anything of the cards it
    cannot see (played again in ``worlds`` possible worlds); the last action's events."""
    rng = random.Random(7)
    events = []
    for text in texts:
        action = parse(state, text)
        assert observation_leaks(state, action, rng, worlds) == [], text
        events = do(state, text)
    return events


def log_of(events, seat):
    return [e.text_for(seat) for e in events if e.shown_to(seat)]


# -- a line of the log names no card its reader cannot see ---------------------------------------


def bounce_the_herder(herder_card, addax_card, recall_card="Recall to Court"):
    """Player 2's herder and two Addax in its army; Player 1 returns the herder to Player
    2's hand, so Player 2 owes a sacrifice for a card back in its hand."""
    state = play_phase()
    herder = put(state, P2, herder_card)
    addax = [put(state, P2, addax_card) for _ in range(2)]
    recall = to_hand(state, P1, recall_card)
    resources(state, P1, "house_of_nobles", 3)
    do(state, f"P1: play #{recall} -> #{herder}")
    declines(state)
    assert where(state, herder) == rules.HAND
    assert state.top_prompt.name == "owe" and state.top_prompt.seat == P2
    return state, herder, addax


def test_a_sacrifice_owed_to_a_hidden_card_does_not_name_it():
    state, _, addax = bounce_the_herder(HERDER, ADDAX)
    events = steps(state, [f"P2: sacrifice #{addax[0]}"])
    assert where(state, addax[0]) == rules.REMOVED
    assert "Player 2 sacrifices Test Addax (Test Herder)" in log_of(events, P2)
    assert "Player 2 sacrifices Test Addax (a card in Player 2's hand)" in log_of(events, P1)
    assert log_of(events, None) == log_of(events, P2)  # an onlooker sees what its owner does


def test_a_card_gone_to_a_hidden_zone_is_named_by_where_it_lies():
    from tabletop.engine import Event, naming

    state = play_phase()
    herder = to_hand(state, P2, HERDER)
    words = naming(state, herder)
    assert (words.for_seat(P2), words.for_seat(P1)) == ("Test Herder", "a card in Player 2's hand")
    event = Event.told("info", "Player 1 looks at " + words, seat=P1)
    assert event.text_for(P1) == "Player 1 looks at a card in Player 2's hand"
    assert event.text_for(P2) == "Player 1 looks at Test Herder"
    state.move(herder, (P2, rules.ARMY))
    assert naming(state, herder).for_seat(P1) == "Test Herder"  # in play: seen by all


def saved_into_hand(mourner_card, staff_card, kept_card):
    """Player 1's creature that asks, when it dies, for an enchantment back from the
    graveyard, with an enchantment on it that returns it to the hand instead; Player 2
    destroys it: its ability waits for a target while the creature is in Player 1's hand."""
    state = play_phase(P2)
    mourner = put(state, P1, mourner_card, first_city(state, P1))
    staff = put(state, P1, staff_card, first_city(state, P1))
    state.cards[staff].attached_to = mourner
    kept = put(state, P1, kept_card, rules.GRAVE)
    to_hand(state, P1, GOBLIN)
    doom = to_hand(state, P2, "Gravecall")
    resources(state, P2, "dark_legion", 4)
    steps(state, [f"P2: play #{doom} -> #{mourner}"])
    assert where(state, mourner) == rules.HAND
    assert (state.top_prompt.name, state.top_prompt.data) == ("target", (mourner, 0))
    return state, mourner, kept


def test_a_trigger_of_a_card_gone_back_to_its_owners_hand_resolves_as_it_triggered():
    # the card triggered in play, in the open: every possible world resolves its ability
    # (the others read where the card is, not its name)
    mourner = from_text(
        "Test Mourner",
        "creature",
        "When I die, return target enchantment from your graveyard to your hand.",
        attack=1,
        defense=1,
    )
    staff = from_text(
        "Test Staff",
        "enchantment",
        "Enchant target creature you control. When the enchanted creature dies, return it "
        "to your hand instead of your graveyard and put me on the bottom of your deck.",
    )
    state, mourner, kept = saved_into_hand(mourner, staff, HUSH)
    events = steps(state, [f"P1: target #{mourner} -> #{kept}"])
    assert where(state, kept) == rules.HAND
    said = [t for t in log_of(events, P2) if t.endswith(", Test Hush")]
    assert said and all(t.startswith("a card in Player 1's hand: ") for t in said)


# -- the window a pick opens is the same whatever the hand or deck holds ------------------------


def captain_played(soldier_in_hand: bool):
    """Player 1 plays a creature whose arrival puts a Soldier from their hand into their army
    (not a "may"), holding a Soldier or not (checked for leaks as it is played)."""
    state = play_phase()
    resources(state, P1, "red_banner", 2)
    captain = to_hand(state, P1, CAPTAIN)
    soldier = to_hand(state, P1, SOLDIER if soldier_in_hand else GOBLIN)
    to_hand(state, P1, GOBLIN)
    steps(state, [f"P1: play #{captain} -> #{first_city(state, P1)}"])
    return state, captain, soldier


def test_a_pick_from_the_hand_opens_the_same_window_whether_it_holds_a_card_to_take():
    kinds = []
    for soldier_in_hand in (True, False):
        state, captain, _ = captain_played(soldier_in_hand)
        kinds.append((state.top_prompt.name, state.top_prompt.seat, state.top_prompt.data))
    assert kinds[0] == kinds[1] == ("target", P1, (captain, 0))


def test_a_pick_that_must_be_made_is_passed_only_when_nothing_may_be_taken():
    # ruling 41: the player is asked either way; holding a Soldier, they must put it
    state, captain, soldier = captain_played(True)
    assert "your hand holds a card Test Captain must take (ruling)" in refused(state, "P1: pass")
    do(state, f"P1: target #{captain} -> #{soldier}")
    assert where(state, soldier) == rules.ARMY
    state, captain, _ = captain_played(False)
    assert [a.kind for a in legal_actions(state)] == ["pass"]
    do(state, "P1: pass")
    assert state.top_prompt is None and where(state, captain) == "city1"


def test_a_target_in_the_open_still_cannot_be_passed():
    state = start()
    at(state, "play1")
    resources(state, P1, "house_of_nobles", 3)
    recall = to_hand(state, P1, "Recall to Court")
    put(state, P2, GOBLIN)
    assert refused(state, f"P1: play #{recall}")  # it needs its target
    assert state.top_prompt is None


# -- with the real cards ---------------------------------------------------------------------------


def test_the_real_addax_herders_sacrifice_does_not_name_it_once_back_in_hand(real):
    state, _, addax = bounce_the_herder(real["Addax Herder"], real["Addax 1/1"])
    events = steps(state, [f"P2: sacrifice #{addax[0]}"])
    assert "Player 2 sacrifices Addax 1/1 (a card in Player 2's hand)" in log_of(events, P1)
    assert "Player 2 sacrifices Addax 1/1 (Addax Herder)" in log_of(events, P2)


def test_the_real_kalenz_saved_by_centaurs_staff_returns_an_enchantment_as_it_triggered(real):
    state, kalenz, kept = saved_into_hand(
        real["Kalenz"], real["Centaur's Staff"], real["Rope Trap"]
    )
    steps(state, [f"P1: target #{kalenz} -> #{kept}"])
    assert where(state, kept) == rules.HAND


def test_the_real_barracks_asks_for_a_soldier_in_the_same_window_whether_the_hand_holds_one(real):
    kinds = []
    for soldier_in_hand in (True, False):
        state = start()
        barracks = put(state, P1, real["Barracks"], "city2")
        r1 = put(state, P1, real["Squad Leader"], barracks)  # loyalty 3
        r2 = put(state, P1, real["Mentor"], barracks)  # loyalty 2
        to_hand(state, P1, real["Spearman"] if soldier_in_hand else GOBLIN)
        to_hand(state, P1, GOBLIN)
        at(state, "tactics")
        steps(state, [f"P1: devote #{barracks}, #{r1}, #{r2}"])
        kinds.append((state.top_prompt.name, state.top_prompt.data))
    assert kinds[0] == kinds[1] == ("target", (barracks, 1))
