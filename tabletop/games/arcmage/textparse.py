"""The arcmage.org card texts, read into abilities (``cards.Ability``) the engine enforces.

The texts are written by many hands but fall into recurring sentences: keywords with their
reminder texts, "Level N: ...", "M, ..." (an ability paid by marking the card), "When I come
into play, ...", "deal N damage to target creature", "+X/+Y until end of turn", "draw a
card"... The parser reads a text sentence by sentence against a table of those patterns.
Whatever no pattern reads is kept, word for word, as the card's ``unenforced`` text: the
card still plays with its stats and keywords, shows "text not enforced", and its
controller applies that part by hand.

Patterns are anchored at a sentence's start and may span several sentences (a search and
the shuffle after it); numbers, creature types and factions are read from the words, so a
pattern serves every card written the same way.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from .cards import (
    CITY_RULES,
    CREATURE_TARGETS,
    HOLDS,
    LISTENS,
    MARKERS,
    ONLY_PLAYERS,
    Ability,
    ArcCard,
    Effect,
    read_keywords,
)
from .grammar import (
    AMOUNT,
    AT_PHASE,
    CAST,
    CAST_AFTER,
    CAST_BY,
    DRAWS,
    ENTERS,
    MARK,
    PER_SACRIFICED,
    PHASE_AFTER,
    TRIGGER,
    Phrase,
    amount,
    at_phase,
    card_kind,
    creature_kinds,
    creature_type,
    faction,
    keyword,
    reach,
    read_cost,
    read_phrase,
    read_static,
    tokens_in,
    trigger,
    whose,
)


@dataclass(frozen=True)
class Parsed:
    keywords: dict[str, int]
    abilities: tuple[Ability, ...]
    unenforced: str
    tokens: tuple[ArcCard, ...] = ()


def read_effects(phrase: str, ctx: dict[str, Any] | None = None) -> Phrase | None:
    """A one-off phrase read by the grammar (``grammar.read_phrase``); the tokens it makes
    join the card's (``ctx``), of the card's faction (ruling 64)."""
    got = read_phrase(phrase)
    if got is not None and ctx is not None:
        known = {t.name for t in ctx["tokens"]}
        ctx["tokens"] += [
            t.model_copy(update={"faction": ctx["faction"]})
            for t in tokens_in(phrase)
            if t.name not in known
        ]
    return got


# -- sentences -----------------------------------------------------------------------------------
#
# A sentence pattern gives a list of abilities (as keyword dicts, ``when`` filled in by the
# context when the pattern leaves it out) and, for a token it defines, the token's card.

_SENTENCES: list[tuple[re.Pattern[str], Callable[..., Any]]] = []


def sentence(pattern: str):
    def register(fn):
        _SENTENCES.append((re.compile(pattern + r"\s*", re.IGNORECASE), fn))
        return fn

    return register


def _aim(got: Phrase) -> dict[str, Any]:
    """The fields of an ability that say what a phrase read aims at."""
    out: dict[str, Any] = {"target": got.target or "none"}
    if got.count > 1:
        out["targets"] = got.count
    if got.target_if:
        out["target_if"] = got.target_if
    if got.subtype:
        out["subtype"] = got.subtype
    return out


@sentence(TRIGGER + r" (?P<rest>[^.]+)\.")
def _own_trigger(m, ctx):
    """ "When I come into play / die / leave play, [you may pay N to] <effects>." """
    rest, paid = m["rest"], {}
    offer = re.fullmatch(r"you may pay (\d+) (?:resources? )?to (.+)", rest, re.IGNORECASE)
    if offer:  # a trigger its player may pay for, or not
        rest, paid = offer[2], {"may": True, "cost_power": int(offer[1])}
    got = read_effects(rest, ctx)
    if got is None or (paid and got.target):
        return None
    when = trigger(m["trigger"])
    if m["there"]:  # "When I attack a city where Little Brother is": a card of that name there
        if when != "attack" or "city" not in m["trigger"]:
            return None
        paid = {**paid, "condition": f"there:{m['there']}"}
    return [dict(when=when, effects=got.effects, **_aim(got), **paid)]


@sentence(r"My devotion(?: towards? (?:the|my|its|that) city)? counts (?:double|twice)\.")
def _double_devotion(m, ctx):
    """ "My devotion towards the city counts double.": a creature's loyalty marks count
    twice when it is marked for devotion."""
    if ctx["kind"] != "creature":
        return None
    return [dict(when="static", effects=[Effect(do="double_devotion", to="self")])]


@sentence(AT_PHASE + r" (?P<rest>[^.]+)\.")
def _at_phase(m, ctx):
    """ "At the start of your tactics phase, <effects>.": a creature's or an Enchantment's
    trigger as a phase of its controller's turn starts or ends."""
    got = read_effects(m["rest"], ctx)
    if got is None or got.target or ctx["kind"] not in ("creature", "enchantment"):
        return None
    return [dict(when="phase", effects=got.effects, **at_phase(m["edge"], m["phase"]))]


@sentence(r"(?P<rest>[^.]+?)" + PHASE_AFTER + r"\.")
def _phase_after(m, ctx):
    """ "<effects> at the beginning of that city's tactics phase.": a trigger as a phase
    starts or ends, of its controller's turn ("your") or of the turn of the player whose
    city the card lives in ("that city's", "my city's")."""
    got = read_effects(m["rest"], ctx)
    if got is None or got.target or ctx["kind"] not in ("creature", "enchantment"):
        return None
    whose = {"whose": "home"} if m["whose"].lower() != "your" else {}
    return [dict(when="phase", effects=got.effects, **at_phase(m["edge"], m["phase"]), **whose)]


@sentence(
    r"When(?:ever)? (?:target|enchanted|the enchanted) creature is marked,? (?P<rest>[^.]+)\."
)
def _its_creature_marked(m, ctx):
    """ "Whenever target creature is marked, <effects>.": an Enchantment played on a
    creature, whose ability happens each time that creature is marked."""
    got = read_effects(m["rest"], ctx)
    if got is None or got.target or ctx["kind"] != "enchantment":
        return None
    return [
        dict(when="play", target="creature", effects=[]),
        dict(when="marked", effects=got.effects),
    ]


@sentence(
    r"If you control at least (?P<n>"
    + AMOUNT
    + r") other (?P<kind>[A-Za-z ]+?),? (?P<rest>[^.]+)\."
)
def _if_you_control(m, ctx):
    """ "If you control at least 2 other Imps, <passive>.": a passive of a card in play
    that holds only while its controller controls that many others of the kind."""
    kinds = card_kind(m["kind"])
    effects = read_static(m["rest"], enchantment=ctx["kind"] == "enchantment")
    if kinds is None or not effects or ctx["kind"] not in ("creature", "enchantment"):
        return None
    if any(e.to == "target" or e.do not in ("boost", "grant") for e in effects):
        return None
    need = f"others:{amount(m['n'])}:{kinds}"
    effects = [
        e.model_copy(update={"only_if": "&".join(p for p in (need, e.only_if) if p)})
        for e in effects
    ]
    return [dict(when="static", effects=effects)]


@sentence(r"For each sacrificed (?:creature|card),? (?P<rest>[^.]+)\.")
def _per_sacrificed(m, ctx):
    """ "For each sacrificed creature, <effects>.": what the sentence before sacrificed
    counts the effects (they amend the ability before it, ``_merge``)."""
    got = read_effects(m["rest"], ctx)
    if got is None or any(e.do not in PER_SACRIFICED for e in got.effects):
        return None
    effects = [e.model_copy(update={"per": "sacrificed"}) for e in got.effects]
    return [dict(when="play", effects=effects, **_aim(got))]


@sentence(
    r"You may remove (?P<kind>[A-Za-z ]+?) cards from your graveyard from the game\. The "
    r"(?:removed )?cards['’] loyalty marks add to my (?:city level|devotion|level)\."
)
def _grave_devotion(m, ctx):
    """ "You may remove House of Nobles cards from your graveyard from the game. The removed
    cards' loyalty marks add to my devotion.": a city's rule for devoting to it (ruling 68)."""
    kinds = card_kind(m["kind"])
    if kinds is None or ctx["kind"] != "city" or ctx["level"] is not None:
        return None
    return [dict(when="static", effects=[Effect(do="devote_grave", subtype=kinds, to="self")])]


@sentence(
    r"When(?:ever)? a token (?:is cast|comes into play|is put) into (?P<where>me|this city|your "
    r"army),? put an exact sand copy(?: token)? (?:here|there|into (?:me|your army))(?: as well)?\."
    r"(?: \(Sand copies [^)]*\))?"
)
def _sand_copy(m, ctx):
    """ "When a token is cast into me, put an exact sand copy token here as well.": a city's
    passive copying the tokens put into play in it, or in its player's army (ruling 69). The
    reminder text after it says what a sand copy is."""
    if ctx["kind"] != "city" or ctx["level"] is None:
        return None
    to = "your_army" if m["where"].lower() == "your army" else "home"
    return [dict(when="static", effects=[Effect(do="sand_copy", to=to)])]


@sentence(
    r"You may play (?:an?|any) (?P<kind>[A-Za-z ]+?)(?: cards?)? as if it were an X/X creature,? "
    r"where X is (?:the|its) (?:casting )?cost\.(?:\s*(?:That|This|The) creature has "
    r"(?P<kw>[a-z ]+?)\.)?(?: \(At the start of its controller turn[^)]*\))?"
)
def _as_creature(m, ctx):
    """ "You may play an enchantment as if it were an X/X creature, where X is the casting
    cost. That creature has homesick.": a passive letting its player play such cards as
    creatures (ruling 70). A reminder text of the keyword after it says what it is."""
    kinds = card_kind(m["kind"])
    kw = keyword(m["kw"]) if m["kw"] else ""
    if kinds is None or "creature" in kinds.split() or kw is None:
        return None
    made = Effect(do="as_creature", subtype=kinds, keyword=kw, to="self")
    return [dict(when="static", effects=[made])]


@sentence(
    r"Move (?:the marked card|the marked creature|that creature|it) to (?P<where>a city or "
    r"(?:the |its )?army|a city) (?:controlled by|of) (?:its|the creature's) (?:owner|controller)\."
)
def _move_it(m, ctx):
    """ "Mark target creature. Move the marked card to a city or army controlled by its
    owner.": the target of the sentence before moves where the card's player chooses
    (ruling 78)."""
    into = "" if "army" in m["where"] else "city"
    return [dict(when=AMEND, append=[Effect(do="relocate", to="target", into=into)])]


@sentence(
    r"(?:Moving (?:the|that) creature (?:doesn't|does not) cause it to mark|(?:That|The) "
    r"creature is not marked for moving)\."
)
def _moved_unmarked(m, ctx):
    """ "Moving the creature doesn't cause it to mark.": what a card's move always is (ruling
    78); it amends a sentence before it that moves a creature, adding nothing."""
    return [dict(when=AMEND, append=[], moves=True)]


@sentence(r"When I come into play,? select (?P<what>an? [a-z ]+)\.")
def _select(m, ctx):
    """ "When I come into play select a city.": what an Enchantment is played on, in other
    words."""
    kind = {"a city": "city", "a creature": "creature"}.get(m["what"].lower())
    if kind is None or ctx["kind"] != "enchantment":
        return None
    return [dict(when="play", target=kind, effects=[])]


@sentence(r"When you play me as sudden,? (?P<rest>[^.]+)\.")
def _as_sudden(m, ctx):
    """ "When you play me as sudden, <effects>.": a creature's trigger as it comes into
    play, when it was played straight into the army."""
    got = read_effects(m["rest"], ctx)
    if got is None or ctx["kind"] != "creature":
        return None
    return [dict(when="play", condition="sudden", effects=got.effects, **_aim(got))]


@sentence(ENTERS + r" (?P<rest>[^.]+)\.")
def _another_enters(m, ctx):
    """ "Whenever another <kind> comes into play [under your control], <effects>." """
    kind = card_kind(m["kind"])
    got = read_effects(m["rest"], ctx)
    if kind is None or got is None:
        return None
    return [
        dict(
            when="enters",
            whose=whose(m["whose"]),
            subtype=kind,
            effects=got.effects,
            **_aim(got),
        )
    ]


@sentence(r"I (?P<rest>deal [^.]+)\.")
def _in_battle(m, ctx):
    """ "I deal 2 damage to each creature defending against me.": a creature's effect on
    the creatures in a battle with it, when they are assigned to it (ruling 45)."""
    got = read_effects(m["rest"], ctx)
    if ctx["kind"] != "creature" or got is None or {e.to for e in got.effects} != {"blockers"}:
        return None
    return [dict(when="blocked", effects=got.effects)]


@sentence(CAST + r" (?P<rest>[^.]+)\.")
def _you_play(m, ctx):
    """ "When you play an enchantment card, <effects>."; "When you successfully play ...":
    once it has come into play (ruling 71)."""
    return _cast(m["kind"], m["rest"], ctx, when="enters" if m["well"] else "cast")


@sentence(
    r"Unless you reach level (?P<n>" + AMOUNT + r"),? if you play an? (?P<kind>[A-Za-z ]+?) "
    r"card,? (?P<rest>[^.]+?) at the start of your play phase\."
)
def _unless_later(m, ctx):
    """ "Unless you reach level 4, if you play an enchantment card each player may draw a
    card at the start of your play phase.": a city's, heard until its devotion reaches the
    Level, happening at the start of its player's next Play phase (ruling 71)."""
    if ctx["kind"] != "city":
        return None
    got = _cast(m["kind"], m["rest"], ctx)
    if not got:
        return None
    return [{**got[0], "condition": f"below:{amount(m['n'])}", "delay": "play"}]


@sentence(r"(?P<rest>[^.]+?)" + CAST_AFTER + r"\.")
def _you_play_after(m, ctx):
    """ "<effects> every time you play a Gaian card." """
    return _cast(m["kind"], m["rest"], ctx)


@sentence(
    DRAWS + r" (?P<rest>[^.]+)\.(?P<then> That city (?:gets|takes) (?P<n>" + AMOUNT + r") "
    r"damage\.)?"
)
def _someone_draws(m, ctx):
    """ "Each time an opponent draws a card, deal 2 damage to one of that opponent's
    cities.", "When an opponent discards a card, he/she chooses one of his/her cities. That
    city gets 1 damage.": heard for each card drawn or discarded ("that opponent", "he/she":
    whose card it is)."""
    rest = m["rest"]
    if m["then"]:  # the player chooses the city: damage to that player (ruling 46)
        if not _CHOOSES_CITY.fullmatch(rest):
            return None
        rest = f"deal {m['n']} damage to one of that player's cities"
    when = "drawn" if m["verb"].lower().startswith("draw") else "discarded"
    return _cast("", rest, ctx, whose=_DRAWER[m["drawer"].lower()], when=when)


_CHOOSES_CITY = re.compile(
    r"(?:he/she|he or she|they|that player) chooses? one of (?:his/her|his or her|their) "
    r"cities",
    re.IGNORECASE,
)


_DRAWER = {"an opponent": "opponent", "a player": "any", "you": "you"}


@sentence(CAST_BY + r" (?P<rest>[^.]+)\.")
def _anyone_plays(m, ctx):
    """ "Each time a Red Banner event or magic card is played, <effects>.", "Whenever an
    opponent plays a creature card, <effects>." """
    return _cast(m["kind"] or m["pkind"], m["rest"], ctx, "opponent" if m["by"] else "any")


def _cast(
    kind_words: str, rest: str, ctx: dict[str, Any], whose: str = "you", when: str = "cast"
) -> list[dict[str, Any]] | None:
    """A card played, heard by a creature or an Enchantment in play, or by a city while one
    of its Levels holds; "you may ...": its player chooses, "each player may ...": each
    player chooses for themselves."""
    kind = card_kind(kind_words) if kind_words else ""  # "": any card (one drawn)
    choice = re.match(r"(?:(?P<each>each player)|you) may ", rest, re.IGNORECASE)
    if choice:
        rest = rest[choice.end() :]
    got = read_effects(rest, ctx)
    city = ctx["kind"] == "city" and ctx["level"] is not None
    if kind is None or got is None or not (city or ctx["kind"] in ("creature", "enchantment")):
        return None
    out = dict(when=when, whose=whose, subtype=kind, effects=got.effects, **_aim(got))
    if choice:
        if got.target or any(e.to != "self" for e in got.effects):
            return None  # "each player may" / "you may": something of their own
        out.update(may=True, each=bool(choice["each"]))
    return [out]


@sentence(MARK + r" ?(?P<rest>(?!sacrifice)[^.]+)\.")
def _mark_ability(m, ctx):
    rest = m["rest"]
    kolibri = re.fullmatch(
        r"produce (\d+) ([a-z ]+?) resources? or produce (\d+) \2 "
        r"resources if you control an? (\w+)",
        rest,
        re.IGNORECASE,
    )
    if kolibri:
        f = faction(kolibri[2])
        if f is None:
            return None
        base, more = int(kolibri[1]), int(kolibri[3]) - int(kolibri[1])
        return [
            dict(
                when="mark",
                effects=[
                    Effect(do="produce", amount=base, faction=f, to="self"),
                    Effect(
                        do="produce",
                        amount=more,
                        faction=f,
                        to="self",
                        only_if=f"control:{creature_type(kolibri[4])}",
                    ),
                ],
            )
        ]
    cost: dict[str, Any] = {}
    head, colon, tail = rest.partition(":")
    if colon:  # "M, Remove a fire counter: deal one damage to ..."
        paid = read_cost(head)
        if paid is None:
            return None
        cost, rest = paid, tail.strip()
    got = read_effects(rest, ctx)
    if got is not None:
        return [dict(when="mark", effects=got.effects, **_aim(got), **cost)]
    pair = _alternatives(rest)  # "M, do this or do that": two abilities, one to choose
    if pair is None:
        return None
    out = []
    for phrase in pair:
        got = read_effects(phrase, ctx)
        out.append(dict(when="mark", effects=got.effects, **_aim(got), **cost))
    return out


@sentence(r"(?!M\b|Mark\b|Level\b|Choose\b)(?P<cost>[^.:]+): (?P<rest>[^.]+)\.")
def _activated(m, ctx):
    """ "<cost>: <effects>." — a creature's activated ability paid without marking it
    ("Discard an enchantment card from your hand: I get +1/+1 until end of turn.", "2:
    draw a card.")."""
    cost = read_cost(m["cost"])
    got = read_effects(m["rest"], ctx)
    if cost is None or got is None or ctx["kind"] != "creature":
        return None
    return [dict(when="use", effects=got.effects, **_aim(got), **cost)]


@sentence(
    r"(?:(?:When|If|While) I have (?P<n>" + AMOUNT + r") or more (?P<name>[a-z]+) counters"
    r"(?: on me)?,? )?you may sacrifice me to (?P<rest>[^.]+)\."
)
def _sacrifice_me(m, ctx):
    """ "[When I have three or more fire counters] you may sacrifice me to <effects>.": an
    ability of a card in play, used in its controller's Play phases by sacrificing it
    (ruling 54), once it has enough counters of that name if it says so."""
    got = read_effects(m["rest"], ctx)
    if got is None or ctx["kind"] not in ("creature", "enchantment"):
        return None
    ready = {"condition": f"counters:{m['name']}:{amount(m['n'])}"} if m["n"] else {}
    return [dict(when="use", cost_self=True, effects=got.effects, **_aim(got), **ready)]


@sentence(r"You may (?P<rest>[^.]+?) during your play phases?\.")
def _in_your_play_phase(m, ctx):
    """ "You may draw a card during your play phase.": a creature's ability its controller
    may use once each turn, in a Play phase of theirs (ruling 49)."""
    got = read_effects(m["rest"], ctx)
    if got is None or ctx["kind"] != "creature":
        return None
    return [dict(when="use", once=True, effects=got.effects, **_aim(got))]


@sentence(r"Enchant (?P<what>target [^.]+)\.")
def _enchant(m, ctx):
    """ "Enchant target creature you control.": what an Enchantment is played on."""
    r = reach(m["what"])
    if r is None or r.to != "target" or r.count != 1 or ctx["kind"] != "enchantment":
        return None
    out: dict[str, Any] = {"when": "play", "target": r.target, "effects": []}
    if r.target_if:
        out["target_if"] = r.target_if
    return [out]


@sentence(
    r"When (?:the )?enchanted creature dies, return it to (?:your|its owner's) hand instead"
    r"(?: of (?:your|its owner's) graveyard)?(?P<bottom>,? and put me (?:on|at) the bottom of "
    r"your deck)?\."
)
def _rescue(m, ctx):
    """ "When the enchanted creature dies, return it to your hand instead of your graveyard
    [and put me on the bottom of your deck].": the creature, dying, goes to the hand, not
    the graveyard (a replacement, not a trigger: it never reaches the graveyard)."""
    if ctx["kind"] != "enchantment":
        return None
    effects = [Effect(do="bounce", to="target")]
    if m["bottom"]:
        effects.append(Effect(do="bounce", to="self", into="bottom"))
    return [dict(when="rescue", effects=effects)]


@sentence(r"I (?:come|enter) into play with (?P<what>[^.]+?) counters?\.")
def _comes_with(m, ctx):
    """ "I come into play with two fire counters.": a creature's counters, put on it as it
    comes into play."""
    got = read_effects(f"put {m['what']} counters on me", ctx)
    if got is None or ctx["kind"] not in ("creature", "enchantment"):
        return None
    return [dict(when="play", effects=got.effects)]


@sentence(
    MARK + r" Mark (?P<n>" + AMOUNT + r") (?P<type>\w+) you control, (?P<rest>[^.]+)\. The marked "
    r"\w+ and I do not unmark in your next (?P<turns>" + AMOUNT + r") unmark phases\."
)
def _trebuchet(m, ctx):
    got = read_effects(m["rest"], ctx)
    if got is None:
        return None
    return [
        dict(
            when="mark",
            cost_mark=amount(m["n"]),
            cost_subtype=creature_type(m["type"]),
            effects=[*got.effects, Effect(do="freeze", amount=amount(m["turns"]), to="paid")],
            **_aim(got),
        )
    ]


@sentence(
    MARK
    + r" ?Sacrifice (?P<n>"
    + AMOUNT
    + r") resource cards: prevent an? (?P<type>\w+(?: or \w+)?)"
    r" from dying\. Mark the saved card\."
)
def _save(m, ctx):
    return [
        dict(
            when="save",
            target="dying",
            subtype=creature_type(m["type"]),
            cost_resources=amount(m["n"]),
            effects=[Effect(do="save")],
        )
    ]


@sentence(r"Choose one: (?P<rest>[^.]+)\.")
def _modes(m, ctx):
    return _choice(re.split(r",? or ", m["rest"]), ctx)


@sentence(r"(?P<rest>[^.]+? or [^.]+)\.")
def _either(m, ctx):
    """ "Deal 3 damage to target creature or deal 2 damage to target city": a choice of
    two phrases the grammar reads (a Magic's or an Event's)."""
    if ctx["kind"] not in ("magic", "event"):
        return None
    pair = _alternatives(m["rest"])
    return pair and _choice(pair, ctx)


def _alternatives(text: str) -> list[str] | None:
    """The two phrases of "<phrase> or <phrase>", each one the grammar reads ("mark target
    creature with flying or deal 1 damage to target creature without flying"), or None.
    An "or" inside a phrase ("target creature or city") is not where it splits."""
    for m in re.finditer(r" or ", text):
        left, right = text[: m.start()], text[m.end() :]
        if read_phrase(left) is not None and read_phrase(right) is not None:
            return [left, right]
    return None


def _choice(phrases: list[str], ctx: dict[str, Any]) -> list[dict[str, Any]] | None:
    out = []
    for phrase in phrases:
        got = read_effects(phrase, ctx)
        if got is None:
            return None
        out.append(dict(when="play", effects=got.effects, _mode=True, **_aim(got)))
    return out


@sentence(
    r"Sacrifice (?P<n>" + AMOUNT + r") (?P<kind>[A-Za-z ]+?)(?: or (?P<n2>" + AMOUNT + r") "
    r"(?P<kind2>[A-Za-z ]+?))? to (?P<rest>[^.]+)\."
)
def _sacrifice_to(m, ctx):
    """ "Sacrifice two Addax creatures [or three Red Banner creatures] to <effects>.": a
    Magic's or an Event's cost in creatures its player controls, chosen as it is played;
    with two, a choice of which to pay (two ways to play it)."""
    got = read_effects(m["rest"], ctx)
    if got is None or ctx["kind"] not in ("magic", "event"):
        return None
    out = []
    for n, words in ((m["n"], m["kind"]), (m["n2"], m["kind2"])):
        if n is None:
            continue
        kinds = creature_kinds(words)
        if kinds is None:
            return None
        cost = f"{amount(n)}:{kinds or 'creature'}"
        out.append(dict(when="play", cost_sacrifice=cost, effects=got.effects, **_aim(got)))
    if len(out) > 1:
        for a in out:
            a["_mode"] = True
    return out


@sentence(r"Target creature is (?P<kw>[a-z]+) and can ?not attack this turn\.")
def _pacify(m, ctx):
    """ "Target creature is peaceful and can not attack this turn": the keyword, and a "can
    not attack" of its own, which nothing that lets it attack (Nature's Outrage) lifts."""
    k = keyword(m["kw"])
    return k and [
        dict(
            when="play",
            target="creature",
            effects=[Effect(do="grant", keyword=k), Effect(do="forbid", keyword="attack")],
        )
    ]


@sentence(MARK + r" Sacrifice me to produce (?P<n>" + AMOUNT + r") (?P<f>[a-z ]+?) resources?\.")
def _sacrifice_to_produce(m, ctx):
    f = faction(m["f"])
    return f and [
        dict(
            when="mark",
            cost_self=True,
            effects=[Effect(do="produce", amount=amount(m["n"]), faction=f, to="self")],
        )
    ]


@sentence(
    r"All (?P<who>my residents|residents in your cities|creatures in your army) have "
    r"(?P<kw>[a-z ]+)\."
)
def _group_keyword(m, ctx):
    k = keyword(m["kw"])
    who = {
        "my residents": "residents",
        "residents in your cities": "your_residents",
        "creatures in your army": "your_army",
    }[m["who"].lower()]
    return k and [dict(when="static", effects=[Effect(do="grant", to=who, keyword=k)])]


@sentence(r"Your (?P<type>\w+) cost (?P<n>" + AMOUNT + r") less to play\.")
def _discount(m, ctx):
    return [
        dict(
            when="static",
            effects=[
                Effect(
                    do="discount",
                    amount=amount(m["n"]),
                    subtype=creature_type(m["type"]),
                    to="your_cards",
                )
            ],
        )
    ]


@sentence(r"Put an? (?P<type>\w+) from your hand into your army\.")
def _put_from_hand(m, ctx):
    return [
        dict(
            when="play",
            target="hand_card",
            subtype=creature_type(m["type"]),
            effects=[Effect(do="put", into="army")],
        )
    ]


@sentence(
    r"Move all unmarked (?P<type>\w+) from your cities into your army\. The \w+ are not "
    r"marked for moving\."
)
def _muster(m, ctx):
    return [
        dict(
            when="play", effects=[Effect(do="muster", subtype=creature_type(m["type"]), to="self")]
        )
    ]


@sentence(
    r"All (?P<type>\w+) you control get \+(?P<a>\d+)/\+(?P<d>\d+) and have "
    r"(?P<kw>[a-z ]+) until end of turn\."
)
def _group_pump(m, ctx):
    k = keyword(m["kw"])
    sub = creature_type(m["type"])
    return k and [
        dict(
            when="play",
            effects=[
                Effect(
                    do="boost",
                    to="your_creatures",
                    subtype=sub,
                    attack=int(m["a"]),
                    defense=int(m["d"]),
                ),
                Effect(do="grant", to="your_creatures", subtype=sub, keyword=k),
            ],
        )
    ]


@sentence(
    r"Whenever I deal damage to a city, you may put an? (?P<type>\w+) from your hand "
    r"into a city you control\."
)
def _reinforce(m, ctx):
    return [
        dict(
            when="hit_city",
            target="hand_card",
            subtype=creature_type(m["type"]),
            may=True,
            effects=[Effect(do="put", into="city")],
        )
    ]


@sentence(r"Sacrifice a resource card for every creature you control\.")
def _tithe(m, ctx):
    return [dict(when="play", effects=[Effect(do="sacrifice", per="creatures", to="self")])]


@sentence(
    r"After your combat phase, unmark all creatures in your army and have a second "
    r"combat phase\."
)
def _second_combat(m, ctx):
    return [dict(when="play", effects=[Effect(do="extra_combat", to="self")])]


@sentence(
    r"When I come into play, you may search your deck and reveal any number of "
    r"(?P<type>\w+)\. Shuffle your deck and put the \w+ on top of your deck in any "
    r"order\."
)
def _stack_top(m, ctx):
    return [
        dict(
            when="play",
            target="deck_card",
            subtype=creature_type(m["type"]),
            may=True,
            repeat=True,
            effects=[Effect(do="put", into="top")],
        )
    ]


@sentence(
    r"When I come into play, you may pay 1 for each (?P<name>[\w ]+?) in play\. If you "
    r"do pay, then search your deck for an? [\w ]+? and put it into your army\. "
    r"Shuffle your deck\."
)
def _muster_kin(m, ctx):
    name = m["name"].strip()
    return [
        dict(
            when="play",
            target="deck_card",
            name=name,
            may=True,
            pay_per=name,
            effects=[Effect(do="put", into="army")],
        )
    ]


# Where a card searched out of the deck goes, as the texts say it (``Effect.into``).
_SEARCHED_INTO = {
    "in your hand": "hand",
    "into your hand": "hand",
    "in your army": "army",
    "into your army": "army",
    "in a city you control": "city",
    "into a city you control": "city",
}


SEARCH = (
    r"(?P<may>you may )?search your deck for an? (?P<kind>[A-Za-z ]+?) and put "
    r"(?:it|that card) (?P<into>"
    + "|".join(_SEARCHED_INTO)
    + r")\.(?: Shuffle your deck(?: afterwards)?\.)?"
)


def _searched(m: re.Match[str]) -> dict[str, Any] | None:
    """The fields of an ability that searches the deck (``SEARCH``): the card is picked
    from the deck (ruling 41: whatever the deck holds), and the deck shuffled."""
    kind = card_kind(m["kind"].removesuffix(" card"))
    if kind is None:
        return None
    return dict(
        target="deck_card",
        subtype=kind,
        may=bool(m["may"]),
        effects=[Effect(do="put", into=_SEARCHED_INTO[m["into"].lower()])],
    )


@sentence(r"(?:" + TRIGGER + r" )?" + SEARCH)
def _search(m, ctx):
    """ "[When I come into play, ][you may ]search your deck for a <kind> and put it into
    your hand / army / a city you control. [Shuffle your deck.]" """
    if m["trigger"] and trigger(m["trigger"]) != "play":
        return None
    if not m["trigger"] and ctx["kind"] not in ("magic", "event"):
        return None
    got = _searched(m)
    return got and [dict(when="play", **got)]


@sentence(r"If you play an? (?P<ckind>[A-Za-z ]+?) card and (?P<cost>[^:.]+): " + SEARCH)
def _cast_paid(m, ctx):
    """ "If you play an enchantment card and put a -1/-1 counter and a loyalty marker on
    me: search your deck for ...": each time its player plays such a card, they may pay
    the cost for the search (ruling 60)."""
    kind = card_kind(m["ckind"])
    cost = read_cost(m["cost"])
    got = _searched(m)
    if (
        kind is None
        or cost is None
        or got is None
        or ctx["kind"] not in ("creature", "enchantment")
    ):
        return None
    if got["subtype"] != kind:
        return None  # one ``subtype`` says both what is played and what is searched for
    return [dict(when="cast", whose="you", **{**got, "may": True}, **cost)]


@sentence(
    r"When I come into play, reveal the top (?P<n>\w+) cards of your deck\. Put each "
    r"revealed (?P<type>\w+) in your hand and put any other card on the bottom of your "
    r"deck\."
)
def _reveal(m, ctx):
    return [
        dict(
            when="play",
            effects=[
                Effect(
                    do="reveal", amount=amount(m["n"]), subtype=creature_type(m["type"]), to="self"
                )
            ],
        )
    ]


@sentence(r"If I have attacked this turn, put me in the graveyard during your discard phase\.")
def _mercenary(m, ctx):
    return [dict(when="discard", condition="attacked", effects=[Effect(do="destroy", to="self")])]


@sentence(r"I get \+(?P<a>\d+)/\+(?P<d>\d+) when blocking creatures without (?P<kw>[a-z ]+)\.")
def _when_blocking(m, ctx):
    k = keyword(m["kw"])
    return k and [
        dict(
            when="block",
            condition=f"vs_lacks:{k}",
            effects=[Effect(do="boost", to="self", attack=int(m["a"]), defense=int(m["d"]))],
        )
    ]


@sentence(
    r"Creatures you play this turn have blood vengeance \(they come into play with x "
    r"\+1/\+0 counters, where x is equal to the damage dealt the previous turn by "
    r"target opposing creature\)\."
)
def _vengeance(m, ctx):
    return [dict(when="play", target="enemy_creature", effects=[Effect(do="vengeance")])]


@sentence(
    r"Target city gains (?P<n>"
    + AMOUNT
    + r") defense points and can only sustain (?P<cap>\d+) damage "
    r"each turn\. Destroy all other cities you control\."
)
def _throne(m, ctx):
    return [
        dict(
            when="play",
            target="own_city",
            effects=[
                Effect(do="fortify", amount=amount(m["n"])),
                Effect(do="raze", to="other_cities"),
            ],
        ),
        dict(when="static", effects=[Effect(do="cap", amount=int(m["cap"]))]),
    ]


@sentence(r"All unmarked (?P<type>\w+) in your army must attack during your combat phase\.")
def _compel(m, ctx):
    return [
        dict(
            when="static",
            effects=[Effect(do="compel", to="your_army", subtype=creature_type(m["type"]))],
        )
    ]


@sentence(
    r"Battle Scream (?P<n>" + AMOUNT + r") - When I attack, all other attacking creatures get "
    r"\+(?P=n)/\+0\."
)
def _battle_scream(m, ctx):
    return [
        dict(
            when="attack", effects=[Effect(do="boost", to="other_attackers", attack=amount(m["n"]))]
        )
    ]


@sentence(
    r"Residents of target city you control can help defend another city you control "
    r"until end of turn\."
)
def _aid(m, ctx):
    return [dict(when="play", target="own_city", effects=[Effect(do="aid")])]


@sentence(
    r"Each (?P<type>\w+ or \w+) creature gets \+(?P<a>\d+)/\+(?P<d>\d+) until end of "
    r"turn\."
)
def _each_type_pump(m, ctx):
    return [
        dict(
            when="play",
            effects=[
                Effect(
                    do="boost",
                    to="all_creatures",
                    subtype=creature_type(m["type"]),
                    attack=int(m["a"]),
                    defense=int(m["d"]),
                )
            ],
        )
    ]


@sentence(r"Each (?P<f>\w+) city gains (?P<n>" + AMOUNT + r") defense points\.")
def _each_city_fortify(m, ctx):
    f = faction(m["f"])
    return f and [
        dict(
            when="play",
            effects=[Effect(do="fortify", to="all_cities", faction=f, amount=amount(m["n"]))],
        )
    ]


@sentence(r"Creatures defending against me get -(?P<a>\d+)/-(?P<d>\d+) until end of turn\.")
def _ambush(m, ctx):
    return [
        dict(
            when="blocked",
            effects=[Effect(do="boost", to="blockers", attack=-int(m["a"]), defense=-int(m["d"]))],
        )
    ]


@sentence(r"(?P<type>\w+) in your hand, deck and graveyard have (?P<kw>[a-z ]+)\.")
def _falconry(m, ctx):
    k = keyword(m["kw"])
    return k and [
        dict(
            when="static",
            effects=[
                Effect(do="grant", to="your_cards", subtype=creature_type(m["type"]), keyword=k)
            ],
        )
    ]


@sentence(
    r"Put a (?P<a>\d+)/(?P<d>\d+) (?P<name>\w+) token into play as my resident\. It has "
    r"\"M, Sacrifice to produce (?P<n>\d+) (?P<f>[a-z ]+?) resources?\" and counts as an? "
    r"(?P<type>\w+)\."
)
def _crop(m, ctx):
    f = faction(m["f"])
    if f is None:
        return None
    name = m["name"].capitalize()
    token = ArcCard(
        name=name,
        type="creature",
        faction=ctx["faction"],
        token=True,
        attack=int(m["a"]),
        defense=int(m["d"]),
        subtypes=(creature_type(m["type"]),),
        text=f"M, Sacrifice to produce {m['n']} {m['f']} resource.",
        abilities=(
            Ability(
                when="mark",
                cost_self=True,
                effects=(Effect(do="produce", amount=amount(m["n"]), faction=f, to="self"),),
            ),
        ),
    )
    ctx["tokens"].append(token)
    return [dict(when="play", effects=[Effect(do="token", card=name, amount=1, to="home")])]


@sentence(
    r"Put x (?P<c>\w+) counters on target creature and mark it\. Each time the creature is "
    r"marked, add 1 \w+ counter\. Target creature does not unmark unless its controller "
    r"pays 1 for each \w+ counter\."
)
def _grassroots(m, ctx):
    c = m["c"].lower()
    return [
        dict(
            when="play",
            target="creature",
            effects=[Effect(do="counter", keyword=c, per="x"), Effect(do="mark")],
        ),
        dict(when="static", effects=[Effect(do="root", keyword=c)]),
    ]


@sentence(
    r"All (?P<type>\w+ and \w+) with peaceful can attack this turn as though they didn't "
    r"have peaceful\."
)
def _outrage(m, ctx):
    return [
        dict(
            when="play",
            effects=[
                Effect(
                    do="lose",
                    to="all_creatures",
                    keyword="peaceful",
                    subtype=creature_type(m["type"]),
                )
            ],
        )
    ]


@sentence(
    r"Each time I damage a creature it gets an additional\s+\"I do not unmark unless my "
    r"controller puts a -1/-1 counter on me\.\""
)
def _ivy(m, ctx):
    return [dict(when="hurt", effects=[Effect(do="ivy")])]


@sentence(r"For each other (?P<f>\w+) card in the same city or army, I get \+0/\+1\.")
def _sapling(m, ctx):
    f = faction(m["f"])
    return f and [
        dict(
            when="static",
            effects=[Effect(do="boost", to="self", defense=1, per="gaian_here", faction=f)],
        )
    ]


@sentence(
    r"If my defense reaches (?P<n>\d+) I have (?P<kw>[a-z]+) and can block creatures with "
    r"flying\."
)
def _tall_tree(m, ctx):
    k = keyword(m["kw"])
    return k and [
        dict(
            when="static",
            effects=[Effect(do="grant", to="self", keyword=k, only_if=f"defense:{m['n']}")],
        )
    ]


@sentence(
    r"You may put a creature from your graveyard in your army\. Remove it from the game "
    r"at the start of your next turn\."
)
def _raise_dead(m, ctx):
    return [
        dict(
            when="play",
            target="grave_card",
            subtype="creature",
            may=True,
            effects=[Effect(do="put", into="army", fleeting=True)],
        )
    ]


@sentence(r"You may put a creature from your graveyard in play as one of my residents\.")
def _raise_resident(m, ctx):
    return [
        dict(
            when="play",
            target="grave_card",
            subtype="creature",
            may=True,
            effects=[Effect(do="put", into="home")],
        )
    ]


# Passives that reach players, not cards ("self": the card's player).
_OF_PLAYERS = frozenset(
    {"draw_limit", "hurt_attackers", "extra_counter", "double_damage", "sand_copy", "as_creature"}
)


@sentence(r"(?P<rest>[^.]+)\.")
def _passive(m, ctx):
    """A passive while the card is in play, read by the grammar: a group's ("Orcs you
    control get +1/+1.", "Your Soldiers have veteran."), a creature's own ("I get +1/+1
    for each other Imp in play."), or what an Enchantment gives the creature it is on
    ("Enchanted creature gets +1/+1 for each enchantment attached to it.": it is played
    on a creature)."""
    effects = read_static(m["rest"], enchantment=ctx["kind"] == "enchantment")
    if not effects:
        return None
    reach = {e.to for e in effects if e.do not in _OF_PLAYERS}
    if "self" in reach and ctx["kind"] != "creature":
        return None
    if "target" in reach:
        if ctx["kind"] != "enchantment":
            return None
        return [
            dict(when="play", target="creature", effects=[]),
            dict(when="static", effects=effects),
        ]
    return [dict(when="static", effects=effects)]


@sentence(
    r"(?:That|The|Each|This) player (?:can|may) prevent each (?:inflicted |point of )?damage "
    r"by sacrificing a resource card\."
)
def _preventable(m, ctx):
    """ "That player can prevent each inflicted damage by sacrificing a resource card.": the
    damage the sentence before deals to players may be prevented, a point for each resource
    card its player sacrifices (ruling 57)."""
    return [dict(when=AMEND, or_sacrifice=True)]


@sentence(
    r"That creature (?:doesn't|does not) unmark during its controller's next (?:(?P<n>"
    + AMOUNT
    + r") )?unmark phases?\."
)
def _that_creature_stays(m, ctx):
    """ "That creature doesn't unmark during its controller's next unmark phase.": the
    creature the sentence before targets skips its next unmark phases too."""
    n = amount(m["n"]) if m["n"] else 1
    return [dict(when=AMEND, append=[Effect(do="freeze", amount=n)])]


@sentence(r"Use this ability only (?:when|while|if) I am in your army(?: as well)?\.")
def _only_in_army(m, ctx):
    """ "Use this ability only when I am in your army as well.": the activated ability
    before it is used only while the creature is in its player's army."""
    return [dict(when=AMEND, condition="in_army")]


@sentence(
    r"(?:Blood Vengeance - )?I come into play with x (?P<a>[+-]\d+)/(?P<d>[+-]\d+) counters, "
    r"where x is (?:equal to )?the damage dealt (?:in )?the previous turn by (?P<who>target "
    r"[a-z ]+)\."
)
def _avenging(m, ctx):
    """ "I come into play with x +1/+0 counters, where x is equal to the damage dealt the
    previous turn by target opposing creature.": counters for each damage the target
    dealt in the turn before this one."""
    r = reach(m["who"])
    a, d = int(m["a"]), int(m["d"])
    if r is None or r.target not in ("creature", "enemy_creature", "own_creature") or not (a or d):
        return None
    if ctx["kind"] != "creature":
        return None
    made = Effect(do="boost", to="self", attack=a, defense=d, lasting=True, per="dealt")
    return [dict(when="play", target=r.target, effects=[made])]


@sentence(r"For each prevented damage,? put an? (?P<name>[a-z]+) counter on me\.")
def _per_prevented(m, ctx):
    """ "For each prevented damage put a fire counter on me.": the damage the sentence
    before prevents grows counters on the card (ruling 59)."""
    return [dict(when=AMEND, per_prevented=m["name"].lower())]


@sentence(r"(?P<rest>[^.]+)\.")
def _plain(m, ctx):
    """A sentence that is one recurring effect ("Draw a card.", "Deal 2 damage to target
    creature."): what a Magic or Event card does, or a city's Level effect."""
    if ctx["kind"] not in ("magic", "event", "enchantment", "city"):
        return None
    got = read_effects(m["rest"], ctx)
    if got is None:
        return None
    return [dict(when="play", effects=got.effects, **_aim(got))]


# -- the text as a whole ---------------------------------------------------------------------

_LEVEL = re.compile(r"Level (\d+):\s*", re.IGNORECASE)
_REMINDER = re.compile(r"\([^()]*\)\s*")
_SENTENCE = re.compile(r"[^.]*(?:\.\"?|$)\s*")


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
        for pattern, build in _SENTENCES:
            m = pattern.match(text, pos)
            if m and m.end() > pos:
                got = build(m, ctx)
                if got:
                    for a in got:  # an amendment that amends nothing is left unread alone
                        if a["when"] == AMEND:
                            a["_words"] = m[0].strip()
                    found.extend(got)
                    if ctx.get("trace") is not None:
                        ctx["trace"].append(
                            Reading(m[0].strip(), build.__name__.strip("_"), got, ctx["level"])
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
            left.append(text[pos:end].strip())
            if ctx.get("trace") is not None:
                ctx["trace"].append(Reading(text[pos:end].strip(), "", [], ctx["level"]))
            pos = end
    return found, left


# A sentence that changes how the one before it works ("That player can prevent each
# inflicted damage by sacrificing a resource card."), not an ability of its own.
AMEND = "_amend"


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
    if "condition" in a:  # "use this ability only when ...": an activated ability's
        if prev["when"] not in ("mark", "use") or prev.get("condition"):
            return None
        return {**prev, "condition": a["condition"]}
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


@dataclass(frozen=True)
class Reading:
    """How one sentence of a card was read: by which reader (``""``: by none) into which
    abilities (as the reader gave them, before consecutive sentences are merged), under
    which of a city's Levels (None: none), and whether the card keeps that reading (``kept``:
    a reading the whole text cannot use, such as a city's text outside its Levels, leaves
    the sentence to be played by hand)."""

    words: str
    reader: str
    abilities: list[dict[str, Any]]
    level: int | None = None
    kept: bool = False


def explain(text: str, kind: str, name: str = "", faction: str = "none") -> list[Reading]:
    """How a card's text is read, sentence by sentence (``tabletop explain``)."""
    trace: list[Reading] = []
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
