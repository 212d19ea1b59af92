"""EWC's state and plain queries on it: the zones (a seat's Hero, the cards in play, its
Allies and the Ally tokens behind the Hero, hand, deck, discard pile), the rules as the
refusals quote them, the battle die's faces (the Icon counts as 6), the game's own part of
a game state (``EwcData``: Training Points, the attack in progress, Allies; ``Combat``: one
attack and its steps, ``STAGES``), and small queries (a seat's Hero, Life left, the
Heroes still in the game, a seat's Heroes and Allies in play)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....engine import GameState, Visibility, ZoneSpec, card_name

GAME = "EWC"
STALEMATE_ROUNDS = 10  # ruling 6: whole rounds with every deck empty and nothing changing

# Zones, per seat.
HERO, FIELD, ALLIES, BEHIND, HAND, DECK, DISCARD = (
    "hero",
    "field",
    "allies",
    "behind",
    "hand",
    "deck",
    "discard",
)

ZONES = {
    HERO: ZoneSpec(HERO, "Hero"),
    FIELD: ZoneSpec(FIELD, "In play"),
    ALLIES: ZoneSpec(ALLIES, "Allies"),
    BEHIND: ZoneSpec(BEHIND, "Behind the Hero"),
    HAND: ZoneSpec(HAND, "Hand", Visibility.OWNER),
    DECK: ZoneSpec(DECK, "Deck", Visibility.HIDDEN),
    DISCARD: ZoneSpec(DISCARD, "Discard pile"),
}

ICON = 6  # the die face that shows the Icon; it counts as 6

# The rules a refusal names, in the rulebook's words; one that rests on a ruling of
# docs/rulings/ewc.md says "(ruling)".
R_NO_PLAY_IN_COMBAT = (
    "EWC, Combat Phase: once this phase begins, you can no longer put cards into play"
)
R_PLAY_IN_TRAINING = (
    "EWC, Training Phase: in this phase you will be putting cards from your hand into play"
)
R_COST = "EWC, Playing Cards: to put a card into play you must pay its cost with TP"
R_TP_NOT_HERO = (
    "EWC, Training Points: you may activate any cards you have in play, except for "
    "your Hero or Allies, to gain TP"
)
R_TP_PHASE = (
    "EWC, Training Points (ruling): cards are activated for TP in the Training Phase, "
    "where TP pay for the cards you put into play"
)
R_TP_ONCE = "EWC, Training Points: each card you choose to activate only grants you 1 TP"
R_TURNED_FOR_TP = (
    "EWC, Training Points: a card activated for TP cannot use the abilities "
    "printed on it while it is activated"
)
R_TURNED = (
    "EWC, Ready Phase: a card turned 90 degrees is able to be activated again once it "
    "readies in your Ready Phase"
)
R_ATTACK_IN_COMBAT = (
    "EWC, Combat Phase (ruling): attacks are made in the Combat Phase, not in the Training Phase"
)
R_ACTIONS_OWN_TURN = (
    "EWC, Combat Phase: Action cards and Weapons can only be activated on your turn"
)
R_ACTIVATE_IN_COMBAT = (
    "EWC, Combat Phase (ruling): cards are activated for their effects in "
    'the Combat Phase ("in this phase your Hero is allowed to activate '
    'cards for their printed effects")'
)
R_TARGETS = (
    "EWC, Combat Phase: you may choose to attack any of your opponent's Heroes or Allies in play"
)
R_BASE_ATTACK_ONCE = (
    "EWC, Combat Phase (ruling): a Hero's Base Attack, and each Ally's "
    "attack, is made once per turn"
)
R_WEAPONS_ATTACK = "EWC, Combat Phase: Weapons are cards that create Attacks"
R_PIERCING = (
    "EWC, Combat Phase: Piercing attacks do not allow you to use Armor cards during this attack"
)
R_ARMOR_WHEN = "EWC, Combat Phase: Armor is used either before or after you make a Defense roll"
R_REACTION_WHEN = "EWC, Combat Phase: Reaction cards will tell you when they can be activated"
R_ALLY_ALIVE = (
    "EWC, Allies: while the Ally is in play, the card that created it cannot ready "
    "for as long as the Ally is alive"
)
R_ALLY_IN_PLAY = (
    "EWC, Allies: the Ally token card is removed from behind your Hero and put beside them"
)
R_SETUP_ONCE = (
    "EWC, Setup: you may choose to replace any of the 2 cards you drew; you can "
    "only do this once and only at the setup"
)


def face_value(face: int | None) -> int:
    """The Icon face counts as 6; the other faces as their pips."""
    return 0 if face is None else face


def face_text(face: int) -> str:
    return "the Icon (6)" if face == ICON else str(face)


# -- the game's own state ------------------------------------------------------------------


# The steps of one attack, in order. Five of them are response windows, each named after
# the Reaction timing it answers: three for the seat attacked, two for the attacking seat.
STAGES = (
    "attacked",
    "before_attack",
    "attack_roll",
    "after_attack",
    "before_defense",
    "defense_roll",
    "after_defense",
    "resolve",
)
DEFENDER_WINDOWS = ("attacked", "before_defense", "after_defense")
ATTACKER_WINDOWS = ("before_attack", "after_attack")
WINDOW_STAGES = DEFENDER_WINDOWS + ATTACKER_WINDOWS


class Combat:
    """One attack, from its declaration to its damage."""

    __slots__ = (
        "attack_die",
        "attack_mod",
        "attacker",
        "defender",
        "defense_die",
        "defense_mod",
        "pending",
        "piercing",
        "prevent",
        "seat",
        "source",
        "stage",
        "strength",
        "target",
        "used",
    )

    def __init__(
        self,
        seat: int,
        defender: int,
        source: int,
        attacker: int,
        target: int,
        strength: int,
        piercing: bool,
    ):
        self.seat = seat  # the attacking seat
        self.defender = defender  # the seat whose Hero or Ally is attacked
        self.source = source  # the card making the attack (Weapon, Action, Hero or Ally)
        self.attacker = attacker  # the Hero or Ally making it
        self.target = target  # the Hero or Ally attacked
        self.strength = strength
        self.piercing = piercing
        self.stage = 0  # index into STAGES
        self.attack_die: int | None = None
        self.defense_die: int | None = None
        self.attack_mod = 0
        self.defense_mod = 0
        self.prevent = 0
        self.used: tuple[int, ...] = ()  # cards either side activated during this attack
        self.pending: tuple[tuple[int, int], ...] = ()  # (card, effect index) waiting on 'if'

    @property
    def stage_name(self) -> str:
        return STAGES[self.stage]

    def copy(self) -> Combat:
        c = Combat.__new__(Combat)
        for slot in Combat.__slots__:
            setattr(c, slot, getattr(self, slot))
        return c

    def snapshot(self) -> tuple:
        return tuple(getattr(self, slot) for slot in Combat.__slots__)


class EwcData:
    __slots__ = (
        "attacked",
        "combat",
        "creators",
        "first",
        "for_tp",
        "heroes",
        "kept",
        "low",
        "mark",
        "next_bonus",
        "out",
        "quiet",
        "tp",
    )

    def __init__(self, seats: int):
        self.heroes: list[int] = [0] * seats  # each seat's Hero card id
        self.tp = [0] * seats  # Training Points in the pool
        self.out = [False] * seats  # Heroes at 0 Life
        self.kept = [False] * seats  # setup: the hand decision is made
        self.next_bonus = [0] * seats  # "your next attack this turn gets +N Strength"
        self.first: int | None = None  # who won the first-player roll
        self.attacked: set[int] = set()  # Heroes and Allies that made their attack this turn
        self.for_tp: set[int] = set()  # cards turned for TP (not for their ability)
        self.creators: dict[int, int] = {}  # Ally in play -> the card that created it
        self.combat: Combat | None = None
        # Ruling 6: with both decks empty, each Hero's lowest Life since they ran out, what
        # else could change (hands, cards in play, Allies, who is out), and the turns in a
        # row in which nothing did.
        self.low: tuple[int, ...] | None = None
        self.mark: tuple = ()
        self.quiet = 0

    def copy(self) -> EwcData:
        d = EwcData.__new__(EwcData)
        d.heroes = self.heroes.copy()
        d.tp = self.tp.copy()
        d.out = self.out.copy()
        d.kept = self.kept.copy()
        d.next_bonus = self.next_bonus.copy()
        d.first = self.first
        d.attacked = self.attacked.copy()
        d.for_tp = self.for_tp.copy()
        d.creators = self.creators.copy()
        d.combat = self.combat.copy() if self.combat is not None else None
        d.low, d.mark, d.quiet = self.low, self.mark, self.quiet
        return d

    def snapshot(self) -> tuple:
        return (
            tuple(self.heroes),
            tuple(self.tp),
            tuple(self.out),
            tuple(self.kept),
            tuple(self.next_bonus),
            self.first,
            tuple(sorted(self.attacked)),
            tuple(sorted(self.for_tp)),
            tuple(sorted(self.creators.items())),
            self.combat.snapshot() if self.combat is not None else None,
            self.low,
            self.mark,
            self.quiet,
        )


# -- small queries -------------------------------------------------------------------------


def data(state: GameState) -> EwcData:
    return state.data


def hero(state: GameState, seat: int) -> Any:
    return state.cards[state.data.heroes[seat]]


def life(state: GameState, card_id: int) -> int:
    """Life left on a Hero or Ally."""
    inst = state.cards[card_id]
    return inst.card.life - inst.damage


def modifier(state: GameState, seat: int, stat: str) -> int:
    """The sum of a seat's Hero ability modifiers for ``stat``."""
    return state.cards[state.data.heroes[seat]].card.modifiers.get(stat, 0)


def alive_seats(state: GameState) -> list[int]:
    out = state.data.out
    return [s for s in range(state.seats) if not out[s]]


def characters(state: GameState, seat: int) -> Iterator[int]:
    """A seat's Hero and Allies in play (what can attack and be attacked)."""
    yield state.data.heroes[seat]
    yield from state.zones[(seat, ALLIES)]


def is_character_in_play(state: GameState, card_id: int) -> bool:
    inst = state.cards[card_id]
    return inst.zone[1] in (HERO, ALLIES)


def holds_ally(state: GameState, card_id: int) -> bool:
    return card_id in state.data.creators.values()


# A card's name in the log and the refusals (with its owner's, in a mirror match).
name = card_name
