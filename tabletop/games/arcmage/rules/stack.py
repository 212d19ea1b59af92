"""ARC-mage's event stack: a round of answers (every seat still playing may answer, from
one on), and the top card or ability of the stack resolved."""

from __future__ import annotations

from typing import Any

from ....engine import Event, Events, GameState
from ..abilities import HOLDS, ONLY_PLAYERS, PICKS
from .effects import resolve_effects
from .lifecycle import place, undisguise
from .state import ARMY, GRAVE, STACK, data, in_play, lost, name
from .targets import _mode, _x_words, aimed_parts, player_of, player_options, target_options
from .triggers import entered_city, queue, queue_when


def start_round(state: GameState, first: int) -> None:
    """Every seat still playing, from ``first`` on, gets the chance to answer."""
    data(state).round = tuple(s for s in state.seats_from(first) if not lost(state, s))


def _once(ability: Any) -> tuple:
    """The effects an ability resolves when it triggers (a level's group boosts hold while
    the devotion lasts instead)."""
    if ability.when != "level":
        return ability.effects
    return tuple(e for e in ability.effects if not (e.do in HOLDS and e.to != "target"))


def _ability_words(ability: Any) -> str:
    if ability.when == "level":
        return f"Level {ability.level}"
    return {
        "play": "comes into play",
        "attack": "attacks",
        "mark": "ability",
        "devote": "marked for devotion",
        "hit_city": "damaged a city",
        "die": "dies",
        "leave": "leaves play",
        "hurt": "damaged a creature",
        "blocked": "is blocked",
        "block": "defends",
        "cast": "a card was played",
        "save": "prevents dying",
        "discard": "Discard phase",
        "enters": "another card came into play",
        "marked": "is marked",
    }.get(ability.when, ability.when)


def _fizzle(state: GameState, cid: int, seat: int, why: str, events: Events) -> None:
    """A card on the stack does not resolve (``why``: ": its target is gone"): it goes to
    its player's graveyard."""
    events.append(
        Event("info", f"{name(state, cid)} does not resolve{why}", seat=seat, cards=(cid,))
    )
    state.move(cid, (seat, GRAVE))
    undisguise(state, cid)


def _resolve_two(
    state: GameState,
    cid: int,
    seat: int,
    ability: Any,
    aimed: tuple[int, ...],
    words: tuple[str, ...],
    x: int,
    events: Events,
) -> None:
    """A Magic or an Event with two targets: what reaches each happens if that target is
    still there; with neither, the card does not resolve."""
    card = state.cards[cid].card
    parts = []
    for part, targets, player in aimed_parts(state, ability, aimed, words):
        if part.target in ONLY_PLAYERS or player is not None:
            ok = player in player_options(state, seat, part)
        else:
            ok = bool(targets) and targets[0] in target_options(state, seat, part, x)
        parts.append((part, targets, player, ok))
    if not any(ok for *_, ok in parts):
        _fizzle(state, cid, seat, ": its targets are gone", events)
        return
    events.append(Event("resolve", f"{card.name} resolves", seat=seat, cards=(cid,)))
    for part, targets, who_, ok in parts:
        if ok:
            resolve_effects(state, cid, part.effects, seat, targets, events, x, player=who_)
    if state.cards[cid].zone == (None, STACK):
        state.move(cid, (seat, GRAVE))


def resolve_top(state: GameState, events: Events) -> None:
    d = data(state)
    cid, seat, aimed, words = d.stack.pop()
    inst = state.cards[cid]
    card = inst.card
    x = _x_words(words) or 0
    ability = (
        _mode(card, tuple(w for w in words if w.startswith("mode=")))
        if card.type != "creature"
        else None
    )
    if ability is not None and ability.target2 != "none":  # (a creature's is None)
        _resolve_two(state, cid, seat, ability, aimed, words, x, events)
        return
    targets = aimed
    player = player_of(state, words) if ability is not None else None
    if (aimed or player is not None) and card.type != "creature" and ability is not None:
        legal = target_options(state, seat, ability, x)
        targets = tuple(t for t in aimed if t in legal)
        if not targets and player not in player_options(state, seat, ability):
            _fizzle(state, cid, seat, ": its target is gone", events)
            return
    t = targets[0] if targets else None
    events.append(Event("resolve", f"{card.name} resolves", seat=seat, cards=(cid,)))
    if card.type == "creature":
        if "army" in words:
            zone: tuple = (seat, ARMY)
            where = "the army"
        else:
            if t is None or not in_play(state, t):
                _fizzle(state, cid, seat, ": its city is gone", events)
                return
            zone = state.cards[t].zone
            where = name(state, t)
        if not place(state, cid, zone, events, f"{card.name} comes into play in {where}"):
            _fizzle(state, cid, seat, "", events)
            return
        rage = d.vengeance.get(seat, 0)
        if rage:
            inst.counters["atk"] = inst.counters.get("atk", 0) + rage
            events.append(
                Event(
                    "buff",
                    f"{card.name} comes into play with {rage} +1/+0 counters (blood vengeance)",
                    seat=seat,
                    cards=(cid,),
                    value=(rage, 0),
                )
            )
        queue_when(state, cid, "play", seat, sudden="army" in words)
        entered_city(state, cid)
        return
    if card.type == "enchantment":
        zone = state.cards[t].zone if t is not None else (seat, ARMY)
        place(
            state,
            cid,
            zone,
            events,
            f"{card.name} comes into play" + (f" on {name(state, t)}" if t is not None else ""),
        )
        state.cards[cid].attached_to = t
        d.statics = None  # asked as it came into play, unattached: what it gives reaches now
        # an enchantment's own play effects (besides the attaching) resolve now
        if ability is not None:
            resolve_effects(state, cid, ability.effects, seat, targets, events, x)
        return
    # Magic and events: their effects, then the graveyard. A card it picks from its
    # player's deck or hand is asked for now, as a triggered ability's is (``flow.advance``).
    if ability is not None and ability.target in PICKS:
        queue(state, cid, card.abilities.index(ability), seat)
    elif ability is not None:
        resolve_effects(state, cid, ability.effects, seat, targets, events, x, player=player)
    if state.cards[cid].zone == (None, STACK):
        state.move(cid, (seat, GRAVE))
