"""For rule tests of games that ask every player holding a card to answer, whatever it holds:
pass for those who could only pass, so a test about another rule reads as that rule."""

from __future__ import annotations

from collections.abc import Collection

from tabletop.engine import PASS, Action, GameState, apply, legal_actions


def pass_the_unanswerable(state: GameState, windows: Collection[str]) -> list:
    """While one of ``windows`` is open for a seat that can only pass, pass; the events."""
    events: list = []
    while state.top_prompt is not None and state.top_prompt.name in windows and \
            [a.kind for a in legal_actions(state)] == [PASS]:
        events += apply(state, Action(PASS, state.top_prompt.seat))
    return events
