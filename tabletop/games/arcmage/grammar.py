"""ARC-mage card text as a small grammar: the parts a phrase is made of, read by composition.

A card's sentence is read from parts that recur across the whole card database, never from a
whole sentence of one card:

* **amounts** — digits or number words ("deal one damage", "draw two cards", "a card");
* **reaches** — who an effect reaches: a target of a kind ("target creature", "two target
  opposing creatures", "target city you control"), the card itself ("I", "me"), its city
  ("my city"), or a group ("each creature", "all creatures in your army", "Orcs you
  control", "your Soldiers", "all Elves", "opposing creatures", "cities you control"), with
  a creature type read from the words (plural or singular);
* **signed stats** — "+2/+2", "-1/-1", "+0/+3";
* **effects** — damage, draw, boost, destroy, return to hand, mark, unmark, produce,
  defense for a city, a keyword, "can't attack this turn", each a verb with its reach;
* **conjunctions** — "A and B", "A, then B": one phrase of several effects.

:func:`read_phrase` reads a one-off phrase (what a card does when it comes into play, when
it is marked, what an Event does); :func:`read_static` a sentence that holds while the card
is in play ("Orcs you control get +1/+1.", "Your Soldiers have veteran."). Both give ``None``
for words they cannot read, so the reader of the whole text keeps them for play by hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import NamedTuple

from .cards import (
    FACTIONS,
    KEYWORDS,
    MARKERS,
    ONLY_PLAYERS,
    PLAYER_TARGETS,
    TARGETS,
    ArcCard,
    Effect,
)

# -- amounts -------------------------------------------------------------------------------

NUMBER_WORDS = {
    "a single": 1,
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
AMOUNT = r"(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"


def amount(word: str) -> int:
    """A number written in digits or in words ("3", "three", "a")."""
    word = word.strip().lower()
    return NUMBER_WORDS[word] if word in NUMBER_WORDS else int(word)


SIGNED = r"[+-]\d+"
# The cost of an ability paid by marking the card, as the texts write it: "M,", "M", "M:",
# "Mark:" (then the ability, after a space).
MARK = r"(?:M\b[,:]?|Mark ?[,:])"


def signed(text: str) -> int:
    return int(text)


# -- creature types, keywords, factions -------------------------------------------------------

# Words that are never a creature type where one could stand: other nouns, and the
# adjectives no reach here can honour ("other Elves", "attacking creatures").
_NOT_TYPES = frozenset(
    [
        "other",
        "another",
        "my",
        "enchanted",
        "attacking",
        "blocking",
        "defending",
        "marked",
        "unmarked",
        "fellow",
        "card",
        "cards",
        "target",
        "targets",
        "player",
        "players",
        "opponent",
        "opponents",
        "resource",
        "resources",
        "enchantment",
        "enchantments",
        "token",
        "tokens",
        "event",
        "events",
        "magic",
        "city",
        "cities",
        "creature",
        "creatures",
        "army",
        "armies",
        "graveyard",
        "deck",
        "hand",
        "damage",
    ]
)


# Words that never name a kind of creature before "creatures" ("all creatures have deadly
# ... and all Undead creatures"): the words of a clause around it.
_NOT_KINDS = _NOT_TYPES | frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "with",
        "without",
        "for",
        "all",
        "each",
        "every",
        "have",
        "has",
        "had",
        "is",
        "are",
        "be",
        "until",
        "end",
        "turn",
        "this",
        "that",
        "gain",
        "gains",
        "get",
        "gets",
        "deal",
        "deals",
    ]
)


def creature_type(words: str) -> str:
    """Creature types as the texts name them, plural or singular ("Soldiers", "elves",
    "trees and flowers", "Tree or Flower") -> "Soldier", "Elf", "Tree|Flower"."""
    out = []
    for w in re.split(r"\s+(?:and|or)\s+|\s*,\s*", words.strip()):
        w = w.strip().lower()
        if not w:
            continue
        if w.endswith("ves"):
            w = w[:-3] + "f"
        elif w.endswith("s") and not w.endswith("ss"):
            w = w[:-1]
        out.append(w.capitalize())
    return "|".join(out)


def keyword(words: str) -> str | None:
    """A keyword as the text writes it ("first strike") -> its key, or None."""
    k = words.strip().lower().replace(" ", "_")
    return k if k in KEYWORDS else None


def faction(words: str) -> str | None:
    for name, key in FACTIONS.items():
        if words.strip().lower() == name.lower():
            return key
    return None


# -- reaches ----------------------------------------------------------------------------------

# The kinds of target, as the texts write them (singular; a plural "s" is read too): the
# words the game itself says for each kind (``cards.TARGETS``), and other wordings of them.
TARGET_KINDS = {
    **{
        words.removeprefix("target "): kind
        for kind, words in TARGETS.items()
        if words.startswith("target ") and kind != "graveyard"  # read by ``graveyard``
    },
    "player or creature": "creature_or_player",
    "creature, city or player": "any",
    "player, creature or city": "any",
    "creature an opponent controls": "enemy_creature",
    "creature you don't control": "enemy_creature",
    "creature you do not control": "enemy_creature",
    "city an opponent controls": "enemy_city",
}
_KIND = "|".join(sorted((re.escape(k) for k in TARGET_KINDS), key=len, reverse=True))
_KEYWORD_WORDS = "|".join(sorted((k.replace("_", " ") for k in KEYWORDS), key=len, reverse=True))
_TARGET = re.compile(
    rf"(?:(?P<n>{AMOUNT}) )?target (?P<state>unmarked |marked |attacking )?"
    rf"(?P<kind>{_KIND.replace('creature', 'creatures?')})"
    rf"(?: (?P<with>with|without) (?P<kw>{_KEYWORD_WORDS})| with (?P<cost>cost x or less)"
    r"| (?P<here>in the same city as me|in my city|in the same city))?$"
)
_SELF = frozenset({"i", "me", "myself", "itself", "this creature", "this card"})
# The creatures in a battle with the card, as the texts name them.
_BATTLE = {
    "each creature defending against me": "blockers",
    "all creatures defending against me": "blockers",
    "creatures defending against me": "blockers",
    "each creature blocking me": "blockers",
}
_HOME = frozenset(
    {
        "my city",
        "the city i am in",
        "this city",
        "the city i live in",
        "the city in which i reside",
        "the city i reside in",
    }
)
# The other creatures where the card is (an Enchantment's: where its creature is).
_NEIGHBOURS = frozenset(
    f"{q} other {noun} in the same {place}"
    for q, noun in (("all", "creatures"), ("each", "creature"), ("every", "creature"))
    for place in ("city or army", "city", "army", "city or the army")
)
# The creatures living in the card's city (an Enchantment's: the city it is on).
_RESIDENTS = frozenset(
    f"{q} {noun} {prep} {city}"
    for q, noun in (("each", "creature"), ("all", "creatures"), ("every", "creature"))
    for prep in ("of", "in")
    for city in ("that city", "my city", "this city")
) | {"my residents", "all my residents", "each of my residents", "the residents of this city"}

# Who a group is, by the words that follow its noun, for creatures and for cities.
_CREATURE_OWNERS = {
    "": "all_creatures",
    "in play": "all_creatures",
    "you control": "your_creatures",
    "your opponents control": "enemy_creatures",
    "an opponent controls": "enemy_creatures",
    "you don't control": "enemy_creatures",
    "you do not control": "enemy_creatures",
    "in your army": "your_army",
    "in your cities": "your_residents",  # whoever lives there
    "in your hand": "your_cards",  # not yet in play: what they are played as
    "in all armies": "all_armies",
    "in all army": "all_armies",  # as one card writes it
    "in each army": "all_armies",
}
_CITY_OWNERS = {"": "all_cities", "in play": "all_cities", "you control": "your_cities"}
_OWNERS = "|".join(sorted(map(re.escape, {*_CREATURE_OWNERS, *_CITY_OWNERS} - {""}), key=len)[::-1])
_GROUP = re.compile(
    rf"(?:(?P<q>each|all|every|all the) )?(?:(?P<pre>your|opposing|(?:your )?opponents['’]"
    rf"|an opponent['’]s) )?(?P<noun>[a-z][a-z ,]*?)"
    rf"(?: (?P<owner>{_OWNERS}))?$"
)


@dataclass(frozen=True)
class Reach:
    """Who an effect reaches: ``to`` is ``"target"`` (of kind ``target``, ``count`` of
    them), ``"self"``, ``"home"`` or a group of :data:`cards.Who`, of creature type
    ``subtype`` if one is named."""

    to: str
    target: str = "none"
    count: int = 1
    subtype: str = ""
    target_if: str = ""  # what the target must be (``cards.Ability.target_if``)


# The players a phrase names as a group (``cards.Who``).
PLAYER_GROUPS = {
    "each player": "each_player",
    "every player": "each_player",
    "all players": "each_player",
    "each opponent": "each_opponent",
    "every opponent": "each_opponent",
    "all opponents": "each_opponent",
    "all your opponents": "each_opponent",
    "each of your opponents": "each_opponent",
    "your opponents": "each_opponent",
}


def reach(words: str) -> Reach | None:
    """Who ``words`` name, or None."""
    text = " ".join(words.strip().lower().split())
    if text in ("that city", "that creature"):  # the card a trigger is about
        return Reach("about")
    if text in ("a creature in your army", "one creature in your army"):  # of the player's
        # choice, as a target is (ruling 76)
        return Reach("target", "own_creature", target_if="in_army")
    one = re.fullmatch(r"one of (?P<p>.+?)(?:['’]s|['’]) cities|one of your cities", text)
    if one:  # "one of that opponent's cities": the player, who chooses which (ruling 46)
        return player_reach(one["p"] or "you")
    if text in PLAYER_GROUPS:
        return Reach(PLAYER_GROUPS[text])
    if text in _SELF:
        return Reach("self")
    if text in _HOME:
        return Reach("home")
    if text in _RESIDENTS:
        return Reach("residents")
    if text in _NEIGHBOURS:
        return Reach("neighbours")
    if text in ("all enchantments", "each enchantment", "every enchantment"):
        return Reach("all_enchantments")
    if text in _BATTLE:
        return Reach(_BATTLE[text])
    m = _TARGET.fullmatch(text)
    if m:
        kind = TARGET_KINDS[re.sub(r"creatures\b", "creature", m["kind"])]
        count = amount(m["n"]) if m["n"] else 1
        only = ""
        if m["state"]:
            only = m["state"].strip()
        elif m["kw"]:
            only = ("!" if m["with"] == "without" else "") + m["kw"].replace(" ", "_")
        elif m["cost"]:
            only = "cost<=x"
        elif m["here"]:
            only = "here"
        if only and "creature" not in kind:
            return None  # "target city with flying"
        return Reach("target", kind, count, target_if=only)
    m = _GROUP.fullmatch(text)
    if not m:
        return None
    noun, owner, pre = m["noun"].strip(), m["owner"] or "", m["pre"] or ""
    if pre not in ("", "your"):  # "opponents' creatures": opposing ones
        pre = "opposing"
    plural = noun.endswith("s") or noun.endswith("ves") or " and " in noun
    if not (m["q"] or pre or owner or plural):
        return None  # "creature" alone is no group
    if noun in ("city", "cities"):
        if pre == "opposing" or owner not in _CITY_OWNERS:
            return None
        return Reach("your_cities" if pre == "your" else _CITY_OWNERS[owner])
    if noun in ("creature", "creatures"):
        subtype = ""
    elif re.fullmatch(r"(?:[a-z]+ ){0,2}tokens?(?: cards?| creatures?)?", noun):
        # "Red Banner token cards", "tokens", "Orc token creatures"
        subtype = card_kind(re.sub(r" (?:cards?|creatures?)$", "", noun)) or ""
        if not subtype:
            return None
    elif re.fullmatch(r"(?:[a-z]+ ){1,2}creatures?", noun):  # "Undead creatures", "Red Banner
        # creatures": a kind of one or two words (a faction's name), nothing else
        if any(w in _NOT_KINDS for w in noun.split()[:-1]):
            return None
        kinds = creature_kinds(noun)
        if not kinds:
            return None
        subtype = kinds
    elif any(w in _NOT_TYPES for w in re.split(r"[ ,]+", noun)):
        return None
    else:
        subtype = creature_type(noun)
    who = _CREATURE_OWNERS.get(owner)
    if who is None:
        return None
    if pre == "your":
        if owner:
            return None
        who = "your_creatures"
    elif pre == "opposing":
        if owner:
            return None
        who = "enemy_creatures"
    return Reach(who, subtype=subtype)


# -- triggers --------------------------------------------------------------------------------

# When a card's own ability happens, as its sentence begins ("When I come into play, ...").
TRIGGERS = {
    "come into play": "play",
    "mark for devotion": "devote",
    "am marked for devotion": "devote",
    "damage a city": "hit_city",
    "enter a city": "enter_city",
    "move into a city": "enter_city",
    "deal damage to a city": "hit_city",
    "enter play": "play",
    "die": "die",
    "am destroyed": "die",
    "leave play": "leave",
    "leave the game": "leave",
    "am marked": "marked",
    "attack": "attack",
    "attack a city": "attack",
}
TRIGGER = (
    r"When(?:ever)? I (?P<trigger>"
    + "|".join(sorted(map(re.escape, TRIGGERS), key=len, reverse=True))
    + r")(?: where (?P<there>[A-Z][A-Za-z' ]+?) is)?,?"
)


def trigger(words: str) -> str:
    """The ability's ``when`` for the words after "When I" ("die" -> "die")."""
    return TRIGGERS[" ".join(words.lower().split())]


# A phase of the card's controller's turn starting or ending, as the sentence begins ("At
# the start of your tactics phase, ...").
PHASE_WORDS = {
    "unmark": "unmark",
    "draw": "draw",
    "draw & resource": "draw",
    "tactics": "tactics",
    "tactic": "tactics",
    "play": "play",
    "attack": "attack",
    "combat": "attack",
    "discard": "discard",
}
_PHASES = "|".join(sorted(map(re.escape, PHASE_WORDS), key=len, reverse=True))
# "At the start of your tactics phase, ..."
AT_PHASE = rf"At the (?P<edge>start|beginning|end) of your (?P<phase>{_PHASES}) phase,?"
# The same, said after what happens ("... at the beginning of that city's tactics phase"):
# of the turn of the player whose city the card lives in, or of its controller's.
PHASE_AFTER = (
    r" at the (?P<edge>start|beginning|end) of (?P<whose>your|my city's|that city's) "
    rf"(?P<phase>{_PHASES}) phase"
)


def at_phase(edge: str, phase: str) -> dict[str, str]:
    """The ``phase`` and ``edge`` fields of an ability for "At the <edge> of your <phase>
    phase"."""
    return {"phase": PHASE_WORDS[phase.lower()], "edge": "end" if edge == "end" else "start"}


# Another card coming into play, as the sentence begins ("Whenever another Red Banner
# creature or fellow Soldier comes into play under your control, ...").
WHOSE = {
    "": "any",
    "under your control": "you",
    "under an opponent's control": "opponent",
    "under your opponent's control": "opponent",
    "under an opponent’s control": "opponent",
}
ENTERS = (
    r"When(?:ever)? another (?P<kind>[A-Za-z ,]+?) (?:comes|enters) (?:into )?play"
    r"(?: (?P<whose>under (?:your|an opponent['’]s|your opponent's) control))?,?"
)


# A card a player draws or discards ("Each time an opponent draws a card, ...", "When an
# opponent discards a card, ...").
DRAWS = (
    r"(?:When(?:ever)?|Each time|Every time) (?P<drawer>an opponent|a player|you) "
    r"(?P<verb>draws?|discards?) a card,?"
)
# A card its controller plays, as the sentence begins ("When you play an enchantment card,
# ...") or ends ("... every time you play a Gaian card").
CAST = (
    r"(?:When(?:ever)?|Each time|Every time) you (?P<well>successfully )?play an? "
    r"(?P<kind>[A-Za-z ]+?) card,?"
)
CAST_AFTER = r" (?:every time|each time|whenever) you play an? (?P<kind>[A-Za-z ]+?) card"
# A card any player plays, or an opponent ("Each time a Red Banner event or magic card is
# played, ...", "Whenever an opponent plays a creature card, ...").
CAST_BY = (
    r"(?:When(?:ever)?|Each time|Every time) (?:(?P<by>an opponent) plays an? "
    r"(?P<kind>[A-Za-z ]+?) card|an? (?P<pkind>[A-Za-z ]+?) card is played),?"
)


def whose(words: str | None) -> str:
    return WHOSE[" ".join((words or "").lower().split())]


# The card types as the texts name them, singular or plural.
CARD_TYPES = {
    **{t: t for t in ("creature", "enchantment", "city", "event", "magic")},
    **{"creatures": "creature", "enchantments": "enchantment", "cities": "city", "events": "event"},
    "token": "token",  # a token is a creature that is no card of a deck (ruling 64)
    "tokens": "token",
}


def card_kind(words: str) -> str | None:
    """The kinds of card words name, as ``keywords.is_type`` reads them: "Red Banner
    creature or fellow Soldier" -> "red_banner creature|soldier"; None for words that
    name no kind ("card you control")."""
    out = []
    shared = ""  # "Red Banner event or magic": the faction holds for both card types
    for alt in re.split(r"\s+or\s+|\s*,\s*", words.strip().lower()):
        alt = re.sub(r"^(?:an?|fellow) ", "", alt).strip()
        parts = []
        for name, key in sorted(FACTIONS.items(), key=lambda kv: -len(kv[0])):
            if alt.startswith(name.lower() + " ") or alt == name.lower():
                parts.append(key)
                alt = alt[len(name) :].strip()
                shared = key if alt in CARD_TYPES else ""
                break
        else:
            if shared and alt in CARD_TYPES:
                parts.append(shared)
        for w in alt.split():
            if w in CARD_TYPES:
                parts.append(CARD_TYPES[w])
            elif w in _NOT_TYPES:
                return None
            else:
                parts.append(creature_type(w).lower())
        if not parts:
            return None
        out.append(" ".join(parts))
    return "|".join(out) or None


def creature_kinds(words: str) -> str | None:
    """The kinds of creature words name ("Addax creatures", "Red Banner creatures",
    "creatures"), as ``card_kind`` reads them ("" for any creature); None for words that
    name other cards (cities, enchantments, resource cards, tokens)."""
    kinds = card_kind(words)
    if kinds is None or any(
        w in ("city", "enchantment", "event", "magic") for w in re.split(r"[ |]", kinds)
    ):
        return None
    return "" if kinds == "creature" else kinds


# -- effects ---------------------------------------------------------------------------------


class Phrase(NamedTuple):
    """A one-off phrase read: the target kind or "", how many targets, the effects, and
    what the target must be (``cards.Ability.target_if``)."""

    target: str
    count: int
    effects: list[Effect]
    target_if: str = ""
    subtype: str = ""  # the kinds of a card picked from a zone (``cards.Ability.subtype``)


# The players an effect on players reaches, as the texts name them (``Effect.to``).
PLAYERS = {
    "you": "self",
    "your": "self",
    **PLAYER_GROUPS,
    # of the card a trigger is about ("When I damage a city, that city's owner discards")
    "that city's owner": "about_owner",
    "that player or that city's owner": "about_owner",
    "that creature's controller": "about_owner",
    # of the card drawn ("Each time an opponent draws a card, ... that opponent's cities")
    "that opponent": "about_owner",
    "that player": "about_owner",
}
# A player as the subject of a sentence ("target player discards a card", "each opponent
# draws a card", "you draw two cards").
_SUBJECT = "|".join(
    sorted(map(re.escape, [*PLAYERS, "target player", "target opponent"]), key=len, reverse=True)
)


def player_reach(words: str) -> Reach | None:
    """The player(s) ``words`` name as a subject: you, a group, or a target player."""
    text = " ".join(words.strip().lower().split())
    if text in PLAYERS:
        return Reach(PLAYERS[text])
    r = reach(text)
    return r if r is not None and r.target in ONLY_PLAYERS else None


# A player's graveyard, as the texts name it (whose it is: ``Effect.to``).
_GRAVEYARDS = {
    "your graveyard": "self",
    "each player's graveyard": "each_player",
    "all graveyards": "each_player",
    "each opponent's graveyard": "each_opponent",
    "each of your opponents' graveyards": "each_opponent",
}


def graveyard(words: str) -> Reach | None:
    """The graveyard ``words`` name ("target graveyard", "target player's graveyard",
    "your graveyard", "each opponent's graveyard"), as the player(s) whose it is."""
    text = " ".join(words.strip().lower().split())
    if text in _GRAVEYARDS:
        return Reach(_GRAVEYARDS[text])
    if text in ("target graveyard", "target player's graveyard", "target player’s graveyard"):
        return Reach("target", "graveyard")
    return None


def _for_cards(r: Reach | None) -> Reach | None:
    """The reach, when it reaches only cards (a verb that does nothing to a player)."""
    if r is None or r.to in ("each_player", "each_opponent") or r.target in PLAYER_TARGETS:
        return None
    return r


def _aimed(r: Reach, effect: Effect) -> Phrase:
    """The effect sent where the reach says."""
    effect = Effect(**{**effect.model_dump(), "to": r.to, "subtype": r.subtype or effect.subtype})
    if r.to == "target":
        return Phrase(r.target, r.count, [effect], r.target_if)
    return Phrase("", 1, [effect])


_THEIR = r"(?:your|his/her|his or her|their)"
_VERB = re.compile(
    rf"(?P<damage>(?:i )?deal (?P<dn>{AMOUNT}|x(?: ?- ?(?P<dminus>\d+))?) (?:additional )?damage "
    r"to (?P<dobj>.+?)"
    r"(?P<dper> for each resource card (?:he/she|he or she|they|that player) "
    r"(?:owns?|has|have|controls?))?(?: for each (?P<dcount>[a-z]+) counter on me)?)"
    rf"|(?P<draw>(?:(?P<drawer>{_SUBJECT}) )?(?:must )?draws? (?P<wn>{AMOUNT}) cards?)"
    rf"|(?P<nodraw>(?P<ndwho>{_SUBJECT}) (?:can't|cannot|can not) draw (?:any )?cards?"
    r"(?: this turn| until end of turn)?)"
    rf"|(?P<mill>put the top (?:(?P<mn>{AMOUNT}) )?cards? of (?P<mwhose>your|each player's"
    r"|each opponent's) deck into (?:your|his/her|his or her|their|its owner's) graveyards?)"
    rf"|(?P<look>look at the top (?:(?P<ln>{AMOUNT}) )?cards? of (?P<lwhose>your|target "
    r"player['’]s|target opponent['’]s|each opponent['’]s|each player['’]s) deck)"
    rf"|(?P<rrand>(?P<rrwho>{_SUBJECT}) reveals? (?P<rrn>{AMOUNT}) cards? at random from "
    rf"{_THEIR} hand)"
    rf"|(?P<mill2>(?P<m2who>{_SUBJECT}) puts? the top (?:(?P<m2n>{AMOUNT}) )?cards? of "
    rf"{_THEIR} deck into {_THEIR} graveyard)"
    rf"|(?P<duty>(?:(?P<uwho>{_SUBJECT}) )?(?P<upred>(?:either )?discards? .+))"
    rf"|(?P<sac>sacrifice (?P<sn>{AMOUNT}) (?P<skind>[a-z ]+))"
    r"|(?P<sacall>sacrifice (?:all |each |(?=[a-z ]+s(?: you control| in your [a-z]+)?$))"
    r"(?P<saobj>.+))"
    r"|(?P<showres>reveal (?:the (?:front side|faces?) of )?all your resources?(?: cards)?)"
    r"|(?P<swap>swap me for an? (?P<swkind>[a-z ]+?) card)"
    r"|(?P<prevent>prevent all damage (?:done|dealt) (?:this turn )?by (?P<pkind>[a-z ]+?) "
    r"cards?(?: this turn)?)"
    rf"|(?P<steal>steal (?P<stn>{AMOUNT}) resource cards? from (?P<stwho>{_SUBJECT})"
    r"(?: and put (?:it|them) under your control)?)"
    r"|(?P<giveback>(?:return|give back) the stolen resource cards?(?: to (?:its|their) owners?)?)"
    rf"|(?P<spend>remove all (?P<spname>[a-z]+) counters from (?:me|this card) and have each "
    rf"(?:counter|of them) deal (?P<spn>{AMOUNT}) damage to (?P<spobj>.+))"
    r"|(?P<uncounter>remove (?:all (?P<uall>[a-z]+) counters|"
    rf"(?P<un>{AMOUNT}) (?P<uname>[a-z]+) counters?)"
    r"(?: from (?P<uobj>me|myself|this card|.+?))?)"
    rf"|(?P<exile>remove (?P<en>{AMOUNT}|x) (?P<ekind>[a-z ]+?) from (?P<eobj>.+?)"
    r"(?: from the game)?)"
    rf"|(?P<cap>(?P<cwho>{_SUBJECT}|players) can only draw (?P<capn>{AMOUNT}) cards? during "
    r"(?:their|your|his/her|his or her) next draw phases?)"
    r"|(?P<raise>return (?:target|an?) (?P<gkind>[a-z ]+?) from your graveyard to your hand)"
    rf"|(?P<give>give (?P<gobj>.+?) (?P<ga>{SIGNED})/(?P<gd>{SIGNED}) until end of turn)"
    rf"|(?P<boost>(?P<bobj>.+?) gets? (?P<ba>{SIGNED})/(?P<bd>{SIGNED}) until end of turn)"
    rf"|(?P<counters>(?:(?P<cobj>.+?) (?:gets?|gains?) |put )(?P<cn>{AMOUNT}) "
    rf"(?P<ca>{SIGNED})/(?P<cd>{SIGNED}) counters?(?: on (?P<conto>.+))?)"
    rf"|(?P<named>put (?P<nn>{AMOUNT}) (?P<nname>[a-z]+) counters? on (?P<nobj>.+)"
    rf"|(?:i )?give (?P<gnobj>.+?) (?P<gnn>{AMOUNT}) (?P<gnname>[a-z]+) counters?)"
    r"|(?P<destroy>destroy (?P<xobj>.+))"
    r"|(?P<bury>put (?P<yobj>.+?) in(?:to)? (?:the|its owner's|your) graveyard"
    r"(?P<yend> at the end of (?:the|this) turn)?)"
    r"|(?P<bounce>return (?P<robj>.+?) to (?P<rtop>the top of )?(?:its|their) owners?'?s?'? "
    r"(?:hands?|(?P<rdeck>decks?)))"
    r"|(?P<forbid>(?P<fobj>.+?) (?:can't|cannot|can not) attack this turn)"
    r"|(?P<reloc>move (?P<lobj>.+?) (?:(?P<lcity>to (?:a|another) city (?:of|controlled by) "
    r"(?:the creature's|its|that creature's) (?:controller|owner))|without marking it))"
    r"|(?P<nodef>(?:until end of turn,? )?(?:target army|target player['’]s army|the army of "
    r"target player) (?:can't|cannot|can not) defend (?P<ndobj>.+?)(?: this turn| until end of "
    r"turn)?)"
    r"|(?P<immune>(?P<iobj>.+?) (?:is|are) immune to (?P<ikw>[a-z ]+?)"
    r"(?: until end of turn| this turn)?)"
    r"|(?P<quiet>(?P<qobj>.+?) loses? all (?:its |their )?abilities"
    r"(?: until end of turn| this turn)?)"
    r"|(?P<setto>the attack and defense (?:strength )?of (?P<zobj>.+?) (?:is|are) "
    r"(?:reduced|set|changed) to (?P<za>[+-]?\d+)/(?P<zd>[+-]?\d+)(?: until end of turn)?)"
    r"|(?P<mark>(?P<mverb>mark|unmark) (?P<mobj>.+))"
    rf"|(?P<produce>produce (?P<pn>{AMOUNT}) (?P<pf>[a-z ]+?) resources?)"
    rf"|(?P<fortify>(?P<tobj>.+?) gains? (?P<tn>{AMOUNT}) (?:defense|defence)(?: points?)?)"
    rf"|(?P<lose>(?P<loobj>.+?) loses? (?P<lon>{AMOUNT}) (?:defense|defence)(?: points?)?)"
    r"|(?P<grant>(?P<kobj>.+?) (?:gains?|gets?|has|have) (?P<kw>[a-z ]+?) "
    r"until (?:end of turn|(?P<kmarked>it is marked|they are marked)))"
    rf"|(?P<token>put (?P<tk>{AMOUNT}) (?P<ta>\d+)/(?P<td>\d+) (?P<ttype>[a-z]+(?: [a-z]+)??)"
    r"(?: creature)? tokens?(?: with (?P<tkw>[a-z ]+?))? (?P<twhere>(?:into|in) your army|"
    r"into play|into play as my residents?|into my city|in my city|"
    r"(?:into|in) each (?:other )?city you control|(?:into|in) target city or army|"
    r"(?:into|in) target city you control or your army)(?P<tmarked> marked)?)"
)
# Where a token phrase puts its tokens, as ``Effect.to`` says it: the army, the source's
# city, or each (other) city of its controller's.
TOKEN_PLACES = {
    "into your army": "self",
    "in your army": "self",
    "into play": "self",
    "into play as my resident": "home",
    "into play as my residents": "home",
    "into my city": "home",
    "in my city": "home",
    "into each city you control": "your_cities",
    "in each city you control": "your_cities",
    "into each other city you control": "other_cities",
    "in each other city you control": "other_cities",
    "into target city or army": "target",
    "in target city or army": "target",
    "into target city you control or your army": "target",
    "in target city you control or your army": "target",
}


def _one(text: str) -> Phrase | None:
    m = _VERB.fullmatch(text)
    if not m:
        return None
    if m["damage"]:
        r = reach(m["dobj"])
        if m["dn"].startswith("x"):  # "deal X damage", "deal X - 2 damage"
            minus = int(m["dminus"] or 0)
            return r and _aimed(r, Effect(do="damage", per="x", minus=minus))
        if m["dcount"]:  # "for each fire counter on me"
            name = m["dcount"]
            if r is None or name in _NOT_TYPES or name in MARKERS or m["dper"]:
                return None
            made = Effect(do="damage", amount=amount(m["dn"]), per="counters", keyword=name)
            return _aimed(r, made)
        if m["dper"]:  # "to target player for each resource card he/she owns"
            if r is None or not (r.target in ONLY_PLAYERS or r.to in PLAYER_GROUPS.values()):
                return None
            return _aimed(r, Effect(do="damage", amount=amount(m["dn"]), per="resources"))
        return r and _aimed(r, Effect(do="damage", amount=amount(m["dn"])))
    if m["draw"]:
        r = player_reach(m["drawer"] or "you")
        return r and _aimed(r, Effect(do="draw", amount=amount(m["wn"])))
    if m["nodraw"]:  # "target player can't draw cards this turn"
        r = player_reach(m["ndwho"])
        return r and _aimed(r, Effect(do="no_draw"))
    if m["mill"]:
        who = PLAYERS[m["mwhose"].removesuffix("'s")]
        n = amount(m["mn"]) if m["mn"] else 1
        return Phrase("", 1, [Effect(do="mill", amount=n, to=who)])
    if m["look"]:  # "look at the top card of target player's deck"
        r = player_reach(re.sub(r"['’]s$", "", m["lwhose"]).replace("your", "you"))
        n = amount(m["ln"]) if m["ln"] else 1
        return r and _aimed(r, Effect(do="look", amount=n))
    if m["rrand"]:  # "that city's owner reveals one card at random from their hand"
        r = player_reach(m["rrwho"])
        return r and _aimed(r, Effect(do="reveal_random", amount=amount(m["rrn"])))
    if m["mill2"]:
        r = player_reach(m["m2who"])
        return r and _aimed(r, Effect(do="mill", amount=amount(m["m2n"]) if m["m2n"] else 1))
    if m["raise"]:  # "return target enchantment from your graveyard to your hand"
        kinds = card_kind(m["gkind"].removesuffix(" card"))
        put = Effect(do="put", into="hand")
        return Phrase("grave_card", 1, [put], subtype=kinds) if kinds else None
    if m["cap"]:  # "all players can only draw one card during their next draw phase"
        r = player_reach("each player" if m["cwho"] == "players" else m["cwho"])
        return r and _aimed(r, Effect(do="draw_limit", amount=amount(m["capn"])))
    if m["sac"]:  # "sacrifice an Addax creature": its controller chooses which
        if m["skind"] in ("city you control", "city", "of your cities"):  # a city of theirs
            made = Effect(do="sacrifice_card", amount=amount(m["sn"]), subtype="city", to="self")
            return Phrase("", 1, [made])
        kinds = creature_kinds(m["skind"])
        made = Effect(do="sacrifice_card", amount=amount(m["sn"]), subtype=kinds or "", to="self")
        return Phrase("", 1, [made]) if kinds is not None else None
    if m["steal"]:  # "steal one resource card from target player"
        r = player_reach(m["stwho"])
        if r is None or r.to == "self":
            return None
        if r.target == "player":  # no one steals from themselves (ruling 55)
            r = Reach("target", "opponent")
        return _aimed(r, Effect(do="steal", amount=amount(m["stn"])))
    if m["giveback"]:  # "return the stolen resource card": what this card stole
        return Phrase("", 1, [Effect(do="give_back", to="self")])
    if m["spend"]:  # "remove all fire counters from me and have each counter deal ..."
        name = m["spname"]
        r = reach(m["spobj"])
        if r is None or name in _NOT_TYPES or name in MARKERS:
            return None
        hit = _aimed(r, Effect(do="damage", amount=amount(m["spn"]), per="counters", keyword=name))
        spent = Effect(do="uncounter", keyword=name, to="self")  # once they have dealt it
        return hit._replace(effects=[*hit.effects, spent])
    if m["uncounter"]:  # "remove a fire counter [from me]", "remove all fire counters"
        name = m["uall"] or m["uname"]
        r = _for_cards(reach(m["uobj"] or "me"))
        if r is None or name in _NOT_TYPES or name in MARKERS:
            return None
        n = 0 if m["uall"] else amount(m["un"])  # 0: all of them
        return _aimed(r, Effect(do="uncounter", keyword=name, amount=n))
    if m["showres"]:  # "reveal the front side of all your resources"
        return Phrase("", 1, [Effect(do="show_resources", to="self")])
    if m["swap"]:  # "swap me for an enchantment or event card" (of your resource cards)
        kinds = card_kind(m["swkind"])
        return Phrase("", 1, [Effect(do="swap", subtype=kinds, to="self")]) if kinds else None
    if m["prevent"]:  # "prevent all damage done this turn by Red Banner event or magic cards"
        kinds = card_kind(m["pkind"])
        return Phrase("", 1, [Effect(do="prevent", subtype=kinds, to="self")]) if kinds else None
    if m["exile"]:  # "remove X creatures from target graveyard"
        r = graveyard(m["eobj"])
        kinds = "" if m["ekind"] in ("card", "cards") else card_kind(m["ekind"])
        if r is None or kinds is None:
            return None
        n = {"per": "x"} if m["en"] == "x" else {"amount": amount(m["en"])}
        return _aimed(r, Effect(do="exile", subtype=kinds, **n))
    if m["sacall"]:  # "sacrifice all Dark Legion creatures in your army"
        r = _for_cards(reach(f"all {m['saobj']}"))
        if r is None or r.to == "target":
            return None
        if r.to == "all_creatures":  # a player sacrifices only their own cards
            r = replace(r, to="your_creatures")
        return _aimed(r, Effect(do="sacrifice_all"))
    if m["duty"]:
        r = player_reach(m["uwho"] or "you")
        got = duty(m["upred"])
        return r and got and _aimed(r, Effect(do="discard", amount=got[0], or_sacrifice=got[1]))
    if m["give"] or m["boost"]:
        obj, a, d = (m["gobj"], m["ga"], m["gd"]) if m["give"] else (m["bobj"], m["ba"], m["bd"])
        r = _for_cards(reach(obj))
        if r is None or (not signed(a) and not signed(d)):
            return None
        return _aimed(r, Effect(do="boost", attack=signed(a), defense=signed(d)))
    if m["counters"]:
        # "I get a +1/+1 counter", "put two -1/-1 counters on target creature": for good
        obj = m["cobj"] or m["conto"]
        if (m["cobj"] is None) == (m["conto"] is None):
            return None
        r = _for_cards(reach(obj))
        n, a, d = amount(m["cn"]), signed(m["ca"]), signed(m["cd"])
        if r is None or not (a or d):
            return None
        return _aimed(r, Effect(do="boost", attack=a * n, defense=d * n, lasting=True))
    if m["named"]:  # "put two fire counters on target card", "I give X a rabies counter"
        r = _for_cards(reach(m["nobj"] or m["gnobj"]))
        name = m["nname"] or m["gnname"]
        if r is None or name in _NOT_TYPES or name in MARKERS:
            return None
        n = amount(m["nn"] or m["gnn"])
        return _aimed(r, Effect(do="counter", keyword=name, amount=n))
    if m["destroy"]:
        both = re.fullmatch(
            r"(all|each) (creatures?|enchantments?) and (creatures?|enchantments?)", m["xobj"]
        )
        if both and both[2][:5] != both[3][:5]:  # "all creatures and enchantments"
            groups = [reach(f"{both[1]} {both[2]}"), reach(f"{both[1]} {both[3]}")]
            return Phrase("", 1, [Effect(do="destroy", to=r.to) for r in groups if r])
        r = _for_cards(reach(m["xobj"]))
        return r and _aimed(r, Effect(do="destroy"))
    if m["bury"]:  # "put me in the graveyard [at the end of the turn]": it dies
        r = _for_cards(reach(m["yobj"]))
        return r and _aimed(r, Effect(do="destroy", at_end=bool(m["yend"])))
    if m["bounce"]:
        r = _for_cards(reach(m["robj"]))
        if bool(m["rtop"]) != bool(m["rdeck"]):
            return None  # "to the top of its owner's hand", "to its owner's deck"
        return r and _aimed(r, Effect(do="bounce", into="top" if m["rdeck"] else ""))
    if m["quiet"]:  # "each creature loses all abilities until end of turn"
        r = _for_cards(reach(m["qobj"]))
        return r and _aimed(r, Effect(do="forbid", keyword="abilities"))
    if m["setto"]:  # "... is reduced to +0/+2": until end of turn
        r = _for_cards(reach(m["zobj"]))
        made = Effect(do="set_stats", attack=int(m["za"]), defense=int(m["zd"]))
        return r and _aimed(r, made)
    if m["immune"]:  # "all Undead creatures are immune to deadly until end of turn"
        k = keyword(m["ikw"])
        r = _for_cards(reach(m["iobj"]))
        return r and k and _aimed(r, Effect(do="immune", keyword=k))
    if m["forbid"]:
        r = _for_cards(reach(m["fobj"]))
        return r and _aimed(r, Effect(do="forbid", keyword="attack"))
    if m["reloc"]:  # "move target creature without marking it" (ruling 78)
        r = _for_cards(reach(m["lobj"]))
        if r is None or r.to != "target" or "creature" not in r.target:
            return None
        return _aimed(r, Effect(do="relocate", into="city" if m["lcity"] else ""))
    if m["nodef"]:  # "until end of turn, target army cannot defend target city" (ruling 75)
        r = reach(m["ndobj"])
        if r is None or r.to != "target" or r.target != "city":
            return None
        return _aimed(r, Effect(do="forbid", keyword="army_defense"))
    if m["mark"]:
        r = _for_cards(reach(m["mobj"]))
        return r and _aimed(r, Effect(do=m["mverb"]))
    if m["produce"]:
        f = faction(m["pf"])
        made = Effect(do="produce", amount=amount(m["pn"]), faction=f, to="self")
        return f and Phrase("", 1, [made])
    if m["lose"]:  # "each city you control loses 1 defense point": damage to it (ruling 79)
        r = reach(m["loobj"])
        if r is None or not (r.to in ("your_cities", "all_cities") or r.target == "city"):
            return None
        return _aimed(r, Effect(do="damage", amount=amount(m["lon"])))
    if m["fortify"]:
        r = _for_cards(reach(m["tobj"]))
        cities = ("home", "your_cities", "all_cities")
        if r is None or not (r.to in cities or r.target in ("city", "own_city", "enemy_city")):
            return None
        return _aimed(r, Effect(do="fortify", amount=amount(m["tn"])))
    if m["token"]:
        token = token_card(m)
        if token is None:
            return None
        to = TOKEN_PLACES[m["twhere"]]
        marked = bool(m["tmarked"])
        made = Effect(do="token", card=token.name, amount=amount(m["tk"]), to=to, marked=marked)
        return Phrase("own_city_or_army" if to == "target" else "", 1, [made])
    k = keyword(m["kw"])
    r = _for_cards(reach(m["kobj"]))
    until = "marked" if m["kmarked"] else ""
    return r and k and _aimed(r, Effect(do="grant", keyword=k, until=until))


_GIVE_UP = re.compile(
    rf"(?:discards? (?P<d>{AMOUNT}) cards?(?: from {_THEIR} hand)?)?(?: and )?"
    rf"(?:sacrifices? (?P<s>{AMOUNT}) resource cards?)?"
)


def duty(words: str) -> tuple[int, bool] | None:
    """What a player is made to give up, as (cards, or a resource card instead for each):
    "discards two cards" -> (2, False); "discards a card or sacrifices a resource card",
    "either discards two cards, or sacrifices two resource cards, or discards one card and
    sacrifices one resource card" -> (1, True), (2, True): every mix of the two, the same
    number in all. None for anything else (a choice that leaves a mix out)."""
    text = " ".join(words.lower().split()).removeprefix("either ")
    mixes = set()
    for alt in re.split(r",? or ", text):
        m = _GIVE_UP.fullmatch(alt)
        if not m or not (m["d"] or m["s"]):
            return None
        mixes.add((amount(m["d"]) if m["d"] else 0, amount(m["s"]) if m["s"] else 0))
    totals = {d + s for d, s in mixes}
    if len(totals) != 1:
        return None
    n = totals.pop()
    if mixes == {(n, 0)}:
        return n, False
    return (n, True) if {d for d, _ in mixes} == set(range(n + 1)) else None


def token_card(m: re.Match[str]) -> ArcCard | None:
    """The token a "put N A/D Type token(s) [with keyword] into ..." phrase makes: a
    creature of that type, named by its type, stats and keywords ("Orc 1/1", "Wolf 2/2
    (first strike)"), so that two texts making the same token make one card."""
    keywords = {}
    if m["tkw"]:
        for words in re.split(r",? and |, ", m["tkw"]):
            k = keyword(words)
            if k is None:
                return None
            keywords[k] = 1
    kind = creature_type(m["ttype"])
    if "|" in kind or kind.lower() in _NOT_TYPES:
        return None
    said = f" ({', '.join(k.replace('_', ' ') for k in keywords)})" if keywords else ""
    return ArcCard(
        name=f"{kind} {m['ta']}/{m['td']}{said}",
        type="creature",
        token=True,
        attack=int(m["ta"]),
        defense=int(m["td"]),
        subtypes=(kind,),
        keywords=keywords,
    )


def tokens_in(phrase: str) -> list[ArcCard]:
    """The tokens a phrase makes (each once), for the card set to know them."""
    text = " ".join(phrase.strip().rstrip(".").split()).lower()
    out: dict[str, ArcCard] = {}
    for part in _AND.split(text):
        m = _VERB.fullmatch(part)
        if m and m["token"]:
            token = token_card(m)
            if token is not None:
                out.setdefault(token.name, token)
    return list(out.values())


_AND = re.compile(r",? and |, then | and then |; ")


# Words that change nothing a phrase says: "all players—including you—can only draw ..."
_ASIDE = re.compile(r"\s*[—–]\s*including you\s*[—–]\s*|,? including you,|\s*\(including you\)")


# An effect counted by the cards an effect before it sacrificed ("... for each sacrificed
# creature"), and the effects whose amount it multiplies.
_PER_SACRIFICED = re.compile(r"(?P<what>.+) for each sacrificed (?:[a-z ]+)")
PER_SACRIFICED = frozenset({"discard", "damage", "draw", "fortify"})


def read_phrase(phrase: str) -> Phrase | None:
    """A one-off phrase read into effects ("deal one damage to each opposing creature and
    draw a card"), or None. Of several effects joined by "and", at most one takes targets."""
    text = " ".join(phrase.strip().rstrip(".").split()).lower()
    # "all players—including you—can only draw ...": an aside that changes nothing
    text = " ".join(_ASIDE.sub(" ", text).split())
    per = _PER_SACRIFICED.fullmatch(text)
    if per:  # "target city gains 2 defense points for each sacrificed token card"
        got = read_phrase(per["what"])
        if got is None or any(e.do not in PER_SACRIFICED or e.per for e in got.effects):
            return None
        counted = [e.model_copy(update={"per": "sacrificed"}) for e in got.effects]
        return got._replace(effects=counted)
    got = _one(text)
    if got is not None:
        return got
    for m in _AND.finditer(text):
        left, right = _one(text[: m.start()]), read_phrase(text[m.end() :])
        if left is None or right is None:
            continue
        aims = [p for p in (left, right) if p.target]
        if len(aims) > 1:
            continue
        aim = aims[0] if aims else Phrase("", 1, [])
        return aim._replace(effects=[*left.effects, *right.effects])
    return None


# -- costs ---------------------------------------------------------------------------------

# What an ability costs besides marking the card, written before a colon ("M, Remove a fire
# counter: ...", "M, put a -1/-1 counter on me: ...").
_COST = re.compile(
    rf"remove (?P<rn>{AMOUNT}) (?P<rname>[a-z]+) counters?(?: from (?:me|this card))?"
    rf"|put (?:(?P<sn>{AMOUNT}) -1/-1 counters?)?(?:(?: and )?(?:an?|one) "
    r"(?P<pname>[a-z]+) (?:counter|marker))? on (?:me|myself|this card)"
    r"|discard an? (?P<dkind>[a-z ]+?) from your hand"
    r"|(?:pay )?(?P<power>\d+)"
)


def read_cost(words: str) -> dict[str, object] | None:
    """An ability's cost as ``cards.Ability`` fields ("remove a fire counter" ->
    ``cost_counter`` "fire", ``cost_counters`` 1; "put a -1/-1 counter on me" ->
    ``cost_shrink`` 1, "... and a loyalty marker on me" ``cost_put`` "loyalty" too; "discard
    an enchantment card from your hand" -> ``cost_discard``
    "enchantment"; "2" or "pay 2" -> ``cost_power`` 2), or None."""
    m = _COST.fullmatch(" ".join(words.strip().lower().split()))
    if not m:
        return None
    if m["rname"]:
        if m["rname"] in _NOT_TYPES or m["rname"] in MARKERS:
            return None
        return {"cost_counter": m["rname"], "cost_counters": amount(m["rn"])}
    if m["dkind"]:  # "discard an enchantment card from your hand"
        words = m["dkind"]
        kinds = "card" if words == "card" else card_kind(words.removesuffix(" card"))
        return {"cost_discard": kinds} if kinds else None
    if m["power"]:
        return {"cost_power": int(m["power"])}
    if not (m["sn"] or m["pname"]):
        return None
    out: dict[str, object] = {"cost_shrink": amount(m["sn"])} if m["sn"] else {}
    if m["pname"]:  # "and a loyalty marker"
        if m["pname"] in _NOT_TYPES or m["pname"] in MARKERS:
            return None
        out["cost_put"] = m["pname"]
    return out


# -- counts ---------------------------------------------------------------------------------

_COUNT = re.compile(
    r"(?P<other>other )?(?P<kind>.+?)"
    r"(?: (?P<where>in play|you control|attached to (?:it|me|this creature)))?"
)
_SCOPES = {"": "in_play", "in play": "in_play", "you control": "yours"}


def count_of(words: str) -> str | None:
    """What "for each ..." counts, as ``Effect.count`` says it: "other Imp in play" ->
    "other_in_play:imp", "enchantment attached to it" -> "attached:enchantment",
    "creature you control" -> "yours:creature"; None for words it cannot count."""
    m = _COUNT.fullmatch(" ".join(words.lower().split()))
    if not m:
        return None
    kind = card_kind(m["kind"])
    where = m["where"] or ""
    if kind is None:
        return None
    if where.startswith("attached"):
        return None if m["other"] else f"attached:{kind}"
    return f"{'other_' if m['other'] else ''}{_SCOPES[where]}:{kind}"


# -- passives ---------------------------------------------------------------------------------

_STATIC = re.compile(
    rf"creatures attacking (?:you|your cities|you or your cities) (?:get|take) (?P<han>{AMOUNT})"
    r" damage"
    r"|cards you control with an? (?P<xname>[a-z]+) counter get an additional (?P<xname2>[a-z]+)"
    r" counter"
    rf"|(?P<obj>.+?) (?:get|gets|gain|gains) (?P<a>{SIGNED})/(?P<d>{SIGNED})"
    r"(?: for each (?P<each>.+?))?"
    r"(?: during (?P<during>your|any opponent's|an opponent's|each opponent's|your "
    r"opponents') turns?)?"
    rf"(?: and (?:have|has|gain|gains) (?P<kw2>[a-z ]+?))?"
    rf"|(?P<kobj>.+?) (?:have|has|gain|gains|get|gets) (?P<kw>[a-z ]+?)"
    r"|only (?P<okind>.+?) can (?:defend against|block) (?P<oobj>.+)"
    rf"|(?P<lwho>players|each player|you|your opponents|each opponent) can only draw "
    rf"(?P<ln>{AMOUNT}) cards? during (?:their|your|his/her|his or her) draw phases?"
    r"|(?P<nobj>.+?) (?:doesn't|does not|don't|do not|can't|cannot|can not) "
    r"(?P<no>attack|unmark|move|move or attack|attack or move"
    r"|be marked for (?:moving or attacking|attacking or moving))"
    r"(?: during (?:its|their|my) controller'?s'? unmark phases?)?"
    r"|(?P<sobj>.+?) loses? all (?:its |their )?abilities"
    rf"|(?P<tobj>.+?) (?:cannot|can't|can not) attack unless (?:its|their) controllers? pays? "
    rf"(?P<tn>{AMOUNT}) (?:resources? )?(?:for each(?: (?:attacking )?creature)?|for it|each)"
    r"|(?P<eobj>.+?) (?:cannot|can't|can not) (?:become my residents|move into me|enter me)"
    r"|all damage (?:done|dealt) by (?P<ddkind>[a-z ]+?) cards? (?:is|are) doubled"
    r"|(?P<fobj>.+?) (?:cannot|can't|can not) (?:attack (?P<fcity>[a-z ]+?) cities"
    r"(?:,? nor can (?:it|they) (?:defend against|block) (?P<fnor>[a-z ]+?) creatures)?"
    r"|(?:defend against|block) (?P<fblock>[a-z ]+?) creatures)"
    r"|(?P<aobj>.+?) (?:may|can) attack(?: during (?:the )?combat(?: phase)?| from (?:my|the|this) "
    r"city)?"
    rf"|(?P<bobj>.+?) (?:are|is) (?P<bkw>{_KEYWORD_WORDS})"  # "... are indestructible"
)
# The groups of ``_STATIC`` that hold the subject of a passive (the ``tobj`` of a price on
# attacking is read apart, for its "without <keyword>").
_SUBJECTS = ("obj", "kobj", "nobj", "oobj", "sobj", "aobj", "eobj", "fobj", "bobj")
# A city's passive that holds until its devotion reaches a Level (``Effect.only_if`` "below:N").
_UNLESS_LEVEL = re.compile(
    rf"(?P<what>.+) unless (?:you|i|it|the city) reach(?:es)? level (?P<n>{AMOUNT})"
)
_EVEN = re.compile(r" \(even [^)]*\)$")
# "... [have veteran and] are not marked when attacking": what veteran says, in other words
_VETERAN_TOO = re.compile(r"(?<= veteran) and (?:is|are) not marked (?:when|for) attacking$")
_NOT_MARKED_ATTACKING = re.compile(r" (?:is|are) not marked (?:when|for) attacking$")
# The subject of a passive sentence, before its verb: "Enchanted creature loses all its
# abilities and cannot move" is said of the enchanted creature twice.
_SUBJECT_OF = re.compile(
    r"(?P<subj>.+?) (?:loses?|gets?|gains?|has|have|can't|cannot|can not|doesn't|does not"
    r"|don't|do not) "
)
# What a "cannot" forbids, as the texts write it (``cards.FORBIDS``): being "marked for
# moving or attacking" is moving or attacking (ruling 50).
_FORBIDDEN = {
    "attack": ("attack",),
    "unmark": ("unmark",),
    "move": ("move",),
    "move or attack": ("move", "attack"),
    "attack or move": ("attack", "move"),
    "be marked for moving or attacking": ("move", "attack"),
    "be marked for attacking or moving": ("attack", "move"),
}
# The creature an Enchantment is on, as its passive names it ("Enchanted creature gets ...").
ENCHANTED = frozenset({"enchanted creature", "the enchanted creature"})


def read_static(sentence: str, enchantment: bool = False) -> list[Effect] | None:
    """What a passive sentence gives while the card is in play: to a group ("Orcs you
    control get +1/+1.", "Your Soldiers have veteran.", "All Elves in play gain flying."),
    to the card itself ("I get +1/+1 for each other Imp in play."), or to the creature an
    Enchantment is on ("Enchanted creature gets +1/+1 for each enchantment attached to
    it.": reaching ``target``; an Enchantment's text may say "target creature" for it);
    None for anything else."""
    text = " ".join(sentence.strip().rstrip(".").split()).lower()
    text = _EVEN.sub("", text)  # "(even when they have infiltrate)": a reminder
    text = _NOT_MARKED_ATTACKING.sub(" have veteran", _VETERAN_TOO.sub("", text))
    low = _UNLESS_LEVEL.fullmatch(text)
    if low:  # "all your creatures cannot attack unless you reach level 2" (a city's)
        got = read_static(low["what"], enchantment)
        below = f"below:{amount(low['n'])}"
        return got and [
            e.model_copy(update={"only_if": "&".join(p for p in (e.only_if, below) if p)})
            for e in got
        ]
    m = _STATIC.fullmatch(text)
    if not m:
        return _both(text, enchantment)
    if m["han"]:  # "creatures attacking you or your cities get one damage"
        return [Effect(do="hurt_attackers", amount=amount(m["han"]), to="self")]
    if m["xname"]:  # "cards you control with a fire counter get an additional fire counter"
        name = m["xname"]
        if name != m["xname2"] or name in MARKERS or name in _NOT_TYPES:
            return None
        return [Effect(do="extra_counter", keyword=name, to="self")]
    if m["ddkind"]:  # "all damage done by Red Banner event or magic cards is doubled"
        kinds = card_kind(m["ddkind"])
        return [Effect(do="double_damage", subtype=kinds, to="self")] if kinds else None
    if m["lwho"]:  # "players can only draw one card during their draw phase"
        who = PLAYERS[
            {"players": "each player", "your opponents": "each opponent"}.get(m["lwho"], m["lwho"])
        ]
        return [Effect(do="draw_limit", to=who, amount=amount(m["ln"]))]
    obj = next(filter(None, (m[g] for g in _SUBJECTS)), "")
    lacking = ""  # "creatures without flying cannot attack unless ..."
    if m["tobj"]:
        obj, _, lacking = m["tobj"].partition(" without ")
        if lacking and keyword(lacking) is None:
            return None
    on = obj in ENCHANTED or (enchantment and obj == "target creature")
    r = Reach("target") if on else _for_cards(reach(obj))
    if r is None or r.to == "home" or (r.to == "target" and not on):
        return _both(text, enchantment)  # "X loses all its abilities and cannot move"
    if m["nobj"]:  # "... doesn't unmark during its controller's unmark phase"
        return [
            Effect(do="forbid", to=r.to, subtype=r.subtype, keyword=k) for k in _FORBIDDEN[m["no"]]
        ]
    if m["tobj"]:  # "... cannot attack unless their controller pays two resources for each"
        price = amount(m["tn"])
        lacks = keyword(lacking) or ""
        return [Effect(do="attack_tax", to=r.to, subtype=r.subtype, amount=price, keyword=lacks)]
    if m["fobj"]:  # "... cannot attack Dark Legion cities, nor can it defend against ..."
        out = []
        for what, words in (("attack", m["fcity"]), ("block", m["fnor"] or m["fblock"])):
            if words:
                kinds = card_kind(f"{words} city" if what == "attack" else words)
                if kinds is None:
                    return None
                out.append(
                    Effect(do="forbid", to=r.to, subtype=r.subtype, keyword=what, against=kinds)
                )
        return out
    if m["eobj"]:  # "opponents' creatures cannot become my residents": a city's gate
        return [Effect(do="forbid", to=r.to, subtype=r.subtype, keyword="enter")]
    if m["aobj"]:  # "my residents may attack during combat": from their city
        return [Effect(do="grant", to=r.to, keyword="sortie")] if r.to == "residents" else None
    if m["sobj"]:  # "... loses all its abilities"
        return [Effect(do="forbid", to=r.to, subtype=r.subtype, keyword="abilities")]
    if m["oobj"]:  # "only Elf or Gaian creatures can defend against ..."
        kinds = card_kind(m["okind"])
        if kinds is None:
            return None
        return [Effect(do="forbid", to=r.to, subtype=r.subtype, keyword="be_blocked", unless=kinds)]
    out: list[Effect] = []
    if m["obj"]:
        a, d = signed(m["a"]), signed(m["d"])
        each = count_of(m["each"]) if m["each"] else ""
        if not (a or d) or each is None:
            return None
        during = ""
        if m["during"]:  # "during your turn", "during any opponent's turn"
            during = "turn:mine" if m["during"] == "your" else "turn:theirs"
        out.append(
            Effect(
                do="boost",
                to=r.to,
                subtype=r.subtype,
                attack=a,
                defense=d,
                count=each,
                only_if=during,
            )
        )
    words = m["kw2"] or m["kw"] or m["bkw"]
    if words:
        k = keyword(words)
        if k is None:
            return None
        out.append(Effect(do="grant", to=r.to, subtype=r.subtype, keyword=k))
    return out


def _both(text: str, enchantment: bool) -> list[Effect] | None:
    """Two passives of one subject joined by "and" ("Enchanted creature loses all its
    abilities and cannot move"), each read whole; None if no split reads both."""
    for m in re.finditer(r" and ", text):
        left, right = text[: m.start()], text[m.end() :]
        subject = _SUBJECT_OF.match(left)
        if subject is None:
            continue
        first = read_static(left, enchantment)
        second = read_static(f"{subject['subj']} {right}", enchantment)
        if first is not None and second is not None:
            return first + second
    return None


# -- what a sentence lacks ----------------------------------------------------------------------

# The parts the grammar and the rules do not have yet, each with words that show a sentence
# needs it, in the order they are told (``tabletop coverage`` says them for the text it
# leaves to the players). A guide for contributors, not a reading: it never enforces.
MISSING = [
    (
        r"\b(?:when|whenever|if) (?:i|this card|me) (?:die|dies|leave|leaves|am put|"
        r"am destroyed|am in the graveyard|'m in the graveyard)",
        "a trigger: when the card dies or leaves play",
    ),
    (
        r"\bwhenever\b|\bwhen (?:you|a|an|another|any|target|the|enchanted|my)\b|\beach time\b",
        "a trigger: when something else happens",
    ),
    (r"\bat the (?:start|beginning|end) of\b", "a trigger: the start or end of a phase"),
    (
        r"\b(?:target|each|every|any|a|that) (?:player|opponent)s?\b|\bplayers?\b|"
        r"\bopponents?\b|\bhe/she\b",
        "a player as target or object",
    ),
    (r"\bx\b|\bfor each\b|\bas many\b", "an amount the text defines (X, for each)"),
    (r"(?<![+-]\d/[+-]\d )\b(?!\+)[a-z]+ counters?\b", "counters other than +N/+N"),
    (
        r"^(?:sacrifice|discard|remove|pay)\b[^.]*:|\b(?:sacrifice|discard)\b",
        "sacrifice or discard as a cost or an effect",
    ),
    (
        r"\b(?:can't|cannot|can not|can only|only|unless|instead|prevent|prevents|doubled?|"
        r"loses? all)\b",
        "a rule-changing passive or restriction",
    ),
]
# Parts told only when none of the above is: a sentence with a trigger the rules lack may
# also name a city or a token, and its trigger is what is missing.
MISSING_ELSE = [
    (r"\btokens?\b", "a token in this wording"),
    (r"\bsearch\b|\breveal\b|\bshuffle\b", "a search or reveal in this wording"),
    (r"\benchant(?:ed|ment)?\b|\battach", "an Enchantment's wording"),
    (r"\bmove\b|\bmoving\b|\bcity\b|\bcities\b|\bresidents?\b", "a city or movement phrase"),
]
_MISSING = [(re.compile(p), why) for p, why in MISSING]
_MISSING_ELSE = [(re.compile(p), why) for p, why in MISSING_ELSE]
UNKNOWN = "a phrase the reader does not know yet"


def missing(text: str) -> list[str]:
    """What the grammar or the rules lack to enforce ``text`` (sentences left to the
    players), each part once, in :data:`MISSING`'s order (else :data:`MISSING_ELSE`'s);
    :data:`UNKNOWN` when no part tells."""
    words = " ".join(text.lower().split())
    for table in (_MISSING, _MISSING_ELSE):
        found = [why for pattern, why in table if pattern.search(words)]
        if found:
            return found
    return [UNKNOWN]
