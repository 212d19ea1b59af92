"""What a card makes a player do, and the player chooses how (ruling 46): take damage in one
of their cities ("deal 2 damage to target player"), discard cards of their choice ("each
player discards a card"), or, for each, discard a card or sacrifice a resource card;
sacrifice creatures of a kind ("sacrifice an Addax creature"); or remove cards of their
choice from a graveyard ("Remove X creatures from target graveyard", ruling 53).
``flow.advance`` asks the player in the "owe" window; each action here pays one of what
is owed, and the window asks again until it is all paid."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....engine import Action, Event, Events, GameState, act, close_window, naming
from ..vocabulary import a_faction, kinds_words
from .damage import damage, dealer
from .flow import advance
from .lifecycle import check_deaths, sacrifice, sacrificeable
from .specials import sacrifice_resources
from .state import (
    DAMAGES,
    FACTIONS,
    HAND,
    OFFER,
    OR_RESOURCE,
    R_OFFER,
    R_OWED,
    A,
    because,
    cities,
    data,
    exiling,
    name,
    relocating,
    resource_piles,
    sacrificing,
    stealing,
    swapping,
    who,
)
from .zones import discard, draw, take, take_key, takeable


def owing(state: GameState, seat: int, window: str = "owe") -> tuple[str, int, int] | None:
    """(what, how many, the card that makes it) the seat is asked to pay now (``window``
    "offer": is offered), or None."""
    prompt = state.top_prompt
    if prompt is None or prompt.name != window or prompt.seat != seat:
        return None
    _, kind, n, source = data(state).owed[0]
    return kind, n, source


def _paid(state: GameState, events: Events) -> None:
    """One of what is owed is paid: the window closes, and asks again if more is owed."""
    d = data(state)
    seat, kind, n, source = d.owed[0]
    d.owed = ((seat, kind, n - 1, source), *d.owed[1:]) if n > 1 else d.owed[1:]
    close_window(state)
    advance(state, events)


# -- discarding (the Discard phase's move, while a card makes the player discard) ------------------


def gen_discard_owed(state: GameState, seat: int) -> Iterator[Action]:
    owed = owing(state, seat)
    if owed is None or owed[0] not in ("discard", "either"):
        return
    seen: set[str] = set()  # copies of one card: which of them makes no difference
    for cid in state.zones[(seat, HAND)]:
        card_name = state.cards[cid].card.name
        if card_name not in seen:
            seen.add(card_name)
            yield act(state, "discard", seat, (cid,))


def check_discard_owed(state: GameState, action: Action) -> str | None:
    """A discard while the seat is asked what it owes (``owing`` is not None)."""
    kind, n, _ = owing(state, action.seat) or ("", 0, 0)
    if kind in DAMAGES:
        return f"{R_OWED}: choose one of your cities to take the {n} damage"
    if action.cards[0] not in state.zones[(action.seat, HAND)]:
        return f"{A}, Discard: discard cards from your hand"
    return None


def exec_discard_owed(state: GameState, action: Action, events: Events) -> None:
    source = data(state).owed[0][3]
    discard(state, action.seat, action.cards[0], events, because(state, source))
    _paid(state, events)


# -- sacrificing a resource card instead -----------------------------------------------------------


def _gen_sacrifice(state: GameState, seat: int) -> Iterator[Action]:
    owed = owing(state, seat)
    kinds = sacrificing(owed[0]) if owed is not None else None
    if kinds is not None:
        for cid in sacrificeable(state, seat, kinds):
            yield act(state, "sacrifice", seat, (cid,))
    elif owed is not None and owed[0] in OR_RESOURCE:
        for f in resource_piles(state, seat):
            yield act(state, "sacrifice", seat, (), (), (f,))


def _check_sacrifice(state: GameState, action: Action) -> str | None:
    owed = owing(state, action.seat)
    kinds = sacrificing(owed[0]) if owed is not None else None
    if kinds is not None:
        if action.targets or action.words or len(action.cards) != 1:
            return f'{A}: sacrifice one creature (sacrifice "Creature")'
        if action.cards[0] not in sacrificeable(state, action.seat, kinds):
            return f"{R_OWED}: sacrifice {kinds_words(kinds or 'creature')} you control"
        return None
    if action.cards or action.targets or len(action.words) != 1:
        return f"{A}: sacrifice a resource card of one faction (sacrifice gaian)"
    if owed is None or owed[0] not in OR_RESOURCE:
        return (
            f"{R_OWED}: a resource card is sacrificed when a card lets you instead of "
            "discarding or taking damage"
        )
    f = action.words[0]
    if f not in FACTIONS or f not in resource_piles(state, action.seat):
        return f"{A}, Sacrificed: you have no {a_faction(f) if f in FACTIONS else f} resource card"
    return None


def _exec_sacrifice(state: GameState, action: Action, events: Events) -> None:
    if action.cards:
        source = data(state).owed[0][3]
        sacrifice(state, action.cards[0], events, because(state, source))
    else:
        sacrifice_resources(state, action.seat, 1, events, action.words[0])
    _paid(state, events)


# -- cards taken from another's area, the owing player choosing them ------------------------------


def _gen_take(state: GameState, seat: int) -> Iterator[Action]:
    owed = owing(state, seat)
    there = takeable(state, owed[0]) if owed is not None else None
    seen: dict[str, int] = {}  # copies of one card (or resource cards of a pile): the top one
    for cid in there or ():
        seen[take_key(state, owed[0], cid)] = cid
    for cid in seen.values():
        yield act(state, "take", seat, (cid,))


def _check_take(state: GameState, action: Action) -> str | None:
    owed = owing(state, action.seat)
    there = takeable(state, owed[0]) if owed is not None else None
    if there is None:
        return f"{R_OWED}: a card is taken from another's cards when a card says so"
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{A}: take one card (take "Card")'
    if action.cards[0] not in there:
        grave = exiling(owed[0])
        if grave is not None:
            seat, kinds = grave
            return (
                f"{R_OWED}: remove {kinds_words(kinds) if kinds else 'card'}s from "
                f"{who(state, seat)}'s graveyard"
            )
        moving = relocating(owed[0])
        if moving is not None:
            return f"{R_OWED}: move {name(state, moving[0])} to another city of its controller's"
        swapped = swapping(owed[0])
        if swapped is not None:
            return f"{R_OWED}: swap it for a resource card of yours: {kinds_words(swapped[1])}"
        return f"{R_OWED}: steal an unmarked resource card of {who(state, stealing(owed[0]))}'s"
    return None


def _exec_take(state: GameState, action: Action, events: Events) -> None:
    _, kind, _, source = data(state).owed[0]
    take(state, action.seat, kind, action.cards[0], source, events)
    _paid(state, events)


# -- damage taken in a city of the player's choice ------------------------------------------------


def _gen_suffer(state: GameState, seat: int) -> Iterator[Action]:
    owed = owing(state, seat)
    if owed is None or owed[0] not in DAMAGES:
        return
    for city in cities(state, seat):
        yield act(state, "suffer", seat, (city,))


def _check_suffer(state: GameState, action: Action) -> str | None:
    owed = owing(state, action.seat)
    if owed is None or owed[0] not in DAMAGES:
        return f"{R_OWED}: a player takes damage in a city when a card deals it to them"
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{A}: choose one of your cities to take the damage (suffer "City")'
    if action.cards[0] not in cities(state, action.seat):
        return f"{R_OWED}: the damage is taken in one of your own cities"
    return None


def _exec_suffer(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    seat, _, n, source = d.owed[0]
    city = action.cards[0]
    events.append(
        Event.told(
            "info",
            f"{who(state, seat)} takes {n} damage from "
            + naming(state, source)
            + f" in {name(state, city)}",
            seat=seat,
            cards=(source, city),
        )
    )
    damage(state, city, n, events, dealer(state, source), by=source)
    check_deaths(state, events)
    d.owed = d.owed[1:]  # the damage is taken at once, in the one city
    close_window(state)
    advance(state, events)


# -- what a card offers a player ("each opponent may draw a card", ruling 101) ---------------------


def _gen_accept(state: GameState, seat: int) -> Iterator[Action]:
    if owing(state, seat, "offer") is not None:
        yield act(state, "accept", seat)


def _check_accept(state: GameState, action: Action) -> str | None:
    offered = owing(state, action.seat, "offer")
    if offered is None:
        return f"{R_OFFER}: nothing is offered to you now"
    if action.cards or action.targets or action.words:
        return f"{A}: accept what the card offers (accept), or pass to decline"
    return None


def _exec_accept(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    seat, kind, n, source = d.owed[0]
    d.owed = d.owed[1:]
    close_window(state)
    if kind == f"{OFFER}draw":
        events.append(
            Event.told(
                "info",
                f"{who(state, seat)} chooses to draw" + because(state, source),
                seat=seat,
                cards=(source,),
            )
        )
        draw(state, seat, n, events)
    advance(state, events)


def _on_pass_offer(state: GameState, prompt: Any, events: Events) -> None:
    """What a card offers is declined: the next thing owed is asked."""
    d = data(state)
    seat, _, _, source = d.owed[0]
    d.owed = d.owed[1:]
    events.append(
        Event.told(
            "info",
            f"{who(state, seat)} declines" + because(state, source),
            seat=seat,
            cards=(source,),
        )
    )
    advance(state, events)  # (the pass has closed the window)
