"""Actions' text form: readable, and parsed back to the same action."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine import Action, ActionSyntaxError, legal_actions, parse
from tabletop.engine.core import apply
from tabletop.games import get

GAME = get("ewc")
DECKS = GAME.card_set().decks


def game(seed=1):
    return GAME.new_game([DECKS["ember_vanguard"], DECKS["windrunner"]], seed)


def test_text_form_reads_like_the_rulebook():
    state = game()
    hero, target = state.data.heroes
    action = parse(state, f"P1: attack #{hero} -> #{target}")
    assert str(action) == 'attack "Kael, the Ember Knight" -> "Lyra Swiftwind"'
    assert action.exact() == (
        f'P1: attack "Kael, the Ember Knight"#{hero} -> "Lyra Swiftwind"#{target}'
    )


def test_names_with_quotes_and_apostrophes_round_trip():
    state = game()
    shield = next(
        c for c in state.zones[(0, "field")] if state.cards[c].card.name == "Squire's Shield"
    )
    action = parse(state, f"P1: tp #{shield}")
    assert str(action) == 'tp "Squire\'s Shield"'
    assert parse(state, str(action), seat=0).cards == (shield,)
    assert Action("x", 0, (1,), labels=('a "b"',)).exact() == 'P1: x "a \\"b\\""#1'


def test_parsing_resolves_names_to_the_seats_own_cards_first():
    state = game()
    action = parse(state, 'P1: attack "Kael, the Ember Knight" -> "Lyra Swiftwind"')
    assert action.cards == (state.data.heroes[0],)
    assert action.targets == (state.data.heroes[1],)


def test_several_cards_and_choices():
    state = game()
    a, b = state.zones[(0, "hand")]
    action = parse(state, f"replace #{a}, #{b}")
    assert action.kind == "replace" and action.cards == (a, b) and action.seat == 0
    assert parse(state, "P2: place #3 -> c2 down").words == ("c2", "down")


def test_a_name_followed_by_in_zone_is_the_copy_in_that_zone():
    state = game()
    in_hand = state.zones[(0, "hand")][0]
    name = state.cards[in_hand].card.name
    in_deck = next(c for c in state.zones[(0, "deck")] if state.cards[c].card.name == name)
    assert parse(state, f'P1: replace "{name}" in "P1 hand"').cards == (in_hand,)
    assert parse(state, f'P1: replace "{name}" in "P1 deck"').cards == (in_deck,)
    assert parse(state, f'P1: replace "{name}"#{in_deck} in "P1 deck"').cards == (in_deck,)
    action = parse(
        state, 'P1: attack "Kael, the Ember Knight" in "P1 hero" -> "Lyra Swiftwind" in "P2 hero"'
    )
    assert (action.cards, action.targets) == ((state.data.heroes[0],), (state.data.heroes[1],))
    assert str(action) == 'attack "Kael, the Ember Knight" -> "Lyra Swiftwind"'


def test_a_card_named_by_name_is_one_its_seat_can_see_before_one_in_a_deck():
    state = game()
    in_hand = state.zones[(0, "hand")][0]
    name = state.cards[in_hand].card.name
    # Move the hand's copy behind every other zone in table order: still the one taken.
    assert any(state.cards[c].card.name == name for c in state.zones[(0, "deck")])
    state.move(in_hand, (0, "discard"))
    action = parse(state, f'P1: play "{name}"')  # not legal: nothing is played from a discard
    assert action.cards == (in_hand,)


def test_in_stays_a_choice_when_no_zone_follows_it():
    state = game()
    assert parse(state, "P2: place #3 in c3").words == ("in", "c3")


@pytest.mark.parametrize(
    "text, problem",
    [
        ('replace "Iron Sword" in "P1 hnd"', "no zone 'P1 hnd'"),
        ('replace "Iron Sword" in "P1 hand" in "P1 deck"', "a card with two zones"),
        ('replace "Lyra Swiftwind" in "P1 hand"', "no card called 'Lyra Swiftwind' is in P1 hand"),
        ('replace #1 in "P1 hand"', "card #1 is in P1 hero, not in P1 hand"),
    ],
)
def test_a_zone_that_does_not_hold_the_card_is_refused_with_its_problem(text, problem):
    with pytest.raises(ActionSyntaxError, match=problem):
        parse(game(), text)


@pytest.mark.parametrize(
    "text, problem",
    [
        ("", "an empty action"),
        ('"Iron Sword"', "starts with its kind"),
        ('play "Iron Sword",', "no card after it"),
        ("play -> #1 -> #2", "more than one '->'"),
        ('play "Nothing Such"', "no card called 'Nothing Such'"),
        ("play #99999", "no card #99999"),
        ("P9: end", "no seat 8"),
    ],
)
def test_malformed_text_is_refused_with_its_problem(text, problem):
    with pytest.raises(ActionSyntaxError, match=problem):
        parse(game(), text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.lists(st.integers(0, 1000), min_size=1, max_size=40))
def test_every_legal_action_parses_back_from_its_exact_text(seed, picks):
    state = game(seed)
    for pick in picks:
        actions = legal_actions(state)
        if not actions:
            break
        for action in actions:
            assert parse(state, action.exact()) == action
            back = parse(state, str(action), seat=action.seat)
            assert str(back) == str(action)
        apply(state, actions[pick % len(actions)])
