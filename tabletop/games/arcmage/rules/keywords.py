"""ARC-mage's stats, keywords and auras: a card's attack, defence and keywords as its
counters and the static effects in play (a devoted city's Level, an enchantment, an aura)
make them, and what a card is forbidden to do."""

from __future__ import annotations

from typing import Any

from ....engine import HIDDEN, GameState
from ....engine import abilities as ab
from ..abilities import QUALITY
from .state import (
    ARMY,
    CITY_SET,
    GRAVE,
    HAND,
    PLAY_ZONES,
    _keys,
    all_creatures,
    attached,
    home,
    is_city,
    resource_count,
)

# -- stats, keywords and auras -------------------------------------------------------------------

# What lasts a while is data: an engine modifier (``engine.abilities``) in ``state.lasting``,
# with its duration, on the card it changes: "atk" and "def" for a boost until end of turn,
# "keyword:flying" to grant (CAN) or take away (CANNOT: "as though it lacked it") a
# keyword, "attack" for a creature forbidden to attack (CANNOT), "aid" for a city whose
# residents may defend the others (CAN). Counters are for good: "atk", "def", and those a
# card names ("fire").
KEYWORD = "keyword:"


def _lasting(state: GameState, cid: int) -> tuple[int, int, set[str], set[str]]:
    """What the lasting modifiers on a card give it: (ATK, DEF, keywords granted, keywords
    taken away)."""
    atk = dfn = 0
    given: set[str] = set()
    taken: set[str] = set()
    for m in ab.modifiers(state, cid):
        stat = m.stat
        if stat == "atk":
            atk += m.amount
        elif stat == "def":
            dfn += m.amount
        elif stat.startswith(KEYWORD):
            (taken if m.amount == ab.CANNOT else given).add(stat[len(KEYWORD) :])
    return atk, dfn, given, taken


def _set_to(state: GameState, cid: int) -> tuple[int | None, int | None]:
    """The ATK and DEF a lasting effect sets the creature to ("reduced to +0/+2 until end of
    turn"), whatever else changes them; None where none does (the latest one holds)."""
    atk = dfn = None
    for m in ab.modifiers(state, cid):
        if m.stat == "set_atk":
            atk = m.amount
        elif m.stat == "set_def":
            dfn = m.amount
    return atk, dfn


def _passives(state: GameState) -> tuple:
    """The passive effects in play (creatures' and enchantments' static abilities, the
    level effects of devoted cities), worked out once for each arrangement of the cards in
    play (a card entering, leaving or moving in play counts in ``state.board``) and of the
    devotion shown: (board, devotion, the effects as (source card, effect, the card it
    reaches by 'target' or its home), the creatures they silence, the effects by kind, the
    keywords they grant, the keywords they name). Bots and rules ask for a creature's
    stats and keywords thousands of times between two changes."""
    d = state.data
    cached = d.statics
    if cached is not None and cached[0] == state.board and cached[1] == d.devotion:
        return cached
    found = _find_statics(state, _keys(state.seats, PLAY_ZONES))
    mute = _silenced_by(state, found)
    if mute:  # a card that lost all its abilities gives nothing
        found = tuple(f for f in found if f[0] not in mute)
    kinds: dict[str, list] = {}
    for f in found:
        kinds.setdefault(f[1].do, []).append(f)
    by_kind = {do: tuple(fs) for do, fs in kinds.items()}
    granted = frozenset(e.keyword for _, e, _ in by_kind.get("grant", ()))
    named = frozenset(e.keyword for _, e, _ in found)
    d.statics = (state.board, dict(d.devotion), found, mute, by_kind, granted, named)
    return d.statics


def statics(state: GameState, do: str) -> tuple[tuple[int, Any, int | None], ...]:
    """The passive effects in play of one kind (``Effect.do``: "boost", "forbid"...), as
    :func:`_passives` finds them: a question about one kind looks at those alone (most of
    the time there are none)."""
    d = state.data
    cached = d.statics
    if cached is None or cached[0] != state.board or cached[1] != d.devotion:
        cached = _passives(state)
    return cached[4].get(do, ())


def _silenced_by(state: GameState, found: tuple) -> frozenset[int]:
    """The creatures the passive effects ``found`` make lose all their abilities."""
    out: set[int] = set()
    cards = state.cards
    for source, e, anchor in found:
        if e.do == "forbid" and e.keyword == "abilities":
            if anchor is None:
                anchor = cards[source].attached_to
            out.update(
                c
                for c in all_creatures(state)
                if _reaches(state, source, e.to, e.subtype, c, anchor, e.having)
            )
    return frozenset(out)


def silenced(state: GameState, cid: int) -> bool:
    """Whether the card has lost all its abilities ("Enchanted creature loses all its
    abilities"): its keywords and its text, passive, triggered and activated, for as long
    as that holds (ruling 50)."""
    if cid in _passives(state)[3]:
        return True
    return bool(state.lasting) and not ab.permitted(state, cid, "abilities")


def _find_statics(
    state: GameState, keys: tuple[tuple[int, str], ...]
) -> tuple[tuple[int, Any, int | None], ...]:
    cards = state.cards
    zones = state.zones
    devotion = state.data.devotion
    out: list[tuple[int, Any, int | None]] = []
    for key in keys:
        for cid in zones[key]:
            card = cards[cid].card
            if card is HIDDEN:
                continue
            passive = card.passive
            if not passive:
                continue
            if card.type == "city":
                shown = devotion.get(cid, 0)  # a Level 0 holds with none shown
                out.extend((cid, e, cid) for level, e in passive if level <= shown)
            else:
                # an enchantment's anchor (the card it is on) is read as it is used
                out.extend((cid, e, None) for _, e in passive)
    return tuple(out)


_KINDS: dict[str, tuple[tuple[str, ...], ...]] = {}


def is_type(card: Any, kinds: str) -> bool:
    """Whether a card is of one of the kinds ``kinds`` names ("Tree|Flower": a Tree or a
    Flower). A kind is a creature type, a card type ("creature") or a faction key
    ("red_banner"), or several of them that must all hold ("red_banner creature")."""
    if not kinds:
        return True
    if card is HIDDEN:
        return False
    wanted = _KINDS.get(kinds)
    if wanted is None:
        wanted = _KINDS[kinds] = tuple(tuple(k.lower().split()) for k in kinds.split("|"))
    mine = card.kinds
    for words in wanted:
        if len(words) == 1:
            if words[0] in mine:
                return True
        elif all(w in mine for w in words):
            return True
    return False


def fits(state: GameState, cid: int, kinds: str) -> bool:
    """Whether card ``cid`` is of one of the kinds ``kinds`` names, as :func:`is_type`
    reads them, where a word may also ask for a keyword the card has (``+flying``) or
    lacks (``!flying``): "creature !flying", a creature without flying (a forbid's or a
    prevent's kinds, ``Effect``)."""
    if "+" not in kinds and "!" not in kinds:
        return is_type(state.cards[cid].card, kinds)
    for alt in kinds.split("|"):
        words = alt.split()
        plain = " ".join(w for w in words if w[0] not in "+!")
        if plain and not is_type(state.cards[cid].card, plain):
            continue
        if all(has(state, cid, w[1:]) == (w[0] == "+") for w in words if w[0] in "+!"):
            return True
    return False


def _reaches(
    state: GameState,
    source: int,
    who_: str,
    subtype: str,
    cid: int,
    anchor: int | None,
    having: str = "",
) -> bool:
    """Whether a group effect of ``source`` reaches creature ``cid`` (of its kinds, and as
    its ``having`` asks: see :func:`qualifies`)."""
    cards = state.cards
    inst = cards[cid]
    if subtype and not (
        fits(state, cid, subtype)
        if "+" in subtype or "!" in subtype
        else is_type(inst.card, subtype)
    ):
        return False
    if having and not all(qualifies(state, source, p, cid) for p in having.split("&")):
        return False
    owner = cards[source].owner
    if who_ == "self":
        return cid == source
    if who_ == "target":
        return cid == anchor
    if who_ == "your_creatures":
        return inst.owner == owner
    if who_ == "your_army":
        return inst.owner == owner and inst.zone == (owner, ARMY)
    if who_ == "all_armies":
        return inst.zone[1] == ARMY
    if who_ == "enemy_creatures":
        return inst.owner != owner
    if who_ == "all_creatures":
        return True
    if who_ == "neighbours":  # the others where it is (an Enchantment: its creature)
        src = cards[source]
        base = src.attached_to if src.card.type == "enchantment" else source
        return base is not None and cid != base and inst.zone == cards[base].zone
    if who_ in ("residents", "home"):
        city = anchor if cards[source].card.type == "city" else home(state, source)
        return city is not None and home(state, cid) == city and cid != city
    if who_ == "your_residents":  # whoever lives in your cities, infiltrators too
        return (
            inst.zone[0] == owner and inst.zone[1] in CITY_SET and cid != state.zones[inst.zone][0]
        )
    if who_ == "attackers":
        c = state.data.combat
        return c is not None and cid in c.attackers
    if who_ == "blockers":
        c = state.data.combat
        return c is not None and c.blocks.get(cid) == source
    return False


def _per(state: GameState, source: int, e: Any, cid: int) -> int:
    """How many times a passive boost of ``source`` on creature ``cid`` counts: its
    ``count`` (see :func:`count`), or once."""
    return count(state, source, e.count, cid) if e.count else 1


def count(state: GameState, source: int, spec: str, cid: int) -> int:
    """The cards a "for each ..." counts (``Effect.count``, "<scope>:<kinds>"): of the
    kinds (``is_type``; none named: any), in play (``in_play``), controlled by the source's
    controller (``yours``) or by the others (``theirs``), in the source's city or army
    (``here``: a city counts among the cards in it), any of these but the source itself
    (``other_``), attached to the creature reached (``attached``), in its controller's
    graveyard (``grave``) or hand (``hand``), or its controller's resource cards
    (``resources``)."""
    scope, kinds = spec.split(":", 1)
    cards = state.cards
    if scope == "attached":
        return sum(1 for a in attached(state, cid) if is_type(cards[a].card, kinds))
    owner = cards[source].owner
    if scope == "resources":
        return resource_count(state, owner)
    if scope in ("grave", "hand"):
        zone = state.zones[(owner, GRAVE if scope == "grave" else HAND)]
        return sum(1 for c in zone if is_type(cards[c].card, kinds))
    other = scope.startswith("other_")
    if scope.endswith("here"):  # in the source's city (its row: the city counts) or army
        return sum(
            1
            for c in state.zones[cards[source].zone]
            if not (other and c == source) and is_type(cards[c].card, kinds)
        )
    yours, theirs = scope.endswith("yours"), scope.endswith("theirs")
    n = 0
    for key in _keys(state.seats, PLAY_ZONES):
        for c in state.zones[key]:
            inst = cards[c]
            if (
                (other and c == source)
                or (yours and inst.owner != owner)
                or (theirs and inst.owner == owner)
            ):
                continue
            if is_type(inst.card, kinds):
                n += 1
    return n


def amount_of(state: GameState, source: int, e: Any, x: int = 0) -> int:
    """How much of an amount-taking effect (``abilities.COUNTED``) ``source`` resolves now:
    X less ``minus`` (``per`` "x": X paid, or the cards its ``count`` counts), ``amount``
    times the cards its ``count`` counts, or its ``amount``. The one place an amount the
    text defines is worked out."""
    if e.per == "x":  # "X is the number of ...": the count, else the X paid
        return max(0, (count(state, source, e.count, source) if e.count else x) - e.minus)
    if e.count:
        return e.amount * count(state, source, e.count, source)
    return e.amount


def qualifies(state: GameState, source: int, part: str, cid: int) -> bool:
    """Whether creature ``cid`` is what one part of a group's ``having`` or a target's
    ``target_if`` asks (``abilities.QUALITY``): not the source ("other"), its printed
    cost, its ATK or DEF now, at most or at least a number."""
    if part == "other":
        return cid != source
    m = QUALITY.fullmatch(part)
    if m is None:
        return False
    stat, n = m["stat"], int(m["n"])
    if stat == "cost":
        have = state.cards[cid].card.cost or 0
    else:
        have = attack_of(state, cid) if stat == "atk" else defense_of(state, cid)
    return have <= n if m["cmp"] == "<=" else have >= n


def holds(state: GameState, source: int, only_if: str, anchor: int | None = None) -> bool:
    """Whether a passive's conditions (``Effect.only_if``, but "defense:", which the
    creature's own DEF decides) hold now; ``anchor``: the card it reaches by 'target' (an
    Enchantment's: the card it is on)."""
    owner = state.cards[source].owner
    for part in only_if.split("&"):
        if part == "army:more":  # "as long as your army has more creatures than the city's
            # controller's army": counted each time it is asked
            anchor = anchor if anchor is not None else state.cards[source].attached_to
            if anchor is None:
                return False
            theirs = state.cards[anchor].owner
            if _army_size(state, owner) <= _army_size(state, theirs):
                return False
        if part == "turn:mine" and state.active != owner:
            return False
        if part == "turn:theirs" and state.active == owner:
            return False
        if part.startswith("below:") and state.data.devotion.get(source, 0) >= int(part[6:]):
            return False  # a city's, until its devotion reaches that Level
        if part.startswith("others:"):
            _, n, kinds = part.split(":", 2)
            if count(state, source, f"other_yours:{kinds}", source) < int(n):
                return False
    return True


def _army_size(state: GameState, seat: int) -> int:
    cards = state.cards
    return sum(1 for c in state.zones[(seat, ARMY)] if cards[c].card.type == "creature")


def aura(state: GameState, cid: int) -> tuple[int, int, frozenset[str]]:
    """What passive effects in play give creature ``cid``: (ATK, DEF, keywords)."""
    atk = dfn = 0
    kws: set[str] = set()
    cards = state.cards
    tall: list[Any] = []  # keywords that wait on the creature's DEF ("if my defense reaches 5")
    for source, e, anchor in (*statics(state, "boost"), *statics(state, "grant")):
        if (
            e.only_if
            and not e.only_if.startswith("defense:")
            and not holds(state, source, e.only_if)
        ):
            continue
        if anchor is None:
            anchor = cards[source].attached_to
        if _reaches(state, source, e.to, e.subtype, cid, anchor, e.having):
            if e.do == "boost":
                n = _per(state, source, e, cid)
                atk += e.attack * n
                dfn += e.defense * n
            elif e.only_if.startswith("defense:"):
                tall.append(e)
            else:
                kws.add(e.keyword)
    if tall:
        inst = cards[cid]
        lasting = _lasting(state, cid)[1] if state.lasting else 0
        base = (inst.card.defense or 0) + inst.counters.get("def", 0) + lasting + dfn
        kws.update(e.keyword for e in tall if base >= int(e.only_if[8:]))
    return atk, dfn, frozenset(kws)


def attack_of(state: GameState, cid: int) -> int:
    inst = state.cards[cid]
    base = (inst.card.attack or 0) + inst.counters.get("atk", 0)
    if state.lasting:
        fixed = _set_to(state, cid)[0]
        if fixed is not None:
            return max(0, fixed)
        base += _lasting(state, cid)[0]
    return max(0, base + aura(state, cid)[0])


def defense_of(state: GameState, cid: int) -> int:
    """A creature's DEF, or a city's defense strength before its damage."""
    inst = state.cards[cid]
    base = (inst.card.defense or 0) + inst.counters.get("def", 0)
    if state.lasting:
        fixed = None if is_city(inst) else _set_to(state, cid)[1]
        if fixed is not None:
            return fixed
        base += _lasting(state, cid)[1]
    if is_city(inst):
        return base
    return base + aura(state, cid)[1]


def profile(state: GameState, cid: int) -> tuple[int, int, frozenset[str]]:
    """A creature's ATK, DEF and keywords (printed, granted for a while, or given by
    passive effects; less those it acts as though it lacked), the passive effects in play
    looked at once."""
    inst = state.cards[cid]
    c = inst.counters
    a, d, given = aura(state, cid)
    keywords = frozenset(inst.card.keywords) | given
    if state.lasting:
        la, ld, granted, taken = _lasting(state, cid)
        a += la
        d += ld
        keywords = (keywords | granted) - taken
    if silenced(state, cid):
        keywords = frozenset()
    atk = max(0, (inst.card.attack or 0) + c.get("atk", 0) + a)
    dfn = (inst.card.defense or 0) + c.get("def", 0) + d
    if state.lasting:
        fixed = _set_to(state, cid)
        atk = max(0, fixed[0]) if fixed[0] is not None else atk
        dfn = fixed[1] if fixed[1] is not None else dfn
    return atk, dfn, keywords


def stats(state: GameState, cid: int) -> tuple[int, int]:
    """A creature's (ATK, DEF)."""
    atk, dfn, _ = profile(state, cid)
    return atk, dfn


def strength(state: GameState, city: int) -> int:
    """A city's defense strength left."""
    return defense_of(state, city) - state.cards[city].damage


def has(state: GameState, cid: int, keyword: str) -> bool:
    """Whether creature ``cid`` has ``keyword`` now: printed, granted for a while or by a
    passive in play, and not taken away; none for a card that lost all its abilities."""
    passives = _passives(state)
    if cid in passives[3]:
        return False  # silenced by a passive
    if state.lasting:
        if not ab.permitted(state, cid, "abilities"):
            return False  # silenced for a while
        # granted or taken away for a while; taken away ("as though they didn't have" it)
        # beats every grant, printed or given keyword
        said = ab.permitted(state, cid, KEYWORD + keyword, default=None)
        if said is not None:
            return said
    if keyword in state.cards[cid].card.keywords:
        return True
    # a keyword no passive in play grants is given to nobody by one
    return keyword in passives[5] and keyword in aura(state, cid)[2]


IMMUNE = "immune:"


def immune(state: GameState, cid: int, keyword: str) -> bool:
    """Whether another card's ``keyword`` does nothing to creature ``cid`` this turn
    ("immune to deadly")."""
    return bool(state.lasting) and bool(ab.permitted(state, cid, IMMUNE + keyword, default=False))


def forbidden(state: GameState, cid: int, what: str) -> bool:
    """Whether a "cannot" effect forbids creature ``cid`` to ``what`` ("attack"): one put on
    it for a while, or a passive one reaching it. No keyword, grant or "can" lifts it:
    "No, not, can't etc. always outweigh can", whatever the order they came in."""
    if state.lasting and not ab.permitted(state, cid, what):
        return True
    cards = state.cards
    for source, e, anchor in statics(state, "forbid"):
        if e.keyword == what and not e.against and not e.unless:
            if anchor is None:
                anchor = cards[source].attached_to
            if e.only_if and not holds(state, source, e.only_if, anchor):
                continue
            if _reaches(state, source, e.to, e.subtype, cid, anchor, e.having):
                return True
    return False


def sealed(state: GameState, city: int) -> int | None:
    """The card that forbids all movement into or out of ``city`` now ("Creatures cannot
    move into or out of target city this turn", "All movement to or from my city is
    forbidden", as long as its condition holds, asked at each move), or None."""
    if state.lasting:
        for m in ab.modifiers(state, city):
            if m.stat == "movement" and m.amount == ab.CANNOT:
                return m.source
    cards = state.cards
    for source, e, anchor in statics(state, "forbid"):
        if e.keyword != "movement":
            continue
        if anchor is None:
            anchor = cards[source].attached_to
        if e.to == "home":
            on = home(state, source) if cards[source].card.type == "creature" else anchor
        else:
            on = source if e.to == "self" else anchor if e.to == "target" else None
        if on == city and (not e.only_if or holds(state, source, e.only_if, anchor)):
            return source
    return None


def forbidden_against(state: GameState, cid: int, what: str, other: int) -> bool:
    """Whether a passive forbids creature ``cid`` to ``what`` against card ``other`` ("cannot
    attack Dark Legion cities": the city; "nor can it defend against Dark Legion
    creatures": the attacker)."""
    cards = state.cards
    for source, e, anchor in statics(state, "forbid"):
        if e.keyword == what and e.against:
            if e.only_if and not holds(state, source, e.only_if):
                continue
            if anchor is None:
                anchor = cards[source].attached_to
            if fits(state, other, e.against) and _reaches(
                state, source, e.to, e.subtype, cid, anchor, e.having
            ):
                return True
    return False


def attack_tax(state: GameState, attackers: tuple[int, ...]) -> tuple[int, int | None]:
    """What the passives in play make a player pay for these attackers ("Creatures without
    flying cannot attack unless their controller pays two resources for each attacking
    creature"), and the first card that asks it (None: nothing is asked)."""
    total, first = 0, None
    cards = state.cards
    for source, e, anchor in statics(state, "attack_tax"):
        if e.only_if and not holds(state, source, e.only_if):
            continue
        anchor = anchor or cards[source].attached_to
        for a in attackers:
            if _reaches(state, source, e.to, e.subtype, a, anchor, e.having) and not (
                e.keyword and has(state, a, e.keyword)
            ):
                total += e.amount
                first = source if first is None else first
    return total, first


def gate_closed(state: GameState, city: int, cid: int) -> bool:
    """Whether the city's passive forbids creature ``cid`` to become its resident
    ("Opponents' creatures cannot become my residents")."""
    for source, e, anchor in statics(state, "forbid"):
        if (
            source == city
            and e.keyword == "enter"
            and (not e.only_if or holds(state, source, e.only_if))
            and _reaches(state, source, e.to, e.subtype, cid, anchor, e.having)
        ):
            return True
    return False


def blocking_forbidden_by(state: GameState, attacker: int, blocker: int) -> tuple[int, Any] | None:
    """The card whose passive forbids ``blocker`` to defend against ``attacker`` ("Only Elf
    or Gaian creatures can defend against enchanted creature", "I can only be blocked by
    creatures with ranged": ``unless``; "I cannot be blocked by Goblins": ``against``), and
    that effect; or None."""
    cards = state.cards
    for source, e, anchor in statics(state, "forbid"):
        if e.keyword == "be_blocked":
            if anchor is None:
                anchor = cards[source].attached_to
            if e.only_if and not holds(state, source, e.only_if, anchor):
                continue
            if (
                not fits(state, blocker, e.unless)
                if e.unless
                else not e.against or fits(state, blocker, e.against)
            ) and _reaches(state, source, e.to, e.subtype, attacker, anchor, e.having):
                return source, e
    return None


def passives_of(state: GameState, seat: int, do: str) -> list[tuple[int, Any]]:
    """(source, effect) for the passives in play of the kind ``do`` that the seat's cards
    give (a Level of its city's, a creature's or an Enchantment's text)."""
    cards = state.cards
    return [(source, e) for source, e, _anchor in statics(state, do) if cards[source].owner == seat]


def draw_limit(state: GameState, seat: int) -> tuple[int, int] | None:
    """The fewest cards a passive in play lets ``seat`` draw in its Draw & Resource phase
    ("Players can only draw one card during their draw phase"), or a card did for its next
    one (``ArcData.caps``), and the card saying so; None when none limits it."""
    cards = state.cards
    best: tuple[int, int] | None = state.data.caps.get(seat)  # for this draw phase only
    for source, e, _anchor in statics(state, "draw_limit"):
        owner = cards[source].owner
        if (e.to == "self" and seat != owner) or (e.to == "each_opponent" and seat == owner):
            continue
        if best is None or e.amount < best[0]:
            best = (e.amount, source)
    return best


def bodyguard(state: GameState, cid: int) -> int:
    return state.cards[cid].card.keywords.get("bodyguard", 0)
