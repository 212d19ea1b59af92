"""What a game package gives the engine: its zones, its phase table, its windows, its moves.

The shape follows boardgame.io: a game is a set of *moves* (one per action kind) and a
table of *phases*, each naming the moves it allows and what happens on entering and
leaving it. Automatic phases advance by themselves. *Windows* are the one mechanism for
"seat X may respond now, or pass" (and for choices the rules put to a seat mid-turn).

A move is three functions:

* ``generate(state, seat)`` yields the candidate actions (it may over-generate);
* ``check(state, action)`` returns ``None`` when the action is legal, or the reason it is
  not, in the rulebook's words; it never changes the state;
* ``execute(state, action, events)`` carries it out and appends events.

``legal_actions`` is ``generate`` filtered by ``check``, so a reason and a legal move can
never disagree. A move whose ``generate`` yields only legal actions may say so (``exact``)
and skip the second look; ``legal_actions(state, verify=True)``, which the tests and the
fuzzer use, still checks every one of them.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import Action
from .cards import CardModel, CardSet, DeckList, check_deck, load_card_set
from .events import Event, counted
from .state import GameState, Prompt, ZoneSpec

Events = list[Event]
Hook = Callable[[GameState, Events], None]


@dataclass(frozen=True)
class Phase:
    name: str
    title: str  # as the rulebook calls it: "Training Phase"
    actions: frozenset[str] = frozenset()  # the action kinds this phase allows
    auto: bool = False  # advances by itself once entered
    enter: Hook | None = None
    exit: Hook | None = None
    next: str | Callable[[GameState], str] = ""
    forbids: Mapping[str, str] = field(default_factory=dict)  # kind -> the rule forbidding it
    in_turn: bool = True  # one of the phases of a turn (drawn on the phase bar)


@dataclass(frozen=True)
class Window:
    """A decision open to one seat in the middle of something else."""

    name: str
    title: str  # what the seat is asked: "Respond to the attack on Kael"
    actions: frozenset[str]  # the kinds allowed while it is open (besides "pass")
    can_pass: bool = True
    on_pass: Callable[[GameState, Prompt, Events], None] | None = None
    # Why the seat may not pass now, in a window it may pass at other times (None: it
    # may): a pick from its own hidden cards that must be made when there is something to
    # take. The window (and its name) is the same either way, so the other seats cannot
    # tell; only the seat asked learns the answer, from what it may see.
    pass_refused: Callable[[GameState, Prompt], str | None] | None = None


@dataclass(frozen=True)
class SeatValue:
    """A number of a seat's that scenario files may set and check: a Hero's Life, the
    Training Points in the pool, the Mystic Stone's Health."""

    about: str
    get: Callable[[GameState, int], int]
    put: Callable[[GameState, int, int], None]  # raises ValueError for a value out of range


@dataclass(frozen=True)
class TurnMark:
    """Something a card has done or been given this turn, that scenario files may place and
    check: it has made its attack, its once-a-turn ability is used, a boost until the end of
    the turn. A number: 1 for done (0 for not), or a boost's amount."""

    about: str
    get: Callable[[GameState, int], int]  # (state, card id)
    put: Callable[[GameState, int, int], None]  # raises ValueError for a value it cannot be


def lasting_mark(
    stat: str,
    about: str,
    amount: int | None = None,
    refuse: Callable[[GameState, int], str | None] | None = None,
) -> TurnMark:
    """A mark the game keeps as a modifier of the card's own until the end of the turn
    (``engine.abilities``: ``Modifier(card, stat, n, card, TURN)``). ``amount``: the
    modifier's fixed amount, for a mark that is only on or off (a used ability, a
    permission taken away); otherwise the mark's number is the amount (a boost).
    ``refuse``: why a card cannot carry the mark (it has no second skill), or None."""
    from . import abilities as ab

    def get(state: GameState, cid: int) -> int:
        n = sum(m.amount for m in state.lasting if m.target == cid and m.stat == stat)
        return int(n != 0) if amount is not None else n

    def put(state: GameState, cid: int, n: int) -> None:
        if amount is not None and n not in (0, 1):
            raise ValueError(f"{about}: 1 (yes) or 0 (no), not {n}")
        why = refuse(state, cid) if refuse is not None and n else None
        if why:
            raise ValueError(why)
        state.lasting = tuple(m for m in state.lasting if not (m.target == cid and m.stat == stat))
        if n:
            ab.add(state, ab.Modifier(cid, stat, n if amount is None else amount, cid, ab.TURN))

    return TurnMark(about, get, put)


def member_mark(attr: str, about: str) -> TurnMark:
    """A mark the game keeps as a card's id in a set of its own data (``state.data.<attr>``,
    a set or a frozenset)."""

    def get(state: GameState, cid: int) -> int:
        return int(cid in getattr(state.data, attr))

    def put(state: GameState, cid: int, n: int) -> None:
        if n not in (0, 1):
            raise ValueError(f"{about}: 1 (yes) or 0 (no), not {n}")
        ids = getattr(state.data, attr)
        setattr(state.data, attr, ids | {cid} if n else ids - {cid})

    return TurnMark(about, get, put)


def seat_flag(attr: str, about: str) -> SeatValue:
    """A seat value that is a yes (1) or no (0) the game keeps per seat in its own data
    (``state.data.<attr>[seat]``): a Spell cast this turn, a resource built."""

    def put(state: GameState, seat: int, n: int) -> None:
        if n not in (0, 1):
            raise ValueError(f"{about}: 1 (yes) or 0 (no), not {n}")
        getattr(state.data, attr)[seat] = bool(n)

    return SeatValue(about, lambda state, seat: int(getattr(state.data, attr)[seat]), put)


@dataclass(frozen=True)
class Move:
    kind: str
    generate: Callable[[GameState, int], Iterable[Action]]
    check: Callable[[GameState, Action], str | None]
    execute: Callable[[GameState, Action, Events], None]
    wrong_phase: str = ""  # the rule, when the current phase does not allow this kind
    out_of_turn: str = ""  # the rule, when a seat that is not to act tries it
    exact: bool = False  # generate yields only legal actions (verified by tests and fuzzing)


class Game:
    """Base class of every game. Subclasses fill in the class attributes and hooks."""

    id: str = ""
    name: str = ""
    tagline: str = ""  # one line saying what makes the game itself
    # A way of playing another game (its team formats, say): listed under that game's id,
    # on its mode screen, not among the games.
    variant_of: str | None = None
    min_seats: int = 2
    max_seats: int = 2
    zones: Mapping[str, ZoneSpec] = {}
    phases: Mapping[str, Phase] = {}
    windows: Mapping[str, Window] = {}
    moves: Mapping[str, Move] = {}

    # Where the rules let a player act at any time, even in another player's turn ("play a
    # Spell at any time during your turn or your opponent's"): the window a seat that is not
    # to act opens by answering (the core's ``respond`` action). None: players act only when
    # the rules ask them.
    respond_window: str | None = None

    # How many of its own further decisions the greedy bot looks at inside a window it is
    # answering (1: it weighs "pass now" against what it could still do there; a game whose
    # windows hold many small steps, such as assigning defenders one by one, says 0).
    window_lookahead: int = 1

    # Counters a card may carry below zero (a War of the Arcane buff of -1 attack); any other
    # counter is a count, and a negative one is a broken position (see ``card_problems``).
    signed_counters: frozenset[str] = frozenset()

    card_model: type[CardModel] = CardModel
    _card_set: CardSet | None = None

    def wire_types(self) -> tuple[type, ...]:
        """The game's own classes a view of its state holds (its ``state.data`` and what that
        holds: a combat, a pool, the models of effects), which a view sent to a player on
        another computer may carry (``tabletop.net.codec``): any other is refused."""
        return ()

    def __init__(
        self,
        evaluator: Callable[[GameState, int], float] | None = None,
        moves: Mapping[str, Move] | None = None,
    ):
        """``evaluator`` judges positions for the bots (see :meth:`evaluate`); ``moves``
        are added to the class's own, for moves written on top of the rules that the
        rules' module cannot import (they import it)."""
        self.evaluator = evaluator
        if moves:
            self.moves = {**type(self).moves, **moves}

    # -- card data --------------------------------------------------------------------
    def cards_path(self) -> Path:
        """The folder of this game's card files and ``decks/``."""
        raise NotImplementedError

    def card_set(self) -> CardSet:
        """The game's cards and ready-made decks, loaded and validated once (raises
        :class:`~tabletop.engine.cards.CardDataError` naming every problem)."""
        if self._card_set is None:
            self._card_set = load_card_set(
                self.id, self.cards_path(), self.card_model, self.deck_rules, self.set_rules
            )
        return self._card_set

    # The game's card-schema module, when its set and deck rules live there as
    # ``check_set(cards)`` and ``deck_problems(deck, cards)``: the two methods below ask it.
    schema: Any = None

    def set_rules(self, cards: Mapping[str, Any]) -> list[str]:
        """Problems that tie cards together (a card naming one that does not exist)."""
        return self.schema.check_set(cards) if self.schema is not None else []

    def deck_rules(self, deck: DeckList, cards: Mapping[str, Any]) -> list[str]:
        """Why a deck of known cards is not legal for this game (empty when it is)."""
        if self.schema is None:
            raise NotImplementedError
        return self.schema.deck_problems(deck, cards)

    def validate_deck(self, deck: DeckList) -> list[str]:
        """Why a deck is not legal for this game, with these cards (empty when it is)."""
        return check_deck(deck, self.card_set().cards, self.deck_rules)

    def deck_summary(self, deck: DeckList) -> str:
        """A deck in a few true words, for choosing it (its face card, its make-up): by
        default the number of cards of each type, the most first."""
        cards = self.card_set().cards
        kinds: dict[str, int] = {}
        for name, n in deck.cards.items():
            card = cards.get(name)
            if card is not None:
                kinds[card.type] = kinds.get(card.type, 0) + n
        return ", ".join(
            counted(n, kind) for kind, n in sorted(kinds.items(), key=lambda kv: -kv[1])
        )

    def card_cost(self, card: Any) -> int | None:
        """What a card costs to play, as one number for a deck's cost curve (None: it is not
        played for a cost, or the game has no costs): by default its ``cost`` if a number."""
        cost = getattr(card, "cost", None)
        return cost if isinstance(cost, int) and not isinstance(cost, bool) else None

    def card_facts(self, card: Any) -> tuple[tuple[str, str], ...]:
        """What the deck builder shows of a card and filters by, as (heading, value) pairs
        ("Type", "Creature"), ("Cost", "3"): by default its type and its cost."""
        facts = [("Type", card.type.replace("_", " ").capitalize())]
        cost = self.card_cost(card)
        if cost is not None:
            facts.append(("Cost", str(cost)))
        return tuple(facts)

    def deck_details(self, deck: DeckList) -> str:
        """More about a deck than :meth:`deck_summary` says, for the deck builder (what a
        deck of the game is built around): none by default."""
        return ""

    def card_note(self, card: Any) -> str:
        """A line the deck builder shows under a card read large, if the game has one to
        say (that its text is played by hand, say): none by default."""
        return ""

    # -- the game -----------------------------------------------------------------------
    def check_decks(self, decks: Sequence[DeckList]) -> None:
        """Refuse a game with the wrong number of seats or an illegal deck (ValueError)."""
        if not self.min_seats <= len(decks) <= self.max_seats:
            seats = (
                f"{self.min_seats}"
                if self.min_seats == self.max_seats
                else f"{self.min_seats} to {self.max_seats}"
            )
            raise ValueError(f"{self.name} is played by {seats} players")
        for deck in decks:
            problems = self.validate_deck(deck)
            if problems:
                raise ValueError(f"deck {deck.name!r} is not legal: " + "; ".join(problems))

    def new_game(
        self, decks: Sequence[DeckList], seed: int, events: Events | None = None
    ) -> GameState:
        """Set up a game, one deck per seat, up to the first decision; what setup did is
        appended to ``events`` when given."""
        raise NotImplementedError

    def winner(self, state: GameState) -> tuple[int, ...] | None:
        """The winning seats once the game is decided, ``()`` for a draw, else ``None``."""
        raise NotImplementedError

    def ending(self, state: GameState) -> str:
        """Why the game just ended, in words every seat may read, without a full stop
        ("Kael's Life reached 0", "Player 2's last city fell"): asked once :meth:`winner`
        has decided the game, and told before the winners are. Empty: no reason given."""
        return ""

    def out(self, state: GameState) -> frozenset[int]:
        """The seats that are out while the others play on (three or four players: a
        defeated seat's area greys out, and the game-over screen ranks seats by when they
        went out). No seat by default: a game of two ends as one is defeated."""
        return frozenset()

    def seat_team(self, seat: int, seats: int) -> str:
        """The team a seat plays on in a game of ``seats``, in words, for choosing decks
        ("Team A", "The overlord"); empty: every seat on its own."""
        return ""

    def to_act(self, state: GameState) -> int:
        prompt = state.top_prompt
        return prompt.seat if prompt is not None else state.active

    def concede(self, state: GameState, seat: int, events: Events) -> None:
        """``seat`` gives up. By default every other seat wins; a game with more than two
        seats may instead take that seat out and play on."""
        end_game(state, tuple(s for s in range(state.seats) if s != seat), events, "by concession")

    def shown(self, state: GameState, seat: int) -> frozenset[int]:
        """Cards in zones hidden from ``seat`` that the rules show it for now (the cards a
        player may take while searching its deck); :func:`~.core.can_see` counts them as
        seen. None by default."""
        return frozenset()

    def respond_problem(self, state: GameState, seat: int) -> str | None:
        """Why ``seat``, which is not to act, may not interrupt now (None: it may). Built only
        from what every seat can see (the phase, an open window, what the seat has already
        done this turn), never from the cards it holds: the offer is shown to everyone."""
        return None

    def view_data(self, state: GameState, seat: int) -> None:
        """Hide whatever the game keeps in ``state.data`` that ``seat`` may not see."""

    def deal_group(self, state: GameState, seat: int, inst: Any) -> Any:
        """Which cards hidden from ``seat`` could be one another, as ``seat`` knows the game:
        cards of the same group may trade identities in a possible world (see
        :func:`~tabletop.engine.invariants.redeal`); None keeps this card's identity (a card
        the rules let ``seat`` know). By default a seat's held cards (hand, deck) form one
        group and its face-down cards in play another."""
        return (inst.owner, "down" if inst.face_down else "held")

    def could_be(self, state: GameState, seat: int, inst: Any, card: Any) -> bool:
        """Whether the hidden card ``inst`` could be ``card``, as ``seat`` knows the game
        (an unbuilt city only a city). Asked once per group of :meth:`deal_group`, so it
        must not tell apart cards of one group. Any card, by default."""
        return True

    def stand_in(self, card: Any) -> bool:
        """Whether ``card``, in a view, stands in for a card the seat cannot see (a game
        whose view puts a made-up card where a hidden one is says so; ``HIDDEN`` always
        does)."""
        return False

    def deal_pool(self) -> Sequence[Any]:
        """The cards a deck nobody has seen could hold: by default every card of the
        game's ready-made decks."""
        card_set = self.card_set()
        names = sorted(
            {
                n
                for key, deck in card_set.decks.items()
                if key not in card_set.imported
                for n in deck.cards
            }
        )
        return [card_set.cards[n] for n in names]

    def redealt(self, state: GameState) -> None:
        """Cards of ``state`` have traded identities (a possible world): bring the game's own
        data in line with them (an index of where a card of a kind is, a cache)."""

    # -- abilities (see engine.abilities) ---------------------------------------------------
    def listeners(self, state: GameState, trigger: str) -> Sequence[Any]:
        """The triggered abilities waiting for ``trigger`` on cards in play, as
        :class:`~.abilities.Listener` values, in the order they resolve."""
        return ()

    def react(self, state: GameState, listener: Any, happening: Any, events: Events) -> None:
        """Resolve one listener's ability, answering ``happening``."""

    def continuous(self, state: GameState) -> Sequence[Any]:
        """Every modifier the always-on effects of the cards in play make now, as
        :class:`~.abilities.Modifier` values, computed from their sources (never kept in the
        state; a game may remember them until what they come from changes)."""
        return ()

    def continuous_on(self, state: GameState, card: int) -> Sequence[Any]:
        """The continuous modifiers on one card (a game that indexes them by card answers
        without going through them all)."""
        return [m for m in self.continuous(state) if m.target == card]

    def in_play(self, state: GameState, card: int) -> bool:
        """Whether ``card`` is in play, for modifiers that last while their source is."""
        return False

    def evaluate(self, state: GameState, seat: int) -> float:
        """How good the position is for ``seat`` (for the bots); higher is better. The
        game's package gives the function (``evaluator``) when it makes the game object:
        it reads the rules, so the rules module cannot import it."""
        if self.evaluator is None:
            raise NotImplementedError(f"{self.name or type(self).__name__} has no evaluator")
        return self.evaluator(state, seat)

    def table(self) -> Any:
        """The game's :class:`~tabletop.tablespec.TableSpec` (layout, faces, gestures): by
        convention ``TABLE`` in the game package's ``table`` module, loaded when first asked
        (headless runs never load it)."""
        package = type(self).__module__.rsplit(".", 1)[0]
        return importlib.import_module(".table", package).TABLE

    def invariants(self, state: GameState) -> list[str]:
        """What is wrong with ``state`` by this game's rules (counts and totals out of their
        ranges...); empty when all is well. The fuzzer checks it after every action."""
        return []

    # -- scenario files ---------------------------------------------------------------------
    def seat_values(self) -> Mapping[str, SeatValue]:
        """The per-seat numbers a scenario may set and check, by name."""
        return {}

    def turn_marks(self) -> Mapping[str, TurnMark]:
        """What a card may have done or been given this turn (an attack made, an ability
        used once a turn, a boost until the end of the turn), by name, that a scenario may
        place on a card and check: set after :meth:`scenario_ready`."""
        return {}

    def scenario_ready(self, state: GameState) -> None:
        """A scenario has set a position (cards placed, phase, turn and active seat set):
        bring the game's own bookkeeping in line with it (indexes, setup flags).

        ``state.phase`` may be a setup step (keeping hands, placing cards, founding cities,
        the roll for the first player): then the seats that come before the active one in
        that step's order have done it and the others have not, and the first player is
        not known before the step that decides it. A phase that plays itself (a roll, a
        coin) is played out by the scenario after this hook, as the game would on
        entering it."""

    def turn_cap(self) -> int:
        """A turn count past which self-play calls the game a draw."""
        return 200


def end_game(
    state: GameState, winners: tuple[int, ...], events: Events, how: str = "", why: str = ""
) -> None:
    """The game is over: ``winners`` win (none: a draw). ``how`` ends the announcement ("by
    concession"); ``why``, the rule that decided it in words every seat may read ("Kael's
    Life reached 0"), is told first, as an ``ended`` event (what the game-over screen
    shows)."""
    if why:
        events.append(Event("ended", why[0].upper() + why[1:] + "."))
    state.over = True
    state.winners = winners
    state.prompts = ()
    if winners:
        names = " and ".join(state.seat_names[s] for s in winners)
        text = f"{names} {'win' if len(winners) > 1 else 'wins'} the game"
    else:
        text = "The game is a draw"
    events.append(Event("win", text + (f" {how}" if how else "") + ".", value=winners))


def pick_decks(
    game: Game, seats: int, seed: int, names: Sequence[str] | None = None
) -> list[DeckList]:
    """The decks for one game: as named, or the game's ready-made decks (not the player's
    imported ones) drawn by seed."""
    card_set = game.card_set()
    if names:
        return [card_set.deck(names[i % len(names)]) for i in range(seats)]
    ids = sorted(d for d in card_set.decks if d not in card_set.imported)
    rng = random.Random(seed)
    return [card_set.decks[rng.choice(ids)] for _ in range(seats)]


def side_by_side(state: GameState, seat: int, side: Callable[[GameState, int], float]) -> float:
    """A game's evaluation made of one ``side`` score per seat: a game over is won (+1e6),
    lost (-1e6) or drawn (0); otherwise the seat's side less each other seat's."""
    if state.over:
        if seat in state.winners:
            return 1e6
        return -1e6 if state.winners else 0.0
    return sum(side(state, seat) - side(state, s) for s in range(state.seats) if s != seat)
