"""Scenario files: a position of any game, then steps with what each must do.

A scenario (TOML or JSON; the format is documented in ``docs/scenarios.md``) starts a real
game from ready-made decks and a seed, then sets the position it names: the turn, the
active seat, the phase, the cards in each zone with their state, the game's own per-seat
numbers (Life, Training Points, the Stone's Health...), what cards have done this turn, and
the next random results and shuffles. The position may be inside the game's setup (a hand
being kept, cards being placed, the first player being rolled for); a phase that plays
itself (a roll, a coin) is played out, with the file's random results, up to the first
decision. Then each step is an action in its text form, with whether it must be legal or
refused (and words the refusal must contain) and what must be true afterwards.

Checks cannot pass by accident: a check names one card (or says ``copies = "any"`` /
``"all"``), a step's card with copies in several zones says which, an empty check is
refused, and what a seat is shown can be checked from setup on (``[start]`` sees the
events of setup).

Used three ways: ``tabletop scenario FILE...`` runs them headless, the test suite runs every
file under ``tests/scenarios/``, and the app's Puzzles menu lets a person play the position.
Nothing here knows a game: each game says which per-seat numbers it has
(:meth:`Game.seat_values`), what a card may have done this turn (:meth:`Game.turn_marks`),
how its table shows a card's numbers (``TableSpec.live_stats``), and tidies its own
bookkeeping after the position is set (:meth:`Game.scenario_ready`).

The parts: :mod:`.scenario_model` (the file's fields), :mod:`.scenario_position` (setting
up the position), :mod:`.scenario_checks` (what must be true); here, reading a file,
running its steps and following a puzzle.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .actions import Action, ActionSyntaxError
from .core import apply, check
from .events import Event
from .files import FileProblem, read_bytes, read_data, safe_text, validate
from .game import Game
from .notation import parse
from .scenario_checks import (
    card_values,
    copies_taken,
    expectations,
    needs_events,
    shown_texts,
    unnamed_copies,
)
from .scenario_model import (
    GONE,
    MOST,
    MOST_IN_A_ZONE,
    MOST_STEPS,
    REST,
    SCENARIO_LIMITS,
    CardCheck,
    CardEntry,
    CardSpec,
    Expect,
    Scenario,
    ScenarioError,
    SeatSpec,
    Sees,
    Step,
    seat_index,
)
from .scenario_position import (
    ShuffleError,
    ShufflingRng,
    build,
    force_shuffles,
    scenario_decks,
    unshuffled,
)
from .state import GameState

__all__ = [
    "GONE",
    "MOST",
    "MOST_IN_A_ZONE",
    "MOST_STEPS",
    "REST",
    "SCENARIO_LIMITS",
    "CardCheck",
    "CardEntry",
    "CardSpec",
    "Expect",
    "Scenario",
    "ScenarioError",
    "SeatSpec",
    "Sees",
    "ShufflingRng",
    "Step",
    "StepResult",
    "Walkthrough",
    "build",
    "card_values",
    "copies_taken",
    "expectations",
    "force",
    "load",
    "run_file",
    "run_steps",
    "scenario_decks",
    "scenario_files",
    "seat_index",
    "shown_texts",
]


# -- reading -----------------------------------------------------------------------------
def load(path: Path, *, inside: Path | None) -> Scenario:
    """Read and validate a scenario file; ScenarioError names the file and every problem
    (a TOML mistake with its line and column). ``inside``: the folder it was found in (a
    link out of it is not followed), or None for a file the player named (on the command
    line, or dropped onto the window)."""
    shown = safe_text(str(path))
    fmt = "json" if path.suffix.lower() == ".json" else "toml"
    try:
        data = read_data(path, fmt, SCENARIO_LIMITS, inside=inside, name=shown)
    except FileProblem as e:
        told = None
        if fmt == "toml" and ("TOML" in str(e) or "cut off" in str(e)):
            told = _toml_mistake(path, inside, shown)
        raise ScenarioError(told or str(e)) from None
    try:
        return validate(Scenario, data, shown, first_only=False)
    except FileProblem as e:
        raise ScenarioError(str(e)) from None


_AT = re.compile(
    r"^(?P<what>.*?) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$"
)


def _toml_mistake(path: Path, inside: Path | None, shown: str) -> str | None:
    """Where and what the TOML mistake in a scenario is, in the TOML reader's own words
    with its line and column (a quote closing a string early, most often); None if the
    file reads (its problem was another)."""
    try:
        text = read_bytes(path, SCENARIO_LIMITS.size, inside=inside, name=shown).decode("utf-8-sig")
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        said = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    except Exception:  # unreadable or undecodable: the reader's own message stands
        return None
    else:
        return None
    m = _AT.match(said)
    what = m.group("what") if m else said
    what = what[:1].lower() + what[1:]
    if m is None:
        return f"{shown}: not valid TOML: {safe_text(what, 160)}"
    if m.group("line") is None:
        lines = text.splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
        where = f"at the end of the file (line {line}, column {col})"
    else:
        line, col = int(m.group("line")), int(m.group("col"))
        where = f"at line {line}, column {col}"
    told = f"{shown}: not valid TOML {where}: {safe_text(what, 160)}"
    row = text.splitlines()[line - 1] if 0 < line <= len(text.splitlines()) else ""
    if what.startswith("expected newline or end of document") and row.count('"') > 2:
        told += (
            ' (a " inside a "..." string ends it: write the string between single quotes, '
            '\'P1: play "Iron Sword"\', or write the inner quote as \\")'
        )
    elif what.startswith("illegal character '\\n'"):
        told += " (a string not closed on its line)"
    elif m.group("line") is None:
        told += " (a string, list or table left open, or the file cut off)"
    return told


# -- running the steps ---------------------------------------------------------------------
@dataclass
class StepResult:
    index: int
    do: str
    ok: bool
    problems: list[str] = field(default_factory=list)
    reason: str | None = None  # the engine's refusal, if refused

    def as_json(self, file: str) -> str:
        return json.dumps(
            {
                "file": file,
                "step": self.index,
                "do": self.do,
                "ok": self.ok,
                "refused": self.reason,
                "problems": self.problems,
            }
        )


def force(state: GameState, step: Step, where: str = "step") -> list[str]:
    """Force a step's random results and shuffles on ``state``, just before its action (the
    runner does; so does the table, when a puzzle's player plays the step). The problems,
    named by ``where``: a zone or a card to shuffle that the game has not."""
    if step.random:
        state.rng.force(*step.random)
    return force_shuffles(state, step.shuffled, f"{where}.shuffled")


def run_steps(
    scenario: Scenario,
    state: GameState,
    setup_events: Sequence[Event] | None = None,
    where: str = "scenario",
) -> Iterator[StepResult]:
    """Check the file's ``start`` (as step 0), then play each step on ``state``, yielding
    what happened and what was wrong. ``setup_events``: what setting up the position told
    (:func:`build`'s events), for what ``start`` says a seat sees (found again by building
    the position once more when not given); ``where``: the file, as problems name it."""
    if scenario.start is not None:
        if setup_events is None and needs_events(scenario.start):
            setup_events = []
            build(scenario, state.game, where, setup_events)
        problems = expectations(state, scenario.start, setup_events or (), f"{where}: start")
        yield StepResult(0, "set up", not problems, problems)
    for i, step in enumerate(scenario.steps, 1):
        path = f"{where}: steps[{i - 1}]"
        result = StepResult(i, step.do, True)
        yield result
        result.problems += force(state, step, path)
        try:
            action = parse(state, step.do)
        except ActionSyntaxError as e:
            result.problems.append(f"{path}.do: cannot read the action: {e}")
        else:
            result.problems += [f"{path}.do: {u}" for u in unnamed_copies(state, step.do, action)]
        if result.problems:  # the file's mistake: the step is not played
            unshuffled(state)
            result.ok = False
            continue
        result.reason = check(state, action)
        refuse = step.expect == "refused" or step.reason is not None
        if refuse:
            if result.reason is None:
                result.problems.append("was legal, expected refused")
            elif step.reason and step.reason.lower() not in result.reason.lower():
                result.problems.append(
                    f"refused with {result.reason!r}, which does not say {step.reason!r}"
                )
        elif result.reason is not None:
            result.problems.append(f"refused: {result.reason}")
        events: list = []
        if result.problems:
            result.problems += copies_taken(state, action)
        elif not refuse:
            try:
                events = apply(state, action)
            except ValueError as e:  # a forced random result or shuffle that cannot be
                shuffled = isinstance(e, ShuffleError)
                result.problems.append(f"{path}.shuffled: {e}" if shuffled else f"random: {e}")
                result.ok = False
                return
        left = unshuffled(state)
        if left:
            result.problems.append(
                f"{path}.shuffled: {', '.join(left)} {'was' if len(left) == 1 else 'were'} "
                "not shuffled by this step"
            )
        if step.then is not None:
            result.problems += expectations(state, step.then, events, f"{path}.then")
        result.ok = not result.problems


# -- whole files -------------------------------------------------------------------------------
def run_file(path: Path, games: dict[str, Game], inside: Path | None = None) -> list[StepResult]:
    """Load, set up and run one scenario file; a file that cannot be read or set up is one
    failed result (step 0) carrying the message. ``inside``: as for :func:`load` (None: a
    file the player named)."""
    shown = safe_text(str(path))
    try:
        scenario = load(path, inside=inside)
        game = games.get(scenario.game)
        if game is None:
            raise ScenarioError(
                f"{shown}: game: no game {safe_text(scenario.game, 40)!r} "
                f"(games: {', '.join(sorted(games))})"
            )
        told: list[Event] = []
        state = build(scenario, game, shown, told)
        return list(run_steps(scenario, state, told, shown))
    except ScenarioError as e:
        return [StepResult(0, "set up", False, str(e).splitlines())]
    except Exception as e:  # a position no check foresaw: still the file's, and named
        return [
            StepResult(
                0,
                "set up",
                False,
                [
                    f"{shown}: the position cannot be played "
                    f"({type(e).__name__}: {safe_text(e, 200)})"
                ],
            )
        ]


def scenario_files(paths: list[Path]) -> list[Path]:
    """The files named, with folders searched for ``*.toml`` and ``*.json``."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(f for f in p.rglob("*") if f.suffix.lower() in (".toml", ".json"))
        else:
            out.append(p)
    return out


# -- puzzles ------------------------------------------------------------------------------------
class Walkthrough:
    """A scenario played as a puzzle: its legal steps are the walk-through (a step the file
    expects refused is a lesson, never a suggestion), and the last of them says what solves
    it (its ``then``, less what a seat's log shows). Followed as the player plays: each
    action either is the walk-through's next step, or leaves it."""

    def __init__(self, scenario: Scenario):
        self.scenario = scenario
        self.steps = [s for s in scenario.steps if s.expect == "legal" and s.reason is None]
        last = self.steps[-1].then if self.steps else None
        # What a seat is shown is no goal a player reaches; a last step that checks only
        # that leaves the walk-through itself as the goal.
        self.goal = (
            last.model_copy(update={"sees": []})
            if last is not None and last.model_fields_set - {"sees"}
            else None
        )
        self.followed: list[int | None] = [0]  # after each action: steps followed, None: left

    def step_for(self, state: GameState, action: Action) -> Step | None:
        """The walk-through's next step, if ``action`` is it."""
        at = self.followed[-1]
        if at is None or at >= len(self.steps):
            return None
        mine = self._action(state, self.steps[at])
        return self.steps[at] if mine is not None and mine.key() == action.key() else None

    def played(self, state_before: GameState, action: Action) -> Step | None:
        """Note an action (call before applying it); the walk-through's step it is, if any
        (whose forced dice, if it has some, are the player's to roll now)."""
        at = self.followed[-1]
        step = self.step_for(state_before, action)
        self.followed.append(at + 1 if step is not None and at is not None else None)
        return step

    def taken_back(self) -> None:
        if len(self.followed) > 1:
            self.followed.pop()

    def solved(self, state: GameState) -> bool:
        """Whether the position is what the walk-through ends in (without a goal to check:
        whether its every step was played)."""
        if self.goal is not None:
            return not expectations(state, self.goal)
        return self.followed[-1] == len(self.steps) and bool(self.steps)

    def suggestion(self, state: GameState) -> tuple[Step, Action] | None:
        """What to do now: the walk-through's next step while the player follows it and it
        is legal; otherwise the first of its steps still legal from here (the player took
        another way to the same place); None when no step applies any more."""
        at = self.followed[-1]
        order = list(range(at, len(self.steps))) if at is not None else []
        order += [i for i in range(len(self.steps)) if i not in order]
        for i in order:
            action = self._action(state, self.steps[i])
            if action is not None:
                return self.steps[i], action
        return None

    @staticmethod
    def _action(state: GameState, step: Step) -> Action | None:
        """The step's action in this position, if it can be read here and is legal."""
        try:
            action = parse(state, step.do)
        except (ActionSyntaxError, KeyError, ValueError, IndexError):
            return None
        return action if check(state, action) is None else None
