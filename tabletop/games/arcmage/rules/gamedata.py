"""ARC-mage's own state, kept beside the cards (``GameState.data``): ``ArcData``, what the
rules remember of the game (the founding, the pools, devotion, the stack, what is owed,
the teams...), and ``Combat``, the attack being fought."""

from __future__ import annotations

from typing import Any, ClassVar

from ..cards import ArcCard


class Combat:
    __slots__ = (
        "attackers",
        "blocked",
        "blocks",
        "city",
        "guards",
        "index",
        "seat",
        "splits",
        "stage",
    )

    def __init__(self, seat: int, attackers: tuple[int, ...], city: int):
        self.seat = seat
        self.attackers = attackers  # in the order they assault
        self.city = city
        self.blocks: dict[int, int] = {}  # defender -> the attacker it blocks
        # attackers a defender was assigned to: blocked even if their defenders fall
        self.blocked: frozenset[int] = frozenset()
        self.splits: dict[int, tuple[tuple[int, int], ...]] = {}  # attacker -> (blocker, dmg)
        self.guards: dict[int, int] = {}  # bodyguard -> the creature it guards
        self.stage = "declared"
        self.index = 0  # the battle being resolved

    def copy(self) -> Combat:
        c = Combat(self.seat, self.attackers, self.city)
        c.blocks = self.blocks.copy()
        c.blocked = self.blocked
        c.splits = self.splits.copy()
        c.guards = self.guards.copy()
        c.stage = self.stage
        c.index = self.index
        return c

    def snapshot(self) -> tuple:
        return (
            self.seat,
            self.attackers,
            self.city,
            tuple(sorted(self.blocks.items())),
            tuple(sorted(self.blocked)),
            tuple(sorted(self.splits.items())),
            tuple(sorted(self.guards.items())),
            self.stage,
            self.index,
        )

    def blockers(self, attacker: int) -> list[int]:
        return [b for b, a in self.blocks.items() if a == attacker]


class ArcData:
    __slots__ = (
        "at",
        "attacked",
        "came_from",
        "caps",
        "combat",
        "conceded",
        "copies",
        "decked",
        "delayed",
        "devoted",
        "devotion",
        "disguised",
        "drawn",
        "endgame",
        "evac",
        "extra_combats",
        "extra_drawn",
        "factions",
        "first",
        "format",
        "fought",
        "founded",
        "guards",
        "hurt",
        "known",
        "known_at",
        "militia",
        "moved",
        "no_draw",
        "order",
        "out",
        "owed",
        "pending",
        "picked",
        "pool",
        "resources_left",
        "round",
        "shown",
        "skip",
        "stack",
        "statics",
        "tactic",
        "taken",
        "teams",
        "vengeance",
    )
    # Caches a view sent to another computer carries empty (``tabletop.net.codec``).
    WIRE_RESET: ClassVar[dict] = {
        "statics": lambda d: None,
        "known": lambda d: {},
        "known_at": lambda d: -1,
    }

    def __init__(self, seats: int):
        self.first: int | None = None
        self.founded = [False] * seats
        self.factions: list[tuple[str, ...]] = [()] * seats  # the factions of each deck
        self.decked = [False] * seats  # had to draw from an empty deck
        self.conceded = [False] * seats
        self.out = [False] * seats  # defeated, and taken out of the game
        self.drawn: int | None = None  # the Draw & Resource course chosen (cards drawn)
        self.resources_left = 0  # resource cards the course still allows this turn
        self.pool: list[dict[str, int]] = [{} for _ in range(seats)]  # produced, unspent
        self.moved: frozenset[int] = frozenset()  # cities moved from or to this turn
        self.devotion: dict[int, int] = {}  # city -> devotion shown (until owner's Unmark)
        self.devoted: frozenset[int] = frozenset()  # cities devoted this Tactics phase
        self.attacked: frozenset[int] = frozenset()  # creatures that attacked this combat
        self.fought: frozenset[int] = frozenset()  # creatures that attacked this turn
        self.hurt: dict[int, int] = {}  # city -> damage it took this turn (a "cap" counts it)
        self.guards: dict[int, int] = {}  # bodyguard -> guarded creature, this turn
        # (card, seat, targets, words): cards played, not yet resolved; last is top
        self.stack: list[tuple[int, int, tuple[int, ...], tuple[str, ...]]] = []
        self.round: tuple[int, ...] | None = None  # seats still to answer, or no round
        # triggered: (source, ability, seat, the card it is about or -1)
        self.pending: list[tuple[int, int, int, int]] = []
        # what card texts make players do, in order, each chosen by that player (ruling
        # 46): (seat, "damage" | "damage_or_resource" | "discard" | "either" |
        # "sacrifice:<kinds>" | "exile:<seat>:<kinds>" | "steal:<seat>" | "swap:<seat>:<kinds>",
        # how many, the card that makes them) — see DAMAGES, OR_RESOURCE, SACRIFICE, EXILE,
        # STEAL, SWAP
        self.owed: tuple[tuple[int, str, int, int], ...] = ()
        self.picked: tuple[int, ...] = ()  # cards picked so far by a "repeat" ability
        # (seat, card, its definition): deck cards shown to the seat searching its deck
        self.shown: tuple[tuple[int, int, Any], ...] = ()
        self.extra_combats = 0  # further combat phases this turn (Borg's Keep)
        self.vengeance: dict[int, int] = {}  # seat -> +1/+0 counters for creatures played
        # seat -> (the most it may draw in its next Draw & Resource phase, the card that
        # says so): "all players can only draw one card during their next draw phase"
        self.caps: dict[int, tuple[int, int]] = {}
        self.no_draw: frozenset[int] = frozenset()  # seats that draw no card this turn
        # card -> the resource cards it stole, each with the seat it was taken from (its
        # "when I leave play" gives them back)
        self.taken: dict[int, tuple[tuple[int, int], ...]] = {}
        # a sand copy token -> the token it copies (it is destroyed with it)
        self.copies: dict[int, int] = {}
        # a card played as a creature -> the card it is once it leaves play (ruling 70)
        self.disguised: dict[int, ArcCard] = {}
        # heard abilities waiting for their player's next Play phase: (card, ability, seat)
        self.delayed: tuple[tuple[int, int, int], ...] = ()
        # creature -> where its last move took it from: a city, or itself for its army
        self.came_from: dict[int, int] = {}
        # A team format ("Team Play Formats", ``teams``): its name ("" free-for-all), each
        # seat's team, the order of turns and where in it the game is, the Giant's endgame
        # (the first player out, the turn they went out), the Aminduna team players who
        # skip their next turn, the cities the overlord's Militia attacked this turn, and
        # whether the overlord drew its extra card this turn.
        self.format = ""
        self.teams: tuple[int, ...] = ()
        self.order: tuple[int, ...] = ()
        self.at = 0
        self.endgame: tuple[int, int] | None = None
        self.skip: frozenset[int] = frozenset()
        self.militia: tuple[int, ...] = ()
        self.extra_drawn = False
        self.tactic: tuple[int, tuple[int, ...]] | None = None  # devotion being declared
        self.combat: Combat | None = None
        self.evac: tuple[int, ...] = ()  # residents of a destroyed city to be moved
        self.statics: tuple | None = None  # the passive effects in play, and what for
        # Answers about who controls what, valid while ``state.board`` is ``known_at``
        # (state.cities, state.creatures); never copied.
        self.known: dict[tuple, list] = {}
        self.known_at = -1

    def copy(self) -> ArcData:
        d = ArcData.__new__(ArcData)
        d.first = self.first
        d.founded = self.founded.copy()
        d.factions = self.factions
        d.decked = self.decked.copy()
        d.conceded = self.conceded.copy()
        d.out = self.out.copy()
        d.drawn = self.drawn
        d.resources_left = self.resources_left
        d.pool = [p.copy() for p in self.pool]
        d.moved = self.moved
        d.devotion = self.devotion.copy()
        d.devoted = self.devoted
        d.attacked = self.attacked
        d.fought = self.fought
        d.hurt = self.hurt.copy()
        d.guards = self.guards.copy()
        d.stack = self.stack.copy()
        d.round = self.round
        d.pending = self.pending.copy()
        d.owed = self.owed
        d.tactic = self.tactic
        d.combat = self.combat.copy() if self.combat is not None else None
        d.evac = self.evac
        d.statics = self.statics
        d.picked = self.picked
        d.shown = self.shown
        d.extra_combats = self.extra_combats
        d.vengeance = self.vengeance.copy()
        d.caps = self.caps.copy()
        d.no_draw = self.no_draw
        d.taken = self.taken.copy()
        d.copies = self.copies.copy()
        d.disguised = self.disguised.copy()
        d.delayed = self.delayed
        d.came_from = self.came_from.copy()
        d.format = self.format
        d.teams = self.teams
        d.order = self.order
        d.at = self.at
        d.endgame = self.endgame
        d.skip = self.skip
        d.militia = self.militia
        d.extra_drawn = self.extra_drawn
        d.known = {}
        d.known_at = -1
        return d

    def snapshot(self) -> tuple:
        return (
            self.first,
            tuple(self.founded),
            tuple(self.factions),
            tuple(self.decked),
            tuple(self.conceded),
            tuple(self.out),
            self.drawn,
            self.resources_left,
            tuple(tuple(sorted(p.items())) for p in self.pool),
            tuple(sorted(self.moved)),
            tuple(sorted(self.devotion.items())),
            tuple(sorted(self.devoted)),
            tuple(sorted(self.attacked)),
            tuple(sorted(self.fought)),
            tuple(sorted(self.hurt.items())),
            tuple(sorted(self.guards.items())),
            tuple(self.stack),
            self.round,
            tuple(self.pending),
            self.owed,
            self.tactic,
            self.combat.snapshot() if self.combat else None,
            self.evac,
            self.picked,
            tuple((s, c) for s, c, _ in self.shown),
            self.extra_combats,
            tuple(sorted(self.vengeance.items())),
            tuple(sorted(self.caps.items())),
            tuple(sorted(self.no_draw)),
            tuple(sorted(self.taken.items())),
            tuple(sorted(self.copies.items())),
            tuple(sorted((c, card.name) for c, card in self.disguised.items())),
            self.delayed,
            tuple(sorted(self.came_from.items())),
            self.format,
            self.teams,
            self.order,
            self.at,
            self.endgame,
            tuple(sorted(self.skip)),
            self.militia,
            self.extra_drawn,
        )
