"""Reading an action's text form (see :mod:`.actions`) against a state: names become the
cards they mean, and a name several cards share is settled by the legal actions.

Apart from :mod:`.actions` because it asks the rules (:mod:`.core`) what is legal, and the
rules are built on actions.
"""

from __future__ import annotations

from .actions import (
    Action,
    ActionSyntaxError,
    Ref,
    make,
    quote,
    tokenize,
    zone_key,
    zone_name,
)
from .core import can_see, legal_actions, to_act
from .state import GameState, ZoneKey


def parse(state: GameState, text: str, seat: int | None = None) -> Action:
    """Read an action's text form against ``state``.

    The seat is, in order: the text's ``Pn:`` prefix, the ``seat`` argument, the seat to
    act now. A card named without its id is looked up among the cards visible in ``state``
    (only in the zone its ``in "ZONE"`` names, if it names one); when several share the
    name, a legal action with that text is preferred (copies of one card in one zone are
    interchangeable), otherwise a copy of the acting seat's own (for the acting cards; of
    another seat's, for the targets) that the seat can see, then the first in table order."""
    tseat, kind, crefs, trefs, words = tokenize(text)
    if tseat is None:
        tseat = seat if seat is not None else to_act(state)
    if tseat is None or not 0 <= tseat < state.seats:
        raise ActionSyntaxError(f"no seat {tseat} in a {state.seats}-seat game: {text!r}")
    refs = (*crefs, *trefs)
    zones = {i: zone_key(state, r.zone) for i, r in enumerate(refs) if r.zone is not None}

    if all(r.id is not None for r in refs):
        cards = tuple(_resolve_id(state, r, zones.get(i)) for i, r in enumerate(crefs))
        targets = tuple(
            _resolve_id(state, r, zones.get(len(crefs) + i)) for i, r in enumerate(trefs)
        )
        return make(state, kind, tseat, cards, targets, tuple(words))

    wanted = _text_of(kind, crefs, trefs, words)
    for action in legal_actions(state):
        if (
            action.seat == tseat
            and action.kind == kind
            and str(action) == wanted
            and all(
                (r.id is None or r.id == cid)
                and (i not in zones or state.cards[cid].zone == zones[i])
                for i, (r, cid) in enumerate(
                    zip(refs, (*action.cards, *action.targets), strict=True)
                )
            )
        ):
            return action
    cards = tuple(_resolve_name(state, r, tseat, True, zones.get(i)) for i, r in enumerate(crefs))
    targets = tuple(
        _resolve_name(state, r, tseat, False, zones.get(len(crefs) + i))
        for i, r in enumerate(trefs)
    )
    return make(state, kind, tseat, cards, targets, tuple(words))


def _text_of(kind: str, crefs: list[Ref], trefs: list[Ref], words: list[str]) -> str:
    def refs(rs: list[Ref]) -> str:
        return ", ".join(quote(r.name) if r.name is not None else f"#{r.id}" for r in rs)

    parts = [kind]
    if crefs:
        parts.append(refs(crefs))
    if trefs:
        parts += ["->", refs(trefs)]
    return " ".join(parts + words)


def _resolve_id(state: GameState, ref: Ref, zone: ZoneKey | None = None) -> int:
    inst = state.cards.get(ref.id)  # type: ignore[arg-type]
    if inst is None:
        raise ActionSyntaxError(f"there is no card #{ref.id} in this game")
    if ref.name is not None and inst.known and inst.card.name != ref.name:
        raise ActionSyntaxError(f"card #{ref.id} is {inst.card.name!r}, not {ref.name!r}")
    if zone is not None and inst.zone != zone:
        raise ActionSyntaxError(
            f"card #{ref.id} is in {zone_name(inst.zone)}, not in {zone_name(zone)}"
        )
    return inst.id


def _resolve_name(
    state: GameState, ref: Ref, seat: int, prefer_own: bool, zone: ZoneKey | None = None
) -> int:
    if ref.id is not None:
        return _resolve_id(state, ref, zone)
    keys = [zone] if zone is not None else list(state.zones)
    matches = [
        inst
        for key in keys
        for cid in state.zones[key]
        if (inst := state.cards[cid]).known and inst.card.name == ref.name
    ]
    if not matches:
        where = f"in {zone_name(zone)}" if zone is not None else "in sight"
        raise ActionSyntaxError(f"no card called {ref.name!r} is {where}")
    # The seat's own copies (another seat's, for a target), those it can see first: a copy
    # in a deck is named only when no other will do.
    matches.sort(key=lambda m: ((m.owner == seat) != prefer_own, not can_see(state, seat, m.id)))
    return matches[0].id
