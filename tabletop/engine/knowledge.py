"""What a seat knows of the cards it cannot see, and possible worlds dealt from it.

A bot sees only its seat's view, where every card it may not see is ``HIDDEN``. To look
ahead it needs whole positions, so it *deals* the hidden cards: a possible world is the
view with each hidden card given an identity, drawn from what the seat knows and nothing
else. That knowledge is:

* the deck lists: its own always, the other seats' when the decks were chosen in the open
  (practice: both lists are on the deck-choice screen), otherwise the game's card pool;
* every card it can see now (they are not in the hidden remainder of their owner's list);
* cards it saw that have since been hidden (a card returned to its owner's hand, a card
  revealed from a deck into a hand, a face-up card turned face down): the :class:`Memory`
  kept beside a real game remembers them, until the card goes where nobody sees it (a
  deck), where a shuffle may give its id to another card.

:class:`Knowledge` rides on the view (``view.knows``); :class:`Dealer` deals worlds from a
view. The game says which hidden cards could be which (:meth:`Game.deal_group`,
:meth:`Game.could_be`), which of its view's cards are stand-ins for unknown ones
(:meth:`Game.stand_in`), and brings its own data in line with a dealt world
(:meth:`Game.redealt`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .cards import DeckList
from .events import Event
from .rng import Rng
from .state import HIDDEN, GameState, Visibility


@dataclass(frozen=True)
class Knowledge:
    """What ``seat`` knows of the cards it cannot see now."""

    seat: int
    decks: tuple[DeckList | None, ...]  # each seat's list as ``seat`` knows it (None: not)
    cards: Mapping[int, Any] = field(default_factory=dict)  # hidden now, seen before


def visible(state: GameState, seat: int) -> dict[int, Any]:
    """The cards ``seat`` may see in ``state``, by id (the rule of :func:`core.can_see`,
    worked out zone by zone)."""
    game = state.game
    specs = game.zones
    cards = state.cards
    out: dict[int, Any] = {}
    shown: frozenset[int] | None = None
    for (owner, name), ids in state.zones.items():
        vis = specs[name].visibility
        if vis is Visibility.PUBLIC:
            for cid in ids:
                inst = cards[cid]
                if not inst.face_down or inst.owner == seat:
                    out[cid] = inst.card
        elif vis is Visibility.OWNER and owner == seat:
            for cid in ids:
                out[cid] = cards[cid].card
        elif ids:
            if shown is None:
                shown = game.shown(state, seat)
            for cid in ids:
                if cid in shown:
                    out[cid] = cards[cid].card
    return out


class Memory:
    """Kept beside a real game (by :class:`~.record.Match`): for each seat, the cards it has
    seen that are hidden from it now and still where it saw them go.

    Call :meth:`observe` after every action with its events. Only what the seat saw goes
    in: the cards visible to it after an action, and those an event it read revealed."""

    def __init__(
        self,
        state: GameState,
        decks: Sequence[DeckList],
        events: Iterable[Event] = (),
        open_decks: bool = True,
        remember: bool = True,
    ):
        self.decks = tuple(decks)
        self.open_decks = open_decks
        self.remember = remember  # False: only the deck lists are known
        self.seen: list[dict[int, Any]] = [{} for _ in range(state.seats)]
        self.known: list[dict[int, Any]] = [{} for _ in range(state.seats)]
        self.follow(state)
        self.observe(state, events)

    def follow(self, state: GameState) -> None:
        """Keep track of ``state`` (a new one, after an undo or a load)."""
        if self.remember:
            state.journal = set()

    def observe(self, state: GameState, events: Iterable[Event]) -> None:
        if not self.remember:
            return
        journal = state.journal or set()
        specs = state.game.zones
        for seat in range(state.seats):
            now = visible(state, seat)
            before = self.seen[seat]
            known = self.known[seat]
            for event in events:
                if event.reveals and event.visible_to(seat):
                    for cid in event.reveals:
                        if cid in state.cards:
                            before[cid] = state.cards[cid].card
            kept: dict[int, Any] = {}
            for source in (known, before):
                for cid, card in source.items():
                    if cid in now or cid in journal or cid not in state.cards:
                        continue  # seen now, or gone where a shuffle may have changed it
                    inst = state.cards[cid]
                    if specs[inst.zone[1]].visibility is Visibility.HIDDEN:
                        continue
                    kept[cid] = card
            self.known[seat] = kept
            self.seen[seat] = now
        state.journal = set()

    def knowledge(self, seat: int) -> Knowledge:
        decks = tuple(
            d if (s == seat or self.open_decks) else None for s, d in enumerate(self.decks)
        )
        return Knowledge(seat, decks, dict(self.known[seat]))


class Dealer:
    """Deals possible worlds from one view (the work that does not change between deals is
    done once, here)."""

    def __init__(self, view: GameState, knows: Knowledge | None = None):
        game = view.game
        knows = knows if knows is not None else view.knows
        if knows is None:
            from .core import to_act

            seat = to_act(view)
            knows = Knowledge(seat if seat is not None else 0, (None,) * view.seats)
        self.view = view
        self.knows = knows
        self.game = game
        cards = game.card_set().cards
        self.cards = cards
        seat = knows.seat
        recalled = {cid: card for cid, card in knows.cards.items() if cid in view.cards}
        self.recalled = recalled
        # What each owner's list still holds once every card seen is taken out.
        left: list[Counter | None] = []
        for owner in range(view.seats):
            deck = knows.decks[owner] if owner < len(knows.decks) else None
            left.append(Counter(deck.cards) if deck is not None else None)
        groups: dict[tuple, list[int]] = {}
        for cid, inst in view.cards.items():
            card = recalled.get(cid, inst.card)
            unknown = card is HIDDEN or game.stand_in(card)
            if not unknown:
                pool = left[inst.owner]
                if pool is not None and pool.get(card.name, 0) > 0:
                    pool[card.name] -= 1
                continue
            groups.setdefault((inst.owner, game.deal_group(view, seat, inst)), []).append(cid)
        self.left = left
        self.unknown = frozenset(cid for ids in groups.values() for cid in ids)
        self.pool = game.deal_pool()
        # Each group with the card names that may go there; the most constrained first.
        plan = []
        for (owner, _), ids in groups.items():
            sample = view.cards[ids[0]]
            pool = left[owner]
            names = pool.keys() if pool is not None else (c.name for c in self.pool)
            # In the list's own order, not a set's: a seed deals the same worlds in every run
            # (a set's order changes with the process's hash seed).
            fits = tuple(n for n in names if game.could_be(view, seat, sample, cards[n]))
            spare = sum(pool[n] for n in fits) - len(ids) if pool is not None else 1 << 30
            extra = [c.name for c in self.pool if game.could_be(view, seat, sample, c)]
            plan.append((spare, owner, ids, fits, extra))
        plan.sort(key=lambda p: p[0])
        self.plan = plan

    def deal(self, rng: random.Random) -> GameState:
        """A possible world: a copy of the view with every hidden card dealt."""
        world = self.view.clone()
        wcards = world.cards
        for cid, card in self.recalled.items():
            wcards[cid].card = card
        cards = self.cards
        left = [Counter(p) if p is not None else None for p in self.left]
        for _, owner, ids, fits, extra in self.plan:
            pool = left[owner]
            names: list[str] = []
            if pool is not None:
                names = [n for n in fits for _ in range(pool[n])]
                rng.shuffle(names)
                del names[len(ids) :]
                for n in names:
                    pool[n] -= 1
            while len(names) < len(ids) and extra:  # more cards than the list accounts for
                names.append(rng.choice(extra))
            for cid, name in zip(ids, names, strict=False):
                wcards[cid].card = cards[name]
        self.game.redealt(world)
        world.rng = Rng(rng.getrandbits(62))
        return world


def deal(view: GameState, rng: random.Random) -> GameState:
    """One possible world of ``view`` (see :class:`Dealer` to deal many)."""
    return Dealer(view).deal(rng)
