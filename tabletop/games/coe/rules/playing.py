"""Playing arsenal cards (coe.txt, "Playing cards", and the Preparation Phase's step 1): when
a card may be played (its phase, its Cast, or in answer, ruling 51), all a play must meet
and pay, and the play itself: paid (or promoted), shown (a Conjure set face down), and
waiting while the other seat may answer it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....engine import Action, Event, Events, GameState, act, close_window
from ....engine import abilities as ab
from .. import payment
from ..cards import CoeCard
from .answers import (
    ANSWERS,
    ARSENAL_SPEED,
    COUNTER_SPEED,
    R_ANSWER_ONLY,
    R_ANSWERS,
    R_CONJURE_SET,
    R_CONTRAVENE,
    R_CONTRAVENE_WHEN,
    R_COUNTER_CONJURE,
    R_COUNTER_SWIFT,
    R_COUNTER_TRIGGER,
    R_COUNTER_WHOSE,
    _add_answer,
    _answering,
    _open_chain,
    contravenable,
)
from .effects import archive
from .keywords import _keyword, position_problem
from .party import _cc_problem
from .requirements import (
    CAST_PHASES,
    CONDITIONS,
    R_CAST,
    R_CONDITION,
    R_PLAY_WHEN,
    R_TARGET,
    _checks_problem,
    _promote_problem,
    _promoter,
    condition_met,
    promotable,
    target_problem,
    targets_for,
)
from .resources import resources
from .state import ARSENAL, HAND, PLAYED, R_FROM_HAND, C, data, name, who


def _when_problem(state: GameState, card: CoeCard) -> str | None:
    """Why the card may not be played now, outside an answer window."""
    if card.counter:
        return R_ANSWER_ONLY.format("Counter")
    if card.contravene:
        return R_CONTRAVENE_WHEN
    if card.cast is not None and card.cast != state.phase:
        return R_CAST.format(f"Cast: {card.cast.capitalize()}")
    if card.cast is None and state.phase != "prep":
        return R_PLAY_WHEN
    return None


def _answer_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """Why the card may not be played in the open answer window (ruling 51)."""
    chain = data(state).chain
    if card.conjure:
        return R_CONJURE_SET
    if card.counter:
        if seat == chain.actor:
            return R_COUNTER_WHOSE
        if chain.kind == "swift":
            return R_COUNTER_SWIFT
        if card.counter != "any" and card.counter != ANSWERS[chain.kind]:
            return R_COUNTER_TRIGGER.format(
                "an attack" if card.counter == "attack" else "a card played"
            )
        subject = state.cards[chain.subject] if chain.subject is not None else None
        if subject is not None and not subject.face_down and subject.card.conjure:
            return R_COUNTER_CONJURE
        return None
    if card.contravene:
        return None
    if card.cast == "battle":
        return None if chain.kind == "battle" else R_CAST.format("Cast: Battle")
    return R_ANSWERS


def _play_problem(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if not action.cards or len(action.targets) > 1 or len(action.words) > 1:
        return (
            f"{C}: play one card from your hand with the resources that pay it (play "
            '"Card", "Resource"... [-> "Target"]; a Contravene names a keyword)'
        )
    inst = state.cards[action.cards[0]]
    card = inst.card
    if inst.zone != (seat, HAND) or not card.arsenal:
        return f"{R_FROM_HAND}: play an arsenal card from your hand"
    problem = (
        _answer_problem(state, seat, card) if _answering(state) else _when_problem(state, card)
    )
    if problem:
        return problem
    if card.type == "acolyte":
        problem = position_problem(state, seat, card)
        if problem:
            return problem
    problem = _checks_problem(state, seat, card) or _cc_problem(state, seat, card)
    if problem:
        return problem
    if not condition_met(state, seat, card.condition):
        return R_CONDITION.format(f"only if {CONDITIONS[card.condition]}")
    if card.contravene:
        if (
            len(action.targets) != 1
            or len(action.words) != 1
            or (action.targets[0], action.words[0]) not in contravenable(state)
        ):
            return R_CONTRAVENE
    elif action.words:
        return f"{C}: only a Contravene names a keyword"
    elif card.conjure:
        if action.targets:
            return (
                f"{R_TARGET}: {card.name} chooses no character when it is set (it chooses "
                "when activated)"
            )
    else:
        problem = target_problem(
            state, seat, card.target, action.targets, card.name, card.type == "equipment"
        )
        if problem:
            return problem
    promoted = _promoter(state, action)
    if promoted is not None:
        return _promote_problem(state, seat, card, promoted)
    return payment.problem(
        resources(state, seat), list(action.cards[1:]), card.resource or "mana", card.cost
    )


def _gen_play(state: GameState, seat: int) -> Iterator[Action]:
    answering = _answering(state)
    if not answering and state.phase not in CAST_PHASES:
        return
    cards = state.cards
    mine = None
    seen = set()
    chosen: dict[tuple[str, int], Any] = {}  # the payment for a cost, asked once
    for cid in state.zones[(seat, HAND)]:
        inst = cards[cid]
        card = inst.card
        if not inst.known or not card.arsenal or card.name in seen:
            continue
        seen.add(card.name)
        if _answer_problem(state, seat, card) if answering else _when_problem(state, card):
            continue
        if card.type == "acolyte" and position_problem(state, seat, card):
            continue
        if (
            _checks_problem(state, seat, card)
            or _cc_problem(state, seat, card)
            or not condition_met(state, seat, card.condition)
        ):
            continue
        mine = mine if mine is not None else resources(state, seat)
        cost = (card.resource or "mana", card.cost)
        if cost not in chosen:
            chosen[cost] = payment.choose(mine, *cost)
        pay = chosen[cost]
        ways = [(cid, *(r.card for r in pay))] if pay is not None else []
        ways += [(cid, a) for a in promotable(state, seat, card)]  # ruling 58
        for paid in ways:
            if card.contravene:
                for target, keyword in contravenable(state):
                    yield act(state, "play", seat, paid, (target,), (keyword,))
                continue
            targets = (
                None
                if card.conjure
                else targets_for(state, seat, card.target, champions_only=card.type == "equipment")
            )
            for t in targets if targets is not None else [None]:
                yield act(state, "play", seat, paid, (t,) if t is not None else ())


def _exec_play(state: GameState, action: Action, events: Events) -> None:
    """The card is paid for and shown (a Conjure is set face down), and waits while the
    other seat may answer it (ruling 51); it resolves when the answers are done."""
    seat, cid = action.seat, action.cards[0]
    inst = state.cards[cid]
    card = inst.card
    target = action.targets[0] if action.targets else None
    answering = _answering(state)
    if answering:
        close_window(state)
    promoted = _promoter(state, action)
    if promoted is not None:
        # Ruling 58: the acolyte is archived instead of paying; its Battlefall resolves now.
        paid = f" (promoting {name(state, promoted)})"
        archive(state, promoted, events, f" to promote {card.name}")
    else:
        for r in action.cards[1:]:
            state.cards[r].turned = True
        spent = ", ".join(name(state, r) for r in action.cards[1:])
        paid = f" (resting {spent})" if spent else ""
    if card.conjure:
        state.move(cid, (seat, ARSENAL))
        inst.face_down = True
        events.append(
            Event(
                "move",
                f"{who(state, seat)} sets {card.name} face down{paid}",
                seat=seat,
                cards=(cid,),
                value=((seat, HAND), (seat, ARSENAL)),
                secret=f"{who(state, seat)} sets a card face down{paid}",
                seen_by=frozenset({seat}),
            )
        )
        _open_chain(state, events, "play", seat, cid)
        return
    state.move(cid, (seat, PLAYED))
    chain = data(state).chain
    if card.counter:
        target = chain.answered(state)
    on = f" on {name(state, target)}" if target is not None else ""
    if card.contravene:
        on = f" against {name(state, target)}'s {_keyword(action.words[0])}"
    events.append(
        Event(
            "cast",
            f"{who(state, seat)} plays {card.name}{on}{paid}",
            seat=seat,
            cards=(cid, *((target,) if target is not None else ())),
            value=((seat, HAND), (seat, PLAYED)),
            reveals=(cid,),
        )
    )
    speed = COUNTER_SPEED if card.counter or card.contravene else ARSENAL_SPEED
    key = f"card:{action.words[0]}" if card.contravene else "card"
    ab.pend(state, speed, cid, seat, key, target)
    if answering:
        _add_answer(state, cid, events)
    else:
        _open_chain(state, events, "play", seat, cid)
