"""Phases (coe.txt, "Phases", with the setup of "Playing Resources" and "Champions and
Acolytes"): setup (the handicap and the opening hand, ruling 3), the coin (ruling 2), what
the Camp Phase's steps 1 and 2 and the Rest Phase's step 1 do by themselves, the turn's end
and the stalemate (ruling 63); and the tables of phases, windows and moves, every move and
every pass ending with the CC limit's check (ruling 35)."""

from __future__ import annotations

from dataclasses import replace

from ....engine import Event, Events, GameState, Move, Phase, Window, draw_cards, end_game
from ....engine import abilities as ab
from .answers import (
    R_REVEAL,
    _check_reveal,
    _exec_reveal,
    _gen_reveal,
    _on_pass_answer,
    swift,
)
from .attacks import (
    A_,
    R_ONE_ATTACK,
    _check_attack,
    _check_defend,
    _exec_attack,
    _exec_defend,
    _gen_attack,
    _gen_defend,
    _on_pass_defend,
)
from .battle import _check_counter, _exec_counter, _gen_counter, _on_pass_counter
from .effects import _fire
from .party import (
    R_CC,
    _cc_check,
    _check_shed,
    _check_tactic,
    _exec_shed,
    _exec_tactic,
    _gen_shed,
    _gen_tactic,
    _settles,
    _settles_pass,
)
from .playing import _exec_play, _gen_play, _play_problem
from .requirements import R_PLAY_WHEN
from .resources import (
    R_BUILD_WHEN,
    _ask_types,
    _check_build,
    _check_name,
    _exec_build,
    _exec_name,
    _gen_build,
    _gen_name,
    camp_draw_and_reset,
)
from .scenarios import (
    R_PARDON,
    R_SCENARIO_WHEN,
    _check_pardon,
    _check_scenario,
    _exec_pardon,
    _exec_scenario,
    _gen_pardon,
    _gen_scenario,
)
from .skills import R_SKILL_WHEN, _check_skill, _exec_skill, _gen_skill
from .state import (
    ARCHIVE,
    CAMP,
    DECK,
    HAND,
    HANDICAP,
    LEADER,
    OPENING_HAND,
    PARTY,
    PREP,
    RESOURCES,
    REST,
    C,
    characters,
    data,
    name,
    played,
    who,
)

# -- setup ------------------------------------------------------------------------------------


def _setup_enter(state: GameState, events: Events) -> None:
    """Ruling 3: the handicap cards go from the top of each deck to the resource area, face
    up, and each owner names their types; then the opening hands."""
    for seat in range(state.seats):
        n = HANDICAP[1 + len(state.zones[(seat, PARTY)])]
        pile = state.zones[(seat, DECK)]
        placed = []
        for _ in range(min(n, len(pile))):
            cid = pile[0]
            state.move(cid, (seat, RESOURCES))
            placed.append(cid)
        if placed:
            names = ", ".join(name(state, c) for c in placed)
            events.append(
                Event(
                    "move",
                    f"{who(state, seat)}'s party of "
                    f"{1 + len(state.zones[(seat, PARTY)])} takes a handicap of "
                    f"{len(placed)} resource{'s' if len(placed) > 1 else ''}: "
                    f"{names}",
                    seat=seat,
                    cards=tuple(placed),
                    value=((seat, DECK), (seat, RESOURCES)),
                    reveals=tuple(placed),
                )
            )
        draw_cards(state, seat, OPENING_HAND, events, DECK, HAND)
    _ask_types(state, events)


def _coin_enter(state: GameState, events: Events) -> None:
    """Ruling 2: heads, Player 1 starts; tails, Player 2."""
    face = state.rng.randint(0, 1)
    data(state).first = face
    state.active = face
    state.turn = 1
    events.append(
        Event(
            "coin",
            f"The coin shows {'heads' if face == 0 else 'tails'}: {who(state, face)} goes first",
            seat=face,
            value=("first", face),
        )
    )
    # Ruling 5: the first player's leader counts as played at the start of its first turn;
    # the second player's "was already considered to be in play before their turn began".
    for leader in state.zones[(face, LEADER)]:
        played(state, leader)


# -- the Camp Phase ---------------------------------------------------------------------------


def _camp_enter(state: GameState, events: Events) -> None:
    """Steps 1 and 2 happen by themselves: the draw (an empty deck draws nothing, ruling 26)
    and the reset of the seat's resources and characters (ruling 11). In a seat's first
    Camp Phase its party leader's Swift comes first, and the other seat may answer it: the
    draw and the reset follow once it has resolved (ruling 6)."""
    d = data(state)
    seat = state.active
    d.built = d.established = d.tactic = d.pardoned = False
    d.found = None
    d.step = 3
    if any(by == seat for _, by in d.obstructed):
        # Ruling 27: "for one round" ends as the obstructing player's next turn begins.
        d.obstructed = tuple(o for o in d.obstructed if o[1] != seat)
        events.append(
            Event(
                "info",
                f"The positions {who(state, seat)}'s cards obstructed are open again",
                seat=seat,
            )
        )
    stated = False
    if state.turn <= 2 and not d.swifted[seat]:
        # Ruling 6: a party leader's Swift is activated first thing in its first Camp Phase.
        d.swifted[seat] = True
        stated = any(swift(state, c, events, then="camp") for c in state.zones[(seat, LEADER)])
    if not stated:
        camp_draw_and_reset(state, events)
    _cc_check(state, events)  # a Swift may have archived a champion (ruling 35)


# -- the turn ---------------------------------------------------------------------------------


def _rest_enter(state: GameState, events: Events) -> None:
    """Effects that trigger at the Rest Phase happen first (ruling 30)."""
    data(state).established = False
    for cid in characters(state, state.active):
        _fire(state, cid, "rest_phase", events)
    _cc_check(state, events)  # a trigger may have archived a champion (ruling 35)


def _rest_exit(state: GameState, events: Events) -> None:
    """The turn ends: effects for the turn (stagger) end, and those for one round of the
    seat's opponent count down (ruling 27)."""
    ab.end_of_turn(state, state.active)
    if _stalemate(state):
        end_game(
            state,
            (),
            events,
            "by stalemate: both decks are empty and a whole round "
            "went by with no card played, no damage and no card archived (ruling 63)",
        )
        return
    state.active = (state.active + 1) % state.seats
    state.turn += 1


def _stalemate(state: GameState) -> bool:
    """Ruling 63: both decks empty, and a whole round in which no card left a hand, no
    damage was dealt (or healed) and no card was archived."""
    d = data(state)
    z = state.zones
    now = (
        tuple(len(z[(s, HAND)]) for s in range(state.seats)),
        tuple(len(z[(s, ARCHIVE)]) for s in range(state.seats)),
        tuple(state.cards[c].damage for s in range(state.seats) for c in characters(state, s)),
    )
    empty = not any(z[(s, DECK)] for s in range(state.seats))
    d.quiet = d.quiet + 1 if empty and now == d.mark else 0
    d.mark = now
    return d.quiet >= state.seats


R_REST_ATTACK = (
    f"{C}, {REST}: This Phase is considered the Rest phase when the player declares their "
    "turn to be over: no attack is made in it (ruling 30)"
)

PHASES = {
    "setup": Phase("setup", "Setup", auto=True, enter=_setup_enter, next="coin", in_turn=False),
    "coin": Phase("coin", "First player", auto=True, enter=_coin_enter, next="camp", in_turn=False),
    "camp": Phase(
        "camp",
        CAMP,
        frozenset({"build", "scenario", "pardon", "tactic", "play", "skill", "end"}),
        enter=_camp_enter,
        next="prep",
    ),
    "prep": Phase(
        "prep",
        PREP,
        frozenset({"play", "reveal", "skill", "attack", "end"}),
        next="rest",
        forbids={"build": R_BUILD_WHEN, "scenario": R_SCENARIO_WHEN},
    ),
    "rest": Phase(
        "rest",
        REST,
        frozenset({"scenario", "play", "skill", "end"}),
        enter=_rest_enter,
        exit=_rest_exit,
        next="camp",
        forbids={"build": R_BUILD_WHEN, "attack": R_REST_ATTACK},
    ),
}
PHASES["battle"] = Phase("battle", A_, frozenset(), next="prep", forbids={"attack": R_ONE_ATTACK})
TURN_PHASES = ("camp", "prep", "battle", "rest")

WINDOWS = {
    "defend": Window(
        "defend",
        "Your character is attacked: boost its defence with allies, or pass",
        frozenset({"defend"}),
        on_pass=_on_pass_defend,
    ),
    "counter_attack": Window(
        "counter_attack",
        "Counter-attack the attacker, or pass",
        frozenset({"counter"}),
        on_pass=_on_pass_counter,
    ),
    "answer": Window(
        "answer",
        "Answer (a Counter, Contravene or Cast: Battle card, or a face-down Conjure), or pass",
        frozenset({"play", "reveal"}),
        on_pass=_on_pass_answer,
    ),
    "handicap": Window(
        "handicap",
        "Name the type of each handicap resource: Mana, Shells or Enchanted",
        frozenset({"name"}),
        can_pass=False,
    ),
    "cc": Window(
        "cc",
        "Your cards in play are over the CC limit of your champions: archive one",
        frozenset({"archive"}),
        can_pass=False,
    ),
}

MOVES = {
    "name": Move("name", _gen_name, _check_name, _exec_name, exact=True),
    "build": Move(
        "build", _gen_build, _check_build, _exec_build, exact=True, wrong_phase=R_BUILD_WHEN
    ),
    "scenario": Move(
        "scenario",
        _gen_scenario,
        _check_scenario,
        _exec_scenario,
        exact=True,
        wrong_phase=R_SCENARIO_WHEN,
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        exact=True,
        wrong_phase=f"{C}, {PREP}: A player may perform any of these game functions during "
        "this phase: Character(s) may initiate an attack",
    ),
    "defend": Move("defend", _gen_defend, _check_defend, _exec_defend, exact=True),
    "counter": Move("counter", _gen_counter, _check_counter, _exec_counter, exact=True),
    "skill": Move(
        "skill", _gen_skill, _check_skill, _exec_skill, exact=True, wrong_phase=R_SKILL_WHEN
    ),
    "play": Move("play", _gen_play, _play_problem, _exec_play, exact=True, wrong_phase=R_PLAY_WHEN),
    "reveal": Move(
        "reveal", _gen_reveal, _check_reveal, _exec_reveal, exact=True, wrong_phase=R_REVEAL
    ),
    "pardon": Move(
        "pardon",
        _gen_pardon,
        _check_pardon,
        _exec_pardon,
        exact=True,
        wrong_phase=f"{R_PARDON} (ruling 24)",
    ),
    "tactic": Move(
        "tactic",
        _gen_tactic,
        _check_tactic,
        _exec_tactic,
        exact=True,
        wrong_phase=f"{C}, {CAMP}: Party Tactics - Play a support character or "
        "swapping champions (step 5)",
    ),
    "archive": Move(
        "archive",
        _gen_shed,
        _check_shed,
        _exec_shed,
        exact=True,
        wrong_phase=f"{R_CC}: only when over it",
    ),
}
# Every action, and every pass, ends with the CC limit's check (ruling 35).
MOVES = {kind: replace(move, execute=_settles(move.execute)) for kind, move in MOVES.items()}
WINDOWS = {
    name: replace(w, on_pass=_settles_pass(w.on_pass)) if w.on_pass else w
    for name, w in WINDOWS.items()
}
