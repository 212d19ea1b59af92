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
    assert action.exact() == (f'P1: attack "Kael, the Ember Knight"#{hero} -> '
                              f'"Lyra Swiftwind"#{target}')


def test_names_with_quotes_and_apostrophes_round_trip():
    state = game()
    shield = next(c for c in state.zones[(0, "field")]
                  if state.cards[c].card.name == "Squire's Shield")
    action = parse(state, f"P1: tp #{shield}")
    assert str(action) == "tp \"Squire's Shield\""
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


@pytest.mark.parametrize("text, problem", [
    ("", "an empty action"),
    ('"Iron Sword"', "starts with its kind"),
    ('play "Iron Sword",', "no card after it"),
    ("play -> #1 -> #2", "more than one '->'"),
    ('play "Nothing Such"', "no card called 'Nothing Such'"),
    ("play #99999", "no card #99999"),
    ("P9: end", "no seat 8"),
])
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
