"""A tiny game that exists only to prove the core knows no game.

"Sums": each seat has a hand of numbered cards and a hidden deck. On your turn (Main
phase) you may play one card a turn onto your pile, then end; the other seat may answer a
play by *doubting* it (the card is turned) or pass. The Draw phase is automatic. The first
pile to reach 10 wins.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from tabletop.engine import (
    Action,
    CardModel,
    DeckList,
    Event,
    Events,
    Game,
    GameState,
    Move,
    Phase,
    Prompt,
    Visibility,
    Window,
    ZoneSpec,
    act,
    enter_phase,
    open_window,
    settle,
)


class Number(CardModel):
    value: int


CARDS = {str(n): Number(name=str(n), type="number", value=n) for n in range(1, 6)}


class ToyData:
    __slots__ = ("played",)

    def __init__(self):
        self.played = False

    def copy(self):
        d = ToyData()
        d.played = self.played
        return d

    def snapshot(self):
        return (self.played,)


def _draw_enter(state: GameState, events: Events) -> None:
    deck = state.zones[(state.active, "deck")]
    if deck:
        state.move(deck[0], (state.active, "hand"))
        events.append(Event("move", "draw", seat=state.active))
    state.data.played = False


def _end_exit(state: GameState, events: Events) -> None:
    state.active = 1 - state.active
    state.turn += 1


def _gen_play(state, seat) -> Iterator[Action]:
    for cid in state.zones[(seat, "hand")]:
        if state.cards[cid].known:
            yield act(state, "play", seat, (cid,))


def _check_play(state, action) -> str | None:
    if state.data.played:
        return "Sums: one card a turn"
    if state.cards[action.cards[0]].zone != (action.seat, "hand"):
        return "Sums: play from your hand"
    return None


def _exec_play(state, action, events) -> None:
    state.move(action.cards[0], (action.seat, "pile"))
    state.data.played = True
    open_window(state, 1 - action.seat, "doubt", events, data=(action.cards[0],))


def _gen_doubt(state, seat) -> Iterator[Action]:
    yield Action("doubt", seat)


def _exec_doubt(state, action, events) -> None:
    prompt = state.prompts[-1]
    state.prompts = state.prompts[:-1]
    state.cards[prompt.data[0]].turned = True
    events.append(Event("turn", "doubted", seat=action.seat))


def _on_pass(state: GameState, prompt: Prompt, events: Events) -> None:
    events.append(Event("info", "not doubted"))


ZONES = {
    "hand": ZoneSpec("hand", "Hand", Visibility.OWNER),
    "deck": ZoneSpec("deck", "Deck", Visibility.HIDDEN),
    "pile": ZoneSpec("pile", "Pile"),
}
PHASES = {
    "draw": Phase("draw", "Draw", auto=True, enter=_draw_enter, next="main"),
    "main": Phase("main", "Main", frozenset({"play", "end"}), next="over"),
    "over": Phase("over", "End", auto=True, exit=_end_exit, next="draw"),
}
WINDOWS = {"doubt": Window("doubt", "Doubt that card?", frozenset({"doubt"}), on_pass=_on_pass)}
MOVES = {
    "play": Move("play", _gen_play, _check_play, _exec_play, wrong_phase="Sums: not now"),
    "doubt": Move("doubt", _gen_doubt, lambda s, a: None, _exec_doubt),
}


class Sums(Game):
    id = "sums"
    name = "Sums"
    zones = ZONES
    phases = PHASES
    windows = WINDOWS
    moves = MOVES

    def deck_rules(self, deck, cards):
        return []

    def new_game(self, decks: Sequence[DeckList], seed: int, events=None) -> GameState:
        state = GameState(self, 2, seed)
        state.data = ToyData()
        for seat, deck in enumerate(decks):
            for name in deck.names():
                state.create(CARDS[name], seat, (seat, "deck"))
            state.shuffle((seat, "deck"))
            for _ in range(3):
                state.move(state.zones[(seat, "deck")][0], (seat, "hand"))
        events = events if events is not None else []
        enter_phase(state, "draw", events)
        settle(state, events)
        return state

    def winner(self, state):
        for seat in range(2):
            if sum(state.cards[c].card.value for c in state.zones[(seat, "pile")]) >= 10:
                return (seat,)
        return None

    def evaluate(self, state, seat):
        if state.over:
            return 1e6 if seat in state.winners else -1e6
        return sum(state.cards[c].card.value for c in state.zones[(seat, "pile")])


SUMS = Sums()
DECK = DeckList(name="numbers", cards={"1": 2, "2": 2, "3": 2, "4": 2, "5": 2})
