"""EWC's card schema: the card types, the stats, and the effect vocabulary its rules read.

An effect is a small table with a ``do`` key, e.g. ``{ do = "attack", strength = 3 }``.
Every card keeps its printed words in ``text``; the effects are what the engine plays.

Who an effect reaches, in the words of an attack:

* ``defender`` — the Hero or Ally being attacked;
* ``attacker`` — the Hero or Ally making the attack;
* ``target``   — the Hero or Ally the player picks when activating the card;
* ``hero``     — your own Hero.

A Reaction's ``timing`` names the moment of an attack it is activated in (``TIMING_WORDS``):
three are the defender's, two the attacker's (before and after its own Attack roll).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...engine import CardModel, DeckList

Target = Literal["defender", "attacker", "target"]
Condition = Literal["hit", "dodged"]


class _Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    when: Condition | None = Field(None, alias="if")  # resolved at the end of the attack


class Attack(_Effect):
    """This card makes an attack with its own Strength."""

    do: Literal["attack"]
    strength: int = Field(ge=0, le=20)
    piercing: bool = False  # no Armor may be used against it


class Damage(_Effect):
    """Deal damage directly, with no roll (Armor does not prevent it)."""

    do: Literal["damage"]
    amount: int = Field(ge=1, le=20)
    to: Target = "defender"


class BonusDamage(_Effect):
    """This attack deals more damage when it hits, even a hit for 0 (before Armor)."""

    do: Literal["bonus_damage"]
    amount: int = Field(ge=1, le=20)


class Draw(_Effect):
    do: Literal["draw"]
    count: int = Field(1, ge=1, le=5)


class Heal(_Effect):
    """Your Hero regains Life, up to its printed LIFE."""

    do: Literal["heal"]
    amount: int = Field(ge=1, le=20)


class RollBonus(_Effect):
    """Add to this attack's Attack total or Defense total (negative to take away)."""

    do: Literal["roll_bonus"]
    roll: Literal["attack", "defense"]
    amount: int = Field(ge=-6, le=6)


class Prevent(_Effect):
    """Prevent some of this attack's damage."""

    do: Literal["prevent"]
    amount: int = Field(ge=1, le=20)


class Reroll(_Effect):
    """Roll a die of this attack again; the new face stands."""

    do: Literal["reroll"]
    roll: Literal["attack", "defense"]


class CreateAlly(_Effect):
    """Your Ally token of this name moves from behind your Hero to beside it."""

    do: Literal["create_ally"]
    ally: str


class NextAttack(_Effect):
    """Your next attack this turn gets more Strength."""

    do: Literal["next_attack"]
    amount: int = Field(ge=1, le=10)


class TurnCard(_Effect):
    """Turn a ready card an opponent has in play (not a Hero or Ally) 90 degrees."""

    do: Literal["turn_card"]


class Discard(_Effect):
    """The player of the defender (or the target) discards cards from hand at random."""

    do: Literal["discard"]
    count: int = Field(1, ge=1, le=5)
    to: Literal["defender", "target"] = "defender"


class Modify(_Effect):
    """A Hero ability that stays on for the whole game."""

    do: Literal["modify"]
    stat: Literal["weapon_strength", "ally_strength", "armor_prevent", "hit_damage"]
    amount: int = Field(ge=-5, le=5)


Effect = Annotated[
    Attack
    | Damage
    | BonusDamage
    | Draw
    | Heal
    | RollBonus
    | Prevent
    | Reroll
    | CreateAlly
    | NextAttack
    | TurnCard
    | Discard
    | Modify,
    Field(discriminator="do"),
]

CardType = Literal["hero", "weapon", "action", "reaction", "armor", "ally"]
Timing = Literal["attacked", "before_attack", "after_attack", "before_defense", "after_defense"]

TIMING_WORDS: Mapping[str, str] = {
    "attacked": "when your Hero or Ally is attacked, before the Attack roll",
    "before_attack": "before your Attack roll",
    "after_attack": "after your Attack roll",
    "before_defense": "before your Defense roll",
    "after_defense": "after your Defense roll",
}
# Whose Reactions each timing is for: the seat making the attack, or the seat attacked.
ATTACKER_TIMINGS = frozenset({"before_attack", "after_attack"})
DEFENDER_TIMINGS = frozenset({"attacked", "before_defense", "after_defense"})

# The effects each kind of card may carry in ``effects``.
_ALLOWED: Mapping[str, set[str]] = {
    "weapon": {"attack"},
    "action": {
        "attack",
        "damage",
        "draw",
        "heal",
        "create_ally",
        "next_attack",
        "turn_card",
        "discard",
    },
    "reaction": {"roll_bonus", "prevent", "reroll", "damage", "draw", "heal"},
    "armor": {"prevent", "roll_bonus", "damage"},
    "hero": set(),
    "ally": set(),
}
# What an on-hit or Icon effect may be.
_RIDERS = {"bonus_damage", "damage", "draw", "heal", "discard", "prevent"}


class EwcCard(CardModel):
    type: CardType
    cost: int = Field(0, ge=0, le=10)
    starter: bool = False  # one of a Hero's two starting cards, value 0
    one_shot: bool = False  # goes to the discard pile once its effect is done
    timing: Timing | None = None  # Reactions: when they can be activated
    effects: tuple[Effect, ...] = ()
    on_hit: tuple[Effect, ...] = ()  # when this card's attack hits (a hit for 0 too)
    icon: tuple[Effect, ...] = ()  # when your roll shows the Icon
    # Heroes and Allies
    strength: int | None = Field(None, ge=0, le=20)
    defense: int | None = Field(None, ge=0, le=20)
    speed: int | None = Field(None, ge=0, le=20)
    life: int | None = Field(None, ge=1, le=99)
    starting: tuple[str, ...] = ()  # Heroes: their two starting cards
    ability: tuple[Effect, ...] = ()  # Heroes: takes effect after setup

    @cached_property
    def attack(self) -> Attack | None:
        for e in self.effects:
            if isinstance(e, Attack):
                return e
        return None

    @cached_property
    def modifiers(self) -> dict[str, int]:
        """A Hero's lasting ability, summed per stat."""
        out: dict[str, int] = {}
        for e in self.ability:
            if isinstance(e, Modify):
                out[e.stat] = out.get(e.stat, 0) + e.amount
        return out

    @property
    def is_character(self) -> bool:
        return self.type in ("hero", "ally")

    @model_validator(mode="after")
    def _consistent(self) -> EwcCard:
        t = self.type
        need = {
            "hero": ("strength", "defense", "speed", "life"),
            "ally": ("strength", "defense", "life"),
        }.get(t, ())
        for stat in need:
            if getattr(self, stat) is None:
                raise ValueError(f"a {t} needs {stat.upper() if len(stat) < 5 else stat}")
        if not self.is_character:
            for stat in ("strength", "defense", "speed", "life"):
                if getattr(self, stat) is not None:
                    raise ValueError(f"only Heroes and Allies have {stat}")
        if t == "ally" and self.speed is not None:
            raise ValueError("Allies have no SPD")
        if t == "hero":
            if len(self.starting) != 2:
                raise ValueError("a Hero has exactly 2 starting cards (field 'starting')")
            bad = [e.do for e in self.ability if e.do not in ("modify", "draw")]
            if bad:
                raise ValueError(f"a Hero ability is 'modify' or 'draw', not {bad}")
        elif self.starting or self.ability:
            raise ValueError("only Heroes have 'starting' and 'ability'")
        if self.is_character and (self.cost or self.starter or self.effects or self.one_shot):
            raise ValueError("Heroes and Allies have no cost, starter flag, effects or one_shot")
        if t != "reaction" and self.timing is not None:
            raise ValueError("only Reactions have a timing")
        if t == "reaction" and self.timing is None:
            raise ValueError("a Reaction needs a timing: " + ", ".join(TIMING_WORDS))
        if self.starter and self.cost != 0:
            raise ValueError("starting cards have a value of 0")
        for e in self.effects:
            if e.do not in _ALLOWED[t]:
                raise ValueError(f"a {t} cannot have the effect {e.do!r}")
            if e.when is not None and t not in ("reaction", "armor"):
                raise ValueError(f"only Reactions and Armor wait for 'if = {e.when}'")
            if isinstance(e, Reroll) and self.timing in ("attacked", "before_attack"):
                raise ValueError("a die can only be rerolled after it is rolled")
            if isinstance(e, Reroll) and e.roll == "defense" and self.timing != "after_defense":
                raise ValueError("the Defense die can only be rerolled after the Defense roll")
        attacks = [e for e in self.effects if isinstance(e, Attack)]
        if t == "weapon" and len(attacks) != 1:
            raise ValueError("a Weapon makes exactly one attack (one 'attack' effect)")
        if len(attacks) > 1:
            raise ValueError("a card makes at most one attack")
        if attacks and len(self.effects) > 1:
            raise ValueError(
                "a card that makes an attack puts its other effects in 'on_hit' or 'icon'"
            )
        if self.on_hit and not attacks:
            raise ValueError("only cards that make an attack have 'on_hit' effects")
        for e in (*self.on_hit, *self.icon):
            if e.do not in _RIDERS:
                raise ValueError(f"{e.do!r} cannot be an on-hit or Icon effect")
            if e.do == "prevent" and t not in ("armor", "reaction"):
                raise ValueError("only Armor and Reactions prevent damage")
            if e.do == "bonus_damage" and not (attacks or t in ("hero", "ally")):
                raise ValueError("only attacks deal bonus damage")
        if self.timing in ATTACKER_TIMINGS and any(
            e.do == "prevent" for e in (*self.effects, *self.icon)
        ):
            raise ValueError(
                f"a Reaction {TIMING_WORDS[self.timing]} is the attacker's: it "
                "cannot prevent the attack's damage"
            )
        if self.icon and not (attacks or t in ("armor", "reaction", "hero", "ally")):
            raise ValueError(
                "Icon effects belong on cards activated for a roll (attacks, Armor, Reactions)"
            )
        if self.one_shot and any(e.do == "create_ally" for e in self.effects):
            raise ValueError("a card that creates an Ally stays in play while the Ally lives")
        if t not in ("hero", "ally") and not self.effects:
            raise ValueError(f"a {t} needs at least one effect")
        return self


def check_set(cards: Mapping[str, EwcCard]) -> list[str]:
    """Rules that tie cards together: starting cards and the Allies cards create."""
    errors = []
    for card in cards.values():
        for name in card.starting:
            other = cards.get(name)
            if other is None:
                errors.append(f"hero {card.name!r}: starting card {name!r} does not exist")
            elif not other.starter:
                errors.append(
                    f"hero {card.name!r}: {name!r} is not a starting card (starter = true, value 0)"
                )
        for e in card.effects:
            if isinstance(e, CreateAlly):
                ally = cards.get(e.ally)
                if ally is None or ally.type != "ally":
                    errors.append(
                        f"card {card.name!r}: creates {e.ally!r}, which is not an Ally card"
                    )
    return errors


DECK_SIZE = 30  # docs/rulings/ewc.md: the deck is 30 cards besides the Hero and Ally tokens
MAX_COPIES = 3


def deck_problems(deck: DeckList, cards: Mapping[str, EwcCard]) -> list[str]:
    problems: list[str] = []
    heroes = [n for n in deck.cards if cards[n].type == "hero"]
    if len(heroes) != 1 or deck.cards[heroes[0]] != 1:
        problems.append(f"a deck has exactly one Hero (found {sum(deck.cards[h] for h in heroes)})")
    main = {n: c for n, c in deck.cards.items() if cards[n].type not in ("hero", "ally")}
    size = sum(main.values())
    if size != DECK_SIZE:
        problems.append(
            f"a deck has {DECK_SIZE} cards besides its Hero and Ally tokens (this one has {size})"
        )
    for name, count in main.items():
        if count > MAX_COPIES:
            problems.append(f"at most {MAX_COPIES} copies of a card ({name!r} has {count})")
        if cards[name].starter:
            problems.append(f"{name!r} is a starting card: it comes with its Hero, not in the deck")
    for name, count in deck.cards.items():
        if cards[name].type == "ally" and count > 1:
            problems.append(f"one token per Ally ({name!r} has {count})")
    creators = [cards[n] for n in main] + [
        cards[s] for h in heroes for s in cards[h].starting if s in cards
    ]
    for card in creators:
        for e in card.effects:
            if isinstance(e, CreateAlly) and e.ally not in deck.cards:
                problems.append(f"{card.name!r} creates {e.ally!r}: put its Ally token in the deck")
    return problems


def as_card(data: Any) -> EwcCard:
    return EwcCard.model_validate(data)
