"""A card that shows its player's resource cards and takes the place of one of them ("Reveal
the front side of all your resources and swap me for an enchantment or event card."):
ruling 61. The sentences here are on no real card."""

from __future__ import annotations

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse, read_phrase
from tabletop.games.arcmage.rules.zones import swap

from .helpers import GOBLIN, P1, P2, do, legal, options, play_phase, put
from .test_grammar import from_text

RECALL = from_text(
    "Test Recall",
    "magic",
    "Reveal the faces of all your resources and swap me for an event or magic card.",
)
BOLT = from_text("Test Bolt", "event", "Deal 1 damage to target creature.")
CHARM = from_text("Test Charm", "magic", "Draw a card.")


def face_down(state, seat: int, which, faction: str = "gaian", marked: bool = False) -> int:
    cid = put(state, seat, which, rules.RES[faction])
    state.cards[cid].face_down = True
    state.cards[cid].turned = marked
    return cid


def test_showing_and_swapping_are_read_from_the_words():
    got = read_phrase("reveal all your resource cards and swap me for an enchantment card")
    assert [(e.do, e.subtype) for e in got.effects] == [
        ("show_resources", ""),
        ("swap", "enchantment"),
    ]


def test_the_resource_cards_are_shown_to_everyone():
    state = play_phase()
    goblin = face_down(state, P1, GOBLIN)
    events = played_events(state)
    shown = [e for e in events if e.reveals]
    assert any(goblin in e.reveals and e.shown_to(P2) for e in shown)


def played_events(state) -> list:
    card = put(state, P1, RECALL, rules.HAND)
    events = do(state, f"P1: play #{card}")
    while state.top_prompt is not None and state.top_prompt.name == "respond":
        events += do(state, f"P{state.top_prompt.seat + 1}: pass")
    return events


def test_the_card_takes_the_place_of_the_resource_card_its_player_chooses():
    state = play_phase()
    bolt = face_down(state, P1, BOLT, "red_banner", marked=True)
    charm = face_down(state, P1, CHARM, "gaian")
    face_down(state, P1, GOBLIN, "gaian")  # a creature: not to be swapped
    played_events(state)
    assert (state.top_prompt.seat, state.top_prompt.name) == (P1, "owe")
    assert {a.cards[0] for a in options(state, "take")} == {bolt, charm}
    recall = next(c for c in state.zones[(P1, rules.GRAVE)] if state.cards[c].card is RECALL)
    do(state, f"P1: take #{bolt}")
    assert state.cards[bolt].zone == (P1, rules.HAND)
    card = state.cards[recall]
    assert card.zone == (P1, rules.RES["red_banner"])  # in the pile it came from
    assert card.face_down and card.turned  # as the swapped card lay


def test_one_card_to_swap_is_swapped_unasked():
    state = play_phase()
    charm = face_down(state, P1, CHARM)
    played_events(state)
    assert not state.prompts
    assert state.cards[charm].zone == (P1, rules.HAND)


def test_nothing_to_swap_leaves_the_card_in_the_graveyard():
    state = play_phase()
    face_down(state, P1, GOBLIN)
    played_events(state)
    assert not state.prompts
    assert any(state.cards[c].card is RECALL for c in state.zones[(P1, rules.GRAVE)])


def test_an_opponents_resource_cards_are_not_swapped():
    state = play_phase()
    theirs = face_down(state, P2, CHARM)
    mine = face_down(state, P1, BOLT)
    face_down(state, P1, CHARM)
    played_events(state)
    assert not legal(state, f"P1: take #{theirs}")
    assert legal(state, f"P1: take #{mine}")


def test_a_swap_that_does_not_show_the_resource_cards_first_is_left_to_the_players():
    """Whether its player were asked which card would tell the others what their face-down
    resource cards are."""
    got = parse("Swap me for an event or magic card.", "magic", "T")
    assert got.unenforced != ""


def test_the_card_taken_back_is_named_only_to_its_player():
    state = play_phase()
    charm = face_down(state, P1, CHARM)
    recall = put(state, P1, RECALL, rules.GRAVE)
    events: list = []
    swap(state, P1, charm, recall, events)
    (taken,) = events
    assert "Test Charm" in taken.text_for(P1)
    assert "Test Charm" not in taken.text_for(P2)
