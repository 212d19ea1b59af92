"""The triggers of ARC-mage cards waiting to go on the stack: abilities queued when a card
enters, is played, drawn or discarded, when a phase starts or ends, when a creature enters a
city, and the engine's listeners that hear those happenings."""

from __future__ import annotations

from typing import Any

from ....engine import HIDDEN, GameState
from ....engine import abilities as ab
from .keywords import (
    is_type,
    silenced,
)
from .state import (
    PLAY_ZONES,
    _remembered,
    card_of,
    data,
    home,
    in_play,
    is_city,
)
from .teams import opponents


def queue(state: GameState, source: int, ability: int, seat: int, about: int = -1) -> None:
    """A triggered ability waits to happen, unless its card has lost all its abilities; one
    that each player has (``Ability.each``) waits for each player still playing, from
    ``seat`` on, as their own."""
    if in_play(state, source) and silenced(state, source):
        return
    d = data(state)
    if card_of(state, source).abilities[ability].each:
        for s in state.seats_from(seat):
            if not d.out[s]:
                d.pending.append((source, ability, s, about))
        return
    d.pending.append((source, ability, seat, about))


def release_delayed(state: GameState, phase: str) -> bool:
    """The heard abilities waiting for the active player's Play phase happen as one starts
    ("... at the start of your play phase"); True if any did."""
    d = data(state)
    if not d.delayed or phase not in ("play1", "play2"):
        return False
    now = [w for w in d.delayed if w[2] == state.active]
    if not now:
        return False
    d.delayed = tuple(w for w in d.delayed if w[2] != state.active)
    for source, ability, seat in now:
        queue(state, source, ability, seat)
    return True


def entered_city(state: GameState, cid: int) -> None:
    """A creature came into a city (moved or played there): its "When I enter a city"
    abilities happen, about that city."""
    city = home(state, cid)
    if city is None:
        return
    for i, a in enumerate(card_of(state, cid).abilities):
        if a.when == "enter_city":
            queue(state, cid, i, state.cards[cid].owner, city)


def moved(state: GameState, cid: int, origin: int | None) -> None:
    """A creature was moved (by its player's move or a card's) from ``origin``, a city or
    itself for its army: remembered for "move target creature along" (ruling 94), and its
    "When I am moved" abilities happen."""
    if origin is None or not in_play(state, cid):
        return
    data(state).came_from[cid] = origin
    queue_when(state, cid, "moved", state.cards[cid].owner)


def origin(state: GameState, cid: int) -> int | None:
    """Where a creature in play stands, as ``moved`` remembers it: its city, or itself for
    its army."""
    if not in_play(state, cid):
        return None
    here = home(state, cid)
    return cid if here is None else here


def queue_when(state: GameState, source: int, when: str, seat: int, sudden: bool = False) -> None:
    """Queue the card's abilities that happen ``when``; those that happen only when it is
    played as sudden ("When you play me as sudden, ..."), if it was (``sudden``)."""
    for i, a in enumerate(card_of(state, source).abilities):
        if a.when == when and (a.condition != "sudden" or sudden):
            queue(state, source, i, seat)


# The abilities that wait for something happening to another card, by the happening the
# rules emit (``engine.abilities``): a card's abilities about itself ("when I die") are
# queued where it happens to it, as above.
HEARS = {
    "enters": ab.ENTERS,
    "cast": ab.PLAYED,
    "drawn": ab.DRAWN,
    "discarded": ab.DISCARDED,
    "other_dies": ab.DESTROYED,
    "other_leaves": ab.LEAVES,
}


WHOSE = {"you": ab.ALLY, "opponent": ab.ENEMY, "any": ab.ANY}


_NO_ONE: list[ab.Listener] = []  # read only
PHASE_EDGES = {"start": ab.PHASE_STARTS, "end": ab.PHASE_ENDS}


def _hears(a: Any) -> tuple[str, str]:
    """(the happening, whose) an ability of ``ArcCard.listening`` waits for: another card
    coming into play or played, or a phase of its controller's turn starting or ending."""
    if a.when == "phase":  # of its city's player's turn, or others': ``react`` tells whose
        return PHASE_EDGES[a.edge], ab.ANY if a.whose else ab.OWN_TURN
    return HEARS[a.when], WHOSE[a.whose]


def phase_heard(state: GameState, phase: str) -> bool:
    """Whether a card in play waits for the start or end of ``phase`` of the active
    player's turn ("At the start of your tactics phase, ...")."""
    active = state.active
    for trigger in PHASE_EDGES.values():
        for lis in listeners(state, trigger):
            ability = card_of(state, lis.card).abilities[lis.payload]
            if _phase_of(ability, phase) and _turn_heard(state, lis.card, ability, active):
                return True
    return False


def _turn_heard(state: GameState, cid: int, ability: Any, seat: int | None) -> bool:
    """Whether a phase ability waits for ``seat``'s turn: its card's controller's, the
    player's whose city the card lives in (``whose`` "home"), each player's ("any") or each
    opponent's ("opponent", ruling 93)."""
    owner = state.cards[cid].owner
    if ability.whose == "any":
        return True
    if ability.whose == "opponent":
        return seat is not None and seat in opponents(state, owner)
    if ability.whose != "home":
        return seat == owner
    city = home(state, cid)
    return city is not None and state.cards[city].owner == seat


def _phase_of(ability: Any, phase: str) -> bool:
    """Whether an ability's ``phase`` ("play": either Play phase) is ``phase``."""
    return ability.phase == phase or (ability.phase == "play" and phase in ("play1", "play2"))


def listeners(state: GameState, trigger: str) -> list[ab.Listener]:
    """The abilities of the cards in play waiting for ``trigger``, the active seat's first
    (then in seat order), each card's in its printed order. Worked out for every trigger
    at once, again only when a card has moved (or another seat is active)."""
    key = ("listen", state.active)
    table = _remembered(state, key)
    if table is None:
        table = {}
        cards = state.cards
        for k in range(state.seats):
            seat = (state.active + k) % state.seats
            for z in PLAY_ZONES:
                for cid in state.zones[(seat, z)]:
                    card = cards[cid].card
                    if card is HIDDEN:
                        continue
                    for i, a in card.listening:
                        heard, about = _hears(a)
                        table.setdefault(heard, []).append(ab.Listener(cid, heard, about, i))
        data(state).known[key] = table  # read only: emit goes through it
    return table.get(trigger, _NO_ONE)


def react(state: GameState, listener: ab.Listener, happening: ab.Happening) -> None:
    """A card heard what it waits for (another card came into play, its controller played
    a card, a phase of its controller's turn starts or ends): its ability is queued for its
    controller if the card it is about is of the kinds it names ("another Red Banner
    creature", "an enchantment card"), or the phase is the one it names."""
    source = listener.card
    ability = card_of(state, source).abilities[listener.payload]
    if is_city(state.cards[source]) and not _level_holds(state, source, ability):
        return  # a city hears only while the Level it is written under holds (ruling 71)
    if ability.when == "phase":  # a phase of its controller's turn starts or ends
        if _phase_of(ability, happening.phase) and _turn_heard(
            state, source, ability, happening.seat
        ):
            queue(state, source, listener.payload, state.cards[source].owner)
        return
    about = happening.card
    if about is None or about == source:
        return  # "another": never itself
    if not is_type(state.cards[about].card, ability.subtype):
        return
    owner = state.cards[source].owner
    if ability.delay:  # it happens at the start of its player's next Play phase
        data(state).delayed += ((source, listener.payload, owner),)
        return
    # a card drawn or discarded: the ability is about it ("that opponent": whose it is)
    mine = ability.when in ("drawn", "discarded")
    queue(state, source, listener.payload, owner, about if mine else -1)


def _level_holds(state: GameState, city: int, ability: Any) -> bool:
    """Whether the city's devotion reaches the Level a heard ability is written under (a
    Level 0 always does), and has not reached the one its "unless you reach level N" names."""
    shown = data(state).devotion.get(city, 0)
    below = ability.condition[6:] if ability.condition.startswith("below:") else ""
    return shown >= ability.level and not (below and shown >= int(below))
