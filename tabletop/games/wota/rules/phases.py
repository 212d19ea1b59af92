"""The tables the engine runs War of the Arcane by: the phases (the rulebook's 3, Game Setup,
and 4, Turn Structure), the windows in which a player answers (an attack, a Spell, the
Aftermath, stepping in with a Spell), and the moves with their refusals out of their phase."""

from __future__ import annotations

from ....engine import Move, Phase, Window
from .attack import (
    _check_advance,
    _check_attack,
    _exec_advance,
    _exec_attack,
    _gen_advance,
    _gen_attack,
    _stay,
)
from .placing import (
    _check_flip,
    _check_move,
    _check_place,
    _exec_flip,
    _exec_move,
    _exec_place,
    _gen_flip,
    _gen_move,
    _gen_place,
)
from .spells import _check_cast, _exec_cast, _gen_cast, _on_pass_attack, _on_pass_spell
from .state import R_SETUP_FIVE, R_SPELL_WHEN, W
from .turn import (
    _check_ready,
    _coin_enter,
    _draw_enter,
    _end_enter,
    _exec_ready,
    _gen_ready,
    _main_enter,
    _setup_enter,
)

PHASES = {
    "setup": Phase(
        "setup",
        "Setup",
        frozenset({"place", "ready"}),
        forbids={"end": f"{R_SETUP_FIVE}, then say you are ready (ready)"},
        enter=_setup_enter,
        next="coin",
        in_turn=False,
    ),
    "coin": Phase("coin", "First player", auto=True, enter=_coin_enter, next="draw", in_turn=False),
    "draw": Phase("draw", "Draw Phase", auto=True, enter=_draw_enter, next="main"),
    "main": Phase(
        "main",
        "Main Phase",
        frozenset({"place", "move", "flip", "attack", "cast", "end"}),
        enter=_main_enter,
        next="end",
    ),
    "end": Phase("end", "End Phase", auto=True, enter=_end_enter, next="draw"),
}
TURN_PHASES = ("draw", "main", "end")


WINDOWS = {
    "respond_attack": Window(
        "respond_attack",
        "Your card is attacked: cast a Spell, or pass",
        frozenset({"cast"}),
        on_pass=_on_pass_attack,
    ),
    "respond_spell": Window(
        "respond_spell",
        "A Spell is being cast: answer with a Spell (a counter stops it), or pass",
        frozenset({"cast"}),
        on_pass=_on_pass_spell,
    ),
    "advance": Window(
        "advance",
        "The defender is destroyed: move into its space, or pass to stay",
        frozenset({"advance"}),
        on_pass=_stay,
    ),
    # "Play a Spell Card ... at any time during your turn or your opponent's": the player
    # who is not acting steps in (the core's respond action opens it).
    "interrupt": Window("interrupt", "Cast a Spell now, or pass", frozenset({"cast"})),
}

MOVES = {
    "place": Move(
        "place",
        _gen_place,
        _check_place,
        _exec_place,
        exact=True,
        wrong_phase=f"{W}: cards are placed at setup and in your Main Phase",
    ),
    "ready": Move(
        "ready",
        _gen_ready,
        _check_ready,
        _exec_ready,
        wrong_phase=f"{W}: placing cards at setup is over",
    ),
    "move": Move(
        "move",
        _gen_move,
        _check_move,
        _exec_move,
        exact=True,
        wrong_phase=f"{W}: cards are moved in your Main Phase",
    ),
    "flip": Move(
        "flip",
        _gen_flip,
        _check_flip,
        _exec_flip,
        exact=True,
        wrong_phase=f"{W}: cards are flipped in your Main Phase",
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        exact=True,
        wrong_phase=f"{W}: attacks are made in your Main Phase",
    ),
    "cast": Move(
        "cast",
        _gen_cast,
        _check_cast,
        _exec_cast,
        exact=True,
        wrong_phase=R_SPELL_WHEN,
        out_of_turn=R_SPELL_WHEN,
    ),
    "advance": Move(
        "advance",
        _gen_advance,
        _check_advance,
        _exec_advance,
        exact=True,
        wrong_phase=f"{W}, Aftermath: only after destroying the defender",
    ),
}
