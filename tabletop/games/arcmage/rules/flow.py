"""ARC-mage's flow: ``advance`` runs the game on after each action until a player must act:
triggers go on the stack or ask for choices, deaths a player may prevent are asked, a
round of answers ends and the top of the stack resolves, combat steps on, devotion ends,
and defeated players leave. Every move ends by calling it."""

from __future__ import annotations

from typing import Any

from ....engine import Event, Events, GameState, decide, enter_phase, naming, open_window
from .combat import step_combat
from .damage import damage, dealer
from .devotion import finish_devotion
from .effects import resolve_effects
from .lifecycle import check_deaths, kill, retire, sacrifice, sacrificeable
from .paying import _can_pay_ability
from .specials import sacrifice_resources
from .stack import _ability_words, _once, resolve_top, start_round
from .state import (
    ARMY,
    DAMAGES,
    DECK,
    HAND,
    OFFER,
    OR_RESOURCE,
    REMOVED,
    because,
    card_of,
    cities,
    data,
    exiling,
    in_play,
    name,
    playing,
    resource_piles,
    sacrificing,
    who,
)
from .targets import _looks_in_secret, target_ways
from .zones import discard, move_with, take, take_key, takeable

# -- the flow: triggers, answers on the stack, combat, devotion -----------------------------------


def may_be_asked(state: GameState, seat: int) -> bool:
    """Whether the seat is asked to answer in a round: whenever it holds a card. Only what
    everyone sees decides it (ruling 9): asking only a player who holds an Event it could
    play would tell the others that it does."""
    return bool(state.zones[(seat, HAND)])


def advance(state: GameState, events: Events) -> None:
    """Carry the game on until a seat must decide: triggered abilities first, then the
    round of answers, the stack, devotion being shown, combat."""
    d = data(state)
    for _ in range(10_000):
        if state.over or state.prompts:
            return
        if decide(state, events):
            return
        retire(state, events)
        if d.pending:
            source, idx, seat, about = d.pending[0]
            ability = card_of(state, source).abilities[idx]
            if ability.when == "save":
                if (
                    state.cards[about].counters.get("dying")
                    and in_play(state, source)
                    and not state.cards[source].turned
                    and _can_pay_ability(state, seat, source, ability) is None
                ):
                    open_window(state, seat, "choose", events, data=(source, idx))
                    return
                d.pending.pop(0)
                _die_unless_saved(state, about, events)
                continue
            if ability.may and ability.target == "none":  # "you may pay 2 to draw a card"
                if _can_pay_ability(state, seat, source, ability) is None:
                    open_window(state, seat, "choose", events, data=(source, idx))
                    return
                d.pending.pop(0)
                events.append(
                    Event.told(
                        "info",
                        naming(state, source) + ": cannot be paid for",
                        seat=seat,
                        cards=(source,),
                    )
                )
                continue
            if ability.target != "none" and about < 0:
                ways = target_ways(state, seat, source, ability)
                options = [t for t, _ in ways]
                if _looks_in_secret(state, seat, source, ability):
                    # A search that can be paid for is made whatever the deck (or the hand)
                    # holds: the player looks through it and takes what it may (or, finding
                    # nothing, passes), so the others cannot tell whether anything was
                    # there (ruling 41).
                    if ability.target == "deck_card":
                        d.shown = tuple((seat, o[0], state.cards[o[0]].card) for o in options)
                    # The window is the one a pick in the open gets (``may`` or not), found
                    # or not: passing a "target" is allowed only when nothing was found.
                    open_window(
                        state,
                        seat,
                        "choose" if ability.may else "target",
                        events,
                        data=(source, idx),
                    )
                    return
                if ways:
                    open_window(
                        state,
                        seat,
                        "choose" if ability.may else "target",
                        events,
                        data=(source, idx),
                    )
                    return
                d.pending.pop(0)
                if ability.repeat and d.picked:
                    _finish_picks(state, seat, events)
                else:
                    events.append(
                        Event.told(
                            "info",
                            naming(state, source) + ": nothing to choose",
                            seat=seat,
                            cards=(source,),
                        )
                    )
                continue
            d.pending.pop(0)
            happens(state, source, ability, seat, about, events)
            continue
        if d.owed:
            if _ask_owed(state, events):
                return
            continue
        if d.evac:
            owner = state.cards[d.evac[0]].owner
            if cities(state, owner):
                open_window(state, owner, "evacuate", events)
                return
            for cid in d.evac:
                move_with(state, cid, (owner, ARMY))
            d.evac = ()
            continue
        if d.round is not None:
            while d.round:
                seat = d.round[0]
                d.round = d.round[1:]
                if may_be_asked(state, seat):
                    open_window(state, seat, "respond", events)
                    return
            d.round = None
            if d.stack:
                resolve_top(state, events)
                if d.stack:
                    start_round(state, state.active)
            continue
        if d.stack:
            start_round(state, state.active)
            continue
        if d.tactic is not None:
            finish_devotion(state, events)
            continue
        if d.combat is not None:
            if not step_combat(state, events):
                return
            continue
        if d.out[state.active] and state.phase != "end":
            # a player defeated in their own turn: it ends, the next player takes theirs
            enter_phase(state, "end", events)
        return
    raise RuntimeError("ARC-mage: the flow did not come to rest")


def happens(
    state: GameState, source: int, ability: Any, seat: int, about: int, events: Events
) -> None:
    """A triggered ability with nothing (left) to choose happens: said, then resolved (about
    the card it is about, if any)."""
    events.append(
        Event.told(
            "ability",
            naming(state, source) + f": {_ability_words(ability)}",
            seat=seat,
            cards=(source,),
        )
    )
    resolve_effects(state, source, _once(ability), seat, about, events)


def _ask_owed(state: GameState, events: Events) -> bool:
    """The first thing a card makes a player do (``ArcData.owed``): done at once when there
    is nothing to choose (one city to take the damage, no more cards in hand than to
    discard and no resource card instead, resource cards of one faction only, nothing to
    give), else that player is asked in the "owe" window (ruling 46).
    True when asked."""
    d = data(state)
    seat, kind, n, source = d.owed[0]
    if kind.startswith(OFFER):  # the player takes it or declines (ruling 101)
        if seat not in playing(state):
            d.owed = d.owed[1:]
            return False
        open_window(state, seat, "offer", events, data=(source, kind, n))
        return True
    hand = state.zones[(seat, HAND)] if kind in ("discard", "either") else []
    there = takeable(state, kind)
    if there is not None:  # the owing player chooses what to take from another's cards
        if seat not in playing(state) or not there:
            d.owed = d.owed[1:]
            return False
        grave = exiling(kind) is not None
        # a choice: which cards leave a graveyard when not all of them do, which pile each
        # stolen card comes from, which resource card is swapped
        if len({take_key(state, kind, c) for c in there}) > 1 and (len(there) > n or not grave):
            open_window(state, seat, "owe", events, data=(source, kind, n))
            return True
        d.owed = ((seat, kind, n - 1, source), *d.owed[1:]) if n > 1 else d.owed[1:]
        take(state, seat, kind, there[-1], source, events)  # copies of one card: the top first
        return False
    if seat in playing(state):
        mine = cities(state, seat) if kind in DAMAGES else []
        piles = resource_piles(state, seat) if kind in OR_RESOURCE else []
        kinds = sacrificing(kind)
        victims = sacrificeable(state, seat, kinds) if kinds is not None else []
        if piles and (hand or mine):
            ask = True
        else:  # one city, or only cards to discard, creatures or resource cards to sacrifice
            ask = len(mine) > 1 or len(hand) > n or len(victims) > n or len(piles) > 1
        if ask:
            open_window(state, seat, "owe", events, data=(source, kind, n))
            return True
        d.owed = d.owed[1:]
        if mine:
            damage(state, mine[0], n, events, dealer(state, source), by=source)
            check_deaths(state, events)
        elif victims:
            for cid in victims:
                sacrifice(state, cid, events, because(state, source))
        elif hand:
            for cid in list(hand):
                discard(state, seat, cid, events, because(state, source))
        elif piles:
            sacrifice_resources(state, seat, n, events, piles[0])
        else:
            events.append(
                Event.told(
                    "info",
                    f"{who(state, seat)} has nothing to "
                    + ("sacrifice" if kinds is not None else "discard or sacrifice")
                    + because(state, source),
                    seat=seat,
                    cards=(source,),
                )
            )
        return False
    d.owed = d.owed[1:]
    return False


def _die_unless_saved(state: GameState, cid: int, events: Events) -> None:
    """No one (else) will prevent a dying creature's death: it dies."""
    inst = state.cards[cid]
    if not inst.counters.get("dying") or not in_play(state, cid):
        return
    if any(
        p[3] == cid and card_of(state, p[0]).abilities[p[1]].when == "save"
        for p in data(state).pending
    ):
        return
    del inst.counters["dying"]
    kill(state, cid, events, final=True)
    check_deaths(state, events)  # what it gave its neighbours is gone with it (ruling 39)


def _finish_picks(state: GameState, seat: int, events: Events) -> None:
    """The cards a "repeat" search picked: the deck is shuffled and they go on top, the
    first picked on top."""
    d = data(state)
    picked, d.picked = d.picked, ()
    for cid in picked:
        state.move(cid, (seat, REMOVED))
    state.shuffle((seat, DECK))
    for cid in reversed(picked):
        state.move(cid, (seat, DECK), top=True)
    names = ", ".join(name(state, c) for c in picked)
    events.append(
        Event(
            "info",
            f"{who(state, seat)} shuffles their deck and puts {names} on top",
            seat=seat,
            cards=picked,
        )
    )
