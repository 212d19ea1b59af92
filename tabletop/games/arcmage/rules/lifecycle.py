"""What happens to ARC-mage cards in play: marked and unmarked, killed (unless saved),
leaving play, a city destroyed (its residents move or go back to hand), put into play
(unique units clash); and a defeated player's cards taken out of the game."""

from __future__ import annotations

from typing import Any

from ....engine import HIDDEN, Event, Events, GameState
from ....engine import abilities as ab
from ..cards import ArcCard
from . import teams
from .keywords import (
    defense_of,
    has,
    is_type,
    silenced,
    statics,
)
from .paying import _can_pay_ability
from .state import (
    ARMY,
    DECK,
    GRAVE,
    HAND,
    PLAY_ZONES,
    REMOVED,
    STACK,
    Said,
    _keys,
    _remembered,
    all_creatures,
    attached,
    card_of,
    cities,
    city_zones,
    creatures,
    data,
    forget,
    in_play,
    is_city,
    is_creature,
    losers,
    name,
    playing,
    residents,
    who,
)
from .triggers import queue, queue_when
from .zones import move_with

# -- what happens to cards -----------------------------------------------------------------------


def _marked_watchers(state: GameState) -> list[int]:
    """The Enchantments in play with an ability for when their creature is marked (worked
    out again only when a card has moved)."""
    known = _remembered(state, ("marked_watchers",))
    if known is not None:
        return known
    cards = state.cards
    out = [
        c
        for key in _keys(state.seats, PLAY_ZONES)
        for c in state.zones[key]
        if cards[c].card is not HIDDEN
        and cards[c].card.type == "enchantment"
        and any(a.when == "marked" for a in cards[c].card.abilities)
    ]
    data(state).known[("marked_watchers",)] = out  # read only
    return out


def mark(state: GameState, cid: int, events: Events, why: str = "", grow: bool = True) -> None:
    inst = state.cards[cid]
    if not inst.turned:
        inst.turned = True
        if state.lasting:
            ab.turned(state, cid)  # what lasted "until it is marked" ends
        card = inst.card
        if card is not HIDDEN and card.abilities and card.type == "creature":
            queue_when(state, cid, "marked", inst.owner)  # "When I am marked, ..."
        for att in _marked_watchers(state):  # "Whenever enchanted creature is marked, ..."
            if state.cards[att].attached_to == cid:
                for i, a in enumerate(card_of(state, att).abilities):
                    if a.when == "marked":
                        queue(state, att, i, state.cards[att].owner, cid)
        events.append(
            Event(
                "mark",
                f"{name(state, inst.id)} is marked{why}",
                seat=inst.owner,
                cards=(cid,),
                value=(True,),
            )
        )
        root = rooted(state, cid) if grow else None
        if root:
            inst.counters[root] = inst.counters.get(root, 0) + 1
            events.append(
                Event(
                    "info",
                    f"{name(state, inst.id)} gains a {root} counter ({inst.counters[root]})",
                    seat=inst.owner,
                    cards=(cid,),
                )
            )


def rooted(state: GameState, cid: int) -> str | None:
    """The counter of a "root" enchantment on the card (Grassroots), if one is on it."""
    found: tuple[int, str] | None = None  # the first in ``attached``'s order (by card id)
    for source, e, _anchor in statics(state, "root"):
        if state.cards[source].attached_to == cid and (found is None or source < found[0]):
            found = (source, e.keyword)
    return found[1] if found is not None else None


def held(state: GameState, cid: int) -> tuple[str, int] | None:
    """Why a marked creature does not unmark by itself, and the price of unmarking it:
    ("pay", N) for a root's counters, ("wither", 1) for poison ivy's -1/-1 counter."""
    inst = state.cards[cid]
    root = rooted(state, cid) if inst.card.type == "creature" else None
    if root and inst.counters.get(root):
        return "pay", inst.counters[root]
    if inst.counters.get("ivy"):
        return "wither", 1
    return None


def unmark(state: GameState, cid: int, events: Events | None = None) -> None:
    inst = state.cards[cid]
    if inst.turned:
        inst.turned = False
        inst.counters.pop("frozen", None)  # unmarked otherwise: nothing left to hold
        if events is not None:
            events.append(
                Event(
                    "mark",
                    f"{name(state, inst.id)} unmarks",
                    seat=inst.owner,
                    cards=(cid,),
                    value=(False,),
                )
            )


def leave_play(
    state: GameState, cid: int, to: str, events: Events, why: Said, top: bool = False
) -> None:
    """A card leaves play for its owner's ``to`` zone (``top``: on top of it; a token
    ceases to exist: it goes to the sacrificed pile); its attachments go to their owners'
    graveyards."""
    inst = state.cards[cid]
    mute = is_creature(inst) and silenced(state, cid)  # as it was in play: no last words
    dying = to == GRAVE and is_creature(inst)
    rescuer = _rescuer(state, cid) if dying else None
    for att in attached(state, cid):
        if att == rescuer and any(
            e.to == "self" and e.into == "bottom" for e in _rescue(state, att).effects
        ):
            leave_play(
                state,
                att,
                DECK,
                events,
                f"{name(state, att)} goes to the bottom of its owner's deck",
            )
            continue
        leave_play(
            state,
            att,
            GRAVE,
            events,
            f"{name(state, att)} goes to the graveyard with {name(state, inst.id)}",
        )
    if rescuer is not None:  # "return it to your hand instead of your graveyard"
        to = HAND
        why += f", and returns to its owner's hand instead ({name(state, rescuer)})"
    src = inst.zone
    dest = REMOVED if inst.card.token else to
    state.move(cid, (inst.owner, dest), top=top)
    undisguise(state, cid)
    d = data(state)
    d.devotion.pop(cid, None)
    d.guards = {g: t for g, t in d.guards.items() if g != cid and t != cid}
    if d.copies:  # its sand copies are destroyed with it (ruling 69)
        d.copies.pop(cid, None)
        for copy in [c for c, of in d.copies.items() if of == cid]:
            del d.copies[copy]
            kill(state, copy, events)
    if cid in d.fought:  # a card that comes back is another creature
        d.fought = d.fought - {cid}
    if cid in d.evac:  # a resident of a destroyed city that died before it could move
        d.evac = tuple(c for c in d.evac if c != cid)
    c = d.combat
    if c is not None:
        c.blocks = {b: a for b, a in c.blocks.items() if b != cid}
        c.guards = {g: t for g, t in c.guards.items() if g != cid and t != cid}
    events.append(
        Event.told("move", why, seat=inst.owner, cards=(cid,), value=(src, (inst.owner, dest)))
    )
    # The one place a card leaves play, so its "when I leave play" abilities, and a
    # creature's "when I die" ones (it goes to the graveyard, a token included, which then
    # ceases to exist), trigger here, for its controller, once it has gone; not for a
    # defeated player's cards leaving the game with them.
    if not d.out[inst.owner] and not mute:
        queue_when(state, cid, "leave", inst.owner)
        if dying:  # it died, wherever it went
            queue_when(state, cid, "die", inst.owner)
    if not d.out[inst.owner]:  # the cards in play that wait for another to go (ruling 92)
        ab.emit(state, events, ab.LEAVES, cid, inst.owner)
        if dying:
            ab.emit(state, events, ab.DESTROYED, cid, inst.owner)


def disguise(state: GameState, cid: int, card: ArcCard) -> None:
    """The card is played as ``card`` (an Enchantment as a creature, ruling 70) until it
    leaves play or the stack."""
    inst = state.cards[cid]
    data(state).disguised.setdefault(cid, inst.card)
    inst.card = card


def undisguise(state: GameState, cid: int) -> None:
    """A card played as another is itself again (it left play, or the stack)."""
    d = data(state)
    if d.disguised and cid in d.disguised:
        state.cards[cid].card = d.disguised.pop(cid)


def counter_spell(state: GameState, cid: int, events: Events, why: Any = "") -> None:
    """A card on the stack is countered (ruling 99): it does not resolve and goes to its
    owner's graveyard, what was paid for it spent."""
    d = data(state)
    entry = next((e for e in d.stack if e[0] == cid), None)
    if entry is None:  # resolved or countered already
        return
    d.stack.remove(entry)
    events.append(
        Event.told("info", name(state, cid) + " is countered" + why, seat=entry[1], cards=(cid,))
    )
    state.move(cid, (state.cards[cid].owner, GRAVE))
    undisguise(state, cid)


def _rescue(state: GameState, att: int) -> Any | None:
    """An Enchantment's ability that sends its dying creature to the hand instead."""
    return next((a for a in card_of(state, att).abilities if a.when == "rescue"), None)


def _rescuer(state: GameState, cid: int) -> int | None:
    """The Enchantment on a dying creature that sends it to its owner's hand instead of the
    graveyard ("When the enchanted creature dies, return it to your hand instead ..."),
    unless the creature is a token (which ceases to exist)."""
    if state.cards[cid].card.token:
        return None
    return next((a for a in attached(state, cid) if _rescue(state, a) is not None), None)


def kill(state: GameState, cid: int, events: Events, final: bool = False) -> None:
    """A creature dies: to its owner's graveyard with its attachments. When its controller
    could prevent it ("prevent a Tree or Flower from dying"), it waits, dying, for that
    choice (``final``: the choice was made)."""
    if not in_play(state, cid):
        return
    inst = state.cards[cid]
    if not final:
        if inst.counters.get("dying"):
            return
        savers = _savers(state, cid)
        if savers:
            inst.counters["dying"] = 1
            d = data(state)
            for saver, idx in savers:
                d.pending.append((saver, idx, inst.owner, cid))
            events.append(
                Event("info", f"{name(state, inst.id)} is dying", seat=inst.owner, cards=(cid,))
            )
            return
    leave_play(state, cid, GRAVE, events, f"{name(state, inst.id)} dies")


def _savers(state: GameState, cid: int) -> list[tuple[int, int]]:
    """(creature, ability) of the controller's that could prevent ``cid`` from dying now."""
    inst = state.cards[cid]
    out = []
    for c in creatures(state, inst.owner):
        other = state.cards[c]
        if other.turned or c == cid:
            continue
        for i, a in enumerate(other.card.abilities):
            if (
                a.when == "save"
                and is_type(inst.card, a.subtype)
                and _can_pay_ability(state, inst.owner, c, a) is None
            ):
                out.append((c, i))
    return out


def sacrificeable(state: GameState, seat: int, kinds: str) -> list[int]:
    """The creatures the seat controls of ``kinds`` (``keywords.is_type``), or with
    ``kinds`` "city" its cities, which it may sacrifice."""
    if kinds == "city":
        return cities(state, seat)
    return [c for c in creatures(state, seat) if is_type(state.cards[c].card, kinds)]


def sacrifice(state: GameState, cid: int, events: Events, why: Said = "") -> None:
    """A creature or a city in play is sacrificed: it leaves play, out of the game
    ("Sacrificed"); a city's residents and enchantments go as when it is destroyed."""
    seat = state.cards[cid].owner
    said = f"{who(state, seat)} sacrifices {name(state, cid)}" + why
    if is_city(state.cards[cid]):
        destroy_city(state, cid, events, REMOVED, said)
        return
    leave_play(state, cid, REMOVED, events, said)


def check_deaths(state: GameState, events: Events) -> None:
    """Creatures whose DEF fell to their damage (a boost ending, a -X/-X) die. A death can
    lower another creature's DEF in turn (Sequoia Saplings' "+0/+1 for each other Gaian card
    in the same city" loses a neighbour), so the creatures are looked at again until none
    dies (ruling 39)."""
    cards = state.cards
    while True:
        # Most creatures are undamaged with a positive DEF of their own: only a passive -DEF
        # could kill them, and there seldom is one in play.
        shrink = any(e.defense < 0 for _, e, _ in statics(state, "boost"))
        shrink = shrink or any(m.stat == "set_def" for m in state.lasting)
        died = False
        for cid in all_creatures(state):
            inst = cards[cid]
            if not inst.damage and not shrink:
                lasting = ab.total(state, cid, "def", 0) if state.lasting else 0
                if (inst.card.defense or 0) + inst.counters.get("def", 0) + lasting > 0:
                    continue
            if in_play(state, cid):
                dfn = defense_of(state, cid)
                if (
                    (inst.damage and inst.damage >= dfn and not has(state, cid, "indestructible"))
                    or dfn <= 0
                ) and not inst.counters.get("dying"):
                    kill(state, cid, events)
                    died = True
        if not died:
            return


def destroy_city(
    state: GameState, city: int, events: Events, to: str = GRAVE, why: Said = ""
) -> None:
    """A city at 0 goes to the graveyard (a city sacrificed: ``to`` the cards out of the
    game, ``why`` saying so): its unmarked residents must move to another city or the
    army, marked ones return to their owner's hand, enchantments on it go to the
    graveyard."""
    inst = state.cards[city]
    zone = inst.zone
    d = data(state)
    leave_play(state, city, to, events, why or f"{name(state, inst.id)} is destroyed")
    stay = []
    for cid in list(state.zones[zone]):
        r = state.cards[cid]
        if not is_creature(r):
            leave_play(state, cid, GRAVE, events, f"{name(state, r.id)} goes to the graveyard")
        elif r.turned:
            leave_play(
                state,
                cid,
                HAND,
                events,
                f"{name(state, r.id)} returns to {who(state, r.owner)}'s hand",
            )
        elif r.owner != inst.owner or not cities(state, r.owner):
            to = (r.owner, ARMY)
            atts = attached(state, cid)
            state.move(cid, to, keep=True)
            for att in atts:
                state.move(att, to, keep=True)
            events.append(
                Event(
                    "move",
                    f"{name(state, r.id)} moves to the army",
                    seat=r.owner,
                    cards=(cid,),
                    value=(zone, to),
                )
            )
        else:
            stay.append(cid)
    if stay:
        d.evac = (*d.evac, *stay)
    check_deaths(state, events)  # what its Levels gave its defenders is gone with it


def unique_clash(state: GameState, cid: int) -> bool:
    """Unique, "No player can control more than one of this unit at any time": whether the
    card's player controls another of its name in play already."""
    card = card_of(state, cid)
    if card is HIDDEN or "unique" not in card.keywords:
        return False
    seat = state.cards[cid].owner
    return any(c != cid and state.cards[c].card.name == card.name for c in creatures(state, seat))


def place(state: GameState, cid: int, zone: tuple, events: Events, why: Said) -> bool:
    """Put a card into play (a creature into a city row or the army), the one way every
    card enters play. Fatigue: it comes in marked. Unique: a card whose player controls one
    of its name already does not come in (it stays where it was): False."""
    if unique_clash(state, cid):
        inst = state.cards[cid]
        events.append(
            Event(
                "info",
                f"{name(state, inst.id)} does not come into play: "
                f"{who(state, inst.owner)} controls one already (unique)",
                seat=inst.owner,
                cards=(cid,),
            )
        )
        return False
    src = state.cards[cid].zone
    state.move(cid, zone)
    owner = state.cards[cid].owner
    events.append(Event.told("move", why, seat=owner, cards=(cid,), value=(src, zone)))
    if is_creature(state.cards[cid]) and "fatigue" in card_of(state, cid).keywords:
        mark(state, cid, events, " (fatigue)")
    ab.emit(state, events, ab.ENTERS, cid, owner)  # the cards that wait for another to come
    return True


def free_row(state: GameState, seat: int) -> str | None:
    for z, _city in city_zones(state, seat):
        if not state.zones[(seat, z)]:
            return z
    return None


# -- a defeated player leaves the game ------------------------------------------------------------


def retire(state: GameState, events: Events) -> bool:
    """A player defeated while two or more others play on takes no further part (ruling 35):
    never asked, never to act, their cards in play and on the stack out of the game, their
    cities no longer attackable. True if one was taken out now (the game goes on: when it
    is decided, ``winner`` ends it instead)."""
    d = data(state)
    if state.over or False in d.founded:
        return False
    lost = losers(state)
    if True not in lost:  # asked at every step: most of the time nobody is defeated
        return False
    teams.note_out(state)  # the Giant's endgame begins with the first player out
    gone = [s for s, out in enumerate(lost) if out and not d.out[s]]
    if not gone or len(playing(state)) < 2:
        return False
    for s in gone:
        d.out[s] = True
        forget(state)
        events.append(Event("info", f"{who(state, s)} is defeated and leaves the game", seat=s))
        _take_out(state, s, events)
    return True


def _take_out(state: GameState, seat: int, events: Events) -> None:
    """A defeated player's part in the game ends: their cards on the stack do not resolve,
    their questions and triggers are dropped, their cards in play leave the game (to their
    sacrificed pile), others' creatures living in their cities go to their owners' armies,
    and an attack of theirs is over."""
    d = data(state)
    cards = state.cards
    for entry in [e for e in d.stack if e[1] == seat]:
        d.stack.remove(entry)
        state.move(entry[0], (seat, REMOVED))
        events.append(
            Event(
                "move",
                f"{name(state, entry[0])} leaves the game unresolved",
                seat=seat,
                cards=(entry[0],),
                value=((None, STACK), (seat, REMOVED)),
            )
        )
    if d.pending and d.pending[0][2] == seat:
        d.picked = ()  # a search of theirs under way
    d.pending = [p for p in d.pending if p[2] != seat]
    d.shown = tuple(x for x in d.shown if x[0] != seat)
    c = d.combat
    for p in state.prompts:
        if p.seat == seat and p.name == "block" and c is not None:
            c.stage = "blocked"  # no defenders of theirs
    state.prompts = tuple(p for p in state.prompts if p.seat != seat)
    if d.round is not None:
        d.round = tuple(s for s in d.round if s != seat)
    d.evac = tuple(x for x in d.evac if cards[x].owner != seat)
    d.pool[seat] = {}
    d.vengeance.pop(seat, None)
    if c is not None and c.seat == seat:
        d.combat = None
    if d.tactic is not None and cards[d.tactic[0]].owner == seat:
        d.tactic = None
    for city in cities(state, seat):
        for cid in residents(state, city):
            r = cards[cid]
            if r.owner != seat:
                move_with(
                    state, cid, (r.owner, ARMY), events, f"{name(state, r.id)} moves to the army"
                )
    theirs = [
        cid
        for key in _keys(state.seats, PLAY_ZONES)
        for cid in state.zones[key]
        if cards[cid].owner == seat
    ]
    order = {"enchantment": 0, "creature": 1, "city": 2}
    for cid in sorted(theirs, key=lambda x: order.get(cards[x].card.type, 0)):
        if in_play(state, cid):
            leave_play(state, cid, REMOVED, events, f"{name(state, cid)} leaves the game")
    check_deaths(state, events)  # what their cards gave others is gone with them
