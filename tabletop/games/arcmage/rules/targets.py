"""The reach of an ARC-mage ability: the cards and players it may target, the choices it offers
(and whether making them looks at hidden cards), the words of an action that aim it, and which
ability of a played card was chosen, with its X."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import HIDDEN, GameState
from .. import abilities as schema
from ..cards import ArcCard
from .keywords import has, is_type, qualifies
from .lifecycle import (
    unique_clash,
)
from .paying import _can_pay_ability
from .state import (
    ARMY,
    DECK,
    GRAVE,
    HAND,
    PLAY_ZONES,
    _keys,
    all_creatures,
    cities,
    data,
    enchantments,
    home,
    name,
    playing,
    who,
)


def target_options(
    state: GameState, seat: int, ability: Any, x: int | None = None, source: int | None = None
) -> list[int]:
    """The cards an ability of ``seat`` may target: of its kind, and creatures as its
    ``target_if`` asks (with ``x`` None, any X: "cost<=x" is checked once X is known;
    "here": in the city of ``source``, the card whose ability it is)."""
    kind = ability.target
    if kind == "none":
        return []
    out: list[int] = []
    only = ability.target_if
    if kind in schema.CREATURE_TARGETS:
        for cid in all_creatures(state):
            owner = state.cards[cid].owner
            if kind == "enemy_creature" and owner == seat:
                continue
            if kind == "own_creature" and owner != seat:
                continue
            if only and not _fits(state, cid, only, x, source):
                continue
            out.append(cid)
    if kind == "own_city_or_army":  # the army is said in the words ("army")
        return list(cities(state, seat))
    if kind == "spell":  # a card played, not yet resolved (ruling 99)
        return [
            c
            for c, *_ in data(state).stack
            if c != source and is_type(state.cards[c].card, ability.subtype)
        ]
    if kind == "enchantment":
        return enchantments(state)
    if kind == "card":  # any card in play: creature, city or enchantment
        cards = state.cards
        return [
            c
            for key in _keys(state.seats, PLAY_ZONES)
            for c in state.zones[key]
            if cards[c].card is not HIDDEN
            and cards[c].card.type in ("creature", "city", "enchantment")
        ]
    if kind in schema.CITY_TARGETS:
        for s in range(state.seats):
            if (kind == "enemy_city" and s == seat) or (kind == "own_city" and s != seat):
                continue
            out.extend(cities(state, s))
    return out


def player_options(state: GameState, seat: int, ability: Any) -> list[int]:
    """The players an ability of ``seat`` may target: those still playing ("target
    opponent": but the seat)."""
    if ability.target not in schema.PLAYER_TARGETS:
        return []
    return [s for s in playing(state) if not (ability.target == "opponent" and s == seat)]


PLAYER = "player="


def player_word(seat: int) -> str:
    """How an action says the player it targets: "player=2" for the second seat."""
    return f"{PLAYER}{seat + 1}"


def player_of(state: GameState, words: Sequence[str]) -> int | None:
    """The player an action's words target (``player_word``): its seat, None when they
    name none, -1 when they name no seat of this game or more than one."""
    said = [w for w in words if w.startswith(PLAYER)]
    if not said:
        return None
    n = said[0][len(PLAYER) :]
    if len(said) > 1 or not n.isdigit() or not 1 <= int(n) <= state.seats:
        return -1
    return int(n) - 1


def players_of(state: GameState, words: Sequence[str]) -> list[int]:
    """Every player an action's words target (``player_word``), in order: an ability with
    two targets may name two (-1 for a word that names no seat of this game)."""
    out = []
    for w in words:
        if w.startswith(PLAYER):
            n = w[len(PLAYER) :]
            out.append(int(n) - 1 if n.isdigit() and 1 <= int(n) <= state.seats else -1)
    return out


def aimed_parts(
    state: GameState, ability: Any, targets: Sequence[int], words: Sequence[str]
) -> list[tuple[Any, tuple[int, ...], int | None]]:
    """An ability's targets as (the ability of one target, its card, its player) for each
    of its targets (two for ``target2``, ``slots``): the cards and the players said are
    handed out in the text's order, a target that may be a card or a player taking a
    player when more are said than the targets that are only players need."""
    parts = slots(ability) if ability.target2 != "none" else (ability,)
    cards_ = list(targets)
    players = players_of(state, words)
    out: list[tuple[Any, tuple[int, ...], int | None]] = []
    for i, part in enumerate(parts):
        later = sum(p.target in schema.ONLY_PLAYERS for p in parts[i + 1 :])
        kind = part.target
        if kind in schema.ONLY_PLAYERS or (kind in schema.PLAYER_TARGETS and len(players) > later):
            out.append((part, (), players.pop(0) if players else -1))
        elif part.targets > 1 and len(parts) == 1:
            out.append((part, tuple(cards_), None))
        else:
            out.append((part, (cards_.pop(0),) if cards_ else (), None))
    return out


def aim_names(
    state: GameState, cid: int, targets: Sequence[int], words: Sequence[str]
) -> list[str]:
    """What a Magic, an Event or an Enchantment ``cid`` is played on, in the order of its
    text: cards by name, players by seat name ("Bob's graveyard" for a graveyard)."""
    card = state.cards[cid].card
    ability = _mode(card, tuple(words)) if card is not HIDDEN else None
    if ability is None:
        return [name(state, t) for t in targets]
    out = []
    for part, aimed, player in aimed_parts(state, ability, targets, words):
        if player is not None and player >= 0:
            out.append(
                f"{who(state, player)}'s graveyard"
                if part.target == "graveyard"
                else who(state, player)
            )
        out += [name(state, t) for t in aimed]
    return out


def aims(
    state: GameState, seat: int, ability: Any, source: int | None = None, x: int | None = None
) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """The ways to aim a one-target ability, as (targets, words): each card it may target,
    then each player ("player=N"), or the army ("army", for "target city or army")."""
    out: list[tuple[tuple[int, ...], tuple[str, ...]]] = [
        ((t,), ()) for t in target_options(state, seat, ability, x, source)
    ]
    out += [((), (player_word(s),)) for s in player_options(state, seat, ability)]
    if ability.target == "own_city_or_army":
        out.append(((), ("army",)))
    return out


def slots(ability: Any) -> tuple[Any, Any]:
    """An ability with two targets (``target2``) as two with one each, in the order of its
    text: the first with the effects before the first that reaches ``target2``, the second
    with those from it on (which reach ``target`` there)."""
    split = next(
        (i for i, e in enumerate(ability.effects) if e.to == "target2"), len(ability.effects)
    )
    second = tuple(
        e.model_copy(update={"to": "target"}) if e.to == "target2" else e
        for e in ability.effects[split:]
    )
    return (
        ability.model_copy(update={"target2": "none", "effects": ability.effects[:split]}),
        ability.model_copy(
            update={
                "target": ability.target2,
                "target2": "none",
                "target_if": "",
                "effects": second,
            }
        ),
    )


def _fits(state: GameState, cid: int, only: str, x: int | None, source: int | None) -> bool:
    """Whether creature ``cid`` is what a target must be (``Ability.target_if``)."""
    inst = state.cards[cid]
    if only == "here":
        here = home(state, source) if source is not None else None
        return here is not None and home(state, cid) == here and cid != source
    if only == "along":  # where the card was before it moved (ruling 94)
        came = data(state).came_from.get(source) if source is not None else None
        if came is None or cid == source:
            return False
        if came == source:  # it left its army
            return inst.zone == (state.cards[source].owner, ARMY)
        return home(state, cid) == came
    if only == "unmarked":
        return not inst.turned
    if only == "marked":
        return inst.turned
    if only == "attacking":
        c = data(state).combat
        return c is not None and cid in c.attackers
    if only == "in_army":
        return inst.zone[1] == ARMY
    if only == "cost<=x":
        return x is None or (inst.card.cost or 0) <= x
    if schema.QUALITY.fullmatch(only):  # "with cost 2 or less", "with ATK 4 or more"
        return qualifies(state, source if source is not None else -1, only, cid)
    if only[0] == "!":
        return not has(state, cid, only[1:])
    return has(state, cid, only)


def _looks_in_secret(state: GameState, seat: int, source: int, ability: Any) -> bool:
    """Whether a triggered ability picks from the seat's deck or hand, and could be used
    but for what those hide: paid for, a hand to look in, a city to put a card into (all
    public). Such a pick is always offered, found or not (ruling 41)."""
    if ability.target not in ("deck_card", "hand_card"):
        return False
    if ability.target == "hand_card" and not state.zones[(seat, HAND)]:
        return False
    if ability.pay_per and _can_pay_ability(state, seat, source, ability) is not None:
        return False
    into = next((e.into for e in ability.effects if e.do == "put"), "")
    return into != "city" or bool(cities(state, seat))


def choices(state: GameState, seat: int, source: int, ability: Any) -> list[tuple[int, ...]]:
    """The targets a triggered ability of ``seat`` may be given now: one card, or for a
    card picked from the hand into "a city you control", (card, city)."""
    kind = ability.target
    if kind in schema.PICKS:
        zone = {"hand_card": HAND, "deck_card": DECK, "grave_card": GRAVE}[kind]
        d = data(state)
        if ability.pay_per and _can_pay_ability(state, seat, source, ability) is not None:
            return []
        cards = state.cards
        picks = [
            c
            for c in state.zones[(seat, zone)]
            if c not in d.picked
            and (not ability.subtype or is_type(cards[c].card, ability.subtype))
            and (not ability.name or cards[c].card.name == ability.name)
        ]
        seen: set[str] = set()  # copies of one card: which of them makes no difference
        picks = [
            c for c in picks if not (cards[c].card.name in seen or seen.add(cards[c].card.name))
        ]
        into = next((e.into for e in ability.effects if e.do == "put"), "")
        if into in ("army", "home", "city"):  # into play: not a second of a Unique unit
            picks = [c for c in picks if not unique_clash(state, c)]
        if into == "city":
            return [(c, city) for c in picks for city in cities(state, seat)]
        if into in ("army", "home", "city") and zone != HAND:
            picks = [c for c in picks if cards[c].card.type == "creature"]
        return [(c,) for c in picks]
    return [(t,) for t in target_options(state, seat, ability, source=source)]


def target_ways(
    state: GameState, seat: int, source: int, ability: Any
) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    """The ways a triggered ability of ``seat`` may be aimed now, as (targets, words): a
    card picked (``choices``), or a card, a player or the army (``aims``)."""
    if ability.target in schema.PICKS:
        return [(t, ()) for t in choices(state, seat, source, ability)]
    return aims(state, seat, ability, source=source)


# -- the ability a played card chose, and its X ---------------------------------------------------


def play_abilities(card: ArcCard) -> tuple[Any, ...]:
    """A card's "play" abilities: one, or the modes of a "Choose one"."""
    return card.abilities_when("play")


def _mode(card: ArcCard, words: tuple[str, ...]) -> Any | None:
    """The play ability chosen (``mode=N`` for a "Choose one"), or None if the words do not
    name one."""
    modes = play_abilities(card)
    chosen = [w for w in words if w.startswith("mode=")]
    if len(modes) <= 1:
        return (modes[0] if modes else None) if not chosen else None
    if len(chosen) != 1:
        return None
    try:
        i = int(chosen[0][5:])
    except ValueError:
        return None
    return modes[i - 1] if 1 <= i <= len(modes) else None


def _x_words(words: tuple[str, ...]) -> int | None:
    """X, as the player says it playing a card that costs X ("x=N"; ruling 38: 1 or more),
    0 when not said, None when not a number. The cost is X plus the printed number
    (``cost_of``), and the card's text reads the same X (``resolve_effects``)."""
    for w in words:
        if w.startswith("x="):
            try:
                return int(w[2:])
            except ValueError:
                return None
    return 0
