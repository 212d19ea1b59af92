"""``tabletop monkey``: a person mashing the interface, and a person playing through it.

Drives the real table (hot-seat, so every click belongs to someone) with seeded events of
two sorts, mixed:

* random ones: mouse moves, clicks, right-clicks, drags between random points, wheel turns,
  key presses (Esc, Space, F11, Enter, letters) and window resizes;
* aimed ones: a legal action is picked (the greedy bot's choice or any legal action, a
  Respond now and then) and made the way a player makes it: a drag of the card onto its
  target or zone (with the right button or Shift where that means the other way), a click
  on the card, a button of the bar or its key, a row of a menu (the card's right-click menu,
  the one a drop or a button opens), cards marked for a selection. Where the gesture goes is
  asked of the table itself (``drop_meaning``, ``click_meaning``, ``bar``, ``card_at``, the
  menu's rows), never worked out beside it. A gesture that does not make the action it was
  aimed at is an "aimed miss"; a legal action no gesture of the table makes is
  "unreachable". Aimed events also lift the hot-seat curtain, leave the pause menu, close a
  stray menu, concede a game that will not end, and start a new game from the game-over
  screen (its Play again).

After every event the game's state must still be valid. At the end, bots take every seat
and must play the current game to its end through the same table: it is still playable.
The game-over screen's Play again draws its seed from the ``random`` module, which the run
seeds, so a run is the same for the same seed.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field

import pygame

from ..engine import CONCEDE, RESPOND, Action, Game, named, pick_decks, to_act, view
from ..engine.invariants import card_problems, zone_problems

RANDOM_SHARE = 0.4  # the share of events that are random
GREEDY_SHARE = 0.7  # of the aimed actions, the share the greedy bot picks (the rest: any)
STALL = 60  # aimed steps without an action applied before the monkey concedes
WAIT_DT = 0.1  # seconds a frame advances while the monkey waits (the most the app's loop
# lets a frame advance)
WAIT_FRAMES = 600  # frames it waits at most (60 s of the table's time)
NOTES = 12  # misses and unreachable actions described (the rest are only counted)


@dataclass
class MonkeyResult:
    game: str
    events: int = 0
    random_events: int = 0
    aimed_actions: int = 0  # actions aimed at with a gesture
    hits: int = 0  # of them made as aimed
    gestures: Counter = field(default_factory=Counter)  # "gesture": actions made by it
    misses: Counter = field(default_factory=Counter)  # "gesture kind": aimed, not made
    unreachable: Counter = field(default_factory=Counter)  # action kind: no gesture makes it
    notes: list[str] = field(default_factory=list)  # the first misses and unreachables
    games_started: int = 0
    ends: Counter = field(default_factory=Counter)  # "won", "conceded", "left" (quit)
    per_game: list[int] = field(default_factory=list)  # actions applied in each game
    actions: int = 0
    refusals: int = 0
    finished_by_bots: bool = False
    seconds: float = 0.0
    failure: str = ""

    @property
    def games_finished(self) -> int:
        return self.ends["won"] + self.ends["conceded"]

    def as_dict(self) -> dict:
        return {
            "game": self.game,
            "events": self.events,
            "random_events": self.random_events,
            "games_started": self.games_started,
            "games_finished": self.games_finished,
            "games_won": self.ends["won"],
            "games_conceded": self.ends["conceded"],
            "games_left": self.ends["left"],
            "actions_applied": self.actions,
            "actions_per_game": self.per_game,
            "aimed_actions": self.aimed_actions,
            "aimed_hits": self.hits,
            "hits_by_gesture": dict(self.gestures.most_common()),
            "aimed_misses": dict(sorted(self.misses.items())),
            "unreachable": dict(sorted(self.unreachable.items())),
            "notes": self.notes,
            "refusals_shown": self.refusals,
            "finished_by_bots": self.finished_by_bots,
            "seconds": round(self.seconds, 1),
            "ok": not self.failure,
        }


KEYS = (
    pygame.K_ESCAPE,
    pygame.K_SPACE,
    pygame.K_SPACE,
    pygame.K_F11,
    pygame.K_RETURN,
    pygame.K_a,
    pygame.K_z,
    pygame.K_r,
)


def key_codes() -> dict[str, int]:
    """The keys the bar's buttons name, as key codes: the table's own map, the other way
    round (the first key of each name)."""
    from ..ui.table import KEYS as TABLE_KEYS

    out: dict[str, int] = {}
    for code, name in TABLE_KEYS.items():
        out.setdefault(name, code)
    return out


# Where on a card the monkey tries to press: across its width first (a crowded row shows
# each card's edge), at three heights, then along its top and bottom edges (an upright card
# beside turned ones may show only those).
SPOTS = [(fx / 10, fy) for fy in (0.5, 0.25, 0.75) for fx in (5, 8, 2, 9, 1, 7, 3, 6, 4)] + [
    (fx, fy) for fy in (0.04, 0.96) for fx in (0.5, 0.9, 0.1)
]


class Monkey:
    def __init__(
        self,
        game: Game,
        seed: int,
        app=None,
        random_share: float = RANDOM_SHARE,
        seats: int | None = None,
    ):
        from ..bots import make
        from ..ui.app import App

        self.game = game
        self.seats = seats or game.min_seats  # people at one screen, hot-seat
        self.rng = random.Random(seed)
        self.seed = seed
        self.random_share = random_share
        self.greedy = make("greedy", seed)
        self.keys = key_codes()
        self.app = app or App((1280, 720))
        self.result = MonkeyResult(game.id)
        self.table = None
        self._seen = 0  # the current game's record length when last looked at
        self._ended = False  # the current game is over (and counted)
        self._toast = None
        self._stall = 0
        random.seed(seed)
        self._new_table()

    def _new_table(self) -> None:
        from ..ui.scenes import new_table
        from ..ui.table import Setup

        s = self.seed * 1000 + self.result.games_started
        decks = pick_decks(self.game, self.seats, s)
        people = ["human"] * self.seats
        self.app.go(new_table(self.app, Setup(self.game, decks, people, s)))
        self._look()

    def _adopt(self, table) -> None:
        """A new game is on the table (started here, or by the game-over screen)."""
        if self.table is not None and not self._ended:
            self.result.ends["left"] += 1
        self.table = table
        self.result.games_started += 1
        self.result.per_game.append(0)
        self._seen = len(table.match.record.actions)
        self._ended = False
        self._toast = None
        self._stall = 0

    # -- after every event -----------------------------------------------------------------
    def _look(self) -> None:
        """Count what the last event did, and check the game is still valid."""
        from ..ui import theme
        from ..ui.table import TableScene

        scene = self.app.scene
        if isinstance(scene, TableScene) and scene is not self.table:
            self._adopt(scene)
        table = self.table
        n = len(table.match.record.actions)
        if n > self._seen:
            self.result.actions += n - self._seen
            self.result.per_game[-1] += n - self._seen
            self._stall = 0
        self._seen = n  # an undo takes actions back
        toast = table.toast
        if (
            toast is not None
            and toast[2] == theme.DANGER
            and (self._toast is None or toast[0] != self._toast[0] or toast[1] > self._toast[1])
        ):
            self.result.refusals += 1  # a new red message (its time left only runs down)
        self._toast = toast
        if table.state.over and not self._ended:
            self._ended = True
            last = table.match.record.actions[-1] if table.match.record.actions else ""
            self.result.ends["conceded" if last.split(": ", 1)[-1] == CONCEDE else "won"] += 1
        self.check()

    def check(self) -> None:
        state = self.table.state
        problems = zone_problems(state) + card_problems(state) + self.game.invariants(state)
        if problems:
            raise AssertionError("invalid state: " + "; ".join(problems[:3]))

    def _post(self, kind, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def _pump(self, frames: int = 1, dt: float = 0.05) -> None:
        self.app.pump(frames=frames, dt=dt)

    def _event(self) -> None:
        self.result.events += 1
        self._look()

    # -- one random gesture --------------------------------------------------------------
    def _point(self) -> tuple[int, int]:
        w, h = self.app.size
        sprites = list(self.table.sprites.values()) if self.app.scene is self.table else []
        if sprites and self.rng.random() < 0.5:
            r = self.rng.choice(sprites).rect()
            return r.centerx, r.centery
        return self.rng.randrange(w), self.rng.randrange(h)

    def gesture(self) -> None:
        roll = self.rng.random()
        if roll < 0.30:
            self._post(pygame.MOUSEMOTION, pos=self._point(), rel=(0, 0), buttons=(0, 0, 0))
        elif roll < 0.55:
            pos = self._point()
            self._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
            self._post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif roll < 0.62:
            pos = self._point()
            self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)
            self._post(pygame.MOUSEBUTTONUP, pos=pos, button=3)
        elif roll < 0.80:
            a, b = self._point(), self._point()
            self._post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
            for k in range(1, 5):
                p = (a[0] + (b[0] - a[0]) * k // 4, a[1] + (b[1] - a[1]) * k // 4)
                self._post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
                self._pump(frames=1, dt=0.02)
            self._post(pygame.MOUSEBUTTONUP, pos=b, button=1)
        elif roll < 0.85:
            self._post(
                pygame.MOUSEWHEEL, x=0, y=self.rng.choice((-1, 1)), flipped=False, pos=self._point()
            )
        elif roll < 0.97:
            self._post(pygame.KEYDOWN, key=self.rng.choice(KEYS), mod=0, unicode="", scancode=0)
        else:
            w, h = self.rng.randrange(640, 1921), self.rng.randrange(360, 1081)
            self._post(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))
        self._pump(frames=2, dt=0.05)
        self.result.random_events += 1
        self._event()

    # -- aimed gestures: what a player does ----------------------------------------------
    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self._post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self._post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self._pump()
        self._event()

    def key(self, code: int) -> None:
        self._post(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
        self._post(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
        self._pump()
        self._event()

    def drag(self, start: tuple[int, int], end: tuple[int, int], how: str = "left") -> None:
        """Press on ``start``, move to ``end`` in a few steps, let go: with the left button,
        the right one ("right") or the left with Shift held ("shift")."""
        button = 3 if how == "right" else 1
        held = (0, 0, 1) if button == 3 else (1, 0, 0)
        shift = dict(key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
        self._post(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
        if how == "shift":
            self._post(pygame.KEYDOWN, **shift)
        self._post(pygame.MOUSEBUTTONDOWN, pos=start, button=button)
        self._pump()
        for k in range(1, 4):
            p = (start[0] + (end[0] - start[0]) * k // 3, start[1] + (end[1] - start[1]) * k // 3)
            self._post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=held)
        self._post(pygame.MOUSEBUTTONUP, pos=end, button=button)
        if how == "shift":
            self._post(pygame.KEYUP, **shift)
        self._pump()
        self._event()

    def aim(self) -> None:
        """One aimed step: whatever stands between the player and the game, or an action."""
        from ..ui.scenes import GameOverScene
        from ..ui.table import TableScene

        scene = self.app.scene
        if isinstance(scene, GameOverScene):
            random.seed(self.seed * 7_919 + self.result.games_started)
            self.click(next(b for b in scene.buttons if b.label == "Play again").rect.center)
            return
        if not isinstance(scene, TableScene):
            self.back_to_the_table()
            return
        t = scene
        if t.paused:
            if t.confirm is None and self.rng.random() < 0.5:
                self.click(self._pause_button(t, "Resume").rect.center)
            else:
                self.key(pygame.K_ESCAPE)  # a question closes, then the menu
            return
        if t.curtain is not None:
            w, h = self.app.size
            self.click((self.rng.randrange(w), self.rng.randrange(h)))
            return
        if t.menu is not None or t.drag is not None:
            self.key(pygame.K_ESCAPE)  # a stray menu closes, a card held goes home
            return
        if not self._settle(t):
            return
        self._stall += 1
        if t.state.turn > self.game.turn_cap() or self._stall > STALL:
            self._concede(t)
            return
        self._play(t)

    def back_to_the_table(self) -> None:
        """Out of the settings (mashed into from the pause menu) with Esc, as a player goes
        back; from any other screen but the table's (the title), to a new game at once. No
        random event lands there: it could change the player's settings."""
        from ..ui.scenes import GameOverScene
        from ..ui.settings_scene import SettingsScene
        from ..ui.table import TableScene

        if isinstance(self.app.scene, SettingsScene):
            self.key(pygame.K_ESCAPE)
        if not isinstance(self.app.scene, (TableScene, GameOverScene)):
            self._new_table()

    def _settle(self, t) -> bool:
        """Wait (the table's time, no events) until the person at the table may act: the
        last move played out, the screen handed over, a finished game's screen shown."""
        for _ in range(WAIT_FRAMES):
            if self.app.scene is not t or t.paused or t.curtain is not None:
                return False
            if t.human_to_act() and not any(s.moving for s in t.sprites.values()):
                return True
            self._pump(dt=WAIT_DT)
            self._look()
        raise AssertionError(
            f"the table never let anyone act (to act: {to_act(t.state)}, "
            f"near: {t.near}, timeline: {len(t.timeline)})"
        )

    def _pause_button(self, t, label: str):
        return next(b for b in t._pause_buttons() if b.label.startswith(label))

    def _concede(self, t) -> None:
        """A game that will not end (or that the monkey cannot go on with) is given up from
        the pause menu: Esc, Concede, Yes."""
        self.key(pygame.K_ESCAPE)
        if t.paused:
            self.click(self._pause_button(t, "Concede").rect.center)
        if t.paused and t.confirm == "concede":
            self.click(self._pause_button(t, "Yes").rect.center)

    def _choose(self, t) -> list[Action]:
        """The actions to aim at, in order of preference: the greedy bot's choice or any
        legal action (a Respond button's among them), then the others at random."""
        legal = list(t.legal())
        responds = [b.action for b in t.bar() if b.action is not None and b.action.kind == RESPOND]
        pool = legal + responds
        self.rng.shuffle(pool)
        if legal and self.rng.random() < GREEDY_SHARE:
            seat = to_act(t.state)
            pick = self.greedy(view(t.state, seat))
            if pick in pool:
                pool.remove(pick)
                pool.insert(0, pick)
        return pool

    def _play(self, t) -> None:
        for action in self._choose(t):
            way = self._way(t, action)
            if way is not None:
                self._perform(t, action, *way)
                return
            self.result.unreachable[action.kind] += 1
            self._note(f"no gesture makes {named(t.state, action).exact()}")
        self._concede(t)  # nothing the player may do can be done at this table: give up

    def _perform(self, t, action: Action, name: str, perform) -> None:
        record = t.match.record.actions
        before = len(record)
        expected = named(t.state, action).exact()
        self.result.aimed_actions += 1
        perform()
        made = record[before] if len(record) > before and self.table is t else None
        if made == expected:
            self.result.hits += 1
            self.result.gestures[name] += 1
            return
        self.result.misses[f"{name} {action.kind}"] += 1
        toast = t.toast[0] if t.toast is not None else ""
        self._note(
            f"{name} for {expected} made {made or 'nothing'}" + (f" ({toast})" if toast else "")
        )

    def _note(self, words: str) -> None:
        if len(self.result.notes) < NOTES:
            self.result.notes.append(
                f"game {self.result.games_started}, event {self.result.events}: {words}"
            )

    # -- the ways of making an action, as the table says -----------------------------------
    def _way(self, t, action: Action) -> tuple[str, object] | None:
        """A gesture that makes ``action`` as the table reads it: the sorts of gesture are
        tried in a random order and the first the table would take is used."""
        sorts = ["bar", "card click", "card drag", "right-click menu"]
        self.rng.shuffle(sorts)
        for sort in sorts:
            ways = self._ways(t, action, sort)
            if ways:
                return self.rng.choice(ways)
        return None

    def _ways(self, t, action: Action, sort: str) -> list[tuple[str, object]]:
        ways: list[tuple[str, object]] = []
        if sort == "bar":
            for entry in t.bar():
                b = entry.button
                if entry.action == action and b.enabled:
                    ways.append(("button", self._sure(t, lambda r=b.rect: self.click(r.center))))
                    if b.key in self.keys:
                        ways.append(("key", self._sure(t, lambda k=self.keys[b.key]: self.key(k))))
                elif action in entry.options:
                    ways.append(
                        (
                            "button menu",
                            lambda r=b.rect: self._menu_after(
                                t, action, lambda: self.click(r.center)
                            ),
                        )
                    )
                for row, hidden in enumerate(entry.more):  # the bar's More menu holds it
                    hb = hidden.button
                    if hidden.action == action and hb.enabled and hb.key in self.keys:
                        ways.append(("key", self._sure(t, lambda k=self.keys[hb.key]: self.key(k))))
                    elif action in hidden.options:  # a menu of its own, from More's row
                        ways.append(
                            (
                                "more menu",
                                lambda r=b.rect, row=row: self._menu_after(
                                    t, action, lambda: self._row_of(t, r, row)
                                ),
                            )
                        )
            return ways
        if not action.cards:
            return ways
        sel = t.spec.selection(t.view, t.near)
        if sel is not None and action.kind == sel.kind:
            return self._marking(t, action, sel) if sort == "card click" else []
        cid = action.cards[0]
        press = self._hit(t, cid)
        if press is None:
            return ways
        if sort == "card click":
            meaning = t.click_meaning(cid)
            if meaning.action == action:
                ways.append(("click", lambda: self.click(press)))
            elif action in meaning.offer:
                ways.append(
                    ("click menu", lambda: self._menu_after(t, action, lambda: self.click(press)))
                )
        elif sort == "card drag":
            drop = self._drop_for(t, cid, action)
            if drop is not None:
                pos, how, menu = drop
                name = ("drag menu" if menu else "drag") + ("" if how == "left" else f" {how}")
                if menu:
                    ways.append(
                        (
                            name,
                            lambda: self._menu_after(t, action, lambda: self.drag(press, pos, how)),
                        )
                    )
                else:
                    ways.append((name, lambda: self.drag(press, pos, how)))
        elif action in t.actions_for(cid):
            ways.append(
                (
                    "right-click menu",
                    lambda: self._menu_after(t, action, lambda: self.click(press, button=3)),
                )
            )
        return ways

    def _sure(self, t, press):
        """A press of the bar; when the table asks first (ending a phase with points
        unspent), the answer a player who meant it gives: Yes."""

        def run() -> None:
            press()
            if t.paused and t.confirm == "end":
                self.click(self._pause_button(t, "Yes").rect.center)

        return run

    def _hit(self, t, cid: int, skip: int | None = None) -> tuple[int, int] | None:
        """A point of ``cid``'s sprite where the table finds that card (and no button of
        the bar is hit first), or None: it is covered, or not shown."""
        sprite = t.sprites.get(cid)
        if sprite is None:
            return None
        r = sprite.rect()
        w, h = self.app.size
        buttons = [e.button for e in t.bar()]
        for fx, fy in SPOTS:
            p = (r.left + int(r.width * fx), r.top + int(r.height * fy))
            if (
                0 <= p[0] < w
                and 0 <= p[1] < h
                and t.card_at(p, skip=skip) == cid
                and not any(b.hit(p) for b in buttons)
            ):
                return p
        return None

    def _drop_for(self, t, cid: int, action: Action) -> tuple[tuple[int, int], str, bool] | None:
        """Where (and how: left, right or Shift) to drop ``cid`` so that the table makes
        ``action``, or offers it in a menu (third item True)."""
        points = []
        if action.targets:
            p = self._hit(t, action.targets[0], skip=cid)
            if p is not None:
                points.append(p)
        zones = t.drop_targets(cid)[1]  # where the table lights the legal drops
        for p in t.layout.placed:
            if p.key not in zones:
                continue
            r = p.rect
            points += [
                r.center,
                (r.left + r.width // 5, r.centery),
                (r.right - r.width // 5, r.centery),
            ]
        found = None
        for pos in points:
            for how in ("left", "right"):
                meaning = t.drop_meaning(cid, pos, how != "left")
                if meaning.action == action:
                    if how == "right" and self.rng.random() < 0.5:
                        how = "shift"  # Shift held means the same as the right button
                    return pos, how, False
                if found is None and action in meaning.offer:
                    found = (pos, how, True)
        return found

    def _marking(self, t, action: Action, sel) -> list[tuple[str, object]]:
        """A selection (a mulligan, attackers): mark the action's cards by clicking them,
        then press the button, or drag one of them onto the target. Whether the button (or
        the drop) would then make the action is asked of the table with the cards marked
        for the moment, before any click."""
        zone = t.state.zones[(t.near, sel.zone)]
        if any(c not in zone for c in action.cards):
            return []
        want = set(action.cards)
        dragged = action.cards[0] if sel.target else None
        clicks = []
        for c in zone:
            if (c in t.selected) != (c in want) and c != dragged:
                p = self._hit(t, c)
                if p is None or not t.click_meaning(c).mark:
                    return []
                clicks.append(p)
        marked = t.selected
        t.selected = {c for c in zone if c in want and c != dragged} | (marked - set(zone))
        try:
            if sel.target:
                press = self._hit(t, dragged)
                drop = self._hit(t, action.targets[0], skip=dragged)
                ok = (
                    press is not None
                    and drop is not None
                    and t.drop_meaning(dragged, drop).action == action
                )
            else:
                ok = any(e.action == action and e.button.enabled for e in t.bar())
        finally:
            t.selected = marked

        def then_button() -> None:
            for p in clicks:
                self.click(p)
            entry = next((e for e in t.bar() if e.action == action and e.button.enabled), None)
            if entry is not None:
                self.click(entry.button.rect.center)

        def then_drop() -> None:
            for p in clicks:
                self.click(p)
            self.drag(press, drop)

        if not ok:
            return []
        return [("mark and drag", then_drop)] if sel.target else [("mark and button", then_button)]

    def _menu_after(self, t, action: Action, opening) -> None:
        """Open a menu (by ``opening``), then click its row for ``action``."""
        opening()
        if t.menu is None or action not in t.offered:
            return
        self._click_row(t, t.offered.index(action))

    def _row_of(self, t, button: pygame.Rect, row: int) -> None:
        """Open the menu of the bar's ``button`` and click its ``row``."""
        self.click(button.center)
        self._click_row(t, row)

    def _click_row(self, t, i: int) -> None:
        """Click row ``i`` of the menu shown."""
        if t.menu is None:
            return
        r = t.menu.rect
        for y in range(r.top, r.bottom, 2):
            if t.menu.item_at((r.centerx, y)) == i:
                self.click((r.centerx, y))
                return

    # -- the run -----------------------------------------------------------------------
    def run(self, events: int, games: int | None = None) -> MonkeyResult:
        """Play ``events`` events (or until ``games`` games have finished), then let the
        bots finish the game on the table."""
        start = time.perf_counter()
        try:
            while self.result.events < events and (
                games is None or self.result.games_finished < games
            ):
                if self.rng.random() < self.random_share:
                    self.gesture()
                    self.back_to_the_table()
                else:
                    self.aim()
            self.finish_with_bots()
        except Exception:
            self.result.failure = (
                f"seed {self.seed}, event {self.result.events}:\n" + traceback.format_exc()
            )
        self.result.seconds = time.perf_counter() - start
        return self.result

    def finish_with_bots(self) -> None:
        """Hand every seat to a bot and play the current game out through the table."""
        from ..bots import make
        from ..ui.seats import BotSeat

        table = self.table
        table.paused = False
        table.curtain = None
        table.menu = None
        table.drag = table.press = None
        table.seats = [
            BotSeat(make("greedy", 1 + i), "greedy")
            if i % 2 == 0
            else BotSeat(make("random", 1 + i), "random")
            for i in range(table.state.seats)
        ]
        table.instant = True
        table.timeline.clear()
        for _ in range(20_000):
            if table.state.over or table.state.turn > self.game.turn_cap():
                break
            table.step_instant()
            table.dirty = True
            self.app.step(0.0)
            self.check()
        self.result.finished_by_bots = table.state.over or table.state.turn > self.game.turn_cap()
        if not self.result.finished_by_bots:
            raise AssertionError("the bots could not finish the game")


def run(
    game: Game,
    events: int,
    seed: int,
    app=None,
    random_share: float = RANDOM_SHARE,
    games: int | None = None,
    seats: int | None = None,
) -> MonkeyResult:
    return Monkey(game, seed, app, random_share, seats).run(events, games)
