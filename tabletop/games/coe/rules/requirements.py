"""Card requirements (coe.txt, "Playing cards": "Card Requirements", "Targeting Cards"): the
Affiliation, Class and Race checks (ruling 16), printed conditions, the refusals of Cast and
of targets, the characters a card or skill may choose (Alert, ruling 61), and Promote
(ruling 58)."""

from __future__ import annotations

from ....engine import Action, GameState
from .. import cards as schema
from ..cards import CoeCard
from .keywords import has
from .scenarios import scenarios_of
from .state import ARCHIVE, CHARACTERS, LEADER, PREP, RESOURCES, C, characters

R_AFFILIATION = (
    f"{C}, Affiliation Check: You must have at least one Champion Character on the "
    "field with an affiliation that matches the Arsenal Card's affiliation ({})"
)
R_CLASS = (
    f"{C}, Class Check: You must have at least one Active Character on the field with a "
    "class that matches the Arsenal Card's class ({})"
)
R_RACE = (
    f"{C}, Race Check: You must have at least one Active Character on the field with the "
    "race that matches the Arsenal Card's race requirement ({})"
)
R_CONDITION = (
    f"{C}: when a card effect has some printed condition before the effects text, "
    "the card may not be played ({})"
)
R_SKILL_CONDITION = (
    f"{C}: when a skill has some printed condition before the effects text, "
    "the skill may not be activated ({})"
)
R_EQUIP = f"{C}: Equipment cards may only target Champion cards"
R_EQUIP_YOURS = (
    f"{C}: Equipment cards may only target Champion cards, and only a champion of yours "
    "on the field: equipment goes on its own player's champion (ruling 33)"
)
R_TARGET = f"{C}: a card or skill targets only the character its text names"
R_ALERT = (
    f"{C}: Alert: cannot be targeted by the opponent's arsenal card effects or character "
    "skills (ruling 61)"
)
R_CAST = f"{C}, Cast: may be played or activated only in the named phase ({{}})"
R_PLAY_WHEN = (
    f"{C}, {PREP}: A player may perform any of these game functions during this phase: "
    "Play Arsenal Cards from their hand"
)
CONDITIONS = {
    "an_enemy_is_rested": "an enemy character is rested",
    "an_ally_is_damaged": "a character of yours is damaged",
    "you_control_a_scenario": "you control a scenario",
    "a_spell_is_in_your_archive": "a Spell card is in your archive",
    "your_leader_is_damaged": "your party leader is damaged",
}
CAST_PHASES = frozenset({"camp", "prep", "rest"})  # the phases cards are played in


def _checks_problem(state: GameState, seat: int, card: CoeCard) -> str | None:
    """Ruling 16: affiliation by a champion of yours on the field, class and race by any
    character of yours on the field; one match of a list is enough."""
    mine = [state.cards[c].card for c in characters(state, seat)]
    needs = card.requires
    if needs.affiliations and not any(
        set(needs.affiliations) & set(c.affiliations) for c in mine if c.type == "champion"
    ):
        return R_AFFILIATION.format(" or ".join(needs.affiliations))
    if needs.classes and not any(set(needs.classes) & set(c.classes) for c in mine):
        return R_CLASS.format(" or ".join(needs.classes))
    if needs.races and not any(set(needs.races) & set(c.races) for c in mine):
        return R_RACE.format(" or ".join(needs.races))
    return None


def condition_met(state: GameState, seat: int, condition: str | None) -> bool:
    if condition is None:
        return True
    cards = state.cards
    if condition == "an_enemy_is_rested":
        return any(
            cards[c].turned for s in range(state.seats) if s != seat for c in characters(state, s)
        )
    if condition == "an_ally_is_damaged":
        return any(cards[c].damage for c in characters(state, seat))
    if condition == "you_control_a_scenario":
        return bool(scenarios_of(state, seat))
    if condition == "a_spell_is_in_your_archive":
        return any(cards[c].card.type == "spell" for c in state.zones[(seat, ARCHIVE)])
    if condition == "your_leader_is_damaged":
        return any(cards[c].damage for c in state.zones[(seat, LEADER)])
    raise ValueError(f"no condition {condition!r}")


def targets_for(
    state: GameState, seat: int, side: str, champions_only: bool = False
) -> list[int] | None:
    """The characters a card or skill played by ``seat`` may choose (None: it chooses none):
    an enemy's Alert character cannot be chosen (ruling 61)."""
    if side == "none":
        return None
    out = []
    for s in range(state.seats):
        if side != "any" and (s == seat) != (side == "ally"):
            continue
        for c in characters(state, s):
            card = state.cards[c].card
            if champions_only and card.type != "champion":
                continue
            if s != seat and has(state, c, "alert"):
                continue
            out.append(c)
    return out


SIDES = {
    "ally": "a character of yours on the field",
    "enemy": "an enemy character on the field",
    "any": "a character on the field",
}


def target_problem(
    state: GameState, seat: int, side: str, chosen: tuple[int, ...], what: str, equip: bool = False
) -> str | None:
    """Why ``chosen`` is not the one character that ``what`` (a card or skill of ``seat``'s
    targeting ``side``; ``equip``: equipment, a champion of one's own) may choose: an
    enemy's Alert character (ruling 61), equipment on no champion of one's own (ruling 33),
    or not the character its text names. None: it may."""
    targets = targets_for(state, seat, side, champions_only=equip)
    if targets is None:
        return f"{R_TARGET}: {what} chooses no character" if chosen else None
    if len(chosen) == 1 and chosen[0] in targets:
        return None
    cid = chosen[0] if len(chosen) == 1 else None
    on_field = cid is not None and any(cid in characters(state, s) for s in range(state.seats))
    if equip:
        if cid is not None and state.cards[cid].card.type == "champion":
            return R_EQUIP_YOURS
        return R_EQUIP
    if on_field and side != "ally" and state.cards[cid].owner != seat and has(state, cid, "alert"):
        return R_ALERT
    return f"{R_TARGET}: {what} targets {SIDES[side]}"


R_PROMOTE = (
    f"{C}: Promote: archive Acolytes that meet the stated requirement to play a card "
    "for free (one acolyte of yours on the battlefield, ruling 58)"
)


def _meets(card: CoeCard, needs: schema.Requires) -> bool:
    """Whether a card meets every list of a requirement (one match of each is enough)."""
    return all(
        not wanted or set(wanted) & set(have)
        for wanted, have in (
            (needs.affiliations, card.affiliations),
            (needs.classes, card.classes),
            (needs.races, card.races),
        )
    )


def promotable(state: GameState, seat: int, card: CoeCard) -> list[int]:
    """The seat's acolytes on the battlefield, rested or not, that may be archived to play
    ``card`` by its Promote (ruling 58)."""
    if card.promote is None:
        return []
    cards = state.cards
    return [
        c
        for c in state.zones[(seat, CHARACTERS)]
        if cards[c].card.type == "acolyte" and _meets(cards[c].card, card.promote)
    ]


def _promoter(state: GameState, action: Action) -> int | None:
    """The acolyte a play names in place of resources (a Promote), if it names one."""
    paid = action.cards[1:]
    if (
        len(paid) != 1
        or state.cards[paid[0]].zone[1] == RESOURCES
        or state.cards[action.cards[0]].card.promote is None
    ):
        return None
    return paid[0]


def _promote_problem(state: GameState, seat: int, card: CoeCard, acolyte: int) -> str | None:
    if acolyte in promotable(state, seat, card):
        return None
    needs = card.promote
    wanted = " and ".join(
        " or ".join(w) for w in (needs.affiliations, needs.classes, needs.races) if w
    )
    return f"{R_PROMOTE}: {card.name} promotes a {wanted} acolyte"
