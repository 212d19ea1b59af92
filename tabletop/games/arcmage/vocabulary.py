"""ARC-mage's words, shared by the card, its abilities and the text reader: card types,
factions (their names, as words, and their colours), the keywords with their reminder
texts, card kinds ("elf|gaian creature") as a player reads them, and the words an ability and
its effects are made of (triggers, target kinds, groups, effect kinds), with how the log says
a target and what a "cannot" forbids."""

from __future__ import annotations

import re
from typing import Literal

CardType = Literal["city", "creature", "event", "magic", "enchantment"]
Faction = Literal["gaian", "dark_legion", "red_banner", "house_of_nobles", "empire", "none"]

FACTIONS: dict[str, Faction] = {
    "Gaian": "gaian",
    "Dark Legion": "dark_legion",
    "Red Banner": "red_banner",
    "House of Nobles": "house_of_nobles",
    "The Empire": "empire",
    "Empire": "empire",
}
FACTION_NAMES: dict[str, str] = {
    "gaian": "Gaian",
    "dark_legion": "Dark Legion",
    "red_banner": "Red Banner",
    "house_of_nobles": "House of Nobles",
    "empire": "The Empire",
    "none": "No faction",
}


def faction_word(faction: str) -> str:
    """A faction's name as a word before a noun: "2 Empire resources", not "2 The Empire
    resources"."""
    return FACTION_NAMES[faction].removeprefix("The ")


def a_faction(faction: str) -> str:
    """A faction's name after "a" or "an": "a Gaian", "an Empire"."""
    word = faction_word(faction)
    return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"


# The rulebook's convention for resource counters.
FACTION_COLOURS: dict[str, tuple[int, int, int]] = {
    "gaian": (70, 160, 80),
    "dark_legion": (40, 40, 44),
    "red_banner": (190, 50, 44),
    "house_of_nobles": (60, 100, 190),
    "empire": (236, 234, 226),
    "none": (130, 130, 130),
}

# The keywords the real cards use, each with its reminder text's rule (issue #7's list).
# Those marked with a number take one (Bodyguard 3).
KEYWORDS: dict[str, str] = {
    "flying": "Only creatures with flying and ranged can defend against me.",
    "ranged": "I can defend against creatures with flying.",
    "first_strike": "In combat, I deal damage first.",
    "sudden": "I can be played directly into your army.",
    "infiltrate": "I can move into opponents' cities.",
    "fatigue": "I come into play marked.",
    "peaceful": "I cannot attack.",
    "overrun": "The surplus of unblocked damage I deal is carried over to the attacked city.",
    "veteran": "I am not marked for attacking.",
    "travel": "I'm not marked for moving.",
    "bodyguard": "I may divert up to N damage from target creature you control to myself.",
    "unique": "No player can control more than one of this unit at any time.",
    "deadly": "Any damage I deal to a creature kills it.",
    "sanctuary": "I cannot be damaged.",
    "salvage": "You may pay N resources to return me to your hand from the graveyard.",
    # Given by a card's text, never printed: "My residents may attack during combat."
    "sortie": "I may attack from the city I live in.",
    # Named by a card's text, defined by no rule: "Shadow creatures you control are
    # indestructible." (ruling 77)
    "indestructible": (
        "Damage and effects that destroy do not kill me (I can still be sacrificed, and I "
        "die with no defense left)."
    ),
    "homesick": (
        "At the start of my controller's turn, if I am not in a city of my faction, I lose "
        "one loyalty mark; otherwise I gain one, up to my printed number. I die when I have "
        "none left."
    ),
}


def kinds_words(kinds: str) -> str:
    """Card kinds (``rules.keywords.is_type``'s "elf|gaian creature") as a player reads
    them: "Elf or Gaian creature"."""
    out = []
    for alt in kinds.split("|"):
        words = []
        for w in alt.split():
            if w[0] in "+!":  # a keyword it has or lacks (a forbid's, a prevent's)
                words.append(("with " if w[0] == "+" else "without ") + w[1:].replace("_", " "))
            elif w in FACTION_NAMES:
                words.append(faction_word(w))
            elif w in ("creature", "enchantment", "city", "event", "magic", "card", "token"):
                words.append(w)
            else:
                words.append(w.capitalize())
        out.append(" ".join(words))
    return " or ".join(out)


# The kinds of target (``abilities.TargetKind``), as the game says them.
TARGETS: dict[str, str] = {
    "none": "",
    "creature": "target creature",
    "enemy_creature": "target opposing creature",
    "own_creature": "target creature you control",
    "city": "target city",
    "enemy_city": "target opposing city",
    "own_city": "target city you control",
    "creature_or_city": "target creature or city",
    "own_city_or_army": "target city you control or your army",
    "card": "target card",
    "player": "target player",
    "opponent": "target opponent",
    "creature_or_player": "target creature or player",
    "any": "target creature, player or city",
    "hand_card": "a card from your hand",
    "deck_card": "a card from your deck",
    "grave_card": "a card from your graveyard",
    "dying": "a creature that would die",
    "graveyard": "target graveyard",
    "enchantment": "target enchantment",
    # a card played and not yet resolved: on the stack (ruling 99)
    "spell": "target spell",
}

# What a "cannot" effect forbids ("Target creature ... can not attack this turn"), and how the
# log says it.
FORBIDS: dict[str, str] = {
    "attack": "cannot attack",
    "move": "cannot move",
    "abilities": "has lost all its abilities",
    "unmark": "does not unmark in its controller's Unmark phase",
    "be_blocked": "can only be defended against by some creatures",
    # of a city's passive: the creatures reached cannot become its residents
    "enter": "cannot become a resident of the city",
    "block": "cannot defend",
    # of a city: its player's army does not defend it (ruling 75)
    "army_defense": "cannot be defended by its player's army",
    # of a city: no creature moves into or out of it (ruling 97)
    "movement": "is closed to all movement (into or out of it)",
}


# -- the words of abilities and effects -------------------------------------------------------

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
