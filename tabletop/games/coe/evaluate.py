"""How good a C.O.E position is for a seat, for the greedy bot and the search's playouts.

"The first player to Archive (Defeat) each of their opponent's Party wins the game": the
champions of the party still in the game and the HP they have left weigh most. Reads only
what the seat's view shows. What greedy games showed the earlier evaluation getting wrong: it
valued unrested resources, which reset in every Camp Phase anyway, so the greedy kept its
cards and left most of its resources unspent (18 points of them a turn), and a third of its
games against itself ended drawn, decks empty; and it never saw the enemy's next attack.

* **The next attack.** Damage stays on a character until healed, and a character rested in
  its own turn (by attacking, boosting or a skill) stays rested through the enemy's turn: it
  cannot counter-attack or boost a defence then, and Stealth no longer hides it. Each side is
  weighed against the attack it faces next: the active seat's unrested characters this turn,
  or, for the active seat itself, every enemy character on the battlefield in the enemy's
  next turn (they reset first), one attacker boosted by all the others against each of its
  characters the attack may reach, less that character's DEF and the DEF its unrested allies
  can lend it, and less what the counter-attack of an unrested target costs the attacker. A
  champion it would defeat is at stake (the game, if it is the last), else the HP it would
  lose. A rested character also costs a little by itself.
* **The field**: characters by DMG, DEF and (acolytes) HP; equipment, infinite and face-down
  cards in play; resources built (each worth most while few); the scenario level (skills).
* **Cards in hand**, the first few worth most, and more those the resources built can pay
  for (by type: Enchanted pays either). The seat whose turn it is not draws next:
  half a card, so that a turn's end weighs the same before and after. Resources are reset in
  each Camp Phase, so resting them to play a card costs nothing.
"""

from __future__ import annotations

from typing import NamedTuple

from ...engine import HIDDEN, GameState, side_by_side
from ...engine import abilities as ab
from . import rules

CHAMPION = 30.0  # each champion of the party still in the game
LAST_CHAMPION = 40.0  # at stake besides when the last one is threatened: the game
HP = 2.0  # each HP a champion has left
CHAMPION_DMG = 1.0  # a champion on the field: its DMG and DEF
CHAMPION_DEF = 0.8
ACOLYTE = 2.0
ACOLYTE_DMG = 1.0
ACOLYTE_DEF = 0.8
ACOLYTE_HP = 0.5
RESOURCE = 2.0  # each point of resource value built, up to RESOURCES_WANTED
RESOURCES_WANTED = 6
LATE_RESOURCE = 0.5
SCENARIO = 4.0  # each scenario level, up to 3
IN_ARSENAL = 1.5  # equipment, infinite and face-down cards in play
IN_HAND = 1.0  # each card in hand, the first HAND_FIRST
HAND_FIRST = 5
LATE_CARD = 0.4
PAYABLE = 0.4  # a card in hand the resources built could pay for (by type)
TO_DRAW = 0.5  # the seat whose turn it is not draws first: half a card
EXPOSED = 0.6  # of what the next attack the seat faces could take
RESTED = 1.0  # a rested character: it cannot counter-attack or boost until its Camp Phase
WORDS = frozenset({"range", "stealth", "evade", "transgress", "first_strike"})


class Char(NamedTuple):
    """A character on the field as the next attack sees it."""

    cid: int
    dmg: int
    dfn: int  # in the next turn (a stagger is over by then)
    dfn_now: int  # this turn (a staggered character's DEF counts as 0)
    left: int  # HP left
    up: bool  # unrested
    words: frozenset[str]  # its keywords that matter to an attack (see WORDS)
    counters: bool  # may counter-attack
    support: bool  # in the support position
    new: bool  # came to the field this turn


def chars(state: GameState, seat: int) -> list[Char]:
    """The seat's characters on the field (its leader, character positions and support)."""
    out = []
    cards = state.cards
    turn = state.turn
    modifiers = ab.modifiers
    for cid in rules.characters(state, seat):
        inst = cards[cid]
        card = inst.card
        dmg = card.dmg or 0
        dfn = card.defense or 0
        now = dfn
        counters = True
        words = _words(card)
        mods = modifiers(state, cid)
        if mods:
            # One pass: the numbers, the stagger, and the keywords and permissions granted
            # or taken away ("cannot" beats "can"; else printed, as rules.has answers).
            staggered = False
            can: set[str] = set()
            cannot: set[str] = set()
            for m in mods:
                stat = m.stat
                if stat == "dmg":
                    dmg += m.amount
                elif stat == "def":
                    dfn += m.amount
                elif stat == "staggered":
                    staggered = True
                elif stat in WORDS or stat == "counter_attack":
                    (cannot if m.amount == ab.CANNOT else can).add(stat)
            now = 0 if staggered else dfn
            if can or cannot:
                words = frozenset((words | can) - cannot) & WORDS
                counters = "counter_attack" not in cannot
            dmg = dmg if dmg > 0 else 0
            dfn = dfn if dfn > 0 else 0
            now = now if now > 0 else 0
        out.append(
            Char(
                cid,
                dmg,
                dfn,
                now,
                card.hp - inst.damage,
                not inst.turned,
                words,
                counters,
                inst.zone[1] == rules.SUPPORT,
                inst.counters.get("entered") == turn,
            )
        )
    return out


_KEYWORDS: dict[str, frozenset[str]] = {}


def _words(card) -> frozenset[str]:
    """The printed keywords of a card that matter to an attack (asked once a card)."""
    found = _KEYWORDS.get(card.name)
    if found is None:
        found = _KEYWORDS[card.name] = WORDS.intersection(card.keywords)
    return found


def _facing(
    state: GameState, seat: int, mine: list[Char], theirs: list[Char], champions_left: int
) -> float:
    """What the next attack the seat faces could take from it (see the module's text)."""
    now = state.active != seat
    cards = state.cards
    total = 0
    attackers = 0
    toughest = 0  # the attacker's DEF against a counter-attack (the toughest that may attack)
    ranged = transgress = False
    for c in theirs:
        if c.support or (now and not c.up):
            continue
        if c.dmg:
            total += c.dmg  # a booster, or the attacker
        if now and c.new and "first_strike" not in c.words:
            continue
        attackers += 1
        toughest = max(toughest, c.dfn_now if now else c.dfn)
        ranged = ranged or "range" in c.words
        transgress = transgress or "transgress" in c.words
    if not attackers or not total:
        return 0.0
    reached = []
    lend = 0
    for c in mine:
        dfn = c.dfn_now if now else c.dfn
        if c.up and not c.support and cards[c.cid].card.defense is not None:
            lend += dfn
        if (
            (c.support and not transgress)
            or (c.up and "stealth" in c.words)
            or ("evade" in c.words and not ranged)
        ):
            continue
        # An unrested character counter-attacks an attacker without Range.
        back = c.dmg - toughest if c.up and not ranged and c.counters else 0
        reached.append((c, dfn, back))
    worst = 0.0
    for c, dfn, back in reached:
        guard = dfn + (0 if c.support else lend - (dfn if c.up else 0))
        hit = total - guard
        if hit <= 0:
            continue
        card = cards[c.cid].card
        left = c.left
        if card.type == "champion":
            if hit >= left:
                loss = CHAMPION + HP * left + (LAST_CHAMPION if champions_left == 1 else 0.0)
            else:
                loss = HP * hit
        else:
            loss = _acolyte(left, 0, 0) if hit >= left else ACOLYTE_HP * hit
        if back > 0:
            loss -= HP * back
        worst = max(worst, loss)
    return EXPOSED * worst


def _acolyte(left: int, dmg: int, dfn: int) -> float:
    return ACOLYTE + ACOLYTE_DMG * dmg + ACOLYTE_DEF * dfn + ACOLYTE_HP * left


def _payable(state: GameState, seat: int, mana: int, shells: int) -> int:
    """How many of the known arsenal cards in the seat's hand its resources (all of them:
    they reset in its Camp Phase) could pay for, by their type (Enchanted pays either)."""
    cards = state.cards
    n = 0
    for cid in state.zones[(seat, rules.HAND)]:
        card = cards[cid].card
        if (
            card is not HIDDEN
            and card.arsenal
            and card.cost <= (shells if card.resource == "shells" else mana)
        ):
            n += 1
    return n


def side(state: GameState, seat: int) -> float:
    cards = state.cards
    zones = state.zones
    party = rules.party_left(state, seat)
    if not party:
        return -1000.0
    score = 0.0
    for cid in party:
        inst = cards[cid]
        score += CHAMPION + HP * (inst.card.hp - inst.damage)
    mine = chars(state, seat)
    for c in mine:
        if not c.up:
            score -= RESTED
        if cards[c.cid].card.type == "acolyte":
            score += _acolyte(c.left, c.dmg, c.dfn)
        else:
            score += CHAMPION_DMG * c.dmg + CHAMPION_DEF * c.dfn
    built = mana = shells = 0
    for cid in zones[(seat, rules.RESOURCES)]:
        inst = cards[cid]
        value = inst.card.value
        kinds = inst.counters
        if kinds.get("enchanted"):
            mana += value
            shells += value
        elif kinds.get("mana"):
            mana += value
        elif kinds.get("shells"):
            shells += value
        else:
            continue  # a handicap resource not named yet
        built += value
    score += RESOURCE * min(built, RESOURCES_WANTED) + LATE_RESOURCE * max(
        0, built - RESOURCES_WANTED
    )
    score += SCENARIO * min(3, rules.scenario_level(state, seat))
    score += IN_ARSENAL * sum(
        1 for c in zones[(seat, rules.ARSENAL)] if cards[c].face_down or cards[c].card.stays
    )
    held = len(zones[(seat, rules.HAND)])
    score += IN_HAND * min(held, HAND_FIRST) + LATE_CARD * max(0, held - HAND_FIRST)
    score += PAYABLE * _payable(state, seat, mana, shells)
    if state.active != seat:
        score += TO_DRAW
    if state.phase not in ("setup", "coin"):
        score -= _facing(state, seat, mine, chars(state, 1 - seat), len(party))
    return score


def evaluate(state: GameState, seat: int) -> float:
    return side_by_side(state, seat, side)
