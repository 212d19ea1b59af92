"""EWC's own part of a game state: Training Points, the attack in progress, Allies."""

from __future__ import annotations

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
