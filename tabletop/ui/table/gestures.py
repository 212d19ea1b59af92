"""Input: keys and the mouse, a press becoming a drag, and what a click, a drop or a
right-click on a card means now (``click_meaning``, ``drop_meaning``), with the menus of
actions they offer."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pygame

from ...engine import (
    CONCEDE,
    END,
    HIDDEN,
    PASS,
    RESPOND,
    Action,
    allowed_kinds,
    can_see,
    check,
    make,
)
from ..widgets import Menu, click
from .parts import DRAG_START, KEYS, MANUAL_HEADING, Meaning

# The help an action's text form gives ('guard "Bodyguard" -> "Creature"'): it says how a
# move is typed, not why it is refused, so a gesture is never answered with it.
TEXT_FORM = re.compile(r'\(\w+ "|\b\w+ "\w+"')


class GestureMixin:
    """Keys, mouse, drags, and the meaning of each gesture."""

    def handle(self, event: pygame.event.Event) -> None:
        pos = self.app.input.pos
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.paused:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                click(self._pause_buttons(), event.pos)
            return
        if self.curtain is not None:  # the curtain takes every press until it is lifted
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                self._lift_curtain()
            return
        if event.type == pygame.MOUSEMOTION:
            self._motion(pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                self._left_down(event.pos)
            elif event.button == 3:
                self._right_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self._release(event.pos, event.button)
        elif event.type == pygame.MOUSEWHEEL and self.layout.log.collidepoint(pos):
            self.log_scroll = max(0, self.log_scroll + event.y * 3)
            self.dirty = True

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            if self.confirm == "end":  # not ending after all: back to the table
                self._resume()
            elif self.confirm is not None:
                self.confirm = None
            elif self.menu is not None:
                self.menu = None
            elif self.drag is not None:
                self.drag = self.press = None
                self._sync()
            else:
                self.paused = not self.paused
            self.dirty = True
        elif event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_h and self.curtain is None:
            self.hint()
        elif event.key in KEYS and not self.paused and self.curtain is None:
            for button in self._keyed():
                if button.key == KEYS[event.key] and button.enabled:
                    button.on_click()
                    return

    def _motion(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.drag is None:
            cid, start, alt = self.press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) >= DRAG_START:
                sprite = self.sprites.get(cid)
                if sprite is not None and self.human_to_act():
                    self.drag = (cid, (round(sprite.x) - start[0], round(sprite.y) - start[1]), alt)
                    self.drag_targets = self.drop_targets(cid)
                    self.menu = None
        if self.drag is not None:
            cid, (ox, oy), _ = self.drag
            sprite = self.sprites[cid]
            sprite.x, sprite.y = pos[0] + ox, pos[1] + oy  # its target stays home
            self.dirty = True
        hover = self.card_at(pos, skip=self.drag[0] if self.drag else None)
        if hover != self.hover:
            self.hover = hover
            if hover is not None and (self.sprites[hover].face_up or self.sprites[hover].marked):
                self.zoomed = self.view.cards[hover].card
                self.zoomed_id = hover
            self.dirty = True
        if self.menu is not None:
            self.dirty = True
            i = self.menu.item_at(pos)
            named = self.option_card(i) if i is not None else None
            if named is not None:  # the card an option names, read in the zoom
                self.zoomed, self.zoomed_id = self.view.cards[named].card, named
        for button in self._buttons():
            if button.rect.collidepoint(pos):
                self.dirty = True

    def drop_targets(self, cid: int) -> tuple[set[int], set]:
        """The cards and zones a drag of ``cid`` may end on to do something legal (lit while
        it is dragged)."""
        cards, zones = set(), set()
        for action in self.actions_for(cid):
            if action.targets:
                cards.add(action.targets[0])
            else:
                dest = self.spec.destination(self.view, action)
                if dest is not None:
                    zones.add(dest)
        return cards, zones

    def _left_down(self, pos: tuple[int, int]) -> None:
        if self.menu is not None:
            if not self.menu.click(pos):
                self.menu = None
            self.dirty = True
            return
        if click(self._buttons(), pos):
            self.dirty = True
            return
        if self.log_jump is not None and self.log_jump.collidepoint(pos):
            self.log_scroll = self.log_unread = 0  # back to the newest lines
            self.dirty = True
            return
        cid = self.card_at(pos)
        if cid is not None and self.handles(cid):
            self.press = (cid, pos, self.app.input.shift)

    def _right_down(self, pos: tuple[int, int]) -> None:
        """The right button: a menu on release, or, dragged, the other way of a drop (a
        card placed face down)."""
        self.menu = None
        cid = self.card_at(pos)
        if cid is not None and self.handles(cid) and self.human_to_act():
            self.press = (cid, pos, True)
        else:
            self._right_click(pos)

    def _release(self, pos: tuple[int, int], button: int) -> None:
        press, drag = self.press, self.drag
        self.press = self.drag = None
        self.drag_targets = (set(), set())
        if drag is not None:
            self._drop(drag[0], pos, drag[2])
        elif press is not None and button == 3:
            self._right_click(press[1])
        elif press is not None and self.card_at(pos) == press[0]:
            self._click(press[0])
        self.dirty = True

    def _drop(self, cid: int, pos: tuple[int, int], alt: bool = False) -> None:
        meaning = self.drop_meaning(cid, pos, alt)
        if meaning.action is not None:
            self.attempt(meaning.action)
            return
        self._sync()
        if meaning.offer:
            self._offer(meaning.offer, pos)
        elif meaning.words:
            self.say(meaning.words)

    def drop_meaning(self, cid: int, pos: tuple[int, int], alt: bool = False) -> Meaning:
        """What dropping ``cid`` at ``pos`` means now (``alt``: dragged with the right button
        or Shift held): a drop onto a card means an action on it, else onto the zone under
        the mouse."""
        if not self.human_to_act():
            return Meaning()
        target = self.card_at(pos, skip=cid)
        zone = None
        if target is not None:
            zone = self.view.cards[target].zone
        else:
            for placed in self.layout.placed:
                if placed.rect.collidepoint(pos):
                    zone = placed.key
                    break
        sel = self.spec.selection(self.view, self.near)
        if (
            sel is not None
            and sel.target
            and target is not None
            and self.view.cards[cid].zone in self._marking(sel)
        ):
            chosen = (
                (cid, *(c for c in self._marked(sel) if c != cid))
                if sel.lead
                else self._marked(sel, cid)
            )
            return Meaning(make(self.state, sel.kind, self.near, chosen, (target,)))
        actions = self.actions_for(cid)
        matches = [a for a in actions if target is not None and a.targets == (target,)]
        if not matches and zone is not None:
            matches = [
                a for a in actions if not a.targets and self.spec.destination(self.view, a) == zone
            ]
        if len(matches) == 1:
            return Meaning(self._real(matches[0]))
        if len(matches) > 1:
            chosen = self.spec.pick(self.view, matches, alt)
            if chosen is not None:
                return Meaning(self._real(chosen))
            return Meaning(offer=matches)
        intent = self.spec.intent(self.view, self.near, cid, target, zone)
        if intent is not None:
            return Meaning(self._real(intent))
        name = self.view.cards[cid].card.name
        if actions:
            return Meaning(words=f"Drop {name} on a highlighted place: there it does something")
        return Meaning(words=self.why_not(cid, target))

    def _click(self, cid: int) -> None:
        meaning = self.click_meaning(cid)
        if meaning.mark:
            self.selected ^= {cid}
            self.dirty = True
        elif meaning.action is not None:
            self.attempt(meaning.action)
        elif meaning.offer:
            self._offer(meaning.offer, self.app.input.pos)
        elif meaning.words:
            self.say(meaning.words)

    def click_meaning(self, cid: int) -> Meaning:
        """What a click on ``cid`` means now: only the cards the near seat handles take
        clicks."""
        if not self.human_to_act() or not self.handles(cid):
            return Meaning()
        sel = self.spec.selection(self.view, self.near)
        if sel is not None and self.view.cards[cid].zone in self._marking(sel):
            return Meaning(mark=True)
        actions = [
            a for a in self.actions_for(cid) if a.kind in self.spec.click_kinds and not a.targets
        ]
        if len(actions) == 1 and actions[0].kind not in self.spec.confirm_kinds:
            return Meaning(self._real(actions[0]))
        if actions:  # several, or one that spends for good: a menu, a second click confirms
            return Meaning(offer=actions)
        intent = self.spec.intent(self.view, self.near, cid, None, None)
        meant = self._real(intent) if intent is not None else None
        if meant is not None and check(self.state, meant) is None:
            return Meaning(meant)
        name = self.view.cards[cid].card.name
        legal = self.actions_for(cid)
        if legal:  # what it may do is not a click: say the gesture that does it
            dragged = [a for a in legal if a.targets or self.spec.destination(self.view, a)]
            if not dragged:
                return Meaning(words=f"Right-click {name} for what it may do now")
            menu = ", or right-click it for its actions" if len(dragged) < len(legal) else ""
            return Meaning(words=f"Drag {name} onto a place that lights up{menu}")
        if meant is not None:  # refused: the rule says why
            return Meaning(meant)
        return Meaning(words=self.why_not(cid))

    def why_not(self, cid: int, target: int | None = None) -> str:
        """Why nothing a gesture on ``cid`` (onto ``target``) could mean is legal, in the
        rules' own words: of the game's moves made with this card, the refusal that gets
        furthest into the rules (one the move itself gives, naming the card, before one of
        the phase's), never the help of an action's text form nor whose turn it is; else
        what the seat may do now."""
        state, seat = self.state, self.near
        if target is not None and not can_see(state, seat, target):
            target = None  # a refusal about a card the seat cannot see could describe it
        name = self.view.cards[cid].card.name
        now = allowed_kinds(state)
        # The moves made now with cards lying where this one lies: what a player dragging
        # it most likely meant (moving a creature, not playing it from a hand it has left).
        where = state.cards[cid].zone
        live = {a.kind for a in self.legal() if any(state.cards[c].zone == where for c in a.cards)}
        best: tuple[int, str] | None = None
        for kind in self.game.moves:
            if kind in (CONCEDE, RESPOND, END, PASS):
                continue
            for aimed in ((target,), ()) if target is not None else ((),):
                reason = check(state, Action(kind, seat, (cid,), aimed))
                if reason is None or TEXT_FORM.search(reason):
                    continue
                rank = (
                    (kind in now)
                    + 2 * (kind in live)
                    + (name in reason)
                    + (bool(aimed) or target is None)
                )
                if best is None or rank > best[0]:
                    best = (rank, reason)
        if best is not None:
            return best[1]
        sel = self.spec.selection(self.view, self.near)
        doing = sel.prompt if sel is not None else self.spec.prompt(self.view, self.near)
        return f"{name} has no move now." + (f" {doing}" if doing else "")

    def _right_click(self, pos: tuple[int, int]) -> None:
        cid = self.card_at(pos)
        self.menu = None
        if cid is None:
            return
        card = self.view.cards[cid].card
        actions = self.actions_for(cid)
        manual = self.spec.manual_actions(self.view, self.near, cid) if self.human_to_act() else []
        title = card.name if card is not HIDDEN else "A hidden card"
        if actions or manual:
            self._offer(actions, pos, title, manual)
        else:
            self.menu = Menu(
                pos,
                [("Nothing to do with this card now", None)],
                self.layout.play,
                self.layout.px(14),
                title,
            )
            self.offered = [None]
        self.dirty = True

    def _offer(
        self,
        actions: Sequence[Action],
        pos: tuple[int, int],
        title: str = "",
        manual: Sequence[Action] = (),
    ) -> None:
        """A menu of ``actions``; then, under a "By hand" heading, the ``manual`` ones (the
        player's own corrections, which the rules do not check)."""
        rows: list[Action | None] = list(actions)
        if manual:
            rows += [None, *manual]
        items: list[tuple[str, Callable[[], object] | None]] = [
            (MANUAL_HEADING, None)
            if a is None
            else (self.spec.words(self.view, a), (lambda a=a: self.attempt(self._real(a))))
            for a in rows
        ]
        self.menu = Menu(pos, items, self.layout.play, self.layout.px(14), title)
        self.offered = rows
        self.dirty = True

    def option_card(self, i: int) -> int | None:
        """The card the menu's option ``i`` names (what sets it apart from the others: the
        city to found, the card to take from a search), when the near seat may read it."""
        if not 0 <= i < len(self.offered) or self.offered[i] is None:
            return None
        options = [a for a in self.offered if a is not None]
        action = self.offered[i]
        shared = set.intersection(*({*a.cards, *a.targets} for a in options))
        for cid in (*action.cards, *action.targets):
            if cid not in shared or len(options) == 1:
                inst = self.view.cards.get(cid)
                return cid if inst is not None and inst.card is not HIDDEN else None
        return None

    def _marking(self, sel) -> set:
        """The near seat's zones whose cards a selection marks."""
        return {(self.near, z) for z in sel.zones}

    def _marked(self, sel, also: int | None = None) -> tuple[int, ...]:
        """The marked cards (and ``also``), in the order they lie."""
        return tuple(
            c
            for z in sel.zones
            for c in self.state.zones[(self.near, z)]
            if c in self.selected or c == also
        )

    def _real(self, action: Action) -> Action:
        """The same action, named as the real state names its cards (views hide names)."""
        return make(
            self.state, action.kind, action.seat, action.cards, action.targets, action.words
        )

    def card_at(self, pos: tuple[int, int], skip: int | None = None) -> int | None:
        best = None
        for sprite in self.sprites.values():
            if (
                sprite.cid != skip
                and sprite.rect().collidepoint(pos)
                and (best is None or sprite.z > best.z)
            ):
                best = sprite
        return best.cid if best else None
