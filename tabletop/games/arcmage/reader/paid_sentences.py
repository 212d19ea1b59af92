"""Whole sentences of abilities paid for or chosen: marked ("M, ..."), activated ("Discard a
card: ..."), paid by sacrificing the card, enchanting, rescue, counters to come into play
with, choices ("Choose one: ...", "A or B"): the second of the reader's sentence tables.
"""

from __future__ import annotations

import re
from typing import Any

from ..abilities import Effect
from .amounts import AMOUNT, MARK, amount
from .costs import read_cost
from .keywords import creature_kinds, creature_type, faction
from .reaches import reach
from .sentences import Table, _aim, read_effects, read_options, table

SENTENCES: Table = []
sentence = table(SENTENCES)


@sentence(MARK + r" ?(?P<rest>(?!sacrifice me to\b)[^.]+)\.")
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
    options = read_options(rest, ctx)  # "M, do this or do that": an ability for each
    return options and [dict(when="mark", effects=g.effects, **_aim(g), **cost) for g in options]


@sentence(r"(?!M\b|Mark\b|Level\b|Choose\b)(?P<cost>[^.:]+): (?P<rest>[^.]+)\.")
def _activated(m, ctx):
    """ "<cost>: <effects>." — a creature's (or an Enchantment's) activated ability paid
    without marking it ("Discard an enchantment card from your hand: I get +1/+1 until end
    of turn.", "2: draw a card.", "Sacrifice a Goblin: ...", "Sacrifice me: ...")."""
    cost = read_cost(m["cost"])
    if cost is None or ctx["kind"] not in ("creature", "enchantment"):
        return None
    got = read_effects(m["rest"], ctx)
    options = [got] if got is not None else read_options(m["rest"], ctx)
    return options and [dict(when="use", effects=g.effects, **_aim(g), **cost) for g in options]


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


@sentence(r"(?P<rest>(?:Choose one|Either)\b[^.]+?(?: or |;)[^.]+)\.")
def _modes(m, ctx):
    """ "Choose one: A; or B.", "Either A, or B.": a choice of phrases the grammar reads
    (``choices.read_choice``), each a way to play a Magic or an Event (a creature's choice
    is between its activated abilities: "M, either A or B")."""
    return _plays(m["rest"], ctx) if ctx["kind"] in ("magic", "event") else None


@sentence(r"(?P<rest>[^.]+? or [^.]+)\.")
def _either(m, ctx):
    """ "Deal 3 damage to target creature or deal 2 damage to target city": a Magic's or an
    Event's choice of two phrases the grammar reads."""
    return _plays(m["rest"], ctx) if ctx["kind"] in ("magic", "event") else None


def _plays(text: str, ctx: dict[str, Any]) -> list[dict[str, Any]] | None:
    """A "play" ability for each phrase of a modal text, one to choose."""
    options = read_options(text, ctx)
    return options and [
        dict(when="play", effects=g.effects, _mode=True, **_aim(g)) for g in options
    ]


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
