"""EoC's card schema: Creatures, Essences, Spells (Effect, Instant, Item, Trap) and the
two-stage Vanquisher, with the effect vocabulary its rules play.

Costs and provisions are tables of essence types: ``cost = { fire = 2, gray = 1 }``. In a
creation or ability cost, ``gray`` asks for essence of any type; an Essence card's
``cost`` is what it *provides* (1 or 2 of one type), and Gray essence pays any type.

An effect names who it reaches (``to``):

* ``self`` — the card itself (for an Item: the creature it is attached to);
* ``target`` — the creature chosen when the card is played or its ability used;
* ``own`` / ``allies`` — every creature of its controller (``allies``: the others);
* ``enemies`` — every enemy creature;
* ``attacker`` / ``defender`` — in an attack: the attacking creatures, the attacked card;
* ``countered`` — the attacking creature the defender counter-attacks.

Effects last (``until``) for the ``turn``, or are ``static``: always on while their source
is in play (a creature's effect, an Effect spell, an Item, a Vanquisher's stage).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine import CardModel, DeckList
from ...engine import abilities as ab

ELEMENTS = ("fire", "nature", "aqua", "energy", "divine", "dark")
GRAY = "gray"
ESSENCES = (*ELEMENTS, GRAY)
ESSENCE_NAMES = {e: e.capitalize() for e in ESSENCES}

Element = Literal["fire", "nature", "aqua", "energy", "divine", "dark"]
EssenceType = Literal["fire", "nature", "aqua", "energy", "divine", "dark", "gray"]
Who = Literal["self", "target", "own", "allies", "enemies", "attacker", "defender", "countered"]
Rarity = Literal["common", "uncommon", "rare", "mythic"]
RARITY_ICONS = {"common": "●", "uncommon": "▼", "rare": "✦", "mythic": "★"}
SpellKind = Literal["effect", "instant", "item", "trap"]
Permission = Literal[
    "attack", "be_attacked", "use_abilities", "counter_attack", "attack_vanquisher"
]
Trigger = Literal["enters", "destroyed", "attacks", "attacked", "turn_starts"]
# The engine's happening each trigger waits for.
TRIGGER_HAPPENINGS = {
    "enters": ab.ENTERS,
    "destroyed": ab.DESTROYED,
    "attacks": ab.ATTACKS,
    "attacked": ab.ATTACKED,
    "turn_starts": ab.PHASE_STARTS,
}

Cost = dict[EssenceType, Annotated[int, Field(ge=1, le=9)]]


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    to: Who = "target"


class Boost(_Effect):
    """More (or less) attack and defence, for the turn or while the source is in play."""

    do: Literal["boost"]
    atk: int = Field(0, ge=-9, le=9)
    defense: int = Field(0, ge=-9, le=9, alias="def")
    until: Literal["turn", "static"] = "turn"

    @model_validator(mode="after")
    def _some(self) -> Boost:
        if not (self.atk or self.defense):
            raise ValueError("a boost changes atk or def")
        return self


class Damage(_Effect):
    """Damage marked on a creature; it is destroyed once its damage exceeds its defence."""

    do: Literal["damage"]
    amount: int = Field(ge=1, le=20)


class Destroy(_Effect):
    do: Literal["destroy"]


class Banish(_Effect):
    """Removed from the game, not sent to the Graveyard."""

    do: Literal["banish"]


class Heal(_Effect):
    do: Literal["heal"]


class Exhaust(_Effect):
    do: Literal["exhaust"]


class Ready(_Effect):
    do: Literal["ready"]


class Draw(_Effect):
    """Its controller draws (``to`` is ignored)."""

    do: Literal["draw"]
    count: int = Field(1, ge=1, le=3)
    to: Who = "self"


class Restore(_Effect):
    """Essence cards from its controller's Graveyard back to the Essence Pool."""

    do: Literal["restore"]
    count: int = Field(1, ge=1, le=3)
    to: Who = "self"


class Cancel(_Effect):
    """A Trap's answer: the attack ends and deals no damage, and no counter-attack."""

    do: Literal["cancel"]
    to: Who = "attacker"


class Cannot(_Effect):
    """A restriction; a "cannot" beats any "can"."""

    do: Literal["cannot"]
    what: Permission
    until: Literal["turn", "static"] = "turn"


class Can(_Effect):
    """A permission beyond the rulebook's (attacking the Vanquisher past its defenders)."""

    do: Literal["can"]
    what: Literal["attack_vanquisher"]
    until: Literal["turn", "static"] = "turn"


Effect = Annotated[
    Boost
    | Damage
    | Destroy
    | Banish
    | Heal
    | Exhaust
    | Ready
    | Draw
    | Restore
    | Cancel
    | Cannot
    | Can,
    Field(discriminator="do"),
]
STATIC_KINDS = (Boost, Cannot, Can)


class Ability(BaseModel):
    """Paid at will by sending essence from the pool to the Graveyard, once per turn."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=40)
    cost: Cost = Field(default_factory=dict)
    target: Literal["none", "enemy", "ally", "any"] = "none"
    effects: tuple[Effect, ...] = Field(min_length=1)


class Triggered(BaseModel):
    """An effect that happens by itself when something happens to its card."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    when: Trigger
    effects: tuple[Effect, ...] = Field(min_length=1)


class Stage(BaseModel):
    """One stage of a Vanquisher: its defence, its counter-attack, its effect and ability."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    attack: int = Field(ge=0, le=20)
    defense: int = Field(ge=1, le=30, alias="def")
    text: str = ""
    effect: tuple[Effect, ...] = ()
    ability: Ability | None = None


CardType = Literal["creature", "essence", "spell", "vanquisher"]


class EocCard(CardModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    type: CardType
    subtype: str = ""  # Amphibian, Dragon... for creatures; the kind of a spell
    rarity: Rarity = "common"
    element: Element | None = None  # a creature's Essence Type
    cost: Cost = Field(default_factory=dict)  # creation cost; what an Essence provides
    weakness: Element | None = None
    attack: int = Field(0, ge=0, le=20)
    defense: int = Field(0, ge=0, le=30, alias="def")
    effect: tuple[Effect, ...] = ()  # always on (static), while the card is in play
    triggers: tuple[Triggered, ...] = ()
    ability: Ability | None = None
    # Spells: what they do when played (Effect spells, Items and Instants), who they are
    # played on, and for a Trap the window it answers.
    kind: SpellKind | None = None
    target: Literal["none", "enemy", "ally", "any"] = "none"
    effects: tuple[Effect, ...] = ()
    trap: Literal["attacked", "counter_attacked"] | None = None
    stages: tuple[Stage, ...] = ()  # a Vanquisher's two

    @cached_property
    def essence(self) -> str | None:
        """The type an Essence card provides."""
        return next(iter(self.cost)) if self.type == "essence" else None

    @cached_property
    def value(self) -> int:
        return sum(self.cost.values())

    @cached_property
    def hears(self) -> frozenset[str]:
        """The happenings (``engine.abilities``) its triggers wait for."""
        return frozenset(TRIGGER_HAPPENINGS[t.when] for t in self.triggers)

    @cached_property
    def play(self) -> str:
        """How a spell is played from the hand: ``cast``, or ``trap:`` and the window it
        answers."""
        if self.type != "spell":
            return ""
        return f"trap:{self.trap}" if self.kind == "trap" else "cast"

    @cached_property
    def provides(self) -> tuple[str | None, int]:
        """An Essence card's type and value: all that tells two essences apart in paying."""
        return (self.essence, self.value)

    @model_validator(mode="after")
    def _consistent(self) -> EocCard:
        t = self.type
        if t == "creature":
            if self.element is None:
                raise ValueError("a creature has an Essence Type ('element')")
            if not self.cost:
                raise ValueError("a creature has a creation cost")
            if self.defense < 1:
                raise ValueError("a creature has a defence of at least 1")
        elif self.element or self.weakness or self.attack or self.defense:
            raise ValueError("only creatures have an Essence Type, a weakness, atk and def")
        if t == "essence" and (len(self.cost) != 1 or self.value not in (1, 2)):
            raise ValueError("an Essence provides 1 or 2 essence of one type ('cost')")
        if t == "spell":
            if self.kind is None:
                raise ValueError("a spell is an effect, an instant, an item or a trap ('kind')")
            if not self.cost:
                raise ValueError("a spell has a creation cost")
            if not (self.effects or self.effect):
                raise ValueError("a spell does something ('effects' or 'effect')")
            if self.kind == "trap":
                if self.trap is None:
                    raise ValueError("a trap says which attack it answers ('trap')")
                if self.target != "none":
                    raise ValueError("a trap reaches the cards of the attack, not a target")
            elif self.trap is not None:
                raise ValueError("only traps answer an attack ('trap')")
            if self.kind == "item" and self.target != "ally":
                raise ValueError("an item is attached to one of your creatures (target 'ally')")
            if self.kind == "instant" and self.effect:
                raise ValueError("an instant's effects last the turn ('effects', not 'effect')")
            if self.ability is not None and self.kind in ("instant", "trap"):
                raise ValueError("only creatures, effects and items have an ability")
        elif self.kind or self.effects or self.trap or self.target != "none":
            raise ValueError("only spells have 'kind', 'effects', 'trap' and 'target'")
        if t == "vanquisher":
            if len(self.stages) != 2:
                raise ValueError("a Vanquisher has two stages")
            if self.cost or self.effect or self.ability or self.triggers:
                raise ValueError("a Vanquisher's effects and abilities are its stages'")
        elif self.stages:
            raise ValueError("only a Vanquisher has stages")
        if t == "essence" and (self.effect or self.ability or self.triggers):
            raise ValueError("an Essence card only provides essence")
        if t == "spell" and self.triggers:
            raise ValueError("spells have no triggered effects")
        for e in self.effect:
            if not isinstance(e, STATIC_KINDS):
                raise ValueError(f"an always-on effect boosts or forbids, it does not {e.do}")
            if e.to in ("target", "attacker", "defender", "countered"):
                raise ValueError("an always-on effect reaches self, own, allies or enemies")
        for stage in self.stages:
            for e in stage.effect:
                if not isinstance(e, STATIC_KINDS) or e.to not in ("own", "allies", "enemies"):
                    raise ValueError("a stage's effect boosts or forbids own, allies or enemies")
        chooses = (
            [(self.effects, self.target)]
            + [
                (a.effects, a.target)
                for a in (self.ability, *(st.ability for st in self.stages))
                if a is not None
            ]
            + [(trig.effects, "none") for trig in self.triggers]
        )
        for effects, wanted in chooses:
            if wanted == "none" and any(e.to == "target" for e in effects):
                raise ValueError("an effect reaches 'target' but nothing is chosen ('target')")
        if self.kind != "trap" and any(
            e.to in ("attacker", "defender", "countered")
            for e in self._played_effects()
            if not self._in_attack_trigger(e)
        ):
            raise ValueError(
                "only traps and attack triggers reach 'attacker', 'defender' or 'countered'"
            )
        if self.kind != "trap" and any(isinstance(e, Cancel) for e in self._played_effects()):
            raise ValueError("only traps cancel an attack")
        return self

    def _played_effects(self) -> list:
        out = list(self.effects)
        if self.ability is not None:
            out.extend(self.ability.effects)
        for trig in self.triggers:
            out.extend(trig.effects)
        for stage in self.stages:
            if stage.ability is not None:
                out.extend(stage.ability.effects)
        return out

    def _in_attack_trigger(self, effect) -> bool:
        return any(
            effect in trig.effects for trig in self.triggers if trig.when in ("attacks", "attacked")
        )


DECK_SIZE = 60
MAX_COPIES = 4
BANNED: frozenset[str] = frozenset()  # docs/rulings/eoc.md: the ban list is not published


def check_set(cards: Mapping[str, EocCard]) -> list[str]:
    return []


def deck_problems(deck: DeckList, cards: Mapping[str, EocCard]) -> list[str]:
    problems = []
    vanquishers = sum(n for name, n in deck.cards.items() if cards[name].type == "vanquisher")
    rest = sum(n for name, n in deck.cards.items() if cards[name].type != "vanquisher")
    if vanquishers != 1:
        problems.append(f"a deck has exactly 1 Vanquisher (this one has {vanquishers})")
    if rest != DECK_SIZE:
        problems.append(
            f"a deck has exactly {DECK_SIZE} cards besides its Vanquisher (this one has {rest})"
        )
    for name, n in deck.cards.items():
        if n > MAX_COPIES and cards[name].type != "vanquisher":
            problems.append(
                f"up to {MAX_COPIES} of each card with the same name ({name!r} has {n})"
            )
        if name in BANNED:
            problems.append(f"{name!r} is on the ban list")
    return problems
