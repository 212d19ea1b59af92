"""The text as a whole: a card's text cut into keywords (``keywords.read_keywords``), a city's
Levels and sentences, each sentence read by the first pattern of the sentence tables
that reads it (triggers, abilities paid for, effects and passives, in that order),
consecutive readings merged, and what no pattern reads kept word for word as the card's
``unenforced`` text. :func:`parse` gives a card's keywords, abilities, unenforced text and
tokens; :func:`explain` how each sentence was read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..abilities import CITY_RULES, CREATURE_TARGETS, HOLDS, LISTENS, MARKERS, ONLY_PLAYERS, Ability
from ..cards import ArcCard
from . import effect_sentences, paid_sentences, parts, trigger_sentences
from .effects import count_amounts
from .explanations import Reading
from .keywords import read_keywords
from .sentences import AMEND, Table


@dataclass(frozen=True)
class Parsed:
    keywords: dict[str, int]
    abilities: tuple[Ability, ...]
    unenforced: str
    tokens: tuple[ArcCard, ...] = ()


_SENTENCES: Table = [
    *trigger_sentences.SENTENCES,
    *paid_sentences.SENTENCES,
    *effect_sentences.SENTENCES,
]

# -- the text as a whole ---------------------------------------------------------------------

_LEVEL = re.compile(r"Level (\d+):\s*", re.IGNORECASE)
_REMINDER = re.compile(r"\([^()]*\)\s*")
_SENTENCE = re.compile(r"[^.]*(?:\.\"?|$)\s*")
# The name some cards give an ability before its words ("Battle Scream 1 - ", "Blood
# Vengeance - "): words of capitals, maybe a number, a dash; the words are the rule (ruling
# 104). (A keyword's is read apart, with its reminder: ``keywords.read_keywords``.)
_LABEL = re.compile(r"(?:[A-Z][a-z]+ ){0,3}[A-Z][a-z]+(?: \d+)? [-–] (?=[A-Z])")


def _city_rule(a: dict[str, Any]) -> bool:
    """Whether an ability read is a city's own rule (``cards.CITY_RULES``), which it may
    say outside its Levels."""
    effects = a.get("effects") or ()
    return a["when"] == "static" and bool(effects) and all(e.do in CITY_RULES for e in effects)


def _lasting(a: dict[str, Any]) -> bool:
    """Whether an ability read may stand under a city's "Level 0", which holds while the
    city stands: a passive (``cards.HOLDS``), or a sentence heard while it holds."""
    effects = a.get("effects") or ()
    return a["when"] in LISTENS or (bool(effects) and all(e.do in HOLDS for e in effects))


def _segments(text: str, kind: str) -> list[tuple[int | None, str]]:
    """(level, text): a city's text cut at each "Level N:" (None: under no Level)."""
    if kind != "city":
        return [(None, text)]
    parts = _LEVEL.split(text)
    out: list[tuple[int | None, str]] = [(None, parts[0])] if parts[0].strip() else []
    for i in range(1, len(parts), 2):
        out.append((int(parts[i]), parts[i + 1]))
    return out


def _read(text: str, ctx: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    """Abilities read from one segment, and the sentences no pattern read."""
    found: list[dict[str, Any]] = []
    left: list[str] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        start = pos
        label = _LABEL.match(text, pos)
        if label:  # "Battle Scream 1 - When I attack, ...": an ability's name, then its words
            pos = label.end()
        for pattern, build in _SENTENCES:
            m = pattern.match(text, pos)
            if m and m.end() > pos:
                at = parts.mark()
                got = build(m, ctx)
                if not got:
                    parts.rollback(at)
                if got:
                    for a in got:  # an amendment that amends nothing is left unread alone
                        if a["when"] == AMEND:
                            a["_words"] = m[0].strip()
                    found.extend(got)
                    if ctx.get("trace") is not None:
                        ctx["trace"].append(
                            Reading(
                                m[0].strip(),
                                build.__name__.strip("_"),
                                got,
                                ctx["level"],
                                parts=parts.since(at),
                            )
                        )
                    pos = m.end()
                    break
        else:
            m = _REMINDER.match(text, pos)
            if m:  # "(Creatures with first strike deal damage first.)": a reminder
                pos = m.end()
                continue
            m = _SENTENCE.match(text, pos)
            end = m.end() if m and m.end() > pos else len(text)
            left.append(text[start:end].strip())  # with its name, if it has one
            if ctx.get("trace") is not None:
                ctx["trace"].append(Reading(text[start:end].strip(), "", [], ctx["level"]))
            pos = end
    return found, left


def _amend(prev: dict[str, Any] | None, a: dict[str, Any]) -> dict[str, Any] | None:
    """The ability before an amending sentence, amended: its damage to players may be
    prevented by sacrificing resource cards, or the damage it prevents grows counters on
    its card; None when it has nothing the sentence can amend."""
    if prev is None or prev["when"] == AMEND:
        return None
    if "append" in a:  # "That creature ...": more done to the target before
        if prev.get("target") not in CREATURE_TARGETS:
            return None
        if a.get("moves") and not any(e.do == "relocate" for e in prev["effects"]):
            return None
        return {**prev, "effects": [*prev["effects"], *a["append"]]}
    if "more_per_x" in a:  # "you may pay an additional x resources to mark x additional
        # creatures": the played card before it, aimed at one of that kind, doing that
        kind, dos = a["more_per_x"]
        if (
            prev["when"] != "play"
            or prev.get("target") != kind
            or prev.get("targets", 1) != 1
            or [e.do for e in prev["effects"]] != dos
        ):
            return None
        return {**prev, "more_per_x": True}
    if "unmarked" in a:  # "the Soldiers are not marked for moving": of a muster before
        musters = [e.do == "muster" for e in prev["effects"]]
        if not any(musters):
            return None
        effects = [
            e.model_copy(update={"marked": False}) if m else e
            for e, m in zip(prev["effects"], musters, strict=True)
        ]
        return {**prev, "effects": effects}
    if "fleeting" in a:  # "remove it from the game at the start of your next turn": the
        # card the ability before puts into play
        puts = [e.do == "put" and e.into in ("army", "city", "home") for e in prev["effects"]]
        if puts.count(True) != 1:
            return None
        effects = [
            e.model_copy(update={"fleeting": True}) if p else e
            for e, p in zip(prev["effects"], puts, strict=True)
        ]
        return {**prev, "effects": effects}
    if "condition" in a:  # "use this ability only when ...": an activated ability's
        if prev["when"] not in ("mark", "use") or prev.get("condition"):
            return None
        return {**prev, "condition": a["condition"]}
    if "count" in a:  # "X is the number of ...": the X of the ability before, counted
        effects = count_amounts(list(prev["effects"]), a["count"], x=True)
        return effects and {**prev, "effects": effects}
    if "per_prevented" in a:
        name = a["per_prevented"]
        shields = [e.do == "prevent" for e in prev["effects"]]
        if not any(shields) or name in MARKERS:
            return None
        effects = [
            e.model_copy(update={"keyword": name}) if s else e
            for e, s in zip(prev["effects"], shields, strict=True)
        ]
        return {**prev, "effects": effects}
    players = ("each_player", "each_opponent")
    hit = [
        e.do == "damage"
        and (e.to in players or (e.to == "target" and prev.get("target") in ONLY_PLAYERS))
        for e in prev["effects"]
    ]
    if not any(hit):
        return None
    effects = [
        e.model_copy(update={"or_sacrifice": a["or_sacrifice"]}) if h else e
        for e, h in zip(prev["effects"], hit, strict=True)
    ]
    return {**prev, "effects": effects}


def _plain_play(a: dict[str, Any]) -> bool:
    """A "play" ability with its effects and perhaps a target, nothing else (no choice)."""
    return a["when"] == "play" and not a.get("_mode") and set(a) <= {"when", "effects", "target"}


def _merge(abilities: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive "play" sentences of one card are one ability, resolved in order (an Event
    that pumps the Trees and then fortifies the cities), unless they are a choice or both
    take a target; so is a "play" sentence without a target after other sentences, with the
    "play" ability before them; an Enchantment is played on its creature once, however many
    of its sentences name it."""
    out: list[dict[str, Any]] = []
    for a in abilities:
        if a["when"] == "play" and not a["effects"] and a in out:
            continue  # an Enchantment's sentences each say what it is played on: once
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.get("_mode")
            and _plain_play(a)
            and a["effects"]
            and a.get("target", "none") == "none"
        ):
            # "Counter target spell or destroy target enchantment. Each opponent may draw a
            # card.": what follows a choice happens whichever is chosen
            i = len(out) - 1
            while i >= 0 and out[i].get("_mode") and out[i]["when"] == "play":
                out[i] = {**out[i], "effects": [*out[i]["effects"], *a["effects"]]}
                i -= 1
            continue
        if (
            a["when"] == "play"
            and a["effects"]
            and set(a) <= {"when", "effects", "target"}
            and prev is not None
            and prev["when"] in ("mark", "use")
            and "none" in (a.get("target", "none"), prev.get("target", "none"))
        ):
            # "M, Each city you control loses 1 defense point. Move target creature without
            # marking it.": an activated ability goes on in the sentences after it (ruling 79)
            target = prev.get("target", "none")
            if target == "none":
                target = a.get("target", "none")
            out[-1] = {**prev, "target": target, "effects": [*prev["effects"], *a["effects"]]}
            continue
        if (
            a["when"] == "play"
            and a["effects"]
            and set(a) <= {"when", "effects"}
            and prev is not None
            and prev["when"] != "play"
        ):
            # "When I come into play select a city. <a trigger>. I come into play with two
            # fire counters.": what happens as it comes into play, said apart, is one ability
            earlier = next((i for i in range(len(out) - 2, -1, -1) if _plain_play(out[i])), None)
            if earlier is not None:
                out[earlier] = {
                    **out[earlier],
                    "effects": [*out[earlier]["effects"], *a["effects"]],
                }
                continue
        if a["when"] == AMEND:  # left in place when it amends nothing: read by no one
            amended = _amend(prev, a)
            if amended is None:
                out.append(a)
            else:
                out[-1] = amended
            continue
        if (
            prev is not None
            and a["when"] == prev["when"]
            and a.get("level", 0) == prev.get("level", 0)
            and a["when"] in ("play", "level")
            and not a.get("_mode")
            and not prev.get("_mode")
            and set(a) <= {"when", "level", "effects", "target"}
            and set(prev) <= {"when", "level", "effects", "target"}
            and "none" in (a.get("target", "none"), prev.get("target", "none"))
        ):
            target = prev.get("target", "none")
            if target == "none":
                target = a.get("target", "none")
            out[-1] = {**prev, "target": target, "effects": [*prev["effects"], *a["effects"]]}
        elif (
            prev is not None
            and a["when"] == prev["when"] == "play"
            and not a.get("_mode")
            and not prev.get("_mode")
            and set(a) <= {"when", "effects", "target"}
            and set(prev) <= {"when", "effects", "target"}
        ):
            # two sentences that each take a target: one ability with two targets (the
            # abilities refuse the pairs they cannot tell apart)
            second = [
                e.model_copy(update={"to": "target2"}) if e.to == "target" else e
                for e in a["effects"]
            ]
            out[-1] = {
                **prev,
                "target2": a["target"],
                "effects": [*prev["effects"], *second],
            }
        else:
            out.append(a)
    return out


def parse(text: str, kind: str, name: str = "", faction: str = "none") -> Parsed:
    """The keywords, abilities and unenforced text of a card's ``text``. (A card's
    conversion reads its text twice, for the card and for the tokens it makes: the second
    reading is the first's result, kept.)"""
    got = _parse(text or "", kind, name, faction)
    # A dict of its own; the rest is immutable.
    return Parsed(dict(got.keywords), got.abilities, got.unenforced, got.tokens)


def explain(text: str, kind: str, name: str = "", faction: str = "none") -> list[Reading]:
    """How a card's text is read, sentence by sentence (``tabletop explain``)."""
    trace: list[Reading] = []
    with parts.tracing():
        parsed = _parse.__wrapped__(text or "", kind, name, faction, trace)
    return [replace(r, kept=bool(r.reader) and r.words not in parsed.unenforced) for r in trace]


@lru_cache(maxsize=256)
def _parse(
    text: str, kind: str, name: str, faction: str, trace: list[Reading] | None = None
) -> Parsed:
    keywords, rest = read_keywords(text)
    ctx: dict[str, Any] = {
        "kind": kind,
        "name": name,
        "faction": faction,
        "tokens": [],
        "trace": trace,
    }
    abilities: list[Ability] = []
    left: list[str] = []
    for level, segment in _segments(rest, kind):
        ctx["level"] = level
        found, unread = _read(segment, ctx)
        if kind == "city" and level is None and found and not all(_city_rule(a) for a in found):
            unread += [segment.strip()]  # a city's text outside its Levels: only its rules
            found = []
        if level == 0 and not all(_lasting(a) for a in found):
            unread += [segment.strip()]  # "Level 0" holds while the city stands: passives
            found = []
        kept: list[dict[str, Any]] = []  # the readings the card keeps
        for a in found:
            if a["when"] == AMEND:
                kept.append(a)  # it amends the ability before it (``_merge``)
                continue
            if kind == "city" and level is not None:  # a heard ability keeps its trigger
                a = (
                    {**a, "level": level}
                    if a["when"] in LISTENS
                    else {**a, "when": "level", "level": level}
                )
            elif kind in ("magic", "event", "enchantment") and a["when"] not in (
                (
                    "play",
                    "static",
                    "rescue",
                    "cast",
                    "use",
                    "mark",
                    "phase",
                    "marked",
                    "drawn",
                    "discarded",
                )
                if kind == "enchantment"
                else ("play", "static")
            ):
                unread.append(f"({a['when']} ability of a {kind})")
                continue
            kept.append(a)
        merged = _merge(kept)
        if kind == "enchantment" and any(
            a["when"] == "play" and any(e.do == "relocate" for e in a["effects"]) for a in merged
        ):  # it would be played on the creature it moves: no card means that
            unread.append(segment.strip())
            merged = [a for a in merged if a["when"] != "play"]
        plays = [a for a in merged if a["when"] == "play"]
        if len(plays) > 1 and not all(a.get("_mode") for a in plays):
            # Sentences that each take a target, more than one ability can say: never a
            # choice between them.
            unread.append(segment.strip())
            merged = [a for a in merged if a["when"] != "play"]
        for a in merged:
            a.pop("_mode", None)
            if a["when"] == AMEND:  # it amended nothing: its sentence is played by hand
                unread.append(a["_words"])
                continue
            try:
                abilities.append(Ability(**a))
            except ValueError:
                unread.append(segment.strip())
        # a whole segment left to the players says its sentences once
        left += [u for u in unread if not any(u != v and u in v for v in unread)]
    return Parsed(keywords, tuple(abilities), " ".join(x for x in left if x), tuple(ctx["tokens"]))


def tokens_made(card: ArcCard) -> tuple[ArcCard, ...]:
    """The token cards a card's text defines ("a 0/1 crop token")."""
    if not card.text:
        return ()
    return parse(card.text, card.type, card.name, card.faction).tokens
