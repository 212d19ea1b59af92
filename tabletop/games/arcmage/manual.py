"""Resolving by hand: a player's own corrections, for card text Tabletop does not enforce.

A card whose text is not (fully) understood still plays with its stats and keywords; what the
rest of its text says, its player does by hand, with the ``manual`` action. Each one logs a
line that begins "By hand:", naming the player and the card, so the log shows the correction
for what it is. Bots are never offered one (the move's generator yields nothing) and the
legal actions never list one; the table offers them on a card's right-click menu
(:func:`offers`).

The action names one card (none to draw) and says what to do in words::

    manual "Card" mark | unmark        a card in play, or a resource card
    manual "Creature" damage +1 | -1   a creature in play (lethal damage kills it)
    manual "City" strength +1 | -1     a city in play: -1 is a point of damage (at 0 the city
                                       is destroyed, as by any damage); +1 repairs damage
                                       first, else adds a point of defense, as fortify does
    manual "Card" to ZONE              hand, graveyard, army, city1..city6, removed,
                                       res_<faction>, deck top | deck bottom
    manual draw                        the top card of the deck

A player changes only their own cards and cities. Moves go through the rules' own helpers
(``place``, ``leave_play``, ``move_with``, ``destroy_city``), so attachments, tokens,
devotion and the combat under way stay consistent: a creature put into play by hand comes in
as any creature does (Fatigue marks it), one leaving play takes its enchantments to the
graveyard, a token leaving play ceases to exist, a city leaving play is destroyed (its
residents evacuate).
"""

from __future__ import annotations

from ...engine import Action, Event, Events, GameState, Move, make
from .rules import (
    ARMY,
    CITIES,
    CITY_SET,
    DECK,
    FACTIONS,
    GRAVE,
    HAND,
    IN_PLAY,
    R_MARKED,
    R_UNIQUE,
    REMOVED,
    RES,
    RES_FACTION,
    STACK,
    UNBUILT,
    A,
    advance,
    and_retire,
    check_deaths,
    cities,
    data,
    defense_of,
    destroy_city,
    draw,
    free_row,
    in_play,
    is_city,
    is_creature,
    leave_play,
    mark,
    move_with,
    place,
    strength,
    unique_clash,
    unmark,
    who,
)
from .vocabulary import a_faction, faction_word

KIND = "manual"
BY_HAND = "By hand"
R_HAND = f"{A}, by hand"
USAGE = (
    f'{R_HAND}: manual "Card" mark | unmark | damage +1|-1 | strength +1|-1 | '
    "to hand|graveyard|army|city1..city6|removed|res_<faction>|deck top|deck bottom, "
    "or manual draw"
)
R_OWN = (
    f"{R_HAND}: another player's cards are changed only in play or among their "
    "resources, as a card's text does (their hand and deck are theirs)"
)
R_THEIRS = (
    f"{R_HAND}: another player's card goes only where a card's text could send it: "
    "its owner's graveyard, hand, deck, army or cities, or out of the game"
)
STEPS = ("+1", "-1")
PLACES = frozenset({HAND, GRAVE, ARMY, REMOVED, DECK, *CITIES, *RES_FACTION})
# Windows that wait for one exact choice: while one is open, nothing may change under it.
FORCED = frozenset({"split", "target", "choose", "evacuate"})
QUIET = ("mark", "unmark", "draw")  # what is still allowed meanwhile


# -- legality ------------------------------------------------------------------------------------


def check(state: GameState, action: Action) -> str | None:
    """Why the seat may not take this manual action now (the engine has checked already
    that the phase allows it and that the seat is the one to act)."""
    seat, words = action.seat, action.words
    if action.targets or not words:
        return USAGE
    verb = words[0]
    prompt = state.top_prompt
    if prompt is not None and prompt.name in FORCED and verb not in QUIET:
        title = state.game.windows[prompt.name].title
        return (
            f"{R_HAND}: first answer: {title} (meanwhile cards are only marked, "
            "unmarked or drawn by hand)"
        )
    if verb == "draw":
        if action.cards or len(words) != 1:
            return USAGE
        if not state.zones[(seat, DECK)]:
            return f"{R_HAND}: your deck is empty"
        return None
    if len(action.cards) != 1:
        return USAGE
    cid = action.cards[0]
    inst = state.cards[cid]
    if inst.zone == (None, STACK):
        return f"{R_HAND}: {inst.card.name} is on the stack; it resolves first"
    if inst.owner != seat and inst.zone[1] not in IN_PLAY and inst.zone[1] not in RES_FACTION:
        return R_OWN
    n = inst.card.name
    if verb in ("mark", "unmark"):
        if len(words) != 1:
            return USAGE
        if inst.zone[1] not in IN_PLAY and inst.zone[1] not in RES_FACTION:
            return f"{R_HAND}: only cards in play and resource cards are marked"
        if verb == "mark" and inst.turned:
            return f"{R_MARKED}: {n} is marked already"
        if verb == "unmark" and not inst.turned:
            return f"{R_HAND}: {n} is not marked"
        return None
    if verb == "damage":
        if len(words) != 2 or words[1] not in STEPS:
            return USAGE
        if not in_play(state, cid) or not is_creature(inst):
            return (
                f"{R_HAND}: damage is changed on a creature in play (a city's: strength +1 or -1)"
            )
        if words[1] == "-1" and not inst.damage:
            return f"{R_HAND}: {n} has no damage to take off"
        return None
    if verb == "strength":
        if len(words) != 2 or words[1] not in STEPS:
            return USAGE
        if not in_play(state, cid) or not is_city(inst):
            return f"{R_HAND}: defense strength is a city's: choose a city in play"
        return None
    if verb == "to":
        return _check_to(state, action)
    return USAGE


def destination(words: tuple[str, ...]) -> tuple[str, bool] | None:
    """The zone a ``to`` action names, and whether on top (a deck's top); None if it
    names none."""
    if len(words) == 2 and words[1] in PLACES and words[1] != DECK:
        return words[1], False
    if len(words) == 3 and words[1] == DECK and words[2] in ("top", "bottom"):
        return DECK, words[2] == "top"
    return None


def _check_to(state: GameState, action: Action) -> str | None:
    dest = destination(action.words)
    if dest is None:
        return USAGE
    to, _ = dest
    cid = action.cards[0]
    inst = state.cards[cid]
    n = inst.card.name
    if inst.owner != action.seat and to in RES_FACTION:
        return R_THEIRS
    src = inst.zone[1]
    playing = src in IN_PLAY
    if src == DECK:
        return f"{R_HAND}: the cards of your deck are drawn, not picked (By hand: draw a card)"
    if src == to:
        return f"{R_HAND}: {n} is there already"
    if is_city(inst):
        if playing:
            return (
                None
                if to == GRAVE
                else f"{R_HAND}: a city leaves play only for the graveyard (destroyed)"
            )
        if to not in CITY_SET or state.zones[(inst.owner, to)]:
            return f"{R_HAND}: a city is built into an empty row of your kingdom"
        return None
    if inst.card.token:
        if not playing:
            return f"{R_HAND}: a token that left play is gone"
        if to not in IN_PLAY and to != REMOVED:
            return f"{R_HAND}: a token that leaves play ceases to exist (to removed)"
    if to not in IN_PLAY:
        return None  # hand, graveyard, removed, deck, a resource pile: any card of yours
    kind = inst.card.type
    if kind == "enchantment" and to == ARMY and not playing:
        return None  # a global enchantment, or one whose card is gone
    if kind != "creature":
        return (
            f"{R_HAND}: only creatures go into the army or a city (an enchantment with "
            "nothing to enchant: into the army)"
        )
    if to in CITY_SET:
        row = state.zones[(inst.owner, to)]
        if not row or not is_city(state.cards[row[0]]):
            return f"{R_HAND}: there is no city of yours in {to}"
    if not playing and unique_clash(state, cid):
        return R_UNIQUE
    if playing:
        c = data(state).combat
        if c is not None and (cid in c.attackers or cid in c.blocks):
            return (
                f"{R_HAND}: {n} is in combat; it may leave play by hand, but not move, "
                "until the combat is over"
            )
    return None


# -- carrying it out -----------------------------------------------------------------------------


def execute(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    verb = action.words[0]
    me = who(state, seat)
    if verb == "draw":
        got: Events = []
        draw(state, seat, 1, got)
        first = got[0]
        events.append(
            first._replace(
                text=f"{BY_HAND}: {first.text}", secret=f"{BY_HAND}: {first.secret or first.text}"
            )
        )
        events.extend(got[1:])
    else:
        cid = action.cards[0]
        inst = state.cards[cid]
        n = inst.card.name
        if verb in ("mark", "unmark"):
            got = []
            (mark if verb == "mark" else unmark)(state, cid, got)
            text = f"{BY_HAND}: {me} {verb}s {n}"
            first = got[0]  # the mark itself; what follows from it (a counter) keeps its words
            if inst.zone[1] in RES_FACTION:  # a face-down card: its owner alone knows it
                pile = f"{a_faction(RES_FACTION[inst.zone[1]])} resource card"
                if inst.owner != seat:
                    pile += f" of {who(state, inst.owner)}"
                first = first._replace(
                    text=f"{text} ({pile})",
                    secret=f"{BY_HAND}: {me} {verb}s {pile}",
                    seen_by=frozenset({inst.owner}),
                )
            else:
                first = first._replace(text=text)
            events += [first, *got[1:]]
        elif verb == "damage":
            step = 1 if action.words[1] == "+1" else -1
            inst.damage += step
            left = defense_of(state, cid) - inst.damage
            text = f"{me} gives {n} 1 damage" if step > 0 else f"{me} takes 1 damage off {n}"
            events.append(
                Event(
                    "damage",
                    f"{BY_HAND}: {text} ({left} DEF left)",
                    seat=seat,
                    cards=(cid,),
                    value=(step, left),
                )
            )
        elif verb == "strength":
            _strength(state, cid, action.words[1] == "+1", events, me)
        else:
            dest = destination(action.words)
            assert dest is not None  # checked
            _put(state, cid, *dest, events, me)
    _settle(state, events)


def _strength(state: GameState, city: int, up: bool, events: Events, me: str) -> None:
    inst = state.cards[city]
    n = inst.card.name
    if up:
        if inst.damage:
            inst.damage -= 1  # repaired
        else:
            inst.counters["def"] = inst.counters.get("def", 0) + 1  # as fortify does
        events.append(
            Event(
                "buff",
                f"{BY_HAND}: {me} raises {n}'s defense strength to {strength(state, city)}",
                seat=inst.owner,
                cards=(city,),
                value=(0, 1),
            )
        )
        return
    inst.damage += 1
    left = strength(state, city)
    events.append(
        Event(
            "damage",
            f"{BY_HAND}: {me} lowers {n}'s defense strength to {max(0, left)}",
            seat=inst.owner,
            cards=(city,),
            value=(1, left),
        )
    )
    if left <= 0:
        destroy_city(state, city, events)


def where(state: GameState, seat: int, to: str, top: bool, mine: str = "their") -> str:
    """Words for a destination: "into the graveyard", "into Cinderhold", "on top of their
    deck"... (``mine``: "their" for the log, "your" for a menu)."""
    if to == HAND:
        return f"into {mine} hand"
    if to == GRAVE:
        return "into the graveyard"
    if to == REMOVED:
        return "among the sacrificed cards"
    if to == ARMY:
        return "into the army"
    if to == DECK:
        return f"on top of {mine} deck" if top else f"at the bottom of {mine} deck"
    if to in RES_FACTION:
        return f"among {mine} {faction_word(RES_FACTION[to])} resources"
    row = state.zones[(seat, to)]
    return f"into {state.cards[row[0]].card.name}" if row else f"into {to}"


def _put(state: GameState, cid: int, to: str, top: bool, events: Events, me: str) -> None:
    inst = state.cards[cid]
    seat = inst.owner
    n = inst.card.name
    src = inst.zone
    dest = (seat, to)
    text = f"{BY_HAND}: {me} puts {n} {where(state, seat, to, top)}"
    if is_city(inst):
        if src[1] in IN_PLAY:
            got: Events = []
            destroy_city(state, cid, got)
            for i, e in enumerate(got):  # the city's own move is the correction's line
                if e.kind == "move" and e.cards == (cid,):
                    got[i] = e._replace(text=f"{BY_HAND}: {me} destroys {n}")
                    break
            events.extend(got)
        else:
            state.move(cid, dest)
            events.append(
                Event(
                    "move",
                    f"{BY_HAND}: {me} builds {n}",
                    seat=seat,
                    cards=(cid,),
                    value=(src, dest),
                )
            )
        return
    playing = src[1] in IN_PLAY
    if playing and to in IN_PLAY:
        move_with(state, cid, dest)
        events.append(Event("move", text, seat=seat, cards=(cid,), value=(src, dest)))
        return
    if to in IN_PLAY:
        place(state, cid, dest, events, text)
        return
    if playing:
        leave_play(state, cid, to, events, text)
        if top:
            state.move(cid, dest, top=True)
    else:
        # Out of sight on both ends (a hand, a deck, a face-down resource): the others read
        # only that a card went there.
        hidden_from = src[1] in (HAND, *RES_FACTION)
        hidden_to = to in (HAND, DECK, *RES_FACTION)
        secret = seen = None
        if hidden_from and hidden_to:
            what = (
                "a card from their hand"
                if src[1] == HAND
                else f"{a_faction(RES_FACTION[src[1]])} resource card"
            )
            secret = f"{BY_HAND}: {me} puts {what} {where(state, seat, to, top)}"
            seen = frozenset({seat})
        state.move(cid, dest, top=top)
        events.append(
            Event(
                "move",
                text,
                seat=seat,
                cards=(cid,),
                value=(src, dest),
                secret=secret,
                seen_by=seen,
            )
        )
    if to in RES_FACTION:
        state.cards[cid].face_down = True
    elif src[1] in RES_FACTION:  # a resource card leaving its pile is a card again
        state.cards[cid].face_down = False


def _settle(state: GameState, events: Events) -> None:
    """What follows any change: creatures at lethal damage die, the residents of a city
    destroyed by hand evacuate, the game goes on (or ends) as after any action."""
    check_deaths(state, events)
    d = data(state)
    if d.evac:  # residents still waiting in a fallen city's row (not moved away by hand)
        d.evac = tuple(c for c in d.evac if _homeless(state, c))
    advance(state, events)


def _homeless(state: GameState, cid: int) -> bool:
    zone = state.cards[cid].zone
    if zone[1] not in CITY_SET:
        return False
    row = state.zones[zone]
    return not is_city(state.cards[row[0]])


# -- what the table offers -----------------------------------------------------------------------


def offers(state: GameState, seat: int, cid: int) -> list[Action]:
    """The manual actions a right-click on card ``cid`` offers ``seat`` (who is to act):
    on the deck, drawing a card; on a card in play, marking, damage or strength, moving it
    within play and out of it; on a card in hand, the graveyard or a resource pile, putting
    it elsewhere. Only those allowed now."""

    if not due(state):
        return []
    inst = state.cards[cid]
    z = inst.zone[1]
    card = inst.card
    kind = getattr(card, "type", "")
    if inst.owner != seat:
        return _theirs(state, seat, cid, z, kind)
    if inst.zone[0] != seat and z not in IN_PLAY:
        return []
    if z == DECK:
        options: list[tuple[tuple[int, ...], tuple[str, ...]]] = [((), ("draw",))]
    else:
        words: list[tuple[str, ...]] = []
        if z in IN_PLAY or z in RES_FACTION:
            words.append(("unmark",) if inst.turned else ("mark",))
        if z in IN_PLAY and kind == "creature":
            words += [("damage", "+1"), ("damage", "-1")]
        if z in IN_PLAY and kind == "city":
            words += [("strength", "+1"), ("strength", "-1"), ("to", GRAVE)]
        if kind == "creature" and z not in RES_FACTION and z != REMOVED:
            words.append(("to", ARMY))
            words += [("to", state.cards[c].zone[1]) for c in cities(state, seat)]
        if kind == "enchantment" and z in (HAND, GRAVE):
            words.append(("to", ARMY))
        if z == UNBUILT and kind == "city":
            row = free_row(state, seat)
            if row is not None:
                words.append(("to", row))
        if kind != "city" and z != UNBUILT:
            for to in (HAND, GRAVE):
                words.append(("to", to))
            if z in IN_PLAY or z in (HAND, GRAVE):
                words.append(("to", DECK, "top"))
            if z == HAND:
                words.append(("to", DECK, "bottom"))
                factions = data(state).factions[seat] or FACTIONS
                words += [("to", RES[f]) for f in factions]
            if z in IN_PLAY:
                words.append(("to", REMOVED))
        options = [((cid,), w) for w in words]
    return _allowed(state, seat, options)


def due(state: GameState) -> bool:
    """Whether a correction by hand may be needed: a card whose text is not (fully)
    enforced is in play, on the stack or in a graveyard (an Event that has resolved)."""
    return any(
        getattr(state.cards[c].card, "unenforced", "")
        for (_, zone), ids in state.zones.items()
        if zone in IN_PLAY or zone in (STACK, GRAVE)
        for c in ids
    )


def _theirs(state: GameState, seat: int, cid: int, z: str, kind: str) -> list[Action]:
    """What a card's text may do to another player's card, by hand: mark or unmark it,
    damage a creature, change a city's strength, send a card in play to its owner's
    graveyard, hand or out of the game, destroy a resource card."""

    inst = state.cards[cid]
    words: list[tuple[str, ...]] = []
    if z in IN_PLAY or z in RES_FACTION:
        words.append(("unmark",) if inst.turned else ("mark",))
    if z in IN_PLAY and kind == "creature":
        words += [("damage", "+1"), ("damage", "-1"), ("to", GRAVE), ("to", HAND), ("to", REMOVED)]
    if z in IN_PLAY and kind == "city":
        words += [("strength", "+1"), ("strength", "-1"), ("to", GRAVE)]
    if z in IN_PLAY and kind == "enchantment":
        words += [("to", GRAVE), ("to", HAND)]
    if z in RES_FACTION:
        words.append(("to", GRAVE))
    return _allowed(state, seat, [((cid,), w) for w in words])


def _allowed(
    state: GameState, seat: int, options: list[tuple[tuple[int, ...], tuple[str, ...]]]
) -> list[Action]:
    """The manual actions of ``options`` (cards, words) the rules' checks allow now."""
    from ...engine import check as engine_check

    actions = [make(state, KIND, seat, cards, (), w) for cards, w in options]
    return [a for a in actions if engine_check(state, a) is None]


# The move the package adds to the rules' own: never offered to the bots (it generates
# nothing), checked and carried out here, and, as after any action, a player it defeats
# leaves the game.
MOVE = Move(
    KIND,
    lambda state, seat: iter(()),
    check,
    and_retire(execute),
    wrong_phase=f"{A}: manual actions are taken by the seat that is to act",
)
