"""What an ARC-mage card does, as data: its abilities (``Ability``: a trigger, a target,
costs) and the effects each resolves (``Effect``), with the words they are made of (the
triggers, target kinds, groups, effect kinds) and how the log says a target and what a
"cannot" forbids. The card itself, which holds its abilities, is ``cards.ArcCard``."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .vocabulary import FACTION_NAMES, FORBIDS, KEYWORDS, TARGETS

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

# The abilities that wait for something happening to another card or for a phase.
LISTENS = ("enters", "cast", "phase", "drawn", "discarded", "other_dies", "other_leaves")
# Of those, the ones that hear of another card: whose it is (``Ability.whose``) they say.
HEARS_CARDS = ("enters", "cast", "drawn", "discarded", "other_dies", "other_leaves")
When = Literal[
    "play",
    "drawn",
    "discarded",
    "attack",
    "mark",
    "use",
    "static",
    "level",
    "devote",
    "hit_city",
    "hurt",
    "blocked",
    "block",
    "cast",
    "save",
    "discard",
    "die",
    "leave",
    "enters",
    "marked",
    "rescue",
    "phase",
    "enter_city",
    "moved",
    "other_dies",
    "other_leaves",
]
# The creature groups an effect may reach (``Effect.to``), filtered by ``having``.
GROUPS = frozenset(
    {"your_creatures", "your_army", "all_armies", "enemy_creatures", "all_creatures"}
    | {"residents", "your_residents", "attackers", "blockers", "neighbours"}
)
TargetKind = Literal[
    "none",
    "creature",
    "enemy_creature",
    "own_creature",
    "city",
    "enemy_city",
    "own_city",
    "creature_or_city",
    "own_city_or_army",
    "card",
    "player",
    "opponent",
    "creature_or_player",
    "any",
    "hand_card",
    "deck_card",
    "grave_card",
    "dying",
    "graveyard",
    "enchantment",
    "spell",
]
Who = Literal[
    "target",
    "target2",
    "self",
    "home",
    "your_creatures",
    "your_army",
    "all_armies",
    "enemy_creatures",
    "all_creatures",
    "residents",
    "your_cities",
    "attackers",
    "other_attackers",
    "blockers",
    "your_residents",
    "all_cities",
    "other_cities",
    "paid",
    "your_cards",
    "each_player",
    "each_opponent",
    # the other creatures in the same city or army as the card (an Enchantment's: as the
    # creature it is on)
    "neighbours",
    "all_enchantments",
    # the controller of the card a trigger is about ("When I damage a city, that city's
    # owner discards a card")
    "about_owner",
    # the card a trigger is about ("When I attack a city ..., I deal 2 damage to that city")
    "about",
]
EffectKind = Literal[
    "damage",
    "attack_tax",
    "devote_grave",
    "double_damage",
    "sand_copy",
    "as_creature",
    "relocate",
    "draw",
    "boost",
    "fortify",
    "produce",
    "destroy",
    "unmark",
    "grant",
    "token",
    "bounce",
    "put",
    "reveal",
    "muster",
    "sacrifice",
    "extra_combat",
    "discount",
    "freeze",
    "mark",
    "counter",
    "cap",
    "raze",
    "vengeance",
    "lose",
    "aid",
    "compel",
    "save",
    "root",
    "ivy",
    "forbid",
    "mill",
    "draw_limit",
    "discard",
    "sacrifice_card",
    "set_stats",
    "exile",
    "steal",
    "give_back",
    "uncounter",
    "prevent",
    "show_resources",
    "swap",
    "look",
    "immune",
    "no_draw",
    "sacrifice_all",
    "double_devotion",
    "hurt_attackers",
    "extra_counter",
    "reveal_random",
    "cancel",
    "add_type",
]
Into = Literal["", "hand", "army", "home", "city", "top", "bottom"]
PICKS = frozenset({"hand_card", "deck_card", "grave_card"})
# A Level's effects on groups that hold while the devotion lasts (the others resolve once);
# a Level 0 holds while the city stands.
HOLDS = frozenset(
    {
        "boost",
        "grant",
        "discount",
        "hurt_attackers",
        "extra_counter",
        "forbid",
        "attack_tax",
        "double_damage",
        "sand_copy",
        "as_creature",
    }
)
# What a city's text says outside its Levels: rules of the city itself, always on.
CITY_RULES = frozenset({"devote_grave"})
CREATURE_TARGETS = frozenset(
    {"creature", "enemy_creature", "own_creature", "creature_or_city", "creature_or_player", "any"}
)
CITY_TARGETS = frozenset({"city", "enemy_city", "own_city", "creature_or_city", "any"})
# What the rules keep on a card among its counters (``CardInstance.counters``), beside the
# counters card texts name ("fire", "grassroot"): +N/+N counters ("atk", "def") and the
# rules' own markers; a card text never names these.
MARKERS = frozenset(
    {
        "atk",
        "def",
        "dealt",
        "dealt_last",
        "doomed",
        "dying",
        "fleeting",
        "frozen",
        "ivy",
        "longing",  # loyalty marks a homesick creature has lost
    }
)
# What an effect may do to a player.
PLAYER_EFFECTS = frozenset(
    {
        "damage",
        "discard",
        "draw",
        "exile",
        "look",
        "mill",
        "no_draw",
        "reveal_random",
        "steal",
        "sacrifice",
        "sacrifice_card",
    }
)
# Targets that may be a player ("target player", "target creature or player"): the player
# chosen is said in the action's words ("player=2", the second seat), not among its cards.
# A graveyard is its player's ("target graveyard": the player whose graveyard it is).
PLAYER_TARGETS = frozenset({"player", "opponent", "creature_or_player", "any", "graveyard"})
ONLY_PLAYERS = frozenset({"player", "opponent", "graveyard"})  # of those, never a card
# What a target must be, said after its kind ("target creature (with flying)").
TARGET_IF = {
    "unmarked": "unmarked",
    "marked": "marked",
    "attacking": "attacking",
    "cost<=x": "with cost X or less",
    "here": "in the same city",
    "in_army": "in your army",
    "along": "where I was before I moved",
}
# A counter a card's reminder text gives rules of its own (ruling 76): creatures with it
# must attack each turn if able, give it to the creatures they damage, and are sacrificed
# at the end of their player's turn.
RABIES = "rabies"


# A quality compared with a number, of a target (``Ability.target_if``) or of the creatures a
# group reaches (``Effect.having``): "cost<=2" (its printed cost), "atk>=4", "def<=3"; a
# group may also leave out the card itself ("other"). Several join by "&".
QUALITY = re.compile(r"(?P<stat>cost|atk|def)(?P<cmp><=|>=)(?P<n>\d+)")
STATS = {"cost": "cost", "atk": "ATK", "def": "DEF"}
# What an amount the text defines may multiply (``Effect.count``, ``per`` "x").
COUNTED = frozenset(
    {"damage", "draw", "discard", "fortify", "counter", "mill", "produce", "sacrifice"}
    | {"sacrifice_card", "token", "exile", "steal", "boost", "look", "reveal_random"}
)


def quality_words(part: str) -> str:
    """A quality in words: "cost<=2" -> "with cost 2 or less"; "other" -> "other"."""
    m = QUALITY.fullmatch(part)
    if not m:
        return part
    return f"with {STATS[m['stat']]} {m['n']} or {'less' if m['cmp'] == '<=' else 'more'}"


def target_if_words(target_if: str) -> str:
    """What a target must be, in words: "unmarked", "without flying", "with ATK 2 or less"."""
    if QUALITY.fullmatch(target_if):
        return quality_words(target_if)
    bare = target_if.removeprefix("!").replace("_", " ")
    return TARGET_IF.get(target_if) or ("without " if target_if[0] == "!" else "with ") + bare


def target_words(kind: str, target_if: str = "") -> str:
    """What an ability targets, in words: "target creature (without flying)"."""
    words = TARGETS[kind]
    return f"{words} ({target_if_words(target_if)})" if target_if else words


class Effect(BaseModel):
    """One thing an ability does. ``do`` says what:

    * ``damage`` ``amount`` (``per`` ``"x"``: X less ``minus``) to each card reached
      (creatures or cities), or to each player reached (``to`` ``"target"`` with a player
      target, ``"each_player"``, ``"each_opponent"``): the player chooses which of their
      cities takes it (ruling 46), ``amount`` for each of their resource cards with
      ``per`` ``"resources"``, and may prevent each point by sacrificing a resource card
      with ``or_sacrifice`` (ruling 57); ``per`` ``"counters"``: ``amount`` for each
      counter named ``keyword`` on the card;
    * ``discard`` ``amount`` cards: each player reached chooses them from their hand
      (``or_sacrifice``: for each, a resource card may be sacrificed instead);
    * ``sacrifice_all`` — each creature reached is sacrificed by its controller (``per``
      ``"sacrificed"`` on a later effect of the ability counts them);
    * ``sacrifice_card`` — each player reached sacrifices ``amount`` creatures they
      control of the kinds ``subtype`` ("addax creature"), choosing which (ruling 46);
    * ``draw`` ``amount`` cards (the card's controller; ``to`` ``"each_player"`` or
      ``"each_opponent"``: each of them, in turn order from the controller);
    * ``exile`` ``amount`` (``per`` ``"x"``: X) cards of the kinds ``subtype`` from the
      graveyard of each player reached leave the game; the card's controller chooses
      which when there are more (ruling 53);
    * ``steal`` ``amount`` resource cards from each player reached: the card's controller
      chooses the piles, and they come under their control as they lie (ruling 55);
      ``give_back`` — the resource cards the source stole return to the players they were
      taken from, if they are still resource cards of the thief's;
    * ``reveal_random`` — each player reached shows everyone ``amount`` cards of their hand
      taken at random;
    * ``look`` — the card's player looks at the top ``amount`` cards of the deck of each
      player reached, the others learning only that they did;
    * ``mill`` — the top ``amount`` cards of the deck go to the graveyard (whose deck:
      as for ``draw``);
    * ``no_draw`` — the players reached draw no card for the rest of the turn;
    * ``draw_limit`` — (a passive) the players reached (``self``, ``each_player``,
      ``each_opponent``) draw at most ``amount`` cards in their Draw & Resource phase;
    * ``cancel`` — the spell reached (a card on the stack) does not resolve: it goes to its
      owner's graveyard ("counter target spell", ruling 99);
    * ``add_type`` — the creatures reached have the creature type ``keyword`` beside their
      own until they leave play ("That creature gains the type Undead", ruling 100);
    * ``boost`` ``attack``/``defense``: until end of turn, or ``lasting`` as counters;
      in a ``static`` ability, while the source stays in play; ``per`` or ``count`` ("for
      each other Imp in play") multiplies it;
    * ``set_stats`` — the creatures reached have ATK ``attack`` and DEF ``defense`` until
      end of turn, whatever else changes them ("reduced to +0/+2");
    * ``fortify`` — a city gains ``amount`` defense points;
    * ``produce`` ``amount`` resources of ``faction`` for this turn;
    * ``destroy`` — a creature dies (``at_end``: at the end of the turn), an Enchantment
      goes to the graveyard; ``bounce`` — it
      returns to its owner's hand (``into`` ``"top"``: to the top of its owner's deck);
    * ``unmark`` / ``mark`` — the cards reached unmark / are marked;
    * ``grant`` ``keyword`` — until end of turn (``until`` ``"marked"``: until the card is
      marked; ``static``: while the source is in play);
      ``lose`` ``keyword`` — the cards reached act as though they lacked it, this turn;
    * ``forbid`` ``keyword`` (one of ``FORBIDS``: ``"attack"``) — the cards reached cannot do
      it, until end of turn (``until`` ``"next_turn"``: until its player's next turn begins;
      ``static``: while the source is in play). A restriction of its own, not a keyword: no
      keyword, grant or "can" lifts it ("No, not, can't etc. always outweigh can");
    * ``token`` — put ``amount`` of the token ``card`` into play: as residents of the
      source's city with ``to = "home"``, of each city its controller controls with
      ``"your_cities"`` (``"other_cities"``: but the source's), of the target city (an
      ``own_city_or_army`` target: or the army, as its player chooses) with ``"target"``,
      else into the army;
      ``marked``: they come in marked;
    * ``put`` — the picked card (a ``hand_card``/``deck_card``/``grave_card`` target) goes
      ``into`` the hand, the army, the source's city, a city of the player's choice, or the
      top of the deck; a deck searched is shuffled; ``fleeting``: it leaves the game at
      the start of its controller's next turn;
    * ``reveal`` the top ``amount`` cards: those of ``subtype`` to the hand, the others to
      the bottom of the deck;
    * ``muster`` — the unmarked residents of ``subtype`` in your cities move to the army,
      not marked;
    * ``sacrifice`` ``amount`` resource cards (``per`` ``"creatures"``: one for each
      creature you control);
    * ``extra_combat`` — after this combat phase, the army unmarks and attacks again;
    * ``discount`` ``amount`` off the cost of your cards of ``subtype``;
    * ``freeze`` — the cards reached skip their next ``amount`` unmark phases;
    * ``counter`` — ``amount`` (or ``per`` ``"x"``) counters named ``keyword``;
      ``uncounter`` — ``amount`` of them removed (as many as there are; 0: all);
    * ``show_resources`` — the card's player shows everyone the faces of their resource
      cards; ``swap`` — the card (wherever it went as it resolved) takes the place of one
      of its player's resource cards of the kinds ``subtype``, which goes to their hand
      (they choose which; ruling 61);
    * ``immune`` ``keyword`` — until end of turn the keyword of others does nothing to the
      cards reached ("immune to deadly": deadly damage is only damage to them);
    * ``attack_tax`` — (a passive) a creature reached that lacks ``keyword`` (if one is
      named) attacks only if its controller pays ``amount`` resources for it;
    * ``devote_grave`` — (a city's rule) devoting to it, its player may also remove cards
      of the kinds ``subtype`` from their graveyard from the game, their loyalty marks
      adding to its devotion (ruling 68);
    * ``double_damage`` — (a passive) all damage the cards of the kinds ``subtype`` deal
      as effects is doubled;
    * ``sand_copy`` — (a city's passive) each token put into play in the city (``to``
      ``"home"``) or in its player's army (``"your_army"``) comes with an exact copy of
      itself of the type Sand Copy, destroyed when the token is (ruling 69);
    * ``as_creature`` — (a passive) its player may play their cards of the kinds
      ``subtype`` as X/X creatures, X their printed cost, with ``keyword`` (ruling 70);
    * ``relocate`` — the creature reached moves, not marked, to another city of its
      controller's that the card's player chooses (``into`` ``"city"``), or to its army
      too (ruling 78); ``into`` ``"home"``: to where the card now is, its city or its army
      ("move target creature along", ruling 94);
    * ``hurt_attackers`` — (a passive) each creature that attacks a city of the card's
      player takes ``amount`` damage as it attacks;
    * ``extra_counter`` — (a passive) each time counters named ``keyword`` are put on a card
      its player controls, one more is (ruling 62);
    * ``double_devotion`` — (a creature's passive) its loyalty marks count twice when it is
      marked for devotion;
    * ``prevent`` — a shield: the damage dealt ``dealt`` ``"to"`` (or ``"by"``) each card
      reached is prevented, all of it (``amount`` 0) or the next ``amount`` points, only
      combat damage with ``combat``, only damage of dealers of the kinds ``against``, until
      end of turn (``until`` ``"next_turn"``: until its player's next turn begins;
      ``static``: while the source is in play, all of it). With no ``dealt``: all damage
      the cards of the kinds ``subtype`` deal is prevented this turn, a counter named
      ``keyword`` (if any) put on the card for each point (ruling 59);
    * ``cap`` — the city reached loses at most ``amount`` defense each turn;
    * ``raze`` — your other cities (all but the target) are destroyed;
    * ``vengeance`` — creatures you play this turn come with +1/+0 counters, as many as
      the damage the target dealt in the previous turn;
    * ``aid`` — the residents of the target city may defend your other cities this turn;
    * ``compel`` — the unmarked creatures reached must attack in your Attack phase;
    * ``save`` — the dying creature does not die (its damage is removed) and is marked;
    * ``root`` — (an enchantment's) the creature it is on gains a counter each time it is
      marked, and only unmarks if its controller pays one resource per counter;
    * ``ivy`` — the creature reached only unmarks if its controller puts a -1/-1 counter
      on it.

    An amount (of the kinds ``COUNTED``) may be one the text defines: ``per`` ``"x"``, the X
    paid (with a ``count``: X is the number of those cards); ``count``, "for each" card of
    a kind (its controller's, in play, in their graveyard or hand, their resource cards:
    ``rules.keywords.count``) times ``amount`` (a boost: its stats), counted as it
    resolves (a passive boost: all the while). A group's ``having`` leaves out the card
    itself or creatures whose cost, ATK or DEF fails a bound.

    ``only_if`` makes it conditional: ``"control:Flower"`` (you control one),
    ``"defense:5"`` (the source's DEF is 5 or more), ``"others:2:imp"`` (its controller
    controls at least 2 other Imps), ``"turn:mine"`` / ``"turn:theirs"`` (during its
    controller's turn / another's), ``"below:2"`` (a city's, until its devotion reaches
    Level 2), ``"army:more"`` (its controller's army has more creatures than the army of
    the controller of the card it reaches); several joined by ``&`` must all hold.

    Card kinds (``subtype`` of a group, ``against``, ``unless``) of a ``forbid`` or a
    ``prevent`` may name a keyword the creature has (``+flying``) or lacks (``!flying``):
    "creature !flying", creatures without flying.
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
    subtype: str = ""  # only creatures of this type ("Soldier"; "Tree|Flower": either)
    # "resources": for each resource card the player reached has ("deal one damage to
    # target player for each resource card he/she owns")
    # "counters": for each counter named ``keyword`` on the card ("I deal one damage ... for
    # each fire counter on me")
    # "dealt": for each damage the target dealt the previous turn (a lasting boost: "I come
    # into play with x +1/+0 counters, where x is equal to the damage dealt the previous turn
    # by target opposing creature")
    # "sacrificed": for each creature the ability's ``sacrifice_all`` sacrificed before it
    per: Literal[
        "", "creatures", "x", "gaian_here", "resources", "counters", "dealt", "sacrificed"
    ] = ""
    into: Into = ""
    fleeting: bool = False
    marked: bool = False  # a token comes into play marked
    # how long a one-off grant lasts: until end of turn, or until the card is marked; a
    # one-off forbid or prevent: until end of turn, or until its player's next turn begins
    until: Literal["", "marked", "next_turn"] = ""
    # a prevent's side: the damage dealt to the cards reached, or by them
    dealt: Literal["", "to", "by"] = ""
    combat: bool = False  # a prevent of combat damage only
    # a "cannot" that does not hold against a creature of these kinds (``forbid``
    # ``be_blocked``: "only Elf or Gaian creatures can defend against ...")
    unless: str = ""
    # a "cannot" that holds only against cards of these kinds (``forbid`` ``attack``: the
    # city attacked, "cannot attack Dark Legion cities"; ``block``: the attacker, "cannot
    # defend against Dark Legion creatures")
    against: str = ""
    # "for each" card of a kind, multiplying the amount (a boost: its stats): "<scope>:<kinds>"
    # (see rules.keywords.count); "X is the number of ..." is the amount 1, counted
    count: str = ""
    # what the creatures a group reaches must be besides its kind: "other" (not the card
    # itself), "cost<=2", "atk>=4", "def<=3" (``QUALITY``), joined by "&"
    having: str = ""
    only_if: str = ""
    # X less this, for an amount ``per`` ``"x"`` ("deal X - 2 damage")
    minus: int = Field(0, ge=0, le=10)
    or_sacrifice: bool = False  # a ``discard``: or a resource card sacrificed instead
    at_end: bool = False  # a ``destroy`` done at the end of the turn, not now
    # a ``draw`` each player reached may decline ("each opponent may draw a card", ruling 101)
    may: bool = False

    @model_validator(mode="after")
    def _shape(self) -> Effect:
        if (
            self.do
            in (
                "damage",
                "draw",
                "mill",
                "draw_limit",
                "fortify",
                "produce",
                "token",
                "reveal",
                "discount",
                "freeze",
                "cap",
                "discard",
                "exile",
                "look",
                "reveal_random",
                "attack_tax",
            )
            and self.amount < 1
            and self.per != "x"
        ):
            raise ValueError(f"{self.do} needs an amount of at least 1")
        if self.do == "boost" and not (self.attack or self.defense):
            raise ValueError("boost needs attack or defense")
        if (
            self.do in ("grant", "lose", "immune")
            or (self.do in ("attack_tax", "as_creature") and self.keyword)
        ) and self.keyword not in KEYWORDS:
            raise ValueError(f"{self.do} needs a keyword, one of {sorted(KEYWORDS)}")
        if self.do == "add_type" and not re.fullmatch(
            r"[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)?", self.keyword
        ):
            raise ValueError("add_type needs the creature type it adds ('Undead')")
        if self.do == "forbid" and self.keyword not in FORBIDS:
            raise ValueError(f"forbid needs what it forbids, one of {sorted(FORBIDS)}")
        if self.do == "produce" and self.faction not in FACTION_NAMES:
            raise ValueError(f"produce needs a faction, one of {sorted(FACTION_NAMES)}")
        if self.do == "token" and not self.card:
            raise ValueError("token needs the token's card name")
        if self.do == "put" and not self.into:
            raise ValueError("put needs where the card goes (into)")
        if self.do == "bounce" and self.into not in ("", "top", "bottom"):
            raise ValueError(
                "bounce returns a card to its owner's hand, or (into 'top', 'bottom') deck"
            )
        if self.count and not (
            self.do in COUNTED
            and self.per in ("", "x")
            and re.fullmatch(
                r"(?:(?:other_)?(?:in_play|yours|theirs)|grave|hand|resources):[a-z_ |]*"
                r"|attached:[a-z_ |]+",
                self.count,
            )
            and (self.do == "boost" or not self.count.startswith("attached:"))
        ):
            raise ValueError(
                f"count {self.count!r}: an amount's '<in_play|yours|theirs|other_in_play|"
                "other_yours|other_theirs|grave|hand|resources>:<kinds>' (a boost's also "
                "'attached:<kinds>')"
            )
        if self.having and not (
            self.to in GROUPS
            and all(p == "other" or QUALITY.fullmatch(p) for p in self.having.split("&"))
        ):
            raise ValueError(
                f"having {self.having!r}: a creature group's 'other', '<cost|atk|def><<=|>=>N'"
            )
        if self.unless and not (self.do == "forbid" and self.keyword == "be_blocked"):
            raise ValueError("only a creature that can only be blocked by some has 'unless'")
        if self.against and not (
            (self.do == "forbid" and self.keyword in ("attack", "block", "be_blocked"))
            or self.do == "prevent"
        ):
            raise ValueError(
                "only a 'cannot attack', 'cannot defend', 'cannot be blocked' or a prevent "
                "holds 'against' some"
            )
        if self.until == "marked" and self.do != "grant":
            raise ValueError("only a grant lasts until the card is marked")
        if self.until == "next_turn" and self.do not in ("forbid", "prevent"):
            raise ValueError("only a forbid or a prevent lasts until its player's next turn")
        if self.minus and self.per != "x":
            raise ValueError("only an amount of X ('per x') is X less something")
        if self.per == "x" and self.do not in COUNTED - {"boost"}:
            raise ValueError(f"only an amount ({', '.join(sorted(COUNTED))}) is X ('per x')")
        if self.may and self.do != "draw":
            raise ValueError("only a draw is offered to the players it reaches ('may')")
        if self.at_end and self.do != "destroy":
            raise ValueError("only a destroy waits for the end of the turn")
        if self.or_sacrifice and not (
            self.do == "discard"
            or (self.do == "damage" and self.to in ("target", "each_player", "each_opponent"))
        ):
            raise ValueError(
                "only a discard, or damage to a player, may be a resource sacrificed instead"
            )
        if self.per == "sacrificed" and self.do not in ("discard", "damage", "draw", "fortify"):
            raise ValueError("only discards, damage, draws and defense count what was sacrificed")
        if self.per == "dealt" and not (self.do == "boost" and self.lasting):
            raise ValueError("only counters are put for each damage the target dealt")
        if self.per == "counters" and not (self.do == "damage" and self.keyword):
            raise ValueError("only damage counts the counters named 'keyword' on its card")
        if self.do == "uncounter" and not self.keyword:
            raise ValueError("uncounter needs the counters' name (and how many; 0: all)")
        if self.do == "hurt_attackers" and (self.amount < 1 or self.to != "self"):
            raise ValueError("hurt_attackers deals an amount to those attacking its player")
        if self.do == "extra_counter" and not (self.keyword and self.to == "self"):
            raise ValueError("extra_counter names the counters its player's cards get more of")
        if self.do == "double_devotion" and self.to != "self":
            raise ValueError("a creature's own devotion counts double")
        if self.do in ("show_resources", "swap") and self.to != "self":
            raise ValueError(f"{self.do} is done by the card's own player")
        if self.do == "prevent" and not (self.dealt or (self.subtype and self.to == "self")):
            raise ValueError("prevent names the kinds of card whose damage it prevents")
        if (self.dealt or self.combat) and self.do != "prevent":
            raise ValueError("only a prevent shields the damage dealt to or by cards")
        if self.do == "prevent" and not self.dealt and (self.amount or self.combat or self.until):
            raise ValueError("a shield against a kind of card prevents all its damage this turn")
        if self.do == "prevent" and self.against and self.dealt != "to":
            raise ValueError("only the damage dealt to cards is prevented against some dealers")
        for kinds in (self.subtype, self.against, self.unless):
            said = [w[1:] for w in kinds.replace("|", " ").split() if w[0] in "+!"]
            if said and (self.do not in ("forbid", "prevent") or not set(said) <= set(KEYWORDS)):
                raise ValueError("only a forbid's or a prevent's kinds name a keyword (+kw, !kw)")
        if self.do == "uncounter" and self.keyword in MARKERS:
            raise ValueError(f"{self.keyword!r} is no counter a card text names")
        if self.per == "resources" and not (
            self.do == "damage" and self.to in ("target", "each_player", "each_opponent")
        ):
            raise ValueError("only damage to players counts their resource cards")
        if self.do in ("sacrifice", "sacrifice_card") and self.to not in (
            "target",
            "self",
            "each_player",
            "each_opponent",
            "about_owner",
        ):
            raise ValueError(f"{self.do}: the players reached sacrifice their own cards")
        if self.do == "sacrifice_card" and self.amount < 1:
            raise ValueError("sacrifice_card: a player sacrifices an amount of creatures")
        if self.to == "about_owner" and self.do not in PLAYER_EFFECTS:
            raise ValueError("the owner of the card a trigger is about is a player")
        if self.do == "discard" and self.to not in (
            "target",
            "target2",
            "self",
            "each_player",
            "each_opponent",
            "about_owner",
        ):
            raise ValueError(
                "a discard reaches a player: target, self, each_player or each_opponent"
            )
        if self.do == "exile" and self.to not in (
            "target",
            "target2",
            "self",
            "each_player",
            "each_opponent",
        ):
            raise ValueError(
                "cards are removed from a player's graveyard: target, self, each_player "
                "or each_opponent"
            )
        if self.do == "steal" and (
            self.amount < 1 or self.to not in ("target", "each_player", "each_opponent")
        ):
            raise ValueError("steal takes an amount of resource cards from other players")
        if self.do == "give_back" and self.to != "self":
            raise ValueError("give_back returns what its own card stole")
        if self.marked and self.do != "token":
            raise ValueError("only a token is put into play marked")
        if self.do == "counter" and not (self.keyword and (self.amount or self.per == "x")):
            raise ValueError("counter needs the counter's name and an amount (or per x)")
        if self.do == "counter" and self.keyword in MARKERS:
            raise ValueError(f"{self.keyword!r} is no counter a card text names")
        if self.do == "sacrifice" and not (self.amount or self.per):
            raise ValueError("sacrifice needs an amount (or per)")
        if self.only_if and not all(
            re.fullmatch(
                r"control:\w+|defense:\d+|others:[1-9]:[a-z_ |]+|turn:(?:mine|theirs)|below:\d+"
                r"|army:more",
                part,
            )
            for part in self.only_if.split("&")
        ):
            raise ValueError(
                f"only_if {self.only_if!r}: 'control:<Type>', 'defense:<N>', "
                "'others:<n>:<kinds>', 'turn:mine|theirs', 'below:<N>' or 'army:more', joined "
                "by '&'"
            )
        return self


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
