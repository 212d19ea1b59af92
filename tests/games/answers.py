"""What every game's rule tests share: passing for players who could only pass (in games
that ask every player holding a card to answer, whatever it holds), so a test about another
rule reads as that rule; and checking a refusal."""

from __future__ import annotations

from collections.abc import Collection

import pytest

from tabletop.engine import (
    PASS,
    Action,
    GameState,
    IllegalAction,
    apply,
    check,
    legal_actions,
    parse,
)


def pass_the_unanswerable(state: GameState, windows: Collection[str]) -> list:
    """While one of ``windows`` is open for a seat that can only pass, pass; the events."""
    events: list = []
    while (
        state.top_prompt is not None
        and state.top_prompt.name in windows
        and [a.kind for a in legal_actions(state)] == [PASS]
    ):
        events += apply(state, Action(PASS, state.top_prompt.seat))
    return events


def refused(state: GameState, text: str) -> str:
    """The reason the action ``text`` is refused; asserts that applying it raises that same
    reason and changes nothing."""
    before = state.snapshot()
    action = parse(state, text)
    reason = check(state, action)
    assert reason is not None, f"{text!r} was legal"
    with pytest.raises(IllegalAction) as info:
        apply(state, action)
    assert info.value.reason == reason
    assert state.snapshot() == before
    return reason
