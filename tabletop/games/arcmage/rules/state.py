"""ARC-mage's state and plain queries on it: the zones and numbers of the game, the rules as
the refusals quote them, card facts (what a card is, where it lies, whose it is, the cities
and creatures of a seat), and who is still playing. The game's own state (``ArcData``,
``Combat``) is in ``gamedata``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ....engine import HIDDEN, GameState, Visibility, Words, ZoneSpec, card_name, naming
from ..abilities import MARKERS
from ..cards import ArcCard
from ..vocabulary import FACTION_NAMES
from .gamedata import ArcData

GAME_NAME = "ARC-mage"


A = GAME_NAME


DECK, HAND, GRAVE, UNBUILT, ARMY = "deck", "hand", "graveyard", "unbuilt", "army"


REMOVED, TOKENS, STACK = "removed", "tokens", "stack"


MAX_CITIES = 6


CITIES = tuple(f"city{i}" for i in range(1, MAX_CITIES + 1))


CITY_SET = frozenset(CITIES)


FACTIONS = ("gaian", "dark_legion", "red_banner", "house_of_nobles", "empire")


RES = {f: f"res_{f}" for f in FACTIONS}


RES_FACTION = {v: k for k, v in RES.items()}


OPENING_HAND = 7


HAND_LIMIT = 7


PLAY_ZONES = (ARMY, *CITIES)


IN_PLAY = frozenset(PLAY_ZONES)


ZONES: dict[str, ZoneSpec] = {
    DECK: ZoneSpec(DECK, "Deck", Visibility.HIDDEN),
    HAND: ZoneSpec(HAND, "Hand", Visibility.OWNER),
    GRAVE: ZoneSpec(GRAVE, "Graveyard"),
    UNBUILT: ZoneSpec(UNBUILT, "Unbuilt cities", Visibility.OWNER),
    ARMY: ZoneSpec(ARMY, "Army", board=True),
    **{c: ZoneSpec(c, f"City {c[4:]}", board=True) for c in CITIES},
    **{RES[f]: ZoneSpec(RES[f], f"{FACTION_NAMES[f]} resources") for f in FACTIONS},
    REMOVED: ZoneSpec(REMOVED, "Sacrificed"),
    TOKENS: ZoneSpec(TOKENS, "Tokens set aside"),
    STACK: ZoneSpec(STACK, "The stack", shared=True),
}


# The rules, as the refusals quote them.
R_PICK_CITY = f"{A}, Playing the game: the player looks at their stack of city cards and picks one"
R_COST = f"{A}, Playing a card: pay the card's cost by marking unmarked resource cards"


R_LOYALTY = (
    f"{A}, Card Layout: the loyalty marks say how many of the cost must be paid with "
    "the faction's own resources"
)


R_INTO_CITY = (
    f"{A}, Creatures: creatures are put into play into a city the player controls; "
    "they may not be put into the Army directly"
)


R_MAGIC_WHEN = (
    f"{A}, Magic: Magic cards may only be played during the player's own turn, and "
    "only during a Play phase"
)


R_ENCH_WHEN = f"{A}, Enchantments: Enchantment cards may only be played during your own Play phases"


R_PLAY_WHEN = f"{A}, Play: creatures are put into play during the player's own Play phases"


R_PLAY_ANY = (
    f"{A}: an Event card may be played at any time; creatures, Magic and Enchantment "
    "cards in the player's own Play phases"
)


R_X = (
    f"{A}, Variable Resource Costs (ruling): {{card}} costs X: the player says X when "
    "playing it, 1 or more (x=N)"
)


R_UNIQUE = f"{A}, Unique: no player can control more than one of this unit at any time"


R_DRAW = (
    f"{A}, Draw & Resource: draw 2 cards and play no resource, or draw 1 and optionally "
    "play 1 resource, or draw 0 and play 2 resource cards"
)


R_DRAW_EMPTY_HAND = f"{A}, Draw & Resource: with no cards in hand, you must draw at least one card"


R_DRAW_ZERO = (
    f"{A}, Draw & Resource: draw 0 cards and play 2 resource cards (if you can't play "
    "the 2 resource cards, this option is not available)"
)


R_RESOURCE = (
    f"{A}, Draw & Resource: the resource cards are played after drawing, as many as "
    "the course you chose allows"
)


R_BUILD = (
    f"{A}, Founding a city: a player may skip an entire turn and instead put one of "
    "their unbuilt cities into play"
)


R_MARKED = f"{A}, Marking: a marked card cannot be marked again; only an unmarked card can"


R_MOVE = (
    f"{A}, Movement: unmarked creatures move from the Army to a city, from a city to the "
    "Army, or from a city to another city"
)


R_MOVE_ONCE = (
    f"{A}, Movement: a given city may be involved in a move only once per turn "
    "(either as the origin or the destination)"
)


R_MOVE_OWN = (
    f"{A}, Movement: a player may only move their own creatures, among their own Army and cities"
)


R_ATTACK_ARMY = (
    f"{A}, Combat: the attacking player uses one or more unmarked creatures in "
    "their army; residents of a city can never attack"
)


R_ATTACK_CITY = (
    f"{A}, Combat: the target of the attack is one of the opponent's cities; "
    "players may not attack their own cities"
)


R_ATTACK_ONCE = f"{A}, Attack: only one attack is allowed"


R_TEAM_MATE = f"{A}, Team Play Formats: a team-mate's city is not attacked"


R_OVERDRAW = (
    f"{A}, Aminduna Format: the overlord optionally draws one additional card at the end of "
    "their turn"
)


R_MILITIA = (
    f"{A}, Aminduna Format: the overlord's army can attack two cities at once during the "
    "combat phase"
)


R_RELEASE = (
    f"{A} (ruling): a held creature does not unmark unless its controller pays for "
    "it, at the start of Draw & Resource"
)


R_SALVAGE = f"{A}, Salvage: you may pay N resources to return me to your hand from the graveyard"


R_SALVAGE_WHEN = f"{A}, Salvage (ruling): a card is salvaged in your own Play phases"


R_MUST_ATTACK = (
    f"{A} (ruling): a card in play says these creatures must attack this combat "
    "phase: the Attack phase does not end without an attack, and every attack "
    "includes them"
)


R_PEACEFUL = f"{A}, Peaceful: I cannot attack"


R_CANNOT = (
    f"{A}, Conflicting rules: if an effect forbids something while another allows it, "
    'it is forbidden ("No, not, can\'t" always outweigh "can")'
)


R_BLOCK = (
    f"{A}, Assigning defenders: the unmarked creatures of the defending Army and of the "
    "attacked city are available to defend"
)


R_BLOCK_ONE = f"{A}, Assigning defenders: a given defender can only defend against one attacker"


R_FLYING = (
    f"{A}, Flying (ruling): only creatures with flying and ranged can defend against me "
    "(read: flying or ranged)"
)


R_SPLIT = (
    f"{A}, Resolving combat: the attacking player distributes the damage dealt by the "
    "attacker's ATK among its defenders"
)


R_DEVOTE = (
    f"{A}, Cities: during the Tactics phase the player may mark residents of a city to "
    "show their devotion to it"
)


R_DEVOTE_ONCE = f"{A} (ruling): a city's devotion is declared once per Tactics phase"


R_DISCARD = (
    f"{A}, Discard: a player may not discard cards from their hand if they have fewer "
    "than 8 cards in hand"
)


R_HAND_LIMIT = f"{A}, Discard: discard cards until there are 7 cards remaining in hand"


R_EVENT_ONLY = f"{A}, Events: only Event cards may be played in answer to another card"


R_ANSWER_WHEN = (
    f"{A} (ruling): a player steps in with an Event during a turn, when nobody is "
    "being asked anything"
)


R_TARGET = f"{A}: the card needs a legal target"
# What a card makes a player do is that player's to choose (ruling 46).
R_OWED = f"{A} (ruling): the player a card damages or makes discard chooses how"
OFFER = "offer:"  # an owed kind its player may take or decline: "offer:draw" (ruling 101)
R_OFFER = f"{A} (ruling): a player a card says may do something chooses whether to"


R_DEFEATED = f"{A} (ruling): a defeated player takes no further part in the game"


R_ABILITY = (
    f"{A} (ruling): a creature's activated abilities are used in its controller's Play "
    "phases, except those that only produce resources, which may be used whenever "
    "that player may pay"
)


R_GUARD = f"{A}, Bodyguard: I may divert damage from target creature you control to myself"


R_GUARD_WHEN = (
    f"{A}, Bodyguard (ruling): the creature a bodyguard guards is declared in its "
    "controller's Play or Attack phase, or while assigning defenders"
)


# -- card facts ------------------------------------------------------------------------------


def card_of(state: GameState, cid: int) -> ArcCard:
    return state.cards[cid].card


# A card's name in the log and the refusals (with its owner's, in a mirror match).
name = card_name


Said = str | Words  # a line of the log, or words naming cards not every seat may see


def because(state: GameState, source: int) -> Words:
    """ " (Card)", the card an effect comes from, as each seat may read it: a seat that
    cannot see the card (gone back to its owner's hand) reads where it is (``naming``)."""
    return " (" + naming(state, source) + ")"


def who(state: GameState, seat: int) -> str:
    return state.seat_names[seat]


def in_play(state: GameState, cid: int) -> bool:
    return state.cards[cid].zone[1] in IN_PLAY


def is_creature(inst: Any) -> bool:
    return inst.card.type == "creature"


def is_city(inst: Any) -> bool:
    return inst.card.type == "city"


def controller(state: GameState, cid: int) -> int:
    return state.cards[cid].owner


def city_zones(state: GameState, seat: int) -> Iterator[tuple[str, int | None]]:
    """(zone name, the city card in it or None) for each of the seat's kingdom rows."""
    for z in CITIES:
        ids = state.zones[(seat, z)]
        first = ids[0] if ids else None
        yield z, first if first is not None and is_city(state.cards[first]) else None


_ROWS: dict[int, tuple[tuple[int, str], ...]] = {}


def rows(seat: int) -> tuple[tuple[int, str], ...]:
    """The zone keys of a seat's kingdom rows, made once."""
    keys = _ROWS.get(seat)
    if keys is None:
        keys = _ROWS[seat] = tuple((seat, z) for z in CITIES)
    return keys


def _known(state: GameState) -> dict[tuple, Any]:
    """The answers worked out since a card last entered, left or moved in play
    (``state.board``), to read and add to (an empty dict, not kept, before the game has its
    data). The answers live on the game's data, which a copy of the state does not share: a
    clone starts with none. (Bots and rules ask who controls what thousands of times
    between two moves.)"""
    d = state.data
    if d is None:
        return {}
    if d.known_at != state.board:
        d.known.clear()
        d.known_at = state.board
    return d.known


def _remembered(state: GameState, key: tuple) -> Any:
    """One answer of :func:`_known`, or None."""
    return _known(state).get(key)


def cities(state: GameState, seat: int) -> list[int]:
    """The seat's built cities, in kingdom order."""
    known = _known(state)
    key = _CITIES_OF[seat]
    out = known.get(key)
    if out is None:
        zones = state.zones
        cards = state.cards
        out = known[key] = []
        for row in rows(seat):
            ids = zones[row]
            if ids and cards[ids[0]].card.type == "city":
                out.append(ids[0])
    return out.copy()


_CITIES_OF = tuple(("cities", s) for s in range(8))  # the answers' keys, made once
_CREATURES_OF = tuple(("creatures", s) for s in range(8))


def home(state: GameState, cid: int) -> int | None:
    """The city a card in a kingdom row lives in (a city is its own home)."""
    zone = state.cards[cid].zone
    if zone[1] not in CITY_SET:
        return None
    ids = state.zones[zone]
    return ids[0] if ids and is_city(state.cards[ids[0]]) else None


def residents(state: GameState, city: int) -> list[int]:
    """The creatures living in a city (its owner's, and infiltrators)."""
    cards = state.cards
    return [c for c in state.zones[cards[city].zone][1:] if is_creature(cards[c])]


def creatures(state: GameState, seat: int) -> list[int]:
    """Every creature the seat controls in play (army first, then the cities' residents,
    infiltrators in other kingdoms included)."""
    known = _known(state)
    out = known.get(_CREATURES_OF[seat])
    if out is None:
        cards = state.cards
        zones = state.zones
        out = [c for c in zones[(seat, ARMY)] if cards[c].card.type == "creature"]
        for key in _keys(state.seats, CITIES):
            for c in zones[key]:
                inst = cards[c]
                if inst.owner == seat and inst.card.type == "creature":
                    out.append(c)
        known[_CREATURES_OF[seat]] = out
    return out.copy()


_KEYS: dict[tuple[int, tuple[str, ...]], tuple[tuple[int, str], ...]] = {}


def _keys(seats: int, names: tuple[str, ...]) -> tuple[tuple[int, str], ...]:
    """The zone keys of ``names`` for every seat, made once per number of seats."""
    keys = _KEYS.get((seats, names))
    if keys is None:
        keys = _KEYS[(seats, names)] = tuple((s, z) for s in range(seats) for z in names)
    return keys


# What a card makes a player sacrifice, among what they owe (``ArcData.owed``):
# "sacrifice:<kinds>" — creatures of those kinds ("" for any creature).
SACRIFICE = "sacrifice:"


def sacrificing(kind: str) -> str | None:
    """The kinds of creature an owed ``kind`` sacrifices ("" for any), or None when it is
    something else (damage, discards)."""
    return kind[len(SACRIFICE) :] if kind.startswith(SACRIFICE) else None


# What is owed as damage, taken in a city of the player's choice ("damage_or_resource":
# each point of it may be prevented by sacrificing a resource card instead), and what is
# owed for which a resource card may be sacrificed instead, one for each ("either": a
# discard).
DAMAGES = frozenset({"damage", "damage_or_resource"})
OR_RESOURCE = frozenset({"either", "damage_or_resource"})

# "exile:<seat>:<kinds>" — cards of those kinds ("" for any) the owing player removes from
# the game out of that seat's graveyard ("Remove X creatures from target graveyard").
EXILE = "exile:"


def exiling(kind: str) -> tuple[int, str] | None:
    """(whose graveyard, the kinds of card) an owed ``kind`` removes from the game, or None
    when it is something else."""
    if not kind.startswith(EXILE):
        return None
    seat, kinds = kind[len(EXILE) :].split(":", 1)
    return int(seat), kinds


# "steal:<seat>" — a resource card the owing player takes from that seat (a pile of their
# choice: "steal one resource card from target player").
STEAL = "steal:"


def steal_kind(seat: int) -> str:
    """What is owed when a resource card is to be stolen from ``seat``."""
    return f"{STEAL}{seat}"


def stealing(kind: str) -> int | None:
    """The seat an owed ``kind`` steals a resource card from, or None."""
    return int(kind[len(STEAL) :]) if kind.startswith(STEAL) else None


# "swap:<seat>:<kinds>" — a resource card of those kinds of the seat's own, which the card
# that says so replaces ("swap me for an enchantment or event card").
SWAP = "swap:"


def swapping(kind: str) -> tuple[int, str] | None:
    """(whose resource cards, the kinds of card) an owed ``kind`` swaps, or None."""
    if not kind.startswith(SWAP):
        return None
    seat, kinds = kind[len(SWAP) :].split(":", 1)
    return int(seat), kinds


def swap_kind(seat: int, kinds: str) -> str:
    """What is owed when one of ``seat``'s resource cards of ``kinds`` is to be swapped."""
    return f"{SWAP}{seat}:{kinds}"


# "relocate:<creature>:<army>" — the creature moves, not marked, to a city of its
# controller's that the owing player chooses, or (army 1) to its army: the creature itself
# stands for its army among the choices ("Move target creature without marking it").
RELOCATE = "relocate:"


def relocate_kind(creature: int, army: bool) -> str:
    """What is owed when ``creature`` is to be moved where the owing player chooses."""
    return f"{RELOCATE}{creature}:{int(army)}"


def relocating(kind: str) -> tuple[int, bool] | None:
    """(the creature, whether its army is a choice) an owed ``kind`` moves, or None."""
    if not kind.startswith(RELOCATE):
        return None
    creature, army = kind[len(RELOCATE) :].split(":")
    return int(creature), army == "1"


def exile_kind(seat: int, kinds: str) -> str:
    """What is owed when cards of ``kinds`` are to be removed from ``seat``'s graveyard."""
    return f"{EXILE}{seat}:{kinds}"


def named_counters(inst: Any) -> dict[str, int]:
    """The counters on a card that its texts name ("fire": 2), not the rules' own
    (``cards.MARKERS``)."""
    return {k: n for k, n in inst.counters.items() if n > 0 and k not in MARKERS}


def resource_piles(state: GameState, seat: int) -> list[str]:
    """The factions of which the seat has resource cards."""
    return [f for f in FACTIONS if state.zones[(seat, RES[f])]]


def loyalty_marks(state: GameState, cid: int) -> int:
    """A creature's loyalty marks, as its devotion counts them: those printed on it, and
    the loyalty markers put on it, less those homesickness took (rulings 56, 60)."""
    inst = state.cards[cid]
    c = inst.counters
    return max(0, (inst.card.loyalty or 0) + c.get("loyalty", 0) - c.get("longing", 0))


def resource_count(state: GameState, seat: int) -> int:
    """The resource cards the seat has, in all its piles."""
    return sum(len(state.zones[(seat, RES[f])]) for f in FACTIONS)


def attached(state: GameState, cid: int) -> list[int]:
    """The cards attached to ``cid`` (Enchantments on it), in the order
    ``GameState.attachments`` gives them: an attached card lies beside its card (in its row
    or army), so only that zone is looked at. (Moving a card with its attachments: ask
    before moving it.)"""
    cards = state.cards
    return sorted(c for c in state.zones[cards[cid].zone] if cards[c].attached_to == cid)


def all_creatures(state: GameState) -> list[int]:
    """Every creature in play, seat by seat (read only: remembered until a card enters,
    leaves or moves in play)."""
    known = _known(state)
    out = known.get(_ALL_CREATURES)
    if out is None:
        out = known[_ALL_CREATURES] = []
        for s in range(state.seats):
            out.extend(creatures(state, s))
    return out


_ALL_CREATURES = ("all_creatures",)


def enchantments(state: GameState) -> list[int]:
    """Every Enchantment in play, seat by seat."""
    cards = state.cards
    return [
        c
        for key in _keys(state.seats, PLAY_ZONES)
        for c in state.zones[key]
        if cards[c].card is not HIDDEN and cards[c].card.type == "enchantment"
    ]


def data(state: GameState) -> ArcData:
    return state.data


# -- who is still playing -------------------------------------------------------------------------


def lost(state: GameState, seat: int) -> bool:
    """Defeated: all its cities destroyed, forced to draw from an empty deck, or conceded."""
    return losers(state)[seat]


def losers(state: GameState) -> tuple[bool, ...]:
    """For each seat, whether it is defeated (``lost``): worked out once for each
    arrangement of the cards, as the rules ask it at every step. Whatever defeats a player
    without moving a card (conceding, drawing from an empty deck, leaving the game) calls
    ``forget``."""
    known = _known(state)
    answer = known.get(_LOST)
    if answer is None:
        d = state.data
        founded = all(d.founded)
        answer = known[_LOST] = tuple(
            d.out[s] or d.decked[s] or d.conceded[s] or (founded and not cities(state, s))
            for s in range(state.seats)
        )
    return answer


_LOST = ("lost",)


def forget(state: GameState) -> None:
    """What ``_remembered`` keeps no longer holds, though no card in play moved."""
    state.data.known_at = -1


def playing(state: GameState) -> list[int]:
    """The seats not defeated."""
    return [s for s, out in enumerate(losers(state)) if not out]
