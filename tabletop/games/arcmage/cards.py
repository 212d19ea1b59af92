"""ARC-mage's card schema, and the conversion of an arcmage.org database card into it.

A card has a type (city, creature, event, magic, enchantment; tokens are creatures marked
``token``), a faction, a cost in resources (``cost_x`` when the text defines X; cities
have none: they are built by skipping a turn), the loyalty count of that cost that must be
paid in the card's own faction, ATK/DEF for creatures and the defense strength of a city,
creature types, and its keywords with their numbers (``bodyguard = 3``).

Keywords are read from the card text as the real cards write them: ``Flying - reminder``
or a bare ``Flying.``; a keyword's reminder text is part of the keyword, not further text.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from ...engine import CardModel
from .database import ApiCard

CardType = Literal["city", "creature", "event", "magic", "enchantment"]
Faction = Literal["gaian", "dark_legion", "red_banner", "house_of_nobles", "empire", "none"]

FACTIONS: dict[str, Faction] = {
    "Gaian": "gaian", "Dark Legion": "dark_legion", "Red Banner": "red_banner",
    "House of Nobles": "house_of_nobles", "The Empire": "empire", "Empire": "empire",
}
FACTION_NAMES: dict[str, str] = {
    "gaian": "Gaian", "dark_legion": "Dark Legion", "red_banner": "Red Banner",
    "house_of_nobles": "House of Nobles", "empire": "The Empire", "none": "No faction",
}
# The rulebook's convention for resource counters.
FACTION_COLOURS: dict[str, tuple[int, int, int]] = {
    "gaian": (70, 160, 80), "dark_legion": (40, 40, 44), "red_banner": (190, 50, 44),
    "house_of_nobles": (60, 100, 190), "empire": (236, 234, 226), "none": (130, 130, 130),
}

# The keywords the real cards use, each with its reminder text's rule (issue #7's list).
# Those marked with a number take one (Bodyguard 3).
KEYWORDS: dict[str, str] = {
    "flying": "Only creatures with flying and ranged can defend against me.",
    "ranged": "I can defend against creatures with flying.",
    "first_strike": "In combat, I deal damage first.",
    "sudden": "I can be played directly into your army.",
    "infiltrate": "I can move into opponents' cities.",
    "fatigue": "I come into play marked.",
    "peaceful": "I cannot attack.",
    "overrun": "The surplus of unblocked damage I deal is carried over to the attacked city.",
    "veteran": "I am not marked for attacking.",
    "travel": "I'm not marked for moving.",
    "bodyguard": "I may divert up to N damage from target creature you control to myself.",
    "unique": "No player can control more than one of this unit at any time.",
    "deadly": "Any damage I deal to a creature kills it.",
    "sanctuary": "I cannot be damaged.",
}
NUMBERED = frozenset({"bodyguard"})
# Sentences some cards add to a keyword's reminder, part of it rather than further text.
REMINDER_TAILS = ("The opposing creature only strikes back if it survives.",)
# "First Strike - In combat, I deal damage first." / "Bodyguard 3 - ..." / "Peaceful."
_KEYWORD = re.compile(
    r"(?:(?<=^)|(?<=[.:]\s)|(?<=[.:]))\s*(?P<name>" + "|".join(
        re.escape(k.replace("_", " ")) for k in sorted(KEYWORDS, key=len, reverse=True))
    + r")(?:\s+(?P<n>\d+))?\s*(?:(?:-|–)\s*(?P<reminder>[^.]*(?:\.[^A-Z]*?)?\.)|\.|$)",
    re.IGNORECASE)


class ArcCard(CardModel):
    type: CardType
    faction: Faction = "none"
    cost: int | None = Field(None, ge=0, le=20)  # None: a city or a token
    cost_x: bool = False  # the cost is X (plus ``cost``), defined by the text
    loyalty: int = Field(0, ge=0, le=20)
    attack: int | None = Field(None, ge=0, le=99)
    defense: int | None = Field(None, ge=0, le=99)  # a creature's DEF, a city's strength
    subtypes: tuple[str, ...] = ()
    token: bool = False  # outside the 45; made by other cards
    keywords: dict[str, int] = Field(default_factory=dict)  # name -> its number, or 0
    source: str = ""  # the arcmage.org guid of an imported card

    @model_validator(mode="after")
    def _shape(self) -> ArcCard:
        if self.type == "creature" and (self.attack is None or self.defense is None):
            raise ValueError("a creature needs attack and defense")
        if self.type == "city" and self.defense is None:
            raise ValueError("a city needs its defense strength")
        if self.type not in ("city",) and not self.token and self.cost is None \
                and not self.cost_x:
            raise ValueError(f"a {self.type} needs a cost")
        if self.cost is not None and self.loyalty > self.cost and not self.cost_x:
            raise ValueError(f"loyalty {self.loyalty} is more than the cost {self.cost}")
        unknown = set(self.keywords) - set(KEYWORDS)
        if unknown:
            raise ValueError(f"unknown keywords {sorted(unknown)} (known: {sorted(KEYWORDS)})")
        return self

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


def read_keywords(text: str) -> tuple[dict[str, int], str]:
    """The keywords written in ``text``, and the text that is left once the keywords (and
    their reminder texts) are taken out."""
    found: dict[str, int] = {}
    rest = []
    last = 0
    for m in _KEYWORD.finditer(text):
        name = m.group("name").lower().replace(" ", "_")
        number = int(m.group("n")) if m.group("n") else 0
        if name in NUMBERED and not number:
            continue  # "bodyguard" as a word, not the keyword
        found[name] = number
        rest.append(text[last:m.start()])
        last = m.end()
    rest.append(text[last:])
    left = re.sub(r"\s+", " ", " ".join(rest)).strip()
    for tail in REMINDER_TAILS:
        left = left.replace(tail, "").strip()
    return found, left


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
    subtypes = tuple(w for w in (card.sub_type or "").split()
                     if w.lower() not in ("token", kind))
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
    keywords, _ = read_keywords(card.rule_text)
    faction = FACTIONS.get(card.faction.name if card.faction else "", "none")
    return ArcCard(
        name=card.name.strip(), type=kind, text=card.rule_text.strip(), faction=faction,
        cost=cost, cost_x=cost_x, loyalty=card.loyalty, attack=_number(card.attack),
        defense=_number(card.defense), subtypes=subtypes, token=token, keywords=keywords,
        source=card.guid or "")
