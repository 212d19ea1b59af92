"""Resolving effects (coe.txt, "Resolving Effects", "Archiving Cards", "Equipment & Infinite
Cards"): the characters an effect reaches, each effect done as far as it can be, damage and
archiving (a champion's equipment follows it, ruling 34; its Battlefall at once), the
triggers that resolve at once (an acolyte's Swift as its play resolves, Battlefall, the Rest
Phase's; a champion's Swift is activated to be answered: ``answers.swift``), negation (a
Counter's "does nothing", a Contravene's named keyword, rulings 53 and 54), and a played
card's turn to resolve: it takes its place, or does what it says and is archived unless it
stays."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import Event, Events, GameState, draw_cards
from ....engine import abilities as ab
from ....engine.abilities import Modifier
from .keywords import (
    TRIGGERED,
    _keyword,
    _obstruct,
    permits,
    position_problem,
    stagger,
    take_position,
)
from .state import (
    ARCHIVE,
    ARSENAL,
    CHARACTERS,
    DECK,
    HAND,
    LEADER,
    PLAYED,
    SUPPORT,
    characters,
    data,
    name,
    played,
)


def reached(state: GameState, to: str, source: int, seat: int, target: int | None) -> list[int]:
    """The characters an effect reaches (see the schema's ``to``)."""
    if to == "self":
        inst = state.cards[source]
        host = inst.attached_to if inst.card.type == "equipment" else source
        return [host] if host is not None and host in characters(state, inst.owner) else []
    if to == "target":
        return (
            [target]
            if target is not None
            and any(target in characters(state, s) for s in range(state.seats))
            else []
        )
    if to == "own":
        return characters(state, seat)
    if to == "allies":
        return [c for c in characters(state, seat) if c != source]
    if to == "enemies":
        return [c for s in range(state.seats) if s != seat for c in characters(state, s)]
    if to == "leader":
        return list(state.zones[(seat, LEADER)])
    battle = data(state).battle
    if battle is None:
        return []
    who_ = battle.attacker if to == "attacker" else battle.target
    return [who_] if any(who_ in characters(state, s) for s in range(state.seats)) else []


def _until(until: str, seat: int) -> dict:
    """A played effect's duration as a modifier's: one round (until its controller's next
    turn begins, ruling 27), the turn, or while its source is in play."""
    if until == "round":
        return {"until": ab.TURNS, "turns": 1, "seat": 1 - seat}
    if until == "static":
        return {"until": ab.WHILE_IN_PLAY}
    return {"until": ab.TURN}  # "battle" ones are also taken away when the battle ends


def _add(state: GameState, modifier: Modifier, until: str) -> None:
    ab.add(state, modifier)
    battle = data(state).battle
    if until == "battle" and battle is not None:
        battle.lasting = (*battle.lasting, modifier)


def resolve(
    state: GameState,
    effects: Sequence[Any],
    source: int,
    seat: int,
    events: Events,
    target: int | None = None,
) -> None:
    """As much of each effect as can resolve (coe.txt, "Resolving Effects")."""
    for e in effects:
        if state.over:
            return
        if e.do == "negate":
            _negate(state, target, source, events)
            continue
        if e.do == "draw":
            draw_cards(state, seat, e.count, events, DECK, HAND)
            continue
        if e.do == "obstruct":
            _obstruct(state, seat, source, events)
            continue
        for t in reached(state, e.to, source, seat, target):
            inst = state.cards[t]
            if e.do == "damage":
                hurt(state, t, e.amount, events, f" from {name(state, source)}")
            elif e.do == "heal":
                healed = min(e.amount, inst.damage)
                inst.damage -= healed
                events.append(
                    Event(
                        "heal",
                        f"{name(state, inst.id)} heals {healed}",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "boost":
                kw = _until(e.until, seat)
                times = aura_blight(state, seat) if e.per == "spell_in_archive" else 1
                for stat, n in (("dmg", e.dmg), ("def", e.defense)):
                    if n and times:
                        _add(state, Modifier(t, stat, n * times, source, **kw), e.until)
                events.append(
                    Event(
                        "info", f"{name(state, inst.id)} gets {_signed(e)}", seat=seat, cards=(t,)
                    )
                )
            elif e.do in ("rest", "unrest"):
                inst.turned = e.do == "rest"
                events.append(
                    Event(
                        "turn" if inst.turned else "ready",
                        f"{name(state, inst.id)} is {'rested' if inst.turned else 'readied'}",
                        seat=inst.owner,
                        cards=(t,),
                    )
                )
            elif e.do == "stagger":
                stagger(state, t, events)
            elif e.do == "archive":
                archive(state, t, events, f" by {name(state, source)}")
            elif e.do == "grant":
                _add(
                    state, Modifier(t, e.keyword, ab.CAN, source, **_until(e.until, seat)), e.until
                )
                events.append(
                    Event(
                        "info",
                        f"{name(state, inst.id)} gains {e.keyword.replace('_', ' ').title()}",
                        seat=seat,
                        cards=(t,),
                    )
                )
            elif e.do == "cannot":
                _add(
                    state, Modifier(t, e.what, ab.CANNOT, source, **_until(e.until, seat)), e.until
                )
                events.append(
                    Event(
                        "info",
                        f"{name(state, inst.id)} cannot {e.what.replace('_', ' ')}",
                        seat=seat,
                        cards=(t,),
                    )
                )


def aura_blight(state: GameState, seat: int) -> int:
    """Aura Blight's count: the Spell cards in the seat's archive (when the effect resolves,
    for a played one; at every moment, for an always-on one)."""
    cards = state.cards
    return sum(cards[c].card.type == "spell" for c in state.zones[(seat, ARCHIVE)])


def _signed(e: Any) -> str:
    parts = [f"{n:+d} {stat}" for stat, n in (("DMG", e.dmg), ("DEF", e.defense)) if n]
    return " and ".join(parts)


def hurt(state: GameState, cid: int, amount: int, events: Events, how: str = "") -> None:
    """Damage stays on a character until healed; at its HP it is archived (ruling 41)."""
    inst = state.cards[cid]
    if amount <= 0:
        return
    inst.damage += amount
    hp = inst.card.hp
    events.append(
        Event(
            "damage",
            f"{name(state, inst.id)} takes {amount} damage{how} ({inst.damage} of {hp} HP)",
            seat=inst.owner,
            cards=(cid,),
            value=(amount, inst.damage, hp),
        )
    )
    if inst.damage >= hp:
        archive(state, cid, events, " (defeated)")


def archive(state: GameState, cid: int, events: Events, how: str = "") -> None:
    """A card leaves the field for its owner's archive; a champion's equipment follows it
    (ruling 34)."""
    inst = state.cards[cid]
    owner = inst.owner
    for item in [c for c in state.zones[(owner, ARSENAL)] if state.cards[c].attached_to == cid]:
        state.move(item, (owner, ARCHIVE))
        events.append(
            Event(
                "move",
                f"{name(state, item)} is archived with {name(state, inst.id)}",
                seat=owner,
                cards=(item,),
            )
        )
    src = inst.zone
    state.move(cid, (owner, ARCHIVE))
    events.append(
        Event(
            "move",
            f"{name(state, inst.id)} is archived{how}",
            seat=owner,
            cards=(cid,),
            value=(src, (owner, ARCHIVE)),
        )
    )
    if inst.card.character and src[1] in (LEADER, CHARACTERS, SUPPORT):
        _fire(state, cid, "battlefall", events)  # at once, before any other effect


def _fire(state: GameState, cid: int, when: str, events: Events) -> None:
    """A character's triggered effects that resolve at once (an acolyte's Swift, as its
    play resolves; Battlefall; the Rest Phase's)."""
    inst = state.cards[cid]
    for trig in inst.card.triggers:
        if trig.when == when and not state.over and permits(state, cid, when):
            events.append(
                Event(
                    "ability",
                    f"{name(state, inst.id)}: {when.replace('_', ' ').title()}",
                    seat=inst.owner,
                    cards=(cid,),
                )
            )
            resolve(state, trig.effects, cid, inst.owner, events)


def _archive_card(state: GameState, cid: int, events: Events, why: str) -> None:
    inst = state.cards[cid]
    src = inst.zone
    state.move(cid, (inst.owner, ARCHIVE))
    events.append(
        Event(
            "move",
            f"{name(state, inst.id)} is archived{why}",
            seat=inst.owner,
            cards=(cid,),
            value=(src, (inst.owner, ARCHIVE)),
            reveals=(cid,),
        )
    )


def _negate(state: GameState, answered: int | None, source: int, events: Events) -> None:
    """A Counter's "does nothing": the attack it answers deals no damage and its Rally Call
    and Fortify do not happen; the card it answers is archived without effect."""
    battle = data(state).battle
    owner = state.cards[source].owner
    if answered is None:
        return
    if battle is not None and answered == battle.attacker:
        battle.negated = True
        state.pending = tuple(
            p for p in state.pending if p.card not in (battle.attacker, battle.target)
        )
        events.append(
            Event(
                "info",
                f"{name(state, source)}: the attack does nothing",
                seat=owner,
                cards=(answered,),
            )
        )
        return
    inst = state.cards[answered]
    if inst.zone[1] == PLAYED or (inst.zone[1] == ARSENAL and inst.face_down):
        ab.cancel_pending(state, answered)
        events.append(
            Event(
                "info",
                f"{name(state, source)}: {name(state, inst.id)} does nothing",
                seat=owner,
                cards=(answered,),
            )
        )
        _archive_card(state, answered, events, " (negated)")


def _contravene(
    state: GameState, cid: int | None, keyword: str, source: int, events: Events
) -> None:
    """The named keyword's effect is negated: an answer does nothing; a trigger does not
    happen; a keyword is lost for the rest of the turn."""
    if cid is None:
        return
    inst = state.cards[cid]
    if keyword in ("counter", "contravene"):
        if ab.cancel_pending(state, cid) and inst.zone[1] in (PLAYED, ARSENAL):
            events.append(
                Event(
                    "info",
                    f"{name(state, source)} negates {name(state, inst.id)}",
                    seat=state.cards[source].owner,
                    cards=(cid,),
                )
            )
            _archive_card(state, cid, events, " (negated)")
        return
    if keyword in TRIGGERED:
        state.pending = tuple(
            p for p in state.pending if not (p.card == cid and p.key.startswith(keyword))
        )
    ab.add(state, Modifier(cid, keyword, ab.CANNOT, source, ab.TURN))
    events.append(
        Event(
            "info",
            f"{name(state, source)} negates {name(state, inst.id)}'s {_keyword(keyword)}",
            seat=state.cards[source].owner,
            cards=(cid,),
        )
    )


def _resolve_card(state: GameState, p: ab.Pending, events: Events) -> None:
    """A played card's turn to resolve: it takes its place or does what it says, then is
    archived unless it stays (an acolyte, equipment, an infinite card)."""
    cid, seat, target = p.card, p.seat, p.target
    inst = state.cards[cid]
    card = inst.card
    if inst.zone not in ((seat, PLAYED), (seat, ARSENAL)) or inst.face_down:
        return  # negated or gone meanwhile
    if card.type == "acolyte":
        if position_problem(state, seat, card):
            _archive_card(state, cid, events, ": no position it may take is open")
            return
        take_position(state, cid, events)
        played(state, cid)
        events.append(
            Event(
                "move",
                f"{card.name} takes an acolyte position",
                seat=seat,
                cards=(cid,),
                value=((seat, PLAYED), (seat, CHARACTERS)),
            )
        )
        _fire(state, cid, "swift", events)
        return
    if card.type == "equipment":
        if target not in characters(state, seat):
            _archive_card(state, cid, events, ": its champion has left the field")
            return
        state.move(cid, (seat, ARSENAL), keep=True)
        inst.attached_to = target
        events.append(
            Event(
                "move",
                f"{card.name} is equipped to {name(state, target)}",
                seat=seat,
                cards=(cid, target),
                value=((seat, PLAYED), (seat, ARSENAL)),
            )
        )
        return
    if card.stays and inst.zone != (seat, ARSENAL):
        state.move(cid, (seat, ARSENAL), keep=True)
    if p.key.startswith("card:"):
        _contravene(state, target, p.key[5:], cid, events)
    else:
        resolve(state, card.effects, cid, seat, events, target)
    if not card.stays and inst.zone in ((seat, PLAYED), (seat, ARSENAL)):
        _archive_card(state, cid, events, " once resolved")
