"""War of the Arcane, every rule of ``wota.txt``: the 5×5 battlefield, face-down cards,
3 action points, the attack sequence, Traps, Spells on a stack with counters, status
effects, First-Blood and the Mystic Stone.

Squares are named like a chessboard: files ``a``–``e`` left to right as Player 1 sees
them, ranks ``1``–``5`` from Player 1's side. Ranks 1–2 are Player 1's territory, rank 3
the neutral line, ranks 4–5 Player 2's. Rulings are in ``docs/rulings/wota.md``; a refusal
resting on one says "(ruling)".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ...engine import (
    HIDDEN,
    Action,
    DeckList,
    Event,
    Events,
    Game,
    GameState,
    Move,
    Phase,
    Prompt,
    SeatValue,
    Visibility,
    Window,
    ZoneSpec,
    act,
    close_window,
    counted,
    draw_cards,
    enter_phase,
    open_window,
    settle,
)
from ...system.paths import cards_dir
from . import cards as schema
from .cards import POISON_TURNS, UNTIL_END_PHASE, WotaCard

GAME = "War of the Arcane"
FILES = "abcde"
SQUARES = tuple(f"{f}{r}" for r in range(1, 6) for f in FILES)
SQUARE_SET = frozenset(SQUARES)
COORD = {sq: (FILES.index(sq[0]), int(sq[1]) - 1) for sq in SQUARES}
AT = {v: k for k, v in COORD.items()}
HAND, DECK, GRAVE, ASIDE, STACK = "hand", "deck", "graveyard", "aside", "stack"
AP_PER_TURN = 3
SETUP_PLACES = 5
OPENING_HAND = 9
NO_DRAW_DAMAGE = 3

ZONES: dict[str, ZoneSpec] = {sq: ZoneSpec(sq, sq.upper(), shared=True) for sq in SQUARES}
ZONES.update(
    {
        HAND: ZoneSpec(HAND, "Hand", Visibility.OWNER),
        DECK: ZoneSpec(DECK, "Deck", Visibility.HIDDEN),
        GRAVE: ZoneSpec(GRAVE, "Graveyard"),
        ASIDE: ZoneSpec(ASIDE, "Tokens set aside"),
        STACK: ZoneSpec(STACK, "Spells being cast", shared=True),
    }
)

W = "War of the Arcane"
R_AP = f"{W}, Main Phase: you have 3 action points to spend, one per action; none are left"
R_TERRITORY = (
    f"{W}, Place a Card: place a Unit or Trap card from your hand onto your side of the battlefield"
)
R_FACE_DOWN = f"{W}, Setup: Traps and Mystic Stones must always be placed face down"
R_SPELLS_STAY = (
    f"{W}, Setup: Spells must stay in your hand (they are not placed on the battlefield)"
)
R_SETUP_FIVE = (
    f"{W}, Setup: place up to 5 cards from your hand (along with your Mystic "
    "Stone) onto your side of the grid"
)
R_STONE_FIRST = (
    f"{W}, Setup (ruling): place your Mystic Stone on your side of the grid before you finish"
)
R_OCCUPIED = f"{W} (ruling): a space holds one card; a card cannot move or be placed onto another"
R_ADJACENT = (
    f"{W}, Move a Card: move a card to an adjacent space; movement is omni-directional "
    "(any direction 1 space)"
)
R_YOURS = f"{W} (ruling): a player moves and flips only its own cards on the battlefield"
R_FROZEN = f"{W}, Frozen: cannot move until the controlling player's next End Phase"
R_PETRIFIED = f"{W}, Petrified: cannot move or attack, until healed"
R_SHOCKED = f"{W}, Shocked: cannot attack until the controlling player's next End Phase"
R_FACE_UP = f"{W}, Attack: use a face-up Unit card to attack"
R_ORTHOGONAL = (
    f"{W}, Attack: attack an orthogonally (up, down, left, right) adjacent opponent's card"
)
R_FLIP = f"{W}, Flip a Card: flip a face-down Unit card face up"
R_SPELL_ONCE = f"{W}, Cast a Spell: Spells can be used once per player turn"
R_COUNTER = (
    f"{W}, Cast a Spell (ruling): a counter spell is played in response to an enemy "
    "spell that is not itself a counter"
)
R_FROM_HAND = f"{W}, Place a Card: place a Unit or Trap card from your hand"
R_STONE_AT_SETUP = f"{R_FROM_HAND} (the Mystic Stone is placed at setup)"
R_ATTACKER = f"{W}, Attack: use a face-up Unit card to attack an opponent's card"
R_TARGET = f"{W} (ruling): a Spell is cast on a card on the battlefield, as it says"
R_SPELL_WHEN = (
    f"{W} (ruling): Spells are cast in your Main Phase; in your opponent's, when you "
    "are asked (an attack on your card, an enemy Spell) or when you step in"
)
R_STEP_IN = (
    f"{W} (ruling): you step in with a Spell in your opponent's Main Phase, when nobody "
    "is being asked anything"
)


# -- the board ------------------------------------------------------------------------


def territory(seat: int) -> range:
    """The ranks (0-based) of a seat's territory."""
    return range(0, 2) if seat == 0 else range(3, 5)


def own_squares(seat: int) -> list[str]:
    return [AT[(c, r)] for r in territory(seat) for c in range(5)]


def _neighbours(sq: str, diagonal: bool) -> tuple[str, ...]:
    c, r = COORD[sq]
    return tuple(
        AT[(c + dc, r + dr)]
        for dc in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (dc or dr) and (diagonal or not (dc and dr)) and (c + dc, r + dr) in AT
    )


AROUND = {sq: _neighbours(sq, True) for sq in SQUARES}  # the 8 spaces around (moves)
BESIDE = {sq: _neighbours(sq, False) for sq in SQUARES}  # up, down, left, right (attacks)
KEY = {sq: (None, sq) for sq in SQUARES}  # each square's zone key, made once
AROUND_SET = {sq: frozenset(n) for sq, n in AROUND.items()}
BESIDE_SET = {sq: frozenset(n) for sq, n in BESIDE.items()}


def neighbours(sq: str, diagonal: bool) -> tuple[str, ...]:
    return AROUND[sq] if diagonal else BESIDE[sq]


def square_of(state: GameState, cid: int) -> str | None:
    return state.data.where.get(cid)


def occupant(state: GameState, sq: str) -> int | None:
    ids = state.zones[KEY[sq]]
    return ids[0] if ids else None


def board(state: GameState) -> list[tuple[str, Any]]:
    """(square, card) for every card on the battlefield, in the order they arrived."""
    cards = state.cards
    return [(sq, cards[cid]) for cid, sq in state.data.where.items()]


def put(state: GameState, cid: int, sq: str, keep: bool = False) -> None:
    """Bring a card onto (or along) the battlefield."""
    state.move(cid, KEY[sq], keep=keep)
    state.data.where[cid] = sq


def take(state: GameState, cid: int, to: tuple) -> None:
    """Take a card off the battlefield."""
    state.move(cid, to)
    state.data.where.pop(cid, None)


def on_board(state: GameState, cid: int) -> bool:
    return cid in state.data.where


def attack_of(inst: Any) -> int:
    return max(0, inst.card.attack + inst.counters.get("atk", 0))


def health_of(inst: Any) -> int:
    return inst.card.health + inst.counters.get("hp", 0)


def has(inst: Any, status: str) -> bool:
    return inst.counters.get(status, 0) > 0


def name(state: GameState, cid: int) -> str:
    return state.cards[cid].card.name


def who(state: GameState, seat: int) -> str:
    return state.seat_names[seat]


# -- the game's own state -----------------------------------------------------------------


class Attack:
    __slots__ = ("attacker", "defender", "first", "seat", "square", "stage", "standing", "struck")

    def __init__(self, seat: int, attacker: int, defender: int, square: str):
        self.seat = seat
        self.attacker = attacker
        self.defender = defender
        self.square = square  # the defender's space
        # "declared"; "answer" once the defender is revealed (step a), while its owner may
        # answer with a Spell; then "advance" while the attacker may move in (step e).
        self.stage = "declared"
        self.first = -1  # the card that deals combat damage first
        self.struck = False  # a First-Blood attacker has dealt its combat damage at step a
        self.standing = True  # the defender was still on the battlefield after step a

    def copy(self) -> Attack:
        a = Attack(self.seat, self.attacker, self.defender, self.square)
        a.stage, a.first, a.struck, a.standing = self.stage, self.first, self.struck, self.standing
        return a

    def snapshot(self) -> tuple:
        return (
            self.seat,
            self.attacker,
            self.defender,
            self.square,
            self.stage,
            self.first,
            self.struck,
            self.standing,
        )


class WotaData:
    __slots__ = ("ap", "attack", "cast", "first", "placed", "ready", "stack", "stones", "where")

    def __init__(self, seats: int):
        self.ap = 0
        # Card id -> square, for every card on the battlefield: an index of the square
        # zones, kept by put() and take() (the invariants check it), so that the moves a
        # seat has are found without scanning all 25 spaces.
        self.where: dict[int, str] = {}
        self.stones = [0] * seats
        self.cast = [False] * seats  # a Spell cast this player turn
        self.placed = [0] * seats  # cards placed at setup (the Stone aside)
        self.ready = [False] * seats
        self.stack: list[tuple[int, int, int]] = []  # (spell, caster, target or -1)
        self.attack: Attack | None = None
        self.first: int | None = None

    def copy(self) -> WotaData:
        d = WotaData.__new__(WotaData)
        d.ap = self.ap
        d.where = self.where.copy()
        d.stones = self.stones.copy()
        d.cast = self.cast.copy()
        d.placed = self.placed.copy()
        d.ready = self.ready.copy()
        d.stack = self.stack.copy()
        d.attack = self.attack.copy() if self.attack is not None else None
        d.first = self.first
        return d

    def snapshot(self) -> tuple:
        return (
            self.ap,
            tuple(sorted(self.where.items())),
            tuple(self.stones),
            tuple(self.cast),
            tuple(self.placed),
            tuple(self.ready),
            tuple(self.stack),
            self.attack.snapshot() if self.attack else None,
            self.first,
        )


def data(state: GameState) -> WotaData:
    return state.data


# What a player knows of a face-down enemy card: that something is there. In a view it
# stands in for the hidden card, so a bot can look ahead at attacking or targeting it.
# It settles nothing itself: it strikes no one back and does not fall, and when attacked
# it marks itself (+1 Health), so the evaluation can tell an attack on it from an effect
# that only flipped it, and value either at what the card is likely to be
# (``evaluate.py``).
UNKNOWN = WotaCard(
    name="Hidden card",
    type="unit",
    attack=0,
    health=40,
    abilities=(
        schema.Ability(when="attacked", effects=(schema.Buff(do="buff", health=1, to="self"),)),
    ),
    text="A face-down card: a Unit, a Trap or the Mystic Stone.",
)


# -- what happens to cards ----------------------------------------------------------------


def draw(state: GameState, seat: int, count: int, events: Events) -> None:
    draw_cards(state, seat, count, events, DECK, HAND)  # an empty deck is the Draw Phase's matter


def reveal(state: GameState, cid: int, events: Events, why: str = "") -> None:
    """Turn a face-down card face up (no ability resolves here)."""
    inst = state.cards[cid]
    if inst.face_down:
        inst.face_down = False
        events.append(
            Event("flip", f"{inst.card.name} is revealed{why}", seat=inst.owner, cards=(cid,))
        )


def reveal_ability(state: GameState, cid: int, events: Events) -> None:
    inst = state.cards[cid]
    effects = inst.card.triggers.get("reveal")
    if effects and on_board(state, cid):
        events.append(
            Event("ability", f"{inst.card.name}: when revealed", seat=inst.owner, cards=(cid,))
        )
        resolve(state, effects, cid, events)


def destroy(state: GameState, cid: int, events: Events) -> None:
    inst = state.cards[cid]
    sq = square_of(state, cid)
    owner = inst.owner
    if inst.card.type == "token":
        take(state, cid, (owner, ASIDE))
        where = "returns to the set-aside Tokens"
    else:
        take(state, cid, (owner, GRAVE))
        where = "goes to the graveyard"
    events.append(
        Event(
            "destroyed",
            f"{inst.card.name} is destroyed and {where}",
            seat=owner,
            cards=(cid,),
            value=(sq,),
        )
    )
    effects = inst.card.triggers.get("destroyed")
    if effects:
        events.append(
            Event("ability", f"{inst.card.name}: when destroyed", seat=owner, cards=(cid,))
        )
        resolve(state, effects, cid, events, origin=sq)


def tell(
    state: GameState, events: Events, inst: Any, event: Event, others: str | None = None
) -> None:
    """Report ``event`` about ``inst``. What befalls a face-down card reads in full for its
    owner alone (its name, its Health left, a buff it got for how it was placed would say
    what it is); the other player reads ``others`` instead (naming no card), or nothing."""
    if not inst.face_down:
        events.append(event)
        return
    owner = inst.owner
    events.append(event._replace(seen_by=frozenset({owner}), secret=""))
    if others is not None:
        rest = frozenset(s for s in range(state.seats) if s != owner)
        events.append(Event("info", others, seat=owner, seen_by=rest, secret=""))


def damage(
    state: GameState,
    cid: int,
    amount: int,
    events: Events,
    by: int | None = None,
    combat: bool = False,
) -> None:
    """Deal damage. An ability or Spell of the other side that reaches a face-down card flips
    it face up first; a Trap so revealed is destroyed; a Unit that survives then resolves its
    reveal ability (the rulebook's Post-Combat Abilities, second bullet)."""
    if amount <= 0 or not on_board(state, cid):
        return
    inst = state.cards[cid]
    exposed = False
    if inst.face_down and not combat and (by is None or state.cards[by].owner != inst.owner):
        reveal(state, cid, events)
        exposed = True
        if inst.card.type == "trap":
            destroy(state, cid, events)
            return
    inst.damage += amount
    left = max(0, health_of(inst) - inst.damage)
    tell(
        state,
        events,
        inst,
        Event(
            "damage",
            f"{inst.card.name} takes {amount} damage ({left} Health left)",
            seat=inst.owner,
            cards=(cid,),
            value=(amount, left),
        ),
        f"A face-down card of {who(state, inst.owner)} takes {amount} damage",
    )
    if inst.damage >= health_of(inst):
        destroy(state, cid, events)
    elif exposed and inst.card.is_unit:
        reveal_ability(state, cid, events)


def heal(state: GameState, cid: int, amount: int, events: Events) -> None:
    inst = state.cards[cid]
    healed = min(amount, inst.damage)
    inst.damage -= healed
    cured = [s for s in schema.STATUS_RULES if s in inst.counters]
    for s in cured:
        del inst.counters[s]
    extra = f", cured of {', '.join(cured)}" if cured else ""
    tell(
        state,
        events,
        inst,
        Event(
            "heal",
            f"{inst.card.name} heals {healed}{extra}",
            seat=inst.owner,
            cards=(cid,),
            value=(healed,),
        ),
    )


def set_status(state: GameState, cid: int, status: str, events: Events) -> None:
    inst = state.cards[cid]
    if not inst.card.is_unit:
        return  # statuses hold only on Units
    inst.counters[status] = POISON_TURNS if status == "poisoned" else 1
    tell(
        state,
        events,
        inst,
        Event(
            "status",
            f"{inst.card.name} is {status.capitalize()}",
            seat=inst.owner,
            cards=(cid,),
            value=(status,),
        ),
    )


def summon(state: GameState, seat: int, token: str, near: str | None, events: Events) -> None:
    """A set-aside Token of that name enters face up on the empty square of its seat's
    territory nearest ``near`` (ruling)."""
    tid = next((c for c in state.zones[(seat, ASIDE)] if name(state, c) == token), None)
    free = [sq for sq in own_squares(seat) if occupant(state, sq) is None]
    if tid is None or not free:
        events.append(Event("info", f"No {token} can be summoned", seat=seat))
        return
    if near is not None:
        nc, nr = COORD[near]
        free.sort(
            key=lambda sq: (max(abs(COORD[sq][0] - nc), abs(COORD[sq][1] - nr)), SQUARES.index(sq))
        )
    sq = free[0]
    put(state, tid, sq)
    events.append(
        Event(
            "move",
            f"{token} is summoned to {sq}",
            seat=seat,
            cards=(tid,),
            value=((seat, ASIDE), (None, sq)),
        )
    )


def targets_of(
    state: GameState,
    to: str,
    source: int,
    origin: str | None,
    attack: Attack | None,
    target: int | None,
) -> list[int]:
    owner = state.cards[source].owner
    if to == "self":
        return [source] if on_board(state, source) else []
    if to in ("attacker", "defender"):
        if attack is None:
            return []
        cid = attack.attacker if to == "attacker" else attack.defender
        return [cid] if on_board(state, cid) else []
    if to == "target":
        return [target] if target is not None and on_board(state, target) else []
    sq = square_of(state, source) or origin
    if sq is None:
        return []
    out = []
    for n in neighbours(sq, diagonal=False):
        cid = occupant(state, n)
        if cid is not None and (state.cards[cid].owner != owner) == (to == "adjacent_enemies"):
            out.append(cid)
    return out


def resolve(
    state: GameState,
    effects: Sequence[Any],
    source: int,
    events: Events,
    origin: str | None = None,
    target: int | None = None,
) -> None:
    """Resolve effects of ``source`` (a card, or a Spell) in order."""
    owner = state.cards[source].owner
    attack = data(state).attack
    for e in effects:
        if state.over:
            return
        if e.do == "draw":
            draw(state, owner, e.count, events)
            continue
        if e.do == "summon":
            summon(state, owner, e.token, square_of(state, source) or origin, events)
            continue
        if e.do == "counter":
            continue  # done by the stack
        for t in targets_of(state, e.to, source, origin, attack, target):
            if not on_board(state, t):
                continue
            enemy = state.cards[t].owner != owner
            if e.do == "damage":
                damage(state, t, e.amount, events, by=source)
                continue
            if state.cards[t].face_down and enemy:
                # An enemy effect reaching a face-down card flips it first (as damage does);
                # a Trap so exposed is spent, unless the effect only looks (Scry).
                reveal(state, t, events)
                if state.cards[t].card.type == "trap":
                    if e.do != "reveal":
                        destroy(state, t, events)
                    continue
                if e.do != "reveal":
                    _apply(state, e, t, events)
                if on_board(state, t) and state.cards[t].card.is_unit:
                    reveal_ability(state, t, events)
                continue
            if e.do == "reveal":
                continue
            _apply(state, e, t, events)


def _apply(state: GameState, e: Any, t: int, events: Events) -> None:
    if e.do == "heal":
        heal(state, t, e.amount, events)
    elif e.do == "buff":
        inst = state.cards[t]
        if e.attack:
            inst.counters["atk"] = inst.counters.get("atk", 0) + e.attack
        if e.health:
            inst.counters["hp"] = inst.counters.get("hp", 0) + e.health
        tell(
            state,
            events,
            inst,
            Event(
                "buff",
                f"{inst.card.name} gets {e.attack:+d}/{e.health:+d}",
                seat=inst.owner,
                cards=(t,),
                value=(e.attack, e.health),
            ),
        )
        if inst.damage >= health_of(inst):
            destroy(state, t, events)
    elif e.do == "status":
        set_status(state, t, e.status, events)


# -- setup ------------------------------------------------------------------------------


def _setup_enter(state: GameState, events: Events) -> None:
    state.active = 0


def _coin_enter(state: GameState, events: Events) -> None:
    """ "Decide who goes first through ... a coin flip": heads, Player 1 goes first."""
    face = state.rng.randint(0, 1)
    first = 0 if face == 0 else 1
    data(state).first = first
    state.active = first
    state.turn = 1
    events.append(
        Event(
            "coin",
            f"The coin shows {'heads' if face == 0 else 'tails'}: {who(state, first)} goes first",
            seat=first,
            value=("first", face),
        )
    )


def _gen_ready(state: GameState, seat: int) -> Iterator[Action]:
    yield Action("ready", seat)


def _check_ready(state: GameState, action: Action) -> str | None:
    stone = data(state).stones[action.seat]
    return R_STONE_FIRST if not on_board(state, stone) else None


def _exec_ready(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    d.ready[action.seat] = True
    events.append(
        Event("info", f"{who(state, action.seat)} has placed their cards", seat=action.seat)
    )
    waiting = [s for s in state.seats_from(action.seat) if not d.ready[s]]
    if waiting:
        state.active = waiting[0]
    else:
        enter_phase(state, "coin", events)


# -- the turn ----------------------------------------------------------------------------


def _draw_enter(state: GameState, events: Events) -> None:
    d = data(state)
    d.cast = [False] * state.seats  # "once per player turn": a new player turn
    seat = state.active
    if state.zones[(seat, DECK)]:
        draw(state, seat, 1, events)
    elif d.stones[seat] >= 0:
        stone = d.stones[seat]
        events.append(
            Event(
                "info",
                f"{who(state, seat)} cannot draw: the Mystic Stone takes {NO_DRAW_DAMAGE} damage",
                seat=seat,
            )
        )
        damage(state, stone, NO_DRAW_DAMAGE, events, by=stone)


def _main_enter(state: GameState, events: Events) -> None:
    data(state).ap = AP_PER_TURN


def _end_enter(state: GameState, events: Events) -> None:
    """Statuses of the active player's cards run their course at its End Phase."""
    seat = state.active
    d = data(state)
    d.ap = 0
    for sq in SQUARES:
        cid = occupant(state, sq)
        if cid is None:
            continue
        inst = state.cards[cid]
        if inst.owner != seat:
            continue
        for status in UNTIL_END_PHASE:
            if inst.counters.pop(status, None):
                events.append(
                    Event(
                        "status",
                        f"{inst.card.name} is no longer {status.capitalize()}",
                        seat=seat,
                        cards=(cid,),
                        value=(status, 0),
                    )
                )
        turns = inst.counters.get("poisoned", 0)
        if turns:
            if turns <= 1:
                del inst.counters["poisoned"]
            else:
                inst.counters["poisoned"] = turns - 1
            events.append(Event("info", f"{inst.card.name} suffers the poison", seat=seat))
            damage(state, cid, 1, events, by=cid)
            if state.over:
                return
    state.active = 1 - seat
    state.turn += 1


PHASES = {
    "setup": Phase(
        "setup",
        "Setup",
        frozenset({"place", "ready"}),
        enter=_setup_enter,
        next="coin",
        in_turn=False,
    ),
    "coin": Phase("coin", "First player", auto=True, enter=_coin_enter, next="draw", in_turn=False),
    "draw": Phase("draw", "Draw Phase", auto=True, enter=_draw_enter, next="main"),
    "main": Phase(
        "main",
        "Main Phase",
        frozenset({"place", "move", "flip", "attack", "cast", "end"}),
        enter=_main_enter,
        next="end",
    ),
    "end": Phase("end", "End Phase", auto=True, enter=_end_enter, next="draw"),
}
TURN_PHASES = ("draw", "main", "end")


# -- placing, moving, flipping ------------------------------------------------------------


def _gen_place(state: GameState, seat: int) -> Iterator[Action]:
    free = [sq for sq in own_squares(seat) if occupant(state, sq) is None]
    setup = state.phase == "setup"
    d = data(state)
    if not free or (not setup and d.ap <= 0):
        return
    for cid in state.zones[(seat, HAND)]:
        card = state.cards[cid].card
        if not state.cards[cid].known or card.type in ("spell", "token"):
            continue
        if setup:
            if card.type != "stone" and d.placed[seat] >= SETUP_PLACES:
                continue
        elif card.type == "stone":
            continue
        faces = ("up", "down") if card.type == "unit" else ("down",)
        for sq in free:
            for face in faces:
                yield act(state, "place", seat, (cid,), (), (sq, face))


def _check_place(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or action.targets or len(action.words) != 2:
        return f'{W}: place one card on one space, face up or down (place "Card" b2 up)'
    sq, face = action.words
    inst = state.cards[action.cards[0]]
    card = inst.card
    d = data(state)
    if inst.zone != (seat, HAND):
        return R_FROM_HAND
    if card.type == "spell":
        return R_SPELLS_STAY
    if card.type == "token":
        return f"{W} (ruling): Tokens are summoned by abilities, not placed"
    if face not in ("up", "down"):
        return f"{W}: a card is placed face up or face down ('up' or 'down')"
    if sq not in SQUARE_SET or COORD[sq][1] not in territory(seat):
        return R_TERRITORY
    if occupant(state, sq) is not None:
        return R_OCCUPIED
    if card.type in ("trap", "stone") and face == "up":
        return R_FACE_DOWN
    if state.phase == "setup":
        if card.type != "stone" and d.placed[seat] >= SETUP_PLACES:
            return R_SETUP_FIVE
        return None
    if card.type == "stone":
        return R_STONE_AT_SETUP
    return R_AP if d.ap <= 0 else None


def _exec_place(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    cid = action.cards[0]
    sq, face = action.words
    d = data(state)
    inst = state.cards[cid]
    put(state, cid, sq)
    inst.face_down = face == "down"
    if state.phase == "setup":
        if inst.card.type != "stone":
            d.placed[seat] += 1
    else:
        d.ap -= 1
    card = inst.card
    events.append(
        Event(
            "move",
            f"{who(state, seat)} places {card.name} face {face} on {sq}",
            seat=seat,
            cards=(cid,),
            value=((seat, HAND), (None, sq)),
            secret=f"{who(state, seat)} places a card face down on {sq}"
            if face == "down"
            else None,
            seen_by=frozenset({seat}) if face == "down" else None,
        )
    )
    buff = (
        card.triggers.get("placed_up" if face == "up" else "placed_down") if card.is_unit else None
    )
    if buff:
        resolve(state, buff, cid, events)


def held(inst: Any) -> str | None:
    """Why a card's statuses keep it from moving (Petrified, Frozen), else ``None``: for the
    Move action and for moving into a destroyed defender's space alike."""
    if not inst.counters:
        return None
    if has(inst, "petrified"):
        return R_PETRIFIED
    if has(inst, "frozen"):
        return R_FROZEN
    return None


def step(state: GameState, cid: int, to: str, text: str, events: Events) -> None:
    """A card moves one space (the Move action, or the Aftermath's move into the destroyed
    defender's space); a Bleeding card takes 1 damage for it."""
    inst = state.cards[cid]
    sq = square_of(state, cid)
    put(state, cid, to, keep=True)
    events.append(
        Event("move", text, seat=inst.owner, cards=(cid,), value=((None, sq), (None, to)))
    )
    if has(inst, "bleeding"):
        tell(
            state,
            events,
            inst,
            Event("info", f"{inst.card.name} is Bleeding", seat=inst.owner, cards=(cid,)),
        )
        damage(state, cid, 1, events, by=cid)


def _gen_move(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).ap <= 0:
        return
    where, cards = data(state).where, state.cards
    occupied = set(where.values())
    for cid, sq in where.items():
        inst = cards[cid]
        if inst.owner != seat or held(inst):
            continue
        for n in AROUND[sq]:
            if n not in occupied:
                yield act(state, "move", seat, (cid,), (), (n,))


def _check_move(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or len(action.words) != 1:
        return f'{W}: move one card to one space (move "Card" b3)'
    cid = action.cards[0]
    inst = state.cards[cid]
    sq = square_of(state, cid)
    to = action.words[0]
    if sq is None or inst.owner != action.seat:
        return R_YOURS
    problem = held(inst)
    if problem:
        return problem
    if to not in AROUND_SET[sq]:
        return R_ADJACENT
    if occupant(state, to) is not None:
        return R_OCCUPIED
    return R_AP if data(state).ap <= 0 else None


def _exec_move(state: GameState, action: Action, events: Events) -> None:
    cid = action.cards[0]
    sq = square_of(state, cid)
    to = action.words[0]
    data(state).ap -= 1
    step(
        state,
        cid,
        to,
        f"{who(state, action.seat)} moves {_named(state, cid)} from {sq} to {to}",
        events,
    )


def _named(state: GameState, cid: int) -> str:
    inst = state.cards[cid]
    return "a face-down card" if inst.face_down else inst.card.name


def _gen_flip(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).ap <= 0:
        return
    cards = state.cards
    for cid in data(state).where:
        inst = cards[cid]
        if inst.face_down and inst.owner == seat and inst.card.is_unit:
            yield act(state, "flip", seat, (cid,))


def _check_flip(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or action.targets or action.words:
        return f'{W}: flip one card (flip "Card")'
    inst = state.cards[action.cards[0]]
    if on_board(state, inst.id) and inst.owner != action.seat:
        return R_YOURS
    if not on_board(state, inst.id) or not inst.face_down or not inst.card.is_unit:
        return R_FLIP
    return R_AP if data(state).ap <= 0 else None


def _exec_flip(state: GameState, action: Action, events: Events) -> None:
    cid = action.cards[0]
    data(state).ap -= 1
    reveal(state, cid, events, f" by {who(state, action.seat)}")
    reveal_ability(state, cid, events)


# -- attacks -------------------------------------------------------------------------------


def _gen_attack(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).ap <= 0:
        return
    where, cards = data(state).where, state.cards
    enemies = {sq: cid for cid, sq in where.items() if cards[cid].owner != seat}
    if not enemies:
        return
    for cid, sq in where.items():
        inst = cards[cid]
        if (
            inst.owner != seat
            or inst.face_down
            or not inst.card.is_unit
            or (inst.counters and (has(inst, "shocked") or has(inst, "petrified")))
        ):
            continue
        for n in BESIDE[sq]:
            other = enemies.get(n)
            if other is not None:
                yield act(state, "attack", seat, (cid,), (other,))


def _check_attack(state: GameState, action: Action) -> str | None:
    if len(action.cards) != 1 or len(action.targets) != 1 or action.words:
        return f'{W}: an attack is one Unit against one card (attack "Unit" -> "Card")'
    cid, target = action.cards[0], action.targets[0]
    inst = state.cards[cid]
    sq = square_of(state, cid)
    if sq is None or inst.owner != action.seat:
        return R_ATTACKER
    if inst.face_down or not inst.card.is_unit:
        return R_FACE_UP
    if has(inst, "petrified"):
        return R_PETRIFIED
    if has(inst, "shocked"):
        return R_SHOCKED
    tsq = square_of(state, target)
    if tsq is None or state.cards[target].owner == action.seat or tsq not in BESIDE_SET[sq]:
        return R_ORTHOGONAL
    return R_AP if data(state).ap <= 0 else None


def _exec_attack(state: GameState, action: Action, events: Events) -> None:
    d = data(state)
    a, t = action.cards[0], action.targets[0]
    d.ap -= 1
    d.attack = Attack(action.seat, a, t, square_of(state, t))
    events.append(
        Event(
            "attack",
            f"{name(state, a)} attacks {_named(state, t)} on {square_of(state, t)}",
            seat=action.seat,
            cards=(a, t),
        )
    )
    if has(state.cards[a], "dazed"):
        events.append(Event("info", f"{name(state, a)} is Dazed", seat=action.seat))
        damage(state, a, 1, events, by=a)
    if not on_board(state, a):
        d.attack = None  # its Dazed damage destroyed the attacker: the attack is over
        return
    reveal_defender(state, events)
    # Then, before step b, the defender's owner may answer with a Spell.
    defender = state.cards[t].owner
    if (
        not state.over
        and d.attack is not None
        and on_board(state, a)
        and may_answer(state, defender)
    ):
        open_window(state, defender, "respond_attack", events)
    else:
        fight(state, events)


def _strike(state: GameState, by: int, at: int, events: Events) -> None:
    if on_board(state, by) and on_board(state, at):
        amount = attack_of(state.cards[by])
        if amount:
            events.append(
                Event(
                    "strike",
                    f"{name(state, by)} deals {amount} to {name(state, at)}",
                    seat=state.cards[by].owner,
                    cards=(by, at),
                    value=(amount,),
                )
            )
            damage(state, at, amount, events, by=by, combat=True)


def reveal_defender(state: GameState, events: Events) -> None:
    """Step a of the attack: a face-down defender is revealed; a Trap springs (and the attack
    ends there); an attacking First-Blood Unit deals its combat damage to a face-down
    defender (ruling 11); then the defender's reveal ability resolves."""
    d = data(state)
    atk = d.attack
    a, t = atk.attacker, atk.defender
    defender = state.cards[t]
    was_down = defender.face_down
    if was_down:
        reveal(state, t, events, " as it is attacked")
    if defender.card.type == "trap":
        events.append(
            Event("ability", f"{defender.card.name} springs!", seat=defender.owner, cards=(t,))
        )
        resolve(state, defender.card.effects, t, events)
        if on_board(state, t):
            destroy(state, t, events)  # a sprung Trap is spent (ruling)
        d.attack = None
        return
    atk.first = _first_striker(state, a, t, events)
    if was_down and atk.first == a and state.cards[a].card.first_blood:
        _strike(state, a, t, events)  # First-Blood: even before the reveal resolves
        atk.struck = True
    if was_down and on_board(state, t):
        reveal_ability(state, t, events)
    atk.stage = "answer"
    atk.standing = on_board(state, t)


def continue_attack(state: GameState, events: Events) -> None:
    """The attack goes on after the defender's owner has answered with Spells (or passed):
    unless a Spell took the attacker, or a defender that stood after step a, off the
    battlefield — then the attack is over."""
    d = data(state)
    atk = d.attack
    if atk is None:
        return
    if not on_board(state, atk.attacker) or (atk.standing and not on_board(state, atk.defender)):
        d.attack = None
        return
    fight(state, events)


def fight(state: GameState, events: Events) -> None:
    """Steps b to e of the attack, once the defender is revealed and its owner has
    answered."""
    d = data(state)
    atk = d.attack
    if atk is None:
        return  # a Trap sprang: there is no combat
    a, t = atk.attacker, atk.defender
    # b. Abilities: the attacker's on-attack, then the defender's on-attacked.
    for cid, trigger in ((a, "attack"), (t, "attacked")):
        effects = state.cards[cid].card.triggers.get(trigger)
        if effects and on_board(state, cid) and not state.over:
            events.append(
                Event(
                    "ability",
                    f"{name(state, cid)}: when it "
                    f"{'attacks' if trigger == 'attack' else 'is attacked'}",
                    seat=state.cards[cid].owner,
                    cards=(cid,),
                )
            )
            resolve(state, effects, cid, events)
    # c. Combat damage; a surviving defender retaliates (a Burned one cannot defend).
    if not state.over:
        burned = has(state.cards[t], "burned") if on_board(state, t) else True
        if atk.first == a:
            if not atk.struck:
                _strike(state, a, t, events)
            if not burned:
                _strike(state, t, a, events)
        else:
            if not burned:
                _strike(state, t, a, events)
            _strike(state, a, t, events)
    # d. Post-combat abilities.
    for cid in (a, t):
        effects = state.cards[cid].card.triggers.get("post_combat")
        if effects and on_board(state, cid) and not state.over:
            events.append(
                Event(
                    "ability",
                    f"{name(state, cid)}: after combat",
                    seat=state.cards[cid].owner,
                    cards=(cid,),
                )
            )
            resolve(state, effects, cid, events)
    # e. Aftermath: the attacker may move into the space or stay.
    attacker = state.cards[a]
    if (
        not state.over
        and on_board(state, a)
        and not on_board(state, t)
        and held(attacker) is None
        and occupant(state, atk.square) is None
    ):
        atk.stage = "advance"
        open_window(state, attacker.owner, "advance", events, data=(atk.square,))
    else:
        d.attack = None


def _first_striker(state: GameState, a: int, t: int, events: Events) -> int:
    """First-Blood strikes first; the attacker otherwise; a coin when both have it."""
    a_fb = state.cards[a].card.first_blood
    t_fb = state.cards[t].card.first_blood
    if a_fb and t_fb:
        face = state.rng.randint(0, 1)
        first = a if face == 0 else t
        events.append(
            Event(
                "coin",
                f"Both have First-Blood: the coin shows "
                f"{'heads' if face == 0 else 'tails'}, {name(state, first)} "
                "strikes first",
                seat=state.cards[first].owner,
                value=("first_blood", face),
            )
        )
        return first
    return t if t_fb else a


def _gen_advance(state: GameState, seat: int) -> Iterator[Action]:
    atk = data(state).attack
    if atk is not None and atk.stage == "advance":
        yield act(state, "advance", seat, (atk.attacker,), (), (state.top_prompt.data[0],))


def _check_advance(state: GameState, action: Action) -> str | None:
    atk = data(state).attack
    prompt = state.top_prompt
    if (
        atk is None
        or prompt is None
        or prompt.name != "advance"
        or action.cards != (atk.attacker,)
        or action.words != (prompt.data[0],)
    ):
        return f"{W}, Aftermath: the attacker may move into the space of the card it destroyed"
    return None


def _exec_advance(state: GameState, action: Action, events: Events) -> None:
    close_window(state)
    d = data(state)
    cid = action.cards[0]
    d.attack = None
    step(state, cid, action.words[0], f"{name(state, cid)} moves into {action.words[0]}", events)


def _stay(state: GameState, prompt: Prompt, events: Events) -> None:
    data(state).attack = None


# -- spells ---------------------------------------------------------------------------------


def spell_targets(state: GameState, seat: int, card: WotaCard) -> list[int] | None:
    """The cards a Spell may be cast on (None: it takes no target)."""
    if card.target == "none":
        return None
    enemy = card.target == "enemy"
    return [inst.id for _, inst in board(state) if (inst.owner != seat) == enemy]


def _cast_problem(state: GameState, seat: int, card: WotaCard) -> str | None:
    d = data(state)
    if d.cast[seat]:
        return R_SPELL_ONCE
    top = d.stack[-1] if d.stack else None
    if card.counters and (top is None or top[1] == seat or state.cards[top[0]].card.counters):
        return R_COUNTER
    return None


def may_answer(state: GameState, seat: int) -> bool:
    """Whether ``seat`` is asked to answer an attack on its card or an enemy Spell: whenever
    it has not yet cast its Spell this player turn and holds a card, which both players can
    see (ruling 15). Asking only a player who holds a Spell it could cast would tell the
    other that it does."""
    return not data(state).cast[seat] and bool(state.zones[(seat, HAND)])


def _gen_cast(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).cast[seat]:
        return
    for cid in state.zones[(seat, HAND)]:
        inst = state.cards[cid]
        if (
            not inst.known
            or inst.card.type != "spell"
            or _cast_problem(state, seat, inst.card) is not None
        ):
            continue
        targets = spell_targets(state, seat, inst.card)
        if targets is None:
            yield act(state, "cast", seat, (cid,))
        else:
            for t in targets:
                yield act(state, "cast", seat, (cid,), (t,))


def _check_cast(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if len(action.cards) != 1 or len(action.targets) > 1 or action.words:
        return f'{W}: cast one Spell (cast "Spell" [-> "Card"])'
    inst = state.cards[action.cards[0]]
    if inst.zone != (seat, HAND) or inst.card.type != "spell":
        return f"{W}, Cast a Spell: play a Spell card from your hand"
    problem = _cast_problem(state, seat, inst.card)
    if problem:
        return problem
    targets = spell_targets(state, seat, inst.card)
    if targets is None:
        return f"{R_TARGET}: {inst.card.name} is cast on no card" if action.targets else None
    if len(action.targets) != 1 or action.targets[0] not in targets:
        side = "an enemy" if inst.card.target == "enemy" else "one of your"
        return f"{R_TARGET}: {inst.card.name} is cast on {side} card"
    return None


def _exec_cast(state: GameState, action: Action, events: Events) -> None:
    seat = action.seat
    d = data(state)
    if state.prompts:
        close_window(state)  # casting is this seat's answer to the window
    cid = action.cards[0]
    target = action.targets[0] if action.targets else -1
    d.cast[seat] = True
    state.move(cid, (None, STACK))
    d.stack.append((cid, seat, target))
    on = f" on {_named(state, target)}" if target >= 0 else ""
    events.append(
        Event(
            "cast",
            f"{who(state, seat)} casts {name(state, cid)}{on}",
            seat=seat,
            cards=(cid,) + ((target,) if target >= 0 else ()),
            value=((seat, HAND), (None, STACK)),
        )
    )
    other = 1 - seat
    if may_answer(state, other):
        open_window(state, other, "respond_spell", events)
    else:
        resolve_stack(state, events)


def resolve_stack(state: GameState, events: Events) -> None:
    """Last in, first out; a counter Spell stops the Spell it answered."""
    d = data(state)
    countered = False
    while d.stack and not state.over:
        cid, seat, target = d.stack.pop()
        card = state.cards[cid].card
        if countered:
            events.append(Event("countered", f"{card.name} is countered", seat=seat, cards=(cid,)))
            countered = False
        else:
            events.append(Event("resolve", f"{card.name} resolves", seat=seat, cards=(cid,)))
            resolve(state, card.effects, cid, events, target=target if target >= 0 else None)
            countered = card.counters
        if state.cards[cid].zone == (None, STACK):
            state.move(cid, (seat, GRAVE))
    if not state.over and d.attack is not None and d.attack.stage == "answer":
        continue_attack(state, events)


def _on_pass_spell(state: GameState, prompt: Prompt, events: Events) -> None:
    resolve_stack(state, events)


def _on_pass_attack(state: GameState, prompt: Prompt, events: Events) -> None:
    continue_attack(state, events)


WINDOWS = {
    "respond_attack": Window(
        "respond_attack",
        "Your card is attacked: cast a Spell, or pass",
        frozenset({"cast"}),
        on_pass=_on_pass_attack,
    ),
    "respond_spell": Window(
        "respond_spell",
        "A Spell is being cast: answer with a Spell (a counter stops it), or pass",
        frozenset({"cast"}),
        on_pass=_on_pass_spell,
    ),
    "advance": Window(
        "advance",
        "The defender is destroyed: move into its space, or pass to stay",
        frozenset({"advance"}),
        on_pass=_stay,
    ),
    # "Play a Spell Card ... at any time during your turn or your opponent's": the player
    # who is not acting steps in (the core's respond action opens it).
    "interrupt": Window("interrupt", "Cast a Spell now, or pass", frozenset({"cast"})),
}

MOVES = {
    "place": Move(
        "place",
        _gen_place,
        _check_place,
        _exec_place,
        exact=True,
        wrong_phase=f"{W}: cards are placed at setup and in your Main Phase",
    ),
    "ready": Move(
        "ready",
        _gen_ready,
        _check_ready,
        _exec_ready,
        wrong_phase=f"{W}: placing cards at setup is over",
    ),
    "move": Move(
        "move",
        _gen_move,
        _check_move,
        _exec_move,
        exact=True,
        wrong_phase=f"{W}: cards are moved in your Main Phase",
    ),
    "flip": Move(
        "flip",
        _gen_flip,
        _check_flip,
        _exec_flip,
        exact=True,
        wrong_phase=f"{W}: cards are flipped in your Main Phase",
    ),
    "attack": Move(
        "attack",
        _gen_attack,
        _check_attack,
        _exec_attack,
        exact=True,
        wrong_phase=f"{W}: attacks are made in your Main Phase",
    ),
    "cast": Move(
        "cast",
        _gen_cast,
        _check_cast,
        _exec_cast,
        exact=True,
        wrong_phase=R_SPELL_WHEN,
        out_of_turn=R_SPELL_WHEN,
    ),
    "advance": Move(
        "advance",
        _gen_advance,
        _check_advance,
        _exec_advance,
        exact=True,
        wrong_phase=f"{W}, Aftermath: only after destroying the defender",
    ),
}


def _stone(state: GameState, seat: int) -> Any:
    cid = data(state).stones[seat]
    if cid < 0:
        raise ValueError(f"{who(state, seat)} has no Mystic Stone")
    return state.cards[cid]


def _put_stone(state: GameState, seat: int, value: int) -> None:
    stone = _stone(state, seat)
    if not 1 <= value <= health_of(stone):
        raise ValueError(f"the Stone's Health is 1 to {health_of(stone)}, not {value}")
    stone.damage = health_of(stone) - value


def _put_ap(state: GameState, seat: int, value: int) -> None:
    if seat != state.active:
        raise ValueError("only the active player has action points")
    if not 0 <= value <= AP_PER_TURN:
        raise ValueError(f"action points are 0 to {AP_PER_TURN}, not {value}")
    data(state).ap = value


_SEAT_VALUES = {
    "stone": SeatValue(
        "the Mystic Stone's Health left",
        lambda st, seat: health_of(_stone(st, seat)) - _stone(st, seat).damage,
        _put_stone,
    ),
    "ap": SeatValue(
        "action points left (the active player's)",
        lambda st, seat: data(st).ap if seat == st.active else 0,
        _put_ap,
    ),
}


class Wota(Game):
    id = "wota"
    name = GAME
    tagline = "A 5×5 battlefield, face-down cards, 3 action points, the Mystic Stone"
    min_seats = 2
    max_seats = 2
    zones = ZONES
    phases = PHASES
    windows = WINDOWS
    moves = MOVES
    card_model = WotaCard
    schema = schema  # its check_set and deck_problems: the set and deck rules
    turn_phases = TURN_PHASES
    respond_window = "interrupt"
    signed_counters = frozenset({"atk", "hp"})  # buffs, which may lower

    def cards_path(self):
        return cards_dir(self.id)

    def seat_values(self) -> Mapping[str, SeatValue]:
        return _SEAT_VALUES

    def scenario_ready(self, state: GameState) -> None:
        """The battlefield index and each seat's Stone follow the cards. In the setup, the
        seats before the active one have placed their cards, and the cards a seat has on
        the battlefield (its Stone aside) are those it placed; at the coin flip, both seats
        have; after it, setup is over and the first player known."""
        d = data(state)
        if state.phase in ("setup", "coin"):
            d.ready = [seat < state.active or state.phase == "coin" for seat in range(state.seats)]
            d.first = None
            d.placed = [
                sum(
                    1
                    for sq in SQUARES
                    for cid in state.zones[KEY[sq]]
                    if state.cards[cid].owner == seat and state.cards[cid].card.type != "stone"
                )
                for seat in range(state.seats)
            ]
        else:
            d.ready = [True] * state.seats
            if d.first is None:
                d.first = state.active
        d.where = {cid: sq for sq in SQUARES for cid in state.zones[KEY[sq]]}
        for seat in range(state.seats):
            stones = [
                i.id for i in state.cards.values() if i.owner == seat and i.card.type == "stone"
            ]
            d.stones[seat] = stones[0] if stones else -1

    def new_game(
        self, decks: Sequence[DeckList], seed: int, events: Events | None = None
    ) -> GameState:
        self.check_decks(decks)
        cards = self.card_set().cards
        events = events if events is not None else []
        state = GameState(self, 2, seed)
        d = state.data = WotaData(2)
        for seat, deck in enumerate(decks):
            for n in deck.names():
                card = cards[n]
                if card.type == "token":
                    state.create(card, seat, (seat, ASIDE))
                else:
                    state.create(card, seat, (seat, DECK))
            # "Set aside the Mystic Stone and Token Cards, then shuffle the deck thoroughly."
            # The Stone is shuffled in and taken out again, so that its id, which the other
            # player sees on the face-down card, is any of the deck's.
            state.shuffle((seat, DECK))
            stone = next(
                c for c in state.zones[(seat, DECK)] if state.cards[c].card.type == "stone"
            )
            state.move(stone, (seat, HAND))
            d.stones[seat] = stone
            draw(state, seat, OPENING_HAND, events)
        enter_phase(state, "setup", events)
        settle(state, events)
        return state

    def deal_group(self, state: GameState, seat: int, inst: Any) -> Any:
        """A Stone in hand (at setup) is known to be there; a face-down Stone on the
        battlefield could be any of its owner's face-down cards."""
        if inst.card.type == "stone" and not on_board(state, inst.id):
            return None
        if state.phase == "setup" and not on_board(state, inst.id):
            return (inst.owner, inst.zone[1])  # the Stone is in a hand until placed
        return super().deal_group(state, seat, inst)

    def could_be(self, state: GameState, seat: int, inst: Any, card: Any) -> bool:
        """Only Units, Traps and the Stone lie face down on the battlefield; the Stone is
        off it only in its owner's hand, before the setup places it."""
        if on_board(state, inst.id):
            return card.type in ("unit", "trap", "stone")
        return card.type != "stone" or (state.phase == "setup" and inst.zone[1] == HAND)

    def stand_in(self, card: Any) -> bool:
        return card is UNKNOWN

    def redealt(self, state: GameState) -> None:
        d = data(state)
        for inst in state.cards.values():
            if inst.card.type == "stone":
                d.stones[inst.owner] = inst.id

    def respond_problem(self, state: GameState, seat: int) -> str | None:
        """The player who is not acting may cast its Spell "at any time during ... your
        opponent's" turn: in its Main Phase, whenever nobody is being asked anything, once
        per player turn (ruling 15)."""
        if state.phase != "main" or state.prompts:
            return R_STEP_IN
        if data(state).cast[seat]:
            return R_SPELL_ONCE
        return None

    def view_data(self, state: GameState, seat: int) -> None:
        """Face-down enemy cards become stand-ins; which one is the Stone is forgotten, and
        so is how many of the other player's setup cards were not the Stone."""
        d = data(state)
        for sq in SQUARES:
            cid = occupant(state, sq)
            if cid is not None and state.cards[cid].card is HIDDEN:
                state.cards[cid].card = UNKNOWN
        other = 1 - seat
        stone = state.cards.get(d.stones[other])  # None: already forgotten (a view's view)
        if stone is None or not stone.known or stone.card is UNKNOWN:
            d.stones[other] = -1
        d.placed[other] = 0

    def deck_summary(self, deck: DeckList) -> str:
        """The Units it holds most of, and its Traps (every deck holds a Mystic Stone, and
        the shipped decks as many Units and Spells as each other)."""
        cards = self.card_set().cards
        units = [n for n in deck.cards if n in cards and cards[n].type == "unit"]
        units.sort(key=lambda n: -deck.cards[n])  # stable: the deck's own order among equals
        traps = sum(
            n for name, n in deck.cards.items() if name in cards and cards[name].type == "trap"
        )
        more = len(units) - 3
        return (
            ", ".join(units[:3])
            + (f" and {more} more" if more > 0 else "")
            + f" · {counted(traps, 'Trap')}"
        )

    @staticmethod
    def _stones_lost(state: GameState) -> list[int]:
        """The seats whose Mystic Stone is in their graveyard."""
        d = data(state)
        return [
            s for s in range(2) if d.stones[s] >= 0 and state.cards[d.stones[s]].zone[1] == GRAVE
        ]

    def winner(self, state: GameState) -> tuple[int, ...] | None:
        lost = self._stones_lost(state)
        if not lost:
            return None
        return () if len(lost) == 2 else (1 - lost[0],)

    def ending(self, state: GameState) -> str:
        lost = self._stones_lost(state)
        if len(lost) == 2:
            return "both Mystic Stones were destroyed"
        return f"{state.seat_names[lost[0]]}'s Mystic Stone was destroyed" if lost else ""

    def invariants(self, state: GameState) -> list[str]:
        d = data(state)
        out = []
        if not 0 <= d.ap <= AP_PER_TURN:
            out.append(f"{d.ap} action points")
        for sq in SQUARES:
            ids = state.zones[(None, sq)]
            if len(ids) > 1:
                out.append(f"{sq} holds {len(ids)} cards")
            for cid in ids:
                inst = state.cards[cid]
                alive = inst.card.type in ("trap",) or inst.damage < health_of(inst)
                if inst.damage < 0 or not alive:
                    out.append(f"{inst.card.name} on {sq} has {inst.damage} damage")
                if inst.card.type == "spell":
                    out.append(f"a Spell is on {sq}")
                if not inst.card.is_unit and any(s in inst.counters for s in schema.STATUS_RULES):
                    out.append(f"{inst.card.name} on {sq} has a status (only Units have them)")
                if (
                    inst.card.type in ("trap", "stone")
                    and not inst.face_down
                    and state.phase == "setup"
                ):
                    out.append(f"{inst.card.name} placed face up")
        for seat in range(2):
            if d.placed[seat] > SETUP_PLACES:
                out.append(f"seat {seat + 1} placed {d.placed[seat]} cards at setup")
            for cid in state.zones[(seat, ASIDE)]:
                if state.cards[cid].card.type != "token":
                    out.append(f"{name(state, cid)} is set aside")
        placed = {cid: sq for sq in SQUARES for cid in state.zones[KEY[sq]]}
        if placed != d.where:
            out.append(f"the battlefield index {d.where} is not the board {placed}")
        if state.zones[(None, STACK)] and not state.prompts and not state.over:
            out.append("Spells left on the stack")
        return out

    def turn_cap(self) -> int:
        return 200
