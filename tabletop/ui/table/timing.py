"""Time: the timeline that plays back what happened (``_at``, ``_play``), each frame's
``update`` (sprites sliding, dice, flashes and words running down), the seats taking
turns (a bot at its pace, a pass made for a person who may do nothing else), the end of
the game, and ``settle``, which finishes every animation at once."""

from __future__ import annotations

from collections.abc import Callable

from ...bots.host import HostFailed
from ...engine import PASS, Action, Event, GameState, legal_actions, to_act
from ..dice import ROLL_SECONDS
from ..seats import BotSeat
from .parts import BOT_PACE, DAMAGE_BEAT, FLIP_SECONDS


class TimingMixin:
    """The timeline, each frame's update and the turns taken in it."""

    def _play(self, events: list[Event]) -> None:
        """Animate what happened; the new view is shown once the dice have landed."""
        new_view = self.shown_view()
        t = 0.0
        rolled = False
        phases = self.game.phases
        for e in events:
            if not e.shown_to(self.near):
                continue  # something this seat does not learn of
            if e.kind == "phase" and phases[e.value[0]].auto and phases[e.value[0]].in_turn:
                self._at(t, lambda name=e.value[0]: self._light(name))
                t += 0 if self.quick else 0.35
            elif e.kind == "attack" and len(e.cards) >= 2:
                # An attack's event names its attackers, then what they attack.
                self._point(e.cards[0], e.cards[-1], None)
                self.dice = [d for d in self.dice if not d.landed]
            elif e.kind == "turn" and not rolled and e.cards:
                sprite = self.sprites.get(e.cards[0])
                if sprite is not None:
                    sprite.tangle = 90.0
            elif e.kind in ("roll", "coin"):
                rolled = True
                self._at(t, lambda: self.app.sound.play("die"))
                if e.kind == "roll":
                    self._add_die(e, t)
                else:
                    self._add_coin(e, t)
                t += 0 if self.quick else ROLL_SECONDS + 0.2
            elif e.kind == "outcome":
                self._at(t, lambda e=e: self._outcome(e))
            elif e.kind == "flip" and e.cards and not self.quick:
                self._at(t, lambda cid=e.cards[0]: self.flips.__setitem__(cid, self.clock))
                t += FLIP_SECONDS
            elif e.kind == "damage" and e.cards:
                self._at(t, lambda e=e: self._damage(e))
                if e.value and e.value[0] > 0 and not self.quick:
                    t += DAMAGE_BEAT  # the next blow once this one has been seen
        self._at(t, lambda: self._show(new_view))

    def _show(self, new_view: GameState) -> None:
        self.view = new_view
        self.phase_lit = None
        self._sync()

    def _light(self, phase: str) -> None:
        self.phase_lit = phase
        self.dirty = True

    def _at(self, delay: float, fn: Callable[[], None]) -> None:
        if delay <= 0 and not self.timeline:
            fn()
        else:
            self.timeline.append((self.clock + delay, fn))

    def busy(self) -> bool:
        if self._animating():
            return True
        seat = to_act(self.state)
        return seat is not None and self.seats[seat].is_bot and not self.paused

    def _animating(self) -> bool:
        """Something is moving or on show for a while: the frames must keep coming."""
        if (
            self.timeline
            or self.dice
            or self.flashes
            or self.toast
            or self.arrow_left is not None
            or self.over_wait is not None
            or self.flips
        ):
            return True
        return any(s.moving for s in self.sprites.values())

    def update(self, dt: float) -> None:
        self._animate(dt)
        if self.paused or self.timeline or not self.driving:
            return
        self._take_turns(dt)

    def _animate(self, dt: float) -> None:
        # Animations run at the player's speed; with animation off, cards snap to their
        # places and dice show their faces at once, but results stay up as long as usual.
        anim = dt * (self.speed if not self.quick else 1.0)
        self.clock += anim
        if self.timeline:
            due = [item for item in self.timeline if item[0] <= self.clock]
            if due:
                self.timeline = [item for item in self.timeline if item[0] > self.clock]
                for _, fn in sorted(due, key=lambda item: item[0]):
                    fn()
            self.dirty = True
        held = self.drag[0] if self.drag else None
        for sprite in self.sprites.values():
            if sprite.moving and sprite.cid != held:
                sprite.update(1.0 if self.quick else anim)
                self.dirty = True
        if self.dice:
            for d in self.dice:
                d.update(anim)
            self.dice = [d for d in self.dice if not d.finished]
            self.dirty = True
        if self.flips:
            self.flips = {c: t for c, t in self.flips.items() if self.clock - t < FLIP_SECONDS}
            self.dirty = True
        if self.flashes:
            for f in self.flashes:
                f.age += anim
            self.flashes = [f for f in self.flashes if f.age < f.ttl]
            self.dirty = True
        if (
            self.arrow is not None
            and self.arrow_left is None
            and not self.state.prompts
            and not self.timeline
        ):
            self.arrow_left = 2.0  # the attack is over (nobody is asked about it): fade out
        if self.arrow_left is not None:
            self.arrow_left -= anim
            if self.arrow_left <= 0:
                self.arrow = self.arrow_left = None
            self.dirty = True
        if self.toast is not None:
            words, left, color = self.toast
            self.toast = (words, left - dt, color) if left - dt > 0 else None
            self.dirty = True
        if self.refused is not None:
            card, left = self.refused
            self.refused = (card, left - dt) if left - dt > 0 else None
            self.dirty = True
        if self.hinted is not None:
            cards, left = self.hinted
            self.hinted = (cards, left - dt) if left - dt > 0 else None
            self.dirty = True
        if self.hinting:
            self._hint_ready()
        if self.bot_wait > 0:
            self.bot_wait -= dt

    def _take_turns(self, dt: float) -> None:
        """The seats take their turns: a computer player's decision played at its pace, a
        pass made for a person who may only pass, the screen handed to the seat to act."""
        if self.state.over:
            self._finish(dt)
            return
        seat = to_act(self.state)
        occupant = self.seats[seat]
        if isinstance(occupant, BotSeat):
            self._bot_turn(occupant, seat)
            if self.timeline or self.state.over:
                return
            seat = to_act(self.state)  # a person asked by the bot's move: passed at once?
            if self.seats[seat].is_bot:
                return
        if self._pass_for(seat):
            return
        if seat != self.near and self.curtain is None:
            if not self.hotseat:
                self._set_near(seat)
            elif not self._holding():
                self._hand_over(seat)

    def _pass_for(self, seat: int) -> bool:
        """Pass at once, for a person, a window in which passing is all it may do: always
        against the computer (which never sees the screen), and in hot-seat when the players
        chose speed over privacy (the other player can then tell when you could answer)."""
        prompt = self.state.top_prompt
        if prompt is None or prompt.name == self.game.respond_window:
            return False  # a player who asked to answer is shown its hand, whatever it holds
        if self.hotseat and not self.app.settings.answer_only_when_able:
            return False
        if self._passable is None:  # worked out once per move, not per frame
            self._passable = [a.kind for a in legal_actions(self.state)] == [PASS]
        if not self._passable:
            return False
        self._apply(Action(PASS, seat), sound=False)
        return True

    def _bot_turn(self, bot: BotSeat, seat: int) -> None:
        """A bot thinks as soon as it is to act; its decision is played once the table has
        settled and its pace since the last move has passed, so how long it thought (how
        many choices its hidden cards gave it) does not show."""
        if self.bot_action is None:
            try:
                if not bot.thinking:
                    bot.start(self.match, seat)
                    self.dirty = True
                    if self.bot_wait <= 0 and not self.instant:
                        self.bot_wait = BOT_PACE / max(1.0, self.speed)
                self.bot_action = bot.result(self.state)
            except HostFailed as e:
                self._host_failed(e)
                return
            if self.bot_action is None:
                return
        if self.bot_wait > 0 or (any(s.moving for s in self.sprites.values()) and not self.quick):
            return
        action, self.bot_action = self.bot_action, None
        self._apply(action)
        # Readable at every speed: a bot's moves never run faster than a person's.
        self.bot_wait = 0.0 if self.instant else BOT_PACE / max(1.0, self.speed)

    def _finish(self, dt: float) -> None:
        if self.over_wait is None:
            self.over_wait = 0.0 if self.instant else 1.4
        self.over_wait -= dt
        if self.over_wait <= 0 and self.on_over is not None:
            callback, self.on_over = self.on_over, None
            callback(self)

    def settle(self) -> None:
        """Finish every animation at once: sprites at their places, timeline run."""
        while self.timeline:
            self.clock = max(t for t, _ in self.timeline)
            self.update(0.0)
        for sprite in self.sprites.values():
            sprite.x, sprite.y = sprite.target
            sprite.angle = sprite.tangle
        self.flashes = [f for f in self.flashes if not f.rise]  # damage floats are done
        if not self.state.prompts:
            self.arrow = self.arrow_left = None
        self.dirty = True

    def step_instant(self) -> None:
        """Advance a bot-only table by one decision with no animation (screenshots, tests)."""
        self.update(0.0)
        for seat in self.seats:
            if isinstance(seat, BotSeat) and seat.thinking:
                try:
                    self.bot_action = seat.wait(self.state) or self.bot_action
                except HostFailed as e:
                    self._host_failed(e)
        self.update(0.0)
