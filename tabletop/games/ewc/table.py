"""How EWC sits on the table: its layout, its card faces and the meaning of its gestures.

Each side of the board has two rows. The Hero sits on top of a triangle with its two
starting cards below it (the rulebook's setup), Ally tokens peek out from behind the Hero
and step beside it when created, the other cards in play continue the lower row, and the
deck and discard piles sit at the end of the Hero's row. The far side is the near side
mirrored, so both Heroes face the middle of the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Action, GameState, ZoneKey, act
from ...tablespec import Area, Button, CardBack, Face, Selection, Stat, TableSpec, Tether, stat
from . import rules
from .cards import TIMING_WORDS, EwcCard
from .rules import ALLIES, BEHIND, DECK, DISCARD, FIELD, HAND, HERO

# Vertical bands of the 1280×720 design (the table keeps x 1010..1280 for zoom and log).
FAR_HAND_Y, NEAR_HAND_Y = 4, 590
UPPER_ROW, LOWER_ROW = 0, 118  # within a side's 236-high board
NEAR_BOARD_Y, FAR_BOARD_Y = 350, 66
CARD_W, CARD_H = 80, 112


def _rows(side: str) -> tuple[float, float]:
    """(y of the Hero row, y of the row below it) for a side."""
    if side == "near":
        return NEAR_BOARD_Y + UPPER_ROW, NEAR_BOARD_Y + LOWER_ROW
    # mirrored: the Hero row is nearer the middle, the starting cards nearer the edge
    return FAR_BOARD_Y + LOWER_ROW, FAR_BOARD_Y + UPPER_ROW


def _side(side: str) -> list[Area]:
    # The triangle: the Hero centred over its two starting cards, spaced so that either may
    # lie turned sideways without touching the other.
    hero_y, field_y = _rows(side)
    return [
        Area(BEHIND, side, (38, hero_y, CARD_W, CARD_H), style="peek", label="Behind"),
        Area(HERO, side, (92, hero_y, CARD_W, CARD_H), label="Hero"),
        Area(ALLIES, side, (190, hero_y, 3 * CARD_W + 20, CARD_H), label="Allies"),
        Area(
            FIELD,
            side,
            (262, field_y, 740, CARD_H),
            label="In play",
            slots=((32, field_y, CARD_W, CARD_H), (152, field_y, CARD_W, CARD_H)),
        ),
        Area(DECK, side, (830, hero_y, CARD_W, CARD_H), style="pile", label="Deck"),
        Area(DISCARD, side, (920, hero_y, CARD_W, CARD_H), style="pile", label="Discard"),
    ]


SEAT_W, SEAT_H = 60, 84  # an opponent's cards, with three or four at the table


def _opponent(box: tuple[float, float, float, float]) -> list[Area]:
    """One of several opponents in a column ``box`` of the top of the table: the Hero row
    (Behind, Hero, Allies, deck and discard), the starting cards and what is in play under
    it, the hand beside the status plate."""
    x0, _, w, _ = box
    c, h = SEAT_W, SEAT_H
    row1, row2 = 64, 64 + h + 14
    piles = x0 + w - 2 * (c + 6) - 2
    allies = x0 + 30 + c + 8
    field = x0 + 4 + 2 * (h + 8)  # two starting cards, each free to lie turned
    return [
        Area(BEHIND, "far", (x0 + 4, row1, c, h), style="peek", size="seat", label="Behind"),
        Area(HERO, "far", (x0 + 30, row1, c, h), size="seat"),
        Area(ALLIES, "far", (allies, row1, piles - allies - 6, h), size="seat", label="Allies"),
        Area(DECK, "far", (piles, row1, c, h), style="pile", size="seat", label="Deck"),
        Area(
            DISCARD, "far", (piles + c + 6, row1, c, h), style="pile", size="seat", label="Discard"
        ),
        Area(
            FIELD,
            "far",
            (field, row2, x0 + w - 4 - field, h),
            size="seat",
            label="In play",
            slots=((x0 + 4, row2, c, h), (x0 + 12 + h, row2, c, h)),
        ),
        Area(HAND, "far", (x0 + w - 48, 2, 42, 58), style="pile", size="small"),
    ]


AREAS = (
    *_side("near"),
    *_side("far"),
    Area(
        HAND,
        "near",
        (10, NEAR_HAND_Y, 990, 128),
        size="hand",
        align="center",
        label="Hand",
        grow_up=True,
    ),
    Area(HAND, "far", (10, FAR_HAND_Y, 990, 58), size="small", align="center", label="Hand"),
)

EMBLEMS = {"hero": "♛", "weapon": "⚔", "action": "✦", "reaction": "↺", "armor": "⬢", "ally": "♞"}
COLORS = {
    "hero": (196, 150, 52),
    "weapon": (168, 64, 52),
    "action": (52, 104, 172),
    "reaction": (124, 76, 164),
    "armor": (70, 128, 92),
    "ally": (146, 106, 66),
}


class EwcTable(TableSpec):
    def __init__(self):
        super().__init__(
            back=CardBack("⚅", "EWC", (44, 14, 14), (110, 30, 28), (136, 48, 40), "diagonal"),
            areas=AREAS,
            card_sizes={
                "board": (CARD_W, CARD_H),
                "hand": (92, 128),
                "small": (40, 56),
                "seat": (SEAT_W, SEAT_H),
                "zoom": (250, 350),
            },
            turn_phases=rules.TURN_PHASES,
            icon_face=rules.ICON,
            click_kinds=frozenset({"tp", "use"}),
        )

    def status_anchor(self, side: str) -> tuple[float, float]:
        hero_y, _ = _rows(side)
        return 462, hero_y + 8

    def opponent_areas(self, box: tuple[float, float, float, float]) -> list[Area]:
        return _opponent(box)

    def opponent_status(self, box: tuple[float, float, float, float]) -> tuple[float, ...]:
        return box[0] + 4, 2, box[2] - 58

    # -- faces ------------------------------------------------------------------------
    def face(self, card: EwcCard) -> Face:
        t = card.type
        kind = {"hero": "Hero", "ally": "Ally token"}.get(t, t.capitalize())
        extras = []
        atk = card.attack
        if atk is not None and atk.piercing:
            extras.append("Piercing")
        if card.timing:
            extras.append(
                TIMING_WORDS[card.timing].replace(
                    "when your Hero or Ally is attacked", "when attacked"
                )
            )
        if card.one_shot:
            extras.append("one use")
        type_line = " · ".join([kind, *extras])
        stats: tuple[tuple[str, str], ...] = ()
        if t == "hero":
            stats = (
                ("STR", str(card.strength)),
                ("DEF", str(card.defense)),
                ("SPD", str(card.speed)),
                ("LIFE", str(card.life)),
            )
        elif t == "ally":
            stats = (
                ("STR", str(card.strength)),
                ("DEF", str(card.defense)),
                ("LIFE", str(card.life)),
            )
        elif atk is not None:
            stats = (("STR", str(atk.strength)),)
        return Face(
            title=card.name,
            type_line=type_line,
            text=card.text,
            cost=None if card.is_character else str(card.cost),
            stats=stats,
            color=COLORS[t],
            footer="Starting card" if card.starter else "",
            emblem=EMBLEMS[t],
        )

    def unspent(self, view: GameState, seat: int, legal: Sequence[Action]) -> str | None:
        tp = rules.data(view).tp[seat]
        if view.phase in ("training", "combat") and tp and any(a.kind == "play" for a in legal):
            return f"{tp} TP"  # "TP cannot be stored for later turns"
        return None

    def live_stats(self, view: GameState, inst) -> tuple[Stat, ...] | None:
        card = inst.card
        if inst.zone[1] not in (HERO, ALLIES) or not card.is_character:
            return None
        life = stat("LIFE", max(0, card.life - inst.damage), card.life, card.life)
        if card.type == "hero":
            return (
                ("STR", str(card.strength), 0),
                ("DEF", str(card.defense), 0),
                ("SPD", str(card.speed), 0),
                life,
            )
        return (("STR", str(card.strength), 0), ("DEF", str(card.defense), 0), life)

    def combat(self, view: GameState) -> list[Tether]:
        c = rules.data(view).combat
        return [] if c is None else [(c.attacker, c.target, "attack")]

    def shows_damage(self, inst) -> bool:
        return False  # its live stats say what is left

    # -- status -----------------------------------------------------------------------
    def seat_title(self, view: GameState, seat: int) -> str:
        return f"{view.seat_names[seat]} · {rules.hero(view, seat).card.name}"

    def status(self, view: GameState, seat: int) -> list[tuple[str, str]]:
        d = rules.data(view)
        h = rules.hero(view, seat)
        out = [("Life", f"{max(0, h.card.life - h.damage)}/{h.card.life}"), ("TP", str(d.tp[seat]))]
        if d.next_bonus[seat]:
            out.append(("Next attack", f"+{d.next_bonus[seat]}"))
        if d.out[seat]:
            out.append(("", "Out"))
        return out

    # -- words --------------------------------------------------------------------------
    def action_label(self, view: GameState, action: Action) -> str:
        k = action.kind
        name = view.cards[action.cards[0]].card.name if action.cards else ""
        target = view.cards[action.targets[0]].card.name if action.targets else ""
        if k == "tp":
            return f"Activate {name} for 1 TP"
        if k == "play":
            return f"Put {name} into play ({view.cards[action.cards[0]].card.cost} TP)"
        if k == "attack":
            src = view.cards[action.cards[0]].card
            return f"Attack {target}" if src.is_character else f"Attack {target} with {name}"
        if k == "use":
            return f"Activate {name}" + (f" on {target}" if target else "")
        if k == "keep":
            return "Keep hand"
        if k == "replace":
            return f"Replace {len(action.cards)}"
        if k == "pass":
            return "Pass"
        if k == "end":
            return self.end_label(view)
        return str(action)

    def end_label(self, view: GameState) -> str:
        return {"training": "Go to Combat", "combat": "End turn"}.get(view.phase, "End phase")

    # -- gestures -------------------------------------------------------------------------
    def destination(self, view: GameState, action: Action) -> ZoneKey | None:
        if action.kind == "play":
            return (action.seat, FIELD)
        return None

    def intent(
        self, view: GameState, seat: int, card: int, target: int | None, zone: ZoneKey | None
    ) -> Action | None:
        inst = view.cards[card]
        if inst.owner != seat:
            return None
        where = inst.zone[1]
        if where == HAND:
            if target is None and zone is None:
                return None
            mine = (zone is not None and zone[0] == seat) or (
                target is not None and view.cards[target].owner == seat
            )
            return act(view, "play", seat, (card,)) if mine else None
        if target is not None and view.cards[target].owner != seat:
            c = inst.card
            if c.type == "action" and c.attack is None:
                return act(view, "use", seat, (card,), (target,))
            return act(view, "attack", seat, (card,), (target,))
        if target is None and zone is None:  # a click
            if view.phase == "training" and not view.prompts:
                return act(view, "tp", seat, (card,))
            if where == FIELD:
                return act(view, "use", seat, (card,))
        return None

    def prompt(self, view: GameState, seat: int) -> str | None:
        if view.active != seat or view.prompts:
            return None
        tp = rules.data(view).tp[seat]
        if view.phase == "training":
            return (
                f"Training ({tp} TP): click your ready cards in play to turn them for "
                "1 TP each, then drag cards from your hand into play, paying their cost "
                "in TP."
            )
        if view.phase == "combat":
            return (
                "Combat: drag your Hero, an Ally or a ready Weapon or Action onto an "
                "opposing Hero or Ally to attack; then pass the turn."
            )
        return None

    def selection(self, view: GameState, seat: int) -> Selection | None:
        if view.phase == "setup":
            return Selection(
                HAND,
                "replace",
                "Keep your starting hand, or click cards to put "
                "them at the bottom of your deck and draw as many",
                "Replace {n}",
            )
        return None

    def buttons(self, view: GameState, seat: int) -> list[Button]:
        if view.phase == "setup":
            return [Button("Keep hand", act(view, "keep", seat), "Space")]
        return []


TABLE = EwcTable()
