"""EoC's turn (It's Your Turn!!): the Preparation Phase's Draw a Card (none on the starting
turn; a depleted deck loses the game), the Attack Phase passing by itself when there is
nothing to do in it, the Clean-up Phase (Graveyard, Healing) and the End Turn; and the
tables of phases, windows and moves the game object is made of."""

from __future__ import annotations

from ....engine import Event, Events, GameState, Move, Phase, Window
from ....engine import abilities as ab
from .abilities import _check_use, _exec_use, _gen_use, _uses
from .attacks import (
    _check_attack,
    _check_counter,
    _check_trap,
    _exec_attack,
    _exec_counter,
    _exec_trap,
    _gen_attack,
    _gen_counter,
    _gen_trap,
    _on_pass_attacker,
    _on_pass_defender,
    may_attack,
)
from .damage import leave_play
from .preparation import (
    _check_attach,
    _check_create,
    _check_summon,
    _exec_attach,
    _exec_create,
    _exec_summon,
    _gen_attach,
    _gen_create,
    _gen_summon,
)
from .setup import _check_redraw, _coin_enter, _deal_enter, _exec_redraw, _gen_redraw
from .spells import _check_cast, _exec_cast, _gen_cast
from .state import (
    A_,
    GRAVE,
    R_COUNTER_CHOICE,
    R_NO_TRAP_NOW,
    R_TRAP_ONLY,
    E,
    P,
    active,
    creatures,
    data,
    draw,
    spells_in_play,
    vanquisher,
    who,
)

# -- the turn ------------------------------------------------------------------------------


def _prep_enter(state: GameState, events: Events) -> None:
    d = data(state)
    seat = state.active
    d.summoned[seat] = False
    if d.opening:
        events.append(
            Event(
                "info",
                f"{who(state, seat)} draws no card on the starting turn of the game",
                seat=seat,
            )
        )
    elif not draw(state, seat, 1, events):
        d.lost[seat] = f"{who(state, seat)}'s deck ran out: they could not draw"
        events.append(
            Event(
                "info",
                f"{who(state, seat)}'s deck is depleted: they cannot draw a card and lose the game",
                seat=seat,
            )
        )
        return
    ab.emit(state, events, ab.PHASE_STARTS, None, seat, phase="prep")


def _cleanup_enter(state: GameState, events: Events) -> None:
    """Destroyed creatures go to the Graveyard with their Items (their essences return to
    the pool, ruling 3); Instants and Traps played this turn go too (ruling 5); every
    creature left is fully healed and readied; effects for the turn end."""
    d = data(state)
    d.attack = None
    seat = state.active
    for s in state.seats_from(seat):
        for cid in creatures(state, s):
            if state.cards[cid].counters.get("destroyed"):
                leave_play(state, cid, GRAVE, events, "destroyed")
        for cid in spells_in_play(state, s):
            inst = state.cards[cid]
            if inst.card.kind in ("instant", "trap"):
                leave_play(state, cid, GRAVE, events, "its turn is over")
            elif inst.card.kind == "item" and (
                inst.attached_to is None or not active(state, inst.attached_to)
            ):
                leave_play(state, cid, GRAVE, events, "its creature is gone")
    healed = []
    for s in range(state.seats):
        for cid in [*creatures(state, s), vanquisher(state, s)]:
            inst = state.cards[cid]
            if inst.damage or inst.turned:
                healed.append(cid)
            inst.damage = 0
            inst.turned = False
    if healed:
        events.append(
            Event(
                "ready",
                "Every creature on the field is fully healed and no longer exhausted",
                seat=seat,
                cards=tuple(healed),
            )
        )
    ab.end_of_turn(state, seat)
    d.opening = False
    state.active = (seat + 1) % state.seats
    state.turn += 1


def idle_attack(state: GameState) -> bool:
    """Whether the active seat would have nothing to do in its Attack Phase: no creature
    that may attack and no ability it may use (its creatures all exhausted, say)."""
    seat = state.active
    return not may_attack(state, seat) and next(iter(_uses(state, seat, "attack")), None) is None


def _after_prep(state: GameState) -> str:
    """The Attack Phase, unless there is nothing to do in it: then it passes by itself
    (ruling 23). (The answer is kept for the phase's exit, which follows at once.)"""
    idle = data(state).idle = idle_attack(state)
    return "cleanup" if idle else "attack"


def _prep_exit(state: GameState, events: Events) -> None:
    d = data(state)
    idle = d.idle if d.idle is not None else idle_attack(state)
    d.idle = None
    if idle:
        events.append(
            Event(
                "info",
                f"{who(state, state.active)} has no creature ready to "
                "attack and no ability to use: the Attack Phase passes",
                seat=state.active,
            )
        )


def _attack_enter(state: GameState, events: Events) -> None:
    ab.emit(state, events, ab.PHASE_STARTS, None, state.active, phase="attack")


PHASES = {
    "deal": Phase(
        "deal", "Opening hands", auto=True, enter=_deal_enter, next="coin", in_turn=False
    ),
    "coin": Phase("coin", "First player", auto=True, enter=_coin_enter, next="prep", in_turn=False),
    "prep": Phase(
        "prep",
        "Preparation Phase",
        frozenset({"summon", "attach", "create", "cast", "use", "end"}),
        enter=_prep_enter,
        exit=_prep_exit,
        next=_after_prep,
        forbids={
            "attack": f"{E}, {P}: attacks are made in the Attack Phase",
            "trap": R_NO_TRAP_NOW,
        },
    ),
    "attack": Phase(
        "attack",
        "Attack Phase",
        frozenset({"use", "attack", "end"}),
        enter=_attack_enter,
        next="cleanup",
        forbids={
            "summon": f"{E}: an Essence is summoned in the {P}",
            "attach": f"{E}: essences are moved during the {P}",
            "create": f"{E}: creatures are created in the {P}",
            "cast": R_TRAP_ONLY,
            "trap": f"{E}, {A_}: your Traps answer the opponent's "
            "counter-attack, when you are asked",
        },
    ),
    "cleanup": Phase("cleanup", "Clean-up Phase", auto=True, enter=_cleanup_enter, next="prep"),
}
TURN_PHASES = ("prep", "attack", "cleanup")


# -- the windows and the moves -----------------------------------------------------------------


WINDOWS = {
    "redraw": Window(
        "redraw",
        "No playable creature in your hand: reveal it and draw 7 new cards",
        frozenset({"redraw"}),
        can_pass=False,
    ),
    "defender_traps": Window(
        "defender_traps",
        "You are attacked: play Trap spells, or pass",
        frozenset({"trap"}),
        on_pass=_on_pass_defender,
    ),
    "counter": Window(
        "counter", "Choose which attacker to counter-attack", frozenset({"counter"}), can_pass=False
    ),
    "attacker_traps": Window(
        "attacker_traps",
        "Your creature is counter-attacked: play Trap spells, or pass",
        frozenset({"trap"}),
        on_pass=_on_pass_attacker,
    ),
}

MOVES = {
    "redraw": Move(
        "redraw",
        _gen_redraw,
        _check_redraw,
        _exec_redraw,
        exact=True,
        wrong_phase=f"{E}: hands are redrawn before the game starts",
    ),
    "summon": Move(
        "summon",
        _gen_summon,
        _check_summon,
        _exec_summon,
        exact=True,
        wrong_phase=f"{E}: an Essence is summoned in your {P}",
    ),
    "attach": Move(
        "attach",
        _gen_attach,
        _check_attach,
        _exec_attach,
        exact=True,
        wrong_phase=f"{E}: essences are moved during your {P}",
    ),
    "create": Move(
        "create",
        _gen_create,
        _check_create,
        _exec_create,
        exact=True,
        wrong_phase=f"{E}: creatures are created in your {P}",
    ),
    "cast": Move(
        "cast",
        _gen_cast,
        _check_cast,
        _exec_cast,
        exact=True,
        wrong_phase=f"{E}: Effect, Instant and Item spells are played in your {P}",
    ),
    "use": Move(
        "use",
        _gen_use,
        _check_use,
        _exec_use,
        exact=True,
        wrong_phase=f"{E}: abilities are used in your own turn",
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        exact=True,
        wrong_phase=f"{E}: attacks are made in your {A_}",
    ),
    "counter": Move(
        "counter",
        _gen_counter,
        _check_counter,
        _exec_counter,
        exact=True,
        wrong_phase=R_COUNTER_CHOICE,
    ),
    "trap": Move(
        "trap",
        _gen_trap,
        _check_trap,
        _exec_trap,
        exact=True,
        wrong_phase=f"{E}: Traps answer an attack, when you are asked",
        out_of_turn=f"{E}: Traps answer an attack, when you are asked",
    ),
}
