"""arcmage.org's card records as the game's cards: the record's fields read, its text
parsed into abilities (:mod:`.reader`), and the tokens the texts make added."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import ArcCard
from .database import ApiCard
from .reader import mark_cost, parse, tokens_made
from .vocabulary import FACTIONS


def _number(value: str | None) -> int | None:
    if value is None or not value.strip():
        return None
    try:
        return int(value)
    except ValueError:
        return None


def from_api(card: ApiCard) -> ArcCard:
    """The game's card for an arcmage.org card (ValueError if it cannot be one)."""
    kind = card.type.name.strip().lower()
    if kind not in ("city", "creature", "event", "magic", "enchantment"):
        raise ValueError(f"{card.name!r}: unknown card type {card.type.name!r}")
    subtypes = tuple(w for w in (card.sub_type or "").split() if w.lower() not in ("token", kind))
    token = "token" in (card.sub_type or "").lower().split()
    raw_cost = (card.cost or "").strip().upper()
    cost_x = raw_cost.startswith("X")
    cost = None
    if raw_cost and raw_cost not in ("S",) and not cost_x:
        cost = _number(raw_cost)
        if cost is None:
            raise ValueError(f"{card.name!r}: cost {card.cost!r} is not a number, X or S")
    elif cost_x:
        cost = _number(raw_cost[1:].replace("+", "")) or 0
    name = card.name.strip()
    faction = FACTIONS.get(card.faction.name if card.faction else "", "none")
    text = mark_cost(card.rule_text.strip())
    parsed = parse(text, kind, name, faction)
    return ArcCard(
        name=name,
        type=kind,
        text=text,
        faction=faction,
        cost=cost,
        cost_x=cost_x,
        loyalty=card.loyalty,
        attack=_number(card.attack),
        defense=_number(card.defense),
        subtypes=subtypes,
        token=token,
        keywords=parsed.keywords,
        source=card.guid or "",
        abilities=parsed.abilities,
        unenforced=parsed.unenforced,
    )


def cards_from_api(api_cards: Iterable[ApiCard]) -> tuple[dict[str, ArcCard], list[str]]:
    """The game's cards for arcmage.org cards, by name, with the tokens their texts make
    ("a 0/1 crop token"), and one message per card that cannot be converted. A name met
    twice keeps its first record."""
    out: dict[str, ArcCard] = {}
    problems = []
    for api in api_cards:
        name = api.name.strip()
        if name in out:
            continue
        try:
            out[name] = from_api(api)
        except ValueError as e:
            problems.append(str(e))
    for card in list(out.values()):
        for token in tokens_made(card):
            out.setdefault(token.name, token)
    return out, problems
