"""The engine's public verbs: ``legal_actions``, ``check``, ``apply``, ``view``, ``winner``.

Every caller (the UI, the bots, the CLI, the replay loader, the tests) changes a game only
through :func:`apply`. It checks first and refuses with the rule's reason, so a refused
action never touches the state; after a legal action it runs automatic phases until a seat
has a decision to make or the game is over.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import Action, make
from .events import Event, Words
from .game import Events, Game, Move, end_game
from .rng import Rng
from .state import HIDDEN, GameState, Prompt, Visibility

END = "end"
PASS = "pass"
CONCEDE = "concede"  # any seat, at any moment; never offered by legal_actions
RESPOND = "respond"  # a seat that is not to act asks to answer now, where the rules allow it


class IllegalAction(Exception):
    """An action the rules refuse. ``reason`` names the rule, in the rulebook's words."""

    def __init__(self, reason: str, action: Action | None = None):
        super().__init__(reason)
        self.reason = reason
        self.action = action


# -- who acts, and what may they do ------------------------------------------------------------


def to_act(state: GameState) -> int | None:
    """The seat whose decision the game is waiting for (``None`` once it is over)."""
    if state.over:
        return None
    return state.game.to_act(state)


def allowed_kinds(state: GameState) -> frozenset[str]:
    """The action kinds the current phase or open window allows."""
    game = state.game
    prompt = state.top_prompt
    if prompt is not None:
        window = game.windows[prompt.name]
        return window.actions | {PASS} if window.can_pass else window.actions
    return game.phases[state.phase].actions


_NOW: dict[tuple, tuple[frozenset[str], tuple[str, ...]]] = {}


def _now(state: GameState) -> tuple[frozenset[str], tuple[str, ...]]:
    """The kinds allowed now, as a set and in a fixed order, worked out once per phase and
    window (the phase table never changes while a program runs)."""
    prompt = state.prompts[-1] if state.prompts else None
    key = (state.game.id, state.phase, prompt.name if prompt is not None else None)
    now = _NOW.get(key)
    if now is None:
        kinds = allowed_kinds(state)
        now = _NOW[key] = (kinds, tuple(sorted(kinds)))
    return now


class GeneratorError(AssertionError):
    """A move's generator offered an action its own check refuses."""


def legal_actions(state: GameState, verify: bool = False) -> list[Action]:
    """Every action the seat to act may take now.

    With ``verify``, every action an ``exact`` move generates is checked anyway, and one its
    check refuses raises :class:`GeneratorError` (tests and the fuzzer run this way)."""
    if state.over:
        return []
    game = state.game
    seat = game.to_act(state)
    out: list[Action] = []
    moves = game.moves
    for kind in _now(state)[1]:
        move = moves.get(kind) or _move(game, kind)
        if move is None:
            continue
        if move.exact and not verify:
            out.extend(move.generate(state, seat))
            continue
        check_ = move.check
        for action in move.generate(state, seat):
            reason = check_(state, action)
            if reason is None:
                out.append(action)
            elif move.exact:
                raise GeneratorError(f"{move.kind}: generated {action.exact()} but {reason}")
    state.offered = (state.moved, tuple(out))
    return out


def check(state: GameState, action: Action) -> str | None:
    """``None`` if ``action`` is legal now, else the reason it is refused."""
    game = state.game
    if state.over:
        return f"{game.name}: the game is over"
    move = _move(game, action.kind)
    if move is None:
        return f"{game.name}: there is no action called {action.kind!r}"
    if not 0 <= action.seat < state.seats:
        return f"{game.name}: there is no seat {action.seat + 1}"
    for cid in (*action.cards, *action.targets):
        if cid not in state.cards:
            return f"{game.name}: there is no card #{cid} in this game"
    if action.kind == CONCEDE:
        return None
    seat = game.to_act(state)
    if action.kind == RESPOND:
        return _respond_problem(state, action.seat, seat)
    prompt = state.top_prompt
    if action.seat != seat:
        if move.out_of_turn:
            return move.out_of_turn
        who = state.seat_names[seat]
        if prompt is not None:
            return f"{game.name}: waiting for {who} to answer: {game.windows[prompt.name].title}"
        return f"{game.name}: it is {who}'s turn to act"
    if action.kind not in _now(state)[0]:
        if prompt is not None:
            window = game.windows[prompt.name]
            if action.kind == PASS:
                return f"{game.name}: {window.title}: this must be answered; it cannot be passed"
            return f"{game.name}: first answer: {window.title}"
        phase = game.phases[state.phase]
        if action.kind == PASS:
            return f"{game.name}: there is nothing to pass on; end the phase instead"
        return (
            phase.forbids.get(action.kind)
            or move.wrong_phase
            or _answer_only(game, action.kind)
            or f"{game.name}, {phase.title}: you cannot {action.kind} now"
        )
    return move.check(state, action)


def _answer_only(game: Game, kind: str) -> str | None:
    """The refusal of a kind that only answers a question the game asks (a window), tried
    when nobody is asked it: which question it answers, in the window's own words."""
    if any(kind in phase.actions for phase in game.phases.values()):
        return None
    for window in game.windows.values():
        if kind in window.actions:
            return f"{game.name}: that answers a question not asked now: {window.title}"
    return None


class Quiet(list):
    """An events list that keeps nothing, for a look-ahead where nobody reads what happened:
    the events are dropped as they come (a game's own list of events it reads back is a
    plain list of its own)."""

    __slots__ = ()

    def append(self, event: Event) -> None:
        return None

    def extend(self, events) -> None:
        return None

    def insert(self, index, event: Event) -> None:
        return None

    def __iadd__(self, events):
        return self


def apply(state: GameState, action: Action, trusted: bool = False) -> list[Event]:
    """Carry out ``action`` on ``state`` (in place) and return what happened.

    Raises :class:`IllegalAction` with the rule's reason, leaving ``state`` untouched, if
    the action is not legal now. One of the very actions ``legal_actions`` offered for this
    position (no action carried out, no card moved since) is known to be legal already.

    ``trusted`` is the look-ahead's fast path, for an action the caller took from
    ``legal_actions(state)`` itself: the legality is not checked again, and the events are
    not kept (an empty list comes back)."""
    offered, state.offered = state.offered, None
    if trusted:
        events: Events = Quiet()
    else:
        if not (
            offered is not None
            and offered[0] == state.moved
            and any(a is action for a in offered[1])
        ):
            reason = check(state, action)
            if reason is not None:
                state.offered = offered  # refused: nothing changed
                raise IllegalAction(reason, action)
        events = []
    _move(state.game, action.kind).execute(state, action, events)  # type: ignore[union-attr]
    settle(state, events)
    return events


def responses(state: GameState) -> list[Action]:
    """The seats that may interrupt now (each as its ``respond`` action): players who are not
    to act but whom the rules let act at any time. Whether a seat may is worked out from
    what every seat can see, so offering it tells nobody what that seat holds."""
    if state.over or state.game.respond_window is None:
        return []
    seat = state.game.to_act(state)
    return [
        Action(RESPOND, s) for s in range(state.seats) if _respond_problem(state, s, seat) is None
    ]


def _respond_problem(state: GameState, seat: int, to_act_: int) -> str | None:
    game = state.game
    if game.respond_window is None:
        return f"{game.name}: a player answers only when the rules ask"
    if seat == to_act_:
        return f"{game.name}: it is your decision now; act, or pass"
    return game.respond_problem(state, seat)


def winner(state: GameState) -> tuple[int, ...] | None:
    """The winning seats once the game is over (``()`` for a draw), else ``None``."""
    return state.winners if state.over else None


# -- phases and windows, for the games' own code ---------------------------------------


def settle(state: GameState, events: Events) -> None:
    """Run automatic phases until a seat must decide or the game is over."""
    game = state.game
    for _ in range(10_000):
        if decide(state, events) or state.prompts:
            return
        phase = game.phases[state.phase]
        if not phase.auto:
            return
        next_phase(state, events)
    raise RuntimeError(f"{game.id}: automatic phases did not stop (phase {state.phase!r})")


def decide(state: GameState, events: Events) -> bool:
    """Whether the game is over, ending it (with the rule that decided it, as the game tells
    it) if its rules now say it is decided."""
    if state.over:
        return True
    result = state.game.winner(state)
    if result is None:
        return False
    end_game(state, result, events, why=state.game.ending(state))
    return True


def enter_phase(state: GameState, name: str, events: Events) -> None:
    """Leave the current phase (running its exit) and enter ``name`` (running its enter)."""
    game = state.game
    if state.phase:
        old = game.phases[state.phase]
        if old.exit is not None:
            old.exit(state, events)
    phase = game.phases[name]
    state.phase = name
    text = f"{state.seat_names[state.active]}: {phase.title}" if phase.in_turn else phase.title
    events.append(Event("phase", text, seat=state.active, value=(name,)))
    if phase.enter is not None:
        phase.enter(state, events)


def next_phase(state: GameState, events: Events) -> None:
    phase = state.game.phases[state.phase]
    following = phase.next(state) if callable(phase.next) else phase.next
    enter_phase(state, following, events)


def open_window(state: GameState, seat: int, name: str, events: Events, data: tuple = ()) -> None:
    """Ask ``seat`` to decide (respond, or pass) before anything else happens."""
    window = state.game.windows[name]
    state.prompts = (*state.prompts, Prompt(seat, name, data))
    events.append(
        Event("prompt", f"{state.seat_names[seat]}: {window.title}", seat=seat, value=(name,))
    )


def close_window(state: GameState) -> Prompt:
    prompt = state.prompts[-1]
    state.prompts = state.prompts[:-1]
    return prompt


def draw_cards(
    state: GameState, seat: int, count: int, events: Events, deck: str = "deck", hand: str = "hand"
) -> int:
    """Move up to ``count`` cards from the top of the seat's ``deck`` to its ``hand``, each
    with an event only that seat reads in full ("draws a card" for the others). Returns how
    many were drawn: fewer when the deck ran out, which each game's rules judge."""
    pile = state.zones[(seat, deck)]
    who = state.seat_names[seat]
    drawn = 0
    for _ in range(count):
        if not pile:
            break
        cid = pile[0]
        state.move(cid, (seat, hand))
        drawn += 1
        events.append(
            Event(
                "move",
                f"{who} draws {state.cards[cid].card.name}",
                seat=seat,
                cards=(cid,),
                value=((seat, deck), (seat, hand)),
                secret=f"{who} draws a card",
                seen_by=frozenset({seat}),
            )
        )
    return drawn


# -- the moves every game has ------------------------------------------------------------------


def _end_generate(state: GameState, seat: int) -> Iterator[Action]:
    yield Action(END, seat)


def _end_execute(state: GameState, action: Action, events: Events) -> None:
    next_phase(state, events)


def _pass_generate(state: GameState, seat: int) -> Iterator[Action]:
    if _pass_refused(state) is None:
        yield Action(PASS, seat)


def _pass_refused(state: GameState, action: Action | None = None) -> str | None:
    """Why the open window may not be passed now, though it may be at other times
    (:attr:`Window.pass_refused`)."""
    prompt = state.top_prompt
    if prompt is None:
        return None
    refused = state.game.windows[prompt.name].pass_refused
    return refused(state, prompt) if refused is not None else None


def _pass_execute(state: GameState, action: Action, events: Events) -> None:
    prompt = close_window(state)
    window = state.game.windows[prompt.name]
    events.append(Event("pass", f"{state.seat_names[prompt.seat]} passes", seat=prompt.seat))
    if window.on_pass is not None:
        window.on_pass(state, prompt, events)


def _no_reason(state: GameState, action: Action) -> str | None:
    return None


def _respond_execute(state: GameState, action: Action, events: Events) -> None:
    window = state.game.respond_window
    assert window is not None
    events.append(
        Event("respond", f"{state.seat_names[action.seat]} wants to answer", seat=action.seat)
    )
    open_window(state, action.seat, window, events)


def _concede_execute(state: GameState, action: Action, events: Events) -> None:
    events.append(Event("concede", f"{state.seat_names[action.seat]} concedes", seat=action.seat))
    state.game.concede(state, action.seat, events)


END_MOVE = Move(END, _end_generate, _no_reason, _end_execute)
PASS_MOVE = Move(PASS, _pass_generate, _pass_refused, _pass_execute)
CONCEDE_MOVE = Move(CONCEDE, lambda state, seat: iter(()), _no_reason, _concede_execute)
RESPOND_MOVE = Move(RESPOND, lambda state, seat: iter(()), _no_reason, _respond_execute)


def _move(game: Game, kind: str) -> Move | None:
    move = game.moves.get(kind)
    if move is not None:
        return move
    if kind == END:
        return END_MOVE
    if kind == PASS:
        return PASS_MOVE
    if kind == CONCEDE:
        return CONCEDE_MOVE
    if kind == RESPOND:
        return RESPOND_MOVE
    return None


# -- hidden information ------------------------------------------------------------------------


def can_see(state: GameState, seat: int | None, card_id: int) -> bool:
    """Whether ``seat`` may see which card ``card_id`` is (``None``: an onlooker sees all)."""
    if seat is None:
        return True
    inst = state.cards[card_id]
    owner, name = inst.zone
    vis = state.game.zones[name].visibility
    if vis is Visibility.HIDDEN:
        return card_id in state.game.shown(state, seat)
    if vis is Visibility.OWNER:
        return owner == seat or card_id in state.game.shown(state, seat)
    return not inst.face_down or inst.owner == seat


def who_sees(state: GameState, *card_ids: int) -> frozenset[int] | None:
    """The seats that may see which card each of ``card_ids`` is now; None when every seat
    may (the ``seen_by`` of an event that names them)."""
    seats = frozenset(s for s in range(state.seats) if all(can_see(state, s, c) for c in card_ids))
    return None if len(seats) == state.seats else seats


def card_name(state: GameState, card_id: int) -> str:
    """A card's name for the log and the refusals; where another seat's card of the same
    name lies face up in a public zone too (a mirror match), with its owner's: "Corvin
    Saltmarsh (Player 2's)". Read from public cards only, so it tells no seat anything."""
    inst = state.cards[card_id]
    name = inst.card.name
    if inst.face_down or state.game.zones[inst.zone[1]].visibility is not Visibility.PUBLIC:
        return name
    if state.names is None or state.names[0] != state.moved:
        by_name: dict[str, list[int]] = {}
        for cid, other in state.cards.items():
            by_name.setdefault(other.card.name, []).append(cid)
        state.names = (state.moved, by_name)
    zones = state.game.zones
    for cid in state.names[1].get(name, ()):
        other = state.cards[cid]
        if (
            other.owner != inst.owner
            and not other.face_down
            and zones[other.zone[1]].visibility is Visibility.PUBLIC
        ):
            return f"{name} ({state.seat_names[inst.owner]}'s)"
    return name


def naming(state: GameState, card_id: int, unseen: str | None = None) -> Words:
    """The name of card ``card_id`` as each seat may read it: the name for the seats that may
    see the card now, for the others ``unseen`` or where it lies ("a card in Player 2's
    hand", "a face-down card"). Every line of a log that names a card that may be hidden
    from some seat is built from these words (see :class:`~.events.Words`)."""
    inst = state.cards[card_id]
    seats = who_sees(state, card_id)
    if seats is None:
        return Words(card_name(state, card_id))
    if unseen is None:
        owner, zone = inst.zone
        if state.game.zones[zone].visibility is Visibility.PUBLIC:
            unseen = "a face-down card"
        else:
            title = state.game.zones[zone].title.lower()
            unseen = f"a card in {state.seat_names[owner]}'s {title}"
    return Words(card_name(state, card_id), unseen, seats)


def view(state: GameState, seat: int, knows: Any = None) -> GameState:
    """A copy of ``state`` as ``seat`` sees it.

    Cards the seat may not see (another seat's hand, any deck, another seat's face-down
    cards) become ``HIDDEN``, and so do their damage and counters (a buff a face-down card
    got for being placed face down, or the Health it has left, would say what it is); the
    order of hidden zones is lost; the random generator is replaced, so a bot looking ahead
    cannot foresee real dice or shuffles. ``knows`` is what the seat knows of the cards it
    cannot see (:class:`~.knowledge.Knowledge`, kept by a :class:`~.record.Match`), carried
    on the view for the bots that deal possible worlds from it."""
    v = state.clone()
    v.knows = knows
    v.names = None  # the real state's cards of each name would name the hidden ones
    specs = state.game.zones
    for (owner, name), ids in v.zones.items():
        vis = specs[name].visibility
        if vis is Visibility.HIDDEN or (vis is Visibility.OWNER and owner != seat):
            for cid in ids:
                inst = v.cards[cid]
                inst.card = HIDDEN
                inst.damage = 0
                if inst.counters:
                    inst.counters = {}
            if vis is Visibility.HIDDEN:
                ids.sort()
        else:
            for cid in ids:
                inst = v.cards[cid]
                if inst.face_down and inst.owner != seat:
                    inst.card = HIDDEN
                    inst.damage = 0  # how much more it takes would say what it is
                    if inst.counters:
                        inst.counters = {}
    if v.lasting:  # a modifier on a card the seat cannot see would say something of it
        v.lasting = tuple(
            m
            for m in v.lasting
            if can_see(state, seat, m.target) and can_see(state, seat, m.source)
        )
    if v.pending:  # that an effect waits is seen; which one, only with its card
        v.pending = tuple(
            p if p.card is None or can_see(state, seat, p.card) else p._replace(key="")
            for p in v.pending
        )
    v.rng = Rng(state.turn * 1_000_003 + seat * 7_919 + len(state.prompts))
    state.game.view_data(v, seat)
    return v


act = make  # for games and tests: an action that names its cards as the state does
