"""The words that name kinds: creature types (plural or singular, and the words that are
never one), keywords, factions, and the kinds of card a text names ("Red Banner creature
or fellow Soldier", "enchantments", "tokens"); and the keywords a card's text opens with
(:func:`read_keywords`: ``Flying - reminder`` or a bare ``Flying.``, a keyword's reminder
text part of the keyword, not further text).
"""

from __future__ import annotations

import re

from ..vocabulary import FACTIONS, KEYWORDS
from .parts import part

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


# The card types as the texts name them, singular or plural.
CARD_TYPES = {
    **{t: t for t in ("creature", "enchantment", "city", "event", "magic")},
    **{"creatures": "creature", "enchantments": "enchantment", "cities": "city", "events": "event"},
    "token": "token",  # a token is a creature that is no card of a deck (ruling 64)
    "tokens": "token",
}


@part("kind", str)
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


NUMBERED = frozenset({"bodyguard", "salvage"})


# Sentences some cards add to a keyword's reminder, part of it rather than further text.
REMINDER_TAILS = ("The opposing creature only strikes back if it survives.",)
# "First Strike - In combat, I deal damage first." / "Bodyguard 3 - ..." / "Peaceful."
_KEYWORD = re.compile(
    r"(?:(?<=^)|(?<=[.:]\s)|(?<=[.:]))\s*(?P<name>"
    + "|".join(re.escape(k.replace("_", " ")) for k in sorted(KEYWORDS, key=len, reverse=True))
    + r")(?:\s+(?P<n>\d+))?\s*(?:(?:-|–)\s*(?P<reminder>[^.]*(?:\.[^A-Z]*?)?\.)|\.|$)",
    re.IGNORECASE,
)


def read_keywords(text: str) -> tuple[dict[str, int], str]:
    """The keywords written in ``text``, and the text that is left once the keywords (and
    their reminder texts) are taken out."""
    found: dict[str, int] = {}
    rest = []
    last = 0
    for m in _KEYWORD.finditer(text):
        name = m.group("name").lower().replace(" ", "_")
        number = int(m.group("n")) if m.group("n") else 0
        if name in NUMBERED and not number:
            continue  # "bodyguard" as a word, not the keyword
        found[name] = number
        rest.append(text[last : m.start()])
        last = m.end()
    rest.append(text[last:])
    left = re.sub(r"\s+", " ", " ".join(rest)).strip()
    for tail in REMINDER_TAILS:
        left = left.replace(tail, "").strip()
    for key, pattern in _BARE_REMINDERS:  # "I'm not marked for moving.": Travel, unnamed
        left, n = pattern.subn("", left)
        if n:
            found.setdefault(key, 0)
            left = " ".join(left.split())
    return found, left


def _bare(reminder: str) -> re.Pattern[str]:
    """A keyword's reminder text said of the card ("I'm not marked for moving."), as a
    sentence of its own."""
    rest = re.escape(re.sub(r"^I(?:'m| am) ", "", reminder.rstrip(".")))
    return re.compile(rf"(?:(?<=^)|(?<=[.:]\s))\s*I(?:['’]m| am) {rest}\.", re.IGNORECASE)


# The keywords whose reminder speaks of the card itself and takes no number: the reminder,
# written alone, gives the card the keyword.
_BARE_REMINDERS = [
    (k, _bare(r))
    for k, r in KEYWORDS.items()
    if k not in NUMBERED and re.match(r"I(?:'m| am) not\b", r)
]
