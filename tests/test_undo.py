"""Undo: within a seat's own turn, any action that revealed nothing can be taken back."""

from tabletop.engine import Match, legal_actions, parse
from tabletop.engine.scenario import Scenario, build
from tabletop.games import get
from tabletop.games.wota import rules as wota

EWC = get("ewc")
WOTA = get("wota")


def ewc_training():
    decks = EWC.card_set().decks
    match = Match(EWC, [decks["ember_vanguard"], decks["windrunner"]], 1, undo=True)
    match.state.rng.force(6, 1)  # Player 1 goes first
    match.apply(parse(match.state, "P1: keep"))
    match.apply(parse(match.state, "P2: keep"))
    assert match.state.phase == "training" and match.state.active == 0
    return match


def test_an_action_that_revealed_nothing_is_undone_exactly():
    match = ewc_training()
    before = match.state.snapshot()
    tp = next(a for a in legal_actions(match.state) if a.kind == "tp")
    match.apply(tp)
    assert match.why_not_undo(0) is None
    match.undo()
    assert match.state.snapshot() == before
    assert len(match.record.actions) == 2


def test_several_actions_of_the_turn_can_be_undone_one_by_one():
    match = ewc_training()
    before = match.state.snapshot()
    for _ in range(2):
        match.apply(next(a for a in legal_actions(match.state) if a.kind == "tp"))
    match.undo()
    match.undo()
    assert match.state.snapshot() == before


def test_a_die_roll_cannot_be_undone():
    match = ewc_training()
    match.apply(parse(match.state, "P1: end"))  # to Combat
    match.apply(parse(match.state, 'P1: attack "Kael, the Ember Knight" -> "Lyra Swiftwind"'))
    while match.state.prompts and match.state.active != match.state.top_prompt.seat:
        match.apply(parse(match.state, "P2: pass"))
    assert match.why_not_undo(0) in (
        "The other player has acted since",
        "That cannot be undone: it used a random result (a roll, a coin or a shuffle)",
    )


def test_a_draw_cannot_be_undone():
    scenario = Scenario.model_validate(
        {
            "game": "ewc",
            "title": "a draw",
            "phase": "combat",
            "decks": ["windrunner", "ember_vanguard"],
            "seats": [{"zones": {"field": ["Scout Ahead"]}}],
        }
    )
    state = build(scenario, EWC)
    decks = EWC.card_set().decks
    match = Match(EWC, [decks["windrunner"]] * 2, 1, undo=True, start=state)
    match.apply(parse(state, 'P1: use "Scout Ahead"'))
    assert match.why_not_undo(0) == (
        "That cannot be undone: it showed you a card you had not seen (a draw)"
    )


def test_the_other_seats_actions_and_other_turns_cannot_be_undone():
    match = ewc_training()
    assert match.why_not_undo(1) == "Only actions of your own turn can be undone"
    match.apply(parse(match.state, "P1: end"))
    match.apply(parse(match.state, "P1: end"))
    assert match.state.active == 1
    assert match.why_not_undo(0) == "Only actions of your own turn can be undone"


def test_a_flip_cannot_be_undone():
    decks = WOTA.card_set().decks
    match = Match(WOTA, [decks["iron_vanguard"], decks["hexweavers"]], 1, undo=True)
    state = match.state
    match.apply(parse(state, f"place #{state.data.stones[0]} c1 down"))
    match.apply(parse(state, "ready"))
    match.apply(parse(state, f"place #{state.data.stones[1]} c5 down"))
    state.rng.force(0)
    match.apply(parse(state, "ready"))
    unit = next(c for c in state.zones[(0, wota.HAND)] if state.cards[c].card.type == "unit")
    match.apply(parse(state, f"place #{unit} b2 down"))
    assert match.why_not_undo(0) is None  # placing face down shows the opponent nothing
    match.apply(parse(state, f"flip #{unit}"))
    assert match.why_not_undo(0) == "That cannot be undone: it turned a face-down card face up"
