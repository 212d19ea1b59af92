"""C.O.E's zones and the game's own state (coe.txt, "General Game Terms", and the areas the
rulebook names: the resource area, the party area, the Party Leader and support positions, the
6 character positions, the arsenal, the shared Scenario Zone).

Here: the zones and the phases' names, the refusals' texts more than one section gives, what
the game keeps between actions (``CoeData``; the answers to an action, a ``Chain``; an attack
in progress, a ``Battle``), and card facts: a seat's characters on the field and on the
battlefield, the champions left of its party, a character played to the field this turn."""

from __future__ import annotations

from typing import ClassVar

from ....engine import GameState, Visibility, ZoneSpec, card_name
from ....engine.abilities import Modifier

GAME = "C.O.E"
C = GAME
DECK, HAND, ARCHIVE, RESOURCES = "deck", "hand", "archive", "resources"
PARTY, LEADER, SUPPORT, CHARACTERS, ARSENAL = "party", "leader", "support", "characters", "arsenal"
PLAYED = "played"  # a card played from hand, face up, until it resolves (or is negated)
SCENARIOS = "scenarios"
OPENING_HAND = 5  # ruling 3
HANDICAP = {1: 3, 2: 2, 3: 1, 4: 0}
SLOTS = 6
POSITIONS = 6
IN_PLAY = frozenset({"leader", "support", "characters", "arsenal", "scenarios"})

ZONES = {
    DECK: ZoneSpec(DECK, "Deck", Visibility.HIDDEN),
    HAND: ZoneSpec(HAND, "Hand", Visibility.OWNER),
    ARCHIVE: ZoneSpec(ARCHIVE, "Archive"),
    RESOURCES: ZoneSpec(RESOURCES, "Resources"),
    PARTY: ZoneSpec(PARTY, "Party"),
    LEADER: ZoneSpec(LEADER, "Party Leader"),
    SUPPORT: ZoneSpec(SUPPORT, "Support"),
    CHARACTERS: ZoneSpec(CHARACTERS, "Characters"),
    ARSENAL: ZoneSpec(ARSENAL, "Arsenal"),
    PLAYED: ZoneSpec(PLAYED, "Being played"),
    SCENARIOS: ZoneSpec(SCENARIOS, "Scenario Zone", shared=True),
}

CAMP, PREP, REST = "Camp Phase", "Preparation Phase", "Rest Phase"
R_STEP_ORDER = (
    f"{C}: Camp Phase marks the beginning of a players turn and must be completed in the "
    "following order (ruling 25)"
)
R_FROM_HAND = f"{C}: cards are played from your hand"


def data(state: GameState) -> CoeData:
    return state.data


def who(state: GameState, seat: int) -> str:
    return state.seat_names[seat]


# A card's name in the log and the refusals (with its owner's, in a mirror match).
name = card_name


class CoeData:
    __slots__ = (
        "always",
        "battle",
        "built",
        "chain",
        "established",
        "first",
        "found",
        "mark",
        "obstructed",
        "pardoned",
        "quiet",
        "step",
        "swifted",
        "tactic",
    )
    # Caches a view sent to another computer carries empty (``tabletop.net.codec``).
    WIRE_RESET: ClassVar[dict] = {"always": lambda d: None}

    def __init__(self, seats: int):
        self.mark: tuple | None = None  # what had happened when the last turn ended
        self.quiet = 0  # turns in a row with empty decks and nothing done (ruling 63)
        self.always: tuple | None = None  # the continuous modifiers, cached (always_on)
        self.first: int | None = None
        self.built = False  # a resource built this turn
        self.established = False  # a scenario played in this Rest Phase
        self.step = 0  # the Camp Phase's step reached (3 build, 4 scenarios, 5 tactics)
        self.tactic = False  # a party tactic used this turn
        self.pardoned = False  # Scenario Pardon invoked this turn (ruling 24)
        self.found: int | None = None  # the scenario it found, playable out of step order
        self.battle: Battle | None = None
        self.chain: Chain | None = None  # the answers to an action, until it resolves
        self.swifted = [False] * seats  # the leader's Swift of the first Camp Phase
        # Obstructed character positions (ruling 57), one (seat obstructed, seat whose card
        # obstructed it) a position, until the latter's next turn begins.
        self.obstructed: tuple[tuple[int, int], ...] = ()

    def copy(self) -> CoeData:
        d = CoeData.__new__(CoeData)
        d.first, d.built, d.established, d.step, d.tactic = (
            self.first,
            self.built,
            self.established,
            self.step,
            self.tactic,
        )
        d.pardoned, d.found, d.obstructed = self.pardoned, self.found, self.obstructed
        d.mark, d.quiet = self.mark, self.quiet
        d.battle = self.battle.copy() if self.battle is not None else None
        d.chain = self.chain.copy() if self.chain is not None else None
        d.swifted = self.swifted.copy()
        d.always = self.always  # (key, by target): rebuilt when its key no longer matches
        return d

    def snapshot(self) -> tuple:
        return (
            self.first,
            self.built,
            self.established,
            self.step,
            self.tactic,
            self.pardoned,
            self.found,
            self.obstructed,
            self.mark,
            self.quiet,
            self.battle.snapshot() if self.battle is not None else None,
            self.chain.snapshot() if self.chain is not None else None,
            tuple(self.swifted),
        )


class Chain:
    """An action that may be answered (a card played, a Conjure activated, an attack, a
    champion's Swift activated) and the answers to it, until both seats pass in a row
    (ruling 51)."""

    __slots__ = ("actor", "answers", "asked", "kind", "passes", "subject", "then")

    def __init__(
        self,
        kind: str,
        actor: int,
        subject: int | None,
        asked: int,
        passes: int,
        then: str | None = None,
    ):
        self.kind = kind  # "play", "battle" or "swift"
        self.actor = actor
        self.subject = subject  # the card played, or the champion whose Swift (None: attack)
        self.asked = asked
        self.passes = passes
        self.answers: tuple[int, ...] = ()
        # What follows once the answers have resolved: "camp", the Camp Phase's draw and
        # reset, after a leader's first Swift (ruling 6).
        self.then = then

    def copy(self) -> Chain:
        c = Chain(self.kind, self.actor, self.subject, self.asked, self.passes, self.then)
        c.answers = self.answers
        return c

    def snapshot(self) -> tuple:
        return (
            self.kind,
            self.actor,
            self.subject,
            self.asked,
            self.passes,
            self.answers,
            self.then,
        )

    def answered(self, state: GameState) -> int | None:
        """What a Counter answers: the card played, or the attacker."""
        if self.kind == "battle":
            battle = data(state).battle
            return battle.attacker if battle is not None else None
        return self.subject


class Battle:
    """One attack, from its declaration to its damage."""

    __slots__ = (
        "attack_boost",
        "attack_lent",
        "attacker",
        "countered",
        "defense_boost",
        "defense_lent",
        "lasting",
        "negated",
        "seat",
        "target",
    )

    def __init__(self, seat: int, attacker: int, target: int, boosters: tuple[int, ...]):
        self.seat = seat
        self.attacker = attacker
        self.target = target
        self.attack_boost = boosters
        self.defense_boost: tuple[int, ...] = ()
        # What the boosters lent, as they were when they boosted (before their stagger).
        self.attack_lent = 0
        self.defense_lent = 0
        self.countered = False
        self.negated = False  # a Counter made it do nothing
        self.lasting: tuple[Modifier, ...] = ()  # modifiers "for this battle"

    def copy(self) -> Battle:
        b = Battle(self.seat, self.attacker, self.target, self.attack_boost)
        b.defense_boost, b.countered, b.lasting, b.negated = (
            self.defense_boost,
            self.countered,
            self.lasting,
            self.negated,
        )
        b.attack_lent, b.defense_lent = self.attack_lent, self.defense_lent
        return b

    def snapshot(self) -> tuple:
        return (
            self.seat,
            self.attacker,
            self.target,
            self.attack_boost,
            self.defense_boost,
            self.countered,
            self.lasting,
            self.attack_lent,
            self.defense_lent,
            self.negated,
        )


def characters(state: GameState, seat: int) -> list[int]:
    """The seat's champions and acolytes on the field: the leader, the character positions,
    the support position."""
    z = state.zones
    return [*z[(seat, LEADER)], *z[(seat, CHARACTERS)], *z[(seat, SUPPORT)]]


def battlefield(state: GameState, seat: int) -> list[int]:
    """The seat's characters on the battlefield: the leader and the 6 positions (ruling 12)."""
    return [*state.zones[(seat, LEADER)], *state.zones[(seat, CHARACTERS)]]


def party_left(state: GameState, seat: int) -> list[int]:
    """The seat's champions not archived: in the party area or on the field."""
    z = state.zones
    return [
        c
        for zone in (PARTY, LEADER, CHARACTERS, SUPPORT)
        for c in z[(seat, zone)]
        if state.cards[c].card.type == "champion"
    ]


def _archived(state: GameState) -> list[int]:
    """The seats whose every champion is archived."""
    return [s for s in range(state.seats) if not party_left(state, s)]


def played(state: GameState, cid: int) -> None:
    """A character comes to the field this turn (it may not attack this turn without First
    Strike, ruling 29)."""
    state.cards[cid].counters["entered"] = state.turn
