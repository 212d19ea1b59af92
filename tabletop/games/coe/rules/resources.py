"""Resources (coe.txt, "Playing Resources" and the resource handicap): the type each resource
card was built as, a seat's resources as ``payment`` pays with them, the handicap resources'
types named by their owner at setup (ruling 3), the Camp Phase's draw and reset ("All of a
player's resources are refreshed at the beginning of a player's turn", ruling 11), and
building one resource in the Camp Phase's step 3 (ruling 9)."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import (
    Action,
    Event,
    Events,
    GameState,
    act,
    close_window,
    draw_cards,
    open_window,
)
from ..payment import KIND_NAMES, KINDS, Resource
from .state import (
    ARSENAL,
    CAMP,
    CHARACTERS,
    DECK,
    HAND,
    LEADER,
    R_FROM_HAND,
    R_STEP_ORDER,
    RESOURCES,
    SUPPORT,
    C,
    data,
    name,
    who,
)

R_TYPE = f"{C}: Players can choose to build Mana, Shells (world currency) or Enchanted resources"
R_ONE_BUILD = (
    f"{C}, {CAMP}: Build Resources (Optional) - Player may choose to play a card "
    "from their hand into the resource area (one a turn, ruling 9)"
)
R_BUILD_WHEN = (
    f"{C}: Resources are played during the Camp Phase of a players turn (The beginning Phase)"
)


def resource_kind(state: GameState, cid: int) -> str | None:
    """The type a resource card was built as (None while its owner has yet to name it)."""
    counters = state.cards[cid].counters
    for k in KINDS:
        if counters.get(k):
            return k
    return None


def resources(state: GameState, seat: int) -> list[Resource]:
    """The seat's resources, in the order built, for paying (``payment``)."""
    out = []
    cards = state.cards
    for cid in state.zones[(seat, RESOURCES)]:
        inst = cards[cid]
        counters = inst.counters
        for kind in KINDS:
            if counters.get(kind):
                out.append(Resource(cid, kind, inst.card.value, inst.turned))
                break
    return out


def _untyped(state: GameState, seat: int) -> list[int]:
    return [c for c in state.zones[(seat, RESOURCES)] if resource_kind(state, c) is None]


def _ask_types(state: GameState, events: Events) -> None:
    for seat in range(state.seats):
        if _untyped(state, seat):
            open_window(state, seat, "handicap", events)
            return


def _gen_name(state: GameState, seat: int) -> Iterator[Action]:
    waiting = _untyped(state, seat)
    if waiting:
        for kind in KINDS:
            yield act(state, "name", seat, (waiting[0],), (), (kind,))


def _check_name(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or len(action.words) != 1:
        return f'{C}: name the type of one handicap resource (name "Card" mana)'
    if action.words[0] not in KINDS:
        return R_TYPE
    if action.cards[0] not in _untyped(state, action.seat):
        return f"{C}: name the type of one of your handicap resources"
    return None


def _exec_name(state: GameState, action: Action, events: Events) -> None:
    seat, cid, kind = action.seat, action.cards[0], action.words[0]
    state.cards[cid].counters[kind] = 1
    events.append(
        Event(
            "info",
            f"{who(state, seat)} names {name(state, cid)} "
            f"{KIND_NAMES[kind]} (worth {state.cards[cid].card.value})",
            seat=seat,
            cards=(cid,),
            value=("resource", kind),
        )
    )
    if not _untyped(state, seat):
        close_window(state)
        _ask_types(state, events)


def camp_draw_and_reset(state: GameState, events: Events) -> None:
    """The Camp Phase's steps 1 and 2, which happen by themselves: the draw (an empty deck
    draws nothing, ruling 26) and the reset of the active seat's resources and characters
    (ruling 11). A leader's first Swift comes before them, and its answers (ruling 6)."""
    seat = state.active
    if not draw_cards(state, seat, 1, events, DECK, HAND):
        events.append(
            Event("info", f"{who(state, seat)}'s deck is empty: no card is drawn", seat=seat)
        )
    readied = []
    for zone in (RESOURCES, LEADER, SUPPORT, CHARACTERS, ARSENAL):
        for cid in state.zones[(seat, zone)]:
            inst = state.cards[cid]
            if inst.turned:
                inst.turned = False
                readied.append(cid)
    if readied:
        events.append(
            Event(
                "ready",
                f"{who(state, seat)} resets their resources and characters",
                seat=seat,
                cards=tuple(readied),
            )
        )


def _gen_build(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).built or data(state).step > 3:
        return
    seen = set()
    for cid in state.zones[(seat, HAND)]:
        inst = state.cards[cid]
        if inst.known and inst.card.name not in seen:
            seen.add(inst.card.name)
            for kind in KINDS:
                yield act(state, "build", seat, (cid,), (), (kind,))


def _check_build(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or len(action.words) != 1:
        return f'{C}: build one card from your hand as a resource (build "Card" mana)'
    if action.words[0] not in KINDS:
        return R_TYPE
    d = data(state)
    if d.built:
        return R_ONE_BUILD
    if d.step > 3:
        return R_STEP_ORDER + ": Build Resources is step 3, and a later step has begun"
    if state.cards[action.cards[0]].zone != (action.seat, HAND):
        return R_FROM_HAND
    return None


def _exec_build(state: GameState, action: Action, events: Events) -> None:
    seat, cid, kind = action.seat, action.cards[0], action.words[0]
    d = data(state)
    d.built = True
    state.move(cid, (seat, RESOURCES))
    state.cards[cid].counters[kind] = 1
    value = state.cards[cid].card.value
    events.append(
        Event(
            "move",
            f"{who(state, seat)} builds {name(state, cid)} as {KIND_NAMES[kind]} (worth {value})",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (seat, RESOURCES)),
            reveals=(cid,),
        )
    )
