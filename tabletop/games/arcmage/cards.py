"""ARC-mage's card (``ArcCard``) and its set and deck building rules.

A card has a type (city, creature, event, magic, enchantment; tokens are creatures marked
``token``), a faction, a cost in resources (``cost_x`` when the text defines X; cities
have none: they are built by skipping a turn), the loyalty count of that cost that must be
paid in the card's own faction, ATK/DEF for creatures and the defense strength of a city,
creature types, and its keywords with their numbers (``bodyguard = 3``).

What a card does is in ``abilities`` (``Ability``, ``Effect``), the words they share in
``vocabulary``; an imported card's text is read into them by ``reader`` (its keywords by
``reader.keywords.read_keywords``: ``Flying - reminder`` or a bare ``Flying.``, a keyword's
reminder text part of the keyword, not further text).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from pydantic import Field, model_validator

from ...engine import CardModel, DeckList
from .abilities import CITY_RULES, HOLDS, LISTENS, Ability, Effect
from .vocabulary import KEYWORDS, CardType, Faction

DECK_SIZE = 45
MIN_CITIES = 3
MAX_COPIES = 3


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
        if self.type not in ("city",) and not self.token and self.cost is None and not self.cost_x:
            raise ValueError(f"a {self.type} needs a cost")
        if self.cost is not None and self.loyalty > self.cost and not self.cost_x:
            raise ValueError(f"loyalty {self.loyalty} is more than the cost {self.cost}")
        unknown = set(self.keywords) - set(KEYWORDS)
        if unknown:
            raise ValueError(f"unknown keywords {sorted(unknown)} (known: {sorted(KEYWORDS)})")
        for a in self.abilities:
            city_rule = (
                a.when == "static" and a.effects and all(e.do in CITY_RULES for e in a.effects)
            )
            if self.type == "city":  # its Levels, its rules, and what it hears (at a Level)
                wrong = not (a.when in ("level", *LISTENS) or city_rule)
            else:
                wrong = a.when == "level" or city_rule or a.level > 0
            if wrong:
                raise ValueError(
                    "cities have level abilities (and rules of their own), and only cities"
                )
            if (
                a.when
                in (
                    "attack",
                    "devote",
                    "hit_city",
                    "hurt",
                    "blocked",
                    "block",
                    "save",
                    "discard",
                    "enter_city",
                    "moved",
                )
                and self.type != "creature"
            ):
                raise ValueError(f"only creatures have {a.when!r} abilities")
            if a.when in (
                "cast",
                "phase",
                "marked",
                "mark",
                "other_dies",
                "other_leaves",
            ) and self.type not in (
                "creature",
                "enchantment",
                *(("city",) if a.when in LISTENS else ()),  # a city's, at a Level
            ):
                raise ValueError(
                    f"only creatures and enchantments (and cities, at a Level) have {a.when!r} "
                    "abilities"
                )
            if a.when == "static" and self.type in ("magic", "event"):
                raise ValueError("a Magic or Event card has no static abilities")
            if (
                a.when == "static"
                and self.type != "enchantment"
                and any(e.to == "target" for e in a.effects)
            ):
                raise ValueError(
                    "only an enchantment's static effects reach 'target' (the "
                    "card it is attached to)"
                )
        return self

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False):
        """A copy, with what the card worked out of itself (``kinds``, ``listening``...)
        worked out afresh: a copy with another faction or type is another kind of card."""
        copy = super().model_copy(update=update, deep=deep)
        for key in _WORKED_OUT:
            copy.__dict__.pop(key, None)
        return copy

    @cached_property
    def kinds(self) -> frozenset[str]:
        """Its creature types, its card type and its faction, in lower case ("soldier",
        "creature", "red_banner"), and "token" for a token."""
        kinds = frozenset(t.lower() for t in self.subtypes) | {self.type, self.faction}
        return kinds | {"token"} if self.token else kinds

    @property
    def is_permanent(self) -> bool:
        return self.type in ("creature", "enchantment", "city")

    def abilities_when(self, when: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.when == when)

    @cached_property
    def listening(self) -> tuple[tuple[int, Ability], ...]:
        """Its abilities that wait for something happening to another card or for a phase
        (``enters``, ``cast``, ``phase``), with their places among its abilities."""
        return tuple((i, a) for i, a in enumerate(self.abilities) if a.when in LISTENS)

    @cached_property
    def passive(self) -> tuple[tuple[int, Effect], ...]:
        """Its effects that hold while it is in play, each with the devotion it needs: a
        city's group effects under its Levels (the Level's number), any other card's
        static abilities (0)."""
        if self.type == "city":
            return tuple(
                (a.level, e)
                for a in self.abilities
                if a.when == "level"
                for e in a.effects
                if e.do in HOLDS and e.to != "target"
            )
        return tuple((0, e) for a in self.abilities if a.when == "static" for e in a.effects)

    @cached_property
    def activated(self) -> tuple[Ability, ...]:
        """Its activated abilities ("Cost : Effect"), in the card's order: those paid by
        marking it (``mark``) and the others (``use``)."""
        return tuple(a for a in self.abilities if a.when in ("mark", "use"))

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
        out.append(
            f"ARC-mage, Deck Building: every deck must contain exactly {DECK_SIZE} "
            f"cards (this one has {size}, tokens aside)"
        )
    cities = sum(c for n, c in main.items() if cards[n].type == "city")
    if cities < MIN_CITIES:
        out.append(
            f"ARC-mage, Deck Building: at least {MIN_CITIES} of the {DECK_SIZE} cards "
            f"must be city cards (this one has {cities})"
        )
    for n, c in main.items():
        if c > MAX_COPIES:
            out.append(
                f"ARC-mage, Deck Building: a deck may only have up to {MAX_COPIES} "
                f"copies of a card ({c} of {n!r})"
            )
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
                        out.append(
                            f"card {card.name!r}: makes {e.card!r}, which is not a "
                            "token creature of this set"
                        )
    return out


# What an ``ArcCard`` works out of itself once (its cached properties).
_WORKED_OUT = tuple(k for k, v in vars(ArcCard).items() if isinstance(v, cached_property))
