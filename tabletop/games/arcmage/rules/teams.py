"""ARC-mage's Team Play Formats (the rulebook's "Team Play Formats" section): who is on whose
team, the order of turns, and who has won.

- The **One, Two, Three Headed Giant** format (``GIANT``): two teams, the larger first; "Teams
  gets alternating turns", each team going through its players in order (2 vs 1: A1, B1,
  A2, B1...). "When a player loses all of their cities in play, they are out of the game and
  it triggers the start of their endgame (the last round, up until this player's would be
  next turn). If the rest of the team manages to destroy all opponents' cities in the last
  round they win, else they lose."
- The **Aminduna** format (``AMINDUNA``): the evil overlord (the first seat) against a team
  of two or three. "The evil overlord always goes first"; it founds two cities, may draw a
  card at the end of its turn, and its army has Militia (two cities attacked in one Attack
  phase, ruling 82). "Building a city causes all team players to skip their (next) turn."
  "If the evil overlord is defeated, all team players win"; if every team player is, the
  overlord does.

In both, "while defending in combat, creatures from all team players' armies may defend",
and nobody attacks a team-mate's city. Seats are given to the teams by their number: in
the Giant, Team A has the even seats (Players 1 and 3) and Team B the odd ones; in
Aminduna, Player 1 is the overlord. The rulings this section needed are 80 to 84 in
``docs/rulings/arcmage.md``."""

from __future__ import annotations

from math import lcm

from ....engine import Event, Events, GameState
from .gamedata import ArcData
from .state import data, losers, who

GIANT, AMINDUNA = "giant", "aminduna"
FORMAT_NAMES = {GIANT: "One, Two, Three Headed Giant", AMINDUNA: "Aminduna"}
TEAM_NAMES = {GIANT: ("Team A", "Team B"), AMINDUNA: ("The overlord", "The team")}
OVERLORD = 0  # the seat of Aminduna's evil overlord
OVERLORD_CITIES = 2  # "In the first round, the evil overlord puts two cities into play"


def setup(d: ArcData, seats: int, fmt: str, first_team: int = 0) -> None:
    """The teams of a new game of ``fmt`` and its order of turns (``first_team`` starts the
    Giant: the larger team, or the one the die chose between equal teams)."""
    d.format = fmt
    if fmt == GIANT:
        d.teams = tuple(s % 2 for s in range(seats))
        members = ([s for s in range(seats) if s % 2 == 0], [s for s in range(seats) if s % 2])
        first, second = members[first_team], members[1 - first_team]
        # alternating teams, each going through its own players in order, until both come
        # round together again
        d.order = tuple(
            (first if i % 2 == 0 else second)[(i // 2) % len(first if i % 2 == 0 else second)]
            for i in range(2 * lcm(len(first), len(second)))
        )
    elif fmt == AMINDUNA:
        d.teams = tuple(0 if s == OVERLORD else 1 for s in range(seats))
        d.order = tuple(range(seats))
    d.at = 0


def teamed(state: GameState) -> bool:
    return bool(data(state).format)


def allied(state: GameState, a: int, b: int) -> bool:
    """Whether two seats play on one team (a seat is on its own)."""
    teams = data(state).teams
    return a == b or (bool(teams) and teams[a] == teams[b])


def mates(state: GameState, seat: int) -> list[int]:
    """The seat's team-mates."""
    return [s for s in range(state.seats) if s != seat and allied(state, s, seat)]


def opponents(state: GameState, seat: int) -> list[int]:
    """The seats the seat plays against: every other one, but its team-mates."""
    return [s for s in range(state.seats) if not allied(state, s, seat)]


def team_name(state: GameState, seat: int) -> str:
    """ "Team A", "Team B"; "The overlord", "The team" (empty: no teams)."""
    d = data(state)
    return TEAM_NAMES[d.format][d.teams[seat]] if d.format else ""


def first_seat(state: GameState) -> int:
    return data(state).order[0]


def is_overlord(state: GameState, seat: int) -> bool:
    return data(state).format == AMINDUNA and seat == OVERLORD


def next_seat(state: GameState, events: Events) -> int:
    """Whose turn is next: the Giant's order, or clockwise; a player out of the game is
    passed over, as an Aminduna team player who skips this turn (a city was built), said."""
    d = data(state)
    lost = losers(state)
    for _ in range(2 * len(d.order)):
        d.at = (d.at + 1) % len(d.order)
        seat = d.order[d.at]
        if d.format == GIANT and d.endgame is not None and seat == d.endgame[0]:
            return seat  # the endgame's last round is over: ``winner`` decides
        if lost[seat]:
            continue
        if seat in d.skip:
            d.skip = d.skip - {seat}
            events.append(
                Event(
                    "info",
                    f"{who(state, seat)} skips this turn (a team player built a city)",
                    seat=seat,
                )
            )
            continue
        return seat
    return state.active


def built(state: GameState, seat: int) -> None:
    """An Aminduna team player built a city: every team player skips their next turn."""
    d = data(state)
    if d.format == AMINDUNA and seat != OVERLORD:
        d.skip = frozenset(s for s in range(state.seats) if s != OVERLORD)


def note_out(state: GameState) -> None:
    """The Giant's endgame begins when the first player is out: the last round runs until
    that player's turn would come again (ruling 80)."""
    d = data(state)
    if d.format != GIANT or d.endgame is not None or not all(d.founded):
        return
    for seat, gone in enumerate(losers(state)):
        if gone:
            d.endgame = (seat, state.turn)
            return


def _fallen(state: GameState) -> list[int]:
    """The teams every player of which is defeated."""
    d = data(state)
    lost = losers(state)
    return [t for t in (0, 1) if all(lost[s] for s in range(state.seats) if d.teams[s] == t)]


def winner(state: GameState) -> tuple[int, ...] | None:
    """The winning team once a team game is decided (every seat of it, those out of the
    game too: "all team players win, even those who have been destroyed"), ``()`` if both
    teams fell at once, None while it goes on. A team falls when all its players are
    defeated (Aminduna's overlord alone makes a team); in the Giant, the endgame's last
    round ending with the other team standing also loses."""
    d = data(state)
    if not all(d.founded):
        return None
    fallen = _fallen(state)
    if len(fallen) == 2:
        return ()
    if fallen:
        return tuple(s for s in range(state.seats) if d.teams[s] != fallen[0])
    if d.format == GIANT and d.endgame is not None:
        seat, turn = d.endgame
        if state.active == seat and state.turn > turn:  # its turn came again: too late
            return tuple(s for s in range(state.seats) if not allied(state, s, seat))
    return None


def ending(state: GameState) -> str:
    """Why a team game was decided, in words every seat may read, naming the players."""
    d = data(state)
    fallen = _fallen(state)

    def players(team: int) -> str:
        return " and ".join(who(state, s) for s in range(state.seats) if d.teams[s] == team)

    if len(fallen) == 2:
        return f"both teams fell at once ({players(0)}; {players(1)})"
    if d.format == AMINDUNA:
        if 0 in fallen:
            return f"the evil overlord, {players(0)}, is defeated"
        return f"every team player is defeated ({players(1)})"
    if fallen:
        return f"every city of {TEAM_NAMES[GIANT][fallen[0]]} ({players(fallen[0])}) fell"
    seat = d.endgame[0] if d.endgame is not None else state.active
    other = TEAM_NAMES[GIANT][1 - d.teams[seat]]
    return f"{who(state, seat)} was out, and the last round ended with {other} still standing"
