"""``tabletop refusals``: every refusal a game says, found by trying what players try.

A refusal is the sentence a player reads when the rules forbid a move, so each one is
worth reading once: does it say which rule, in the rulebook's words, and does it make
sense for the move that met it? This verb plays seeded games (random legal moves) and, at
every decision, tries the moves a player makes by mistake: each legal move with another of
the player's cards, aimed at another card, without its choices, by another seat, or of
another kind; and cards of the player's own dragged anywhere. Every refusal met is kept
once per wording (card names, player names and numbers set aside), with one real example
and the move that met it, and printed as Markdown: ``docs/refusals.md`` is its output, and
a test reads every reason the same harvest finds (``tests/test_refusals.py``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..engine import END, PASS, Action, Game, check, legal_actions, to_act
from ..engine.record import Match

GAMES = 3  # seeded games per game
TRIES = 24  # near misses tried at each decision
STEPS = 400  # decisions at most per game (a game is cut short there)
SEED = 1


@dataclass
class Met:
    """One wording of refusal: how often it was met, one real example, and its move."""

    template: str
    example: str
    action: str
    times: int = 0


@dataclass
class Harvest:
    game: str
    title: str
    family: str  # the game a format is a way of playing (its own id, for a game)
    family_title: str  # that game's name, which a format's refusals are read in
    met: dict[str, Met] = field(default_factory=dict)
    tried: int = 0
    decisions: int = 0

    def add(self, reason: str, action: Action, names: Iterable[str], seats: Sequence[str]):
        key = template(reason.replace(self.title, self.family_title), names, seats)
        entry = self.met.get(key)
        if entry is None:
            entry = self.met[key] = Met(key, reason, action.exact())
        entry.times += 1


_NUMBER = re.compile(r"(?<![Rr]uling )(?<![Rr]ulings )\b\d+\b")


def template(reason: str, names: Iterable[str], seats: Sequence[str]) -> str:
    """The wording of ``reason`` with its card names, player names and numbers set aside,
    so that one rule said about different cards is one entry."""
    out = reason
    for seat in sorted(seats, key=len, reverse=True):
        out = out.replace(seat, "‹player›")
    for n in sorted(set(names), key=len, reverse=True):
        if len(n) > 2:
            out = out.replace(n, "‹card›")
    out = out.replace(" (‹player›'s)", "")  # a card named with its owner, in a mirror
    return _NUMBER.sub("N", out)


def near_misses(state, rng: random.Random, most: int = TRIES) -> list[Action]:
    """Moves a player might make by mistake now: the legal ones changed a little, and the
    player's own cards dragged onto anything."""
    game = state.game
    seat = to_act(state)
    legal = legal_actions(state)
    kinds = [*game.moves, END, PASS]
    own = [cid for cid, c in state.cards.items() if c.owner == seat] or list(state.cards)
    every = list(state.cards)
    out: list[Action] = []
    for a in rng.sample(legal, min(len(legal), max(1, most // 4))):
        if a.cards:
            out.append(a._replace(cards=(rng.choice(own), *a.cards[1:])))
        out.append(a._replace(targets=(rng.choice(every),)))
        if a.words:
            out.append(a._replace(words=()))
        out.append(a._replace(kind=rng.choice(kinds)))
        out.append(a._replace(seat=(a.seat + 1) % state.seats))
    while len(out) < most:
        target = (rng.choice(every),) if rng.random() < 0.5 else ()
        out.append(Action(rng.choice(kinds), seat, (rng.choice(own),), target))
    return out


def harvest(game: Game, games: int = GAMES, seed: int = SEED, tries: int = TRIES) -> Harvest:
    """The refusals met in ``games`` seeded games of ``game`` at its fewest seats (and at
    its most, for one more game, where it takes more)."""
    from ..engine import pick_decks
    from ..games import get

    family = get(game.variant_of) if game.variant_of else game
    found = Harvest(game.id, game.name, family.id, family.name)
    plan = [(game.min_seats, seed + i) for i in range(games)]
    if game.max_seats > game.min_seats:
        plan.append((game.max_seats, seed + games))
    for seats, s in plan:
        rng = random.Random(s)
        match = Match(game, pick_decks(game, seats, s), s)
        state = match.state
        for _ in range(STEPS):
            if state.over:
                break
            names = {c.card.name for c in state.cards.values()}  # tokens come and go
            found.decisions += 1
            for action in near_misses(state, rng, tries):
                reason = check(state, action)
                found.tried += 1
                if reason is not None:
                    found.add(reason, action, names, state.seat_names)
            legal = legal_actions(state)
            match.apply(rng.choice(legal))
    return found


def as_markdown(harvests: Sequence[Harvest]) -> str:
    """The list a person reads through: per game, each wording once, with a real example;
    a format of a game (ARC-mage's team formats) lists only what its game's list lacks."""
    lines = [
        "# Every refusal, as players meet it",
        "",
        "Generated by `tabletop refusals --markdown` (seeded games, near-miss moves at every "
        "decision; `tabletop/verbs/refusals.py` says how). Each entry is one wording, with "
        "card names, player names and numbers set aside; the example is a real refusal and "
        "the move that met it. Read it through when you change a refusal: each should name "
        "the rule, in the rulebook's words, or say `(ruling)` where it rests on one.",
    ]
    listed: dict[str, set[str]] = {}
    for h in harvests:
        seen = listed.setdefault(h.family, set())
        new = [m for m in h.met.values() if m.template not in seen]
        besides = f", besides those of `{h.family}`" if h.family != h.game else ""
        word = "wording" if len(new) == 1 else "wordings"
        lines += ["", f"## {h.title} (`{h.game}`): {len(new)} {word}{besides}", ""]
        seen.update(m.template for m in new)
        for entry in sorted(new, key=lambda m: m.template.lower()):
            lines.append(f"- {entry.example}  ")
            lines.append(f"  <sub>`{entry.action}` · met {entry.times}×</sub>")
    return "\n".join(lines) + "\n"
