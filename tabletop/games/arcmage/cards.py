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
from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine import CardModel, DeckList
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
DECK_SIZE = 45
MIN_CITIES = 3
MAX_COPIES = 3
# Sentences some cards add to a keyword's reminder, part of it rather than further text.
REMINDER_TAILS = ("The opposing creature only strikes back if it survives.",)
# "First Strike - In combat, I deal damage first." / "Bodyguard 3 - ..." / "Peaceful."
_KEYWORD = re.compile(
    r"(?:(?<=^)|(?<=[.:]\s)|(?<=[.:]))\s*(?P<name>" + "|".join(
        re.escape(k.replace("_", " ")) for k in sorted(KEYWORDS, key=len, reverse=True))
    + r")(?:\s+(?P<n>\d+))?\s*(?:(?:-|–)\s*(?P<reminder>[^.]*(?:\.[^A-Z]*?)?\.)|\.|$)",
    re.IGNORECASE)


# -- what a card does, as data --------------------------------------------------------------
#
# An ability is a trigger (``when``) and the effects it resolves, in order:
#
# * ``play``   — when the card comes into play (a Magic or Event card: when it resolves);
# * ``attack`` — when the creature attacks (after the attackers are marked);
# * ``mark``   — an activated ability, "M, ...": mark the card to resolve it (Play phases);
# * ``static`` — while the card is in play (a creature's or an enchantment's passive text);
# * ``level``  — a city's Level N, when devotion reaches N in the Tactics phase: its
#   ``boost`` and ``grant`` effects on groups hold while that devotion lasts (until the
#   owner's next Unmark phase); every other effect resolves once.
#
# An enchantment's ``static`` effects written ``to = "target"`` reach the card it is
# attached to.
#
# An ability takes at most one target (``target``); every effect written ``to = "target"``
# reaches it. Group effects name who they reach and may filter by creature type.

When = Literal["play", "attack", "mark", "static", "level"]
TargetKind = Literal["none", "creature", "enemy_creature", "own_creature", "city",
                     "enemy_city", "own_city", "creature_or_city"]
Who = Literal["target", "self", "home", "your_creatures", "your_army", "enemy_creatures",
              "all_creatures", "residents", "your_cities", "attackers"]
EffectKind = Literal["damage", "draw", "boost", "fortify", "produce", "destroy", "unmark",
                     "grant", "token", "bounce"]
TARGETS: dict[str, str] = {
    "none": "", "creature": "target creature", "enemy_creature": "target opposing creature",
    "own_creature": "target creature you control", "city": "target city",
    "enemy_city": "target opposing city", "own_city": "target city you control",
    "creature_or_city": "target creature or city",
}


class Effect(BaseModel):
    """One thing an ability does. ``do`` says what:

    * ``damage`` ``amount`` to each card reached (creatures or cities);
    * ``draw`` ``amount`` cards (the card's controller);
    * ``boost`` ``attack``/``defense``: until end of turn, or ``lasting`` as counters;
      in a ``static`` ability, while the source stays in play;
    * ``fortify`` — a city gains ``amount`` defense points;
    * ``produce`` ``amount`` resources of ``faction`` for this turn;
    * ``destroy`` — a creature dies; ``bounce`` — it returns to its owner's hand;
    * ``unmark`` — the cards reached unmark;
    * ``grant`` ``keyword`` — until end of turn (``static``: while the source is in play);
    * ``token`` — put ``amount`` of the token ``card`` into play: as residents of the
      source's city with ``to = "home"``, else into the army.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    do: EffectKind
    to: Who = "target"
    amount: int = Field(0, ge=0, le=20)
    attack: int = Field(0, ge=-10, le=10)
    defense: int = Field(0, ge=-10, le=10)
    lasting: bool = False
    faction: str = ""
    keyword: str = ""
    card: str = ""  # a token's name
    subtype: str = ""  # only creatures of this type ("Soldier")

    @model_validator(mode="after")
    def _shape(self) -> Effect:
        if self.do in ("damage", "draw", "fortify", "produce", "token") and self.amount < 1:
            raise ValueError(f"{self.do} needs an amount of at least 1")
        if self.do == "boost" and not (self.attack or self.defense):
            raise ValueError("boost needs attack or defense")
        if self.do == "grant" and self.keyword not in KEYWORDS:
            raise ValueError(f"grant needs a keyword, one of {sorted(KEYWORDS)}")
        if self.do == "produce" and self.faction not in FACTION_NAMES:
            raise ValueError(f"produce needs a faction, one of {sorted(FACTION_NAMES)}")
        if self.do == "token" and not self.card:
            raise ValueError("token needs the token's card name")
        return self


class Ability(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    when: When
    level: int = Field(0, ge=0, le=20)  # a city's Level N
    target: TargetKind = "none"
    effects: tuple[Effect, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _shape(self) -> Ability:
        if (self.when == "level") != (self.level > 0):
            raise ValueError("a level ability needs its level, and only it")
        aims = any(e.to == "target" and e.do not in ("draw", "produce", "token")
                   for e in self.effects)
        if aims and self.target == "none" and self.when != "static":
            raise ValueError("an effect reaches 'target' but the ability takes no target")
        if self.when == "static" and self.target != "none":
            raise ValueError("a static ability takes no target")
        return self


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
    abilities: tuple[Ability, ...] = ()
    # The card's text says more than its keywords and abilities carry: it plays with its
    # stats and keywords, shows "text not enforced", and its controller applies the rest by
    # hand with the logged manual actions.
    unenforced: str = ""

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
        for a in self.abilities:
            if (a.when == "level") != (self.type == "city"):
                raise ValueError("cities have level abilities, and only cities")
            if a.when in ("mark", "attack") and self.type != "creature":
                raise ValueError(f"only creatures have {a.when!r} abilities")
            if a.when == "static" and self.type in ("magic", "event"):
                raise ValueError("a Magic or Event card has no static abilities")
            if a.when == "static" and self.type != "enchantment" and any(
                    e.to == "target" for e in a.effects):
                raise ValueError("only an enchantment's static effects reach 'target' (the "
                                 "card it is attached to)")
        return self

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def is_permanent(self) -> bool:
        return self.type in ("creature", "enchantment", "city")

    def abilities_when(self, when: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.when == when)

    @property
    def target(self) -> str:
        """What the card itself is played on: a Magic or Event card's (or an
        Enchantment's) ``play`` ability target."""
        for a in self.abilities:
            if a.when == "play":
                return a.target
        return "none"


def deck_problems(deck: DeckList, cards: Mapping[str, ArcCard]) -> list[str]:
    """ARC-mage's deck building rules: exactly 45 cards (tokens aside), at least 3 of them
    cities, at most 3 copies of a name."""
    out = []
    main = {n: c for n, c in deck.cards.items() if not cards[n].token}
    size = sum(main.values())
    if size != DECK_SIZE:
        out.append(f"ARC-mage, Deck Building: every deck must contain exactly {DECK_SIZE} "
                   f"cards (this one has {size}, tokens aside)")
    cities = sum(c for n, c in main.items() if cards[n].type == "city")
    if cities < MIN_CITIES:
        out.append(f"ARC-mage, Deck Building: at least {MIN_CITIES} of the {DECK_SIZE} cards "
                   f"must be city cards (this one has {cities})")
    for n, c in main.items():
        if c > MAX_COPIES:
            out.append(f"ARC-mage, Deck Building: a deck may only have up to {MAX_COPIES} "
                       f"copies of a card ({c} of {n!r})")
    return out


def check_set(cards: Mapping[str, ArcCard]) -> list[str]:
    """Every token an ability makes exists, and is a token creature."""
    out = []
    for card in cards.values():
        for a in card.abilities:
            for e in a.effects:
                if e.do == "token":
                    t = cards.get(e.card)
                    if t is None or not t.token or t.type != "creature":
                        out.append(f"card {card.name!r}: makes {e.card!r}, which is not a "
                                   "token creature of this set")
    return out


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
