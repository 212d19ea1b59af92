"""Scenario files: a position of any game, then steps with what each must do.

A scenario (TOML or JSON; the format is documented in ``docs/scenarios.md``) starts a real
game from ready-made decks and a seed, then sets the position it names: the turn, the
active seat, the phase, the cards in each zone with their state, the game's own per-seat
numbers (Life, Training Points, the Stone's Health...) and the next random results. The
position may be inside the game's setup (a hand being kept, cards being placed, the first
player being rolled for); a phase that plays itself (a roll, a coin) is played out, with
the file's random results, up to the first decision. Then each step is an action in its
text form, with whether it must be legal or refused (and words the refusal must contain)
and what must be true afterwards.

Used three ways: ``tabletop scenario FILE...`` runs them headless, the test suite runs every
file under ``tests/scenarios/``, and the app's Puzzles menu lets a person play the position.
Nothing here knows a game: each game says which per-seat numbers it has
(:meth:`Game.seat_values`) and tidies its own bookkeeping after the position is set
(:meth:`Game.scenario_ready`), inside setup as well as in a turn.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .actions import Action, ActionSyntaxError, zone_key, zone_name
from .cards import DeckList
from .core import apply, check, settle
from .events import Event
from .files import KB, FileProblem, Limits, Told, read_data, safe_text, validate
from .game import Game
from .invariants import card_problems, zone_problems
from .notation import parse
from .state import CardInstance, GameState

SEAT = re.compile(r"^P([1-9])$")
# A scenario is a few KB (the largest shipped under 4 KB): a position and a dozen steps.
SCENARIO_LIMITS = Limits(256 * KB, keys=200, items=1_000, values=20_000, text=4_000)
MOST_STEPS = 200
MOST = 999  # no damage, counter or seat value of any game comes near it
MOST_IN_A_ZONE = 200  # more cards than any game's deck holds


class ScenarioError(Told):
    """A scenario file that cannot be read or set up; the message names the file and field."""


def seat_index(ref: str) -> int:
    m = SEAT.match(ref)
    if m is None:
        raise ValueError(f"{ref!r} is not a seat (P1, P2...)")
    return int(m.group(1)) - 1


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CardSpec(_Model):
    """A card placed by a scenario, with its state on the table."""

    card: str
    owner: str | None = None  # P1, P2...: needed in shared zones (a battlefield square)
    turned: bool = False
    face_down: bool = False
    damage: int = Field(0, ge=0, le=MOST)
    counters: dict[str, Annotated[int, Field(ge=-MOST, le=MOST)]] = Field(default_factory=dict)
    attached_to: str | None = None  # the name of a card in play

    @field_validator("owner")
    @classmethod
    def _seat(cls, v: str | None) -> str | None:
        if v is not None:
            seat_index(v)
        return v


CardEntry = str | CardSpec


Pile = Annotated[list[CardEntry], Field(max_length=MOST_IN_A_ZONE)]


class SeatSpec(_Model):
    # the game's numbers: life, tp...
    values: dict[str, Annotated[int, Field(ge=-MOST, le=MOST)]] = Field(default_factory=dict)
    zones: dict[str, Pile] = Field(default_factory=dict)  # top of a pile first


class CardCheck(_Model):
    """Some copy of ``card`` (of ``owner``, if given) is found with every state given."""

    card: str
    owner: str | None = None
    zone: str | None = None  # "P1 discard", or a shared zone's name ("c3"); "gone": left play
    turned: bool | None = None
    face_down: bool | None = None
    damage: int | None = None
    counters: dict[str, int] | None = None


class Sees(_Model):
    """What one seat is shown after a step: its log of the step, and everything its table
    draws from its view (card names, badges, status plates, the prompt, its menu labels)."""

    seat: str  # "P2": who looks
    log: list[str] = Field(default_factory=list)  # words its log of this step shows
    not_shown: list[str] = Field(default_factory=list)  # words it is shown nowhere
    hidden: list[str] = Field(default_factory=list)  # zones whose cards it cannot identify

    @field_validator("seat")
    @classmethod
    def _a_seat(cls, v: str) -> str:
        seat_index(v)
        return v


class Expect(_Model):
    phase: str | None = None
    active: str | None = None
    turn: int | None = None
    over: bool | None = None
    winner: str | None = None  # "P1", or "draw"
    to_act: str | None = None  # the seat whose decision it is (a window's seat)
    cards: list[CardCheck] = Field(default_factory=list)
    values: dict[str, int] = Field(default_factory=dict)  # "P2 life" = 17
    count: dict[str, int] = Field(default_factory=dict)  # "P1 hand" = 3
    sees: list[Sees] = Field(default_factory=list)  # what a seat is shown

    @field_validator("sees", mode="before")
    @classmethod
    def _one_or_more(cls, v):
        return [v] if isinstance(v, dict) else v


class Step(_Model):
    do: str  # an action in its text form: 'P1: attack "Iron Sword" -> "Lyra Swiftwind"'
    expect: Literal["legal", "refused"] = "legal"
    reason: str | None = None  # words the refusal must contain (implies refused)
    random: list[int] = Field(default_factory=list)  # forced just before this step
    then: Expect | None = None
    say: str = ""  # for Puzzles: what this step teaches


class Scenario(_Model):
    game: str
    title: str
    about: str = ""
    decks: list[str] | None = None  # ready-made deck ids, one per seat
    seed: int = 1
    turn: int = Field(1, ge=1)
    active: str = "P1"
    phase: str
    random: list[int] = Field(default_factory=list)  # the next random results, in order
    seats: list[SeatSpec] = Field(default_factory=list)
    table: dict[str, Pile] = Field(default_factory=dict)  # shared zones
    start: Expect | None = None  # what must be true once the position is set up
    steps: list[Step] = Field(default_factory=list, max_length=MOST_STEPS)
    goal: str = ""  # for Puzzles: what the player should achieve ("win this turn")

    @field_validator("active")
    @classmethod
    def _seat(cls, v: str) -> str:
        seat_index(v)
        return v


# -- reading -----------------------------------------------------------------------------
def load(path: Path, *, inside: Path | None) -> Scenario:
    """Read and validate a scenario file; ScenarioError names the file and every problem.
    ``inside``: the folder it was found in (a link out of it is not followed), or None for
    a file the player named (on the command line, or dropped onto the window)."""
    shown = safe_text(str(path))
    fmt = "json" if path.suffix.lower() == ".json" else "toml"
    try:
        data = read_data(path, fmt, SCENARIO_LIMITS, inside=inside, name=shown)
        return validate(Scenario, data, shown, first_only=False)
    except FileProblem as e:
        raise ScenarioError(str(e)) from None


# -- setting up the position ------------------------------------------------------------------
def build(scenario: Scenario, game: Game, where: str = "scenario") -> GameState:
    """The position a scenario describes (ScenarioError if it cannot be set up)."""
    problems: list[str] = []

    def fail(path: str, msg: str) -> None:
        problems.append(f"{where}: {path}: {msg}")

    state = game.new_game(scenario_decks(scenario, game, where), scenario.seed)

    if scenario.phase not in game.phases:
        fail(
            "phase",
            f"{game.name} has no phase {scenario.phase!r} (phases: {', '.join(game.phases)})",
        )
    active = seat_index(scenario.active)
    if active >= state.seats:
        fail("active", f"no {scenario.active} in a {state.seats}-seat game")

    # Which cards go where: (zone key, entries, where in the file).
    wanted: list[tuple[tuple[int | None, str], list[CardEntry], str]] = []
    for s, seat in enumerate(scenario.seats):
        for zname, entries in seat.zones.items():
            spec = game.zones.get(zname)
            if spec is None or spec.shared:
                fail(f"seats[{s}].zones.{zname}", _no_zone(game, zname, shared=False))
                continue
            wanted.append(((s, zname), entries, f"seats[{s}].zones.{zname}"))
    for zname, entries in scenario.table.items():
        spec = game.zones.get(zname)
        if spec is None or not spec.shared:
            fail(f"table.{zname}", _no_zone(game, zname, shared=True))
            continue
        wanted.append(((None, zname), entries, f"table.{zname}"))
    if problems:
        raise ScenarioError("\n".join(problems))

    placed: set[int] = set()
    layout: dict[tuple[int | None, str], list[int]] = {}
    attach: list[tuple[int, str, str]] = []
    for key, entries, path in wanted:
        layout[key] = []
        for i, entry in enumerate(entries):
            spec = CardSpec(card=entry) if isinstance(entry, str) else entry
            owner = seat_index(spec.owner) if spec.owner else key[0]
            if owner is None:
                fail(f"{path}[{i}]", "a card in a shared zone needs an owner (P1, P2...)")
                continue
            if owner >= state.seats:
                fail(f"{path}[{i}].owner", f"no {spec.owner} in a {state.seats}-seat game")
                continue
            inst = _take(state, spec.card, owner, placed)
            if inst is None:
                fail(f"{path}[{i}]", f"{game.name} has no card named {spec.card!r}")
                continue
            placed.add(inst.id)
            layout[key].append(inst.id)
            inst.turned, inst.face_down, inst.damage = spec.turned, spec.face_down, spec.damage
            inst.counters = dict(spec.counters)
            inst.attached_to = None
            if spec.attached_to:
                attach.append((inst.id, spec.attached_to, f"{path}[{i}].attached_to"))
    if problems:
        raise ScenarioError("\n".join(problems))

    # A zone the scenario lists holds exactly what it lists: whatever else was there leaves
    # the game. Cards it placed leave the zones they were in.
    for key in layout:
        for cid in state.zones[key]:
            if cid not in placed:
                del state.cards[cid]
    for key, ids in state.zones.items():
        state.zones[key] = [c for c in ids if c in state.cards and c not in placed]
    for key, ids in layout.items():
        state.zones[key] = ids
        state.moved += 1
        state.board += 1
        for cid in ids:
            state.cards[cid].zone = key
    for cid, target, path in attach:
        owner = state.cards[cid].owner
        hosts = sorted(
            (c for c in placed if state.cards[c].card.name == target),
            key=lambda c: state.cards[c].owner != owner,
        )
        hosts = [h for h in hosts if h != cid]
        if not hosts:
            fail(
                path,
                f"no {target!r} is placed by this scenario"
                if target != state.cards[cid].card.name
                else "a card cannot be attached to itself",
            )
        else:
            state.cards[cid].attached_to = hosts[0]

    state.turn = scenario.turn
    state.active = active
    state.phase = scenario.phase
    state.prompts = ()
    state.over, state.winners = False, ()
    if problems:
        raise ScenarioError("\n".join(problems))
    try:
        game.scenario_ready(state)
    except ValueError as e:  # a position the game cannot be in ("no Hero in the Hero zone")
        raise ScenarioError(f"{where}: {e}") from None

    values = game.seat_values()
    for s, seat in enumerate(scenario.seats):
        for name, value in seat.values.items():
            if name not in values:
                fail(f"seats[{s}].values.{name}", _no_value(game, name))
            else:
                try:
                    values[name].put(state, s, value)
                except ValueError as e:
                    fail(f"seats[{s}].values.{name}", str(e))
    state.rng.force(*scenario.random)
    if problems:
        raise ScenarioError("\n".join(problems))
    wrong = zone_problems(state) + card_problems(state) + game.invariants(state)
    if wrong:
        raise ScenarioError(f"{where}: the position breaks the game's rules: " + "; ".join(wrong))
    phase = game.phases[state.phase]
    if phase.auto:
        # A phase that plays itself (a roll for the first player, a coin, a draw) starts
        # as it begins: it is played out, with the file's random results, up to the first
        # decision, as the game would after the step before it.
        events: list = []
        try:
            if phase.enter is not None:
                phase.enter(state, events)
            settle(state, events)
        except ValueError as e:  # a forced random result out of its range
            raise ScenarioError(
                f"{where}: phase: {scenario.phase!r} cannot be played out: {e}"
            ) from None
    return state


def scenario_decks(scenario: Scenario, game: Game, where: str = "scenario") -> list[DeckList]:
    """The ready-made deck of each seat: those the file names (the last one again for seats
    it does not name), or the game's first deck for every seat."""
    card_set = game.card_set()
    n = max(len(scenario.seats), game.min_seats, len(scenario.decks or ()))
    if n > game.max_seats:
        raise ScenarioError(
            f"{where}: seats: {game.name} is played by at most {game.max_seats} players"
        )
    ids = scenario.decks or sorted(card_set.decks)[:1]
    ids = ids + [ids[-1]] * (n - len(ids))
    problems = [
        f"{where}: decks[{i}]: no deck {deck_id!r} for {game.name} (decks: "
        f"{', '.join(sorted(card_set.decks))})"
        for i, deck_id in enumerate(ids)
        if deck_id not in card_set.decks
    ]
    if problems:
        raise ScenarioError("\n".join(problems))
    return [card_set.decks[d] for d in ids]


def _take(state: GameState, name: str, owner: int, placed: set[int]) -> CardInstance | None:
    """A copy of ``name`` for ``owner``: one of its cards not yet placed (from the deck
    first), or a new one."""
    candidates = [
        inst
        for inst in state.cards.values()
        if inst.owner == owner and inst.card.name == name and inst.id not in placed
    ]
    if candidates:
        candidates.sort(key=lambda inst: (inst.zone[1] != "deck", inst.id))
        return candidates[0]
    card = state.game.card_set().cards.get(name)
    if card is None:
        return None
    key = next(iter(state.zones))
    inst = state.create(card, owner, key)
    return inst


def _no_zone(game: Game, name: str, shared: bool) -> str:
    fitting = [z for z, spec in game.zones.items() if spec.shared == shared]
    where = "shared (under table)" if shared else "of a seat (under seats)"
    shown = ", ".join(fitting[:12]) + (", ..." if len(fitting) > 12 else "")
    return f"{game.name} has no zone {name!r} {where} (zones: {shown})"


def _no_value(game: Game, name: str) -> str:
    known = ", ".join(game.seat_values()) or "none"
    return f"{game.name} has no seat value {name!r} (values: {known})"


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


def run_steps(scenario: Scenario, state: GameState) -> Iterator[StepResult]:
    """Check the file's ``start`` (as step 0), then play each step on ``state``, yielding
    what happened and what was wrong."""
    if scenario.start is not None:
        problems = expectations(state, scenario.start)
        yield StepResult(0, "set up", not problems, problems)
    for i, step in enumerate(scenario.steps, 1):
        result = StepResult(i, step.do, True)
        yield result
        if step.random:
            state.rng.force(*step.random)
        try:
            action = parse(state, step.do)
        except ActionSyntaxError as e:
            result.ok = False
            result.problems.append(f"cannot read the action: {e}")
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
            except ValueError as e:  # a forced random result out of its range
                result.problems.append(f"random: {e}")
                result.ok = False
                return
        if step.then is not None:
            result.problems += expectations(state, step.then, events)
        result.ok = not result.problems


def copies_taken(state: GameState, action: Action) -> list[str]:
    """For each card of ``action`` whose name is shared by copies in several zones, which
    copy the action took, and how to name another."""
    out = []
    for cid in dict.fromkeys((*action.cards, *action.targets)):
        inst = state.cards.get(cid)
        if inst is None:
            continue
        name = inst.card.name
        zones = sorted({zone_name(c.zone) for c in state.cards.values() if c.card.name == name})
        if len(zones) > 1:
            here = zone_name(inst.zone)
            other = next(z for z in zones if z != here)
            out.append(
                f'took the copy of "{name}" in {here} (copies are in '
                f'{", ".join(zones)}: write "{name}" in "{other}" for another)'
            )
    return out


def expectations(state: GameState, expect: Expect, events: Sequence[Event] = ()) -> list[str]:
    """What in ``state`` differs from ``expect`` (``events``: what the step did, for what a
    seat's log shows)."""
    from .core import to_act

    out = []
    game = state.game
    if expect.phase is not None and state.phase != expect.phase:
        out.append(f"phase is {state.phase!r}, expected {expect.phase!r}")
    if expect.active is not None and state.active != _seat(expect.active, out):
        out.append(f"active is P{state.active + 1}, expected {expect.active}")
    if expect.to_act is not None and to_act(state) != _seat(expect.to_act, out):
        seat = to_act(state)
        out.append(
            f"{'nobody' if seat is None else f'P{seat + 1}'} is to act, expected {expect.to_act}"
        )
    if expect.turn is not None and state.turn != expect.turn:
        out.append(f"turn is {state.turn}, expected {expect.turn}")
    if expect.over is not None and state.over != expect.over:
        out.append("the game is over" if state.over else "the game is not over")
    if expect.winner is not None:
        shown = (
            "draw"
            if state.over and not state.winners
            else ", ".join(f"P{s + 1}" for s in state.winners) or "nobody yet"
        )
        if shown != expect.winner:
            out.append(f"winner is {shown}, expected {expect.winner}")
    values = game.seat_values()
    for key, want in expect.values.items():
        seat, _, name = key.partition(" ")
        s = _seat(seat, out)
        if s is None:
            continue
        if name not in values:
            out.append(_no_value(game, name))
            continue
        got = values[name].get(state, s)
        if got != want:
            out.append(f"{key} is {got}, expected {want}")
    for key, want in expect.count.items():
        zkey = _zone_key(key, state, out)
        if zkey is not None and len(state.zones[zkey]) != want:
            out.append(f"{key} holds {len(state.zones[zkey])} cards, expected {want}")
    for c in expect.cards:
        out += _card_check(state, c)
    for sees in expect.sees:
        out += _sees_check(state, events, sees)
    return out


def shown_texts(state: GameState, events: Sequence[Event], seat: int) -> list[str]:
    """Every piece of text ``seat``'s table shows it after ``events``: its log lines of them,
    and what its table draws from its view (names of the cards it sees, badges, status
    plates, seat titles, the prompt, the labels of its decisions)."""
    from .core import legal_actions, to_act, view

    seen = view(state, seat)
    spec = state.game.table()
    texts = [e.text_for(seat) for e in events if e.shown_to(seat)]
    texts += [inst.card.name for inst in seen.cards.values() if inst.known]
    for inst in seen.cards.values():
        texts += [f"{symbol}{words}" for symbol, words, _ in spec.badges(seen, inst)]
    for s in range(seen.seats):
        texts.append(spec.seat_title(seen, s))
        texts += [f"{label} {value}" for label, value in spec.status(seen, s)]
    texts.append(spec.prompt(seen, seat) or "")
    if to_act(state) == seat:
        texts += [spec.action_label(seen, a) for a in legal_actions(state)]
    return texts


def _sees_check(state: GameState, events: Sequence[Event], sees: Sees) -> list[str]:
    from .core import view

    out: list[str] = []
    seat = _seat(sees.seat, out)
    if seat is None:
        return out
    log = [e.text_for(seat) for e in events if e.shown_to(seat)]
    for words in sees.log:
        if not any(words.lower() in line.lower() for line in log):
            out.append(f"{sees.seat}'s log does not show {words!r} (it shows {log})")
    texts = shown_texts(state, events, seat)
    for words in sees.not_shown:
        hits = [t for t in texts if words.lower() in t.lower()]
        if hits:
            out.append(f"{sees.seat} is shown {words!r}: {hits[0]!r}")
    for ref in sees.hidden:
        key = _zone_key(ref, state, out)
        if key is None:
            continue
        seen = view(state, seat)
        for cid in state.zones[key]:
            if seen.cards[cid].card is state.cards[cid].card:
                out.append(f"{sees.seat} sees {state.cards[cid].card.name} in {ref}")
    return out


def _seat(ref: str, out: list[str]) -> int | None:
    try:
        return seat_index(ref)
    except ValueError as e:
        out.append(str(e))
        return None


def _zone_key(ref: str, state: GameState, out: list[str]) -> tuple[int | None, str] | None:
    try:
        return zone_key(state, ref)
    except ActionSyntaxError as e:
        out.append(str(e))
        return None


def _card_check(state: GameState, c: CardCheck) -> list[str]:
    owner = None
    if c.owner is not None:
        owner = _seat(c.owner, [])
    copies = [
        inst
        for inst in state.cards.values()
        if inst.card.name == c.card and (owner is None or inst.owner == owner)
    ]
    who = f"{c.owner}'s " if c.owner else ""
    if c.zone == "gone":
        return [] if not copies else [f"{who}{c.card} is still in {zone_name(copies[0].zone)}"]
    if not copies:
        return [f"{who}{c.card} is not in the game"]
    problems = []
    if c.zone is not None:
        zkey = _zone_key(c.zone, state, problems)
        if zkey is None:
            return problems
        here = [inst for inst in copies if inst.zone == zkey]
        if not here:
            places = ", ".join(sorted({zone_name(i.zone) for i in copies}))
            return [f"{who}{c.card} is in {places}, expected {c.zone}"]
        copies = here

    def fits(inst: CardInstance) -> list[str]:
        wrong = []
        for attr in ("turned", "face_down", "damage"):
            want = getattr(c, attr)
            if want is not None and getattr(inst, attr) != want:
                wrong.append(f"{attr} is {getattr(inst, attr)}, expected {want}")
        if c.counters is not None:
            for k, v in c.counters.items():
                if inst.counters.get(k, 0) != v:
                    wrong.append(f"counter {k} is {inst.counters.get(k, 0)}, expected {v}")
        return wrong

    misses = [fits(inst) for inst in copies]
    if any(not m for m in misses):
        return []
    return [f"{who}{c.card} ({zone_name(copies[0].zone)}): {'; '.join(misses[0])}"]


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
        state = build(scenario, game, shown)
        return list(run_steps(scenario, state))
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
        self.goal = last.model_copy(update={"sees": []}) if last is not None else None
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
