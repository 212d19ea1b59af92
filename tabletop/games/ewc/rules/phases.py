"""The tables the engine runs EWC by: the phases (Setup, the first-player roll, then Ready,
Draw, Training, Combat and Pass Turn), the response windows of an attack (three for the
seat attacked, two for the attacking seat), and the moves with their refusals out of their
phase."""

from __future__ import annotations

from ....engine import Move, Phase, Window
from .activating import _check_use, _exec_use, _gen_use, _on_pass
from .combat import _check_attack, _exec_attack, _gen_attack
from .setup import (
    _check_keep,
    _check_replace,
    _exec_keep,
    _exec_replace,
    _gen_keep,
    _gen_replace,
    _initiative_enter,
    _setup_enter,
)
from .state import (
    R_ACTIVATE_IN_COMBAT,
    R_ATTACK_IN_COMBAT,
    R_NO_PLAY_IN_COMBAT,
    R_PLAY_IN_TRAINING,
    R_SETUP_ONCE,
    R_TP_PHASE,
)
from .training import _check_play, _check_tp, _exec_play, _exec_tp, _gen_play, _gen_tp
from .turn import _draw_enter, _pass_enter, _ready_enter, _training_enter

PHASES = {
    "setup": Phase(
        "setup",
        "Setup",
        frozenset({"keep", "replace"}),
        forbids={"end": f"{R_SETUP_ONCE}: keep your hand, or name the cards to replace"},
        enter=_setup_enter,
        next="initiative",
        in_turn=False,
    ),
    "initiative": Phase(
        "initiative",
        "First player",
        auto=True,
        enter=_initiative_enter,
        next="ready",
        in_turn=False,
    ),
    "ready": Phase("ready", "Ready Phase", auto=True, enter=_ready_enter, next="draw"),
    "draw": Phase("draw", "Draw Phase", auto=True, enter=_draw_enter, next="training"),
    "training": Phase(
        "training",
        "Training Phase",
        frozenset({"tp", "play", "end"}),
        enter=_training_enter,
        next="combat",
        forbids={"attack": R_ATTACK_IN_COMBAT, "use": R_ACTIVATE_IN_COMBAT},
    ),
    "combat": Phase(
        "combat",
        "Combat Phase",
        frozenset({"attack", "use", "end"}),
        next="pass",
        forbids={"play": R_NO_PLAY_IN_COMBAT, "tp": R_TP_PHASE},
    ),
    "pass": Phase("pass", "Pass Turn Phase", auto=True, enter=_pass_enter, next="ready"),
}
TURN_PHASES = ("ready", "draw", "training", "combat", "pass")


WINDOWS = {
    "attacked": Window(
        "attacked",
        "Your Hero or Ally is attacked: activate a Reaction, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
    "before_attack": Window(
        "before_attack",
        "Before your Attack roll: activate a Reaction, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
    "after_attack": Window(
        "after_attack",
        "After your Attack roll: activate a Reaction, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
    "before_defense": Window(
        "before_defense",
        "Before your Defense roll: activate Reactions or Armor, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
    "after_defense": Window(
        "after_defense",
        "After your Defense roll: activate Reactions or Armor, or pass",
        frozenset({"use"}),
        on_pass=_on_pass,
    ),
}


MOVES = {
    "keep": Move(
        "keep",
        _gen_keep,
        _check_keep,
        _exec_keep,
        wrong_phase="EWC, Setup: hands are kept or replaced only at the setup",
    ),
    "replace": Move(
        "replace", _gen_replace, _check_replace, _exec_replace, wrong_phase=R_SETUP_ONCE
    ),
    "tp": Move("tp", _gen_tp, _check_tp, _exec_tp, wrong_phase=R_TP_PHASE, exact=True),
    "play": Move(
        "play", _gen_play, _check_play, _exec_play, wrong_phase=R_PLAY_IN_TRAINING, exact=True
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        wrong_phase=R_ATTACK_IN_COMBAT,
        exact=True,
    ),
    "use": Move(
        "use", _gen_use, _check_use, _exec_use, wrong_phase=R_ACTIVATE_IN_COMBAT, exact=True
    ),
}
