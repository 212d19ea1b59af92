"""What happens to ARC-mage cards: drawn, marked and unmarked, damaged, killed (unless
saved), leaving play, a city destroyed (its residents move or go back to hand), put into
play (unique units clash), and the triggers this queues for the stack; and a defeated
player's cards taken out of the game."""

from __future__ import annotations

from typing import Any

from ....engine import HIDDEN, Event, Events, GameState, draw_cards
from ....engine import abilities as ab
from ..cards import RABIES, ArcCard, a_faction
from . import teams
from .keywords import (
    bodyguard,
    defense_of,
    has,
    immune,
    is_type,
    passives_of,
    silenced,
    statics,
    strength,
)
from .paying import _can_pay_ability
from .state import (
    ARMY,
    DECK,
    FACTIONS,
    GRAVE,
    HAND,
    PLAY_ZONES,
    REMOVED,
    RES,
    RES_FACTION,
    STACK,
    Said,
    _keys,
    _remembered,
    all_creatures,
    attached,
    because,
    card_of,
    cities,
    city_zones,
    creatures,
    data,
    exiling,
    forget,
    home,
    in_play,
    is_city,
    is_creature,
    losers,
    name,
    playing,
    relocating,
    residents,
    stealing,
    swapping,
    who,
)

# -- what happens to cards -----------------------------------------------------------------------


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
    out = [c for c in cities(state, owner) if c != here]
    if army and state.cards[creature].zone != (owner, ARMY):
        out.append(creature)
    return out


def relocate(state: GameState, creature: int, to: int, source: int, events: Events) -> None:
    """A card's effect moves the creature, not marked, to city ``to`` (or, ``to`` being the
    creature itself, to its army); the move is no city's move of the turn."""
    inst = state.cards[creature]
    zone = (inst.owner, ARMY) if to == creature else state.cards[to].zone
    where = "the army" if to == creature else name(state, to)
    said = f"{inst.card.name} is moved to {where}" + because(state, source)
    move_with(state, creature, zone, events, said)


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
                f"{inst.card.name} is marked{why}",
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
                    f"{inst.card.name} gains a {root} counter ({inst.counters[root]})",
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
                    f"{inst.card.name} unmarks",
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
            f"{name(state, att)} goes to the graveyard with {inst.card.name}",
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


def spared(state: GameState, cid: int, events: Events) -> bool:
    """Whether an indestructible creature is spared what would destroy it (lethal damage, a
    "destroy"), said in the log (ruling 77)."""
    if not has(state, cid, "indestructible"):
        return False
    owner = state.cards[cid].owner
    events.append(Event("info", f"{name(state, cid)} is indestructible", seat=owner, cards=(cid,)))
    return True


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
                Event("info", f"{inst.card.name} is dying", seat=inst.owner, cards=(cid,))
            )
            return
    leave_play(state, cid, GRAVE, events, f"{inst.card.name} dies")


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


def damage(
    state: GameState,
    cid: int,
    amount: int,
    events: Events,
    source: int | None = None,
    guarded: bool = True,
    now: bool = True,
    by: int | None = None,
) -> None:
    """Deal damage to a creature or a city: the one way damage is dealt, by a card or in
    combat, so that whatever watches damage sees it alike. Damage the effect of card ``by``
    deals may be prevented (``prevented``); Sanctuary prevents it; a Bodyguard takes up to
    its number of a guarded creature's damage (one that cannot be damaged takes none);
    Deadly makes any damage ``source`` deals to a creature lethal; the damage counts as
    dealt by ``source`` ("whenever I deal damage"). A creature at lethal damage dies at
    once, or, with ``now`` False (a strike in combat, its damage simultaneous), when the
    strike has landed (``check_deaths``)."""
    if amount <= 0 or not in_play(state, cid):
        return
    if by is not None:
        amount = doubled(state, by, amount, events)
    if by is not None and state.lasting:
        amount = prevented(state, by, amount, events)
        if not amount:
            return
    inst = state.cards[cid]
    if is_city(inst):
        cap = _cap(state, cid)
        if cap is not None:
            hurt = data(state).hurt
            room = max(0, cap - hurt.get(cid, 0))
            if amount > room:
                events.append(
                    Event(
                        "info",
                        f"{inst.card.name} can only sustain {cap} damage each turn",
                        seat=inst.owner,
                        cards=(cid,),
                    )
                )
                amount = room
            if not amount:
                return
            hurt[cid] = hurt.get(cid, 0) + amount
        inst.damage += amount
        dealt(state, source, cid, amount)
        left = strength(state, cid)
        events.append(
            Event(
                "damage",
                f"{inst.card.name} loses {amount} defense ({max(0, left)} left)",
                seat=inst.owner,
                cards=(cid,),
                value=(amount, left),
            )
        )
        if left <= 0:
            destroy_city(state, cid, events)
        return
    if has(state, cid, "sanctuary"):
        events.append(
            Event(
                "info",
                f"{inst.card.name} has sanctuary and is not damaged",
                seat=inst.owner,
                cards=(cid,),
            )
        )
        return
    if guarded:
        d = data(state)
        for g, t in d.guards.items():
            if t == cid and in_play(state, g) and g != cid:
                moved = min(amount, bodyguard(state, g))
                if moved and not has(state, g, "sanctuary"):
                    events.append(
                        Event(
                            "info",
                            f"{name(state, g)} takes {moved} damage for "
                            f"{inst.card.name} (bodyguard)",
                            seat=inst.owner,
                            cards=(g, cid),
                        )
                    )
                    amount -= moved
                    damage(state, g, moved, events, source, guarded=False, now=now)
                break
        if amount <= 0:
            return
    inst.damage += amount
    dealt(state, source, cid, amount)
    dfn = defense_of(state, cid)
    events.append(
        Event(
            "damage",
            f"{inst.card.name} takes {amount} damage",
            seat=inst.owner,
            cards=(cid,),
            value=(amount, dfn - inst.damage),
        )
    )
    if (
        source is not None
        and in_play(state, source)
        and is_creature(state.cards[source])
        and has(state, source, "deadly")
        and not immune(state, cid, "deadly")
        and inst.damage < dfn
    ):
        events.append(Event("info", f"{name(state, source)} is deadly", cards=(source, cid)))
        inst.damage = max(inst.damage, dfn)
    if now and inst.damage >= dfn and not spared(state, cid, events):
        kill(state, cid, events)


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


# A shield put up for the turn ("Prevent all damage done this turn by Red Banner event or
# magic cards"): a lasting permission of the shield's card, "prevent:<kinds>:<counter>".
PREVENT = "prevent:"


def shield(state: GameState, source: int, kinds: str, counter: str) -> None:
    """All damage the cards of ``kinds`` deal is prevented this turn, a ``counter`` (if
    named) put on ``source`` for each point (ruling 59)."""
    ab.add(state, ab.Modifier(source, f"{PREVENT}{kinds}:{counter}", ab.CAN, source))


def add_counters(state: GameState, cid: int, counter: str, n: int) -> int:
    """Put ``n`` counters named ``counter`` on a card, one more if a passive of its player's
    says so ("cards you control with a fire counter get an additional fire counter",
    ruling 62); how many were put."""
    if n <= 0:
        return 0
    inst = state.cards[cid]
    if any(e.keyword == counter for _, e in passives_of(state, inst.owner, "extra_counter")):
        n += 1
    inst.counters[counter] = inst.counters.get(counter, 0) + n
    return n


def doubled(state: GameState, by: int, amount: int, events: Events) -> int:
    """``amount`` damage the effect of card ``by`` deals, doubled by each passive in play
    that doubles the damage of its kind ("All damage done by Red Banner event or magic
    cards is doubled")."""
    card = state.cards[by].card
    for source, e, _ in statics(state, "double_damage"):
        if is_type(card, e.subtype):
            events.append(
                Event(
                    "info",
                    f"{name(state, source)} doubles the {amount} damage of {card.name}",
                    seat=state.cards[source].owner,
                    cards=(source, by),
                )
            )
            amount *= 2
    return amount


def prevented(state: GameState, by: int, amount: int, events: Events) -> int:
    """What is left of ``amount`` damage the effect of card ``by`` deals once the shields
    up this turn prevent it."""
    card = state.cards[by].card
    for m in state.lasting:
        if not m.stat.startswith(PREVENT):
            continue
        kinds, counter = m.stat[len(PREVENT) :].rsplit(":", 1)
        if not is_type(card, kinds):
            continue
        holder = state.cards[m.target]
        grew = ""
        if counter and in_play(state, m.target):
            put = add_counters(state, m.target, counter, amount)
            grew = f"; {holder.card.name} gets {put} {counter} counter{'s' * (put > 1)}"
        events.append(
            Event(
                "info",
                f"{holder.card.name} prevents the {amount} damage of {card.name}{grew}",
                seat=holder.owner,
                cards=(m.target, by),
            )
        )
        return 0
    return amount


def dealer(state: GameState, source: int) -> int | None:
    """Who deals an effect's damage, as ``damage`` counts it: the card, when it is a
    creature in play ("whenever I deal damage"); else no card."""
    return source if is_creature(state.cards[source]) and in_play(state, source) else None


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


def dealt(state: GameState, by: int | None, at: int, n: int) -> None:
    """Creature ``by`` dealt ``n`` damage to ``at``: counted for blood vengeance, and its
    "whenever I deal damage" abilities trigger."""
    if by is None or n <= 0 or not in_play(state, by):
        return
    src = state.cards[by]
    if not is_creature(src):
        return
    src.counters["dealt"] = src.counters.get("dealt", 0) + n
    target = state.cards[at]
    if src.counters.get(RABIES) and is_creature(target) and not target.counters.get(RABIES):
        target.counters[RABIES] = 1  # "any creature damaged by a creature with rabies gains it"
    for i, a in enumerate(src.card.abilities):
        if (a.when == "hit_city" and is_city(target)) or (a.when == "hurt" and is_creature(target)):
            # about the card it damaged, unless the ability has a target of its own to choose
            about = at if a.when == "hurt" or a.target == "none" else -1
            queue(state, by, i, src.owner, about)


def _cap(state: GameState, city: int) -> int | None:
    """The most defense a city may lose each turn, set by an enchantment on it."""
    out = None
    for source, e, _anchor in statics(state, "cap"):
        if state.cards[source].attached_to == city:
            out = e.amount if out is None else min(out, e.amount)
    return out


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
    leave_play(state, city, to, events, why or f"{inst.card.name} is destroyed")
    stay = []
    for cid in list(state.zones[zone]):
        r = state.cards[cid]
        if not is_creature(r):
            leave_play(state, cid, GRAVE, events, f"{r.card.name} goes to the graveyard")
        elif r.turned:
            leave_play(
                state, cid, HAND, events, f"{r.card.name} returns to {who(state, r.owner)}'s hand"
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
                    f"{r.card.name} moves to the army",
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
    return any(c != cid and name(state, c) == card.name for c in creatures(state, seat))


def place(state: GameState, cid: int, zone: tuple, events: Events, why: Said) -> bool:
    """Put a card into play (a creature into a city row or the army), the one way every
    card enters play. Fatigue: it comes in marked. Unique: a card whose player controls one
    of its name already does not come in (it stays where it was): False."""
    if unique_clash(state, cid):
        inst = state.cards[cid]
        events.append(
            Event(
                "info",
                f"{inst.card.name} does not come into play: "
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


def free_row(state: GameState, seat: int) -> str | None:
    for z, _city in city_zones(state, seat):
        if not state.zones[(seat, z)]:
            return z
    return None


# -- triggers waiting to go on the stack ----------------------------------------------------------


def queue(state: GameState, source: int, ability: int, seat: int, about: int = -1) -> None:
    """A triggered ability waits to happen, unless its card has lost all its abilities; one
    that each player has (``Ability.each``) waits for each player still playing, from
    ``seat`` on, as their own."""
    if in_play(state, source) and silenced(state, source):
        return
    d = data(state)
    if card_of(state, source).abilities[ability].each:
        for s in state.seats_from(seat):
            if not d.out[s]:
                d.pending.append((source, ability, s, about))
        return
    d.pending.append((source, ability, seat, about))


def release_delayed(state: GameState, phase: str) -> bool:
    """The heard abilities waiting for the active player's Play phase happen as one starts
    ("... at the start of your play phase"); True if any did."""
    d = data(state)
    if not d.delayed or phase not in ("play1", "play2"):
        return False
    now = [w for w in d.delayed if w[2] == state.active]
    if not now:
        return False
    d.delayed = tuple(w for w in d.delayed if w[2] != state.active)
    for source, ability, seat in now:
        queue(state, source, ability, seat)
    return True


def entered_city(state: GameState, cid: int) -> None:
    """A creature came into a city (moved or played there): its "When I enter a city"
    abilities happen, about that city."""
    city = home(state, cid)
    if city is None:
        return
    for i, a in enumerate(card_of(state, cid).abilities):
        if a.when == "enter_city":
            queue(state, cid, i, state.cards[cid].owner, city)


def queue_when(state: GameState, source: int, when: str, seat: int, sudden: bool = False) -> None:
    """Queue the card's abilities that happen ``when``; those that happen only when it is
    played as sudden ("When you play me as sudden, ..."), if it was (``sudden``)."""
    for i, a in enumerate(card_of(state, source).abilities):
        if a.when == when and (a.condition != "sudden" or sudden):
            queue(state, source, i, seat)


# The abilities that wait for something happening to another card, by the happening the
# rules emit (``engine.abilities``): a card's abilities about itself ("when I die") are
# queued where it happens to it, as above.
HEARS = {"enters": ab.ENTERS, "cast": ab.PLAYED, "drawn": ab.DRAWN, "discarded": ab.DISCARDED}
WHOSE = {"you": ab.ALLY, "opponent": ab.ENEMY, "any": ab.ANY}
PHASE_EDGES = {"start": ab.PHASE_STARTS, "end": ab.PHASE_ENDS}


def _hears(a: Any) -> tuple[str, str]:
    """(the happening, whose) an ability of ``ArcCard.listening`` waits for: another card
    coming into play or played, or a phase of its controller's turn starting or ending."""
    if a.when == "phase":  # of its city's player's turn: ``react`` tells whose
        return PHASE_EDGES[a.edge], ab.ANY if a.whose == "home" else ab.OWN_TURN
    return HEARS[a.when], WHOSE[a.whose]


def phase_heard(state: GameState, phase: str) -> bool:
    """Whether a card in play waits for the start or end of ``phase`` of the active
    player's turn ("At the start of your tactics phase, ...")."""
    active = state.active
    for trigger in PHASE_EDGES.values():
        for lis in listeners(state, trigger):
            ability = card_of(state, lis.card).abilities[lis.payload]
            if _phase_of(ability, phase) and _turn_of(state, lis.card, ability) == active:
                return True
    return False


def _turn_of(state: GameState, cid: int, ability: Any) -> int | None:
    """Whose turn a phase ability waits for: its card's controller's, or the player's whose
    city the card lives in (``whose`` "home")."""
    if ability.whose != "home":
        return state.cards[cid].owner
    city = home(state, cid)
    return state.cards[city].owner if city is not None else None


def _phase_of(ability: Any, phase: str) -> bool:
    """Whether an ability's ``phase`` ("play": either Play phase) is ``phase``."""
    return ability.phase == phase or (ability.phase == "play" and phase in ("play1", "play2"))


def listeners(state: GameState, trigger: str) -> list[ab.Listener]:
    """The abilities of the cards in play waiting for ``trigger``, the active seat's first
    (then in seat order), each card's in its printed order. Worked out for every trigger
    at once, again only when a card has moved (or another seat is active)."""
    key = ("listen", state.active)
    table = _remembered(state, key)
    if table is None:
        table = {}
        cards = state.cards
        for k in range(state.seats):
            seat = (state.active + k) % state.seats
            for z in PLAY_ZONES:
                for cid in state.zones[(seat, z)]:
                    card = cards[cid].card
                    if card is HIDDEN:
                        continue
                    for i, a in card.listening:
                        heard, about = _hears(a)
                        table.setdefault(heard, []).append(ab.Listener(cid, heard, about, i))
        data(state).known[key] = table  # read only: emit goes through it
    return table.get(trigger, _NO_ONE)


_NO_ONE: list[ab.Listener] = []  # read only


def react(state: GameState, listener: ab.Listener, happening: ab.Happening) -> None:
    """A card heard what it waits for (another card came into play, its controller played
    a card, a phase of its controller's turn starts or ends): its ability is queued for its
    controller if the card it is about is of the kinds it names ("another Red Banner
    creature", "an enchantment card"), or the phase is the one it names."""
    source = listener.card
    ability = card_of(state, source).abilities[listener.payload]
    if is_city(state.cards[source]) and not _level_holds(state, source, ability):
        return  # a city hears only while the Level it is written under holds (ruling 71)
    if ability.when == "phase":  # a phase of its controller's turn starts or ends
        if _phase_of(ability, happening.phase) and _turn_of(state, source, ability) == (
            happening.seat
        ):
            queue(state, source, listener.payload, state.cards[source].owner)
        return
    about = happening.card
    if about is None or about == source:
        return  # "another": never itself
    if not is_type(state.cards[about].card, ability.subtype):
        return
    owner = state.cards[source].owner
    if ability.delay:  # it happens at the start of its player's next Play phase
        data(state).delayed += ((source, listener.payload, owner),)
        return
    # a card drawn or discarded: the ability is about it ("that opponent": whose it is)
    mine = ability.when in ("drawn", "discarded")
    queue(state, source, listener.payload, owner, about if mine else -1)


def _level_holds(state: GameState, city: int, ability: Any) -> bool:
    """Whether the city's devotion reaches the Level a heard ability is written under (a
    Level 0 always does), and has not reached the one its "unless you reach level N" names."""
    shown = data(state).devotion.get(city, 0)
    below = ability.condition[6:] if ability.condition.startswith("below:") else ""
    return shown >= ability.level and not (below and shown >= int(below))


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
                move_with(state, cid, (r.owner, ARMY), events, f"{r.card.name} moves to the army")
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
