"""What a one-off phrase does: each verb with its reach (damage, draw, boost, destroy,
return to hand, mark, unmark, produce, defense for a city, a keyword, "can't attack this
turn", tokens made and where they go, the duty a player may do instead), and the
conjunctions that make one phrase of several effects ("A and B", "A, then B"), and an
amount counted ("draw a card for each creature you control", "deal X damage ..., where X is
the number of Orcs in play").
:func:`read_phrase` reads a phrase (what a card does when it comes into play, when it is
marked, what an Event does), ``None`` for words it cannot read.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from ..abilities import COUNTED, CREATURE_TARGETS, GROUPS, MARKERS, ONLY_PLAYERS, Effect
from ..cards import ArcCard
from .amounts import AMOUNT, SIGNED, amount, count_of, signed
from .keywords import (
    _NOT_KINDS,
    _NOT_TYPES,
    card_kind,
    creature_kinds,
    creature_type,
    faction,
    keyword,
)
from .parts import mark, part, rollback
from .reaches import (
    _KEYWORD_WORDS,
    _SUBJECT,
    PLAYER_GROUPS,
    PLAYERS,
    Reach,
    _for_cards,
    graveyard,
    player_reach,
    reach,
)
from .restrictions import read_restriction

# -- effects ---------------------------------------------------------------------------------


class Phrase(NamedTuple):
    """A one-off phrase read: the target kind or "", how many targets, the effects, and
    what the target must be (``cards.Ability.target_if``)."""

    target: str
    count: int
    effects: list[Effect]
    target_if: str = ""
    subtype: str = ""  # the kinds of a card picked from a zone (``cards.Ability.subtype``)


def _aimed(r: Reach, effect: Effect) -> Phrase:
    """The effect sent where the reach says."""
    effect = Effect(
        **{
            **effect.model_dump(),
            "to": r.to,
            "subtype": r.subtype or effect.subtype,
            "having": r.having,
        }
    )
    if r.to == "target":
        return Phrase(r.target, r.count, [effect], r.target_if)
    return Phrase("", 1, [effect])


_THEIR = r"(?:your|his/her|his or her|their|his|her)"
_X = rf"(?:{AMOUNT}|x)"  # an amount the text may define ("draw X cards. X is ...")


def _n(word: str | None, default: int = 1) -> dict[str, object]:
    """An amount's fields: ``amount``, or ``per`` "x" for an X."""
    if word is None:
        return {"amount": default}
    return {"per": "x"} if word == "x" else {"amount": amount(word)}


_VERB = re.compile(
    rf"(?P<damage>(?:i )?deal (?P<dn>{AMOUNT}|x(?: ?- ?(?P<dminus>\d+))?) (?:additional )?damage "
    r"to (?P<dobj>.+?)"
    r"(?P<dper> for each resource card (?:he/she|he or she|they|that player) "
    r"(?:owns?|has|have|controls?))?(?: for each (?P<dcount>[a-z]+) counter on me)?)"
    rf"|(?P<draw>(?:(?P<drawer>{_SUBJECT}) )?(?:must |(?P<wmay>may ))?draws? (?P<wn>{_X}) "
    r"cards?)"
    rf"|(?P<nodraw>(?P<ndwho>{_SUBJECT}) (?:can't|cannot|can not) draw (?:any )?cards?"
    r"(?: this turn| until end of turn)?)"
    rf"|(?P<mill>put the top (?:(?P<mn>{_X}) )?cards? of (?P<mwhose>your|each player's"
    r"|each opponent's) deck into (?:your|his/her|his or her|their|its owner's) graveyards?)"
    rf"|(?P<look>look at the top (?:(?P<ln>{AMOUNT}) )?cards? of (?P<lwhose>your|target "
    r"player['’]s|target opponent['’]s|each opponent['’]s|each player['’]s) deck)"
    rf"|(?P<rrand>(?P<rrwho>{_SUBJECT}) reveals? (?P<rrn>{AMOUNT}) cards? at random from "
    rf"{_THEIR} hand)"
    rf"|(?P<mill2>(?P<m2who>{_SUBJECT}) puts? the top (?:(?P<m2n>{AMOUNT}) )?cards? of "
    rf"{_THEIR} deck into {_THEIR} graveyard)"
    rf"|(?P<duty>(?:(?P<uwho>{_SUBJECT}) )?(?P<upred>(?:either )?discards? .+))"
    rf"|(?P<sac>(?:(?P<sacwho>{_SUBJECT}) )?sacrifices? (?P<sn>{AMOUNT}) (?P<skind>[a-z ]+))"
    r"|(?P<sacall>sacrifice (?:all |each |(?=[a-z ]+s(?: you control| in your [a-z]+)?$))"
    r"(?P<saobj>.+))"
    r"|(?P<showres>reveal (?:the (?:front side|faces?) of )?all your resources?(?: cards)?)"
    r"|(?P<swap>swap me for an? (?P<swkind>[a-z ]+?) card)"
    r"|(?P<prevent>prevent all damage (?:done|dealt) (?:this turn )?by (?P<pkind>[a-z ]+?) "
    r"cards?(?: this turn)?)"
    rf"|(?P<steal>steal (?P<stn>{AMOUNT}) resource cards? from (?P<stwho>{_SUBJECT})"
    r"(?: and put (?:it|them) under your control)?)"
    r"|(?P<giveback>(?:return|give back) the stolen resource cards?(?: to (?:its|their) owners?)?)"
    rf"|(?P<spend>remove all (?P<spname>[a-z]+) counters from (?:me|this card) and have each "
    rf"(?:counter|of them) deal (?P<spn>{AMOUNT}) damage to (?P<spobj>.+))"
    r"|(?P<uncounter>remove (?:all (?P<uall>[a-z]+) counters|"
    rf"(?P<un>{AMOUNT}) (?P<uname>[a-z]+) counters?)"
    r"(?: from (?P<uobj>me|myself|this card|.+?))?)"
    rf"|(?P<exile>remove (?P<en>{AMOUNT}|x) (?P<ekind>[a-z ]+?) from (?P<eobj>.+?)"
    r"(?: from the game)?)"
    rf"|(?P<cap>(?P<cwho>{_SUBJECT}|players) can only draw (?P<capn>{AMOUNT}) cards? during "
    r"(?:their|your|his/her|his or her) next draw phases?)"
    r"|(?P<raise>return (?:target|an?) (?P<gkind>[a-z ]+?) from your graveyard to your hand)"
    r"|(?P<muster>move all unmarked (?P<mukind>[a-z ]+?) from your cities (?:in)?to your army)"
    r"|(?P<again>(?:after (?:your|this) combat phase,? )?(?:unmark all creatures in your army,? "
    r"and )?have (?:a second|another|an additional|an extra) combat phase(?: this turn| after "
    r"(?:this one|your combat phase))?)"
    rf"|(?P<unkw>(?P<ukobj>.+?) (?:loses? (?P<ukw>{_KEYWORD_WORDS})(?: until end of turn| this "
    r"turn)?|can attack this turn as though (?:they|it) (?:didn't|did not) have "
    rf"(?P<ukw2>{_KEYWORD_WORDS})))"
    r"|(?P<putfrom>put (?:an?|one|target) (?P<fkind>[a-z ]+?) from your (?P<pzone>hand|graveyard)"
    r" (?P<pinto>(?:into|in) (?:your army|a city you control|play as (?:one of )?my residents?)))"
    rf"|(?P<give>give (?P<gobj>.+?) (?P<ga>{SIGNED})/(?P<gd>{SIGNED}) until end of turn)"
    rf"|(?P<boost>(?P<bobj>.+?) gets? (?P<ba>{SIGNED})/(?P<bd>{SIGNED})(?: until end of turn)?)"
    rf"|(?P<counters>(?:(?P<cobj>.+?) (?:gets?|gains?) |put )(?P<cn>{AMOUNT}) "
    rf"(?P<ca>{SIGNED})/(?P<cd>{SIGNED}) counters?(?: on (?P<conto>.+))?)"
    rf"|(?P<named>put (?P<nn>{_X}) (?P<nname>[a-z]+) counters? on (?P<nobj>.+)"
    rf"|(?:i )?give (?P<gnobj>.+?) (?P<gnn>{AMOUNT}) (?P<gnname>[a-z]+) counters?)"
    r"|(?P<cancel>counter target (?P<cwords>[a-z ]+))"
    r"|(?P<addtype>(?P<atobj>.+?) (?:gains? the (?:creature )?type \"?(?P<at1>[a-z]+)\"?"
    r"|(?:has|have|gains?|gets?) the \"?(?P<at2>[a-z]+)\"? (?:creature )?type (?:next to|in "
    r"addition to|besides) (?:its|their) other types|becomes? (?:an? )?\"?(?P<at3>[a-z]+)\"? "
    r"in addition to (?:its|their) other types))"
    r"|(?P<destroy>destroy (?P<xobj>.+))"
    r"|(?P<bury>put (?P<yobj>.+?) in(?:to)? (?:the|its owner's|your) graveyard"
    r"(?P<yend> at the end of (?:the|this) turn)?)"
    r"|(?P<bounce>return (?P<robj>.+?) to (?P<rtop>the top of )?(?:its|their) owners?'?s?'? "
    r"(?:hands?|(?P<rdeck>decks?)))"
    r"|(?P<forbid>(?P<fobj>.+?) (?:can't|cannot|can not) attack this turn)"
    r"|(?P<reloc>move (?P<lobj>.+?) (?:(?P<lcity>to (?:a|another) city (?:of|controlled by) "
    r"(?:the creature's|its|that creature's) (?:controller|owner))|without marking it"
    r"|(?P<lalong>along)))"
    r"|(?P<nodef>(?:until end of turn,? )?(?:target army|target player['’]s army|the army of "
    r"target player) (?:can't|cannot|can not) defend (?P<ndobj>.+?)(?: this turn| until end of "
    r"turn)?)"
    r"|(?P<immune>(?P<iobj>.+?) (?:is|are) immune to (?P<ikw>[a-z ]+?)"
    r"(?: until end of turn| this turn)?)"
    r"|(?P<quiet>(?P<qobj>.+?) loses? all (?:its |their )?abilities"
    r"(?: until end of turn| this turn)?)"
    r"|(?P<setto>the attack and defense (?:strength )?of (?P<zobj>.+?) (?:is|are) "
    r"(?:reduced|set|changed) to (?P<za>[+-]?\d+)/(?P<zd>[+-]?\d+)(?: until end of turn)?)"
    r"|(?P<mark>(?P<mverb>mark|unmark) (?P<mobj>.+))"
    rf"|(?P<produce>produce (?P<pn>{_X}) (?P<pf>[a-z ]+?) resources?)"
    rf"|(?P<fortify>(?P<tobj>.+?) gains? (?P<tn>{_X}) (?:defense|defence)(?: points?)?)"
    rf"|(?P<lose>(?P<loobj>.+?) loses? (?P<lon>{_X}) (?:defense|defence)(?: points?)?"
    rf"(?P<lowhere> (?:on|in) (?:a|one) (?:of {_THEIR} )?cit(?:y|ies)(?: of {_THEIR} choice)?)?)"
    r"|(?P<grant>(?P<kobj>.+?) (?:(?:gains?|gets?|has|have) (?P<kw>[a-z ]+?) "
    r"until (?:end of turn|(?P<kmarked>it is marked|they are marked))|(?:is|are|becomes?) "
    r"(?P<iskw>[a-z ]+?)(?: this turn| until end of turn)?))"
    rf"|(?P<token>put (?P<tk>{AMOUNT}) (?P<ta>\d+)/(?P<td>\d+) (?P<ttype>[a-z]+(?: [a-z]+)??)"
    r"(?: creature)? tokens?(?: with (?P<tkw>[a-z ]+?))? (?P<twhere>(?:into|in) your army|"
    r"into play|into play as my residents?|into my city|in my city|"
    r"(?:into|in) each (?:other )?city you control|(?:into|in) target city or army|"
    r"(?:into|in) target city you control or your army|into play under your control|"
    r"(?:into|in) target city you control|into play in target city you control|"
    r"into play in your army)(?P<tmarked> marked)?)"
)
# Where a card put from a zone goes (``Effect.into``), by the words that say it.
_PUT_INTO = {"army": "army", "city": "city", "resident": "home"}


# Where a token phrase puts its tokens, as ``Effect.to`` says it: the army, the source's
# city, or each (other) city of its controller's.
TOKEN_PLACES = {
    "into your army": "self",
    "in your army": "self",
    "into play": "self",
    "into play as my resident": "home",
    "into play as my residents": "home",
    "into my city": "home",
    "in my city": "home",
    "into each city you control": "your_cities",
    "in each city you control": "your_cities",
    "into each other city you control": "other_cities",
    "in each other city you control": "other_cities",
    "into target city or army": "target",
    "in target city or army": "target",
    "into target city you control or your army": "target",
    "in target city you control or your army": "target",
    "into play under your control": "self",
    "into play in your army": "self",
    "into target city you control": "target",
    "in target city you control": "target",
    "into play in target city you control": "target",
}


def _subject(words: str | None) -> Reach | None:
    """Who does what a phrase says: the player its words name, or (none named: "draw a
    card") the card's player."""
    return Reach("self") if words is None else player_reach(words)


@part("effect", lambda got: "/".join(e.do for e in got.effects))
def _one(text: str) -> Phrase | None:
    """One effect's phrase: a verb with its reach, or a restriction or a shield for a
    while (``restrictions``)."""
    got = _verb(text)
    if got is not None:
        return got
    said = read_restriction(text, static=False)
    if said is None:
        return None
    r, made = said
    return Phrase(r.target, r.count, made, r.target_if) if r.to == "target" else Phrase("", 1, made)


def _verb(text: str) -> Phrase | None:
    m = _VERB.fullmatch(text)
    if not m:
        return None
    if m["damage"]:
        r = reach(m["dobj"])
        if m["dn"].startswith("x"):  # "deal X damage", "deal X - 2 damage"
            minus = int(m["dminus"] or 0)
            return r and _aimed(r, Effect(do="damage", per="x", minus=minus))
        if m["dcount"]:  # "for each fire counter on me"
            name = m["dcount"]
            if r is None or name in _NOT_TYPES or name in MARKERS or m["dper"]:
                return None
            made = Effect(do="damage", amount=amount(m["dn"]), per="counters", keyword=name)
            return _aimed(r, made)
        if m["dper"]:  # "to target player for each resource card he/she owns"
            if r is None or not (r.target in ONLY_PLAYERS or r.to in PLAYER_GROUPS.values()):
                return None
            return _aimed(r, Effect(do="damage", amount=amount(m["dn"]), per="resources"))
        return r and _aimed(r, Effect(do="damage", amount=amount(m["dn"])))
    if m["draw"]:
        r = _subject(m["drawer"])
        may = bool(m["wmay"])  # "each opponent may draw a card": offered (ruling 101)
        return r and _aimed(r, Effect(do="draw", may=may, **_n(m["wn"])))
    if m["nodraw"]:  # "target player can't draw cards this turn"
        r = player_reach(m["ndwho"])
        return r and _aimed(r, Effect(do="no_draw"))
    if m["mill"]:
        who = PLAYERS[m["mwhose"].removesuffix("'s")]
        return Phrase("", 1, [Effect(do="mill", to=who, **_n(m["mn"]))])
    if m["look"]:  # "look at the top card of target player's deck"
        r = player_reach(re.sub(r"['’]s$", "", m["lwhose"]).replace("your", "you"))
        n = amount(m["ln"]) if m["ln"] else 1
        return r and _aimed(r, Effect(do="look", amount=n))
    if m["rrand"]:  # "that city's owner reveals one card at random from their hand"
        r = player_reach(m["rrwho"])
        return r and _aimed(r, Effect(do="reveal_random", amount=amount(m["rrn"])))
    if m["mill2"]:
        r = player_reach(m["m2who"])
        return r and _aimed(r, Effect(do="mill", amount=amount(m["m2n"]) if m["m2n"] else 1))
    if m["raise"]:  # "return target enchantment from your graveyard to your hand"
        kinds = card_kind(m["gkind"].removesuffix(" card"))
        put = Effect(do="put", into="hand")
        return Phrase("grave_card", 1, [put], subtype=kinds) if kinds else None
    if m["muster"]:  # "move all unmarked Soldiers from your cities into your army": marked
        # for moving, as a move is, unless a sentence after says not
        kinds = creature_kinds(m["mukind"])
        made = Effect(do="muster", subtype=kinds or "", to="self", marked=True)
        return None if kinds is None else Phrase("", 1, [made])
    if m["again"]:  # "have a second combat phase": the army unmarks and attacks again
        return Phrase("", 1, [Effect(do="extra_combat", to="self")])
    if m["unkw"]:  # "target creature loses flying", "all Trees with peaceful can attack this
        # turn as though they didn't have peaceful": this turn
        k = (m["ukw"] or m["ukw2"]).replace(" ", "_")
        obj = re.sub(rf" with {k.replace('_', ' ')}$", "", m["ukobj"])  # said twice
        r = _for_cards(reach(obj))
        return r and _aimed(r, Effect(do="lose", keyword=k))
    if m["putfrom"]:  # "put a Soldier from your hand into your army", "put a creature from
        # your graveyard in play as one of my residents": a card of the player's choice
        kinds = creature_kinds(m["fkind"].removesuffix(" card"))
        if kinds is None:
            return None
        into = next(place for words, place in _PUT_INTO.items() if words in m["pinto"])
        put = Effect(do="put", into=into)
        zone = "hand_card" if m["pzone"] == "hand" else "grave_card"
        return Phrase(zone, 1, [put], subtype=kinds or "creature")
    if m["cap"]:  # "all players can only draw one card during their next draw phase"
        r = player_reach("each player" if m["cwho"] == "players" else m["cwho"])
        return r and _aimed(r, Effect(do="draw_limit", amount=amount(m["capn"])))
    if m["sac"]:  # "[target player] sacrifices an Addax creature": that player chooses which
        r = _subject(m["sacwho"])
        n, what = amount(m["sn"]), m["skind"]
        if r is None:
            return None
        if re.fullmatch(r"resource cards?(?: (?:he|she|they|he/she) controls?)?", what):
            return _aimed(r, Effect(do="sacrifice", amount=n))  # (ruling 46: Tabletop picks)
        if what in (
            "city you control",
            "city",
            "of your cities",
            "of his cities",
            "of their cities",
        ):
            if r.to != "self":
                return None  # a city of another's: no card says so
            return Phrase("", 1, [Effect(do="sacrifice_card", amount=n, subtype="city", to="self")])
        kinds = creature_kinds(re.sub(r" (?:he|she|they|he/she) controls?$|^of his ", "", what))
        if kinds is None:
            return None
        return _aimed(r, Effect(do="sacrifice_card", amount=n, subtype=kinds))
    if m["steal"]:  # "steal one resource card from target player"
        r = player_reach(m["stwho"])
        if r is None or r.to == "self":
            return None
        if r.target == "player":  # no one steals from themselves (ruling 55)
            r = Reach("target", "opponent")
        return _aimed(r, Effect(do="steal", amount=amount(m["stn"])))
    if m["giveback"]:  # "return the stolen resource card": what this card stole
        return Phrase("", 1, [Effect(do="give_back", to="self")])
    if m["spend"]:  # "remove all fire counters from me and have each counter deal ..."
        name = m["spname"]
        r = reach(m["spobj"])
        if r is None or name in _NOT_TYPES or name in MARKERS:
            return None
        hit = _aimed(r, Effect(do="damage", amount=amount(m["spn"]), per="counters", keyword=name))
        spent = Effect(do="uncounter", keyword=name, to="self")  # once they have dealt it
        return hit._replace(effects=[*hit.effects, spent])
    if m["uncounter"]:  # "remove a fire counter [from me]", "remove all fire counters"
        name = m["uall"] or m["uname"]
        r = _for_cards(reach(m["uobj"] or "me"))
        if r is None or name in _NOT_TYPES or name in MARKERS:
            return None
        n = 0 if m["uall"] else amount(m["un"])  # 0: all of them
        return _aimed(r, Effect(do="uncounter", keyword=name, amount=n))
    if m["showres"]:  # "reveal the front side of all your resources"
        return Phrase("", 1, [Effect(do="show_resources", to="self")])
    if m["swap"]:  # "swap me for an enchantment or event card" (of your resource cards)
        kinds = card_kind(m["swkind"])
        return Phrase("", 1, [Effect(do="swap", subtype=kinds, to="self")]) if kinds else None
    if m["prevent"]:  # "prevent all damage done this turn by Red Banner event or magic cards"
        kinds = card_kind(m["pkind"])
        return Phrase("", 1, [Effect(do="prevent", subtype=kinds, to="self")]) if kinds else None
    if m["exile"]:  # "remove X creatures from target graveyard"
        r = graveyard(m["eobj"])
        kinds = "" if m["ekind"] in ("card", "cards") else card_kind(m["ekind"])
        if r is None or kinds is None:
            return None
        n = {"per": "x"} if m["en"] == "x" else {"amount": amount(m["en"])}
        return _aimed(r, Effect(do="exile", subtype=kinds, **n))
    if m["sacall"]:  # "sacrifice all Dark Legion creatures in your army"
        r = _for_cards(reach(f"all {m['saobj']}"))
        if r is None or r.to == "target":
            return None
        if r.to == "all_creatures":  # a player sacrifices only their own cards
            r = replace(r, to="your_creatures")
        return _aimed(r, Effect(do="sacrifice_all"))
    if m["duty"]:
        r = _subject(m["uwho"])
        got = duty(m["upred"])
        return r and got and _aimed(r, Effect(do="discard", amount=got[0], or_sacrifice=got[1]))
    if m["give"] or m["boost"]:
        obj, a, d = (m["gobj"], m["ga"], m["gd"]) if m["give"] else (m["bobj"], m["ba"], m["bd"])
        r = _for_cards(reach(obj))
        if r is None or (not signed(a) and not signed(d)):
            return None
        return _aimed(r, Effect(do="boost", attack=signed(a), defense=signed(d)))
    if m["counters"]:
        # "I get a +1/+1 counter", "put two -1/-1 counters on target creature": for good
        obj = m["cobj"] or m["conto"]
        if (m["cobj"] is None) == (m["conto"] is None):
            return None
        r = _for_cards(reach(obj))
        n, a, d = amount(m["cn"]), signed(m["ca"]), signed(m["cd"])
        if r is None or not (a or d):
            return None
        return _aimed(r, Effect(do="boost", attack=a * n, defense=d * n, lasting=True))
    if m["named"]:  # "put two fire counters on target card", "I give X a rabies counter"
        r = _for_cards(reach(m["nobj"] or m["gnobj"]))
        name = m["nname"] or m["gnname"]
        if r is None or name in _NOT_TYPES or name in MARKERS:
            return None
        return _aimed(r, Effect(do="counter", keyword=name, **_n(m["nn"] or m["gnn"])))
    if m["cancel"]:  # "counter target spell", "counter target Red Banner event card"
        words = re.sub(r" (?:spell|card)$", "", m["cwords"])
        kinds = "" if words in ("spell", "card") else card_kind(words)
        if kinds is None or kinds == "city" or keyword(words):
            return None
        return Phrase("spell", 1, [Effect(do="cancel")], subtype=kinds)
    if m["addtype"]:  # "that creature gains the type Undead" (ruling 100)
        kind = creature_type(m["at1"] or m["at2"] or m["at3"])
        r = _for_cards(reach(m["atobj"]))
        if r is None or kind.lower() in _NOT_KINDS or keyword(kind) or faction(kind):
            return None
        return _aimed(r, Effect(do="add_type", keyword=kind))
    if m["destroy"]:
        both = re.fullmatch(
            r"(all|each) (creatures?|enchantments?) and (creatures?|enchantments?)", m["xobj"]
        )
        if both and both[2][:5] != both[3][:5]:  # "all creatures and enchantments"
            groups = [reach(f"{both[1]} {both[2]}"), reach(f"{both[1]} {both[3]}")]
            return Phrase("", 1, [Effect(do="destroy", to=r.to) for r in groups if r])
        r = _for_cards(reach(m["xobj"]))
        return r and _aimed(r, Effect(do="destroy"))
    if m["bury"]:  # "put me in the graveyard [at the end of the turn]": it dies
        r = _for_cards(reach(m["yobj"]))
        return r and _aimed(r, Effect(do="destroy", at_end=bool(m["yend"])))
    if m["bounce"]:
        r = _for_cards(reach(m["robj"]))
        if bool(m["rtop"]) != bool(m["rdeck"]):
            return None  # "to the top of its owner's hand", "to its owner's deck"
        return r and _aimed(r, Effect(do="bounce", into="top" if m["rdeck"] else ""))
    if m["quiet"]:  # "each creature loses all abilities until end of turn"
        r = _for_cards(reach(m["qobj"]))
        return r and _aimed(r, Effect(do="forbid", keyword="abilities"))
    if m["setto"]:  # "... is reduced to +0/+2": until end of turn
        r = _for_cards(reach(m["zobj"]))
        made = Effect(do="set_stats", attack=int(m["za"]), defense=int(m["zd"]))
        return r and _aimed(r, made)
    if m["immune"]:  # "all Undead creatures are immune to deadly until end of turn"
        k = keyword(m["ikw"])
        r = _for_cards(reach(m["iobj"]))
        return r and k and _aimed(r, Effect(do="immune", keyword=k))
    if m["forbid"]:
        r = _for_cards(reach(m["fobj"]))
        return r and _aimed(r, Effect(do="forbid", keyword="attack"))
    if m["reloc"]:  # "move target creature without marking it" (ruling 78)
        r = _for_cards(reach(m["lobj"]))
        if r is None or r.to != "target" or "creature" not in r.target:
            return None
        if m["lalong"]:  # "move target creature along": with the card, from where it was
            if r.target != "creature" or r.count != 1 or r.target_if:
                return None
            made = Effect(do="relocate", into="home", to="target")
            return Phrase("own_creature", 1, [made], "along")  # ruling 94
        return _aimed(r, Effect(do="relocate", into="city" if m["lcity"] else ""))
    if m["nodef"]:  # "until end of turn, target army cannot defend target city" (ruling 75)
        r = reach(m["ndobj"])
        if r is None or r.to != "target" or r.target != "city":
            return None
        return _aimed(r, Effect(do="forbid", keyword="army_defense"))
    if m["mark"]:
        r = _for_cards(reach(m["mobj"]))
        return r and _aimed(r, Effect(do=m["mverb"]))
    if m["produce"]:
        f = faction(m["pf"])
        made = Effect(do="produce", faction=f, to="self", **_n(m["pn"]))
        return f and Phrase("", 1, [made])
    if m["lose"]:  # "each city you control loses 1 defense point": damage to it (ruling 79)
        who = player_reach(m["loobj"])
        if who is not None and who.to != "self":
            # "target player loses 2 defense points on a city": damage to the player, who
            # chooses the city (ruling 46)
            return _aimed(who, Effect(do="damage", **_n(m["lon"])))
        if m["lowhere"]:
            return None
        r = reach(m["loobj"])
        if r is None or not (r.to in ("your_cities", "all_cities") or r.target == "city"):
            return None
        return _aimed(r, Effect(do="damage", **_n(m["lon"])))
    if m["fortify"]:
        r = _for_cards(reach(m["tobj"]))
        cities = ("home", "your_cities", "all_cities")
        if r is None or not (r.to in cities or r.target in ("city", "own_city", "enemy_city")):
            return None
        return _aimed(r, Effect(do="fortify", **_n(m["tn"])))
    if m["token"]:
        token = token_card(m)
        if token is None:
            return None
        to = TOKEN_PLACES[m["twhere"]]
        marked = bool(m["tmarked"])
        made = Effect(do="token", card=token.name, amount=amount(m["tk"]), to=to, marked=marked)
        aim = "own_city" if "target city you control" in m["twhere"] else "own_city_or_army"
        if m["twhere"].endswith("or your army"):
            aim = "own_city_or_army"
        return Phrase(aim if to == "target" else "", 1, [made])
    # "target creature is peaceful": a keyword for the turn, as a one-off stat change
    # with no duration (ruling 102)
    k = keyword(m["kw"] or m["iskw"])
    r = _for_cards(reach(m["kobj"]))
    until = "marked" if m["kmarked"] else ""
    return r and k and _aimed(r, Effect(do="grant", keyword=k, until=until))


_GIVE_UP = re.compile(
    rf"(?:discards? (?P<d>{AMOUNT}) cards?(?: from {_THEIR} hand)?)?(?: and )?"
    rf"(?:sacrifices? (?P<s>{AMOUNT}) resource cards?)?"
)


def duty(words: str) -> tuple[int, bool] | None:
    """What a player is made to give up, as (cards, or a resource card instead for each):
    "discards two cards" -> (2, False); "discards a card or sacrifices a resource card",
    "either discards two cards, or sacrifices two resource cards, or discards one card and
    sacrifices one resource card" -> (1, True), (2, True): every mix of the two, the same
    number in all. None for anything else (a choice that leaves a mix out)."""
    text = " ".join(words.lower().split()).removeprefix("either ")
    mixes = set()
    for alt in re.split(r",? or ", text):
        m = _GIVE_UP.fullmatch(alt)
        if not m or not (m["d"] or m["s"]):
            return None
        mixes.add((amount(m["d"]) if m["d"] else 0, amount(m["s"]) if m["s"] else 0))
    totals = {d + s for d, s in mixes}
    if len(totals) != 1:
        return None
    n = totals.pop()
    if mixes == {(n, 0)}:
        return n, False
    return (n, True) if {d for d, _ in mixes} == set(range(n + 1)) else None


def token_card(m: re.Match[str]) -> ArcCard | None:
    """The token a "put N A/D Type token(s) [with keyword] into ..." phrase makes: a
    creature of that type, named by its type, stats and keywords ("Orc 1/1", "Wolf 2/2
    (first strike)"), so that two texts making the same token make one card."""
    keywords = {}
    if m["tkw"]:
        for words in re.split(r",? and |, ", m["tkw"]):
            k = keyword(words)
            if k is None:
                return None
            keywords[k] = 1
    kind = creature_type(m["ttype"])
    if "|" in kind or kind.lower() in _NOT_TYPES:
        return None
    said = f" ({', '.join(k.replace('_', ' ') for k in keywords)})" if keywords else ""
    return ArcCard(
        name=f"{kind} {m['ta']}/{m['td']}{said}",
        type="creature",
        token=True,
        attack=int(m["ta"]),
        defense=int(m["td"]),
        subtypes=(kind,),
        keywords=keywords,
    )


def tokens_in(phrase: str) -> list[ArcCard]:
    """The tokens a phrase makes (each once), for the card set to know them."""
    text = " ".join(phrase.strip().rstrip(".").split()).lower()
    out: dict[str, ArcCard] = {}
    for piece in _AND.split(text):
        m = _VERB.fullmatch(piece)
        if m and m["token"]:
            token = token_card(m)
            if token is not None:
                out.setdefault(token.name, token)
    return list(out.values())


_AND = re.compile(r",? and |, then | and then |; ")


# Words that change nothing a phrase says: "all players—including you—can only draw ..."
_ASIDE = re.compile(r"\s*[—–]\s*including you\s*[—–]\s*|,? including you,|\s*\(including you\)")


# An effect counted by the cards an effect before it sacrificed ("... for each sacrificed
# creature"), and the effects whose amount it multiplies.
_PER_SACRIFICED = re.compile(r"(?P<what>.+) for each sacrificed (?:[a-z ]+)")
PER_SACRIFICED = frozenset({"discard", "damage", "draw", "fortify"})


# An amount counted by the cards of a kind: "<phrase> for each <things>", "<phrase with X>,
# where X is the number of <things>" (the counts: ``amounts.count_of``).
_FOR_EACH = re.compile(r"(?P<what>.+) for (?:each|every) (?P<each>.+)")
_WHERE_X = re.compile(r"(?P<what>.+?),? where x is (?:equal to )?the number of (?P<each>.+)")


def count_amounts(effects: list[Effect], spec: str, x: bool) -> list[Effect] | None:
    """The effects with their amount counted (``Effect.count`` ``spec``): an X
    (``per`` "x", ``x``) is defined as the count, each a plain amount (not ``x``) is
    multiplied by it; None when none can be (no amount, or one counted already)."""
    out, changed = [], False
    for e in effects:
        if e.do in COUNTED and not e.count and e.per == ("x" if x else ""):
            out.append(e.model_copy(update={"count": spec}))
            changed = True
        else:
            out.append(e)
    if not changed or (not x and len(out) != 1):
        return None
    try:  # an effect whose amount cannot be counted (a boost's 'attached' in another scope)
        return [Effect(**e.model_dump()) for e in out]
    except ValueError:
        return None


def _of_that_creature(got: Phrase | None) -> Phrase | None:
    """A phrase said of "that creature", as said of the target before it; None for one
    that reaches anyone else."""
    if got is None or got.target or any(e.to != "about" for e in got.effects):
        return None
    return got._replace(effects=[e.model_copy(update={"to": "target"}) for e in got.effects])


def _of_that_group(left: str, got: Phrase, right: str) -> Phrase | None:
    """What follows "and" without a subject, said of the group the phrase before it
    reaches ("all Soldiers you control get +2/+0 and have overrun until end of turn"):
    read with the words that name that group; None when they name no group, or the words
    after "and" reach another."""
    groups = {(e.to, e.subtype, e.having) for e in got.effects}
    if got.target or len(groups) != 1 or next(iter(groups))[0] not in GROUPS:
        return None
    words = left.split()
    for n in range(len(words) - 1, 0, -1):  # the longest words before the verb that reach it
        at = mark()
        r = reach(" ".join(words[:n]))
        rollback(at)
        if r is not None and r.to != "target" and (r.to, r.subtype, r.having) in groups:
            said = read_phrase(f"{' '.join(words[:n])} {right}")
            if said is None or {(e.to, e.subtype, e.having) for e in said.effects} != groups:
                return None
            return said
    return None


def read_phrase(phrase: str) -> Phrase | None:
    """A one-off phrase read into effects ("deal one damage to each opposing creature and
    draw a card"), or None. Of several effects joined by "and", at most one takes targets."""
    text = " ".join(phrase.strip().rstrip(".").split()).lower()
    # "all players—including you—can only draw ...": an aside that changes nothing
    text = " ".join(_ASIDE.sub(" ", text).split())
    per = _PER_SACRIFICED.fullmatch(text)
    if per:  # "target city gains 2 defense points for each sacrificed token card"
        got = read_phrase(per["what"])
        if got is None or any(e.do not in PER_SACRIFICED or e.per for e in got.effects):
            return None
        counted = [e.model_copy(update={"per": "sacrificed"}) for e in got.effects]
        return got._replace(effects=counted)
    got = _one(text)
    if got is not None:
        return got
    for m in _AND.finditer(text):
        at = mark()
        left, right = _one(text[: m.start()]), read_phrase(text[m.end() :])
        if left is not None and right is None and left.target in CREATURE_TARGETS:
            # "target creature is peaceful and can not attack this turn": what follows
            # "and" without a subject is said of the same creature
            right = _of_that_creature(read_phrase(f"that creature {text[m.end() :]}"))
        elif left is not None and right is None:
            right = _of_that_group(text[: m.start()], left, text[m.end() :])
        aims = [p for p in (left, right) if p is not None and p.target]
        if left is None or right is None or len(aims) > 1:
            rollback(at)
            continue
        aim = aims[0] if aims else Phrase("", 1, [])
        return aim._replace(effects=[*left.effects, *right.effects])
    for pattern, x in ((_WHERE_X, True), (_FOR_EACH, False)):
        each = pattern.fullmatch(text)
        spec = each and count_of(each["each"])
        got = read_phrase(each["what"]) if spec else None
        made = got and count_amounts(got.effects, spec, x)
        if made:  # "draw a card for each creature you control"
            return got._replace(effects=made)
    return None
