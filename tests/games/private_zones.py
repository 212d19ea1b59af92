"""What each game's rulebook makes private, written down apart from the code.

The hidden-information checks in ``hidden_checks.py`` and ``tabletop.engine.invariants``
learn what a seat may not see from the game's own zone declarations (``ZoneSpec.visibility``),
so a zone wrongly declared public passes them all. This module says it again, from the
rulebooks (``../shared/rules/<game>.txt``) and, where a rulebook is silent, from the game's
rulings (``docs/rulings/<game>.md``): for every zone of every game, who may identify the
cards in it, with the sentence that says so. ``test_private_zones.py`` holds every game's
views to it, and ``hidden_checks.py`` redeals, in its possible worlds, every card it makes
private as well as those the game hides.

The statement names the game's zones (it has to meet the code somewhere) and nothing else
of the game's: not its visibilities, not its ``shown``, not its deal groups. Cards a seat was
shown are allowed it only from what the seat itself read: an event listing them in its
``reveals`` (as ``Memory`` keeps them), or a look at them where the statement makes them
public; either lasts until the card goes where a shuffle can change it (see :class:`Watch`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, NamedTuple

from pydantic import BaseModel

from tabletop.engine import (
    HIDDEN,
    DeckList,
    Event,
    Game,
    GameState,
    Match,
    legal_actions,
    pick_decks,
    responses,
    view,
)

REPO = Path(__file__).resolve().parents[2]
RULEBOOKS = REPO.parent / "shared" / "rules"
RULINGS = REPO / "docs" / "rulings"


class Who(Enum):
    """Who may identify the cards of a zone."""

    PUBLIC = "every seat (a card lying face down there: its owner alone)"
    HELD = "the zone's own seat alone (a hand)"
    SECRET = "no seat, the zone's own included (a deck)"
    FACE_DOWN = "each card's owner alone: every card there lies face down"


@dataclass(frozen=True)
class Source:
    """Where a sentence is written: ``rules/<file>`` (a rulebook) or ``rulings/<file>``
    with the ruling's number."""

    file: str  # "ewc.txt" (a rulebook) or "ewc.md" (the game's rulings)
    quote: str  # word for word (markdown emphasis and line breaks aside)
    ruling: int | None = None

    @property
    def where(self) -> str:
        if self.ruling is None:
            return f"rules/{self.file}"
        return f"docs/rulings/{self.file}, ruling {self.ruling}"

    def path(self) -> Path:
        return (RULINGS if self.ruling is not None else RULEBOOKS) / self.file

    def __str__(self) -> str:
        return f'{self.where}: "{self.quote}"'


@dataclass(frozen=True)
class Zone:
    who: Who
    source: Source


@dataclass(frozen=True)
class FaceDown:
    """Cards the rules lay face down as they arrive in ``zones`` (from anywhere else)."""

    zones: frozenset[str]
    cards: Callable[[Any], bool]  # which card definitions
    what: str  # the same, in words
    source: Source


@dataclass(frozen=True)
class Statement:
    game: str  # the rulebook's game: a team format shares its game's statement
    zones: Mapping[str, Zone]
    # The sentence that lets a card lie face down anywhere in this game; None: no card of
    # this game ever lies face down (one that does is unclassified).
    face_down: Source | None = None
    arrive_face_down: tuple[FaceDown, ...] = ()

    def sources(self) -> Iterable[Source]:
        yield from (z.source for z in self.zones.values())
        if self.face_down is not None:
            yield self.face_down
        yield from (f.source for f in self.arrive_face_down)


def _zones(names: Iterable[str], who: Who, source: Source) -> dict[str, Zone]:
    return {n: Zone(who, source) for n in names}


# -- EWC -----------------------------------------------------------------------------------

_EWC_SEEN = Source(
    "ewc.md",
    "everything on the table is seen by every player: the Hero and its starting cards, the "
    "cards in play, the Allies in play and the Ally tokens behind the Hero, and the discard pile",
    ruling=21,
)
EWC = Statement(
    "ewc",
    {
        "hand": Zone(Who.HELD, Source("ewc.md", "a hand is seen by its player alone", ruling=21)),
        "deck": Zone(
            Who.SECRET,
            Source("ewc.txt", "The remaining cards are then shuffled to form your deck."),
        ),
        "hero": Zone(
            Who.PUBLIC,
            Source(
                "ewc.txt",
                "Place them on the table, forming a triangle with the Hero on top and the two "
                "starter cards below it.",
            ),
        ),
        **_zones(("field", "allies", "behind", "discard"), Who.PUBLIC, _EWC_SEEN),
    },
)

# -- War of the Arcane -------------------------------------------------------------------------

_WOTA_SEEN = Source(
    "wota.md",
    "a card face up on the battlefield, the graveyards, the Tokens set aside and the Spells "
    "being cast are seen by both players",
    ruling=22,
)
WOTA = Statement(
    "wota",
    {
        "hand": Zone(Who.HELD, Source("wota.md", "a hand is seen by its player alone", ruling=22)),
        "deck": Zone(
            Who.SECRET,
            Source(
                "wota.txt",
                "Set aside the Mystic Stone and Token Cards, then shuffle the deck thoroughly.",
            ),
        ),
        **_zones(
            (f"{f}{r}" for r in range(1, 6) for f in "abcde"),
            Who.PUBLIC,
            Source(
                "wota.txt",
                "Place up to 5 cards from your hand (Along with your Mystic Stone) onto your "
                "side of the grid. Cards can be placed face down or face up, except:",
            ),
        ),
        **_zones(("graveyard", "aside", "stack"), Who.PUBLIC, _WOTA_SEEN),
    },
    face_down=Source(
        "wota.md",
        "the other player sees that a card lies face down on a space, whether it moves and "
        "where; never its name, the buff it got for being placed face down, its statuses or "
        "the damage on it",
        ruling=21,
    ),
    arrive_face_down=(
        FaceDown(
            frozenset(f"{f}{r}" for r in range(1, 6) for f in "abcde"),
            lambda card: card.type in ("trap", "stone"),
            "a Trap or the Mystic Stone",
            Source("wota.txt", "Traps and Mystic Stones must always be placed face down."),
        ),
    ),
)

# -- ARC-mage ------------------------------------------------------------------------------------

_ARC_RESOURCES = tuple(
    f"res_{f}" for f in ("gaian", "dark_legion", "red_banner", "house_of_nobles", "empire")
)
_ARC_SET_ASIDE = Source(
    "arcmage.md",
    "the sacrificed pile and the tokens set aside are seen by every player",
    ruling=85,
)
ARCMAGE = Statement(
    "arcmage",
    {
        "hand": Zone(
            Who.HELD,
            Source(
                "arcmage.txt",
                "Each player then draws 7 cards from his/her deck, to hold in hand (not showing "
                "to the other players).",
            ),
        ),
        "deck": Zone(
            Who.SECRET,
            Source(
                "arcmage.txt",
                "The deck is shuffled at the start of the game, so you seldom know what cards "
                "you might draw.",
            ),
        ),
        "unbuilt": Zone(
            Who.HELD,
            Source(
                "arcmage.txt",
                "Before playing the game, each player selects the three cities from his/her deck "
                "and puts them in a separate stack on the table in the Kingdom area, face down.",
            ),
        ),
        **_zones(
            _ARC_RESOURCES,
            Who.FACE_DOWN,
            Source(
                "arcmage.txt",
                "During the Draw and Resources phase, you can put a card from your hand face "
                "down on the table and turn it into a resource card.",
            ),
        ),
        "graveyard": Zone(
            Who.PUBLIC,
            Source(
                "arcmage.txt",
                "All cards in the graveyard are to remain face up, and any player may search "
                "through any player's graveyard at any time.",
            ),
        ),
        "army": Zone(
            Who.PUBLIC,
            Source(
                "arcmage.txt",
                "Creatures that will help launch an attack or defend against enemy attacks must "
                "be in your Army area, face up.",
            ),
        ),
        **_zones(
            (f"city{i}" for i in range(1, 7)),
            Who.PUBLIC,
            Source(
                "arcmage.txt",
                "A city belongs to a faction, and is to be placed in your Kingdom area, face up, "
                "visible to all players.",
            ),
        ),
        "stack": Zone(
            Who.PUBLIC,
            Source(
                "arcmage.txt",
                "When an event card is played (cast), its effects are not taken into account "
                "immediately; the opponent is given the chance to react and play an Event card "
                "in response.",
            ),
        ),
        **_zones(("removed", "tokens"), Who.PUBLIC, _ARC_SET_ASIDE),
    },
    # No card lies face down anywhere else: the resource cards' zones say it of them all
    # (a stolen one too: "the card keeps lying face down, as it was, in the thief's pile of
    # that faction, and its owner still knows what it is", ruling 55).
)

# -- EoC -------------------------------------------------------------------------------------------

EOC = Statement(
    "eoc",
    {
        "hand": Zone(Who.HELD, Source("eoc.txt", "Reveal your hand to your opponent.")),
        "deck": Zone(Who.SECRET, Source("eoc.txt", "Shuffle your deck.")),
        "vanquisher": Zone(
            Who.PUBLIC, Source("eoc.txt", "Play your Vanquisher on the field in Stage 1.")
        ),
        **_zones(
            ("graveyard", "banished", "pool", "creatures", "spells"),
            Who.PUBLIC,
            Source(
                "eoc.md",
                "the creatures, spells and Essence Pool on the field, the Graveyard and the "
                "banished cards are seen by both players",
                ruling=24,
            ),
        ),
    },
)

# -- C.O.E -----------------------------------------------------------------------------------------

COE = Statement(
    "coe",
    {
        "hand": Zone(Who.HELD, Source("coe.md", "a hand is seen by its player alone", ruling=64)),
        "deck": Zone(
            Who.SECRET,
            Source(
                "coe.txt",
                "Players must declare that they are invoking Scenario Pardon and show their "
                "opponent the scenario that they pull from their deck.",
            ),
        ),
        "resources": Zone(
            Who.PUBLIC,
            Source(
                "coe.txt",
                "Resources are played at the bottom of the battlefield face up and upside "
                "down(In the resources zone) so that the worth of the card appears up-right "
                "relative to its owner's view.",
            ),
        ),
        "scenarios": Zone(
            Who.PUBLIC,
            Source(
                "coe.txt",
                "Both players share the Scenario Zone.",
            ),
        ),
        **_zones(
            ("archive", "party", "leader", "support", "characters", "arsenal", "played"),
            Who.PUBLIC,
            Source(
                "coe.md",
                "the champions of the party area, every card on the field but a Conjure set "
                "face down, the cards being played and the archive are seen by both players",
                ruling=64,
            ),
        ),
    },
    face_down=Source(
        "coe.md",
        "the opponent sees that a card was set and which resources rested, not its name",
        ruling=52,
    ),
    arrive_face_down=(
        FaceDown(
            frozenset({"arsenal"}),
            lambda card: bool(getattr(card, "conjure", False)),
            "a Conjure",
            Source(
                "coe.md",
                "a Conjure is set face down in the arsenal zone in its owner's Preparation Phase",
                ruling=52,
            ),
        ),
    ),
)

STATEMENTS: dict[str, Statement] = {
    "ewc": EWC,
    "wota": WOTA,
    "arcmage": ARCMAGE,
    "arcmage_giant": ARCMAGE,
    "arcmage_aminduna": ARCMAGE,
    "eoc": EOC,
    "coe": COE,
}


def statement(game: Game) -> Statement:
    """The statement of ``game`` (a team format: its game's); a game nobody wrote one for
    fails here, by name."""
    found = STATEMENTS.get(game.id)
    assert found is not None, (
        f"{game.id}: no statement of what its rulebook makes private "
        "(add it to tests/games/private_zones.py)"
    )
    return found


def unclassified(game: Game) -> list[str]:
    """The zones ``game`` declares that its statement does not classify."""
    zones = statement(game).zones
    return [name for name in game.zones if name not in zones]


# -- who may identify what ------------------------------------------------------------------


class Finding(NamedTuple):
    """One thing a seat may identify that the statement keeps from it: the rule broken
    (a :class:`Who` name, ``NAMED`` or ``ARRIVED``) and what happened."""

    rule: str
    text: str


NAMED = "NAMED"  # a card's name elsewhere in a view
ARRIVED = "ARRIVED"  # a card the rules lay face down arrived face up


class Private(NamedTuple):
    """Why a seat may not identify a card: the kind of rule (a :class:`Who`; ``PUBLIC``
    for a card lying face down in a public zone) and the rule in words, with its sentence."""

    who: Who
    why: str


def private_to(state: GameState, seat: int, stated: Statement | None = None) -> dict[int, Private]:
    """The cards the statement says ``seat`` may not identify in ``state``, each with why,
    whatever the game declares. A zone the statement does not classify, or a card face
    down in a game whose statement lays none face down, raises AssertionError naming it."""
    stated = stated or statement(state.game)
    cards = state.cards
    out: dict[int, Private] = {}
    for (owner, name), ids in state.zones.items():
        rule = stated.zones.get(name)
        assert rule is not None, (
            f"{state.game.id}: zone {name!r} is classified nowhere in the statement of what "
            "its rulebook makes private (tests/games/private_zones.py)"
        )
        if not ids:
            continue
        who = rule.who
        if who is Who.SECRET or (who is Who.HELD and owner != seat):
            why = Private(who, f"{name} ({who.value}; {rule.source})")
            for cid in ids:
                out[cid] = why
        elif who is Who.FACE_DOWN:
            why = Private(who, f"{name} ({who.value}; {rule.source})")
            for cid in ids:
                if cards[cid].owner != seat:
                    out[cid] = why
        elif who is Who.PUBLIC:
            for cid in ids:
                inst = cards[cid]
                if inst.face_down and inst.owner != seat:
                    assert stated.face_down is not None, (
                        f"{state.game.id}: {inst.card.name} lies face down in {name}, and the "
                        "statement cites no rule that lays a card face down in this game"
                    )
                    out[cid] = Private(who, f"face down in {name} ({stated.face_down})")
    return out


def searched(state: GameState, seat: int) -> frozenset[int]:
    """Cards of ``seat``'s own deck the game shows it while it searches that deck
    (``Game.shown``): the one use of ``shown`` allowed, and only for the seat's own deck."""
    shown = state.game.shown(state, seat)
    if not shown:
        return frozenset()
    deck = set(state.zones.get((seat, "deck"), ()))
    return frozenset(cid for cid in shown if cid in deck)


class Watch:
    """Follows one real game (applied in place, as ``Match`` does) and says, after each
    action, what each seat may identify by the statement: cards where the statement makes
    them public to it, and cards it was shown since (by an event it read that ``reveals``
    them, or by a look at them in public) that have not gone where a shuffle may have
    changed them. Keeps ``state.journal`` for that (see ``engine.knowledge``)."""

    def __init__(self, state: GameState, events: Sequence[Event] = ()):
        self.stated = statement(state.game)
        self.known: list[dict[int, Any]] = [{} for _ in range(state.seats)]
        state.journal = set()
        self.observe(state, events)

    def may_identify(self, state: GameState, seat: int, private: Mapping[int, Private]) -> set[int]:
        """Of the cards the statement makes private to ``seat``, those it may identify all
        the same: shown to it since, or searched for in its own deck."""
        known = self.known[seat]
        return {cid for cid in private if cid in known} | set(searched(state, seat))

    def observe(self, state: GameState, events: Sequence[Event]) -> None:
        """Take in one action's events and the state after it."""
        moved = state.journal or set()
        cards = state.cards
        for seat in range(state.seats):
            known = self.known[seat]
            for cid in [
                c
                for c, card in known.items()
                if c in moved or c not in cards or cards[c].card is not card
            ]:
                del known[cid]
            for event in events:
                if event.reveals and event.visible_to(seat):
                    for cid in event.reveals:
                        if cid in cards:
                            known[cid] = cards[cid].card
            private = private_to(state, seat, self.stated)
            for cid, inst in cards.items():
                if cid not in private:
                    known[cid] = inst.card
        state.journal = set()

    # -- the checks ------------------------------------------------------------------------

    def view_problems(self, state: GameState, seat: int) -> list[Finding]:
        """Where ``view(state, seat)`` lets ``seat`` identify a card the statement keeps
        from it: the card shown in the view (neither ``HIDDEN`` nor a stand-in that names no
        real card, the same stand-in everywhere), or its name anywhere else in the view (the
        game's data, the prompts, the effects waiting, the lasting modifiers) while no card
        the seat may identify bears that name."""
        game = state.game
        seen = view(state, seat)
        private = private_to(state, seat, self.stated)
        allowed = self.may_identify(state, seat, private)
        real_names = set(game.card_set().cards)
        found: list[Finding] = []
        stand_ins: set[int] = set()
        for cid, (who, why) in private.items():
            if cid in allowed:
                continue
            shown = seen.cards[cid].card
            if shown is HIDDEN:
                continue
            if game.stand_in(shown) and shown.name not in real_names:
                stand_ins.add(id(shown))
                if len(stand_ins) == 1:
                    continue
            found.append(
                Finding(
                    who.name,
                    f"seat {seat + 1} identifies #{cid} ({state.cards[cid].card.name}) in its "
                    f"view, a card in {why}",
                )
            )
        secret = {state.cards[cid].card.name for cid in private if cid not in allowed}
        secret -= {inst.card.name for cid, inst in state.cards.items() if cid not in private}
        secret -= {state.cards[cid].card.name for cid in allowed}
        if secret:
            pattern = re.compile(
                "|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in sorted(secret, key=len)[::-1])
            )
            parts = (
                ("the game's data", seen.data),
                ("the prompts", seen.prompts),
                ("the effects waiting", seen.pending),
                ("the lasting modifiers", seen.lasting),
                ("the seat names", seen.seat_names),
            )
            for part, value in parts:
                for text in _strings(value):
                    hit = pattern.search(text)
                    if hit:
                        found.append(
                            Finding(
                                NAMED,
                                f"seat {seat + 1}'s view names {hit.group(0)!r}, a card it may "
                                f"not identify, in {part}: {text[:120]!r}",
                            )
                        )
                        break
        return found

    def arrival_problems(self, state: GameState, before: Mapping[int, tuple]) -> list[Finding]:
        """Cards the rules lay face down that arrived face up (``before``: each card
        instance's zone before the action, by ``id()``, from :func:`zones_by_instance`)."""
        problems = []
        for rule in self.stated.arrive_face_down:
            for inst in state.cards.values():
                if inst.zone[1] not in rule.zones or inst.face_down:
                    continue
                came = before.get(id(inst))
                if came is not None and came[1] in rule.zones:
                    continue  # it was there already (and may have been revealed since)
                if rule.cards(inst.card):
                    problems.append(
                        Finding(
                            ARRIVED,
                            f"{inst.card.name} (#{inst.id}), {rule.what}, arrived face up in "
                            f"{inst.zone[1]} ({rule.source})",
                        )
                    )
        return problems


def zones_by_instance(state: GameState) -> dict[int, tuple]:
    """Where each card instance lies, by ``id()`` (a shuffle moves instances between card
    ids, so the instance, not the id, is the card)."""
    return {id(inst): inst.zone for inst in state.cards.values()}


def private_or_hidden(watch: Watch | None = None) -> Callable[[GameState, int], set[int]]:
    """For the possible-worlds check: the cards to redeal for ``seat`` are those the game
    hides from it (``hidden_from``) and those the statement makes private to it, less the
    ones it may identify all the same (see :meth:`Watch.may_identify`; with no watch, only
    the searched ones)."""
    from tabletop.engine.invariants import hidden_from

    def hidden(state: GameState, seat: int) -> set[int]:
        private = private_to(state, seat)
        if watch is not None:
            mine = watch.may_identify(state, seat, private)
        else:
            mine = set(searched(state, seat))
        return hidden_from(state, seat) | (set(private) - mine)

    return hidden


def _strings(value: Any, depth: int = 0, seen: set[int] | None = None) -> Iterable[str]:
    """Every string in ``value`` and what it holds (tuples, lists, sets, dicts, slotted or
    plain objects), and the name of every card definition in it."""
    if seen is None:
        seen = set()
    if isinstance(value, str):
        yield value
        return
    if value is None or isinstance(value, (int, float, bool, Enum)) or depth > 12:
        return
    if id(value) in seen or isinstance(value, (GameState, Game, type)) or callable(value):
        return
    seen.add(id(value))
    if isinstance(value, BaseModel):  # a card definition: its name tells it
        name = getattr(value, "name", None)
        if isinstance(name, str):
            yield name
        return
    if isinstance(value, Mapping):
        items: Iterable[Any] = (x for kv in value.items() for x in kv)
    elif isinstance(value, (tuple, list, set, frozenset)):
        items = value
    else:
        slots = [s for cls in type(value).__mro__ for s in getattr(cls, "__slots__", ())]
        attrs = [getattr(value, s, None) for s in slots]
        attrs += list(getattr(value, "__dict__", {}).values())
        items = attrs
    for item in items:
        yield from _strings(item, depth + 1, seen)


def play_watching(
    game: Game,
    seed: int,
    seats: int,
    max_actions: int = 600,
    respond_odds: float = 0.1,
    decks: Sequence[DeckList] | None = None,
) -> tuple[int, list[Finding]]:
    """Play one seeded random game of ``seats`` (the game's ready-made decks drawn by seed,
    or ``decks``) under a :class:`Watch`, looking at every seat's view after every action;
    returns the number of actions played and what the watch found, each finding with the
    seed and the last actions."""
    match = Match(game, decks or pick_decks(game, seats, seed), seed)
    state = match.state
    watch = Watch(state, match.setup_events)
    rng = random.Random(seed)
    found: list[Finding] = []

    def look(new: list[Finding]) -> None:
        last = ", ".join(match.record.actions[-4:]) or "setup"
        found.extend(Finding(f.rule, f"{game.id} seed {seed}, after {last}: {f.text}") for f in new)

    for seat in range(seats):
        look(watch.view_problems(state, seat))
    played = 0
    while not state.over and state.turn <= game.turn_cap() and played < max_actions:
        interrupts = responses(state)
        if interrupts and rng.random() < respond_odds:
            action = rng.choice(interrupts)
        else:
            action = rng.choice(legal_actions(state))
        before = zones_by_instance(state)
        watch.observe(state, match.apply(action))
        played += 1
        look(watch.arrival_problems(state, before))
        for seat in range(seats):
            look(watch.view_problems(state, seat))
    return played, found
