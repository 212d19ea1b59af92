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
- ``triggers``: abilities waiting to go on the stack, and the happenings they hear;
- ``zones``: cards drawn, milled, discarded, exiled, taken, stolen and swapped;
- ``lifecycle``: what happens to cards in play: marking, death, leaving play, a city's
  destruction, coming into play; a defeated player leaving;
- ``damage``: damage dealt, doubled, prevented; shields and counters; a city's defense;
- ``targets``: whom an ability may aim at, the choices it offers, the chosen mode and X;
- ``specials``: the few cards' special effects, tokens, sacrificed resources, debts;
- ``effects``: what card texts do (costs paid, the groups reached, effects resolved);
- ``stack``: the event stack and its rounds of answers;
- ``combat``: the steps of combat and the battle;
- ``devotion``: devotion and the city levels it reaches;
- ``flow``: ``advance``, which runs the game on between the players' actions (every
  move ends by calling it, so the moves' modules come after it);
- ``turn``: setup (the coin, founding) and the turn's own steps, devotion among them;
- ``play``: playing cards, using abilities, choosing their targets;
- ``movement``: moving creatures;
- ``duties``: what a card makes a player do (take damage, discard, sacrifice), the player
  choosing how;
- ``attacks``: attacking, defending, bodyguards, splitting damage;
- ``phases``: the end of the turn, and the tables of phases, windows and moves.

This module is the game table: the ``ArcMage`` class (kept here, so that its module names
the game's package, where ``Game.table`` and the importers look), and the names others use
from the rules, re-exported."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ....engine import (
    DeckList,
    Events,
    Game,
    GameState,
    SeatValue,
    act,
    counted,
    end_game,
    enter_phase,
    settle,
)
from ....engine.game import lasting_mark, member_mark
from ....system.paths import cards_dir
from .. import cards as schema
from ..cards import ArcCard
from ..effect import Effect
from ..vocabulary import FACTION_NAMES, faction_word
from . import teams, triggers
from .combat import _defenders
from .damage import damage
from .devotion import _devotees
from .duties import owing
from .flow import advance
from .gamedata import ArcData, Combat
from .keywords import (
    attack_of,
    defense_of,
    forbidden,
    has,
    is_type,
    profile,
    silenced,
    stats,
    strength,
)
from .lifecycle import (
    check_deaths,
    destroy_city,
    free_row,
    held,
    kill,
    leave_play,
    mark,
    place,
    retire,
    unique_clash,
    unmark,
)
from .paying import available, cost_of
from .phases import MOVES, PHASES, TURN_PHASES, WINDOWS, _end_enter, and_retire
from .specials import make_tokens
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
    cities,
    creatures,
    data,
    exiling,
    forget,
    home,
    in_play,
    is_city,
    is_creature,
    losers,
    lost,
    loyalty_marks,
    named_counters,
    playing,
    relocating,
    residents,
    resource_count,
    sacrificing,
    stealing,
    swapping,
    who,
)
from .targets import aim_names, aimed_parts, play_abilities, player_of, players_of
from .turn import _next_founder, _unmark_enter, build_city
from .zones import draw, move_with

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
    "ArcMageTeams",
    "Combat",
    "_defenders",
    "_devotees",
    "_end_enter",
    "_unmark_enter",
    "act",
    "advance",
    "aim_names",
    "aimed_parts",
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
    "exiling",
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
    "loyalty_marks",
    "make_tokens",
    "mark",
    "move_with",
    "named_counters",
    "owing",
    "place",
    "play_abilities",
    "player_of",
    "players_of",
    "profile",
    "relocating",
    "residents",
    "resource_count",
    "sacrificing",
    "silenced",
    "stats",
    "stealing",
    "strength",
    "swapping",
    "unique_clash",
    "unmark",
    "who",
]

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


def _not_once(i: int):
    def refuse(state: GameState, cid: int) -> str | None:
        card = state.cards[cid].card
        abilities = getattr(card, "abilities", ())
        if i < len(abilities) and abilities[i].once:
            return None
        return f"{card.name}'s ability {i + 1} is not one used once a turn"

    return refuse


_TURN_MARKS = {  # what a scenario may place of a turn (docs/scenarios.md)
    "attacked": member_mark("fought", "a creature that attacked this turn"),
    "moved": member_mark("moved", "a city moved from or to this turn"),
    "atk": lasting_mark("atk", "ATK given until the end of the turn"),
    "def": lasting_mark("def", "DEF given until the end of the turn"),
    **{
        f"ability_{i + 1}": lasting_mark(
            f"use:{i}", f"its ability {i + 1} (once a turn) used this turn", -1, _not_once(i)
        )
        for i in range(4)
    },
}


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

    def wire_types(self) -> tuple[type, ...]:
        """What a view of this game holds besides the engine's (``Game.wire_types``)."""
        return (ArcData, Combat, Effect)

    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES
    window_lookahead = 0  # defenders are assigned one action at a time
    respond_window = "interrupt"
    # -1/-1 counters (unmarking by counter) and negative boosts lower these below zero
    signed_counters = frozenset({"atk", "def"})
    format = ""  # a Team Play Format (``teams``); "": every player on their own

    def cards_path(self):
        return cards_dir(self.id)

    def card_set(self):
        """The shipped cards and decks, and those the player imported from arcmage.org."""
        from ..library import card_set

        return card_set(self)

    def seat_values(self) -> Mapping[str, SeatValue]:
        return _SEAT_VALUES

    def turn_marks(self):
        return _TURN_MARKS

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
        if self.format:
            teams.setup(d, len(decks), self.format)
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
        forget(state)  # defeated, though no card moved
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

    def card_facts(self, card: ArcCard) -> tuple[tuple[str, str], ...]:
        """Its type, faction, cost and loyalty, and whether the rules enforce its text (an
        imported card's may be played by hand)."""
        facts = [("Type", card.type.capitalize()), ("Faction", FACTION_NAMES[card.faction])]
        if card.cost is not None:
            facts.append(("Cost", f"{card.cost}{'+X' if card.cost_x else ''}"))
        if card.loyalty:
            facts.append(("Loyalty", str(card.loyalty)))
        facts.append(("Rules", "Played by hand" if card.unenforced else "Enforced"))
        return tuple(facts)

    def deck_details(self, deck: DeckList) -> str:
        """The loyalty its cards ask of each faction, the most of any card ("Loyalty: Red
        Banner 3, Dark Legion 2"): how many resources of a faction it needs in play."""
        cards = self.card_set().cards
        most: dict[str, int] = {}
        for name in deck.cards:
            card = cards.get(name)
            if card is not None and card.faction in FACTIONS and card.loyalty:
                most[card.faction] = max(most.get(card.faction, 0), card.loyalty)
        if not most:
            return ""
        ranked = sorted(most.items(), key=lambda fl: (-fl[1], FACTIONS.index(fl[0])))
        return "Loyalty: " + ", ".join(f"{FACTION_NAMES[f]} {n}" for f, n in ranked)

    def card_note(self, card: ArcCard) -> str:
        """Why an imported card's text is played by hand, when it is."""
        return f"Played by hand: {card.unenforced}" if card.unenforced else ""

    def out(self, state: GameState) -> frozenset[int]:
        """The players defeated (every city fallen, drawn from an empty deck, conceded)."""
        if state.data is None:
            return frozenset()
        return frozenset(s for s, gone in enumerate(losers(state)) if gone)

    def winner(self, state: GameState) -> tuple[int, ...] | None:
        d = data(state)
        if d is None or False in d.founded:
            return None
        if d.format:
            return teams.winner(state)
        lost = losers(state)
        if True not in lost:  # asked at every step: most of the time nobody is defeated
            return None
        out = [s for s, gone in enumerate(lost) if gone]
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
        if d.format:
            return teams.ending(state)
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
                    and inst.damage >= (dfn := defense_of(state, cid))
                    and not state.prompts
                    and not inst.counters.get("dying")
                    and not (dfn > 0 and has(state, cid, "indestructible"))  # ruling 77
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
        """Unbuilt cities could only be other unbuilt cities. A card whose triggered ability
        waits (``ArcData.pending``) triggered in the open, in play or on the stack, and the
        ability that waits is that card's, wherever the card has gone since (a creature that
        died back into its owner's hand): no world deals it otherwise. (The log still names
        it only to the seats that may see it: ``engine.naming``.)"""
        if inst.zone[1] == UNBUILT:
            return (inst.owner, UNBUILT)
        d = state.data
        if d is not None and d.pending and any(p[0] == inst.id for p in d.pending):
            return None
        return super().deal_group(state, seat, inst)

    def could_be(self, state: GameState, seat: int, inst: Any, card: Any) -> bool:
        """Unbuilt cities are cities, and no other hidden card is."""
        return (inst.zone[1] == UNBUILT) == (card.type == "city")

    # -- abilities on the engine's machinery (engine.abilities) ---------------------------
    def listeners(self, state: GameState, trigger: str) -> Sequence[Any]:
        return triggers.listeners(state, trigger)

    def react(self, state: GameState, listener: Any, happening: Any, events: Events) -> None:
        triggers.react(state, listener, happening)

    def redealt(self, state: GameState) -> None:
        state.data.statics = None
        forget(state)

    def turn_cap(self) -> int:
        return 300


class ArcMageTeams(ArcMage):
    """ARC-mage in one of its rulebook's Team Play Formats (``teams``): a game of its own to
    the rest of the program (its records and saves name it), with ARC-mage's cards and
    decks, offered on ARC-mage's mode screen. 2 vs 1 and 2 vs 2 (the Giant) or 2 or 3 team
    players against the overlord (Aminduna): the table seats up to four, so the Giant's
    3 vs 2 and 3 vs 3 are not offered."""

    min_seats = 3
    max_seats = 4

    def __init__(self, base: ArcMage, fmt: str, **kwargs: Any):
        super().__init__(**kwargs)
        self.base = base
        self.format = fmt
        self.id = f"{base.id}_{fmt}"
        self.name = f"{base.name}: {teams.FORMAT_NAMES[fmt]}"
        self.variant_of = base.id
        self.tagline = {
            teams.GIANT: "Two teams, alternating turns: 2 vs 1 or 2 vs 2",
            teams.AMINDUNA: "Two or three players against the evil overlord",
        }[fmt]

    def cards_path(self):
        return self.base.cards_path()

    def seat_team(self, seat: int, seats: int) -> str:
        d = ArcData(seats)
        teams.setup(d, seats, self.format)
        return teams.TEAM_NAMES[self.format][d.teams[seat]]

    def card_set(self):
        """ARC-mage's own (imports included): the same set, loaded once."""
        return self.base.card_set()

    def scenario_ready(self, state: GameState) -> None:
        """A scenario's position: the format's teams, and the order of turns where the
        active seat has its turn."""
        super().scenario_ready(state)
        d = state.data
        teams.setup(d, state.seats, self.format)
        d.at = d.order.index(state.active) if state.active in d.order else 0
