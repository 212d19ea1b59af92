"""Bot against bot with no window: whole games, seeded, for the CLI, tests and benches."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..bots import Bot, make, responder
from ..engine import RESPOND, Action, DeckList, Game, GameRecord, Match, pick_decks, to_act


@dataclass
class GameResult:
    seed: int
    winners: tuple[int, ...]  # () for a draw
    turns: int
    actions: int
    capped: bool  # ended as a draw by the turn cap
    record: GameRecord


def play_game(
    game: Game,
    decks: Sequence[DeckList],
    seed: int,
    bots: Sequence[Bot],
    turn_cap: int | None = None,
) -> GameResult:
    cap = turn_cap if turn_cap is not None else game.turn_cap()
    # A bot that deals possible worlds is told what its seat remembers (the others need
    # only the view, and the game is faster without the memory).
    match = Match(game, decks, seed, remember=any(getattr(b, "remembers", False) for b in bots))
    for bot in bots:
        follow = getattr(bot, "follow", None)  # a bot thinking elsewhere follows the record
        if follow is not None:
            follow(match)
    state = match.state
    actions = 0
    while not state.over and state.turn <= cap:
        seat = to_act(state)
        action = bots[seat](match.view(seat))
        match.apply(action)
        actions += 1
        other = responder(state, bots, seat)  # the others may interrupt, as at a table
        if other is not None:
            match.apply(Action(RESPOND, other))
            actions += 1
    capped = not state.over
    return GameResult(
        seed, state.winners if state.over else (), state.turn, actions, capped, match.record
    )


@dataclass
class Summary:
    game: str
    bots: list[str]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    capped: int = 0
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict:
        per_seat = {f"seat {i + 1} ({bot})": self.wins[i] for i, bot in enumerate(self.bots)}
        by_bot: dict[str, int] = {}
        for i, bot in enumerate(self.bots):
            by_bot[bot] = by_bot.get(bot, 0) + self.wins[i]
        return {
            "game": self.game,
            "games": self.games,
            "wins_per_seat": per_seat,
            "win_rate_per_bot": {b: round(w / max(1, self.games), 3) for b, w in by_bot.items()},
            "draws": self.draws,
            "draws_by_turn_cap": self.capped,
            "average_turns": round(self.turns / max(1, self.games), 1),
            "actions_per_second": round(self.actions / max(1e-9, self.seconds)),
            "games_per_second": round(self.games / max(1e-9, self.seconds), 2),
        }


def run(
    game: Game,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    deck_names: Sequence[str] | None = None,
    seats: int | None = None,
) -> Summary:
    if len(bot_names) == 1:  # one bot in every seat (the game's fewest, unless told)
        bot_names = list(bot_names) * (seats or game.min_seats)
    seats = len(bot_names)
    summary = Summary(game.id, list(bot_names), wins=[0] * seats)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        bots = [make(name, game_seed * 31 + k) for k, name in enumerate(bot_names)]
        decks = pick_decks(game, seats, game_seed, deck_names)
        result = play_game(game, decks, game_seed, bots)
        summary.games += 1
        summary.turns += result.turns
        summary.actions += result.actions
        summary.capped += result.capped
        if result.winners:
            for w in result.winners:
                summary.wins[w] += 1
        else:
            summary.draws += 1
    summary.seconds = time.perf_counter() - start
    return summary
