"""What holds while a card is in play, and what it forbids: passives ("Orcs you control get
+1/+1.", "Your Soldiers have veteran.", "... are indestructible") and restrictions ("...
can't attack or move", "... cannot attack unless its controller pays 1", "only Flying
creatures can block ..."). :func:`read_static` reads such a sentence, ``None`` for words
it cannot read.
"""

from __future__ import annotations

import re

from ..abilities import MARKERS, Effect
from .amounts import AMOUNT, SIGNED, amount, count_of, signed
from .keywords import _NOT_TYPES, card_kind, keyword
from .parts import part
from .reaches import _KEYWORD_WORDS, PLAYERS, Reach, _for_cards, reach
from .restrictions import read_restriction

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
    rf"|(?P<cobj>.+?) costs? (?P<cn>{AMOUNT}) (?:resources? )?less(?: to play)?"
    r"|(?P<mobj>.+?) must attack(?: during (?:your|its controller's|their controller's) combat"
    r"(?: phases?)?| each turn(?: if able)?| if able)?"
)
# The groups of ``_STATIC`` that hold the subject of a passive (the ``tobj`` of a price on
# attacking is read apart, for its "without <keyword>").
_SUBJECTS = ("obj", "kobj", "nobj", "oobj", "sobj", "aobj", "eobj", "fobj", "bobj", "cobj", "mobj")
# A city's passive that holds until its devotion reaches a Level (``Effect.only_if`` "below:N").
_UNLESS_LEVEL = re.compile(
    rf"(?P<what>.+) unless (?:you|i|it|the city) reach(?:es)? level (?P<n>{AMOUNT})"
)
_EVEN = re.compile(r" \(even [^)]*\)$")
# "For each <things>, <passive>": the count said first
_FOR_EACH_FIRST = re.compile(r"for (?:each|every) (?P<each>[^,]+), (?P<rest>.+)")
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


@part("passive", lambda got: "/".join(e.do for e in got))
def read_static(sentence: str, enchantment: bool = False) -> list[Effect] | None:
    """What a passive sentence gives while the card is in play (:func:`_static`), or what
    it forbids or prevents (``restrictions``); None for anything else."""
    got = _static(sentence, enchantment)
    if got is None:
        said = read_restriction(sentence, static=True, enchantment=enchantment)
        got = said and said[1]
    return got


def _static(sentence: str, enchantment: bool = False) -> list[Effect] | None:
    """What a passive sentence gives while the card is in play: to a group ("Orcs you
    control get +1/+1.", "Your Soldiers have veteran.", "All Elves in play gain flying."),
    to the card itself ("I get +1/+1 for each other Imp in play."), or to the creature an
    Enchantment is on ("Enchanted creature gets +1/+1 for each enchantment attached to
    it.": reaching ``target``; an Enchantment's text may say "target creature" for it);
    None for anything else."""
    text = " ".join(sentence.strip().rstrip(".").split()).lower()
    text = _EVEN.sub("", text)  # "(even when they have infiltrate)": a reminder
    lead = _FOR_EACH_FIRST.fullmatch(text)
    if lead:  # "for each other Gaian card in the same city or army, I get +0/+1"
        text = f"{lead['rest']} for each {lead['each']}"
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
    if m["mobj"]:  # "all unmarked Soldiers ... must attack": only the unmarked can
        obj = re.sub(r"\bunmarked ", "", obj)
    on = obj in ENCHANTED or (enchantment and obj == "target creature")
    r = Reach("target") if on else _for_cards(reach(obj))
    if r is None or r.to == "home" or (r.to == "target" and not on):
        return _both(text, enchantment)  # "X loses all its abilities and cannot move"
    if m["nobj"]:  # "... doesn't unmark during its controller's unmark phase"
        return [Effect(do="forbid", **_reached(r), keyword=k) for k in _FORBIDDEN[m["no"]]]
    if m["tobj"]:  # "... cannot attack unless their controller pays two resources for each"
        price = amount(m["tn"])
        lacks = keyword(lacking) or ""
        return [Effect(do="attack_tax", **_reached(r), amount=price, keyword=lacks)]
    if m["fobj"]:  # "... cannot attack Dark Legion cities, nor can it defend against ..."
        out = []
        for what, words in (("attack", m["fcity"]), ("block", m["fnor"] or m["fblock"])):
            if words:
                kinds = card_kind(f"{words} city" if what == "attack" else words)
                if kinds is None:
                    return None
                out.append(Effect(do="forbid", **_reached(r), keyword=what, against=kinds))
        return out
    if m["eobj"]:  # "opponents' creatures cannot become my residents": a city's gate
        return [Effect(do="forbid", **_reached(r), keyword="enter")]
    if m["aobj"]:  # "my residents may attack during combat": from their city
        return [Effect(do="grant", to=r.to, keyword="sortie")] if r.to == "residents" else None
    if m["mobj"]:  # "... must attack during your combat phase": if able (ruling 76)
        if r.to not in ("self", "your_creatures", "your_army", "residents", "your_residents"):
            return None
        return [Effect(do="compel", **_reached(r))]
    if m["cobj"]:  # "your Soldiers cost 1 less to play": the player's cards of that kind
        if r.to not in ("your_creatures", "your_cards") or r.having:
            return None
        made = Effect(do="discount", amount=amount(m["cn"]), subtype=r.subtype or "creature")
        return [made.model_copy(update={"to": "your_cards"})]
    if m["sobj"]:  # "... loses all its abilities"
        return [Effect(do="forbid", **_reached(r), keyword="abilities")]
    if m["oobj"]:  # "only Elf or Gaian creatures can defend against ..."
        kinds = card_kind(m["okind"])
        if kinds is None:
            return None
        return [Effect(do="forbid", **_reached(r), keyword="be_blocked", unless=kinds)]
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
                **_reached(r),
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
        out.append(Effect(do="grant", **_reached(r), keyword=k))
    return out


def _reached(r: Reach) -> dict[str, str]:
    """The fields of a passive effect that say whom it reaches."""
    return {"to": r.to, "subtype": r.subtype, "having": r.having}


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
