"""Movement and Party Tactics (coe.txt, "Movement and Party Tactics"): the one party tactic
of a Camp Phase (a champion to the support position, to the battlefield, or to the Party
Leader position; ruling 32; a champion played from the party area activates its Swift, which
the other seat may answer, ruling 54), and the CC limit (ruling 35): a seat over it archives
cards until within it, checked as every action and every pass settles (``_settles``, which
``phases`` wraps every move in)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....engine import (
    Action,
    Event,
    Events,
    GameState,
    Prompt,
    act,
    close_window,
    open_window,
)
from ..cards import CoeCard
from .answers import swift
from .effects import _archive_card
from .keywords import position_problem, take_position
from .state import (
    ARSENAL,
    CAMP,
    CHARACTERS,
    LEADER,
    PARTY,
    R_STEP_ORDER,
    SUPPORT,
    C,
    characters,
    data,
    name,
    played,
    who,
)

TACTICS = ("support", "battlefield", "leader")
R_ONE_TACTIC = (
    f"{C}, {CAMP}: Players may perform only one of these actions per turn during camp phase"
)
R_TACTIC = f"{C}, Party Tactics: {{}}"


def _tactic_problem(state: GameState, seat: int, champion: int, where: str) -> str | None:
    inst = state.cards[champion]
    z = state.zones
    src = inst.zone
    leader_empty = not z[(seat, LEADER)]
    if inst.owner != seat or inst.card.type != "champion" or src[0] != seat:
        return R_TACTIC.format("choose a champion of your party")
    if where == "support":
        if src[1] != PARTY:
            return R_TACTIC.format(
                "A. Play a Champion from their party area to their open support position"
            )
        if z[(seat, SUPPORT)]:
            return R_TACTIC.format("A. ... to their open support position (it is taken)")
    elif where == "battlefield":
        if src[1] != PARTY:
            return R_TACTIC.format("B. Play a Champion from their Party area to the Battlefield")
        problem = position_problem(state, seat, inst.card)
        if problem:
            return R_TACTIC.format(f"B. ... to the Battlefield: {problem.removeprefix(C + ': ')}")
    elif src[1] not in (CHARACTERS, SUPPORT) and not (leader_empty and src[1] == PARTY):
        return R_TACTIC.format(
            "C. Swap a champion in their party Leader Area, with another "
            "Champion on the field that they control"
        )
    if (
        leader_empty
        and where != "leader"
        and any(
            state.cards[c].card.type == "champion"
            for c in (*z[(seat, PARTY)], *z[(seat, CHARACTERS)], *z[(seat, SUPPORT)])
        )
    ):
        return R_TACTIC.format(
            "the Party Leader position is empty: this turn's tactic fills it (ruling 32)"
        )
    return None


def _gen_tactic(state: GameState, seat: int) -> Iterator[Action]:
    d = data(state)
    if d.tactic or d.step > 5:
        return
    z = state.zones
    for cid in (*z[(seat, PARTY)], *z[(seat, CHARACTERS)], *z[(seat, SUPPORT)]):
        for where in TACTICS:
            if _tactic_problem(state, seat, cid, where) is None:
                yield act(state, "tactic", seat, (cid,), (), (where,))


def _check_tactic(state: GameState, action: Action) -> str | None:
    if (
        len(action.cards) != 1
        or action.targets
        or len(action.words) != 1
        or action.words[0] not in TACTICS
    ):
        return (
            f"{C}: one party tactic: a champion to support, to the battlefield or to the "
            'leader position (tactic "Champion" support|battlefield|leader)'
        )
    d = data(state)
    if d.tactic:
        return R_ONE_TACTIC
    if d.step > 5:
        return R_STEP_ORDER + ": Party Tactics is step 5, and a later step has begun"
    return _tactic_problem(state, action.seat, action.cards[0], action.words[0])


def _exec_tactic(state: GameState, action: Action, events: Events) -> None:
    seat, cid, where = action.seat, action.cards[0], action.words[0]
    d = data(state)
    d.tactic = True
    d.step = 5
    src = state.cards[cid].zone
    if where in ("support", "battlefield"):
        if where == "support":
            state.move(cid, (seat, SUPPORT))
        else:
            take_position(state, cid, events)
        played(state, cid)
        text = (
            f"{who(state, seat)} plays {name(state, cid)} from the party area to "
            f"{'the support position' if where == 'support' else 'the battlefield'}"
        )
    elif not state.zones[(seat, LEADER)]:
        state.move(cid, (seat, LEADER), keep=src[1] != PARTY)
        if src[1] == PARTY:
            played(state, cid)
        text = f"{who(state, seat)}'s {name(state, cid)} takes the empty Party Leader position"
    else:
        leader = state.zones[(seat, LEADER)][0]
        at = state.zones[src].index(cid)
        state.move(leader, src, index=at, keep=True)
        state.move(cid, (seat, LEADER), keep=True)
        text = (
            f"{who(state, seat)} swaps {name(state, cid)} into the Party Leader position "
            f"with {name(state, leader)}"
        )
    events.append(Event("move", text, seat=seat, cards=(cid,), value=(src, state.cards[cid].zone)))
    if src[1] == PARTY:
        # Played to the field (a swap is not, ruling 6): its Swift, which may be answered.
        swift(state, cid, events)


# -- the CC limit (ruling 35) ------------------------------------------------------------------


R_CC = (
    f"{C}: Players must choose to archive arsenal cards that are over the CC limit of the "
    "champions on their side of the field (ruling 35)"
)


def cc_limit(state: GameState, seat: int) -> int:
    """The total CC of the seat's champions on the field (not those in the party area)."""
    cards = state.cards
    return sum(
        cards[c].card.cc or 0 for c in characters(state, seat) if cards[c].card.type == "champion"
    )


def cc_counted(state: GameState, seat: int) -> list[int]:
    """The seat's cards the limit counts: its equipment and infinite cards in play (not
    acolytes, face-down conjures, or cards still being played)."""
    cards = state.cards
    return [
        c
        for c in state.zones[(seat, ARSENAL)]
        if not cards[c].face_down and _cc_counts(cards[c].card)
    ]


def _cc_counts(card: CoeCard) -> bool:
    return card.type == "equipment" or card.infinite


def _cc_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """A card that would stay in play past the seat's CC limit cannot be played."""
    if not _cc_counts(card) or card.conjure:
        return None
    limit, count = cc_limit(state, seat), len(cc_counted(state, seat))
    if count + 1 <= limit:
        return None
    return f"{R_CC}: your CC limit is {limit} and {count} of your cards in play count toward it"


def over_cc(state: GameState, seat: int) -> bool:
    counted = cc_counted(state, seat)
    return bool(counted) and len(counted) > cc_limit(state, seat)


def _cc_check(state: GameState, events: Events) -> None:
    """Once an action has settled: a seat over its CC limit (a champion of its left the
    field) chooses at once which of its cards to archive, until within it (ruling 35)."""
    asked = {p.seat for p in state.prompts if p.name == "cc"}
    over = [s for s in range(state.seats) if s not in asked and over_cc(state, s)]
    if not over or state.over or state.game.winner(state) is not None:
        return  # (nobody is over; or the game is won: it ends as the action settles)
    for seat in over:
        open_window(state, seat, "cc", events)


def _settles(execute: Any) -> Any:
    """An action's execution, then the CC limit's check (ruling 35)."""

    def run(state: GameState, action: Action, events: Events) -> None:
        execute(state, action, events)
        _cc_check(state, events)

    return run


def _settles_pass(on_pass: Any) -> Any:
    def run(state: GameState, prompt: Prompt, events: Events) -> None:
        on_pass(state, prompt, events)
        _cc_check(state, events)

    return run


def _gen_shed(state: GameState, seat: int) -> Iterator[Action]:
    if over_cc(state, seat):
        for cid in cc_counted(state, seat):
            yield act(state, "archive", seat, (cid,))


def _check_shed(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{C}: archive one of your cards over the CC limit (archive "Card")'
    if action.cards[0] not in cc_counted(state, seat):
        return f"{R_CC}: choose one of your equipment or infinite cards in play"
    if not over_cc(state, seat):
        return f"{R_CC}: you are within your CC limit"
    return None


def _exec_shed(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    _archive_card(
        state,
        cid,
        events,
        f": {who(state, seat)} is over the CC limit of {cc_limit(state, seat)} (ruling 35)",
    )
    if not over_cc(state, seat):
        close_window(state)
