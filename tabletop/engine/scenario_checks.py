"""Checking what a scenario step must leave true (``then``, ``[start]``), and that each
card a step or a check names is the one card it means.

A check that names a card resolves to exactly one card (its ``owner`` and ``zone`` narrow
the copies), unless it says ``copies = "any"`` or ``copies = "all"``; a step's card named
without ``in "ZONE"`` must not have copies in several zones. A file that names a card
ambiguously is told so, with the file, the field and the zones the copies are in, rather
than passing by whichever copy happens to fit.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .actions import Action, ActionSyntaxError, tokenize, zone_key, zone_name
from .events import Event
from .scenario_model import GONE, CardCheck, Expect, Sees, seat_index
from .scenario_position import _no_value, no_mark
from .state import CardInstance, GameState


def expectations(
    state: GameState, expect: Expect, events: Sequence[Event] = (), where: str = "then"
) -> list[str]:
    """What in ``state`` differs from ``expect`` (``events``: what the step did, for what a
    seat's log shows; ``where``: the file and field, for a check the file wrote wrongly)."""
    from .core import to_act

    out = []
    game = state.game
    if expect.phase is not None and state.phase != expect.phase:
        out.append(f"phase is {state.phase!r}, expected {expect.phase!r}")
    if expect.active is not None and state.active != _seat(expect.active, out):
        out.append(f"active is P{state.active + 1}, expected {expect.active}")
    if expect.to_act is not None and to_act(state) != _seat(expect.to_act, out):
        seat = to_act(state)
        out.append(
            f"{'nobody' if seat is None else f'P{seat + 1}'} is to act, expected {expect.to_act}"
        )
    if expect.turn is not None and state.turn != expect.turn:
        out.append(f"turn is {state.turn}, expected {expect.turn}")
    if expect.over is not None and state.over != expect.over:
        out.append("the game is over" if state.over else "the game is not over")
    if expect.winner is not None:
        shown = (
            "draw"
            if state.over and not state.winners
            else ", ".join(f"P{s + 1}" for s in state.winners) or "nobody yet"
        )
        if shown != expect.winner:
            out.append(f"winner is {shown}, expected {expect.winner}")
    values = game.seat_values()
    for key, want in expect.values.items():
        seat, _, name = key.partition(" ")
        s = _seat(seat, out)
        if s is None:
            continue
        if name not in values:
            out.append(_no_value(game, name))
            continue
        got = values[name].get(state, s)
        if got != want:
            out.append(f"{key} is {got}, expected {want}")
    for key, want in expect.count.items():
        zkey = _zone_key(key, state, out)
        if zkey is not None and len(state.zones[zkey]) != want:
            out.append(f"{key} holds {len(state.zones[zkey])} cards, expected {want}")
    for i, c in enumerate(expect.cards):
        out += card_check(state, c, f"{where}.cards[{i}]")
    for sees in expect.sees:
        out += _sees_check(state, events, sees)
    return out


def needs_events(expect: Expect | None) -> bool:
    """Whether checking ``expect`` reads the events that led to it (a seat's log)."""
    return expect is not None and any(s.log or s.not_shown for s in expect.sees)


# -- cards ------------------------------------------------------------------------------------


def card_check(state: GameState, c: CardCheck, where: str) -> list[str]:
    """What is wrong with the card ``c`` names (``where``: its file and field)."""
    owner = _seat(c.owner, []) if c.owner is not None else None
    copies = [
        inst
        for inst in state.cards.values()
        if inst.card.name == c.card and (owner is None or inst.owner == owner)
    ]
    who = f"{c.owner}'s " if c.owner else ""
    if c.zone == GONE:
        return [] if not copies else [f"{who}{c.card} is still in {zone_name(copies[0].zone)}"]
    problems: list[str] = []
    if c.zone is not None:
        zkey = _zone_key(c.zone, state, problems)
        if zkey is None:
            return problems
        here = [inst for inst in copies if inst.zone == zkey]
        if not here and copies and c.copies != 0:
            return [f"{who}{c.card} is in {_places(copies)}, expected {c.zone}"]
        copies = here
    if not copies:
        return [] if c.copies == 0 else [f"{who}{c.card} is not in the game"]
    if c.copies == "one" and len(copies) > 1:
        return [
            f"{where}: {len(copies)} copies of {who}{c.card} ({_places(copies)}) match this "
            'check: narrow it to one (its zone, its owner), or say copies = "any", "all" or '
            "how many"
        ]
    mistakes: list[str] = []  # the file's: a mark or a value the game does not have
    misses = [_misfits(state, inst, c, where, mistakes) for inst in copies]
    if mistakes:
        return list(dict.fromkeys(mistakes))
    if isinstance(c.copies, int):
        fit = sum(1 for m in misses if not m)
        if fit == c.copies:
            return []
        first = next((m for m in misses if m), [])
        return [
            f"{fit} of the {len(copies)} copies of {who}{c.card} ({_places(copies)}) fit, "
            f"expected {c.copies}" + (f" ({'; '.join(first)})" if first else "")
        ]
    if c.copies == "all":
        wrong = [(inst, m) for inst, m in zip(copies, misses, strict=True) if m]
        if not wrong:
            return []
        inst, m = wrong[0]
        return [
            f"{who}{c.card} ({zone_name(inst.zone)}, {len(wrong)} of {len(copies)} copies): "
            + "; ".join(m)
        ]
    if any(not m for m in misses):
        return []
    return [f"{who}{c.card} ({zone_name(copies[0].zone)}): {'; '.join(misses[0])}"]


def _misfits(
    state: GameState, inst: CardInstance, c: CardCheck, where: str, mistakes: list[str]
) -> list[str]:
    """How ``inst`` differs from the state ``c`` gives (a name ``c`` uses that the game does
    not know goes to ``mistakes``, named by ``where``)."""
    wrong = []
    for attr in ("turned", "face_down", "damage"):
        want = getattr(c, attr)
        if want is not None and getattr(inst, attr) != want:
            wrong.append(f"{attr} is {getattr(inst, attr)}, expected {want}")
    for k, v in (c.counters or {}).items():
        if inst.counters.get(k, 0) != v:
            wrong.append(f"counter {k} is {inst.counters.get(k, 0)}, expected {v}")
    if c.values:
        wrong += _value_misfits(state, inst, c.values, where, mistakes)
    if c.this_turn:
        marks = state.game.turn_marks()
        for name, want in c.this_turn.items():
            if name not in marks:
                mistakes.append(f"{where}.this_turn.{name}: {no_mark(state.game, name)}")
            elif marks[name].get(state, inst.id) != int(want):
                wrong.append(
                    f"this turn {name} is {marks[name].get(state, inst.id)}, expected {int(want)}"
                )
    return wrong


_LEADING = re.compile(r"^-?\d+")


def card_values(state: GameState, inst: CardInstance) -> dict[str, str] | None:
    """A card's numbers as the table shows them now (``TableSpec.live_stats``: "ATK" after
    its boosts, "HP" less its damage as "3/5"), by label; None: it shows none now (out of
    play)."""
    stats = state.game.table().live_stats(state, inst)
    return None if stats is None else {label.upper(): shown for label, shown, _ in stats}


def _value_misfits(
    state: GameState,
    inst: CardInstance,
    want: dict[str, int | str],
    where: str,
    mistakes: list[str],
) -> list[str]:
    shown = card_values(state, inst)
    if shown is None:
        return [f"{inst.card.name} shows no values in {zone_name(inst.zone)}"]
    out = []
    for label, value in want.items():
        got = shown.get(label.upper())
        if got is None:
            mistakes.append(
                f"{where}.values.{label}: {inst.card.name} shows no {label} "
                f"(it shows {', '.join(shown) or 'none'})"
            )
            continue
        if isinstance(value, int):
            m = _LEADING.match(got)
            ok = m is not None and int(m.group()) == value
        else:
            ok = got == value
        if not ok:
            out.append(f"{label} is {got}, expected {value}")
    return out


def _places(copies: Sequence[CardInstance]) -> str:
    counts = Counter(zone_name(i.zone) for i in copies)
    return ", ".join(f"{n} in {z}" if n > 1 else z for z, n in sorted(counts.items()))


def unnamed_copies(state: GameState, text: str, action: Action | None = None) -> list[str]:
    """For each card a step's action names by its name alone whose copies lie in several
    zones, why that is ambiguous and how to name one (the zone of the copy ``action``
    took, if given)."""
    try:
        _, _, crefs, trefs, _ = tokenize(text)
    except ActionSyntaxError:
        return []
    taken = (*action.cards, *action.targets) if action is not None else ()
    out = []
    for i, ref in enumerate((*crefs, *trefs)):
        if ref.name is None or ref.id is not None or ref.zone is not None:
            continue
        zones = sorted({zone_name(c.zone) for c in state.cards.values() if c.card.name == ref.name})
        if len(zones) < 2:
            continue
        took = state.cards.get(taken[i]) if i < len(taken) else None
        example = zone_name(took.zone) if took is not None else zones[0]
        out.append(
            f'"{ref.name}" has copies in {", ".join(zones)}: say which, as '
            f'"{ref.name}" in "{example}"'
        )
    return out


def copies_taken(state: GameState, action: Action) -> list[str]:
    """For each card of ``action`` whose name is shared by copies in several zones, which
    copy the action took, and how to name another."""
    out = []
    for cid in dict.fromkeys((*action.cards, *action.targets)):
        inst = state.cards.get(cid)
        if inst is None:
            continue
        name = inst.card.name
        zones = sorted({zone_name(c.zone) for c in state.cards.values() if c.card.name == name})
        if len(zones) > 1:
            here = zone_name(inst.zone)
            other = next(z for z in zones if z != here)
            out.append(
                f'took the copy of "{name}" in {here} (copies are in '
                f'{", ".join(zones)}: write "{name}" in "{other}" for another)'
            )
    return out


# -- what a seat sees -------------------------------------------------------------------------


def shown_texts(state: GameState, events: Sequence[Event], seat: int) -> list[str]:
    """Every piece of text ``seat``'s table shows it after ``events``: its log lines of them,
    and what its table draws from its view (names of the cards it sees, badges, status
    plates, seat titles, the prompt, the labels of its decisions)."""
    from .core import legal_actions, to_act, view

    seen = view(state, seat)
    spec = state.game.table()
    texts = [e.text_for(seat) for e in events if e.shown_to(seat)]
    texts += [inst.card.name for inst in seen.cards.values() if inst.known]
    for inst in seen.cards.values():
        texts += [f"{symbol}{words}" for symbol, words, *_ in spec.badges(seen, inst)]
    for s in range(seen.seats):
        texts.append(spec.seat_title(seen, s))
        texts += [f"{label} {value}" for label, value in spec.status(seen, s)]
    texts.append(spec.prompt(seen, seat) or "")
    if to_act(state) == seat:
        texts += [spec.action_label(seen, a) for a in legal_actions(state)]
    return texts


def _sees_check(state: GameState, events: Sequence[Event], sees: Sees) -> list[str]:
    from .core import view

    out: list[str] = []
    seat = _seat(sees.seat, out)
    if seat is None:
        return out
    log = [e.text_for(seat) for e in events if e.shown_to(seat)]
    at = 0  # in order: where the next words are looked for
    for words in sees.log:
        lines = log[at:] if sees.in_order else log
        hit = next((i for i, line in enumerate(lines) if words.lower() in line.lower()), None)
        if hit is None:
            if sees.in_order and any(words.lower() in line.lower() for line in log):
                before = sees.log[sees.log.index(words) - 1]
                out.append(f"{sees.seat}'s log shows {words!r} before {before!r}, not after")
            else:
                out.append(f"{sees.seat}'s log does not show {words!r} (it shows {log})")
        elif sees.in_order:
            at += hit + 1
    texts = shown_texts(state, events, seat)
    for words in sees.not_shown:
        hits = [t for t in texts if words.lower() in t.lower()]
        if hits:
            out.append(f"{sees.seat} is shown {words!r}: {hits[0]!r}")
    for ref in sees.hidden:
        key = _zone_key(ref, state, out)
        if key is None:
            continue
        if not state.zones[key]:
            out.append(f"{ref} holds no card: nothing in it is hidden from {sees.seat}")
            continue
        seen = view(state, seat)
        for cid in state.zones[key]:
            if seen.cards[cid].card is state.cards[cid].card:
                out.append(f"{sees.seat} sees {state.cards[cid].card.name} in {ref}")
    return out


def _seat(ref: str, out: list[str]) -> int | None:
    try:
        return seat_index(ref)
    except ValueError as e:
        out.append(str(e))
        return None


def _zone_key(ref: str, state: GameState, out: list[str]) -> tuple[int | None, str] | None:
    try:
        return zone_key(state, ref)
    except ActionSyntaxError as e:
        out.append(str(e))
        return None
