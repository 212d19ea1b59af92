"""How a card's text was read, said back in plain words (``tabletop explain arcmage``), so
that a player or a contributor can check a reading against the printed card: each sentence,
the reader that took it (or none: played by hand), and what the rules will do."""

from __future__ import annotations

import textwrap
from typing import Any

from .abilities import (
    FORBIDS,
    PICKS,
    PLAYER_TARGETS,
    TARGETS,
    Effect,
    quality_words,
    target_words,
)
from .cards import ArcCard
from .reader import AMEND, parse
from .reader import explain as readings
from .vocabulary import FACTION_NAMES, kinds_words

WHEN = {
    "play": "when it comes into play (an Event or Magic: when it resolves)",
    "attack": "when it attacks",
    "mark": "by marking it",
    "static": "while it is in play",
    "level": "at Level",
    "devote": "when it is marked for devotion",
    "hit_city": "when it damages a city",
    "hurt": "when it damages a creature",
    "blocked": "when it is blocked",
    "block": "when it defends",
    "cast": "when a card is played",
    "save": "when a creature would die",
    "discard": "in the Discard phase",
    "die": "when it dies",
    "leave": "when it leaves play",
    "enters": "whenever another card comes into play",
    "marked": "when it (an Enchantment: the creature it is on) is marked",
    "rescue": "when the creature it is on dies, instead of the graveyard",
    "enter_city": "when it comes into a city (moved or played there)",
    "moved": "when it is moved",
    "other_dies": "whenever another card dies",
    "other_leaves": "whenever another card leaves play",
}
PLAYERS = {
    "each_player": "each player",
    "each_opponent": "each opponent",
    "about_owner": "the owner of the card it is about",
}
WHOSE = {"you": " under your control", "opponent": " under an opponent's control", "any": ""}
WHO = {
    "target": "the target",
    "self": "this card",
    "home": "its city",
    "your_creatures": "creatures you control",
    "your_army": "creatures in your army",
    "all_armies": "creatures in every army",
    "enemy_creatures": "opposing creatures",
    "all_creatures": "all creatures",
    "residents": "its city's residents",
    "your_residents": "residents of your cities",
    "your_cities": "cities you control",
    "all_cities": "all cities",
    "other_cities": "your other cities",
    "attackers": "the attackers",
    "blockers": "the creatures defending against it",
    "paid": "the cards marked to pay",
    "your_cards": "your cards",
    "each_player": "each player",
    "each_opponent": "each opponent",
    "about_owner": "the owner of the card it is about",
    "neighbours": "the other creatures in the same city or army",
    "all_enchantments": "all enchantments",
}


COUNTED = {
    "in_play": "{} in play",
    "other_in_play": "other {} in play",
    "yours": "{} you control",
    "other_yours": "other {} you control",
    "attached": "{} attached to it",
    "theirs": "{} your opponents control",
    "other_theirs": "other {} your opponents control",
    "grave": "{} in your graveyard",
    "hand": "{} in your hand",
    "resources": "resource {} you control",
    "here": "{} in the same city or army",
    "other_here": "other {} in the same city or army",
}


def _counted(spec: str) -> str:
    """What a "for each" counts, in words ("other imp in play")."""
    scope, kinds = spec.split(":", 1)
    return COUNTED[scope].format(kinds.replace("_", " ").replace("|", " or ") or "card")


def _who(e: Effect, static: bool = False) -> str:
    who = "the creature it is on" if static and e.to == "target" else WHO.get(e.to, e.to)
    if e.having:  # "all creatures (but this card, with ATK 2 or less)"
        said = ["but this card" if p == "other" else quality_words(p) for p in e.having.split("&")]
        who += f" ({', '.join(said)})"
    # "Goblin or Orc", "with flying" (a forbid's kinds may name a keyword, ``Effect``)
    return f"{who} ({kinds_words(e.subtype)} only)" if e.subtype else who


def _kw(key: str) -> str:
    return key.replace("_", " ")


def _n(n: int | str, thing: str) -> str:
    return f"{n} {thing}{'s' * (n != 1)}"


# What a "cannot" forbids, said of several ("all creatures lose all their abilities").
PLURAL_FORBIDS = {
    "abilities": "lose all their abilities",
    "unmark": "do not unmark in their controller's Unmark phase",
    "movement": "are closed to all movement (into or out of them)",
}


def _player(e: Effect, target: str) -> str | None:
    """The player(s) an effect on players reaches, in words; None for the card's
    controller."""
    if e.to in PLAYERS:
        return PLAYERS[e.to]
    return "the target player" if e.to == "target" and target in PLAYER_TARGETS else None


def _whose(e: Effect, player: str | None) -> str:
    """Whose deck or graveyard an effect on players reaches, in words."""
    if e.to == "target":
        return "the target player's"
    return f"{player}'s" if player else "your"


def say_effect(e: Effect, static: bool = False, target: str = "none") -> str:
    """One effect in words ("deal 1 damage to opposing creatures"); ``static``: of a
    passive ability (whose "target" is the creature an Enchantment is on); ``target``:
    what the ability targets."""
    s = "s" if e.to in ("target", "self", "home") else ""  # "the target gets", "all get"
    player = _player(e, target)
    if e.per == "x" and e.do != "damage":  # "draw X cards": the amount said as X
        e = e.model_copy(update={"amount": "X"})
    if e.do == "damage":
        n = ("X" + (f" - {e.minus}" if e.minus else "")) if e.per == "x" else e.amount
        words = f"deal {n} damage to {_who(e)}"
        if e.per == "resources":
            words += " for each resource card they have"
        if e.per == "counters":
            words += f" for each {e.keyword} counter on this card"
        if player:  # ruling 46
            words += " (a player takes it in a city of their choice"
            words += ", or sacrifices a resource card for each point)" if e.or_sacrifice else ")"
    elif e.do == "draw":
        may = "may " if e.may else ""
        words = (
            f"{player} {may}draw{'s' * (not may)} {_n(e.amount, 'card')}"
            if player
            else f"{may}draw {_n(e.amount, 'card')}"
        )
        words += " (each is asked)" if e.may else ""
    elif e.do == "cancel":
        words = "counter the target: it does not resolve and goes to its owner's graveyard"
    elif e.do == "add_type":
        words = f"{_who(e)} {'is' if s else 'are'} also {e.keyword} until it leaves play"
    elif e.do == "discard":
        words = f"{player or 'you'} discard{'s' * bool(player)} {_n(e.amount, 'card')}"
        words += " (or sacrifice a resource card for each)" if e.or_sacrifice else ""
    elif e.do == "no_draw":
        words = f"{player or 'you'} can't draw cards this turn"
    elif e.do == "draw_limit":
        whom = PLAYERS.get(e.to, "you")
        when = "the draw phase" if static else "their next draw phase"
        words = f"{whom} can only draw {_n(e.amount, 'card')} in {when}"
    elif e.do == "mill":
        whose = f"{player}'s" if player else "your"
        words = f"put the top {_n(e.amount, 'card')} of {whose} deck into the graveyard"
    elif e.do == "boost":
        how = " as counters" if e.lasting else ""
        each = f" for each {_counted(e.count)}" if e.count else ""
        each += " for each damage the target dealt the previous turn" if e.per == "dealt" else ""
        words = f"{_who(e, static)} get{s} {e.attack:+d}/{e.defense:+d}{how}{each}"
    elif e.do == "fortify":
        words = f"{_who(e)} gain{s} {e.amount} defense"
    elif e.do == "produce":
        words = f"produce {_n(e.amount, FACTION_NAMES.get(e.faction, e.faction) + ' resource')}"
    elif e.do in ("destroy", "mark", "unmark"):
        words = f"{e.do} {_who(e)}" + (" at the end of the turn" if e.at_end else "")
    elif e.do == "bounce":
        where = {
            "top": "the top of its owner's deck",
            "bottom": "the bottom of its owner's deck",
        }.get(e.into, "its owner's hand")
        words = f"return {_who(e)} to {where}"
    elif e.do == "grant":
        words = f"{_who(e, static)} gain{s} {_kw(e.keyword)}"
        words += " until it is marked" if e.until == "marked" else ""
    elif e.do == "immune":
        words = f"{_who(e)} {'is' if s else 'are'} immune to {_kw(e.keyword)} until end of turn"
    elif e.do == "lose":
        words = f"{_who(e)} lose{s} {_kw(e.keyword)}"
    elif e.do == "token":
        where = {
            "home": "its city",
            "your_cities": "each city you control",
            "other_cities": "each other city you control",
            "target": "the target city (or the army, as its player chooses)",
        }.get(e.to, "the army")
        words = f"put {_n(e.amount, e.card + ' token')} into {where}"
        words += " marked" if e.marked else ""
    elif e.do == "muster":
        kinds = kinds_words(e.subtype) if e.subtype else "creature"
        words = f"every unmarked {kinds} in your cities moves into your army"
        words += " (marked for moving)" if e.marked else " (not marked)"
    elif e.do == "extra_combat":
        words = "after this combat phase, your army unmarks and has a second combat phase"
    elif e.do == "discount":
        words = f"your {kinds_words(e.subtype)} cards cost {e.amount} less to play"
    elif e.do == "compel":
        words = f"{_who(e, static)} must attack in each combat phase if able"
    elif e.do == "hurt_attackers":
        words = f"each creature attacking a city of yours takes {e.amount} damage as it attacks"
    elif e.do == "extra_counter":
        words = f"each time {e.keyword} counters are put on a card you control, one more is"
    elif e.do == "sacrifice_all":
        words = f"sacrifice {_who(e)} (their controllers do)"
    elif e.do == "sacrifice_card":
        kinds = kinds_words(e.subtype) if e.subtype else "creature"
        words = f"sacrifice {_n(e.amount, kinds)} you control (you choose)"
    elif e.do == "steal":
        words = (
            f"steal {_n(e.amount, 'resource card')} from {player or _who(e)} (you choose the "
            "piles; they come under your control as they lie)"
        )
    elif e.do == "give_back":
        words = "the resource cards it stole return to the players they were taken from"
    elif e.do == "exile":
        n = "X" if e.per == "x" else e.amount
        kinds = kinds_words(e.subtype) if e.subtype else "card"
        whose = _whose(e, player)
        words = (
            f"remove {n} {kinds}{'s' * (n != 1)} in {whose} graveyard from the game "
            "(you choose which)"
        )
    elif e.do == "put":
        where = {
            "hand": "your hand",
            "army": "your army",
            "home": "its city",
            "city": "a city you control",
            "top": "the top of your deck",
        }[e.into]
        words = f"put it into {where}"
        words += " (it leaves the game at the start of your next turn)" if e.fleeting else ""
    elif e.do == "counter":
        n = "X" if e.per == "x" else e.amount
        words = f"put {n} {e.keyword} counter{'s' * (n != 1)} on {_who(e)}"
    elif e.do == "uncounter":
        counters = _n(e.amount, e.keyword + " counter") if e.amount else f"all {e.keyword} counters"
        words = f"remove {counters} from {_who(e)}"
    elif e.do == "reveal_random":
        shown = _n(e.amount, "card")
        words = f"{player or 'you'} reveal{'s' * bool(player)} {shown} of their hand at random"
    elif e.do == "look":
        whose = _whose(e, player)
        words = f"look at the top {_n(e.amount, 'card')} of {whose} deck (only you see them)"
    elif e.do == "show_resources":
        words = "show everyone the faces of your resource cards"
    elif e.do == "swap":
        words = (
            f"this card takes the place of a resource card of yours ({kinds_words(e.subtype)}), "
            "which goes to your hand (you choose which)"
        )
    elif e.do == "prevent" and not e.dealt:
        words = f"prevent all damage {kinds_words(e.subtype)} cards deal this turn"
        words += f" (a {e.keyword} counter on this card for each point)" if e.keyword else ""
    elif e.do == "relocate":
        words = {
            "home": "move the target along to where this card now is (not marked)",
            "city": f"move {_who(e)} to another city of its controller's (not marked)",
        }.get(e.into, f"move {_who(e)} to another city of its controller's or its army")
    elif e.do == "prevent":
        points = f"the next {e.amount}" if e.amount else "all"
        combat = " combat" if e.combat else ""
        words = f"prevent {points}{combat} damage dealt {e.dealt} {_who(e, static)}"
        words += f" by any {kinds_words(e.against)}" if e.against else ""
        words += "" if static else f" {_lasts(e)}"
    elif e.do == "freeze":
        words = f"{_who(e)} skip{s} {_n(e.amount, 'Unmark phase')} of their controller's"
    elif e.do == "forbid":
        said = FORBIDS[e.keyword] if s else PLURAL_FORBIDS.get(e.keyword, FORBIDS[e.keyword])
        who_ = _who(e, static)
        if e.keyword == "movement":  # a city's
            who_ = "the city it is on" if static and e.to == "target" else who_
        elif e.keyword == "be_blocked":
            said = "cannot be defended against"
        if e.against:  # "cannot defend against Goblins", "cannot be blocked by Goblins"
            by = {"attack": "", "block": " against", "be_blocked": " by"}[e.keyword]
            said += f"{by} any {kinds_words(e.against)}"
        if e.unless:
            kind = kinds_words(e.unless)
            said += f" but by {'an' if kind[:1] in 'AEIOU' else 'a'} {kind}"
        words = f"{who_} {said}" + ("" if static else f" {_lasts(e)}")
    elif e.do == "set_stats":
        words = f"{_who(e)} {'is' if s else 'are'} {e.attack}/{e.defense} until end of turn"
    else:
        fields = {
            k: v
            for k, v in e.model_dump().items()
            if v not in ("", 0, False) and k not in ("do", "to")
        }
        words = f"{e.do} {_who(e)}" + "".join(f", {k} {v}" for k, v in fields.items())
    if e.per == "sacrificed":
        words += ", for each creature sacrificed before it"
    if e.count and e.per == "x":  # "X is the number of creatures you control"
        words += f" (X: one for each {_counted(e.count)})"
    elif e.count and e.do != "boost":  # "deal 1 damage to the target for each Goblin you control"
        words += f" for each {_counted(e.count)}"
    return words + (f" ({_conditions(e.only_if)})" if e.only_if else "")


def _lasts(e: Effect) -> str:
    """How long a one-off restriction or shield lasts, in words."""
    return "until your next turn" if e.until == "next_turn" else "until end of turn"


def _conditions(only_if: str) -> str:
    """An effect's conditions (``Effect.only_if``) in words."""
    out = []
    for part in only_if.split("&"):
        kind, _, rest = part.partition(":")
        if kind == "control":
            out.append(f"if you control {'an' if rest[:1] in 'AEIOUaeiou' else 'a'} {rest}")
        elif kind == "defense":
            out.append(f"while its DEF is {rest} or more")
        elif kind == "others":
            n, kinds = rest.split(":", 1)
            out.append(f"while you control at least {n} other {kinds_words(kinds)}")
        elif part == "turn:mine":
            out.append("during your turn")
        elif part == "turn:theirs":
            out.append("during an opponent's turn")
        elif part == "army:more":
            out.append(
                "while your army has more creatures than the army of the controller of the "
                "card it is on"
            )
        elif kind == "below":
            out.append(f"until the city's devotion reaches Level {rest}")
    return ", ".join(out)


def say_ability(a: dict[str, Any], level: int | None = None) -> str:
    """One ability, as a reader gave it (under a city's ``level``), in words."""
    if a["when"] == AMEND and "append" in a:
        said = "; ".join(say_effect(e) for e in a["append"])
        return f"also, to the target of the sentence before: {said}"
    if a["when"] == AMEND and a.get("condition") == "in_army":
        return "the ability before it is used only while the creature is in your army"
    if a["when"] == AMEND and "count" in a:
        return f"the X of the sentence before is one for each {_counted(a['count'])}"
    if a["when"] == AMEND and "more_per_x" in a:
        return "the card before it may be paid X more, for X more targets of its kind"
    if a["when"] == AMEND and "per_prevented" in a:
        return f"each point the sentence before prevents puts a {a['per_prevented']} counter on it"
    if a["when"] == AMEND:
        return (
            "the damage the sentence before deals to players may be prevented, a point for "
            "each resource card sacrificed"
        )
    when = f"at Level {level}" if level is not None else WHEN.get(a["when"], a["when"])
    kinds = a.get("subtype", "").replace("_", " ").replace("|", " or ")
    if a["when"] == "enters":
        when = f"whenever another {kinds or 'card'} comes into play{WHOSE[a.get('whose') or 'any']}"
    elif a["when"] in ("other_dies", "other_leaves"):
        goes = "dies" if a["when"] == "other_dies" else "leaves play"
        whose = {"you": " you control", "opponent": " an opponent controls"}
        when = f"whenever another {kinds or 'card'}{whose.get(a.get('whose', ''), '')} {goes}"
    elif a["when"] == "phase":
        phase = {"draw": "Draw & Resource", "play": "each Play"}.get(a["phase"], a["phase"].title())
        whose = {
            "home": "its city's player's",
            "any": "each player's",
            "opponent": "each opponent's",
        }.get(a.get("whose", ""), "your")
        when = f"at the {a['edge']} of {whose} {phase} phase"
        if (a["phase"], a["edge"]) in (("unmark", "start"), ("discard", "end")):
            when = f"at the {a['edge']} of {whose} turn"
    elif a["when"] == "cast":
        said = kinds_words(a.get("subtype", "")) or "card"
        one = f"{'an' if said[:1] in tuple('aeiouAEIOU') else 'a'} {said}"
        when = {
            "you": f"whenever you play {one} card",
            "opponent": f"whenever an opponent plays {one} card",
        }.get(a.get("whose", ""), f"whenever {one} card is played")
    paid = []
    if a.get("cost_counters"):
        paid.append(f"removing {_n(a['cost_counters'], a['cost_counter'] + ' counter')}")
    if a.get("cost_shrink"):
        paid.append(f"putting {_n(a['cost_shrink'], '-1/-1 counter')} on it")
    if a.get("cost_put"):
        paid.append(f"putting a {a['cost_put']} counter on it")
    if a.get("cost_discard"):
        kinds = kinds_words(a["cost_discard"])
        n = a.get("cost_discards", 1)
        one = "an" if kinds[0] in "AEIOUaeiou" else "a"
        paid.append(f"discarding {one if n == 1 else n} {kinds}{'s' * (n > 1)} from your hand")
    if a.get("cost_sacrifice") and a["when"] != "play":
        n, sacrificed = a["cost_sacrifice"].split(":", 1)
        said = _n(int(n), kinds_words(sacrificed))
        paid.append(f"sacrificing {said} you control (other than it)")
    if a.get("cost_resources"):
        paid.append(f"sacrificing {_n(a['cost_resources'], 'resource card')}")
    if a.get("cost_defense"):
        paid.append(f"a city you control losing {a['cost_defense']} defense (you choose)")
    if a.get("cost_power"):
        paid.append(f"paying {a['cost_power']}")
    if a.get("cost_self"):
        paid.append("sacrificing it")
    if paid:
        said = " and ".join(paid)
        when = {"use": f"by {said}", "mark": f"{when} and {said}"}.get(
            a["when"], f"{when}, if you pay by {said}"
        )
    elif a.get("may"):
        when += ", if you choose"
    if a.get("once"):
        when = "once each turn, in your Play phase"
    if a.get("condition") == "in_army":
        when += ", while it is in your army"
    if a.get("condition", "").startswith("counters:"):
        _, counter, n = a["condition"].split(":")
        when += f", in your Play phase, once it has {n} or more {counter} counters"
    if a.get("condition") == "sudden":
        when = "when it is played as sudden (into the army)"
    if a.get("cost_sacrifice") and a["when"] == "play":
        n, kinds = a["cost_sacrifice"].split(":", 1)
        when = f"played by sacrificing {_n(int(n), kinds_words(kinds))} you control"
    target = a.get("target", "none")
    aim = ""
    if target != "none":
        count = a.get("targets", 1)
        words = target_words(target, a.get("target_if", "")) if target in TARGETS else target
        if (target in PICKS or target == "spell") and a.get("subtype"):
            words += f" ({kinds_words(a['subtype'])})"
        aim = f"; target: {words}" + (f" (x{count})" if count > 1 else "")
        if a.get("more_per_x"):
            aim += ", and one more for each X you pay besides its cost"
        if a.get("target2", "none") != "none":
            aim += f"; and {target_words(a['target2'])} (reached as the second target)"
    static = a["when"] == "static"
    effects = "; ".join(say_effect(e, static, target) for e in a.get("effects", ()))
    effects = effects or "(attaches to it)"
    return f"{when}{aim}: {effects}"


WIDTH = 92


def say_parts(sentence: str, parts: Any) -> str:
    """The parts of the grammar that read a sentence, in the order of its words, each with
    what it read them as: 'trigger "die" · effect "deal two damage to target creature" ->
    damage · reach "target creature" · amount "two" -> 2'."""
    text = sentence.lower()
    ordered = sorted(parts, key=lambda p: (text.find(p.words.lower()), -len(p.words)))
    said = []
    for p in ordered:
        as_ = f" -> {p.read_as}" if p.read_as and p.read_as.lower() != p.words.lower() else ""
        said.append(f'{p.kind} "{p.words}"{as_}')
    return " · ".join(said)


def explain_card(card: ArcCard) -> str:
    """The card, its keywords, and each sentence of its text with how it was read."""
    stats = f", {card.attack}/{card.defense}" if card.type == "creature" else ""
    kinds = f" ({', '.join(card.subtypes)})" if card.subtypes else ""
    cost = "X" if card.cost_x else card.cost
    cost = f", cost {cost}" if cost is not None else ""
    lines = [f"{card.name}: {FACTION_NAMES.get(card.faction, card.faction)} {card.type}{kinds}"]
    lines[0] += f"{cost}{stats}"
    if card.keywords:
        said = ", ".join(_kw(k) + (f" {n}" if n > 1 else "") for k, n in card.keywords.items())
        lines.append(f"  keywords: {said}")
    parsed = parse(card.text, card.type, card.name, card.faction)
    if parsed.abilities != card.abilities:  # a card of the game's own set: written as data
        lines += textwrap.wrap(
            f'"{card.text}"', WIDTH, initial_indent="  ", subsequent_indent="   "
        )
        for a in card.abilities:
            said = {
                "when": a.when,
                "target": a.target,
                "targets": a.targets,
                "target_if": a.target_if,
                "effects": a.effects,
            }
            lines += textwrap.wrap(
                say_ability(said, a.level if a.when == "level" else None),
                WIDTH,
                initial_indent="    written as data: ",
                subsequent_indent="      ",
            )
        lines.append("  Its abilities are written as data (cards/arcmage/), not read.")
        return "\n".join(lines)
    for reading in readings(card.text, card.type, card.name, card.faction):
        level = f"Level {reading.level}: " if reading.level is not None else ""
        lines += textwrap.wrap(
            f'"{level}{reading.words}"', WIDTH, initial_indent="  ", subsequent_indent="   "
        )
        if reading.parts:
            lines += textwrap.wrap(
                say_parts(reading.words, reading.parts),
                WIDTH,
                initial_indent="    parts: ",
                subsequent_indent="      ",
            )
        for a in reading.abilities:
            lines += textwrap.wrap(
                say_ability(a, reading.level),
                WIDTH,
                initial_indent=f"    read by {reading.reader}: ",
                subsequent_indent="      ",
            )
        if not reading.kept:
            why = " (read, but not where this card can use it)" if reading.reader else ""
            lines.append(f"    played by hand{why}")
    if card.unenforced:
        lines += textwrap.wrap(
            "Left to the players: " + card.unenforced,
            WIDTH,
            initial_indent="  ",
            subsequent_indent="    ",
        )
    else:
        lines.append("  Every sentence is enforced.")
    return "\n".join(lines)
