"""C.O.E's card schema: Champions (a party of 1 to 4), Acolytes, arsenal cards (Spells,
Items, Equipment) and Scenarios, with the effect vocabulary its rules play.

*Characters* (Champions and Acolytes) have HP, DMG and DEF (an Acolyte may lack DMG or DEF:
it cannot boost with the stat it lacks), classes and races; Champions have affiliations,
a CC (card capacity: together, how many equipment and infinite cards their side may keep in
play) and skills unlocked by scenario levels 1 to 3; an Acolyte's skills need no level
(``level = 0``).

*Arsenal cards* (Acolytes, Spells, Items, Equipment) are played from the hand by resting
resources of their type (``resource``: Mana or Shells; Enchanted pays either) worth their
``cost``, once their requirement checks pass (``requires``: an affiliation of a Champion on the
field, a class and a race of an active character). Every arsenal card and scenario has a
``value``: what it is worth when built as a resource.

An effect names who it reaches (``to``):

* ``self`` — the card itself (for Equipment: the Champion it is on);
* ``target`` — the character chosen when the card is played or the skill used;
* ``own`` / ``allies`` — every character of its controller (``allies``: the others);
* ``enemies`` — every enemy character;
* ``attacker`` / ``defender`` — in a battle: the attacking and the defending character;
* ``leader`` — its controller's party leader.

Effects last (``until``) for the ``battle``, for one ``round`` (until its controller's next
turn), or are ``static``: always on while their source is in play (a passive skill,
Equipment, an Infinite card, a Scenario).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine import CardModel, DeckList

Resource = Literal["mana", "shells"]
Rarity = Literal["common", "uncommon", "rare", "legendary"]
RARITY_ICONS = {"common": "●", "uncommon": "▼", "rare": "✦", "legendary": "★"}
Who = Literal["self", "target", "own", "allies", "enemies", "attacker", "defender", "leader"]
Until = Literal["battle", "round", "static"]
Phase = Literal["camp", "prep", "battle", "rest"]
Side = Literal["none", "enemy", "ally", "any"]

# Keywords a character carries (coe-keywords.md), and those an effect may grant.
CharacterKeyword = Literal[
    "first_strike", "range", "evade", "stealth", "alert", "transgress", "agile"
]
BattleKeyword = Literal["unblockable", "critical", "piercing"]
Grantable = Literal[
    "first_strike",
    "range",
    "evade",
    "stealth",
    "alert",
    "transgress",
    "unblockable",
    "critical",
    "piercing",
]
# What a triggered effect of a character waits for.
Trigger = Literal["swift", "rally_call", "fortify", "battlefall", "rest_phase"]
Permission = Literal["attack", "be_attacked", "counter_attack", "use_skills", "boost"]
# Printed conditions a card or skill may need before it can be played or used ("when a card
# effect or skill has some printed condition before the effects text ... the card may not
# be played").
Condition = Literal[
    "an_enemy_is_rested",
    "an_ally_is_damaged",
    "you_control_a_scenario",
    "a_spell_is_in_your_archive",
    "your_leader_is_damaged",
]


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    to: Who = "target"


class Boost(_Effect):
    """More (or less) DMG and DEF. With ``per`` (Aura Blight), that much for every Spell card
    in its controller's Archive."""

    do: Literal["boost"]
    dmg: int = Field(0, ge=-9, le=9)
    defense: int = Field(0, ge=-9, le=9, alias="def")
    until: Until = "round"
    per: Literal["spell_in_archive"] | None = None

    @model_validator(mode="after")
    def _some(self) -> Boost:
        if not (self.dmg or self.defense):
            raise ValueError("a boost changes dmg or def")
        return self


class Damage(_Effect):
    """HP lost at once (not a battle: DEF does not stop it)."""

    do: Literal["damage"]
    amount: int = Field(ge=1, le=20)


class Heal(_Effect):
    do: Literal["heal"]
    amount: int = Field(ge=1, le=20)


class Draw(_Effect):
    """Its controller draws (``to`` is ignored)."""

    do: Literal["draw"]
    count: int = Field(1, ge=1, le=3)
    to: Who = "self"


class Rest(_Effect):
    do: Literal["rest"]


class Unrest(_Effect):
    do: Literal["unrest"]


class Stagger(_Effect):
    """Its DEF counts as 0 until the end of the turn."""

    do: Literal["stagger"]


class Archive(_Effect):
    do: Literal["archive"]


class Grant(_Effect):
    do: Literal["grant"]
    keyword: Grantable
    until: Until = "round"


class Cannot(_Effect):
    do: Literal["cannot"]
    what: Permission
    until: Until = "round"


class Negate(_Effect):
    """A Counter's answer: what it answers (the attack, or the card played) does nothing."""

    do: Literal["negate"]
    to: Literal["answered"] = "answered"


class Obstruct(_Effect):
    """One open character position of the enemy's is obstructed for one round: only an
    Agile acolyte may be played there (ruling 57)."""

    do: Literal["obstruct"]
    to: Literal["enemies"] = "enemies"
    until: Literal["round"] = "round"


Effect = Annotated[
    Boost
    | Damage
    | Heal
    | Draw
    | Rest
    | Unrest
    | Stagger
    | Archive
    | Grant
    | Cannot
    | Negate
    | Obstruct,
    Field(discriminator="do"),
]
STATIC_KINDS = (Boost, Grant, Cannot)


class Pay(BaseModel):
    """A Pay keyword: an extra cost of a named resource type (Enchanted cannot pay it)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    amount: int = Field(ge=1, le=9)
    resource: Resource


class Skill(BaseModel):
    """A champion's skill (or an acolyte's effect): used by resting the character unless it
    is Passive or Innate (always on) or Support (used from the support position)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=40)
    level: int = Field(1, ge=0, le=3)  # the scenario level it needs (0: none, acolytes)
    mode: Literal["rest", "passive", "innate", "support"] = "rest"
    pay: Pay | None = None
    cast: Phase | None = None  # only in this phase
    condition: Condition | None = None
    target: Side = "none"
    effects: tuple[Effect, ...] = Field(min_length=1)


class Triggered(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    when: Trigger
    effects: tuple[Effect, ...] = Field(min_length=1)


class Requires(BaseModel):
    """An arsenal card's requirement checks: one of each list must be met."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    affiliations: tuple[str, ...] = ()
    classes: tuple[str, ...] = ()
    races: tuple[str, ...] = ()


CardType = Literal["champion", "acolyte", "spell", "item", "equipment", "scenario"]
ARSENAL = ("acolyte", "spell", "item", "equipment")
CHARACTERS = ("champion", "acolyte")


class CoeCard(CardModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    type: CardType
    rarity: Rarity = "common"
    value: int = Field(0, ge=0, le=5)  # worth as a resource
    # Characters.
    hp: int = Field(0, ge=0, le=40)
    dmg: int | None = Field(None, ge=0, le=20)
    defense: int | None = Field(None, ge=0, le=20, alias="def")
    affiliations: tuple[str, ...] = ()
    cc: int | None = Field(None, ge=1, le=3)  # a champion's card capacity (ruling 35)
    classes: tuple[str, ...] = ()
    races: tuple[str, ...] = ()
    keywords: tuple[CharacterKeyword, ...] = ()
    skills: tuple[Skill, ...] = ()
    triggers: tuple[Triggered, ...] = ()
    # Arsenal cards.
    cost: int = Field(0, ge=0, le=9)
    resource: Resource | None = None
    requires: Requires = Field(default_factory=Requires)
    cast: Phase | None = None  # Cast: Camp / Prep / Battle / Rest
    counter: Literal["attack", "play", "any"] | None = None  # what it answers
    conjure: bool = False
    contravene: bool = False
    infinite: bool = False
    promote: Requires | None = None  # archive an acolyte meeting this to play it for free
    condition: Condition | None = None
    target: Side = "none"
    effects: tuple[Effect, ...] = ()  # what it does when played (or a Scenario's, at once)
    effect: tuple[Effect, ...] = ()  # always on while in play (Equipment, Infinite, Scenario)
    # Scenarios.
    level: int = Field(0, ge=0, le=3)

    @cached_property
    def character(self) -> bool:
        return self.type in CHARACTERS

    @cached_property
    def arsenal(self) -> bool:
        return self.type in ARSENAL

    @cached_property
    def stays(self) -> bool:
        """Whether it stays on the field once played (not archived once resolved)."""
        return self.type in ("acolyte", "equipment") or self.infinite

    @model_validator(mode="after")
    def _consistent(self) -> CoeCard:
        t = self.type
        if self.character:
            if self.hp < 1:
                raise ValueError("a character has HP of at least 1 ('hp')")
            if t == "champion" and (self.dmg is None or self.defense is None):
                raise ValueError("a champion has DMG and DEF")
            if not (self.classes and self.races):
                raise ValueError("a character has a class and a race")
        elif (
            self.hp
            or self.dmg is not None
            or self.defense is not None
            or self.classes
            or self.races
            or self.keywords
            or self.skills
            or self.triggers
        ):
            raise ValueError(
                "only characters have hp, dmg, def, classes, races, keywords, skills and triggers"
            )
        if self.affiliations and t != "champion":
            raise ValueError("only champions have affiliations")
        if t == "champion":
            if not self.affiliations:
                raise ValueError("a champion has an affiliation")
            if self.cost or self.resource or self.value:
                raise ValueError("a champion is in the party, not the arsenal: no cost or value")
            if any(s.level == 0 for s in self.skills):
                raise ValueError("a champion's skill needs a scenario level of 1 to 3")
            if self.cc is None:
                raise ValueError("a champion has a CC (card capacity, 1 to 3: 'cc')")
        elif self.cc is not None:
            raise ValueError("only champions have a CC ('cc')")
        if t == "acolyte" and any(s.level or s.mode == "support" for s in self.skills):
            raise ValueError(
                "an acolyte's effects need no scenario level and are not Support skills"
            )
        if self.arsenal:
            if self.resource is None:
                raise ValueError("an arsenal card is paid in Mana or Shells ('resource')")
        elif (
            self.cost
            or self.resource
            or self.cast
            or self.counter
            or self.conjure
            or self.contravene
            or self.infinite
            or self.requires != Requires()
            or self.condition
            or self.target != "none"
            or self.promote is not None
        ):
            raise ValueError("only arsenal cards have a cost, requirements and play keywords")
        if t in ("spell", "item") and not (
            self.effects or (self.infinite and self.effect) or self.contravene
        ):
            raise ValueError("a spell or item does something ('effects')")
        if t == "equipment":
            if self.target != "ally":
                raise ValueError("equipment targets one of your champions (target 'ally')")
            if not self.effect:
                raise ValueError("equipment changes its champion while it stays ('effect')")
        if self.effect and not (t in ("equipment", "scenario") or self.infinite):
            raise ValueError(
                "only equipment, infinite cards and scenarios have an always-on 'effect'"
            )
        if (self.counter or self.conjure) and t not in ("spell", "item"):
            raise ValueError("only spells and items are counters or conjures")
        if self.counter and self.conjure:
            raise ValueError("a card is a counter or a conjure, not both")
        negates = [
            e
            for e in (
                *self.effects,
                *self.effect,
                *(e for sk in self.skills for e in sk.effects),
                *(e for trig in self.triggers for e in trig.effects),
            )
            if e.do == "negate"
        ]
        if negates and not (self.counter and not self.effect and not self.skills):
            raise ValueError("only a Counter negates (what it answers)")
        if self.contravene and (self.counter or self.conjure or self.target != "none"):
            raise ValueError(
                "a Contravene names a keyword of what it answers: it is not a "
                "counter or a conjure, and chooses no character ('target')"
            )
        if t == "scenario":
            if self.level not in (1, 2, 3):
                raise ValueError("a scenario has a level of 1, 2 or 3")
            if not (self.effect or self.effects):
                raise ValueError("a scenario has an effect of its own")
        elif self.level:
            raise ValueError("only scenarios have a level")
        always = [
            *self.effect,
            *(e for sk in self.skills if sk.mode in ("passive", "innate") for e in sk.effects),
        ]
        for e in always:
            if getattr(e, "until", "static") != "static":
                raise ValueError(
                    "an always-on effect (a card's 'effect', a passive or innate "
                    "skill) lasts while its source is in play ('until' static)"
                )
        for e in always:
            if not isinstance(e, STATIC_KINDS):
                raise ValueError(
                    f"an always-on effect boosts, grants or forbids; it does not {e.do}"
                )
            if e.to in ("target", "attacker", "defender"):
                raise ValueError(
                    "an always-on effect reaches self, own, allies, enemies or the leader"
                )
        chooses = (
            [(self.effects, self.target)]
            + [(s.effects, s.target) for s in self.skills]
            + [(trig.effects, "none") for trig in self.triggers]
        )
        for effects, side in chooses:
            if side == "none" and any(e.to == "target" for e in effects):
                raise ValueError("an effect reaches 'target' but nothing is chosen ('target')")
        return self


ARSENAL_MIN, ARSENAL_MAX = 40, 60
PARTY_MIN, PARTY_MAX = 1, 4
MAX_COPIES = 3


def check_set(cards: Mapping[str, CoeCard]) -> list[str]:
    """A requirement no card of the set could meet is a misspelling: an affiliation no
    champion has, a class or race no character has."""
    have: dict[str, set[str]] = {"affiliations": set(), "classes": set(), "races": set()}
    for card in cards.values():
        for field, seen in have.items():
            seen.update(getattr(card, field))
    problems = []
    for card in cards.values():
        for needs in (card.requires, card.promote):
            if needs is None:
                continue
            for field, seen in have.items():
                for word in getattr(needs, field):
                    if word not in seen:
                        problems.append(
                            f"{card.name!r} requires the {_ONE[field]} {word!r}, which no card has"
                        )
    return problems


_ONE = {"affiliations": "affiliation", "classes": "class", "races": "race"}


def party(deck: DeckList, cards: Mapping[str, CoeCard]) -> list[str]:
    """The deck's champions, in its order: the first is the party leader."""
    return [name for name in deck.cards if cards[name].type == "champion"]


def deck_problems(deck: DeckList, cards: Mapping[str, CoeCard]) -> list[str]:
    problems = []
    champions = party(deck, cards)
    if not PARTY_MIN <= len(champions) <= PARTY_MAX:
        problems.append(f"a party has 1 to 4 champions (this one has {len(champions)})")
    for name in champions:
        if deck.cards[name] != 1:
            problems.append(
                f"a champion is in the party once ({name!r} is there {deck.cards[name]} times)"
            )
    scenarios_and_arsenal = sum(
        n for name, n in deck.cards.items() if cards[name].type != "champion"
    )
    if not ARSENAL_MIN <= scenarios_and_arsenal <= ARSENAL_MAX:
        problems.append(
            f"an arsenal deck has 40 to 60 cards (this one has {scenarios_and_arsenal})"
        )
    for name, n in deck.cards.items():
        if n > MAX_COPIES and cards[name].type != "champion":
            problems.append(f"up to {MAX_COPIES} cards with the same name ({name!r} has {n})")
    problems.extend(unmet(deck, cards))
    return problems


def unmet(deck: DeckList, cards: Mapping[str, CoeCard]) -> list[str]:
    """The deck's cards whose requirement checks its own characters could never pass: an
    affiliation none of its champions has, a class or race none of its characters has."""
    mine = [cards[name] for name in deck.cards]
    affiliations = {a for c in mine if c.type == "champion" for a in c.affiliations}
    classes = {k for c in mine if c.character for k in c.classes}
    races = {r for c in mine if c.character for r in c.races}
    out = []
    for card in mine:
        needs = card.requires
        for field, have in (("affiliations", affiliations), ("classes", classes), ("races", races)):
            wanted = getattr(needs, field)
            if wanted and not have.intersection(wanted):
                out.append(
                    f"{card.name!r} needs one of the {field} {', '.join(wanted)}, "
                    "which no character of this deck has"
                )
    return out
