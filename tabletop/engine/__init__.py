"""The game-agnostic core: states, actions, phases, windows, records. Knows no game and
never imports pygame (a test checks both)."""

from .actions import Action, ActionSyntaxError, make, parse
from .cards import CardDataError, CardModel, CardSet, DeckList, load_card_set
from .core import (
    CONCEDE,
    END,
    PASS,
    IllegalAction,
    act,
    allowed_kinds,
    apply,
    can_see,
    check,
    close_window,
    end_game,
    enter_phase,
    legal_actions,
    next_phase,
    open_window,
    settle,
    to_act,
    view,
    winner,
)
from .events import Event
from .game import Events, Game, Move, Phase, Window
from .record import GameRecord, Match
from .rng import Rng
from .state import HIDDEN, CardInstance, GameState, Prompt, Visibility, ZoneKey, ZoneSpec

__all__ = [
    "CONCEDE", "END", "HIDDEN", "PASS", "Action", "ActionSyntaxError", "CardDataError",
    "CardInstance", "CardModel", "CardSet", "DeckList", "Event", "Events", "Game",
    "GameRecord", "GameState", "IllegalAction", "Match", "Move", "Phase", "Prompt", "Rng",
    "Visibility", "Window", "ZoneKey", "ZoneSpec", "act", "allowed_kinds", "apply", "can_see",
    "check", "close_window", "end_game", "enter_phase", "legal_actions", "load_card_set", "make",
    "next_phase", "open_window", "parse", "settle", "to_act", "view", "winner",
]
