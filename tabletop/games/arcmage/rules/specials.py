"""The ARC-mage effects the grammar does not compose: the special effects of a few cards,
tokens put into play (and the Sand Copy's copies), resources sacrificed, and what a player owes
to pay later."""

from __future__ import annotations

from typing import Any

from ....engine import Event, Events, GameState
from ..cards import ArcCard
from ..vocabulary import a_faction
from .keywords import is_type, sealed, statics
from .lifecycle import (
    mark,
    place,
)
from .state import (
    ARMY,
    DECK,
    FACTIONS,
    GRAVE,
    HAND,
    REMOVED,
    RES,
    TOKENS,
    cities,
    data,
    home,
    in_play,
    is_city,
    name,
    residents,
    who,
)
from .triggers import moved, queue_when
from .zones import move_with


def owe(state: GameState, seat: int, kind: str, n: int, source: int) -> None:
    """A player must take ``n`` damage in a city of their choice, or discard ``n`` cards
    of their choice, or (``either``) for each, discard a card or sacrifice a resource card,
    or (``sacrifice:<kinds>``) sacrifice ``n`` creatures of those kinds (``ArcData.owed``;
    ``flow.advance`` asks them, ruling 46)."""
    d = data(state)
    d.owed = (*d.owed, (seat, kind, n, source))


def _save(state: GameState, cid: int, events: Events) -> None:
    """A dying creature is prevented from dying: its damage is removed, and it is marked."""
    inst = state.cards[cid]
    inst.counters.pop("dying", None)
    inst.damage = 0
    events.append(
        Event("info", f"{name(state, inst.id)} is saved from dying", seat=inst.owner, cards=(cid,))
    )
    mark(state, cid, events, " (saved)")


def sacrifice_resources(
    state: GameState, seat: int, n: int, events: Events, faction: str | None = None
) -> int:
    """Sacrifice ``n`` of the seat's resource cards (ruling: Tabletop picks them — marked
    ones first, each from the fullest pile — or from the pile of ``faction`` the player
    chose); how many there were to sacrifice."""
    done = 0
    cards = state.cards
    while done < n:
        piles = [
            (
                sum(1 for c in state.zones[(seat, RES[f])] if cards[c].turned),
                len(state.zones[(seat, RES[f])]),
                f,
            )
            for f in FACTIONS
            if state.zones[(seat, RES[f])] and faction in (None, f)
        ]
        if not piles:
            break
        _, _, f = max(piles, key=lambda p: (p[0] > 0, p[1], -FACTIONS.index(p[2])))
        pile = state.zones[(seat, RES[f])]
        cid = next((c for c in pile if cards[c].turned), pile[0])
        gone = (cards[cid].owner, REMOVED)  # a stolen one: out of its owner's game
        state.move(cid, gone)
        done += 1
        events.append(
            Event(
                "move",
                f"{who(state, seat)} sacrifices {a_faction(f)} resource card",
                seat=seat,
                cards=(cid,),
                value=((seat, RES[f]), gone),
            )
        )
    return done


def _resolve_special(
    state: GameState, source: int, e: Any, seat: int, targets: tuple[int, ...], events: Events
) -> None:
    """The effects that move cards out of sight or change the turn itself."""
    d = data(state)
    cards = state.cards
    if e.do == "put":
        if not targets:
            return
        cid = targets[0]
        inst = cards[cid]
        src = inst.zone
        if src[0] != seat or src[1] not in (HAND, DECK, GRAVE):
            return
        if e.into == "hand":
            state.move(cid, (seat, HAND))
            unseen = src[1] == DECK  # searched out, not revealed: the others see a card
            events.append(
                Event(
                    "move",
                    f"{who(state, seat)} puts {name(state, inst.id)} into their hand",
                    seat=seat,
                    cards=(cid,),
                    value=(src, (seat, HAND)),
                    secret=f"{who(state, seat)} puts a card from their deck into their hand"
                    if unseen
                    else None,
                    seen_by=frozenset({seat}) if unseen else None,
                )
            )
        else:
            if e.into == "army":
                zone: tuple = (seat, ARMY)
            else:
                city = (
                    (source if is_city(cards[source]) else home(state, source))
                    if e.into == "home"
                    else (targets[1] if len(targets) > 1 else None)
                )
                if city is None or not in_play(state, city):
                    return
                zone = cards[city].zone
            where = "the army" if zone[1] == ARMY else name(state, state.zones[zone][0])
            if place(
                state, cid, zone, events, f"{name(state, inst.id)} comes into play in {where}"
            ):
                if e.fleeting:
                    inst.counters["fleeting"] = 1
                    events.append(
                        Event(
                            "info",
                            f"{name(state, inst.id)} leaves the game at the "
                            f"start of {who(state, seat)}'s next turn",
                            seat=seat,
                            cards=(cid,),
                        )
                    )
                queue_when(state, cid, "play", seat)
        if src[1] == DECK:
            state.shuffle((seat, DECK))
            events.append(Event("info", f"{who(state, seat)} shuffles their deck", seat=seat))
    elif e.do == "reveal":
        deck = state.zones[(seat, DECK)]
        top = list(deck[: e.amount])
        for cid in top:
            card = cards[cid].card
            if is_type(card, e.subtype):
                state.move(cid, (seat, HAND))
                events.append(
                    Event(
                        "move",
                        f"{who(state, seat)} reveals {card.name} and puts it into their hand",
                        seat=seat,
                        cards=(cid,),
                        value=((seat, DECK), (seat, HAND)),
                        reveals=(cid,),
                    )
                )
            else:
                state.move(cid, (seat, DECK))
                events.append(
                    Event(
                        "info",
                        f"{who(state, seat)} reveals {card.name} and puts "
                        "it on the bottom of their deck",
                        seat=seat,
                        cards=(cid,),
                        reveals=(cid,),
                    )
                )
    elif e.do == "muster":
        for city in cities(state, seat):
            if sealed(state, city) is not None:
                continue  # no movement out of it (ruling 97)
            for cid in residents(state, city):
                inst = cards[cid]
                if inst.owner == seat and not inst.turned and is_type(inst.card, e.subtype):
                    said = f"{name(state, inst.id)} moves into the army"
                    move_with(state, cid, (seat, ARMY), events, said)
                    inst.turned = e.marked  # marked for moving, unless the text says not
                    moved(state, cid, city)
    elif e.do == "sacrifice":
        n = e.amount  # counted already, if its text counts it ("for every creature ...")
        if n:
            sacrifice_resources(state, seat, n, events)
    elif e.do == "extra_combat":
        d.extra_combats += 1
        events.append(
            Event(
                "info", f"{who(state, seat)} will have a second combat phase this turn", seat=seat
            )
        )
    elif e.do == "vengeance" and targets and in_play(state, targets[0]):
        n = cards[targets[0]].counters.get("dealt_last", 0)
        d.vengeance[seat] = d.vengeance.get(seat, 0) + n
        events.append(
            Event(
                "info",
                f"Creatures {who(state, seat)} plays this turn come "
                f"with {n} +1/+0 counter{'s' if n != 1 else ''} (blood "
                "vengeance)",
                seat=seat,
                cards=(targets[0],),
            )
        )


def make_tokens(
    state: GameState,
    source: int,
    seat: int,
    token: str,
    n: int,
    events: Events,
    resident: bool = False,
    marked: bool = False,
) -> None:
    """Tokens come from the seat's set-aside tokens of that name, else are made new; into
    the army, or (``resident``) into the source's city, the army when it has none;
    ``marked``: they come in marked."""
    h = home(state, source)  # a city is its own
    if not resident or h is None or not in_play(state, h):
        h = None
    zone = state.cards[h].zone if h is not None else (seat, ARMY)
    for _ in range(n):
        aside = next(
            (c for c in state.zones[(seat, TOKENS)] if state.cards[c].card.name == token), None
        )
        if aside is None:
            card = (
                state.game.card_set().cards.get(token) if hasattr(state.game, "card_set") else None
            )
            if card is None:
                return
            aside = state.create(card, seat, (seat, TOKENS)).id
        where = "army" if zone[1] == ARMY else f"{name(state, h)}" if h is not None else ""
        if not place(state, aside, zone, events, f"A {token} token comes into play in {where}"):
            return
        if marked:
            mark(state, aside, events, " (it comes into play marked)")
        sand_copies(state, aside, events)


SAND_COPY = "Sand Copy"


def sand_copies(state: GameState, token: int, events: Events) -> None:
    """The exact copies of a token just put into play that its player's cities make ("When
    a token is cast into me, put an exact sand copy token here as well"): of the type Sand
    Copy besides its own, marked as it is, and destroyed with it (ruling 69). A copy makes
    none."""
    d = data(state)
    if token in d.copies:
        return
    inst = state.cards[token]
    for source, e, _ in statics(state, "sand_copy"):
        if state.cards[source].owner != inst.owner:
            continue
        if inst.zone != (state.cards[source].zone if e.to == "home" else (inst.owner, ARMY)):
            continue
        card = inst.card
        copy = ArcCard.model_validate(
            {**card.model_dump(), "subtypes": (*card.subtypes, SAND_COPY)}
        )
        made = state.create(copy, inst.owner, (inst.owner, TOKENS)).id
        why = f"{name(state, source)}: a sand copy of {card.name} comes into play beside it"
        if not place(state, made, inst.zone, events, why):
            state.move(made, (inst.owner, REMOVED))
            continue
        d.copies[made] = token
        if inst.turned:
            mark(state, made, events, " (as the token it copies)")
