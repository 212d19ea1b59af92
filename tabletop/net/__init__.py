"""Play across computers: one player hosts, the others join, and the host is the referee.

* ``wire`` — frames of JSON, and the messages a joining player may send (validated);
* ``codec`` — a seat's view of the game as JSON values and back, through a closed list of
  classes;
* ``host`` — the game, run in the host's process, its seats (players joining, computer
  players here), the checks on every action and every message;
* ``client`` — a player joining: headless, a computer player plays the seat;
* ``remote`` — the connection a table uses, on a thread of its own, polled each frame.

The protocol is written down in ``docs/network.md``.
"""
