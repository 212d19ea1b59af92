"""ARC-mage's phases: the discard and the end of the turn, when a phase may end and what
comes next; and the tables of phases, windows and moves the game object is made of."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from ....engine import Action, Events, GameState, Move, Phase, Window, act, next_phase
from ....engine import abilities as ab
from ..abilities import RABIES
from . import teams
from .attacks import (
    _check_attack,
    _check_block,
    _check_guard,
    _check_split,
    _exec_attack,
    _exec_block,
    _exec_guard,
    _exec_split,
    _gen_attack,
    _gen_block,
    _gen_guard,
    _gen_split,
    _on_pass_block,
    _on_pass_respond,
)
from .combat import _after_combat, _attackers, _enemy_cities, compelled
from .duties import (
    _check_accept,
    _check_sacrifice,
    _check_suffer,
    _check_take,
    _exec_accept,
    _exec_sacrifice,
    _exec_suffer,
    _exec_take,
    _gen_accept,
    _gen_sacrifice,
    _gen_suffer,
    _gen_take,
    _on_pass_offer,
    check_discard_owed,
    exec_discard_owed,
    gen_discard_owed,
    owing,
)
from .flow import advance
from .lifecycle import check_deaths, kill, retire, sacrifice
from .movement import _check_move, _exec_move, _gen_move
from .play import (
    _check_play,
    _check_target,
    _check_use,
    _exec_play,
    _exec_target,
    _exec_use,
    _gen_play,
    _gen_target,
    _gen_use,
    _on_pass_choose,
    _target_pass_refused,
)
from .state import (
    HAND,
    HAND_LIMIT,
    R_ABILITY,
    R_BUILD,
    R_DEVOTE,
    R_DISCARD,
    R_DRAW,
    R_GUARD_WHEN,
    R_HAND_LIMIT,
    R_MOVE,
    R_MUST_ATTACK,
    R_OFFER,
    R_OVERDRAW,
    R_OWED,
    R_PICK_CITY,
    R_PLAY_ANY,
    R_RELEASE,
    R_SALVAGE_WHEN,
    R_SPLIT,
    A,
    all_creatures,
    creatures,
    data,
    in_play,
    lost,
    name,
)
from .triggers import phase_heard, queue, release_delayed
from .turn import (
    _check_build,
    _check_devote,
    _check_draw,
    _check_end_draw,
    _check_found,
    _check_release,
    _check_resource,
    _check_salvage,
    _coin_enter,
    _draw_next,
    _exec_build,
    _exec_devote,
    _exec_draw,
    _exec_found,
    _exec_release,
    _exec_resource,
    _exec_salvage,
    _gen_build,
    _gen_devote,
    _gen_draw,
    _gen_found,
    _gen_release,
    _gen_resource,
    _gen_salvage,
    _unmark_enter,
)
from .zones import discard, draw

# -- discard and the end of the turn -------------------------------------------------------------


def _gen_discard(state: GameState, seat: int) -> Iterator[Action]:
    if owing(state, seat) is not None:
        yield from gen_discard_owed(state, seat)
        return
    hand = state.zones[(seat, HAND)]
    if len(hand) > HAND_LIMIT:
        for cid in hand:
            yield act(state, "discard", seat, (cid,))


def _check_discard(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{A}: discard one card (discard "Card")'
    if owing(state, action.seat) is not None:
        return check_discard_owed(state, action)
    hand = state.zones[(action.seat, HAND)]
    if action.cards[0] not in hand:
        return f"{A}, Discard: discard cards from your hand"
    if len(hand) <= HAND_LIMIT:
        return R_DISCARD
    return None


def _exec_discard(state: GameState, action: Action, events: Events) -> None:
    if owing(state, action.seat) is not None:
        exec_discard_owed(state, action, events)
        return
    discard(state, action.seat, action.cards[0], events)


def _end_enter(state: GameState, events: Events) -> None:
    """Damage wears off, "until end of turn" effects end, produced resources expire; the
    next seat in play takes its turn."""
    d = data(state)
    cards = state.cards
    for cid in creatures(state, state.active):  # "they must sacrifice all creatures with
        # rabies" at the end of their turn (ruling 76)
        if cards[cid].counters.get(RABIES) and in_play(state, cid):
            sacrifice(state, cid, events, " (rabies)")
    for cid in all_creatures(state):  # "put me in the graveyard at the end of the turn"
        if cards[cid].counters.get("doomed") and in_play(state, cid):
            kill(state, cid, events)
    for cid in all_creatures(state):
        inst = cards[cid]
        inst.damage = 0
    ab.end_of_turn(state, state.active)  # "until end of turn" ends, "for N turns" counts
    d.fought = frozenset()
    d.hurt = {}
    for inst in cards.values():
        if inst.counters:
            c = inst.counters
            # what each creature dealt this turn is "the damage dealt the previous turn"
            c.pop("dealt_last", None)
            if "dealt" in c:
                c["dealt_last"] = c.pop("dealt")
    check_deaths(state, events)
    d.extra_combats = 0
    d.no_draw = frozenset()
    d.vengeance = {}
    d.pool = [{} for _ in range(state.seats)]
    d.moved = frozenset()
    d.devoted = frozenset()
    d.attacked = frozenset()
    d.guards = {}
    d.drawn = None
    d.resources_left = 0
    d.militia = ()
    d.extra_drawn = False
    seat = state.active
    if d.format:  # a team format's order ("Teams gets alternating turns")
        state.active = teams.next_seat(state, events)
    else:
        for s in state.seats_from(seat):
            if s != seat and not lost(state, s):
                state.active = s
                break
    state.turn += 1
    ab.turn_begins(state, state.active)  # "until your next turn" ends


def _check_phase_end(state: GameState) -> str | None:
    if state.phase == "draw":
        return _check_end_draw(state)
    if state.phase == "discard" and len(state.zones[(state.active, HAND)]) > HAND_LIMIT:
        return R_HAND_LIMIT
    if (
        state.phase == "attack"
        and not data(state).attacked
        and data(state).combat is None
        and compelled(state, state.active)
        and _enemy_cities(state, state.active)
    ):
        names = ", ".join(name(state, c) for c in compelled(state, state.active))
        return f"{R_MUST_ATTACK}: {names}"
    if data(state).stack or data(state).combat is not None:
        return f"{A} (ruling): what is under way (the stack, a combat) is finished first"
    return None


def _gen_end(state: GameState, seat: int) -> Iterator[Action]:
    if _check_phase_end(state) is None:
        yield Action("end", seat)


def _exec_end(state: GameState, action: Action, events: Events) -> None:
    if state.phase == "attack" and data(state).extra_combats:
        _after_combat(state, events)
    else:
        next_phase(state, events)
    advance(state, events)  # what the phases' own steps set off (a death to prevent)


def _discard_triggers(state: GameState, events: Events) -> None:
    """ "During your discard phase" (ruling: as the last Play phase ends, whether or not
    there is anything to discard)."""
    seat = state.active
    for cid in creatures(state, seat):
        inst = state.cards[cid]
        for i, a in enumerate(inst.card.abilities):
            if a.when == "discard" and (a.condition != "attacked" or cid in data(state).fought):
                queue(state, cid, i, seat)


def _play2_next(state: GameState) -> str:
    """The Discard phase asks something only of a hand over the limit (or of a player whose
    card waits for it to start or end)."""
    over = len(state.zones[(state.active, HAND)]) > HAND_LIMIT
    return "discard" if over or phase_heard(state, "discard") else "end"


def _play1_next(state: GameState) -> str:
    can = _attackers(state, state.active) and _enemy_cities(state, state.active)
    return "attack" if can or phase_heard(state, "attack") else "play2"


PHASES = {
    "coin": Phase(
        "coin", "First player", auto=True, enter=_coin_enter, next="found", in_turn=False
    ),
    "found": Phase(
        "found",
        "Founding the first cities",
        frozenset({"found", "manual"}),
        forbids={"end": R_PICK_CITY},
        in_turn=False,
        next="unmark",
    ),
    "unmark": Phase("unmark", "Unmark", auto=True, enter=_unmark_enter, next="draw"),
    "draw": Phase(
        "draw",
        "Draw & Resource",
        frozenset({"draw", "resource", "build", "end", "play", "use", "manual", "release"}),
        next=_draw_next,
    ),
    "tactics": Phase(
        "tactics", "Tactics", frozenset({"devote", "end", "play", "use", "manual"}), next="play1"
    ),
    "play1": Phase(
        "play1",
        "Play",
        frozenset({"play", "use", "move", "guard", "end", "manual", "salvage"}),
        next=_play1_next,
    ),
    "attack": Phase(
        "attack",
        "Attack",
        frozenset({"attack", "guard", "play", "use", "end", "manual"}),
        next="play2",
    ),
    "play2": Phase(
        "play2",
        "Play",
        frozenset({"play", "use", "move", "guard", "end", "manual", "salvage"}),
        next=_play2_next,
        exit=_discard_triggers,
    ),
    # "Any player may play an event card at any time": in the Discard phase too. Aminduna's
    # overlord may draw its extra card here, the end of its turn (ruling 83).
    "discard": Phase(
        "discard",
        "Discard",
        frozenset({"discard", "play", "use", "end", "manual", "overdraw"}),
        next="end",
    ),
    "end": Phase("end", "End of turn", auto=True, enter=_end_enter, next="unmark", in_turn=False),
}


TURN_PHASES = ("unmark", "draw", "tactics", "play1", "attack", "play2", "discard")


def _heard(phase: Phase) -> Phase:
    """A phase of the turn that tells the cards in play as it starts and as it ends ("At
    the start of your tactics phase, ..."): after its own steps as it starts (the triggers
    then happen at once), before them as it ends (they happen as the next one begins)."""
    enter, leave = phase.enter, phase.exit

    def starts(state: GameState, events: Events) -> None:
        if enter is not None:
            enter(state, events)
        waited = release_delayed(state, phase.name)
        if ab.emit(state, events, ab.PHASE_STARTS, None, state.active, phase=phase.name) or waited:
            advance(state, events)

    def ends(state: GameState, events: Events) -> None:
        ab.emit(state, events, ab.PHASE_ENDS, None, state.active, phase=phase.name)
        if leave is not None:
            leave(state, events)

    return replace(phase, enter=starts, exit=ends)


PHASES = {k: _heard(p) if k in TURN_PHASES else p for k, p in PHASES.items()}


WINDOWS = {
    "respond": Window(
        "respond",
        "Answer with an Event card, or pass",
        frozenset({"play", "use", "manual"}),
        on_pass=_on_pass_respond,
    ),
    # A player who is not acting steps in ("Any player may play an event card at any
    # time, even during an opponent's turn"): the core's respond action opens it.
    "interrupt": Window(
        "interrupt",
        "Play an Event card now, or pass",
        frozenset({"play", "use", "manual"}),
        on_pass=_on_pass_respond,
    ),
    "block": Window(
        "block",
        "You are attacked: assign defenders, then pass when done",
        frozenset({"block", "guard", "play", "use", "manual"}),
        on_pass=_on_pass_block,
    ),
    "split": Window(
        "split",
        "Divide your attacker's damage among its defenders",
        frozenset({"split", "manual"}),
        can_pass=False,
    ),
    "target": Window(
        "target",
        "Choose the target of the ability",
        frozenset({"target", "manual"}),
        on_pass=_on_pass_choose,  # only a pick that found nothing (ruling 41)
        pass_refused=_target_pass_refused,
    ),
    "choose": Window(
        "choose",
        "Choose for the ability, or pass to decline",
        frozenset({"target", "manual"}),
        on_pass=_on_pass_choose,
    ),
    # what a card makes a player do, that player choosing how (ruling 46)
    "owe": Window(
        "owe",
        "A card makes you discard, sacrifice, take cards or take damage: choose how",
        frozenset({"discard", "sacrifice", "suffer", "take", "manual"}),
        can_pass=False,
    ),
    # what a card offers a player, who takes it or passes (ruling 101)
    "offer": Window(
        "offer",
        "A card offers you a choice: accept it, or pass to decline",
        frozenset({"accept", "manual"}),
        on_pass=_on_pass_offer,
    ),
    "evacuate": Window(
        "evacuate",
        "Your city is destroyed: move its unmarked residents to another city or to the army",
        frozenset({"move", "manual"}),
        can_pass=False,
    ),
}


def _gen_overdraw(state: GameState, seat: int) -> Iterator[Action]:
    if _check_overdraw(state, Action("overdraw", seat)) is None:
        yield Action("overdraw", seat)


def _check_overdraw(state: GameState, action: Action) -> str | None:
    d = data(state)
    if action.cards or action.targets or action.words:
        return f"{A}: the overlord draws the extra card without naming a card (overdraw)"
    if not teams.is_overlord(state, action.seat):
        return f"{R_OVERDRAW}: only the evil overlord does"
    if d.extra_drawn:
        return f"{R_OVERDRAW}: one card, once a turn"
    if state.active != action.seat or state.prompts or d.stack:
        return f"{R_OVERDRAW}: at the end of the overlord's own turn"
    return None


def _exec_overdraw(state: GameState, action: Action, events: Events) -> None:
    data(state).extra_drawn = True
    draw(state, action.seat, 1, events)


MOVES = {
    "overdraw": Move(
        "overdraw",
        _gen_overdraw,
        _check_overdraw,
        _exec_overdraw,
        exact=True,
        wrong_phase=f"{R_OVERDRAW}: at the end of the overlord's turn (its Discard phase, ruling)",
    ),
    "found": Move(
        "found",
        _gen_found,
        _check_found,
        _exec_found,
        exact=True,
        wrong_phase=f"{A}: the first city is picked before the first turn",
    ),
    "draw": Move(
        "draw",
        _gen_draw,
        _check_draw,
        _exec_draw,
        exact=True,
        wrong_phase=f"{R_DRAW} (in the Draw & Resource phase)",
    ),
    "resource": Move(
        "resource",
        _gen_resource,
        _check_resource,
        _exec_resource,
        exact=True,
        wrong_phase=f"{A}, Resources: resource cards are made during the Draw and Resources phase",
    ),
    "build": Move(
        "build",
        _gen_build,
        _check_build,
        _exec_build,
        exact=True,
        wrong_phase=f"{R_BUILD} (ruling): chosen at the start of Draw & Resource",
    ),
    "devote": Move(
        "devote",
        _gen_devote,
        _check_devote,
        _exec_devote,
        exact=True,
        wrong_phase=f"{R_DEVOTE} (Tactics phase)",
    ),
    "play": Move("play", _gen_play, _check_play, _exec_play, exact=True, wrong_phase=R_PLAY_ANY),
    "use": Move("use", _gen_use, _check_use, _exec_use, exact=True, wrong_phase=R_ABILITY),
    "target": Move("target", _gen_target, _check_target, _exec_target, exact=True),
    "move": Move(
        "move",
        _gen_move,
        _check_move,
        _exec_move,
        exact=True,
        wrong_phase=f"{R_MOVE} (during the Play phase)",
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        exact=True,
        wrong_phase=f"{A}, Combat: attacks are made only during your Attack phase",
    ),
    "block": Move(
        "block",
        _gen_block,
        _check_block,
        _exec_block,
        exact=True,
        wrong_phase=f"{A}, Assigning defenders: only when your city is attacked",
    ),
    "guard": Move(
        "guard", _gen_guard, _check_guard, _exec_guard, exact=True, wrong_phase=R_GUARD_WHEN
    ),
    "split": Move("split", _gen_split, _check_split, _exec_split, exact=True, wrong_phase=R_SPLIT),
    "discard": Move(
        "discard",
        _gen_discard,
        _check_discard,
        _exec_discard,
        exact=True,
        wrong_phase=f"{A}, Discard: cards are discarded in your Discard phase",
    ),
    "sacrifice": Move(
        "sacrifice",
        _gen_sacrifice,
        _check_sacrifice,
        _exec_sacrifice,
        exact=True,
        wrong_phase=f"{R_OWED}: a resource card is sacrificed when a card lets you",
    ),
    "suffer": Move(
        "suffer",
        _gen_suffer,
        _check_suffer,
        _exec_suffer,
        exact=True,
        wrong_phase=f"{R_OWED}: a player takes damage in a city when a card deals it to them",
    ),
    "accept": Move(
        "accept",
        _gen_accept,
        _check_accept,
        _exec_accept,
        exact=True,
        wrong_phase=f"{R_OFFER}: nothing is offered to you now",
    ),
    "take": Move(
        "take",
        _gen_take,
        _check_take,
        _exec_take,
        exact=True,
        wrong_phase=f"{R_OWED}: a card is taken from another's cards when a card says so",
    ),
    "release": Move(
        "release", _gen_release, _check_release, _exec_release, exact=True, wrong_phase=R_RELEASE
    ),
    "salvage": Move(
        "salvage",
        _gen_salvage,
        _check_salvage,
        _exec_salvage,
        exact=True,
        wrong_phase=R_SALVAGE_WHEN,
    ),
    "end": Move("end", _gen_end, lambda s, a: _check_phase_end(s), _exec_end, exact=True),
}


def and_retire(execute):
    """After any action: a player it defeated leaves the game (ruling 35), and if it was
    their turn, the turn ends."""

    def run(state: GameState, action: Action, events: Events) -> None:
        execute(state, action, events)
        if state.over:
            return
        if retire(state, events) or (data(state).out[state.active] and state.phase != "end"):
            advance(state, events)

    return run


# The moves of the rules; the package adds the player's own corrections ("manual", for
# card text Tabletop does not enforce) from manual.py when it makes the game.
MOVES = {k: replace(m, execute=and_retire(m.execute)) for k, m in MOVES.items()}
