"""Saving, undo and hints: the autosave at each turn, taking back an action, and a
hint (a puzzle's next step, or what the computer at its hardest would do, worked out
in its worker processes)."""

from __future__ import annotations

from ...bots.host import HostFailed
from ...engine import Event, parse, to_act
from .. import theme
from ..seats import BotSeat


class SavingMixin:
    """Autosave, undo and hints."""

    def autosave(self, now: bool = False) -> None:
        """Save the game at the start of every turn (or ``now``); a finished game becomes a
        replay and its save goes. A game that cannot be saved says so and plays on."""
        if not self.setup.save:
            return
        from ...system.logs import log

        try:
            self.kept(self.match.record, self.setup.seats, self.state, now)
        except OSError as e:
            log.warning("could not save %s: %s", self.kept.path, e)
            self.say(f"The game could not be saved: {e.strerror or e}")

    def closing(self) -> None:
        """The window is closing or the player leaves the table: save where it stands."""
        for s in self.seats:
            if isinstance(s, BotSeat):
                s.cancel()
        if self.host is not None:
            self.host.close()
            self.host = None
        self.autosave(now=True)

    def undo(self) -> None:
        """Take back the near seat's last action, or say why it cannot be."""
        if self.state.over or self.curtain is not None or self.paused:
            return
        why = self.match.why_not_undo(self.near)
        if why is None and (self.timeline or self.seats[self.near].is_bot):
            why = "Wait for the table to settle"
        if why is not None:
            self.say(why)
            return
        # In words, as the seat's own menus name the action; the other seats read only that
        # an action was taken back (it may have been a card they do not see made a resource).
        taken = self.spec.words(self.view, parse(self.state, self.match.record.actions[-1]))
        self.match.undo()
        if self.walk is not None:
            self.walk.taken_back()
            self.solved = self.walk.solved(self.state)
        self._passable = None
        who = self.state.seat_names[self.near]
        self.events.append(
            Event(
                "info",
                f"{who} takes back: {taken}",
                seat=self.near,
                secret=f"{who} takes back an action",
                seen_by=frozenset({self.near}),
            )
        )
        self.timeline.clear()
        self.dice.clear()
        self.arrow = self.arrow_left = None
        self.menu = None
        self.selected.clear()
        self._log_cache = None
        self.view = self.shown_view()
        self._sync()
        self.say(f"Undone: {taken}", 2.5, theme.GOLD)

    def hint(self) -> None:
        """A puzzle's next step, in words; in a game, what the computer at its hardest
        would do in the near seat's place, worked out from that seat's own view only
        (shown, never played)."""
        if self.walk is None:
            self._ask_hint()
            return
        if self.walk.solved(self.state):
            self.say("Solved: nothing more to find here.", 4.0, theme.GOLD)
            return
        found = self.walk.suggestion(self.state)
        if found is None:  # the player's own way: the computer looks from where it stands
            self.say(
                "The walk-through no longer applies from here (Ctrl+Z takes you back "
                "to it): asking the computer.",
                4.0,
                theme.GOLD,
            )
            self._ask_hint()
            return
        step, action = found
        words = self.spec.words(self.view, action)
        self.say(f"{words}. {step.say}" if step.say else words, 8.0, theme.GOLD)
        self.hinted = ((*action.cards, *action.targets), 6.0)
        self.dirty = True

    def _ask_hint(self) -> None:
        if self.state.over or self.curtain is not None or self.paused or self.hinting:
            return
        if not self.human_to_act():
            self.say("A hint is for your own decisions: wait until you are to act.")
            return
        if self.host is None:
            self.host = self._new_host()
            if self.host is None:
                self.say("Hints need the computer player, which could not be started here.")
                return
        if any(isinstance(s, BotSeat) and s.asked for s in self.seats):
            self.say("The computer is thinking; ask again in a moment.")
            return
        try:
            self.host.sync(self.match.record.actions)
            self.host.ask(self.near)
        except HostFailed as e:
            self._host_failed(e)
            return
        self.hinting = True
        self.say("Thinking about your move...", 3.0, theme.GOLD)

    def _host_failed(self, error: Exception) -> None:
        """The worker processes stopped (or their bot failed): the computer players think
        in this process from now on, and the game goes on."""
        from ...system.logs import log

        log.warning("computer player's worker processes: %s", error)
        for seat in self.seats:
            if isinstance(seat, BotSeat) and seat.host is not None:
                seat.cancel()
                seat.host = None
        if self.host is not None:
            self.host.close()
            self.host = None
        self.hinting = False
        self.say("The computer player's helper process stopped; it now thinks here.")

    def _hint_ready(self) -> None:
        """Show the hint once it has been worked out (and if it is still about now)."""
        assert self.host is not None
        try:
            action = self.host.answer(self.state)
        except HostFailed as e:
            self._host_failed(e)
            return
        if action is None:
            return
        self.hinting = False
        if to_act(self.state) != self.near:
            return
        label = self.spec.words(self.view, action)
        self.say(f"The computer would: {label}", 6.0, theme.GOLD)
        self.hinted = ((*action.cards, *action.targets), 6.0)
        if action.cards and action.targets:
            self._point(action.cards[0], action.targets[0], 6.0)
        self.dirty = True
