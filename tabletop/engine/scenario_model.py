"""The scenario file's fields (``docs/scenarios.md``), as pydantic models.

Everything a file says is checked here as it is read, before any game is started: a field
misspelt, a seat that is not one, and any check that could not fail (an empty ``counters``,
``cards = []``, a ``sees`` with nothing to look for, ``reason = ""``) is refused with the
file and the field. What needs the game and the position (a zone's name, which copies a
card's name matches) is checked when the position is built or the step runs
(:mod:`.scenario_position`, :mod:`.scenario_checks`).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .files import KB, Limits, Told

SEAT = re.compile(r"^P([1-9])$")
# A scenario is a few KB (the largest shipped under 4 KB): a position and a dozen steps.
SCENARIO_LIMITS = Limits(256 * KB, keys=200, items=1_000, values=20_000, text=4_000)
MOST_STEPS = 200
MOST = 999  # no damage, counter or seat value of any game comes near it
MOST_IN_A_ZONE = 200  # more cards than any game's deck holds
REST = "..."  # last in a listed zone: the cards the zone held, after those listed
GONE = "gone"  # a check's zone: the card is no longer in the game


class ScenarioError(Told):
    """A scenario file that cannot be read or set up; the message names the file and field."""


def seat_index(ref: str) -> int:
    m = SEAT.match(ref)
    if m is None:
        raise ValueError(f"{ref!r} is not a seat (P1, P2...)")
    return int(m.group(1)) - 1


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


Number = Annotated[int, Field(ge=-MOST, le=MOST)]
Mark = bool | Number  # a turn mark: true / 1 done, false / 0 not, or a boost's amount


def _not_empty(v, what: str):
    """An empty check checks nothing, and passes whatever happened: refused."""
    if v is not None and len(v) == 0:
        raise ValueError(f"empty: {what} checks nothing (give what to check, or leave it out)")
    return v


def _words(v: list[str]) -> list[str]:
    for w in v:
        if not w.strip():
            raise ValueError("empty words are found in any text: give the words to look for")
    return v


class CardSpec(_Model):
    """A card placed by a scenario, with its state on the table."""

    card: str
    owner: str | None = None  # P1, P2...: needed in shared zones (a battlefield square)
    turned: bool = False
    face_down: bool = False
    damage: int = Field(0, ge=0, le=MOST)
    counters: dict[str, Number] = Field(default_factory=dict)
    attached_to: str | None = None  # the name of a card in play
    this_turn: dict[str, Mark] = Field(default_factory=dict)  # the game's turn marks

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
    values: dict[str, Number] = Field(default_factory=dict)
    zones: dict[str, Pile] = Field(default_factory=dict)  # top of a pile first


Shuffles = dict[str, Annotated[list[str], Field(min_length=1, max_length=MOST_IN_A_ZONE)]]


class CardCheck(_Model):
    """The card a check names, with every state given: the copies of it (of ``owner``, in
    ``zone``, when given) are exactly one (``copies = "one"``, the default), or some of
    them (``"any"``), every one (``"all"``) or exactly ``copies`` of them have the state."""

    card: str
    owner: str | None = None
    zone: str | None = None  # "P1 discard", or a shared zone's name ("c3"); "gone": left play
    copies: Literal["one", "any", "all"] | Annotated[int, Field(ge=0, le=MOST_IN_A_ZONE)] = "one"
    turned: bool | None = None
    face_down: bool | None = None
    damage: int | None = None
    counters: dict[str, int] | None = None
    values: dict[str, int | str] | None = None  # as the table shows them: { DEF = 3 }
    this_turn: dict[str, Mark] | None = None  # the game's turn marks

    @field_validator("owner")
    @classmethod
    def _seat(cls, v: str | None) -> str | None:
        if v is not None:
            seat_index(v)
        return v

    @field_validator("counters", "values", "this_turn")
    @classmethod
    def _something(cls, v, info):
        return _not_empty(v, f"{info.field_name} = {{}}")

    @model_validator(mode="after")
    def _gone_has_no_state(self) -> CardCheck:
        if self.zone == GONE:
            given = [f for f in self.model_fields_set if f not in ("card", "owner", "zone")]
            if given:
                raise ValueError(
                    f"a card gone from the game has no {', '.join(sorted(given))} to check"
                )
        return self


class Sees(_Model):
    """What one seat is shown after a step: its log of the step, and everything its table
    draws from its view (card names, badges, status plates, the prompt, its menu labels)."""

    seat: str  # "P2": who looks
    log: list[str] = Field(default_factory=list)  # words its log of this step shows
    in_order: bool = False  # each of ``log`` on a line after the one before it
    not_shown: list[str] = Field(default_factory=list)  # words it is shown nowhere
    hidden: list[str] = Field(default_factory=list)  # zones whose cards it cannot identify

    @field_validator("seat")
    @classmethod
    def _a_seat(cls, v: str) -> str:
        seat_index(v)
        return v

    @field_validator("log", "not_shown", "hidden")
    @classmethod
    def _something(cls, v, info):
        return _words(_not_empty(v, f"{info.field_name} = []"))

    @model_validator(mode="after")
    def _checks_something(self) -> Sees:
        if not (self.log or self.not_shown or self.hidden):
            raise ValueError(
                f"what {self.seat} sees checks nothing: give its log, not_shown or hidden"
            )
        if self.in_order and len(self.log) < 2:
            raise ValueError("in_order puts the lines of log in order: give two or more")
        return self


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

    @field_validator("cards", "values", "count", "sees")
    @classmethod
    def _something(cls, v, info):
        return _not_empty(v, f"{info.field_name} = {'[]' if isinstance(v, list) else '{}'}")

    @model_validator(mode="after")
    def _checks_something(self) -> Expect:
        if not self.model_fields_set:
            raise ValueError("empty: it checks nothing (give what must be true, or leave it out)")
        return self


class Step(_Model):
    do: str  # an action in its text form: 'P1: attack "Iron Sword" -> "Lyra Swiftwind"'
    expect: Literal["legal", "refused"] = "legal"
    reason: str | None = None  # words the refusal must contain (implies refused)
    random: list[int] = Field(default_factory=list)  # forced just before this step
    shuffled: Shuffles = Field(default_factory=dict)  # what this step's shuffles give
    then: Expect | None = None
    say: str = ""  # for Puzzles: what this step teaches

    @field_validator("reason")
    @classmethod
    def _words(cls, v: str | None) -> str | None:
        if v is not None and not v.strip():
            raise ValueError(
                "empty words are found in any refusal: give the rule's words, "
                'or write expect = "refused"'
            )
        return v

    @field_validator("shuffled")
    @classmethod
    def _something(cls, v):
        return _not_empty(v, "shuffled = {}")


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
    shuffled: Shuffles = Field(default_factory=dict)  # what the next shuffles give
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

    @field_validator("shuffled")
    @classmethod
    def _something(cls, v):
        return _not_empty(v, "shuffled = {}")
