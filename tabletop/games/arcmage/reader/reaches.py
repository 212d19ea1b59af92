"""Who an effect reaches: a target of a kind ("target creature", "two target opposing
creatures", "target city you control"), the card itself ("I", "me"), its city ("my city"),
or a group ("each creature", "all creatures in your army", "Orcs you control", "your
Soldiers", "opposing creatures", "cities you control"); the players a sentence names as
its subject ("you", "each opponent", "target player"), and graveyards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..abilities import GROUPS, ONLY_PLAYERS, PLAYER_TARGETS, TARGETS
from ..vocabulary import KEYWORDS
from .amounts import AMOUNT, amount
from .keywords import _NOT_KINDS, _NOT_TYPES, card_kind, creature_kinds, creature_type, faction
from .parts import one_of, part

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
_KIND = one_of(TARGET_KINDS)
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
    "in your hand, deck and graveyard": "your_cards",
    "in your hand, deck, and graveyard": "your_cards",
    "in all armies": "all_armies",
    "in all army": "all_armies",  # as one card writes it
    "in each army": "all_armies",
}
_CITY_OWNERS = {"": "all_cities", "in play": "all_cities", "you control": "your_cities"}
_OWNERS = one_of({*_CREATURE_OWNERS, *_CITY_OWNERS} - {""})
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
    having: str = ""  # what the creatures of a group must be (``abilities.Effect.having``)


def _said(r: Reach) -> str:
    """A reach in a few words, for a trace: "target creature (x2)", "your_creatures"."""
    if r.to != "target":
        return r.to + (f" ({r.subtype})" if r.subtype else "")
    return TARGETS.get(r.target, r.target) + (f" (x{r.count})" if r.count > 1 else "")


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


_STAT = r"(?:cost|attack|defen[cs]e|atk|def|power|toughness)"
_NUM = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
_MORE = r"(?:less|fewer|lower|more|greater|higher)"
# A creature qualified by a number: "with cost 2 or less", "with 2 or less attack", "with
# defense 3 or less", "with 3 or more ATK", "with a cost of 2 or less".
_QUALITY = re.compile(
    rf"(?P<base>.+?) with (?:(?:an? )?(?P<stat1>{_STAT}) (?:of )?(?P<n1>{_NUM}) or "
    rf"(?P<cmp1>{_MORE})|(?P<n2>{_NUM}) or (?P<cmp2>{_MORE}) (?P<stat2>{_STAT}))"
)
_STATS = {"cost": "cost", "attack": "atk", "atk": "atk", "power": "atk"}
# "each other creature", "other Goblins you control": a group but the card itself.
_OTHER = re.compile(r"(?P<q>(?:each|all|every|all the) )?other (?P<rest>.+)")


def _quality(m: re.Match[str]) -> str:
    """A quality read (``_QUALITY``), as ``abilities.QUALITY`` says it: "atk<=2"."""
    stat, n, cmp = (
        (m["stat1"], m["n1"], m["cmp1"]) if m["stat1"] else (m["stat2"], m["n2"], m["cmp2"])
    )
    which = _STATS.get(stat, "def")
    return f"{which}{'<=' if cmp in ('less', 'fewer', 'lower') else '>='}{amount(n)}"


def _with(r: Reach | None, part: str) -> Reach | None:
    """The reach, its creatures also to be ``part``: a creature target's ``target_if``
    (one only), or a creature group's ``having``; None for anything else."""
    if r is None:
        return None
    if r.to == "target":
        ok = r.target in ("creature", "enemy_creature", "own_creature") and not r.target_if
        return replace(r, target_if=part) if ok and part != "other" else None
    if r.to not in GROUPS:
        return None
    return replace(r, having="&".join(p for p in (r.having, part) if p))


@part("reach", lambda r: _said(r))
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
    q = _QUALITY.fullmatch(text)
    if q:  # "target creature with cost 2 or less", "each creature with 2 or less attack"
        return _with(reach(q["base"]), _quality(q))
    other = _OTHER.fullmatch(text)
    if other and (other["q"] or not other["rest"].startswith(("than", "of"))):
        r = reach(f"{other['q'] or ''}{other['rest']}")
        # "other creatures" names a group; "creature" alone, after "each", is one too
        return _with(r, "other") if r is not None and r.to != "self" else None
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
    town = re.fullmatch(r"(?:(?P<f>[a-z ]+) )?(?:city|cities)", noun)
    if town:  # "each city", "all Gaian cities", "your Dark Legion cities"
        f = faction(town["f"]) if town["f"] else ""
        if pre == "opposing" or owner not in _CITY_OWNERS or f is None:
            return None
        return Reach("your_cities" if pre == "your" else _CITY_OWNERS[owner], subtype=f)
    if noun in ("attacking creature", "attacking creatures") and not (owner or pre):
        return Reach("attackers")  # "all attacking creatures", "each attacking creature"
    if noun in ("creature", "creatures", "resident", "residents"):
        subtype = ""  # a resident is any creature living in a city
    elif re.fullmatch(r"(?:[a-z]+ ){0,2}tokens?(?: cards?| creatures?)?", noun):
        # "Red Banner token cards", "tokens", "Orc token creatures"
        subtype = card_kind(re.sub(r" (?:cards?|creatures?)$", "", noun)) or ""
        if not subtype:
            return None
    elif re.fullmatch(r"(?:[a-z]+ ){1,2}(?:or (?:[a-z]+ ){1,2})?creatures?", noun):  # "Undead
        # creatures", "Red Banner creatures", "Tree or Flower creatures": a kind of one or two
        # words (a faction's name) or a choice of two kinds, nothing else
        if any(w in _NOT_KINDS and w != "or" for w in noun.split()[:-1]):
            return None
        kinds = creature_kinds(noun if " or " not in noun else noun.rsplit(" ", 1)[0])
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


@part("player", lambda r: _said(r))
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


@part("graveyard", lambda r: _said(r))
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
