"""Using skills (coe.txt, "Using Skills"): a champion's skills by scenario level, Support
skills from the support position only, Pay and Cast, resting, once a turn (ruling 28)."""

from __future__ import annotations

from collections.abc import Iterator

from ....engine import Action, Event, Events, GameState, act
from ....engine import abilities as ab
from ....engine.abilities import Modifier
from .. import payment
from .effects import resolve
from .keywords import permits
from .requirements import (
    CONDITIONS,
    R_CAST,
    R_SKILL_CONDITION,
    condition_met,
    target_problem,
    targets_for,
)
from .resources import resources
from .scenarios import scenario_level
from .state import PREP, SUPPORT, C, characters, data, name

R_SKILL_LEVEL = (
    f"{C}: Champions have skills that can be activated if the player's scenario "
    "level meets the skills required Scenario level ({})"
)
R_SKILL_REST = (
    f"{C}: “Rest” - refers to a character that may not go into battle or activate its effects"
)
R_SUPPORT_ONLY = (
    f"{C}: Character skills with the Support Keyword can only be activated from the support area"
)
R_ALWAYS = (
    f"{C}: Passive: always active; needs no rest to use: a Passive or Innate skill is "
    "never activated (ruling 60)"
)
R_SKILL_ONCE = f"{C}: each skill is activated once a turn (ruling 28)"
R_SKILL_WHEN = (
    f"{C}, {PREP}: Characters may activate their effects (a Cast: skill in its phase, ruling 28)"
)


def _skill_used(state: GameState, cid: int, i: int) -> bool:
    key = f"used:{i}"
    return any(m.target == cid and m.stat == key for m in state.lasting)


def _skill_problem(
    state: GameState, seat: int, cid: int, i: int, on_field: bool = False
) -> str | None:
    """Why the skill may not be activated now (before its payment and target; ``on_field``:
    the character is known to be one of the seat's on the field)."""
    inst = state.cards[cid]
    card = inst.card
    if (
        inst.owner != seat
        or not 0 <= i < len(card.skills)
        or not (on_field or cid in characters(state, seat))
    ):
        return f"{C}: activate a skill of one of your characters on the field"
    skill = card.skills[i]
    if skill.mode in ("passive", "innate"):
        return R_ALWAYS
    if (skill.cast or "prep") != state.phase:
        return R_CAST.format(f"Cast: {skill.cast.capitalize()}") if skill.cast else R_SKILL_WHEN
    if (skill.mode == "support") != (inst.zone[1] == SUPPORT):
        return (
            R_SUPPORT_ONLY
            if skill.mode == "support"
            else f"{C}: from the support position only Support skills are activated (ruling 15)"
        )
    if skill.level > scenario_level(state, seat):
        return R_SKILL_LEVEL.format(f"level {skill.level}")
    if inst.turned:
        return R_SKILL_REST
    if not permits(state, cid, "use_skills"):
        return f"{C}: a card's effect forbids it to activate its skills"
    if _skill_used(state, cid, i):
        return R_SKILL_ONCE
    if not condition_met(state, seat, skill.condition):
        return R_SKILL_CONDITION.format(f"only if {CONDITIONS[skill.condition]}")
    return None


def _skill_index(action: Action) -> int:
    try:
        return int(action.words[0]) - 1
    except (IndexError, ValueError):
        return -1


def _gen_skill(state: GameState, seat: int) -> Iterator[Action]:
    if data(state).battle is not None:
        return
    mine = None
    for cid in characters(state, seat):
        if state.cards[cid].turned:
            continue  # a rested character activates nothing (R_SKILL_REST)
        for i, skill in enumerate(state.cards[cid].card.skills):
            if (
                skill.mode in ("passive", "innate")
                or _skill_problem(state, seat, cid, i, on_field=True) is not None
            ):
                continue
            paid: tuple[int, ...] = ()
            if skill.pay is not None:
                mine = mine if mine is not None else resources(state, seat)
                pay = payment.choose(mine, skill.pay.resource, skill.pay.amount, named=True)
                if pay is None:
                    continue
                paid = tuple(r.card for r in pay)
            targets = targets_for(state, seat, skill.target)
            for t in targets if targets is not None else [None]:
                yield act(
                    state, "skill", seat, (cid, *paid), (t,) if t is not None else (), (str(i + 1),)
                )


def _check_skill(state: GameState, action: Action) -> str | None:
    seat = action.seat
    i = _skill_index(action)
    if not action.cards or len(action.words) != 1 or i < 0 or len(action.targets) > 1:
        return (
            f'{C}: activate a character\'s skill by its number (skill "Character" 1 [-> "Target"])'
        )
    cid = action.cards[0]
    problem = _skill_problem(state, seat, cid, i)
    if problem:
        return problem
    skill = state.cards[cid].card.skills[i]
    problem = target_problem(state, seat, skill.target, action.targets, skill.name)
    if problem:
        return problem
    if skill.pay is None:
        return (
            f"{C}: Pay: a skill with an extra resource cost; {skill.name} has none, so no "
            "resource pays for it"
            if action.cards[1:]
            else None
        )
    return payment.problem(
        resources(state, seat),
        list(action.cards[1:]),
        skill.pay.resource,
        skill.pay.amount,
        named=True,
    )


def _exec_skill(state: GameState, action: Action, events: Events) -> None:
    seat, cid = action.seat, action.cards[0]
    i = _skill_index(action)
    inst = state.cards[cid]
    skill = inst.card.skills[i]
    target = action.targets[0] if action.targets else None
    for r in action.cards[1:]:
        state.cards[r].turned = True
    # Ruling 28: a skill without a keyword, or a Support skill without Pay, rests its character.
    if skill.pay is None:
        inst.turned = True
    ab.add(state, Modifier(cid, f"used:{i}", 1, cid, ab.TURN))
    on = f" on {name(state, target)}" if target is not None else ""
    spent = ", ".join(name(state, r) for r in action.cards[1:])
    events.append(
        Event(
            "ability",
            f"{name(state, inst.id)} activates {skill.name}{on}"
            + (f" (paying with {spent})" if spent else " (resting)"),
            seat=seat,
            cards=(cid, *((target,) if target is not None else ())),
        )
    )
    resolve(state, skill.effects, cid, seat, events, target)
