"""War of the Arcane's card schema: Units, Spells, Traps, Tokens and the Mystic Stone.

Units and Tokens have ``abilities``: a trigger (``when``) and the effects it resolves.
Spells and Traps have ``effects``. An effect names who it reaches (``to``):

* ``self`` — the card itself;
* ``attacker`` / ``defender`` — the two cards of the attack it belongs to;
* ``adjacent_enemies`` / ``adjacent_allies`` — every enemy / friendly card orthogonally
  next to the card (face-down cards too: an effect that hits one flips it face up);
* ``target`` — the card a Spell was cast on.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine import CardModel, DeckList

Who = Literal["self", "attacker", "defender", "adjacent_enemies", "adjacent_allies", "target"]
StatusName = Literal["poisoned", "frozen", "burned", "shocked", "dazed", "bleeding", "petrified"]
Trigger = Literal[
    "reveal", "attack", "attacked", "post_combat", "destroyed", "placed_up", "placed_down"
]

# How long each status lasts, as the rulebook defines it.
STATUS_RULES: Mapping[str, str] = {
    "poisoned": "takes 1 damage per controlling player's turn for 3 turns, unless healed",
    "frozen": "cannot move until the controlling player's next End Phase",
    "burned": "cannot defend until the controlling player's next End Phase",
    "shocked": "cannot attack until the controlling player's next End Phase",
    "dazed": "takes 1 damage if it attacks before the controlling player's next End Phase",
    "bleeding": "takes 1 damage for every space it moves, until healed",
    "petrified": "cannot move or attack, until healed",
}
UNTIL_END_PHASE = frozenset({"frozen", "burned", "shocked", "dazed"})
UNTIL_HEALED = frozenset({"bleeding", "petrified"})
POISON_TURNS = 3


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    to: Who = "target"


class Damage(_Effect):
    do: Literal["damage"]
    amount: int = Field(ge=1, le=20)


class Heal(_Effect):
    """Removes damage and cures every status ("unless healed", "until healed")."""

    do: Literal["heal"]
    amount: int = Field(ge=1, le=20)


class Buff(_Effect):
    """Lasting extra Attack and/or Health."""

    do: Literal["buff"]
    attack: int = Field(0, ge=-10, le=10)
    health: int = Field(0, ge=-10, le=10)


class Status(_Effect):
    do: Literal["status"]
    status: StatusName


class Summon(_Effect):
    """One of your set-aside Tokens of this name enters play (see the rulings)."""

    do: Literal["summon"]
    token: str


class Draw(_Effect):
    do: Literal["draw"]
    count: int = Field(1, ge=1, le=5)


class Reveal(_Effect):
    """Flip a face-down card face up, with no damage."""

    do: Literal["reveal"]


class Counter(_Effect):
    """Spells only: the enemy Spell this one answers does not resolve."""

    do: Literal["counter"]


Effect = Annotated[
    Damage | Heal | Buff | Status | Summon | Draw | Reveal | Counter, Field(discriminator="do")
]


class Ability(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    when: Trigger
    effects: tuple[Effect, ...] = Field(min_length=1)


CardType = Literal["unit", "spell", "trap", "token", "stone"]


class WotaCard(CardModel):
    type: CardType
    attack: int = Field(0, ge=0, le=20)
    health: int = Field(0, ge=0, le=50)
    first_blood: bool = False
    abilities: tuple[Ability, ...] = ()  # Units and Tokens
    effects: tuple[Effect, ...] = ()  # Spells and Traps
    target: Literal["none", "enemy", "ally"] = "none"  # Spells: what they are cast on

    @cached_property
    def is_unit(self) -> bool:
        return self.type in ("unit", "token")

    @cached_property
    def triggers(self) -> dict[str, tuple]:
        """Effects per trigger, all abilities with that trigger together."""
        out: dict[str, tuple] = {}
        for ability in self.abilities:
            out[ability.when] = out.get(ability.when, ()) + ability.effects
        return out

    @cached_property
    def counters(self) -> bool:
        return any(isinstance(e, Counter) for e in self.effects)

    @model_validator(mode="after")
    def _consistent(self) -> WotaCard:
        t = self.type
        if self.is_unit or t == "stone":
            if self.health < 1:
                raise ValueError(f"a {t} needs health of at least 1")
        elif self.attack or self.health:
            raise ValueError(f"a {t} has no attack or health")
        if t == "stone" and (self.attack or self.abilities or self.effects):
            raise ValueError("the Mystic Stone has only health")
        if not self.is_unit and (self.abilities or self.first_blood):
            raise ValueError("only Units and Tokens have abilities and First-Blood")
        if t in ("spell", "trap") and not self.effects:
            raise ValueError(f"a {t} needs at least one effect")
        if t not in ("spell", "trap") and self.effects:
            raise ValueError("only Spells and Traps have 'effects' (Units have 'abilities')")
        if t != "spell" and self.target != "none":
            raise ValueError("only Spells have a target")
        for e in self.effects:
            if t == "trap" and e.to not in ("attacker", "self") and e.do not in ("summon", "draw"):
                raise ValueError("a Trap's effects reach the attacker")
            if (
                t == "spell"
                and e.to == "target"
                and self.target == "none"
                and e.do not in ("draw", "summon", "counter")
            ):
                raise ValueError("a Spell whose effect reaches its target needs a target")
            if isinstance(e, Counter) and t != "spell":
                raise ValueError("only Spells counter")
        if self.counters and self.target != "none":
            raise ValueError("a counter Spell answers a Spell, it has no other target")
        for ability in self.abilities:
            for e in ability.effects:
                if isinstance(e, Counter):
                    raise ValueError("abilities do not counter")
                if e.to == "target":
                    raise ValueError(
                        "abilities reach self, attacker, defender or adjacent cards, not a target"
                    )
                if e.to in ("attacker", "defender") and ability.when not in (
                    "attack",
                    "attacked",
                    "post_combat",
                ):
                    raise ValueError(f"a '{ability.when}' ability has no attacker or defender")
        return self


def check_set(cards: Mapping[str, WotaCard]) -> list[str]:
    errors = []
    for card in cards.values():
        effects = [e for a in card.abilities for e in a.effects] + list(card.effects)
        for e in effects:
            if isinstance(e, Summon):
                token = cards.get(e.token)
                if token is None or token.type != "token":
                    errors.append(f"card {card.name!r}: summons {e.token!r}, which is not a Token")
    return errors


COMPOSITION = {"unit": 30, "spell": 12, "trap": 5, "token": 6, "stone": 1}
MAX_COPIES = 3  # docs/rulings/wota.md


def deck_problems(deck: DeckList, cards: Mapping[str, WotaCard]) -> list[str]:
    problems = []
    counts = dict.fromkeys(COMPOSITION, 0)
    for name, n in deck.cards.items():
        counts[cards[name].type] += n
        if cards[name].type in ("unit", "spell", "trap") and n > MAX_COPIES:
            problems.append(f"at most {MAX_COPIES} copies of a card ({name!r} has {n})")
    for kind, wanted in COMPOSITION.items():
        if counts[kind] != wanted:
            label = "Mystic Stone" if kind == "stone" else f"{kind.capitalize()}s"
            problems.append(f"a deck has exactly {wanted} {label} (this one has {counts[kind]})")
    tokens = {n for n in deck.cards if cards[n].type == "token"}
    for name in deck.cards:
        card = cards[name]
        effects = [e for a in card.abilities for e in a.effects] + list(card.effects)
        for e in effects:
            if isinstance(e, Summon) and e.token not in tokens:
                problems.append(f"{name!r} summons {e.token!r}: put that Token in the deck")
    return problems
