"""Acting: what the person at the table may do now, its actions sent to the engine (a
refusal said, nothing changed), the computer answering where the rules let it, the
seats' ranking, and how the seats are named to the person at the screen."""

from __future__ import annotations

from ...bots import responder
from ...engine import RESPOND, Action, Event, check, legal_actions, to_act
from ...engine.scenario import force
from .. import theme
from ..seats import BotSeat


class ActingMixin:
    """Actions sent to the engine, what is legal now, and the seats' names."""

    def human_to_act(self) -> bool:
        """The near seat may act now (its decision, nothing playing out, no curtain)."""
        if (
            self.state.over
            or self.timeline
            or self.curtain is not None
            or self.paused
            or not self.driving
        ):
            return False
        seat = to_act(self.state)
        return seat == self.near and not self.seats[seat].is_bot

    def attempt(self, action: Action) -> bool:
        """Send a person's action to the engine; on refusal show the rule and change nothing."""
        reason = check(self.state, action)
        if reason is not None:
            self.say(reason)
            self.refused = (action.cards[0] if action.cards else None, 1.2)
            self._sync()
            return False
        self._apply(action)
        return True

    def _note_out(self) -> None:
        """Keep the order seats go out in (seats out at once, in seat order)."""
        for seat in sorted(self.game.out(self.match.state)):
            if seat not in self.out_order:
                self.out_order.append(seat)

    def ranking(self) -> list[int]:
        """The seats from first to last: the winners, then the others, the last out first
        (those still in when the game ended, before any who went out)."""
        state = self.state
        winners = list(state.winners) if state.over else []
        still = [s for s in range(state.seats) if s not in winners and s not in self.out_order]
        return [*winners, *still, *reversed([s for s in self.out_order if s not in winners])]

    def say(
        self, words: str, seconds: float = 4.5, color: tuple[int, int, int] = theme.DANGER
    ) -> None:
        self.toast = (words, seconds, color)
        self.dirty = True

    def _apply(self, action: Action, sound: bool = True) -> None:
        if self.walk is not None:  # a puzzle: the walk-through's dice and shuffles, its own
            step = self.walk.played(self.state, action)
            if step is not None:
                force(self.state, step)
        events = self.match.apply(action)
        self.events.extend(events)
        self._note_out()
        self.menu = None
        self.selected.clear()
        self.toast = None
        self._log_cache = None
        self.acted_at = self.clock
        if self.walk is not None and not self.solved and self.walk.solved(self.state):
            self.solved = True
            goal = self.setup.puzzle.goal if self.setup.puzzle else ""
            self.events.append(Event("phase", f"Solved{': ' + goal if goal else ''}"))
            self.say("Solved! Esc for the menu: another puzzle, or play on.", 8.0, theme.GOLD)
        self.bot_action = None
        self._passable = None
        for seat in self.seats:
            if isinstance(seat, BotSeat):
                seat.cancel()  # a decision being made about the state before is moot
        if sound:
            self.app.sound.play("card")
        self._play(events)
        self.autosave()
        self._bots_may_answer(action.seat)

    def _bots_may_answer(self, acted: int) -> None:
        """Where the rules let a player act at any time, the computer considers answering
        after every move of the others, as a person at the table would."""
        bots = [s.bot if isinstance(s, BotSeat) else None for s in self.seats]
        seat = responder(self.state, bots, acted)
        if seat is not None:
            for s in self.seats:
                if isinstance(s, BotSeat):
                    s.cancel()  # whatever it was deciding waits for the answer
            self.bot_action = None
            self._apply(Action(RESPOND, seat), sound=False)

    def legal(self) -> list[Action]:
        """What the person at the table may do now (computed once per move of the game)."""
        if not self.human_to_act():
            return []
        key = len(self.match.record.actions)
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, legal_actions(self.state))
        return self._legal[1]

    def actions_for(self, cid: int) -> list[Action]:
        """The legal actions that take ``cid`` as their subject."""
        return [a for a in self.legal() if a.cards and a.cards[0] == cid]

    def handles(self, cid: int) -> bool:
        """Whether the near seat may take up card ``cid``: its own, or another's that one of
        its legal actions moves (a team-mate's creature it sends to defend, say)."""
        if self.view.cards[cid].owner == self.near:
            return True
        return self.human_to_act() and bool(self.actions_for(cid))

    def _hotseat_humans(self) -> bool:
        return sum(not s.is_bot for s in self.seats) > 1

    def known_as(self, seat: int) -> str:
        """A seat as the person at the screen knows it: "You" and "Computer" against the
        computer; its name in hot-seat (or with several computers)."""
        humans = [i for i, s in enumerate(self.seats) if not s.is_bot]
        if len(humans) == 1:
            if seat == humans[0]:
                return "You"
            if len(self.seats) == 2:
                return "Computer"
        return self.state.seat_names[seat]

    def whose(self, seat: int) -> str:
        """The possessive of :meth:`known_as`: "Your", "Computer's", "Player 2's"."""
        name = self.known_as(seat)
        return "Your" if name == "You" else f"{name}'" if name.endswith("s") else f"{name}'s"
