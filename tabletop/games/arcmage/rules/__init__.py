"""ARC-mage, every rule of ``arcmage.txt``: cities and their residents, the army, faction
resources paid by marking, devotion, movement, the event stack, the four steps of combat,
and the fourteen keywords the real cards use.

Zones per seat: ``deck``, ``hand``, ``graveyard``, ``unbuilt`` (the cities set aside face
down), ``army``, ``city1``..``city6`` (a built city is the first card of its zone, its
residents follow it on the same row), one resource pile per faction (``res_gaian``...; the
cards lie face down), ``removed`` (sacrificed cards, and tokens that left play) and
``tokens`` (tokens of the deck, set aside). The ``stack`` is shared. An enchantment lies in
the zone of the card it is attached to (``attached_to``), a global one in the army.

Rulings on what the rulebook leaves open are in ``docs/rulings/arcmage.md``; a refusal
resting on one says "(ruling)".

The rules are in this package's modules, by the rulebook's sections; each imports only the
modules listed before it, and this one imports them all:

- ``state``: the zones, the refusals' texts, card facts (where a card is, whose it
  is), the game's own state (``ArcData``, ``Combat``) and who is still playing;
- ``keywords``: stats, keywords and auras (a card's profile as the cards in play
  make it);
- ``paying``: resources, costs and paying them;
- ``lifecycle``: what happens to cards: drawing, marking, damage, death, leaving
  play, a city's destruction, coming into play; triggers queued; a defeated player leaving;
- ``effects``: what card texts do (targets, choices, effects resolved, tokens);
- ``stack``: the event stack and its rounds of answers;
- ``combat``: the steps of combat and the battle;
- ``devotion``: devotion and the city levels it reaches;
- ``flow``: ``advance``, which runs the game on between the players' actions (every
  move ends by calling it, so the moves' modules come after it);
- ``turn``: setup (the coin, founding) and the turn's own steps, devotion among them;
- ``play``: playing cards, using abilities, choosing their targets;
- ``movement``: moving creatures;
- ``attacks``: attacking, defending, bodyguards, splitting damage;

This module holds the rules not yet in modules of their own, and the game table: the ``ArcMage`` class (kept here, so that its module names
the game's package, where ``Game.table`` and the importers look), and the names others use
from the rules, re-exported."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from ....engine import (
    Action,
    DeckList,
    Event,
    Events,
    Game,
    GameState,
    Move,
    Phase,
    SeatValue,
    Window,
    act,
    counted,
    end_game,
    enter_phase,
    next_phase,
    settle,
)
from ....system.paths import cards_dir
from .. import cards as schema
from ..cards import FACTION_NAMES, ArcCard, faction_word
from .attacks import (
    _check_attack,
    _check_block,
    _check_guard,
    _check_split,
    _exec_attack,
    _exec_block,
    _exec_guard,
    _exec_split,
    _gen_attack,
    _gen_block,
    _gen_guard,
    _gen_split,
    _on_pass_block,
    _on_pass_respond,
)
from .combat import _after_combat, _attackers, _defenders, _enemy_cities, compelled
from .devotion import _devotees
from .effects import make_tokens, play_abilities
from .flow import advance
from .keywords import attack_of, defense_of, forbidden, has, is_type, profile, stats, strength
from .lifecycle import (
    check_deaths,
    damage,
    destroy_city,
    draw,
    free_row,
    held,
    kill,
    leave_play,
    mark,
    move_with,
    place,
    queue,
    retire,
    unique_clash,
    unmark,
)
from .movement import _check_move, _exec_move, _gen_move
from .paying import available, cost_of
from .play import (
    _check_play,
    _check_target,
    _check_use,
    _exec_play,
    _exec_target,
    _exec_use,
    _gen_play,
    _gen_target,
    _gen_use,
    _on_pass_choose,
)
from .state import (
    ARMY,
    CITIES,
    CITY_SET,
    DECK,
    FACTIONS,
    GAME_NAME,
    GRAVE,
    HAND,
    HAND_LIMIT,
    IN_PLAY,
    MAX_CITIES,
    OPENING_HAND,
    R_ABILITY,
    R_ANSWER_WHEN,
    R_ATTACK_ARMY,
    R_ATTACK_CITY,
    R_ATTACK_ONCE,
    R_BLOCK,
    R_BLOCK_ONE,
    R_BUILD,
    R_CANNOT,
    R_COST,
    R_DEFEATED,
    R_DEVOTE,
    R_DEVOTE_ONCE,
    R_DISCARD,
    R_DRAW,
    R_DRAW_EMPTY_HAND,
    R_DRAW_ZERO,
    R_ENCH_WHEN,
    R_EVENT_ONLY,
    R_FLYING,
    R_GUARD,
    R_GUARD_WHEN,
    R_HAND_LIMIT,
    R_INTO_CITY,
    R_LOYALTY,
    R_MAGIC_WHEN,
    R_MARKED,
    R_MOVE,
    R_MOVE_ONCE,
    R_MOVE_OWN,
    R_MUST_ATTACK,
    R_PEACEFUL,
    R_PLAY_ANY,
    R_PLAY_WHEN,
    R_RELEASE,
    R_RESOURCE,
    R_SALVAGE_WHEN,
    R_SPLIT,
    R_TARGET,
    R_UNIQUE,
    R_X,
    REMOVED,
    RES,
    RES_FACTION,
    STACK,
    TOKENS,
    UNBUILT,
    ZONES,
    A,
    ArcData,
    Combat,
    all_creatures,
    cities,
    creatures,
    data,
    home,
    in_play,
    is_city,
    is_creature,
    lost,
    name,
    playing,
    residents,
    who,
)
from .turn import (
    _check_build,
    _check_devote,
    _check_draw,
    _check_end_draw,
    _check_found,
    _check_release,
    _check_resource,
    _check_salvage,
    _coin_enter,
    _draw_next,
    _exec_build,
    _exec_devote,
    _exec_draw,
    _exec_found,
    _exec_release,
    _exec_resource,
    _exec_salvage,
    _gen_build,
    _gen_devote,
    _gen_draw,
    _gen_found,
    _gen_release,
    _gen_resource,
    _gen_salvage,
    _next_founder,
    _unmark_enter,
    build_city,
)

__all__ = [
    "ARMY",
    "CITIES",
    "CITY_SET",
    "DECK",
    "FACTIONS",
    "GRAVE",
    "HAND",
    "HAND_LIMIT",
    "IN_PLAY",
    "MAX_CITIES",
    "MOVES",
    "REMOVED",
    "RES",
    "RES_FACTION",
    "R_ABILITY",
    "R_ANSWER_WHEN",
    "R_ATTACK_ARMY",
    "R_ATTACK_CITY",
    "R_ATTACK_ONCE",
    "R_BLOCK",
    "R_BLOCK_ONE",
    "R_BUILD",
    "R_CANNOT",
    "R_COST",
    "R_DEFEATED",
    "R_DEVOTE",
    "R_DEVOTE_ONCE",
    "R_DISCARD",
    "R_DRAW",
    "R_DRAW_EMPTY_HAND",
    "R_DRAW_ZERO",
    "R_ENCH_WHEN",
    "R_EVENT_ONLY",
    "R_FLYING",
    "R_GUARD",
    "R_GUARD_WHEN",
    "R_HAND_LIMIT",
    "R_INTO_CITY",
    "R_LOYALTY",
    "R_MAGIC_WHEN",
    "R_MARKED",
    "R_MOVE",
    "R_MOVE_ONCE",
    "R_MOVE_OWN",
    "R_MUST_ATTACK",
    "R_PEACEFUL",
    "R_PLAY_WHEN",
    "R_RELEASE",
    "R_RESOURCE",
    "R_SALVAGE_WHEN",
    "R_SPLIT",
    "R_TARGET",
    "R_UNIQUE",
    "R_X",
    "STACK",
    "TOKENS",
    "TURN_PHASES",
    "UNBUILT",
    "A",
    "ArcMage",
    "Combat",
    "_defenders",
    "_devotees",
    "_end_enter",
    "_unmark_enter",
    "act",
    "advance",
    "and_retire",
    "attack_of",
    "available",
    "build_city",
    "check_deaths",
    "cities",
    "cost_of",
    "creatures",
    "damage",
    "data",
    "defense_of",
    "destroy_city",
    "draw",
    "forbidden",
    "free_row",
    "has",
    "held",
    "home",
    "in_play",
    "is_city",
    "is_creature",
    "is_type",
    "kill",
    "leave_play",
    "make_tokens",
    "mark",
    "move_with",
    "place",
    "play_abilities",
    "profile",
    "residents",
    "stats",
    "strength",
    "unique_clash",
    "unmark",
    "who",
]

# -- discard and the end of the turn -------------------------------------------------------------


def _gen_discard(state: GameState, seat: int) -> Iterator[Action]:
    hand = state.zones[(seat, HAND)]
    if len(hand) > HAND_LIMIT:
        for cid in hand:
            yield act(state, "discard", seat, (cid,))


def _check_discard(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{A}: discard one card (discard "Card")'
    hand = state.zones[(action.seat, HAND)]
    if action.cards[0] not in hand:
        return f"{A}, Discard: discard cards from your hand"
    if len(hand) <= HAND_LIMIT:
        return R_DISCARD
    return None


def _exec_discard(state: GameState, action: Action, events: Events) -> None:
    cid = action.cards[0]
    state.move(cid, (action.seat, GRAVE))
    events.append(
        Event(
            "move",
            f"{who(state, action.seat)} discards {name(state, cid)}",
            seat=action.seat,
            cards=(cid,),
            value=((action.seat, HAND), (action.seat, GRAVE)),
        )
    )


def _end_enter(state: GameState, events: Events) -> None:
    """Damage wears off, "until end of turn" effects end, produced resources expire; the
    next seat in play takes its turn."""
    d = data(state)
    cards = state.cards
    for cid in all_creatures(state):
        inst = cards[cid]
        inst.damage = 0
    for inst in cards.values():
        if inst.counters:
            c = inst.counters
            for k in [k for k in c if k.startswith(("eot_", "kw_"))]:
                del c[k]
            # what each creature dealt this turn is "the damage dealt the previous turn"
            c.pop("dealt_last", None)
            if "dealt" in c:
                c["dealt_last"] = c.pop("dealt")
    check_deaths(state, events)
    d.extra_combats = 0
    d.vengeance = {}
    d.pool = [{} for _ in range(state.seats)]
    d.moved = frozenset()
    d.devoted = frozenset()
    d.attacked = frozenset()
    d.guards = {}
    d.drawn = None
    d.resources_left = 0
    seat = state.active
    for s in state.seats_from(seat):
        if s != seat and not lost(state, s):
            state.active = s
            break
    state.turn += 1


def _check_phase_end(state: GameState) -> str | None:
    if state.phase == "draw":
        return _check_end_draw(state)
    if state.phase == "discard" and len(state.zones[(state.active, HAND)]) > HAND_LIMIT:
        return R_HAND_LIMIT
    if (
        state.phase == "attack"
        and not data(state).attacked
        and data(state).combat is None
        and compelled(state, state.active)
        and _enemy_cities(state, state.active)
    ):
        names = ", ".join(name(state, c) for c in compelled(state, state.active))
        return f"{R_MUST_ATTACK}: {names}"
    if data(state).stack or data(state).combat is not None:
        return f"{A} (ruling): what is under way (the stack, a combat) is finished first"
    return None


def _gen_end(state: GameState, seat: int) -> Iterator[Action]:
    if _check_phase_end(state) is None:
        yield Action("end", seat)


def _exec_end(state: GameState, action: Action, events: Events) -> None:
    if state.phase == "attack" and data(state).extra_combats:
        _after_combat(state, events)
    else:
        next_phase(state, events)
    advance(state, events)  # what the phases' own steps set off (a death to prevent)


def _discard_triggers(state: GameState, events: Events) -> None:
    """ "During your discard phase" (ruling: as the last Play phase ends, whether or not
    there is anything to discard)."""
    seat = state.active
    for cid in creatures(state, seat):
        inst = state.cards[cid]
        for i, a in enumerate(inst.card.abilities):
            if a.when == "discard" and (
                a.condition != "attacked" or inst.counters.get("eot_attacked")
            ):
                queue(state, cid, i, seat)


def _play2_next(state: GameState) -> str:
    """The Discard phase asks something only of a hand over the limit."""
    return "discard" if len(state.zones[(state.active, HAND)]) > HAND_LIMIT else "end"


def _play1_next(state: GameState) -> str:
    return (
        "attack"
        if _attackers(state, state.active) and _enemy_cities(state, state.active)
        else "play2"
    )


PHASES = {
    "coin": Phase(
        "coin", "First player", auto=True, enter=_coin_enter, next="found", in_turn=False
    ),
    "found": Phase(
        "found",
        "Founding the first cities",
        frozenset({"found", "manual"}),
        in_turn=False,
        next="unmark",
    ),
    "unmark": Phase("unmark", "Unmark", auto=True, enter=_unmark_enter, next="draw"),
    "draw": Phase(
        "draw",
        "Draw & Resource",
        frozenset({"draw", "resource", "build", "end", "play", "use", "manual", "release"}),
        next=_draw_next,
    ),
    "tactics": Phase(
        "tactics", "Tactics", frozenset({"devote", "end", "play", "use", "manual"}), next="play1"
    ),
    "play1": Phase(
        "play1",
        "Play",
        frozenset({"play", "use", "move", "guard", "end", "manual", "salvage"}),
        next=_play1_next,
    ),
    "attack": Phase(
        "attack",
        "Attack",
        frozenset({"attack", "guard", "play", "use", "end", "manual"}),
        next="play2",
    ),
    "play2": Phase(
        "play2",
        "Play",
        frozenset({"play", "use", "move", "guard", "end", "manual", "salvage"}),
        next=_play2_next,
        exit=_discard_triggers,
    ),
    # "Any player may play an event card at any time": in the Discard phase too.
    "discard": Phase(
        "discard", "Discard", frozenset({"discard", "play", "use", "end", "manual"}), next="end"
    ),
    "end": Phase("end", "End of turn", auto=True, enter=_end_enter, next="unmark", in_turn=False),
}


TURN_PHASES = ("unmark", "draw", "tactics", "play1", "attack", "play2", "discard")


WINDOWS = {
    "respond": Window(
        "respond",
        "Answer with an Event card, or pass",
        frozenset({"play", "use", "manual"}),
        on_pass=_on_pass_respond,
    ),
    # A player who is not acting steps in ("Any player may play an event card at any
    # time, even during an opponent's turn"): the core's respond action opens it.
    "interrupt": Window(
        "interrupt",
        "Play an Event card now, or pass",
        frozenset({"play", "use", "manual"}),
        on_pass=_on_pass_respond,
    ),
    "block": Window(
        "block",
        "You are attacked: assign defenders, then pass when done",
        frozenset({"block", "guard", "play", "use", "manual"}),
        on_pass=_on_pass_block,
    ),
    "split": Window(
        "split",
        "Divide your attacker's damage among its defenders",
        frozenset({"split", "manual"}),
        can_pass=False,
    ),
    "target": Window(
        "target",
        "Choose the target of the ability",
        frozenset({"target", "manual"}),
        can_pass=False,
    ),
    "choose": Window(
        "choose",
        "Choose for the ability, or pass to decline",
        frozenset({"target", "manual"}),
        on_pass=_on_pass_choose,
    ),
    "evacuate": Window(
        "evacuate",
        "Your city is destroyed: move its unmarked residents to another city or to the army",
        frozenset({"move", "manual"}),
        can_pass=False,
    ),
}


MOVES = {
    "found": Move(
        "found",
        _gen_found,
        _check_found,
        _exec_found,
        exact=True,
        wrong_phase=f"{A}: the first city is picked before the first turn",
    ),
    "draw": Move(
        "draw",
        _gen_draw,
        _check_draw,
        _exec_draw,
        exact=True,
        wrong_phase=f"{R_DRAW} (in the Draw & Resource phase)",
    ),
    "resource": Move(
        "resource",
        _gen_resource,
        _check_resource,
        _exec_resource,
        exact=True,
        wrong_phase=f"{A}, Resources: resource cards are made during the Draw and Resources phase",
    ),
    "build": Move(
        "build",
        _gen_build,
        _check_build,
        _exec_build,
        exact=True,
        wrong_phase=f"{R_BUILD} (ruling): chosen at the start of Draw & Resource",
    ),
    "devote": Move(
        "devote",
        _gen_devote,
        _check_devote,
        _exec_devote,
        exact=True,
        wrong_phase=f"{R_DEVOTE} (Tactics phase)",
    ),
    "play": Move("play", _gen_play, _check_play, _exec_play, exact=True, wrong_phase=R_PLAY_ANY),
    "use": Move("use", _gen_use, _check_use, _exec_use, exact=True, wrong_phase=R_ABILITY),
    "target": Move("target", _gen_target, _check_target, _exec_target, exact=True),
    "move": Move(
        "move",
        _gen_move,
        _check_move,
        _exec_move,
        exact=True,
        wrong_phase=f"{R_MOVE} (during the Play phase)",
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        exact=True,
        wrong_phase=f"{A}, Combat: attacks are made only during your Attack phase",
    ),
    "block": Move(
        "block",
        _gen_block,
        _check_block,
        _exec_block,
        exact=True,
        wrong_phase=f"{A}, Assigning defenders: only when your city is attacked",
    ),
    "guard": Move(
        "guard", _gen_guard, _check_guard, _exec_guard, exact=True, wrong_phase=R_GUARD_WHEN
    ),
    "split": Move("split", _gen_split, _check_split, _exec_split, exact=True, wrong_phase=R_SPLIT),
    "discard": Move(
        "discard",
        _gen_discard,
        _check_discard,
        _exec_discard,
        exact=True,
        wrong_phase=f"{A}, Discard: cards are discarded in your Discard phase",
    ),
    "release": Move(
        "release", _gen_release, _check_release, _exec_release, exact=True, wrong_phase=R_RELEASE
    ),
    "salvage": Move(
        "salvage",
        _gen_salvage,
        _check_salvage,
        _exec_salvage,
        exact=True,
        wrong_phase=R_SALVAGE_WHEN,
    ),
    "end": Move("end", _gen_end, lambda s, a: _check_phase_end(s), _exec_end, exact=True),
}


def and_retire(execute):
    """After any action: a player it defeated leaves the game (ruling 35), and if it was
    their turn, the turn ends."""

    def run(state: GameState, action: Action, events: Events) -> None:
        execute(state, action, events)
        if state.over:
            return
        if retire(state, events) or (data(state).out[state.active] and state.phase != "end"):
            advance(state, events)

    return run


# The moves of the rules; the package adds the player's own corrections ("manual", for
# card text Tabletop does not enforce) from manual.py when it makes the game.
MOVES = {k: replace(m, execute=and_retire(m.execute)) for k, m in MOVES.items()}


# -- per-seat values for scenario files ----------------------------------------------------------


def _put_pool(faction: str):
    def put(state: GameState, seat: int, value: int) -> None:
        if not 0 <= value <= 20:
            raise ValueError(f"produced resources are 0 to 20, not {value}")
        pool = data(state).pool[seat]
        if value:
            pool[faction] = value
        else:
            pool.pop(faction, None)

    return put


def _seat_values() -> dict[str, SeatValue]:
    out = {
        "cities": SeatValue(
            "cities in play (read only)", lambda st, seat: len(cities(st, seat)), _read_only
        ),
        "resources": SeatValue(
            "unspent resources this turn, every faction (read only)",
            lambda st, seat: sum(available(st, seat).values()),
            _read_only,
        ),
    }
    for f in FACTIONS:
        out[f"produced_{f}"] = SeatValue(
            f"{faction_word(f)} resources produced and unspent this turn",
            lambda st, seat, f=f: data(st).pool[seat].get(f, 0),
            _put_pool(f),
        )
    return out


def _read_only(state: GameState, seat: int, value: int) -> None:
    raise ValueError("this value follows the cards; set the cards instead")


_SEAT_VALUES = _seat_values()


class ArcMage(Game):
    id = "arcmage"
    name = GAME_NAME
    tagline = "Cities and an army, faction resources paid by marking, an event stack"
    min_seats = 2
    max_seats = 4
    zones = ZONES
    phases = PHASES
    windows = WINDOWS
    moves = MOVES
    card_model = ArcCard
    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES
    window_lookahead = 0  # defenders are assigned one action at a time
    respond_window = "interrupt"
    # -1/-1 counters (unmarking by counter) and negative boosts lower these below zero
    signed_counters = frozenset({"atk", "def", "eot_atk", "eot_def"})

    def cards_path(self):
        return cards_dir(self.id)

    def card_set(self):
        """The shipped cards and decks, and those the player imported from arcmage.org."""
        from ..library import card_set

        return card_set(self)

    def seat_values(self) -> Mapping[str, SeatValue]:
        return _SEAT_VALUES

    def respond_problem(self, state: GameState, seat: int) -> str | None:
        """ "Any player may play an event card at any time, even during an opponent's turn":
        in any phase of a turn, whenever nobody is being asked anything (ruling 9)."""
        if lost(state, seat):
            return R_DEFEATED
        if state.phase not in TURN_PHASES or state.prompts:
            return R_ANSWER_WHEN
        return None

    def new_game(
        self, decks: Sequence[DeckList], seed: int, events: Events | None = None
    ) -> GameState:
        self.check_decks(decks)
        cards = self.card_set().cards
        events = events if events is not None else []
        state = GameState(self, len(decks), seed)
        d = state.data = ArcData(len(decks))
        for seat, deck in enumerate(decks):
            factions = []
            for n in deck.names():
                card = cards[n]
                if card.faction in FACTIONS and card.faction not in factions:
                    factions.append(card.faction)
                if card.token:
                    state.create(card, seat, (seat, TOKENS))
                else:
                    state.create(card, seat, (seat, DECK))
            d.factions[seat] = tuple(sorted(factions, key=FACTIONS.index))
            # Shuffled before the cities are taken out, so that no card's id (which the
            # other players see on the face-down pile) says which city it is.
            state.shuffle((seat, DECK))
            for cid in list(state.zones[(seat, DECK)]):
                if state.cards[cid].card.type == "city":
                    # "each player selects the cities from the deck and puts them in a
                    # separate stack on the table, face down"
                    state.move(cid, (seat, UNBUILT))
            draw(state, seat, OPENING_HAND, events)
        enter_phase(state, "coin", events)
        settle(state, events)
        return state

    def scenario_ready(self, state: GameState) -> None:
        """Each seat's factions follow its cards. While the first cities are founded, a
        seat with a city in play has founded, and the founding began with the first player:
        the active seat, or the founders before it in turn order. Before that (the coin),
        nobody has founded and the first player is not known."""
        d = state.data
        if d is None:
            d = state.data = ArcData(state.seats)
        if state.phase == "coin":
            d.founded = [False] * state.seats
            d.first = None
        elif state.phase == "found":
            d.founded = [bool(cities(state, seat)) for seat in range(state.seats)]
            first = state.active
            for seat in reversed(list(state.seats_from(state.active))[1:]):
                if not d.founded[seat]:
                    break
                first = seat
            d.first = first
        else:
            d.founded = [True] * state.seats
            if d.first is None:
                d.first = state.active
        for seat in range(state.seats):
            owned = [i.card.faction for i in state.cards.values() if i.owner == seat]
            d.factions[seat] = tuple(f for f in FACTIONS if f in owned)

    def concede(self, state: GameState, seat: int, events: Events) -> None:
        """A player who concedes is defeated: with two or more others still playing, the game
        goes on without them (ruling 35)."""
        d = data(state)
        if lost(state, seat):
            return  # out of the game already
        others = tuple(s for s in playing(state) if s != seat)
        if len(others) < 2:
            end_game(state, others, events, "by concession")
            return
        d.conceded[seat] = True
        if not d.founded[seat]:
            d.founded[seat] = True  # nothing left to found
            if state.active == seat:
                _next_founder(state, seat, events)
        retire(state, events)
        advance(state, events)

    def deck_summary(self, deck: DeckList) -> str:
        """Its factions, the most cards first, its cities, and how much of it the rules
        enforce when not all of it ("42 of 45 cards enforced"): a player knows before
        starting how much will be done by hand."""
        cards = self.card_set().cards
        factions: dict[str, int] = {}
        cities = total = enforced = 0
        for name, n in deck.cards.items():
            card = cards.get(name)
            if card is None:
                continue
            total += n
            enforced += 0 if card.unenforced else n
            cities += n if card.type == "city" else 0
            if card.faction != "none":
                factions[card.faction] = factions.get(card.faction, 0) + n
        names = [FACTION_NAMES[f] for f in sorted(factions, key=lambda f: -factions[f])]
        share = f" · {enforced} of {counted(total, 'card')} enforced" if enforced < total else ""
        return f"{', '.join(names) or 'No faction'} · {counted(cities, 'city')}{share}"

    def winner(self, state: GameState) -> tuple[int, ...] | None:
        d = data(state)
        if d is None or not all(d.founded):
            return None
        out = [s for s in range(state.seats) if lost(state, s)]
        if not out:
            return None
        alive = tuple(s for s in range(state.seats) if s not in out)
        if len(alive) == 1:
            return alive
        if not alive:
            return ()
        return None

    def ending(self, state: GameState) -> str:
        """Why the players defeated last are (those defeated earlier left the game then;
        a concession that ends the game says so itself); among three or four, who is
        left."""
        d = data(state)
        alive = [s for s in range(state.seats) if not lost(state, s)]
        if len(alive) == 1 and state.seats > 2:
            return f"{state.seat_names[alive[0]]} is the last player with a city"
        why = []
        for seat in range(state.seats):
            if d.out[seat] or seat in alive:
                continue
            name = state.seat_names[seat]
            why.append(
                f"{name} had to draw from an empty deck"
                if d.decked[seat]
                else f"{name}'s last city fell"
            )
        return " and ".join(why)

    def invariants(self, state: GameState) -> list[str]:
        d = data(state)
        out = []
        for (_seat, zname), ids in state.zones.items():
            for i, cid in enumerate(ids):
                inst = state.cards[cid]
                card = inst.card
                if zname in CITY_SET and is_city(inst) and i != 0:
                    out.append(f"{card.name} is a city but not first in its row")
                if zname == ARMY and card.type not in ("creature", "enchantment"):
                    out.append(f"{card.name} ({card.type}) is in the army")
                if zname in RES_FACTION and not inst.face_down:
                    out.append(f"resource {card.name} lies face up")
                if inst.damage < 0:
                    out.append(f"{card.name} has {inst.damage} damage")
                if (
                    zname in IN_PLAY
                    and is_creature(inst)
                    and inst.damage >= defense_of(state, cid)
                    and not state.prompts
                    and not inst.counters.get("dying")
                ):
                    out.append(f"{card.name} should be dead ({inst.damage} damage)")
                if zname not in IN_PLAY and zname not in RES_FACTION and inst.turned:
                    out.append(f"{card.name} is marked in {zname}")
                if inst.attached_to is not None and state.cards[inst.attached_to].zone != inst.zone:
                    out.append(f"{card.name} is not beside the card it is attached to")
        if state.zones[(None, STACK)] and not state.prompts and not state.over:
            out.append("cards left on the stack")
        if len(d.stack) != len(state.zones[(None, STACK)]):
            out.append("the stack and its record differ")
        return out

    def view_data(self, state: GameState, seat: int) -> None:
        """A seat searching its deck sees the cards it may take (a stand-in of each: the
        deck stays hidden); no other seat learns which they are."""
        d = state.data
        if d is None or not d.shown:
            return
        for s, cid, card in d.shown:
            if s == seat:
                state.cards[cid].card = card.model_copy()
        d.shown = ()

    def shown(self, state: GameState, seat: int) -> frozenset[int]:
        """The deck cards a seat searching its deck is shown (the ones it may take), and
        those a search under way has revealed to everyone (Conscript's picks)."""
        d = state.data
        if d is None or not (d.shown or d.picked):
            return frozenset()
        return frozenset(c for s, c, _ in d.shown if s == seat) | frozenset(d.picked)

    def deal_group(self, state: GameState, seat: int, inst: Any) -> Any:
        """Unbuilt cities could only be other unbuilt cities."""
        if inst.zone[1] == UNBUILT:
            return (inst.owner, UNBUILT)
        return super().deal_group(state, seat, inst)

    def could_be(self, state: GameState, seat: int, inst: Any, card: Any) -> bool:
        """Unbuilt cities are cities, and no other hidden card is."""
        return (inst.zone[1] == UNBUILT) == (card.type == "city")

    def redealt(self, state: GameState) -> None:
        state.data.statics = None

    def turn_cap(self) -> int:
        return 300
