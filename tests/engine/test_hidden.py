"""Hidden information in the core: possible worlds, what a seat is shown, and interrupting
("respond") where a game lets a player act at any time."""

import random
from typing import ClassVar

import pytest

from tabletop.engine import (
    END,
    PASS,
    RESPOND,
    Action,
    Event,
    IllegalAction,
    Move,
    Phase,
    Window,
    Words,
    apply,
    check,
    legal_actions,
    naming,
    responses,
    to_act,
    view,
    who_sees,
)
from tabletop.engine.invariants import observation, observation_leaks, redeal

from .toy import DECK, MOVES, WINDOWS, Sums


def _heckle(state, action, events):
    state.prompts = state.prompts[:-1]
    events.append(Event("info", "heckled", seat=action.seat))


class Heckling(Sums):
    """Sums where the seat not playing may heckle at any time of the Main phase."""

    id = "heckling"
    respond_window = "heckle"
    windows: ClassVar = {**WINDOWS, "heckle": Window("heckle", "Heckle?", frozenset({"heckle"}))}
    moves: ClassVar = {
        **MOVES,
        "heckle": Move(
            "heckle", lambda s, seat: iter([Action("heckle", seat)]), lambda s, a: None, _heckle
        ),
    }

    def respond_problem(self, state, seat):
        if state.phase != "main" or state.prompts:
            return "Sums: heckle in the Main phase, when nobody is asked anything"
        return None


def _leaky_draw(state, events):
    deck = state.zones[(state.active, "deck")]
    if deck:
        cid = deck[0]
        state.move(cid, (state.active, "hand"))
        events.append(Event("move", f"draws {state.cards[cid].card.name}", seat=state.active))
    state.data.played = False


class Leaky(Sums):
    """Sums whose draw tells everyone which card was drawn."""

    id = "leaky"
    phases: ClassVar = {
        **Sums.phases,
        "draw": Phase("draw", "Draw", auto=True, enter=_leaky_draw, next="main"),
    }


def test_a_seat_not_to_act_may_answer_where_the_game_allows():
    game = Heckling()
    state = game.new_game([DECK, DECK], seed=3)
    assert to_act(state) == 0
    assert responses(state) == [Action(RESPOND, 1)]
    apply(state, Action(RESPOND, 1))
    assert to_act(state) == 1 and state.top_prompt.name == "heckle"
    assert {a.kind for a in legal_actions(state)} == {"heckle", PASS}
    apply(state, Action(PASS, 1))
    assert to_act(state) == 0 and state.phase == "main" and not state.prompts


def test_answering_is_refused_where_the_game_does_not_allow_it():
    game = Heckling()
    state = game.new_game([DECK, DECK], seed=3)
    play = next(a for a in legal_actions(state) if a.kind == "play")
    apply(state, play)  # the doubt window opens for seat 2
    assert responses(state) == []
    assert (
        check(state, Action(RESPOND, 0))
        == "Sums: heckle in the Main phase, when nobody is asked anything"
    )
    assert check(state, Action(RESPOND, 1)) == "Sums: it is your decision now; act, or pass"
    with pytest.raises(IllegalAction):
        apply(state, Action(RESPOND, 0))


def test_a_game_without_a_respond_window_lets_nobody_interrupt():
    state = Sums().new_game([DECK, DECK], seed=3)
    assert responses(state) == []
    assert check(state, Action(RESPOND, 1)) == "Sums: a player answers only when the rules ask"


def test_a_redealt_world_looks_the_same_to_the_seat_and_differs_behind_its_back():
    state = Sums().new_game([DECK, DECK], seed=3)
    rng = random.Random(1)
    hidden = [cid for cid, inst in view(state, 0).cards.items() if not inst.known]
    changed = False
    for _ in range(20):
        world = redeal(state, 0, rng)
        assert view(world, 0).snapshot() == view(state, 0).snapshot()
        changed |= any(world.cards[c].card is not state.cards[c].card for c in hidden)
        assert sorted(i.card.name for i in world.cards.values()) == sorted(
            i.card.name for i in state.cards.values()
        )
    assert changed


def test_a_draw_that_names_the_card_to_everyone_is_found_as_a_leak():
    state = Leaky().new_game([DECK, DECK], seed=3)
    rng = random.Random(2)
    leaks = []
    for _ in range(5):  # the other seat's draws, after each end
        if state.over:
            break
        leaks += observation_leaks(state, Action(END, to_act(state)), rng, worlds=4)
        apply(state, Action(END, to_act(state)))
    assert any("the events" in leak for leak in leaks)


def test_the_toy_game_shows_no_seat_what_it_may_not_see():
    state = Sums().new_game([DECK, DECK], seed=5)
    rng = random.Random(5)
    for _ in range(60):
        if state.over:
            break
        action = rng.choice(legal_actions(state))
        assert observation_leaks(state, action, rng) == []
        apply(state, action)


def test_an_observation_includes_who_is_asked_to_act():
    state = Sums().new_game([DECK, DECK], seed=3)
    play = next(a for a in legal_actions(state) if a.kind == "play")
    events = apply(state, play)
    assert observation(state, events, 0)[2] == 1  # seat 2 is asked to doubt


def test_the_name_of_a_card_is_read_by_each_seat_as_it_may_see_it():
    state = Sums().new_game([DECK, DECK], seed=3)
    held = state.zones[(1, "hand")][0]
    deep = state.zones[(0, "deck")][0]
    name = state.cards[held].card.name
    words = naming(state, held)
    assert (words.for_seat(1), words.for_seat(0), words.for_seat(None)) == (
        name,
        "a card in Player 2's hand",
        name,
    )
    assert naming(state, deep).for_seat(0) == "a card in Player 1's deck"
    assert who_sees(state, held) == frozenset({1}) and who_sees(state, deep) == frozenset()
    # joined, the words are read whole by the seats that may read every part; the others
    # read every part as a seat that may not (an event has two texts)
    line = "Player 1 swaps " + naming(state, deep) + " for " + words
    hidden = "Player 1 swaps a card in Player 1's deck for a card in Player 2's hand"
    assert (line.for_seat(0), line.for_seat(1), line.seen_by) == (hidden, hidden, frozenset())
    assert ("Player 2 holds " + words).for_seat(1) == f"Player 2 holds {name}"
    event = Event.told("move", line, seat=0)
    assert [event.text_for(s) for s in (0, 1, None)] == [hidden, hidden, line.text]
    state.move(held, (1, "pile"))
    assert naming(state, held) == Words(name) and who_sees(state, held) is None
    with pytest.raises(TypeError):
        f"Player 2 plays {words}"  # an f-string would give every seat the name


class Insisting(Sums):
    """Sums where a 5 played must be doubted: the doubt window may be passed, but not then."""

    id = "insisting"
    windows: ClassVar = {
        "doubt": Window(
            "doubt",
            "Doubt that card?",
            frozenset({"doubt"}),
            on_pass=WINDOWS["doubt"].on_pass,
            pass_refused=lambda state, prompt: (
                "Sums: a 5 is always doubted"
                if state.cards[prompt.data[0]].card.value == 5
                else None
            ),
        )
    }


def test_a_window_may_refuse_a_pass_it_allows_at_other_times():
    for value, passes in ((5, False), (4, True)):
        state = Insisting().new_game([DECK, DECK], seed=3)
        card = next(c for c in state.cards if state.cards[c].card.value == value)
        state.move(card, (0, "hand"))
        apply(state, Action("play", 0, (card,)))
        assert state.top_prompt.name == "doubt"  # the same window either way
        assert (PASS in {a.kind for a in legal_actions(state)}) == passes
        assert check(state, Action(PASS, 1)) == (None if passes else "Sums: a 5 is always doubted")
