"""ARC-mage's words, shared by the card, its abilities and the text reader: card types,
factions (their names, as words, and their colours), the keywords with their reminder
texts, and card kinds ("elf|gaian creature") as a player reads them."""

from __future__ import annotations

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
