"""Sentences of effects and passives: the passive read by the grammar
(``passives.read_static``), the plain phrase read last (a Magic's, an Event's, a Level's,
"you may ..." or not), searches ("Search your deck for ..."), the sentences that amend the
one before ("X is the number of ...", "That creature ...", "Remove it from the game at the
start of your next turn."), and the sentences of one card's own mechanic (a reveal, a
muster, Blood Vengeance, Poison Ivy's ability given on damage, a throne's cap on damage),
whose effect no other card's words share: the third and last of the reader's sentence
tables.
"""

from __future__ import annotations

import re
from typing import Any

from ..abilities import Ability, Effect
from ..cards import ArcCard
from .amounts import AMOUNT, amount, count_of
from .costs import read_cost
from .effects import read_phrase
from .keywords import card_kind, creature_type, faction, keyword
from .passives import read_static
from .reaches import reach
from .sentences import AMEND, Table, _aim, offered, read_effects, table
from .triggers import TRIGGER, trigger

SENTENCES: Table = []
sentence = table(SENTENCES)


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
    r"(?P<may>you may )?search your (?P<zone>deck|graveyard) for an? (?P<kind>[A-Za-z ]+?) "
    r"and (?:put|return) (?:it|that card) (?P<into>"
    + "|".join(_SEARCHED_INTO)
    + r")\.(?P<shuffle> Shuffle your deck(?: afterwards)?\.)?"
)


def _searched(m: re.Match[str]) -> dict[str, Any] | None:
    """The fields of an ability that searches the deck or the graveyard (``SEARCH``): the
    card is picked from the deck (ruling 41: whatever the deck holds), and the deck
    shuffled; or from the graveyard, which everyone sees."""
    kind = card_kind(m["kind"].removesuffix(" card"))
    grave = m["zone"].lower() == "graveyard"
    if kind is None or (grave and m["shuffle"]):
        return None
    return dict(
        target="grave_card" if grave else "deck_card",
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


@sentence(
    r"Residents of target city you control can help defend another city you control "
    r"until end of turn\."
)
def _aid(m, ctx):
    return [dict(when="play", target="own_city", effects=[Effect(do="aid")])]


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
    r"Each time I damage a creature it gets an additional\s+\"I do not unmark unless my "
    r"controller puts a -1/-1 counter on me\.\""
)
def _ivy(m, ctx):
    return [dict(when="hurt", effects=[Effect(do="ivy")])]


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
        # an Enchantment on a city says so ("All movement to or from target city ...")
        on = "city" if re.search(r"\b(?:enchanted|target) city\b", m["rest"], re.I) else "creature"
        return [
            dict(when="play", target=on, effects=[]),
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
    r"You may pay (?:an additional|an extra|x more|x additional|x extra) (?:x )?resources? to "
    r"(?P<verb>[a-z]+(?: [a-z]+)?) x (?:additional|more|other|extra) (?P<what>[a-z ]+?)\."
)
def _more_for_x(m, ctx):
    """ "You may pay an additional x resources to mark x additional creatures.": the card
    played before it may be paid X more, for X more targets of its kind, each reached as
    the first is (ruling 103)."""
    got = read_phrase(f"{m['verb']} target {m['what'].removesuffix('s')}")
    if got is None or not got.target or ctx["kind"] not in ("magic", "event"):
        return None
    return [dict(when=AMEND, more_per_x=(got.target, [e.do for e in got.effects]))]


@sentence(r"That creature (?P<rest>[^.]+)\.")
def _that_creature(m, ctx):
    """ "That creature gains the type Undead.", "That creature gets -1/-1 until end of
    turn.": more done to the creature the sentence before targets, read as the grammar
    reads the same words said of "target creature"."""
    got = read_phrase(m[0].rstrip(". "))  # "that creature" reaches what it is about
    if got is None or got.target or any(e.to != "about" for e in got.effects):
        return None
    return [dict(when=AMEND, append=[e.model_copy(update={"to": "target"}) for e in got.effects])]


@sentence(r"Use this ability only (?:when|while|if) I am in your army(?: as well)?\.")
def _only_in_army(m, ctx):
    """ "Use this ability only when I am in your army as well.": the activated ability
    before it is used only while the creature is in its player's army."""
    return [dict(when=AMEND, condition="in_army")]


@sentence(
    r"I come into play with x (?P<a>[+-]\d+)/(?P<d>[+-]\d+) counters, "
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


@sentence(
    r"Remove (?:it|that card|that creature) from the game at the (?:start|beginning) of your "
    r"next turn\."
)
def _fleeting(m, ctx):
    """ "Remove it from the game at the start of your next turn.": the card the sentence
    before puts into play leaves the game as its player's next turn starts."""
    return [dict(when=AMEND, fleeting=True)]


@sentence(r"(?:The (?:[A-Za-z]+ )?creatures|The [A-Za-z]+|They) are not marked for moving\.")
def _mustered_unmarked(m, ctx):
    """ "The Soldiers are not marked for moving.": the creatures the sentence before moves
    into the army come unmarked."""
    return [dict(when=AMEND, unmarked=True)]


@sentence(r"(?:Where )?X is (?:equal to )?the number of (?P<each>[^.]+)\.")
def _x_is_counted(m, ctx):
    """ "X is the number of creatures you control.": the X of the ability before it is a
    count (``amounts.count_of``), worked out as it resolves."""
    spec = count_of(m["each"])
    return spec and [dict(when=AMEND, count=spec)]


@sentence(r"(?P<rest>[^.]+)\.")
def _plain(m, ctx):
    """A sentence that is one recurring effect ("Draw a card.", "Deal 2 damage to target
    creature."): what a Magic or Event card does, or a city's Level effect."""
    if ctx["kind"] not in ("magic", "event", "enchantment", "city"):
        return None
    rest, paid = offered(m["rest"])  # "You may put a creature from your graveyard ..."
    got = read_effects(rest, ctx)
    if got is None or any(e.to == "about" for e in got.effects):
        return None  # "that creature": no trigger says which
    if paid.get("cost_power") and got.target:
        return None
    return [dict(when="play", effects=got.effects, **_aim(got), **paid)]
