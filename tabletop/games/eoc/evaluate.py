"""How good an EoC position is for a seat, for the greedy bot and the search's playouts.

The rulebook's two ways to win are what it weighs: destroying the enemy Vanquisher in both
stages, and running the enemy deck out first. Reads only what the seat's view shows. What
greedy games showed the earlier evaluation getting wrong: it counted the Vanquisher's
damage, which heals in every Clean-up, so the greedy kept attacking a Vanquisher it could not
defeat (nine attacks in ten on it held); it never saw the next attack coming; and it let the
greedy draw extra cards, which decides the deck-out that ends about half the games.

* **Stages.** A stage defeated is worth most; damage is not: every creature and the
  Vanquisher are fully healed in each Clean-up, so damage counts only while the active seat
  can still use it this turn (the threat below).
* **The next attack.** Each side is weighed against the next attack it faces: the active
  seat's ready creatures this turn, or, for the active seat itself, every enemy creature in
  the enemy's next turn (creatures the enemy creates then are exhausted) against the
  creatures it leaves on the field (and, in its Preparation Phase, one it can still create).
  The Vanquisher can be attacked only once its creatures are gone (unless an attacker may fly
  past them): if that attack can destroy every guard and still deal the stage more than its
  defence, the stage (or, in Stage 2, the game) is at stake; otherwise the best single attack
  it can make on a creature (destroying it, less the attacker the counter-attack destroys).
* **The deck-out race.** Both draw one card a turn and the first who cannot draw loses: on
  equal decks the seat that draws next runs out first. Each card a seat draws beyond the
  turn's draw (Wayfinding, Tidal Blessing, Tide Vision...) brings its deck-out a turn closer;
  the race counts from the start (about half the games end so) and more as the decks shrink.
* **The field** at its lasting values (boosts for the turn are gone next turn), essence
  owned (in the pool or paying for a card: it returns to the pool when its card leaves), and
  the cards in hand, the first of each kind worth more than the rest. The seat whose turn it
  is not draws next: half a card, so that ending a turn weighs the same before and after.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from math import tanh
from typing import NamedTuple

from ...engine import HIDDEN, GameState, side_by_side
from ...engine import abilities as ab
from . import rules

STAGE = 35.0  # Stage 1 defeated
LAST_STAGE = 80.0  # what a threat to Stage 2 puts at stake (the game)
THREAT = 0.7  # the next attack the seat faces can defeat the stage (a Trap may yet stop it)
EXPOSED = 0.5  # of the best attack the next attack can make on one of the seat's creatures
HIDDEN_GUARD_CARDS = 2  # an unseen hand of this many cards likely holds a creature to create
AVERAGE_GUARD = 2  # its DEF
CREATURE = 3.0
ATK = 1.2
DEF = 1.0
ABILITY = 1.0  # a creature with an activated ability
EXHAUSTED = 0.3  # a creature of the active seat exhausted (an attack that gains nothing is
# not made: a Trap may answer it; all are readied in the Clean-up)
LASTING_SPELL = 1.0  # an Effect or Item on the field (its boost is in the stats)
ESSENCE = 1.3  # each essence owned (pool or attached), up to ESSENCE_WANTED
ESSENCE_WANTED = 8
LATE_ESSENCE = 0.4
POOL = 0.2  # an essence in the pool can still pay for anything (a Trap in the enemy's turn)
POOL_WANTED = 4  # ... the first few
HAND_CREATURE = (2.2, 0.8)  # the first HAND_FIRST creature cards in hand, and the rest
HAND_SPELL = (1.4, 0.6)
HAND_ESSENCE = (0.3, 0.3)  # less than in the pool, where it is summoned to
HAND_FIRST = 2
HIDDEN_CARD = (1.5, 0.6)  # an unseen card (the enemy's hand), the first HIDDEN_FIRST and more
HIDDEN_FIRST = 5
# The seat whose turn it is not draws first: half a card, so that ending a turn (and the
# other seat's draw) weighs the same before and after.
TO_DRAW = 0.7
RACE = 60.0  # the deck-out race, decided, once the decks are empty
RACE_EARLY = 0.45  # how likely a game runs to a deck-out, seen from its start
DECK = 53  # the cards in a deck once the opening hand is drawn
RACE_SPREAD = 1.5  # cards of margin for the race to count as about decided
IN_HAND = {"creature": HAND_CREATURE, "spell": HAND_SPELL, "essence": HAND_ESSENCE}
LASTING = frozenset({"effect", "item"})
IN_TURN = frozenset({"prep", "attack"})
PERMISSIONS = frozenset({"attack", "attack_vanquisher", "be_attacked", "counter_attack"})


class Unit(NamedTuple):
    """A creature as the next attack sees it: what it is worth (at its lasting values), its
    ATK, the damage it can still take, its element and weakness, and what it may do."""

    value: float
    atk: int
    left: int
    element: str
    weakness: str | None
    attacks: bool  # may attack (and, for the attack now, is ready)
    past: bool  # may attack the Vanquisher past its guards
    barred: bool  # may not attack the Vanquisher
    attackable: bool
    counters: bool  # may counter-attack


def units(state: GameState, seat: int, now: bool) -> list[Unit]:
    """The seat's active creatures: as they are (``now``: this turn's damage and boosts,
    only the ready ones attack), or as they will be in the next turn (healed, readied,
    without the modifiers for this turn)."""
    out = []
    ids = rules.actives(state, seat)
    if not ids:
        return out
    cards = state.cards
    if state.lasting:
        modifiers = ab.modifiers
    else:  # only always-on effects: straight from the rules' cache (as rules.on_card)
        d = state.data
        if d.cont[0] != d.field:
            state.game.continuous(state)
        always = d.cont[2]
    turn = ab.TURN
    for cid in ids:
        inst = cards[cid]
        card = inst.card
        atk, dfn = card.attack, card.defense
        attacks = attackable = counters = True
        past = barred = False
        mods = modifiers(state, cid) if state.lasting else always.get(cid)
        if mods:
            # One pass over the modifiers: the numbers (this turn's apart) and the
            # permissions ("cannot" beats "can"; the defaults are the rulebook's).
            turn_atk = turn_def = 0
            can: set[str] = set()
            cannot: set[str] = set()
            for m in mods:
                stat = m.stat
                if stat == "atk":
                    if m.until == turn:
                        turn_atk += m.amount
                    else:
                        atk += m.amount
                elif stat == "def":
                    if m.until == turn:
                        turn_def += m.amount
                    else:
                        dfn += m.amount
                elif stat in PERMISSIONS and (now or m.until != turn):
                    (cannot if m.amount == ab.CANNOT else can).add(stat)
            value = CREATURE + ATK * (atk if atk > 0 else 0) + DEF * (dfn if dfn > 0 else 0)
            if now:
                atk += turn_atk
                dfn += turn_def
            if atk < 0:
                atk = 0
            if dfn < 0:
                dfn = 0
            if cannot or can:
                attacks = "attack" not in cannot
                past = "attack_vanquisher" in can and "attack_vanquisher" not in cannot
                barred = "attack_vanquisher" in cannot
                attackable = "be_attacked" not in cannot
                counters = "counter_attack" not in cannot
        else:
            value = CREATURE + ATK * atk + DEF * dfn
        if card.ability is not None:
            value += ABILITY
        if now:
            attacks = attacks and not inst.turned
            dfn -= inst.damage
        out.append(
            Unit(
                value,
                atk,
                dfn,
                card.element,
                card.weakness,
                attacks,
                past,
                barred,
                attackable,
                counters,
            )
        )
    return out


def lethal(attackers: Sequence[Unit], guards: Sequence[Unit], left: int) -> bool:
    """Whether these attackers can destroy every guard and deal the Vanquisher more than
    ``left``: each attacker attacks once, alone or in a group; a guard dies to more damage
    than it can still take, +1 per attacker of the element it is weak to."""
    if not attackers:
        return False
    if not guards:
        return sum(a.atk for a in attackers if not a.barred) > left
    if sum(a.atk for a in attackers if a.past) > left:
        return True  # flying past the guards
    if any(not g.attackable for g in guards):
        return False  # a guard nobody may attack keeps the Vanquisher (but for flyers)
    n, m = len(attackers), len(guards)
    if n <= m:
        return False
    if sum(a.atk for a in attackers) + n <= left + 1 + sum(g.left + 1 for g in guards):
        return False
    for plan in product(range(m + 1), repeat=n):  # m: the Vanquisher
        hit = [0] * (m + 1)
        for a, t in zip(attackers, plan, strict=True):
            if t == m:
                if a.barred:
                    break
                hit[m] += a.atk
            else:
                g = guards[t]
                hit[t] += a.atk + (1 if a.element == g.weakness else 0)
        else:
            if hit[m] > left and all(hit[i] > guards[i].left for i in range(m)):
                return True
    return False


def best_attack(attackers: Sequence[Unit], defenders: Sequence[Unit]) -> float:
    """The most one attack can win: a defender destroyed, less the attacker its
    counter-attack destroys (the defender chooses whom, in a group)."""
    best = 0.0
    n = len(attackers)
    for t in defenders:
        if not t.attackable or t.value <= best:
            continue
        weak = t.weakness
        # Each attacker's damage to it, and what it loses to its counter-attack.
        hits = [a.atk + (1 if a.element == weak else 0) for a in attackers]
        if sum(hits) <= t.left:
            continue
        lost = [
            a.value
            if t.counters and t.atk + (1 if t.element == a.weakness else 0) > a.left
            else 0.0
            for a in attackers
        ]
        for mask in range(1, 1 << n):
            hit = 0
            loss = 0.0
            for i in range(n):
                if mask >> i & 1:
                    hit += hits[i]
                    if lost[i] > loss:
                        loss = lost[i]
            if hit > t.left and t.value - loss > best:
                best = t.value - loss
    return best


def _facing(state: GameState, seat: int, mine: list[Unit], theirs: list[Unit], now: bool) -> float:
    """What the next attack the seat faces may take from it: the enemy's ready creatures
    this turn (``now``), or all of them in its next turn, against the seat's creatures (and,
    in its Preparation Phase, one it can still create). If they can break through every guard
    and defeat the stage, the stage (or, in Stage 2, the game) is at stake; else the best
    attack they have against a creature."""
    attackers = [u for u in theirs if u.attacks]
    if not attackers:
        return 0.0
    guards = mine
    if not now and state.phase == "prep" and len(mine) < rules.MAX_CREATURES:
        more = _guard_to_come(state, seat)
        if more is not None:
            guards = [*mine, Unit(0.0, 0, more, "", None, False, False, False, True, False)]
    cards = state.cards
    vid = rules.vanquisher(state, seat)
    left = rules.defense_of(state, vid) - (cards[vid].damage if now else 0)
    if lethal(attackers, guards, left):
        return THREAT * (STAGE if state.data.stage[seat] == 1 else LAST_STAGE)
    return EXPOSED * best_attack(attackers, mine)


def _guard_to_come(state: GameState, seat: int) -> int | None:
    """The DEF of the creature the seat can still create in its Preparation Phase: the
    stoutest one in its hand its Essence Pool pays for; for a hand the view hides, an average
    creature's, if it holds a few cards and has essence to pay (None: no creature to come)."""
    cards = state.cards
    pool = state.zones[(seat, rules.POOL)]
    if not pool:
        return None
    have = None
    best = None
    hidden = 0
    for cid in state.zones[(seat, rules.HAND)]:
        inst = cards[cid]
        if not inst.known:
            hidden += 1
            continue
        card = inst.card
        if card.type == "creature" and (best is None or card.defense > best):
            if have is None:
                have = rules.essence_pool(state, seat).supply
            if rules.pays(card.cost, have):
                best = card.defense
    if best is None and hidden >= HIDDEN_GUARD_CARDS:
        return AVERAGE_GUARD
    return best


def _race(state: GameState, seat: int) -> float:
    """How the deck-out race stands for the seat, from -1 (it runs out first, for sure) to
    1: the seat whose turn it is has drawn this turn's card; the other draws next, so it
    runs out first on equal decks. The nearer the decks are to empty, the surer."""
    mine = len(state.zones[(seat, rules.DECK)])
    theirs = len(state.zones[(1 - seat, rules.DECK)])
    late = 1 - min(mine, theirs, DECK) / DECK
    weight = RACE_EARLY + (1 - RACE_EARLY) * late * late
    margin = mine - theirs + (0.5 if seat == state.active else -0.5)
    return weight * tanh(margin / RACE_SPREAD)


def _hand(state: GameState, seat: int) -> float:
    value = 0.0
    counts = dict.fromkeys(IN_HAND, 0)
    hidden = 0
    cards = state.cards
    for cid in state.zones[(seat, rules.HAND)]:
        card = cards[cid].card
        if card is HIDDEN:
            hidden += 1
            value += HIDDEN_CARD[0] if hidden <= HIDDEN_FIRST else HIDDEN_CARD[1]
            continue
        kind = card.type
        n = counts[kind] = counts[kind] + 1
        value += IN_HAND[kind][0 if n <= HAND_FIRST else 1]
    return value


def side(state: GameState, seat: int) -> float:
    d = state.data
    if d.lost[seat]:
        return -1000.0
    cards = state.cards
    zones = state.zones
    active = state.active == seat
    now = not active  # the attack the seat faces next: this turn's, or the enemy's next
    mine = units(state, seat, now)
    score = 0.5 * RACE * _race(state, seat)
    if d.stage[seat] == 2:
        score -= STAGE
    for u in mine:
        score += u.value
    spells = rules.spells_in_play(state, seat)
    if active:
        for cid in rules.actives(state, seat):
            if cards[cid].turned:
                score -= EXHAUSTED
    for cid in spells:
        if cards[cid].card.kind in LASTING:
            score += LASTING_SPELL
    # Essence owned: in the pool, or attached to the cards it pays for (every other card in
    # the creature and spell zones).
    pool = len(zones[(seat, rules.POOL)])
    owned = (
        pool
        + len(zones[(seat, rules.CREATURES)])
        - len(rules.creatures(state, seat))
        + len(zones[(seat, rules.SPELLS)])
        - len(spells)
    )
    if owned > ESSENCE_WANTED:
        score += ESSENCE * ESSENCE_WANTED + LATE_ESSENCE * (owned - ESSENCE_WANTED)
    else:
        score += ESSENCE * owned
    score += POOL * (pool if pool < POOL_WANTED else POOL_WANTED)
    score += _hand(state, seat)
    if not active:
        score += TO_DRAW
    if state.phase in IN_TURN:
        enemy = rules.actives(state, 1 - seat)
        if enemy and (not now or not all(cards[c].turned for c in enemy)):
            score -= _facing(state, seat, mine, units(state, 1 - seat, now), now)
    return score


def evaluate(state: GameState, seat: int) -> float:
    return side_by_side(state, seat, side)
