"""One thing an ARC-mage ability does, as data (``Effect``): what it does (``do``), whom it
reaches (``to``), how much and for how long, and the combinations its validator allows. The
ability that resolves it is ``abilities.Ability``; the words both are made of are in
``vocabulary``."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .vocabulary import (
    COUNTED,
    FACTION_NAMES,
    FORBIDS,
    GROUPS,
    KEYWORDS,
    MARKERS,
    PLAYER_EFFECTS,
    QUALITY,
    EffectKind,
    Into,
    Who,
)


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
    * ``muster`` — the unmarked residents of ``subtype`` in your cities move to the army
      (``marked``: marked for moving, as a move is);
    * ``sacrifice`` ``amount`` resource cards (times a ``count``: "for every creature you
      control");
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
    per: Literal["", "x", "resources", "counters", "dealt", "sacrificed"] = ""
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
                r"(?:(?:other_)?(?:in_play|yours|theirs|here)|grave|hand|resources):[a-z_ |]*"
                r"|attached:[a-z_ |]+",
                self.count,
            )
            and (self.do == "boost" or not self.count.startswith("attached:"))
        ):
            raise ValueError(
                f"count {self.count!r}: an amount's '<in_play|yours|theirs|other_in_play|"
                "other_yours|other_theirs|here|other_here|grave|hand|resources>:<kinds>' "
                "(a boost's also 'attached:<kinds>')"
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
        if self.marked and self.do not in ("token", "muster"):
            raise ValueError("only a token, or a creature mustered, comes marked")
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
