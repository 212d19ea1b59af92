"""Checks that hold for every game at every step (used by tests and the fuzzer)."""

from __future__ import annotations

from .core import can_see
from .state import HIDDEN, GameState


def zone_problems(state: GameState) -> list[str]:
    """Every card instance is in exactly one zone, and knows which: none lost, none twice."""
    problems = []
    seen: dict[int, tuple] = {}
    for key, ids in state.zones.items():
        for cid in ids:
            if cid in seen:
                problems.append(f"card #{cid} is in {seen[cid]} and in {key}")
            seen[cid] = key
            inst = state.cards.get(cid)
            if inst is None:
                problems.append(f"zone {key} holds #{cid}, which is no card of this game")
            elif inst.zone != key:
                problems.append(f"card #{cid} ({inst.card.name}) is in {key} but records "
                                f"{inst.zone}")
            elif inst.id != cid:
                problems.append(f"card #{cid} is stored under another id ({inst.id})")
    for cid in state.cards:
        if cid not in seen:
            problems.append(f"card #{cid} ({state.cards[cid].card.name}) is in no zone")
    return problems


def view_leaks(state: GameState, seen: GameState, seat: int) -> list[str]:
    """Cards whose real definition ``seen`` (``view(state, seat)``) shows although ``seat``
    may not see them. (A game may put a stand-in there instead of HIDDEN; that is no leak.)"""
    leaks = []
    for cid, inst in seen.cards.items():
        if inst.card is not HIDDEN and inst.card is state.cards[cid].card and \
                not can_see(state, seat, cid):
            leaks.append(f"seat {seat + 1} sees #{cid} ({inst.card.name}) in {inst.zone}")
    return leaks
