"""The Scenario System (coe.txt, "Scenario System", "Scenario Slots", "Replacing Scenarios",
"Scenario Pardon"): the scenarios a seat controls in the shared Scenario Zone and its
scenario level (ruling 19), playing a scenario in the Camp Phase's step 4 or the Rest Phase,
into an open slot or onto one of one's own (rulings 20-23, 30), and Scenario Pardon
(ruling 24)."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, act
from .. import payment
from ..cards import CoeCard
from .effects import resolve
from .resources import resources
from .state import (
    ARCHIVE,
    DECK,
    HAND,
    R_FROM_HAND,
    R_STEP_ORDER,
    REST,
    SCENARIOS,
    SLOTS,
    C,
    data,
    name,
    who,
)

R_SCENARIO_LEVEL = (
    f"{C}: Scenario cards must be played in numerical order based on the "
    "escalation number (ruling 19): {}"
)
R_SLOT = f"{C}: A Max of 6 Scenario cards can be played into open scenario slots by either player"
R_REPLACE = (
    f"{C}: Players can choose to replace a scenario card that they control If all of "
    "the scenario slots are full"
)
R_REST_ONE = (
    f"{C}, {REST}: Establishing Scenarios - players may play a scenario card from "
    "their hand (one, ruling 30)"
)
R_SCENARIO_WHEN = (
    f"{C}: scenarios are played in the Camp Phase's step 4 and the Rest Phase (ruling 20)"
)


def scenarios_of(state: GameState, seat: int) -> list[int]:
    """The scenarios ``seat`` controls in the shared Scenario Zone."""
    return [c for c in state.zones[(None, SCENARIOS)] if state.cards[c].owner == seat]


def scenario_level(state: GameState, seat: int, without: int | None = None) -> int:
    """The seat's scenario level: how many scenarios it controls, or the highest escalation
    among them if that is higher (ruling 19); ``without`` leaves one out."""
    mine = [c for c in scenarios_of(state, seat) if c != without]
    return max([len(mine), *(state.cards[c].card.level for c in mine)], default=0)


def level_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """Why a scenario of this escalation may not be played now (None: it may). A scenario
    it would replace still counts (the new card is laid on it, ruling 23)."""
    level = scenario_level(state, seat)
    if card.level - 1 <= level:
        return None
    needs = {
        2: "a level 2 scenario needs a scenario of yours in play",
        3: "a level 3 scenario needs two level 1 scenarios of yours in play, or a level 2",
    }
    return R_SCENARIO_LEVEL.format(needs[card.level])


def _gen_scenario(state: GameState, seat: int) -> Iterator[Action]:
    if state.phase not in ("camp", "rest"):
        return
    zone = state.zones[(None, SCENARIOS)]
    full = len(zone) >= SLOTS
    mine = scenarios_of(state, seat)
    if full and not mine:
        return
    seen = set()
    for cid in state.zones[(seat, HAND)]:
        inst = state.cards[cid]
        card = inst.card
        if card.type != "scenario" or (card.name in seen and cid != data(state).found):
            continue
        seen.add(card.name)
        if _scenario_when(state, cid) is not None or level_problem(state, seat, card) is not None:
            continue
        if not full:
            yield act(state, "scenario", seat, (cid,))
        else:
            for old in mine:
                yield act(state, "scenario", seat, (cid,), (old,))


def _scenario_when(state: GameState, cid: int) -> str | None:
    """Why the scenario ``cid`` may not be played now: in the Camp Phase, up to step 4, or
    at any moment if Scenario Pardon found it this turn (ruling 24)."""
    d = data(state)
    if state.phase == "camp":
        return (
            R_STEP_ORDER + ": Play Scenario Cards is step 4, and a later step has begun"
            if d.step > 4 and cid != d.found
            else None
        )
    if state.phase == "rest":
        return R_REST_ONE if d.established else None
    return R_SCENARIO_WHEN


def _check_scenario(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or len(action.targets) > 1 or action.words:
        return (
            f'{C}: play one scenario into an open slot (scenario "Card"), or onto one of '
            'yours when the zone is full (scenario "Card" -> "Yours")'
        )
    inst = state.cards[action.cards[0]]
    if inst.zone != (seat, HAND) or inst.card.type != "scenario":
        return f"{R_FROM_HAND}: play a scenario card from your hand"
    when = _scenario_when(state, action.cards[0])
    if when is not None:
        return when
    full = len(state.zones[(None, SCENARIOS)]) >= SLOTS
    if action.targets:
        old = action.targets[0]
        if state.cards[old].zone != (None, SCENARIOS) or state.cards[old].owner != seat:
            return f"{R_REPLACE}: replace a scenario you control"
        if not full:
            return f"{R_REPLACE} (there is an open slot)"
    elif full:
        return (
            f"{R_SLOT} (every slot is full: you may replace one of yours)"
            if scenarios_of(state, seat)
            else f"{R_SLOT} (every slot is full and none is yours: you are blocked, ruling 23)"
        )
    return level_problem(state, seat, inst.card)


def _exec_scenario(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    d = data(state)
    if state.phase != "camp":
        d.established = True
    elif cid == d.found:
        d.found = None  # out of the step order (ruling 24): the step reached stays
    else:
        d.step = 4
    replaced = ""
    if action.targets:
        old = action.targets[0]
        state.move(old, (state.cards[old].owner, ARCHIVE))
        replaced = f", replacing {name(state, old)} (archived)"
    card = state.cards[cid].card
    twin = any(state.cards[c].card.name == card.name for c in scenarios_of(state, seat))
    state.move(cid, (None, SCENARIOS))
    events.append(
        Event(
            "move",
            f"{who(state, seat)} plays the level {card.level} scenario "
            f"{card.name}{replaced}: scenario level {scenario_level(state, seat)}",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (None, SCENARIOS)),
            reveals=(cid,),
        )
    )
    if card.effects and twin:
        events.append(
            Event(
                "info",
                f"{card.name}'s effect does not happen again: one of "
                "that name is already yours in play (ruling 22)",
                seat=seat,
                cards=(cid,),
            )
        )
    elif card.effects:
        resolve(state, card.effects, cid, seat, events)


# -- Scenario Pardon (ruling 24) -------------------------------------------------------------


PARDON_COST = 3
R_PARDON = (
    f"{C}, Scenario Pardon: At any time, A player may pay 3 resources during their camp "
    "phase to search their deck for a level 1 scenario"
)
R_PARDON_ONCE = f"{C}, Scenario Pardon: once a turn (ruling 24)"


def pardon_find(state: GameState, seat: int) -> int | None:
    """The level 1 scenario a Pardon of ``seat``'s takes: the first in its deck's order
    (ruling 24); None if the deck holds none. The seat's own search: only its generator and
    its own check ask."""
    cards = state.cards
    for c in state.zones[(seat, DECK)]:
        card = cards[c].card
        if card.type == "scenario" and card.level == 1:
            return c
    return None


def _gen_pardon(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).pardoned:
        return
    mine = resources(state, seat)
    if not payment.can_pay(mine, payment.ANY, PARDON_COST) or pardon_find(state, seat) is None:
        return
    pay = payment.choose(mine, payment.ANY, PARDON_COST)
    if pay is not None:
        yield act(state, "pardon", seat, tuple(r.card for r in pay))


def _check_pardon(state: GameState, action: Action) -> str | None:
    if not action.cards or action.targets or action.words:
        return f'{C}: invoke Scenario Pardon with the resources that pay 3 (pardon "Resource"...)'
    if data(state).pardoned:
        return R_PARDON_ONCE
    if pardon_find(state, action.seat) is None:
        return f"{R_PARDON}: no level 1 scenario is left in your deck (ruling 24)"
    return payment.problem(
        resources(state, action.seat), list(action.cards), payment.ANY, PARDON_COST
    )


def _exec_pardon(state: GameState, action: Action, events: Events) -> None:
    """The resources are rested; the first level 1 scenario of the deck is shown to both and
    taken to the hand; the deck is shuffled."""
    seat = action.seat
    d = data(state)
    d.pardoned = True
    for r in action.cards:
        state.cards[r].turned = True
    cid = pardon_find(state, seat)
    d.found = cid
    state.move(cid, (seat, HAND))
    spent = ", ".join(name(state, r) for r in action.cards)
    events.append(
        Event(
            "move",
            f"{who(state, seat)} invokes Scenario Pardon (resting {spent}) "
            f"and shows {name(state, cid)} from their deck; it may be played at any "
            "moment of this Camp Phase",
            seat=seat,
            cards=(cid,),
            value=((seat, DECK), (seat, HAND)),
            reveals=(cid,),
        )
    )
    state.shuffle((seat, DECK))
    events.append(Event("info", f"{who(state, seat)} shuffles their deck", seat=seat))
