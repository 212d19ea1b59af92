"""Checks that hold for every game at every step (used by tests and the fuzzer).

Hidden information is checked as *indistinguishability*: what a seat is shown (its view, the
events as its log renders them, the decisions offered to it, who is asked to act) must be
the same in every possible world, that is, whatever the cards it cannot see really are.
:func:`redeal` makes such a world from a real state; :func:`observation` is what a seat is
shown; :func:`observation_leaks` plays one action in the real world and in redealt ones and
compares.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .actions import Action
from .core import apply, check, legal_actions, responses, to_act, view
from .events import Event
from .state import HIDDEN, GameState, Visibility

# Which cards a seat cannot see in a state: :func:`hidden_from`, or a test's own account.
Hidden = Callable[[GameState, int], set[int]]


def hidden_from(state: GameState, seat: int) -> set[int]:
    """The ids of the cards ``seat`` cannot see, zone by zone as :func:`view` hides them:
    what ``can_see(state, seat, cid)`` says of every card while each card is in the zone it
    records (:func:`zone_problems`), worked out in one pass (the checks below ask it of
    every card, several times an action)."""
    specs = state.game.zones
    cards = state.cards
    out: set[int] = set()
    for (owner, name), ids in state.zones.items():
        vis = specs[name].visibility
        if vis is Visibility.HIDDEN or (vis is Visibility.OWNER and owner != seat):
            out.update(ids)
        elif vis is not Visibility.OWNER:
            for cid in ids:
                inst = cards[cid]
                if inst.face_down and inst.owner != seat:
                    out.add(cid)
    return out - state.game.shown(state, seat)


def zone_problems(state: GameState) -> list[str]:
    """Every card instance is in exactly one zone, and knows which: none lost, none twice."""
    cards = state.cards
    where = {cid: key for key, ids in state.zones.items() for cid in ids}
    if len(where) == len(cards) == sum(map(len, state.zones.values())) and all(
        where.get(cid) == inst.zone and inst.id == cid for cid, inst in cards.items()
    ):
        return []  # the usual case, at a glance; otherwise each problem is named below
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
                problems.append(
                    f"card #{cid} ({inst.card.name}) is in {key} but records {inst.zone}"
                )
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
    hidden = hidden_from(state, seat)
    real = state.cards
    for cid, inst in seen.cards.items():
        if cid in hidden and inst.card is not HIDDEN and inst.card is real[cid].card:
            leaks.append(f"seat {seat + 1} sees #{cid} ({inst.card.name}) in {inst.zone}")
    return leaks


def redeal(
    state: GameState,
    seat: int,
    rng: random.Random,
    keep: frozenset[int] = frozenset(),
    hidden_set: Hidden | None = None,
) -> GameState:
    """A possible world as ``seat`` knows the game: a copy of ``state`` in which the cards
    ``seat`` cannot see (those in ``keep`` aside) trade identities at random within the
    groups the game allows (:meth:`Game.deal_group`). ``hidden_set`` says which cards those
    are (:func:`hidden_from` unless given: a test may add the cards its own statement of
    the rules makes private)."""
    world = state.clone()
    game = state.game
    groups: dict[object, list[int]] = {}
    hidden = (hidden_set or hidden_from)(state, seat)
    for cid, inst in world.cards.items():
        if cid in keep or cid not in hidden:
            continue
        group = game.deal_group(state, seat, inst)
        if group is not None:
            groups.setdefault(group, []).append(cid)
    for ids in groups.values():
        cards = [world.cards[cid].card for cid in ids]
        rng.shuffle(cards)
        for cid, card in zip(ids, cards, strict=True):
            world.cards[cid].card = card
    game.redealt(world)
    return world


def observation(state: GameState, events: Sequence[Event], seat: int) -> tuple:
    """Everything ``seat`` is shown after an action: its view, the events as its log reads
    them (with the cards and values the table animates), who is to act, the decisions open
    to it, and who may interrupt."""
    seen = view(state, seat)
    mine = tuple(a.key() for a in legal_actions(state)) if to_act(state) == seat else ()
    return (
        seen.snapshot(),
        tuple(
            (e.kind, e.text_for(seat), e.seat, e.cards, e.value) for e in events if e.shown_to(seat)
        ),
        to_act(state),
        mine,
        tuple(a.key() for a in responses(state)),
    )


def _played(
    state: GameState, action: Action, copy: bool = True
) -> tuple[GameState, list[Event], dict[int, int]]:
    """Play ``action`` on a copy of ``state`` (or on ``state`` itself): the state after it,
    its events, and where each card was before (its id before the action; a shuffle moves
    cards between ids), by the identity of its instance."""
    after = state.clone() if copy else state
    origin = {id(inst): cid for cid, inst in after.cards.items()}
    events = apply(after, action)
    return after, events, origin


def _revealed(
    hidden_before: set[int],
    after: GameState,
    origin: dict[int, int],
    seat: int,
    events: Sequence[Event] = (),
    hidden_set: Hidden | None = None,
) -> frozenset[int]:
    """The cards (by their ids before the action) that ``seat`` could not see before
    (``hidden_before``) but can in ``after``, or that an event it reads revealed to it."""
    now = (hidden_set or hidden_from)(after, seat)
    for e in events:
        if e.reveals and e.visible_to(seat):
            now = now - {cid for cid in e.reveals if cid in after.cards}
    return frozenset(
        o
        for cid, inst in after.cards.items()
        if cid not in now and (o := origin.get(id(inst))) is not None and o in hidden_before
    )


def observation_leaks(
    state: GameState,
    action: Action,
    rng: random.Random,
    worlds: int = 2,
    observe=observation,
    hidden_set: Hidden | None = None,
) -> list[str]:
    """What ``action`` shows a seat that depends on cards that seat cannot see: for each
    seat, the action is played in the real world and in up to ``worlds`` possible worlds
    (cards hidden from that seat, and still hidden after the action, dealt otherwise) in
    which the action is legal too and shows the seat the same cards; every difference in
    what the seat is shown is a leak. (A world where the action shows other cards, a card
    destroyed there that survives here, differs as openly as the rules make it.)

    ``hidden_set(state, seat)`` says which cards a seat cannot see: :func:`hidden_from`
    (the game's own declarations) unless given."""
    hidden_set = hidden_set or hidden_from
    leaks: list[str] = []
    # The action is played once in the real world; each seat observes its own copy of the
    # result (observing may fill a game's caches, and no seat's observation may depend on
    # another's), made before anything observed it.
    after, events, origin = _played(state, action)
    seats = range(state.seats)
    revealed = [
        _revealed(hidden_set(state, seat), after, origin, seat, events, hidden_set)
        for seat in seats
    ]
    copies = [after.clone() for _ in seats[1:]] + [after]
    for seat in seats:
        want = observe(copies[seat], events, seat)
        for _ in range(worlds):
            world = redeal(state, seat, rng, keep=revealed[seat], hidden_set=hidden_set)
            if check(world, action) is not None:
                continue  # a world in which this action could not have been taken
            hidden_before = hidden_set(world, seat)
            world_after, got_events, world_origin = _played(world, action, copy=False)
            if (
                _revealed(hidden_before, world_after, world_origin, seat, got_events, hidden_set)
                != revealed[seat]
            ):
                # The action turned out otherwise there, openly (a card destroyed, and so
                # shown, that here survives): what the seat learns from it, the rules show.
                continue
            got = observe(world_after, got_events, seat)
            if got != want:
                leaks.append(
                    f"seat {seat + 1} can tell hidden cards apart after "
                    f"{action.exact()}: {_difference(want, got)}"
                )
                break
    return leaks


def _difference(want: tuple, got: tuple) -> str:
    parts = (
        "the view",
        "the events",
        "who is to act",
        "the decisions offered",
        "who may interrupt",
    )
    names = parts + tuple(f"what the table shows ({i})" for i in range(len(want) - len(parts)))
    for name, a, b in zip(names, want, got, strict=False):
        if a == b:
            continue
        return f"{name}: {_first_difference(a, b)}"
    return "(no difference found)"


def card_problems(state: GameState) -> list[str]:
    """What no card of any game can have: negative damage, a negative count of a counter
    the game does not let go below zero (:attr:`Game.signed_counters`), an attachment to
    itself, to a card that does not exist, or in a loop."""
    out = []
    signed = state.game.signed_counters
    for cid, inst in state.cards.items():
        if inst.damage < 0:
            out.append(f"{inst.card.name} has {inst.damage} damage")
        for key, value in inst.counters.items():
            if value < 0 and key not in signed:
                out.append(f"{inst.card.name} has {value} {key} counters")
        seen = {cid}
        host = inst.attached_to
        while host is not None:
            if host in seen:
                out.append(
                    f"{inst.card.name} is attached to itself"
                    if host == cid
                    else f"{inst.card.name} is attached in a loop"
                )
                break
            if host not in state.cards:
                out.append(f"{inst.card.name} is attached to #{host}, no card of this game")
                break
            seen.add(host)
            host = state.cards[host].attached_to
    return out


def _first_difference(a, b) -> str:
    """The first items of ``a`` and ``b`` that differ, looked for inside tuples of tuples
    (the cards of a view), not the whole values."""
    while isinstance(a, tuple) and isinstance(b, tuple):
        pair = next(((x, y) for x, y in zip(a, b, strict=False) if x != y), None)
        if pair is None:
            return f"{len(a)} / {len(b)} items"
        a, b = pair
        if not (
            isinstance(a, tuple)
            and isinstance(b, tuple)
            and all(isinstance(x, tuple) for x in (*a, *b))
        ):
            break
    return f"{a!r} / {b!r}"
