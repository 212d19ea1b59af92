"""What an ARC-mage card does, as data: its abilities (``Ability``: a trigger, a target,
costs) and the effects each resolves (``effect.Effect``), made of the words in
``vocabulary`` (the triggers, target kinds, groups, effect kinds). The card itself, which
holds its abilities, is ``cards.ArcCard``."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .effect import Effect
from .vocabulary import (
    CITY_RULES,
    CITY_TARGETS,
    COUNTED,
    CREATURE_TARGETS,
    FORBIDS,
    GROUPS,
    HEARS_CARDS,
    HOLDS,
    KEYWORDS,
    LISTENS,
    MARKERS,
    ONLY_PLAYERS,
    PICKS,
    PLAYER_EFFECTS,
    PLAYER_TARGETS,
    QUALITY,
    RABIES,
    STATS,
    TARGET_IF,
    TARGETS,
    EffectKind,
    Into,
    TargetKind,
    When,
    Who,
    quality_words,
    target_if_words,
    target_words,
)

# The words of abilities and effects are ``vocabulary``'s and ``Effect`` is ``effect``'s;
# they are named here too, for the modules that read "what a card does" in one place.
__all__ = [
    "CITY_RULES",
    "CITY_TARGETS",
    "COUNTED",
    "CREATURE_TARGETS",
    "FORBIDS",
    "GROUPS",
    "HEARS_CARDS",
    "HOLDS",
    "LISTENS",
    "MARKERS",
    "ONLY_PLAYERS",
    "PICKS",
    "PLAYER_EFFECTS",
    "PLAYER_TARGETS",
    "QUALITY",
    "RABIES",
    "STATS",
    "TARGETS",
    "TARGET_IF",
    "Ability",
    "Effect",
    "EffectKind",
    "Into",
    "TargetKind",
    "When",
    "Who",
    "quality_words",
    "target_if_words",
    "target_words",
]

# -- what a card does, as data --------------------------------------------------------------
#
# An ability is a trigger (``when``) and the effects it resolves, in order:
#
# * ``play``   — when the card comes into play (a Magic or Event card: when it resolves;
#   a card with several ``play`` abilities is a "choose one": the player picks one);
# * ``attack`` — when the creature attacks (after the attackers are marked);
# * ``mark``   — an activated ability, "M, ...": mark the card to resolve it (Play phases);
# * ``static`` — while the card is in play (a creature's or an enchantment's passive text);
# * ``level``  — a city's Level N, when devotion reaches N in the Tactics phase: its
#   ``boost``, ``grant`` and ``discount`` effects on groups hold while that devotion lasts
#   (until the owner's next Unmark phase); every other effect resolves once;
# * ``devote`` — when the creature is marked for devotion;
# * ``hit_city`` — whenever the creature deals damage to a city;
# * ``hurt``   — each time the creature deals damage to a creature (``target`` is that
#   creature);
# * ``blocked`` — when defenders are assigned against the creature (``blockers``);
# * ``block``  — when the creature is assigned to defend (``condition`` may ask that the
#   attacker lacks a keyword: ``"vs_lacks:flying"``);
# * ``cast``   — whenever a card of the kinds ``subtype`` names is played ("gaian",
#   "red_banner event|red_banner magic") by its controller, an opponent or anyone
#   (``whose``: "you", "opponent", "any"); a creature's or an Enchantment's;
# * ``save``   — "prevent a creature from dying": offered when one of the ``subtype``
#   would die; paid by marking this card and by the ability's costs;
# * ``discard`` — in its controller's Discard phase (``condition`` ``"attacked"``: only if it
#   attacked this turn);
# * ``marked`` — when the creature is marked, whatever marks it (an Enchantment's: when
#   the creature it is on is marked);
# * ``phase``  — as a phase of its controller's turn starts or ends (``phase``, ``edge``);
# * ``enter_city`` — when the creature comes into a city, moved or played there (about
#   that city: "that city's owner");
# * ``use``    — an activated ability paid by its other costs alone (not by marking the
#   card), in its controller's Play phases; ``condition`` "counters:<name>:<n>": only while
#   the card has at least n counters of that name;
# * ``enters`` — whenever another card comes into play (``whose``: under your control, an
#   opponent's, or anyone's), of the kinds ``subtype`` names ("red_banner creature|soldier":
#   a Red Banner creature or a Soldier);
# * ``moved`` — when the creature is moved (by its player's move or a card's);
# * ``other_dies`` / ``other_leaves`` — whenever another card of the kinds ``subtype`` names
#   dies / leaves play (``whose``: yours, an opponent's, anyone's).
#
# An ability takes at most one target kind (``target``, ``targets`` of them, distinct);
# every effect written ``to = "target"`` reaches them. The ``hand_card``, ``deck_card`` and
# ``grave_card`` targets are the controller's own cards in that zone (filtered by
# ``subtype``, or ``name``); ``may`` lets the player decline; ``repeat`` asks again until
# the player stops (each pick follows the one before). Costs besides marking: ``cost_mark``
# other unmarked creatures of ``cost_subtype`` you control are marked, ``cost_resources``
# resource cards are sacrificed, ``cost_self`` sacrifices the card, ``cost_counters``
# counters named ``cost_counter`` are removed from it, ``cost_shrink`` -1/-1 counters are put
# on it, ``cost_put`` a counter of that name is put on it ("a loyalty marker"),
# ``cost_power`` resources are paid, ``cost_discard`` a card of those kinds is discarded,
# ``pay_per`` pays one resource for each card of that name in play, ``cost_defense`` a city
# of its player's loses that many defense points. A triggered ability
# with a cost is one its player may pay for or not (``may``). An
# activated ability is ``mark`` (paid by marking the card, "M, ...") or ``use`` (paid by its
# other costs alone, "Discard an enchantment card from your hand: ...").
#
# Group effects name who they reach and may filter by creature type ("Tree|Flower": either).


class Ability(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    when: When
    level: int = Field(0, ge=0, le=20)  # a city's Level N
    target: TargetKind = "none"
    targets: int = Field(1, ge=1, le=5)  # how many distinct targets
    # a second target of another kind, reached by the effects written ``to = "target2"``
    # (a Magic's or an Event's: "Put two fire counters on target card. Deal one damage to
    # target player."); each of the two is a card or a player, not either
    target2: TargetKind = "none"
    # a picked card's or a saved creature's type; the kinds of card an ``enters`` hears of
    subtype: str = ""
    # an ``enters``, ``cast``, ``other_dies``...: whose cards it hears of; a ``phase``: "home",
    # the turn of the player whose city the card lives in ("at the beginning of that city's
    # tactics phase"), "any": each player's, "opponent": each opponent's, else its controller's
    whose: Literal["", "you", "opponent", "any", "home"] = ""
    # What a creature target must be: "unmarked", "marked", "attacking", "flying" (has the
    # keyword), "!flying" (lacks it), "cost<=x" (its cost is at most the X paid), "here"
    # (another creature in the same city as the card whose ability it is)
    target_if: str = ""
    name: str = ""  # a picked card's name
    may: bool = False
    repeat: bool = False
    condition: str = ""
    cost_mark: int = Field(0, ge=0, le=5)
    cost_subtype: str = ""
    cost_resources: int = Field(0, ge=0, le=10)
    cost_self: bool = False
    cost_counter: str = ""  # the name of the counters removed from the card to pay
    cost_counters: int = Field(0, ge=0, le=10)  # how many
    cost_shrink: int = Field(0, ge=0, le=5)  # -1/-1 counters put on the card to pay
    cost_put: str = ""  # a counter of this name put on the card to pay ("a loyalty marker")
    # "<n>:<kinds>": n creatures of these kinds its player controls sacrificed to pay, chosen
    # as the card is played ("Sacrifice two Addax creatures to ...") or as an activated
    # ability is used, then other than its card ("Sacrifice a Goblin: ...", ruling 90)
    cost_sacrifice: str = ""
    cost_power: int = Field(0, ge=0, le=10)  # resources paid (any faction): "2: ..."
    once: bool = False  # a ``use`` ability used at most once each turn
    # the kinds of card discarded from the hand to pay ("enchantment"; "card": any)
    cost_discard: str = ""
    cost_discards: int = Field(1, ge=1, le=5)  # how many of them ("Discard two cards: ...")
    # defense points a city of its player's choice loses to pay ("Lose 1 defense point on a
    # city: ...", ruling 91)
    cost_defense: int = Field(0, ge=0, le=10)
    # each player, from its controller on, has the ability happen as their own ("each
    # player may draw a card": each is asked for theirs)
    each: bool = False
    # a heard ability that waits, once it triggers, for the start of its controller's next
    # Play phase ("... each player may draw a card at the start of your play phase")
    delay: Literal["", "play"] = ""
    pay_per: str = ""  # pay 1 for each card of this name in play
    # a ``phase`` ability's phase of its controller's turn ("tactics"; "play": either Play
    # phase) and whether it happens as the phase starts or as it ends
    phase: Literal["", "unmark", "draw", "tactics", "play", "attack", "discard"] = ""
    edge: Literal["", "start", "end"] = ""
    # a played card's: its player may pay X more for X more targets of its kind ("You may
    # pay an additional x resources to mark x additional creatures", ruling 103)
    more_per_x: bool = False
    effects: tuple[Effect, ...] = ()

    @model_validator(mode="after")
    def _shape(self) -> Ability:
        if not self.effects and not (self.when == "play" and self.target != "none"):
            raise ValueError(
                "an ability needs effects (only a card's target may come alone: "
                "an Enchantment on what it is attached to)"
            )
        if (
            "level" not in self.model_fields_set
            if self.when == "level"
            else self.level > 0 and self.when not in LISTENS
        ):  # a "Level 0" holds while the city stands; a city hears while its Level holds
            raise ValueError("a level ability needs its level, and only it")
        aims = any(
            e.to == "target"
            and e.do
            not in (
                "draw",
                "no_draw",
                "reveal_random",
                "mill",
                "look",
                "steal",
                "draw_limit",
                "produce",
                "token",
                "sacrifice",
                "sacrifice_card",
                "extra_combat",
                "discount",
                "muster",
                "reveal",
            )
            for e in self.effects
        )
        if aims and self.target == "none" and self.when not in ("static", "hurt", "rescue"):
            raise ValueError("an effect reaches 'target' but the ability takes no target")
        if self.target in ONLY_PLAYERS and any(
            e.to == "target" and e.do not in PLAYER_EFFECTS for e in self.effects
        ):
            raise ValueError(
                f"a player target is reached only by {', '.join(sorted(PLAYER_EFFECTS))}"
            )
        for kind, slot in ((self.target, "target"), (self.target2, "target2")):
            if (kind == "graveyard") != any(
                e.to == slot and e.do == "exile" for e in self.effects
            ) and any(e.to == slot for e in self.effects):
                raise ValueError("a graveyard is the target of cards removed from it, and only it")
        if self.target2 != "none" or any(e.to == "target2" for e in self.effects):
            slots = (self.target, self.target2)
            if (
                self.when != "play"
                or "none" in slots
                or self.targets != 1
                # the players said are handed out in order (``rules.targets.aimed_parts``):
                # two targets each a card or a player could not be told apart
                or all(k in PLAYER_TARGETS - ONLY_PLAYERS for k in slots)
                or any(k in PICKS or k in ("dying", "own_city_or_army") for k in slots)
            ):
                raise ValueError(
                    "a second target is a played card's, at most one of the two a card or "
                    "a player, with effects reaching 'target2'"
                )
        if self.target2 in ONLY_PLAYERS and any(
            e.to == "target2" and e.do not in PLAYER_EFFECTS for e in self.effects
        ):
            raise ValueError(
                f"a player target is reached only by {', '.join(sorted(PLAYER_EFFECTS))}"
            )
        if (self.target == "spell") != any(e.do == "cancel" for e in self.effects) or any(
            e.do == "cancel" and e.to != "target" for e in self.effects
        ):
            raise ValueError("a spell is the target of a counter (cancel), and only it")
        if self.more_per_x and (
            self.when != "play"
            or self.target in ("none", *PICKS, *ONLY_PLAYERS, "dying", "own_city_or_army")
            or self.target2 != "none"
        ):
            raise ValueError("only a played card takes more targets of its one kind for X more")
        if self.when == "static" and self.target != "none":
            raise ValueError("a static ability takes no target")
        if self.when == "static" and any(
            e.until == "next_turn" or (e.do == "prevent" and e.amount) for e in self.effects
        ):
            raise ValueError("a passive holds while its card is in play: no duration, no amount")
        dos = [e.do for e in self.effects]
        if "swap" in dos and "show_resources" not in dos[: dos.index("swap")]:
            # whether its player is asked which card would tell the others what their
            # face-down resource cards are
            raise ValueError("a swap for a resource card of a kind shows the resource cards first")
        if self.target_if:
            bare = self.target_if.removeprefix("!")
            if self.target not in CREATURE_TARGETS or not (
                self.target_if
                in ("unmarked", "marked", "attacking", "cost<=x", "here", "in_army", "along")
                or bare in KEYWORDS
                or QUALITY.fullmatch(self.target_if)
            ):
                raise ValueError(
                    f"target_if {self.target_if!r}: a creature target's 'unmarked', "
                    "'marked', 'attacking', 'cost<=x', 'here', 'in_army', 'along', '<keyword>', "
                    "'!<keyword>' or '<cost|atk|def><<=|>=>N'"
                )
        if self.when != "play" and any(e.per == "x" for e in self.effects):
            raise ValueError("an X the text leaves undefined is the X paid to play the card")
        if self.when in ("static", "level") and any(
            e.having
            and re.search(r"atk|def", e.having)
            and (self.when == "static" or e.do in HOLDS)
            for e in self.effects
        ):  # what a passive gives would change whom it reaches
            raise ValueError("a passive reaches no group by ATK or DEF")
        if (
            self.whose not in ("", "home", "any", "opponent")
            if self.when == "phase"
            else (self.when in HEARS_CARDS) != (self.whose in ("you", "opponent", "any"))
        ):
            raise ValueError(
                "an ability hearing of another card says whose cards it hears of, and only it "
                "(a 'phase' one may be of its city's player's turn, 'home', or of each "
                "player's, 'any', or each opponent's, 'opponent')"
            )
        if (self.target == "dying") != (self.when == "save"):
            raise ValueError("a save ability targets a dying creature, and only it does")
        if self.cost_sacrifice and not re.fullmatch(r"[1-9]:[a-z_ |]+", self.cost_sacrifice):
            raise ValueError(f"cost_sacrifice {self.cost_sacrifice!r}: '<n>:<kinds>'")
        if (
            self.when == "use"
            and not (
                self.cost_power
                or self.cost_discard
                or self.cost_counters
                or self.cost_shrink
                or self.cost_self
                or self.cost_sacrifice
                or self.cost_resources
                or self.cost_defense
            )
            and not self.once
        ):
            raise ValueError(
                "an ability used without marking the card has a cost of its own, or is "
                "used once each turn"
            )
        if self.once and self.when != "use":
            raise ValueError("only an ability used without marking the card is 'once' a turn")
        if (
            (self.cost_power or self.cost_discard)
            and self.when not in ("mark", "use")
            and not (self.may and self.cost_power and not self.cost_discard)
        ):
            raise ValueError(
                "only an activated ability (or a trigger its player may pay for) costs "
                "power or a card discarded"
            )
        if sum(map(bool, (self.cost_mark, self.cost_discard, self.cost_sacrifice))) > 1 or (
            self.cost_defense and (self.cost_mark or self.cost_discard or self.cost_sacrifice)
        ):
            raise ValueError(
                "an ability pays with one kind of cards chosen: creatures marked, cards "
                "discarded, creatures sacrificed or a city losing defense"
            )
        if self.cost_discards > 1 and not self.cost_discard:
            raise ValueError("cost_discards says how many cards of cost_discard's kinds")
        if (self.cost_sacrifice or self.cost_defense) and self.when not in ("play", "mark", "use"):
            raise ValueError("only a card played or an activated ability costs these")
        if self.cost_defense and self.when == "play":
            raise ValueError("only an activated ability costs defense lost")
        if bool(self.cost_counter) != bool(self.cost_counters):
            raise ValueError("a cost in counters names them and says how many (cost_counters)")
        if self.cost_put in MARKERS:
            raise ValueError(f"{self.cost_put!r} is no counter a card text names")
        if self.cost_counter in MARKERS:
            raise ValueError(f"{self.cost_counter!r} is no counter a card text names")
        if self.condition and not re.fullmatch(
            r"attacked|sudden|in_army|vs_lacks:\w+|faction:\w+|counters:[a-z]+:[1-9]|below:\d+"
            r"|there:[^:]+",
            self.condition,
        ):
            raise ValueError(
                f"condition {self.condition!r}: 'attacked', 'sudden', 'in_army', "
                "'vs_lacks:<keyword>', 'faction:<faction>', 'counters:<name>:<n>', "
                "'below:<level>' (a city's, heard until its devotion reaches that Level), or "
                "'there:<name>' (an attack on a city where a creature of that name lives)"
            )
        if self.condition.startswith("below:") and self.when not in LISTENS:
            raise ValueError("only a city's heard ability waits on its devotion")
        if self.delay and self.when not in LISTENS:
            raise ValueError("only a heard ability waits for a later phase")
        if self.condition.startswith("counters:") and self.when != "use":
            raise ValueError("only an activated ability waits for counters on its card")
        if self.condition == "in_army" and self.when not in ("mark", "use"):
            raise ValueError("only an activated ability is used only in the army")
        if self.when == "rescue" and not (
            any(e.do == "bounce" and e.to == "target" and not e.into for e in self.effects)
        ):
            raise ValueError(
                "a 'rescue' (an Enchantment's: its creature, dying, goes to the hand instead "
                "of the graveyard) bounces its target"
            )
        if (self.when == "phase") != bool(self.phase and self.edge):
            raise ValueError("a 'phase' ability says which phase, and whether at its start or end")
        if self.when == "phase" and self.target != "none":
            raise ValueError("an ability at the start or end of a phase takes no target")
        if self.condition == "sudden" and self.when != "play":
            raise ValueError("only a creature's coming into play knows it was played as sudden")
        return self
