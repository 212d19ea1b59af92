"""Cards moving between an ARC-mage player's zones: drawn, milled, discarded, exiled; taken,
stolen and swapped by effects (a resource changing hands keeps what its new owner may see), and
creatures moved with the city they live in."""

from __future__ import annotations

from ....engine import Event, Events, GameState, draw_cards
from ....engine import abilities as ab
from ..vocabulary import a_faction
from .keywords import (
    is_type,
    sealed,
)
from .state import (
    ARMY,
    DECK,
    FACTIONS,
    GRAVE,
    HAND,
    REMOVED,
    RES,
    RES_FACTION,
    Said,
    attached,
    because,
    cities,
    data,
    exiling,
    forget,
    home,
    in_play,
    is_creature,
    name,
    playing,
    relocating,
    stealing,
    swapping,
    who,
)
from .triggers import moved, origin


def draw(state: GameState, seat: int, count: int, events: Events) -> None:
    """Draw; one who must draw from an empty deck is defeated (``decked``); one a card says
    draws no card this turn draws none."""
    if seat in data(state).no_draw:
        events.append(Event("info", f"{who(state, seat)} can't draw cards this turn", seat=seat))
        return
    before = len(state.zones[(seat, HAND)])
    short = draw_cards(state, seat, count, events, DECK, HAND) < count
    for cid in state.zones[(seat, HAND)][before:]:  # each card drawn, for who waits for it
        ab.emit(state, events, ab.DRAWN, cid, seat)
    if short:
        data(state).decked[seat] = True
        forget(state)
        events.append(Event("info", f"{who(state, seat)} must draw from an empty deck", seat=seat))


def mill(state: GameState, seat: int, count: int, events: Events) -> None:
    """The top ``count`` cards of the seat's deck go to its graveyard, face up (as many as
    there are: an empty deck is no loss here, only drawing from it is)."""
    for _ in range(count):
        deck = state.zones[(seat, DECK)]
        if not deck:
            return
        cid = deck[0]
        state.move(cid, (seat, GRAVE))
        events.append(
            Event(
                "move",
                f"{name(state, cid)} goes from {who(state, seat)}'s deck to the graveyard",
                seat=seat,
                cards=(cid,),
                value=((seat, DECK), (seat, GRAVE)),
                reveals=(cid,),
            )
        )


def discard(state: GameState, seat: int, cid: int, events: Events, why: Said = "") -> None:
    """A card of the seat's hand goes to its graveyard, face up (the cards that wait for a
    discard hear of it)."""
    state.move(cid, (seat, GRAVE))
    events.append(
        Event.told(
            "move",
            f"{who(state, seat)} discards {name(state, cid)}" + why,
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (seat, GRAVE)),
        )
    )
    ab.emit(state, events, ab.DISCARDED, cid, seat)


def in_graveyard(state: GameState, seat: int, kinds: str) -> list[int]:
    """The cards of ``kinds`` ("" for any) in the seat's graveyard, top card last."""
    cards = state.cards
    return [c for c in state.zones[(seat, GRAVE)] if is_type(cards[c].card, kinds)]


def exile(state: GameState, cid: int, events: Events, why: Said = "") -> None:
    """A card in a graveyard is removed from the game (to its owner's pile of cards out of
    the game)."""
    owner = state.cards[cid].owner
    state.move(cid, (owner, REMOVED))
    events.append(
        Event.told(
            "move",
            f"{name(state, cid)} is removed from {who(state, owner)}'s graveyard" + why,
            seat=owner,
            cards=(cid,),
            value=((owner, GRAVE), (owner, REMOVED)),
        )
    )


def stealable(state: GameState, seat: int) -> list[int]:
    """The resource card a thief takes from each of the seat's piles: an unmarked one if
    the pile has one (ruling 55)."""
    cards = state.cards
    out = []
    for f in FACTIONS:
        pile = state.zones[(seat, RES[f])]
        if pile:
            out.append(next((c for c in pile if not cards[c].turned), pile[0]))
    return out


def takeable(state: GameState, kind: str) -> list[int] | None:
    """The cards an owed ``kind`` lets the owing player take: cards of a graveyard to
    remove from the game, resource cards of their own to swap, or (one of each pile)
    resource cards to steal; None when it is something else."""
    grave = exiling(kind)
    if grave is not None:
        return in_graveyard(state, *grave)
    swap = swapping(kind)
    if swap is not None:
        seat, kinds = swap
        cards = state.cards
        return [
            c
            for f in FACTIONS
            for c in state.zones[(seat, RES[f])]
            if is_type(cards[c].card, kinds)
        ]
    moving = relocating(kind)
    if moving is not None:
        return destinations(state, *moving)
    victim = stealing(kind)
    return stealable(state, victim) if victim is not None else None


def destinations(state: GameState, creature: int, army: bool) -> list[int]:
    """Where a card's effect may move a creature (ruling 78): its controller's other cities,
    and (``army``) its army, which the creature itself stands for; none once it has left
    play."""
    if not in_play(state, creature) or not is_creature(state.cards[creature]):
        return []
    owner = state.cards[creature].owner
    here = home(state, creature)
    if here is not None and sealed(state, here) is not None:
        return []  # "All movement to or from ... is forbidden" (ruling 97)
    out = [c for c in cities(state, owner) if c != here and sealed(state, c) is None]
    if army and state.cards[creature].zone != (owner, ARMY):
        out.append(creature)
    return out


def relocate(state: GameState, creature: int, to: int, source: int, events: Events) -> None:
    """A card's effect moves the creature, not marked, to city ``to`` (or, ``to`` being the
    creature itself, to its army); the move is no city's move of the turn."""
    inst = state.cards[creature]
    zone = (inst.owner, ARMY) if to == creature else state.cards[to].zone
    where = "the army" if to == creature else name(state, to)
    said = f"{name(state, inst.id)} is moved to {where}" + because(state, source)
    came = origin(state, creature)
    move_with(state, creature, zone, events, said)
    moved(state, creature, came)  # "When I am moved, ..."


def take(state: GameState, seat: int, kind: str, cid: int, source: int, events: Events) -> None:
    """The seat takes card ``cid`` as the owed ``kind`` says: removes it from a graveyard,
    swaps ``source`` for it, or steals it."""
    moving = relocating(kind)
    if exiling(kind) is not None:
        exile(state, cid, events, because(state, source))
    elif moving is not None:
        relocate(state, moving[0], cid, source, events)
    elif swapping(kind) is not None:
        swap(state, seat, cid, source, events)
    else:
        steal(state, seat, cid, source, events)


def take_key(state: GameState, kind: str, cid: int) -> str:
    """What sets a card apart to a player choosing what to take: for a resource card to
    steal, its pile (the thief sees no face); else its name (copies of one card are one
    choice)."""
    inst = state.cards[cid]
    if relocating(kind) is not None:
        return str(cid)  # each city is its own choice (and the army)
    return inst.zone[1] if stealing(kind) is not None else inst.card.name


def _resource_moves(state: GameState, cid: int, to: int, text: Said, events: Events) -> None:
    """A resource card changes hands as it lies (face down, marked or not)."""
    holder, zone = state.cards[cid].zone
    state.move(cid, (to, zone), keep=True)
    value = ((holder, zone), (to, zone))
    events.append(Event.told("move", text, seat=to, cards=(cid,), value=value))


def steal(state: GameState, seat: int, cid: int, source: int, events: Events) -> None:
    """The seat takes another's resource card under its control for ``source``, which
    remembers it (``ArcData.taken``)."""
    victim, zone = state.cards[cid].zone
    d = data(state)
    d.taken[source] = (*d.taken.get(source, ()), (cid, victim))
    text = (
        f"{who(state, seat)} steals {a_faction(RES_FACTION[zone])} resource card from "
        f"{who(state, victim)}" + because(state, source)
    )
    _resource_moves(state, cid, seat, text, events)


def show_resources(state: GameState, seat: int, source: int, events: Events) -> None:
    """The seat shows everyone the faces of its resource cards."""
    shown = tuple(c for f in FACTIONS for c in state.zones[(seat, RES[f])])
    names = ", ".join(name(state, c) for c in shown) or "none"
    events.append(
        Event(
            "info",
            f"{who(state, seat)} reveals their resource cards ({name(state, source)}): {names}",
            seat=seat,
            cards=(source, *shown),
            reveals=shown,
        )
    )


def swap(state: GameState, seat: int, cid: int, source: int, events: Events) -> None:
    """``source`` takes the place of the seat's resource card ``cid``, as it lay (face
    down, marked or not), and ``cid`` goes to the seat's hand."""
    inst = state.cards[cid]
    pile, turned = inst.zone, inst.turned
    state.move(cid, (seat, HAND))
    state.move(source, pile)
    card = state.cards[source]
    card.face_down, card.turned = True, turned
    becomes = (
        f"{name(state, source)} becomes {a_faction(RES_FACTION[pile[1]])} resource card in "
        "its place"
    )
    events.append(
        Event(
            "move",
            f"{who(state, seat)} takes {name(state, cid)} into their hand; {becomes}",
            seat=seat,
            cards=(cid, source),
            value=(pile, (seat, HAND)),
            # a face-down card named only to its player (a card showing them all first,
            # as Recycling Resources does, has named them to everyone already)
            secret=f"{who(state, seat)} takes a resource card into their hand; {becomes}",
            seen_by=frozenset({seat}),
        )
    )


def give_back(state: GameState, source: int, events: Events) -> None:
    """The resource cards ``source`` stole return to the players they were taken from,
    those still resource cards of another player's (one sacrificed is gone)."""
    for cid, victim in data(state).taken.pop(source, ()):
        holder, zone = state.cards[cid].zone
        if zone in RES_FACTION and holder != victim and victim in playing(state):
            text = (
                f"{who(state, holder)} returns {a_faction(RES_FACTION[zone])} resource card "
                f"to {who(state, victim)}" + because(state, source)
            )
            _resource_moves(state, cid, victim, text, events)


def move_with(
    state: GameState, cid: int, zone: tuple, events: Events | None = None, said: Said = ""
) -> None:
    """Move a card in play to another row, its state and its attachments with it; ``said``
    (with ``events``) tells the table, as its owner's move."""
    src = state.cards[cid].zone
    atts = attached(state, cid)
    state.move(cid, zone, keep=True)
    for att in atts:
        state.move(att, zone, keep=True)
    if events is not None:
        owner = state.cards[cid].owner
        events.append(Event.told("move", said, seat=owner, cards=(cid,), value=(src, zone)))
