"""Whole sentences of abilities a trigger sets off ("When I come into play, ...", "At the
start of your play phase, ...", "Whenever you play an Orc card, ...", "When an opponent
draws a card, ..."): the first of the reader's sentence tables.
"""

from __future__ import annotations

import re
from typing import Any

from ..abilities import Effect
from .amounts import AMOUNT, amount
from .effects import PER_SACRIFICED
from .keywords import card_kind, keyword
from .passives import read_static
from .sentences import AMEND, Table, _aim, offered, read_effects, table
from .triggers import (
    AT_PHASE,
    AT_TURN,
    CAST,
    CAST_AFTER,
    CAST_BY,
    CONDITION,
    DRAWS,
    ENTERS,
    GOES,
    GOES_WHOSE,
    PHASE_AFTER,
    TRIGGER,
    TRIGGER_AFTER,
    at_phase,
    at_turn,
    condition,
    goes,
    trigger,
    trigger_after,
    whose,
)

SENTENCES: Table = []
sentence = table(SENTENCES)


@sentence(TRIGGER + r" (?P<rest>[^.]+)\.")
def _own_trigger(m, ctx):
    """ "When I come into play / die / leave play, [you may pay N to] <effects>." """
    rest, paid = offered(m["rest"])  # "you may [pay N to] move target creature along"
    got = read_effects(rest, ctx)
    if got is None or (paid.get("cost_power") and got.target):
        return None
    when = trigger(m["trigger"])
    if any(e.do == "relocate" and e.into == "home" for e in got.effects) and when != "moved":
        return None  # "along": with the card as it moves
    if m["there"]:  # "When I attack a city where Little Brother is": a card of that name there
        if when != "attack" or "city" not in m["trigger"]:
            return None
        paid = {**paid, "condition": f"there:{m['there']}"}
    return [dict(when=when, effects=got.effects, **_aim(got), **paid)]


@sentence(r"(?:" + CONDITION + r")?(?P<rest>[^.]+?)" + TRIGGER_AFTER + r"\.")
def _own_trigger_after(m, ctx):
    """ "[If I have attacked this turn, ]<effects> when blocking [creatures without
    <keyword>] / during your discard phase.": a creature's own trigger said after what it
    does, with what must hold for it."""
    got = read_effects(m["rest"], ctx)
    if got is None or got.target or ctx["kind"] != "creature":
        return None
    when = trigger_after(m["after"])
    said = []
    if m["cond"]:
        said.append(condition(m["cond"]))
    if m["vs"]:  # "when blocking creatures without flying": the attacker lacks it
        k = keyword(m["vs"])
        if k is None or when != "block":
            return None
        said.append(f"vs_lacks:{k}")
    if len(said) > 1:
        return None  # one condition an ability holds
    return [dict(when=when, effects=got.effects, condition="".join(said))]


@sentence(r"(?P<rest>[^.]+)\.")
def _against_me(m, ctx):
    """ "I deal 2 damage to each creature defending against me.", "Creatures defending
    against me get -1/-1 until end of turn.": a creature's one-off effect on the creatures
    that block it, which are there only once it is blocked: heard then (ruling 45)."""
    if ctx["kind"] != "creature":
        return None
    got = read_effects(m["rest"], ctx)
    if got is None or got.target or any(e.to != "blockers" for e in got.effects):
        return None
    return [dict(when="blocked", effects=got.effects)]


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


@sentence(AT_TURN + r" (?P<rest>[^.]+)\.")
def _at_turn(m, ctx):
    """ "At the start of your turn, <effects>.", "At the end of each opponent's turn, ...": a
    creature's or an Enchantment's trigger as a turn starts (its Unmark phase starts) or
    ends (its Discard phase ends), of its controller's turn, each player's or each
    opponent's (ruling 93)."""
    got = read_effects(m["rest"], ctx)
    if got is None or got.target or ctx["kind"] not in ("creature", "enchantment"):
        return None
    return [dict(when="phase", effects=got.effects, **at_turn(m["edge"], m["whose"]))]


@sentence(GOES + r" (?P<rest>[^.]+)\.")
def _another_goes(m, ctx):
    """ "Whenever another creature you control dies, <effects>.", "Whenever an opposing
    creature dies, ...", "When a Goblin you control leaves play, ...": heard by a card in
    play of the other cards of the kinds named (ruling 92)."""
    kind = card_kind(m["kind"])
    got = read_effects(m["rest"], ctx)
    if kind is None or got is None:
        return None
    said = " ".join((m["whose"] or "").lower().split())
    heard = "opponent" if m["opposing"] else GOES_WHOSE.get(said, "opponent")
    if m["opposing"] and said:
        return None
    city = ctx["kind"] == "city" and ctx["level"] is not None
    if not (city or ctx["kind"] in ("creature", "enchantment")):
        return None
    return [dict(when=goes(m["verb"]), whose=heard, subtype=kind, effects=got.effects, **_aim(got))]


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
