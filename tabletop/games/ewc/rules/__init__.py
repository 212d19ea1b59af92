"""EWC, every rule of ``ewc.txt``: setup, the five phases, Training Points, the d6 combat,
Reactions and Armor in response windows, Icon effects, Allies, and the last Hero standing.

Where the rulebook is silent or unclear, the ruling taken is in ``docs/rulings/ewc.md`` and
the reason text says "(ruling)".

The rules are in this package's modules, by the rulebook's sections; each imports only the
modules listed before it, and this one imports them all:

- ``state``: the zones, the refusals' texts, the battle die's faces, the game's own state
  (``EwcData``, ``Combat`` and the steps of an attack) and small queries (a seat's Hero,
  Life left, the Heroes still in the game);
- ``effects``: what happens to cards: drawing, damage, a Hero out of the game, Allies
  created and destroyed (Allies), healing, discarding, a card turned;
- ``setup``: keeping or replacing the opening hand, the roll for the first player, the
  Heroes' abilities once setup is complete (Setup);
- ``turn``: the five phases as they begin, Ready to Pass Turn, and the stalemate of ruling 6;
- ``training``: activating cards for TP and putting cards into play (Training Points,
  Playing Cards);
- ``combat``: attacks, their steps and response windows, the Attack and Defense rolls, hit,
  dodge and damage, Icon effects, and which cards may answer in a window (Combat Phase);
- ``activating``: activating Actions, Reactions and Armor for their printed effects
  (Combat Phase);
- ``phases``: the tables of phases, windows and moves.

This module is the game table: the ``Ewc`` class (kept here, so that its module names the
game's package, where ``Game.table`` and the importers look) with the setup's cards placed,
shuffled and drawn (``new_game``), a concession, the seat values a scenario sets, and the
last Hero standing (``winner``, ``ending``); and the names others use from the rules,
re-exported."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ....engine import (
    DeckList,
    Event,
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
from ....engine.game import member_mark
from ....system.paths import cards_dir
from .. import cards as schema
from ..cards import EwcCard
from .combat import attack_strength, run_combat, totals, window_seat
from .effects import (
    ally_behind,
    create_ally,
    deal_damage,
    destroy_ally,
    discard_random,
    draw,
    heal,
    turn_card,
)
from .phases import MOVES, PHASES, TURN_PHASES, WINDOWS
from .state import (
    ALLIES,
    ATTACKER_WINDOWS,
    BEHIND,
    DECK,
    DEFENDER_WINDOWS,
    DISCARD,
    FIELD,
    GAME,
    HAND,
    HERO,
    ICON,
    R_ACTIONS_OWN_TURN,
    R_ACTIVATE_IN_COMBAT,
    R_ALLY_ALIVE,
    R_ALLY_IN_PLAY,
    R_ARMOR_WHEN,
    R_ATTACK_IN_COMBAT,
    R_BASE_ATTACK_ONCE,
    R_COST,
    R_NO_PLAY_IN_COMBAT,
    R_PIERCING,
    R_PLAY_IN_TRAINING,
    R_REACTION_WHEN,
    R_SETUP_ONCE,
    R_TARGETS,
    R_TP_NOT_HERO,
    R_TP_ONCE,
    R_TP_PHASE,
    R_TURNED,
    R_TURNED_FOR_TP,
    R_WEAPONS_ATTACK,
    STAGES,
    STALEMATE_ROUNDS,
    WINDOW_STAGES,
    ZONES,
    Combat,
    EwcData,
    alive_seats,
    characters,
    data,
    face_text,
    face_value,
    hero,
    holds_ally,
    is_character_in_play,
    life,
    modifier,
    name,
)

__all__ = [
    "ALLIES",
    "ATTACKER_WINDOWS",
    "BEHIND",
    "DECK",
    "DEFENDER_WINDOWS",
    "DISCARD",
    "FIELD",
    "GAME",
    "HAND",
    "HERO",
    "ICON",
    "MOVES",
    "PHASES",
    "R_ACTIONS_OWN_TURN",
    "R_ACTIVATE_IN_COMBAT",
    "R_ALLY_ALIVE",
    "R_ALLY_IN_PLAY",
    "R_ARMOR_WHEN",
    "R_ATTACK_IN_COMBAT",
    "R_BASE_ATTACK_ONCE",
    "R_COST",
    "R_NO_PLAY_IN_COMBAT",
    "R_PIERCING",
    "R_PLAY_IN_TRAINING",
    "R_REACTION_WHEN",
    "R_SETUP_ONCE",
    "R_TARGETS",
    "R_TP_NOT_HERO",
    "R_TP_ONCE",
    "R_TP_PHASE",
    "R_TURNED",
    "R_TURNED_FOR_TP",
    "R_WEAPONS_ATTACK",
    "STAGES",
    "STALEMATE_ROUNDS",
    "TURN_PHASES",
    "WINDOWS",
    "WINDOW_STAGES",
    "ZONES",
    "Combat",
    "Ewc",
    "EwcData",
    "act",
    "alive_seats",
    "ally_behind",
    "attack_strength",
    "characters",
    "create_ally",
    "data",
    "deal_damage",
    "destroy_ally",
    "discard_random",
    "draw",
    "face_text",
    "face_value",
    "heal",
    "hero",
    "holds_ally",
    "is_character_in_play",
    "life",
    "modifier",
    "name",
    "run_combat",
    "totals",
    "turn_card",
    "window_seat",
]


def _put_life(state: GameState, seat: int, value: int) -> None:
    h = hero(state, seat)
    if not 1 <= value <= h.card.life:
        raise ValueError(f"{name(state, h.id)}'s Life is 1 to {h.card.life}, not {value}")
    h.damage = h.card.life - value


def _put_tp(state: GameState, seat: int, value: int) -> None:
    if value < 0:
        raise ValueError(f"Training Points cannot be negative ({value})")
    data(state).tp[seat] = value


def _put_next_attack(state: GameState, seat: int, value: int) -> None:
    if value < 0:
        raise ValueError(f"a bonus to the next attack cannot be negative ({value})")
    data(state).next_bonus[seat] = value


_SEAT_VALUES = {
    "life": SeatValue(
        "the Hero's Life left (0 when it has fallen)",
        lambda st, seat: max(0, life(st, data(st).heroes[seat])),
        _put_life,
    ),
    "tp": SeatValue("Training Points in the pool", lambda st, seat: data(st).tp[seat], _put_tp),
    "next_attack": SeatValue(
        'the Strength "your next attack this turn" gets',
        lambda st, seat: data(st).next_bonus[seat],
        _put_next_attack,
    ),
}
_TURN_MARKS = {  # what a scenario may place of a turn (docs/scenarios.md)
    "attacked": member_mark("attacked", "a Hero or Ally that made its attack this turn"),
    "for_tp": member_mark("for_tp", "turned for TP (not for its ability) this turn"),
}


class Ewc(Game):
    id = "ewc"
    name = GAME
    tagline = "Heroes, Training Points from turned cards, a d6 on every attack"
    min_seats = 2
    max_seats = 4
    zones = ZONES
    phases = PHASES
    windows = WINDOWS
    moves = MOVES
    card_model = EwcCard

    def wire_types(self) -> tuple[type, ...]:
        """What a view of this game holds besides the engine's (``Game.wire_types``)."""
        return (EwcData, Combat)

    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES

    def cards_path(self):
        return cards_dir(self.id)

    def seat_values(self) -> Mapping[str, SeatValue]:
        return _SEAT_VALUES

    def turn_marks(self):
        return _TURN_MARKS

    def scenario_ready(self, state: GameState) -> None:
        """The Hero is the card in the Hero zone. In the setup, the seats before the active
        one have kept or replaced their hands; at the first-player roll, every seat has;
        after it, setup is over and the first player known."""
        d = data(state)
        if state.phase == "setup":
            d.kept = [seat < state.active for seat in range(state.seats)]
            d.first = None
        elif state.phase == "initiative":
            d.kept = [True] * state.seats
            d.first = None
        else:
            d.kept = [True] * state.seats
            if d.first is None:
                d.first = state.active
        for seat in range(state.seats):
            ids = state.zones[(seat, HERO)]
            if ids:
                d.heroes[seat] = ids[0]
            heroes = [cid for cid in ids if state.cards[cid].card.type == "hero"]
            if len(ids) != 1 or not heroes:
                raise ValueError(
                    f"seats[{seat}].zones.hero: a player's Hero zone holds "
                    f"exactly one Hero (P{seat + 1}'s holds {len(ids)} "
                    f"card{'s' * (len(ids) != 1)}, {len(heroes)} of them "
                    "Heroes)"
                )

    def new_game(
        self, decks: Sequence[DeckList], seed: int, events: Events | None = None
    ) -> GameState:
        self.check_decks(decks)
        cards = self.card_set().cards
        events = events if events is not None else []
        state = GameState(self, len(decks), seed)
        d = state.data = EwcData(len(decks))
        for seat, deck in enumerate(decks):
            names = deck.names()
            hero_name = next(n for n in names if cards[n].type == "hero")
            h = state.create(cards[hero_name], seat, (seat, HERO))
            d.heroes[seat] = h.id
            # "Place them on the table, forming a triangle with the Hero on top"
            for s in cards[hero_name].starting:
                state.create(cards[s], seat, (seat, FIELD))
            for n in names:
                card = cards[n]
                if card.type == "ally":
                    state.create(card, seat, (seat, BEHIND))
                elif card.type != "hero":
                    state.create(card, seat, (seat, DECK))
            state.shuffle((seat, DECK))
            events.append(
                Event(
                    "info",
                    f"{state.seat_names[seat]} plays {hero_name} with "
                    f"{' and '.join(cards[hero_name].starting)}",
                    seat=seat,
                    cards=(h.id,),
                )
            )
            draw(state, seat, 2, events)
        enter_phase(state, "setup", events)
        settle(state, events)
        return state

    def concede(self, state: GameState, seat: int, events: Events) -> None:
        """The conceding Hero is out: with two players the other wins; with more, play goes
        on without it (its attack, or the attack on it, is called off)."""
        d = data(state)
        d.out[seat] = True
        if d.combat is not None and seat in (d.combat.seat, d.combat.defender):
            d.combat = None
            state.prompts = ()
        alive = alive_seats(state)
        if len(alive) == 1:
            end_game(state, (alive[0],), events, "by concession")
        elif state.active == seat:
            enter_phase(state, "pass", events)

    def deck_summary(self, deck: DeckList) -> str:
        """Its Hero, and how many cards it holds."""
        cards = self.card_set().cards
        hero = next((n for n in deck.cards if n in cards and cards[n].type == "hero"), "")
        return f"{hero} · {counted(sum(deck.cards.values()), 'card')}"

    def out(self, state: GameState) -> frozenset[int]:
        """The Heroes at 0 Life, out of the game."""
        return frozenset(s for s in range(state.seats) if state.data.out[s])

    def winner(self, state: GameState) -> tuple[int, ...] | None:
        alive = alive_seats(state)
        if len(alive) == 1:
            return (alive[0],)
        if not alive:
            return ()
        return None

    def ending(self, state: GameState) -> str:
        """The Hero left standing among three or four; with two, the Hero (or both) whose
        Life reached 0 (a concession that ends the game says so itself)."""
        alive = alive_seats(state)
        if state.seats > 2:
            return (
                f"{hero(state, alive[0]).card.name} is the last Hero standing"
                if alive
                else "no Hero is left standing"
            )
        fallen = [hero(state, s).card.name for s in range(state.seats) if s not in alive]
        return (
            f"{' and '.join(fallen)}'s Life reached 0"
            if len(fallen) == 1
            else f"{' and '.join(fallen)} reached 0 Life together"
        )

    def invariants(self, state: GameState) -> list[str]:
        d = data(state)
        out = []
        for seat in range(state.seats):
            h = hero(state, seat)
            field = state.zones[(seat, FIELD)]
            if not 0 <= d.tp[seat] <= 1 + len(field):
                out.append(f"seat {seat + 1} has {d.tp[seat]} TP with {len(field)} cards in play")
            if d.tp[seat] and seat != state.active:
                out.append(f"seat {seat + 1} holds {d.tp[seat]} TP outside its turn")
            if d.next_bonus[seat] < 0:
                out.append(f"seat {seat + 1} has a negative next-attack bonus")
            if h.damage < 0:
                out.append(f"{name(state, h.id)} has negative damage")
            if h.damage >= h.card.life and not d.out[seat]:
                out.append(f"{name(state, h.id)} is at 0 Life but still in the game")
            if h.zone != (seat, HERO):
                out.append(f"{name(state, h.id)} left the Hero's place")
            for cid in state.zones[(seat, ALLIES)]:
                a = state.cards[cid]
                if not 0 <= a.damage < a.card.life:
                    out.append(f"{name(state, a.id)} is in play with {a.damage} damage")
                creator = d.creators.get(cid)
                if creator is None or not state.cards[creator].turned:
                    out.append(f"{name(state, a.id)} is in play without its creator held turned")
            for cid in state.zones[(seat, BEHIND)]:
                if state.cards[cid].damage:
                    out.append(f"{name(state, cid)} waits behind the Hero damaged")
            for zone in (FIELD, HAND, DECK, DISCARD):
                for cid in state.zones[(seat, zone)]:
                    if state.cards[cid].card.is_character:
                        out.append(f"{name(state, cid)} is in {zone}")
        for ally in d.creators:
            if state.cards[ally].zone[1] != ALLIES:
                out.append(f"creator record for {name(state, ally)}, not in play")
        if bool(state.prompts) != (d.combat is not None) and not state.over:
            out.append(f"windows {state.prompts} open with combat {d.combat}")
        if not state.over and d.out[state.active] and state.phase in TURN_PHASES:
            out.append(f"seat {state.active + 1} is out but has the turn")
        return out
