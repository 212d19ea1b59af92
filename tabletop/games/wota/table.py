"""How War of the Arcane sits on the table: the 5×5 battlefield in the middle, turned so
that the seat near the screen has its territory at the bottom, hands above and below,
decks and graveyards on the left, set-aside Tokens and the Spells being cast on the right.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import END, Action, GameState, ZoneKey, act, counted
from ...tablespec import Area, Badge, Button, CardBack, Face, Stat, TableSpec, stat
from . import rules
from .cards import UNTIL_HEALED, WotaCard
from .rules import ASIDE, COORD, DECK, GRAVE, HAND, SQUARES, STACK

SQ = 96  # a square of the battlefield, in design units
GRID_X, GRID_Y = 265, 64
CARD = (66, 92)
OWN, NEUTRAL, ENEMY = (44, 82, 60), (62, 66, 58), (82, 50, 46)

COLORS = {
    "unit": (150, 92, 52),
    "token": (120, 120, 96),
    "spell": (64, 96, 170),
    "trap": (120, 60, 130),
    "stone": (60, 130, 150),
}
EMBLEMS = {"unit": "⚔", "token": "♞", "spell": "✦", "trap": "⚠", "stone": "◆"}
BADGES = {
    "poisoned": ("☠", (86, 140, 60)),
    "frozen": ("❄", (70, 130, 190)),
    "burned": ("♨", (190, 90, 40)),
    "shocked": ("⚡", (190, 170, 40)),
    "dazed": ("✷", (130, 110, 160)),
    "bleeding": ("♥", (170, 40, 50)),
    "petrified": ("◼", (110, 110, 110)),
}


def _square_area(sq: str, near: int) -> Area:
    c, r = COORD[sq]
    if near == 1:  # the battlefield turns to face Player 2
        c, r = 4 - c, 4 - r
    x, y = GRID_X + c * SQ, GRID_Y + (4 - r) * SQ
    rank = COORD[sq][1]
    fill = NEUTRAL if rank == 2 else OWN if rank in rules.territory(near) else ENEMY
    return Area(
        sq,
        "table",
        (x + (SQ - CARD[0]) / 2, y + 2, CARD[0], SQ - 4),
        fill=fill,
        label=sq,
        sides=True,
    )


SIDES = (
    Area(DECK, "far", (24, 128, *CARD), style="pile", label="Deck"),
    Area(GRAVE, "far", (104, 128, *CARD), style="pile", label="Graveyard"),
    Area(ASIDE, "far", (790, 66, *CARD), style="pile", label="Tokens"),
    Area(DECK, "near", (24, 350, *CARD), style="pile", label="Deck"),
    Area(GRAVE, "near", (104, 350, *CARD), style="pile", label="Graveyard"),
    Area(ASIDE, "near", (790, 448, *CARD), style="pile", label="Tokens"),
    Area(STACK, "table", (780, 230, 220, 100), label="Spells being cast", align="center"),
    Area(
        HAND, "near", (10, 592, 990, 126), size="hand", align="center", label="Hand", grow_up=True
    ),
    Area(HAND, "far", (270, 4, 480, 56), size="small", align="center", label="Hand"),
)


class WotaTable(TableSpec):
    def __init__(self):
        super().__init__(
            back=CardBack("◆", "ARCANE", (26, 16, 44), (64, 40, 110), (84, 58, 140), "lattice"),
            areas=SIDES,
            card_sizes={"board": CARD, "hand": (88, 124), "small": (40, 56), "zoom": (250, 350)},
            turn_phases=rules.TURN_PHASES,
            click_kinds=frozenset({"flip", "cast"}),
            confirm_kinds=frozenset({"cast"}),
            bar=(6, 548, 998, 40),
            status_width=236,
        )
        self._areas = {
            near: (*[_square_area(sq, near) for sq in SQUARES], *SIDES) for near in (0, 1)
        }

    def layout_areas(self, near: int) -> Sequence[Area]:
        return self._areas[near]

    def status_anchor(self, side: str) -> tuple[float, float]:
        return (12, 64) if side == "far" else (12, 476)

    # -- faces -----------------------------------------------------------------------------
    def face(self, card: WotaCard) -> Face:
        kind = {
            "unit": "Unit",
            "token": "Token",
            "spell": "Spell",
            "trap": "Trap",
            "stone": "Mystic Stone",
        }[card.type]
        extras = []
        if card.first_blood:
            extras.append("First-Blood")
        if card.type == "spell":
            extras.append(
                {"none": "no target", "enemy": "on an enemy card", "ally": "on your card"}[
                    card.target
                ]
            )
            if card.counters:
                extras.append("counter")
        stats: tuple[tuple[str, str], ...] = ()
        if card.is_unit:
            stats = (("ATK", str(card.attack)), ("HP", str(card.health)))
        elif card.type == "stone":
            stats = (("HP", str(card.health)),)
        return Face(
            card.name,
            " · ".join([kind, *extras]),
            card.text,
            None,
            stats,
            COLORS[card.type],
            emblem=EMBLEMS[card.type],
        )

    def badges(self, view: GameState, inst) -> list[tuple[str, str, tuple[int, int, int]]]:
        out = []
        for status, (symbol, color) in BADGES.items():
            turns = inst.counters.get(status)
            if turns:  # the turns it has left: Poisoned counts down, some last until healed
                left = (
                    "until healed" if status in UNTIL_HEALED else f"{counted(turns, 'turn')} left"
                )
                out.append(
                    Badge(
                        symbol,
                        "∞" if status in UNTIL_HEALED else str(turns),
                        color,
                        f"{symbol} {status.capitalize()}, {left}",
                    )
                )
        return out

    def unspent(self, view: GameState, seat: int, legal: Sequence[Action]) -> str | None:
        ap = rules.data(view).ap
        if view.phase == "main" and ap and any(a.kind != END for a in legal):
            return counted(ap, "action point")
        return None

    def live_stats(self, view: GameState, inst) -> tuple[Stat, ...] | None:
        card = inst.card
        if not rules.on_board(view, inst.id) or not (card.is_unit or card.type == "stone"):
            return None
        most = rules.health_of(inst)  # a Berserker at 4 ATK with 3 of 5 HP: "ATK 4", "HP 3/5"
        hp = stat("HP", max(0, most - inst.damage), card.health, most)
        return (stat("ATK", rules.attack_of(inst), card.attack), hp) if card.is_unit else (hp,)

    def shows_damage(self, inst) -> bool:
        return False  # its live stats say what is left

    def card_state(self, view: GameState, inst) -> list[str]:
        out = [f"Damage {inst.damage}"] if inst.damage else []
        atk, hp = inst.counters.get("atk", 0), inst.counters.get("hp", 0)
        if atk or hp:  # as cards print a change of ATK and HP: "+0/+2"
            out.append(f"Buffs {atk:+d}/{hp:+d}")
        out += [b.said() for b in self.badges(view, inst)]  # each status, with its turns
        return out

    # -- status ------------------------------------------------------------------------------
    def status(self, view: GameState, seat: int) -> list[tuple[str, str]]:
        d = rules.data(view)
        sid = d.stones[seat]
        if sid < 0:
            stone = "?"  # face down: its Health is its owner's secret
        else:
            inst = view.cards[sid]
            if inst.zone[1] == rules.GRAVE:  # its damage is gone with it: not "12/12"
                stone = "destroyed"
            else:
                stone = f"{max(0, rules.health_of(inst) - inst.damage)}/{rules.health_of(inst)}"
        out = [("Stone", stone)]
        if view.phase == "main" and view.active == seat:
            out.append(("AP", "●" * d.ap + "○" * (rules.AP_PER_TURN - d.ap)))
        out.append(("Hand", str(len(view.zones[(seat, HAND)]))))
        return out

    # -- words ------------------------------------------------------------------------------
    def action_label(self, view: GameState, action: Action) -> str:
        k = action.kind
        name = view.cards[action.cards[0]].card.name if action.cards else ""
        if action.cards and view.cards[action.cards[0]].face_down and k != "place":
            name = f"{name} (face down)"
        target = view.cards[action.targets[0]].card.name if action.targets else ""
        if action.targets and view.cards[action.targets[0]].face_down:
            target = f"the face-down card on {view.data.where.get(action.targets[0], '?')}"
        if k == "place":
            return f"Place {name} on {action.words[0]} face {action.words[1]}"
        if k == "move":
            return f"Move {name} to {action.words[0]}"
        if k == "flip":
            return f"Flip {name} face up"
        if k == "attack":
            return f"Attack {target} with {name}"
        if k == "cast":
            return f"Cast {name}" + (f" on {target}" if target else "")
        if k == "advance":
            return f"Move {name} into {action.words[0]}"
        if k == "ready":
            return "Done placing"
        if k == "end":
            return "End turn"
        return (
            "Stay"
            if k == "pass" and view.top_prompt and view.top_prompt.name == "advance"
            else str(action)
        )

    def end_label(self, view: GameState) -> str:
        return "End turn"

    def pass_label(self, view: GameState) -> str:
        prompt = view.top_prompt
        return "Stay" if prompt is not None and prompt.name == "advance" else "Pass"

    # -- gestures -----------------------------------------------------------------------------
    def destination(self, view: GameState, action: Action) -> ZoneKey | None:
        if action.kind in ("place", "move", "advance"):
            return (None, action.words[0])
        return None

    def pick(self, view: GameState, actions: Sequence[Action], alt: bool) -> Action | None:
        """Dropping a Unit on a square places it face up; with the right button or Shift,
        face down."""
        faces = {a.words[1]: a for a in actions if a.kind == "place" and len(a.words) == 2}
        if len(faces) == len(actions):
            return faces.get("down" if alt else "up") or next(iter(faces.values()))
        return None

    def intent(
        self, view: GameState, seat: int, card: int, target: int | None, zone: ZoneKey | None
    ) -> Action | None:
        inst = view.cards[card]
        if inst.owner != seat:
            return None
        sq = zone[1] if zone is not None and zone[1] in rules.SQUARE_SET else None
        if inst.zone[1] == HAND:
            if inst.card.type == "spell":
                return act(view, "cast", seat, (card,), (target,) if target is not None else ())
            if sq is not None and target is None:
                face = "down" if inst.card.type in ("trap", "stone") else "up"
                return act(view, "place", seat, (card,), (), (sq, face))
            return None
        if inst.zone[1] in rules.SQUARE_SET:
            if target is not None and view.cards[target].owner != seat:
                return act(view, "attack", seat, (card,), (target,))
            if sq is not None and target is None:
                return act(view, "move", seat, (card,), (), (sq,))
            if target is None and zone is None:
                return act(view, "flip", seat, (card,))
        return None

    def prompt(self, view: GameState, seat: int) -> str | None:
        if view.phase == "main" and view.active == seat and not view.prompts:
            ap = rules.data(view).ap
            return (
                f"Main ({counted(ap, 'action point')} left, 1 each): drag a Unit or Trap "
                "from your hand onto your territory (right-drag: face down), a card to a "
                "square beside it, or a face-up Unit onto an enemy above, below or beside "
                "it to attack; click a face-down Unit to flip it."
            )
        if view.phase == "setup":
            return (
                "Drag your Mystic Stone and up to 5 Units or Traps onto your territory "
                "(the green squares). Right-drag, or hold Shift, to place face down; Traps "
                "and the Stone always go face down. Then Done placing."
            )
        return None

    def buttons(self, view: GameState, seat: int) -> list[Button]:
        if view.phase == "setup":
            return [Button("Done placing", act(view, "ready", seat), "Enter")]
        prompt = view.top_prompt
        if prompt is not None and prompt.name == "advance":
            attacker = rules.data(view).attack.attacker
            return [
                Button(
                    f"Move into {prompt.data[0]}",
                    act(view, "advance", seat, (attacker,), (), (prompt.data[0],)),
                )
            ]
        return []


TABLE = WotaTable()
