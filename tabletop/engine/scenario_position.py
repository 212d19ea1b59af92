"""Setting up the position a scenario file describes (``docs/scenarios.md``).

The game is started from the file's decks and seed, then the file's zones are laid out
(cards taken from their seat's own, their state set), the turn, the active seat and the
phase set; the game tidies its own bookkeeping (:meth:`Game.scenario_ready`), then the
file's seat values (:meth:`Game.seat_values`) and turn marks (:meth:`Game.turn_marks`) are
put, and the next random results and shuffles forced. A phase that plays itself is played
out up to the first decision, and what it did is told (the events of setup).

Forced shuffles go through the game's one generator (``state.rng``): a scenario that forces
one gives the state a :class:`ShufflingRng`, the same generator able to hand a shuffle the
order a file wrote.
"""

from __future__ import annotations

from collections.abc import Mapping

from .actions import ActionSyntaxError, zone_key, zone_name
from .cards import DeckList
from .core import settle
from .events import Event
from .game import Game
from .invariants import card_problems, zone_problems
from .rng import Rng
from .scenario_model import REST, CardEntry, CardSpec, Scenario, ScenarioError, seat_index
from .state import CardInstance, GameState, ZoneKey


def build(
    scenario: Scenario, game: Game, where: str = "scenario", events: list[Event] | None = None
) -> GameState:
    """The position a scenario describes (ScenarioError if it cannot be set up). What the
    game did to reach it (a phase that plays itself, played out) is appended to ``events``
    when given: the events of setup, which the file's ``[start]`` checks see."""
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
    wanted: list[tuple[ZoneKey, list[CardEntry], str]] = []
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
    layout: dict[ZoneKey, list[int]] = {}
    rest: set[ZoneKey] = set()  # zones listed with "..." last: what they held follows
    attach: list[tuple[int, str, str]] = []
    marks: list[tuple[int, CardSpec, str]] = []
    for key, entries, path in wanted:
        layout[key] = []
        for i, entry in enumerate(entries):
            if entry == REST:
                if i != len(entries) - 1:
                    fail(f"{path}[{i}]", f'"{REST}" (the rest of the zone) comes last')
                rest.add(key)
                continue
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
            if spec.this_turn:
                marks.append((inst.id, spec, f"{path}[{i}].this_turn"))
    if problems:
        raise ScenarioError("\n".join(problems))

    # A zone the scenario lists holds exactly what it lists: whatever else was there leaves
    # the game (unless the list ends with "...": then it follows, in the order it was in).
    # Cards it placed leave the zones they were in.
    for key in layout:
        if key not in rest:
            for cid in state.zones[key]:
                if cid not in placed:
                    del state.cards[cid]
    for key, ids in state.zones.items():
        state.zones[key] = [c for c in ids if c in state.cards and c not in placed]
    for key, ids in layout.items():
        state.zones[key] = ids + (state.zones[key] if key in rest else [])
        state.moved += 1
        state.board += 1
        for cid in state.zones[key]:
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
    turn_marks = game.turn_marks()
    for cid, spec, path in marks:
        for name, value in spec.this_turn.items():
            if name not in turn_marks:
                fail(f"{path}.{name}", no_mark(game, name))
                continue
            try:
                turn_marks[name].put(state, cid, int(value))
            except ValueError as e:
                fail(f"{path}.{name}", str(e))
    state.rng.force(*scenario.random)
    if any(step.shuffled for step in scenario.steps) or scenario.shuffled:
        state.rng = ShufflingRng.of(state.rng)
    problems += [f"{where}: {p}" for p in force_shuffles(state, scenario.shuffled, "shuffled")]
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
        told: list[Event] = []
        try:
            if phase.enter is not None:
                phase.enter(state, told)
            settle(state, told)
        except ValueError as e:  # a forced random result out of its range, or shuffle
            raise ScenarioError(
                f"{where}: {'shuffled' if isinstance(e, ShuffleError) else 'phase'}: "
                f"{scenario.phase!r} cannot be played out: {e}"
            ) from None
        if events is not None:
            events += told
    left = unshuffled(state)
    if left:
        raise ScenarioError(
            f"{where}: shuffled: {', '.join(left)} {'was' if len(left) == 1 else 'were'} not "
            "shuffled while the position was set up (a step's shuffle is forced by that "
            "step's shuffled)"
        )
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


def no_mark(game: Game, name: str) -> str:
    known = ", ".join(game.turn_marks()) or "none"
    return f"{game.name} has no turn mark {name!r} (marks: {known})"


# -- forced shuffles --------------------------------------------------------------------------


class ShuffleError(ValueError):
    """A forced shuffle that cannot be: the cards it puts on top are not in the pile."""


class ShufflingRng(Rng):
    """The game's one generator, able to give the next shuffle of a zone the order a
    scenario wrote: the cards it names on top, in that order, and the rest of the pile
    shuffled by the generator under them. ``orders``: (zone, names top first) waiting, in
    the order they were forced."""

    __slots__ = ("orders",)

    def __init__(self, seed: int = 0, *, state: int | None = None, forced: tuple[int, ...] = ()):
        super().__init__(seed, state=state, forced=forced)
        self.orders: tuple[tuple[ZoneKey, tuple[str, ...]], ...] = ()

    @classmethod
    def of(cls, rng: Rng) -> ShufflingRng:
        """``rng`` itself, able to be forced: the same generator, where it has got to."""
        if isinstance(rng, ShufflingRng):
            return rng
        new = cls(state=rng.state, forced=rng.forced)
        new.draws = rng.draws
        return new

    def copy(self) -> ShufflingRng:
        new = ShufflingRng(state=self.state, forced=self.forced)
        new.draws = self.draws
        new.orders = self.orders
        return new

    def shuffle(self, items: list) -> None:
        zone = items[0].zone if items and isinstance(items[0], CardInstance) else None
        at = next((i for i, (key, _) in enumerate(self.orders) if key == zone), None)
        if at is None:
            super().shuffle(items)
            return
        names = self.orders[at][1]
        self.orders = self.orders[:at] + self.orders[at + 1 :]
        pile = list(items)
        top = []
        for name in names:
            inst = next((i for i in pile if i.card.name == name), None)
            if inst is None:
                held = ", ".join(sorted({i.card.name for i in items}))
                raise ShuffleError(
                    f"the shuffle of {zone_name(zone)} cannot put {names.count(name)} "
                    f"{name!r} on top: the pile holds {held}"
                )
            pile.remove(inst)
            top.append(inst)
        super().shuffle(pile)
        items[:] = top + pile


def force_shuffles(state: GameState, shuffled: Mapping[str, list[str]], path: str) -> list[str]:
    """Force the next shuffle of each zone ``shuffled`` names; the problems, named by
    ``path`` (a zone no game has, names no card of the game has)."""
    out = []
    if not shuffled:
        return out
    cards = state.game.card_set().cards
    for ref, names in shuffled.items():
        try:
            key = zone_key(state, ref)
        except ActionSyntaxError as e:
            out.append(f"{path}.{ref}: {e}")
            continue
        unknown = [n for n in names if n not in cards]
        if unknown:
            out.append(f"{path}.{ref}: {state.game.name} has no card named {unknown[0]!r}")
            continue
        rng = state.rng
        if not isinstance(rng, ShufflingRng):
            rng = state.rng = ShufflingRng.of(rng)
        rng.orders = (*rng.orders, (key, tuple(names)))
    return out


def unshuffled(state: GameState) -> list[str]:
    """The zones a forced shuffle waits for (and takes them back: they were not shuffled)."""
    rng = state.rng
    if not isinstance(rng, ShufflingRng) or not rng.orders:
        return []
    waiting = [zone_name(key) for key, _ in rng.orders]
    rng.orders = ()
    return waiting
