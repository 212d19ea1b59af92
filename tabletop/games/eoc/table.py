"""How EoC sits on the table: the rulebook's field for each seat, the opponent mirrored so
the two creature rows face each other across the phase bar.

    far:   Graveyard  Essence Pool  Spell Spell Spell  Deck
           Banished   Creature Creature Creature  Vanquisher
           ---------------- phase bar ----------------
    near:  Banished   Creature Creature Creature  Vanquisher
           Graveyard  Essence Pool  Spell Spell Spell  Deck
           hand

Essences paying for a card are tucked under it, their top edge (type colour, value)
showing above it. Exhausted cards lie turned clockwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Action, GameState, ZoneKey, act, counted
from ...tablespec import (
    Area,
    Badge,
    Button,
    CardBack,
    Face,
    Selection,
    Stat,
    TableSpec,
    Tether,
    stat,
)
from . import rules
from .cards import ESSENCE_NAMES, RARITY_ICONS, EocCard
from .rules import BANISHED, CREATURES, DECK, GRAVE, HAND, POOL, SPELLS, VANQUISHER

CARD = (66, 92)
PILE_X, POOL_X, SLOT_X, VQ_X = 12, 92, 350, 652
PITCH = 100
COLORS = {
    "fire": (196, 86, 46),
    "nature": (72, 142, 62),
    "aqua": (52, 112, 190),
    "energy": (184, 154, 34),
    "divine": (168, 140, 70),
    "dark": (96, 64, 128),
    "gray": (120, 120, 124),
}
SYMBOLS = {
    "fire": "♨",
    "nature": "♣",
    "aqua": "≈",
    "energy": "⚡",
    "divine": "☀",
    "dark": "☾",
    "gray": "◌",
}
SPELL_COLORS = {
    "effect": (70, 96, 150),
    "instant": (60, 130, 150),
    "item": (130, 100, 60),
    "trap": (130, 56, 96),
}
VANQUISHER_COLOR = (150, 120, 40)


def _row(
    side: str, y: float, zones: tuple[str, str, str, str], labels: tuple[str, ...], pool_style: str
) -> list[Area]:
    """One row of a seat's field: a pile, a wide area (the pool, or nothing), three slots,
    and the card at its end."""
    left, wide, slots, right = zones
    out = [Area(left, side, (PILE_X, y, *CARD), style="pile", label=labels[0])]
    if wide:
        out.append(Area(wide, side, (POOL_X, y, 240, CARD[1]), style=pool_style, label=labels[1]))
    first = SLOT_X + (PITCH - CARD[0]) / 2
    out.append(
        Area(
            slots,
            side,
            (first, y, PITCH * 2 + CARD[0], CARD[1]),
            label=labels[2],
            tuck=True,
            slots=tuple((first + i * PITCH, y, *CARD) for i in range(3)),
        )
    )
    out.append(
        Area(
            right,
            side,
            (VQ_X, y, *CARD),
            style="pile" if right == DECK else "row",
            label=labels[3],
            tuck=True,
        )
    )
    return out


SPELL_ROW = (GRAVE, POOL, SPELLS, DECK)
SPELL_LABELS = ("Graveyard", "Essence Pool", "Spells", "Deck")
CREATURE_ROW = (BANISHED, "", CREATURES, VANQUISHER)
CREATURE_LABELS = ("Banished", "", "Creatures", "Vanquisher")

# Spell rows are listed before creature rows: the essences tucked under a creature peek up
# over the bottom of the spell row above it, and are drawn after it.
AREAS = (
    *_row("far", 72, SPELL_ROW, SPELL_LABELS, "row"),
    *_row("far", 192, CREATURE_ROW, CREATURE_LABELS, "row"),
    *_row("near", 470, SPELL_ROW, SPELL_LABELS, "row"),
    *_row("near", 356, CREATURE_ROW, CREATURE_LABELS, "row"),
    Area(
        HAND, "near", (10, 588, 990, 130), size="hand", align="center", label="Hand", grow_up=True
    ),
    Area(HAND, "far", (270, 2, 480, 46), size="small", align="center", label="Hand"),
)


def cost_words(cost) -> str:
    return " ".join(f"{n}{SYMBOLS[k]}" for k, n in cost.items())


class EocTable(TableSpec):
    def __init__(self):
        super().__init__(
            back=CardBack("♛", "EoC", (24, 20, 10), (74, 60, 24), (100, 82, 34), "lattice"),
            areas=AREAS,
            card_sizes={"board": CARD, "hand": (88, 124), "small": (32, 45), "zoom": (250, 350)},
            turn_phases=rules.TURN_PHASES,
            click_kinds=frozenset({"use", "redraw", "summon", "create", "cast", "trap", "counter"}),
            confirm_kinds=frozenset({"create", "cast", "trap"}),
            bar=(6, 294, 998, 38),
            status_width=262,
            badges_always=True,
        )

    def status_anchor(self, side: str) -> tuple[float, float]:
        return (738, 192) if side == "far" else (738, 392)

    # -- faces -----------------------------------------------------------------------------
    def face(self, card: EocCard) -> Face:
        rarity = f"{RARITY_ICONS[card.rarity]} {card.rarity.capitalize()}"
        if card.type == "creature":
            weak = f" · weak to {ESSENCE_NAMES[card.weakness]}" if card.weakness else ""
            return Face(
                card.name,
                f"Creature · {card.subtype} · {ESSENCE_NAMES[card.element]}",
                card.text,
                cost_words(card.cost),
                (("ATK", str(card.attack)), ("DEF", str(card.defense))),
                COLORS[card.element],
                footer=f"{rarity}{weak}",
                emblem=SYMBOLS[card.element],
            )
        if card.type == "essence":
            kind = card.essence
            return Face(
                card.name,
                f"Essence · {ESSENCE_NAMES[kind]}",
                card.text,
                cost_words(card.cost),
                (),
                COLORS[kind],
                footer=rarity,
                emblem=SYMBOLS[kind],
            )
        if card.type == "spell":
            when = {
                "attacked": " · when attacked",
                "counter_attacked": " · when counter-attacked",
            }.get(card.trap or "", "")
            return Face(
                card.name,
                f"Spell · {card.kind.capitalize()}{when}",
                card.text,
                cost_words(card.cost),
                (),
                SPELL_COLORS[card.kind],
                footer=rarity,
                emblem="✦",
            )
        s1, s2 = card.stages
        return Face(
            card.name,
            "Vanquisher",
            card.text,
            None,
            (("I", f"{s1.attack}/{s1.defense}"), ("II", f"{s2.attack}/{s2.defense}")),
            VANQUISHER_COLOR,
            footer=rarity,
            emblem="♛",
        )

    def badges(self, view: GameState, inst) -> list[tuple[str, str, tuple[int, int, int]]]:
        if inst.zone[1] not in rules.IN_PLAY:
            return []
        card = inst.card
        out = []
        if inst.counters.get("destroyed"):
            return [("✖", " destroyed", (150, 40, 40))]
        if card.type == "vanquisher":
            stage = rules.data(view).stage[inst.owner]
            roman = "I" * stage
            out.append(Badge("", f"Stage {roman}", VANQUISHER_COLOR, f"Stage {roman} of 3"))
        if card.type in ("creature", "spell") and card.cost:
            # Its cost: met (green, with any essence it is overpaid by) or not (red).
            given = sum(view.cards[c].card.value for c in rules.essences_on(view, inst.id))
            over = given - sum(card.cost.values())
            if not rules.paid(view, inst.id):
                out.append(
                    Badge(
                        "◆",
                        " unpaid",
                        (150, 40, 40),
                        "◆ unpaid: the essences on it do not meet its cost",
                    )
                )
            elif over > 0:
                out.append(
                    Badge(
                        "◆",
                        f"+{over}",
                        (50, 110, 70),
                        f"◆ overpaid by {counted(over, 'essence')} (its cost is met)",
                    )
                )
        if card.kind == "item" and inst.attached_to is not None:
            host = view.cards[inst.attached_to].card.name
            out.append(Badge("↗", host.split()[0], SPELL_COLORS["item"], f"↗ attached to {host}"))
        if rules.used(view, inst.id):
            out.append(Badge("✓", "used", (90, 90, 90), "✓ its ability was used this turn"))
        return out

    def combat(self, view: GameState) -> list[Tether]:
        attack = rules.data(view).attack
        if attack is None or attack.cancelled:
            return []
        live = [a for a in attack.attackers if view.cards[a].zone[1] in rules.IN_PLAY]
        out: list[Tether] = [(a, attack.target, "attack") for a in live]
        if attack.countered is not None:  # the defender strikes back at one of them
            out.append((attack.target, attack.countered, "attack"))
        return out

    def live_stats(self, view: GameState, inst) -> tuple[Stat, ...] | None:
        card = inst.card
        if (
            inst.zone[1] not in rules.IN_PLAY
            or card.type not in ("creature", "vanquisher")
            or inst.counters.get("destroyed")
        ):
            return None
        base = (
            card.stages[rules.data(view).stage[inst.owner] - 1]
            if card.type == "vanquisher"
            else card
        )  # the stage it stands at: "ATK 5 DEF 4"
        return (
            stat("ATK", rules.attack_of(view, inst.id), base.attack),
            stat("DEF", rules.defense_of(view, inst.id), base.defense),
        )

    # -- status ------------------------------------------------------------------------------
    def status(self, view: GameState, seat: int) -> list[tuple[str, str]]:
        d = rules.data(view)
        vid = rules.vanquisher(view, seat)
        left = max(0, rules.defense_of(view, vid) - view.cards[vid].damage)
        out = [("Stage", f"{'I' * d.stage[seat]} · {left} DEF")]
        # (Whether an Essence may still be summoned this turn shows on the hand: an Essence
        # that may be is outlined as playable.)
        pool = sum(view.cards[c].card.value for c in view.zones[(seat, POOL)])
        out.append(("Pool", str(pool)))
        return out

    def seat_title(self, view: GameState, seat: int) -> str:
        vid = rules.vanquisher(view, seat)
        return f"{view.seat_names[seat]} · {view.cards[vid].card.name.split(',')[0]}"

    # -- words ------------------------------------------------------------------------------
    def action_label(self, view: GameState, action: Action) -> str:
        k = action.kind
        cards = view.cards
        first = cards[action.cards[0]].card.name if action.cards else ""
        target = cards[action.targets[0]].card.name if action.targets else ""
        # The essences that pay, after the card (an attack's cards are all attackers).
        paid = (
            [cards[c].card for c in action.cards[1:]]
            if k in ("create", "cast", "trap", "use")
            else []
        )
        spend = f" ({cost_words(rules.supply(paid))})" if paid else ""
        if k == "summon":
            return f"Summon {first} to the Essence Pool"
        if k == "attach":
            return (
                f"Attach {first} to {target}"
                if action.targets
                else f"Return {first} to the Essence Pool"
            )
        if k == "create":
            return f"Create {first}{spend}"
        if k in ("cast", "trap"):
            return f"Play {first}" + (f" on {target}" if target else "") + spend
        if k == "use":
            ability = rules.ability_of(view, action.cards[0])
            words = ability.name if ability is not None else "ability"
            return f"{first}: {words}" + (f" on {target}" if target else "") + spend
        if k == "attack":
            names = " + ".join(cards[c].card.name for c in action.cards)
            return f"Attack {target} with {names}"
        if k == "counter":
            return f"Counter-attack {target}"
        if k == "redraw":
            return "Reveal and draw 7 new cards"
        if k == "end":
            return self.end_label(view)
        return str(action)

    def end_label(self, view: GameState) -> str:
        if view.phase == "prep" and not rules.idle_attack(view):
            return "To the Attack Phase"
        return "End turn"

    # -- gestures -----------------------------------------------------------------------------
    def destination(self, view: GameState, action: Action) -> ZoneKey | None:
        seat = action.seat
        if action.kind == "summon":
            return (seat, POOL)
        if action.kind == "create":
            return (seat, CREATURES)
        if action.kind in ("cast", "trap") and not action.targets:
            return (seat, SPELLS)
        if action.kind == "attach" and not action.targets:
            return (seat, POOL)
        return None

    def pick(self, view: GameState, actions: Sequence[Action], alt: bool) -> Action | None:
        """A creature dropped on an enemy attacks it; with the right button or Shift held,
        it uses its ability on it instead."""
        kinds = {a.kind: a for a in actions}
        if set(kinds) == {"attack", "use"}:
            return kinds["use" if alt else "attack"]
        return None

    def intent(
        self, view: GameState, seat: int, card: int, target: int | None, zone: ZoneKey | None
    ) -> Action | None:
        inst = view.cards[card]
        if inst.owner != seat:
            return None
        kind = inst.card.type
        pool = view.zones[(seat, POOL)]
        where = inst.zone[1]
        if where == HAND:
            if kind == "essence":
                return act(view, "summon", seat, (card,))
            pay = rules.cheapest(view, inst.card.cost, pool) or ()
            if kind == "creature":
                return act(view, "create", seat, (card, *pay))
            if kind == "spell":
                verb = "trap" if inst.card.kind == "trap" else "cast"
                return act(view, verb, seat, (card, *pay), (target,) if target is not None else ())
            return None
        if kind == "essence" and where in (POOL, CREATURES, SPELLS):
            if target is not None and target != card:
                return act(view, "attach", seat, (card,), (target,))
            if zone == (seat, POOL) and where != POOL:
                return act(view, "attach", seat, (card,), (), ("pool",))
            return None
        if where in rules.IN_PLAY:
            prompt = view.top_prompt
            if prompt is not None and prompt.name == "counter" and target is not None:
                return act(view, "counter", seat, (card,), (target,))
            if (
                target is not None
                and view.cards[target].owner != seat
                and view.phase == "attack"
                and kind == "creature"
            ):
                return act(view, "attack", seat, (card,), (target,))
            ability = rules.ability_of(view, card)
            if ability is not None and (zone is None or target is not None):
                pay = rules.cheapest(view, ability.cost, pool) or ()
                return act(view, "use", seat, (card, *pay), (target,) if target is not None else ())
        return None

    def selection(self, view: GameState, seat: int) -> Selection | None:
        if (
            view.phase == "attack"
            and not view.prompts
            and view.active == seat
            and rules.data(view).attack is None
        ):
            return Selection(
                CREATURES,
                "attack",
                "Click your ready creatures to attack "
                "together, then drag one of them onto the enemy creature (or "
                "the Vanquisher when no enemy creature stands)",
                "{n} attacker{s}",
                target=True,
            )
        return None

    def prompt(self, view: GameState, seat: int) -> str | None:
        if view.active != seat or view.prompts:
            return None
        if view.phase == "prep":
            return (
                "Drag an Essence to your pool (one a turn), creatures to your creature "
                "slots and spells to your spell slots: the cheapest essences pay. Drag "
                "essences between cards to change what pays."
            )
        return None

    def buttons(self, view: GameState, seat: int) -> list[Button]:
        prompt = view.top_prompt
        if prompt is None:
            return []
        if prompt.name == "redraw":
            return [Button("Reveal and redraw", act(view, "redraw", seat), "Enter")]
        if prompt.name == "counter":
            options = tuple(rules.MOVES["counter"].generate(view, seat))
            return [Button("Counter-attack…", None, "Enter", options=options)]
        return []


TABLE = EocTable()
