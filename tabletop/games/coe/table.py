"""How C.O.E sits on the table: each seat's field, the opponent's mirrored, and the shared
Scenario Zone of 6 slots across the middle, each scenario outlined in its owner's colour.

    far:   hand (small)
           Deck Archive  Resources (upside down)        Arsenal (equipment, infinite, set)
           Party  Support  Leader  6 acolyte positions               [status]
           Being played   Scenario Zone (6 slots, shared)   Being played
           -------------------------- phase bar --------------------------
    near:  Party  Support  Leader  6 acolyte positions               [status]
           Deck Archive  Resources (upside down)        Arsenal
           hand

Resources lie upside down with their value and type on a badge; rested cards are turned.
A card played from the hand waits under "Being played" while the other seat may answer it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Action, GameState, ZoneKey, act, counted
from ...engine import abilities as ab
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
from .cards import RARITY_ICONS, CoeCard
from .payment import ANY, KIND_NAMES, choose
from .rules import (
    ARCHIVE,
    ARSENAL,
    CHARACTERS,
    DECK,
    HAND,
    LEADER,
    PARTY,
    PLAYED,
    RESOURCES,
    SCENARIOS,
    SUPPORT,
)

CARD = (60, 84)
PITCH = 68
POS_X = 300  # the first acolyte position
SUPPORT_X, LEADER_X = 150, 222
AFFILIATION_COLORS = {
    "Tidecrown": (52, 104, 168),
    "Ember Conclave": (176, 72, 44),
    "Gullwing Syndicate": (88, 88, 104),
    "Thornwood Wardens": (64, 128, 64),
}
TYPE_COLORS = {
    "acolyte": (118, 98, 70),
    "spell": (96, 70, 150),
    "item": (140, 110, 56),
    "equipment": (110, 116, 128),
}
LEVEL_COLORS = {1: (70, 130, 120), 2: (150, 120, 50), 3: (150, 60, 70)}
KIND_COLORS = {"mana": (70, 90, 170), "shells": (160, 124, 50), "enchanted": (130, 70, 150)}
KIND_SYMBOLS = {"mana": "✦", "shells": "◎", "enchanted": "❖"}
RESOURCE_SYMBOLS = {"mana": "✦", "shells": "◎"}


def _slots(y: float) -> tuple[tuple[float, float, float, float], ...]:
    return tuple((POS_X + i * PITCH, y, *CARD) for i in range(rules.POSITIONS))


def _field(side: str, front: float, back: float) -> list[Area]:
    row_w = PITCH * (rules.POSITIONS - 1) + CARD[0]
    return [
        Area(PARTY, side, (12, front, 126, CARD[1]), style="peek", label="Party"),
        Area(SUPPORT, side, (SUPPORT_X, front, *CARD), label="Support"),
        Area(LEADER, side, (LEADER_X, front, *CARD), label="Leader"),
        Area(
            CHARACTERS, side, (POS_X, front, row_w, CARD[1]), label="Acolytes", slots=_slots(front)
        ),
        Area(DECK, side, (12, back, *CARD), style="pile", label="Deck"),
        Area(ARCHIVE, side, (80, back, *CARD), style="pile", label="Archive"),
        Area(RESOURCES, side, (150, back, 410, CARD[1]), label="Resources", flip=True),
        Area(ARSENAL, side, (580, back, 410, CARD[1]), label="Arsenal"),
    ]


SCENARIO_Y = 232
AREAS = (
    *_field("far", 140, 50),
    *_field("near", 366, 456),
    Area(
        SCENARIOS,
        "table",
        (POS_X, SCENARIO_Y, PITCH * 5 + CARD[0], CARD[1]),
        label="Scenario Zone",
        sides=True,
        slots=tuple((POS_X + i * PITCH, SCENARIO_Y, *CARD) for i in range(rules.SLOTS)),
    ),
    Area(PLAYED, "far", (150, SCENARIO_Y, 130, CARD[1]), label="Being played"),
    Area(PLAYED, "near", (720, SCENARIO_Y, 130, CARD[1]), label="Being played"),
    Area(
        HAND, "near", (10, 548, 990, 170), size="hand", align="center", label="Hand", grow_up=True
    ),
    Area(HAND, "far", (270, 2, 480, 46), size="small", align="center", label="Hand"),
)


def cost_words(card: CoeCard) -> str | None:
    if not card.arsenal:
        return None
    return f"{card.cost}{RESOURCE_SYMBOLS[card.resource]}"


def _checks(card: CoeCard) -> str:
    needs = card.requires
    parts = [" or ".join(v) for v in (needs.affiliations, needs.classes, needs.races) if v]
    return f"Needs {'; '.join(parts)}. " if parts else ""


class CoeTable(TableSpec):
    def __init__(self):
        super().__init__(
            back=CardBack("✧", "C.O.E", (10, 34, 40), (24, 86, 96), (36, 110, 120), "rings"),
            areas=AREAS,
            card_sizes={"board": CARD, "hand": (88, 124), "small": (32, 45), "zoom": (250, 350)},
            turn_phases=rules.TURN_PHASES,
            click_kinds=frozenset({"reveal", "skill", "archive"}),
            confirm_kinds=frozenset({"reveal"}),  # a face-down Conjure, shown for good
            bar=(6, 322, 998, 38),
            status_width=262,
            badges_always=True,
        )

    def status_anchor(self, side: str) -> tuple[float, float]:
        return (728, 154) if side == "far" else (728, 380)

    # -- faces -----------------------------------------------------------------------------
    def face(self, card: CoeCard) -> Face:
        rarity = f"{RARITY_ICONS[card.rarity]} {card.rarity.capitalize()}"
        worth = f" · worth {card.value}" if card.type != "champion" else ""
        if card.character:
            kind = "Champion" if card.type == "champion" else "Acolyte"
            line = " · ".join([kind, "/".join(card.classes), "/".join(card.races)])
            stats = [("HP", str(card.hp))]
            stats += [
                (label, "–" if v is None else str(v))
                for label, v in (("DMG", card.dmg), ("DEF", card.defense))
            ]
            color = (
                AFFILIATION_COLORS.get(card.affiliations[0], (100, 100, 110))
                if card.affiliations
                else TYPE_COLORS["acolyte"]
            )
            footer = (
                f"{rarity} · {card.affiliations[0]}" if card.affiliations else f"{rarity}{worth}"
            )
            return Face(
                card.name,
                line,
                _checks(card) + card.text,
                cost_words(card),
                tuple(stats),
                color,
                footer=footer,
                emblem="♛" if card.type == "champion" else "⚔",
            )
        if card.type == "scenario":
            return Face(
                card.name,
                f"Scenario · Level {card.level}",
                card.text,
                None,
                (("LV", str(card.level)),),
                LEVEL_COLORS[card.level],
                footer=f"{rarity}{worth}",
                emblem="⚑",  # a flag: the objective a scenario sets
            )
        words = [card.type.capitalize()]
        if card.cast:
            words.append(f"Cast: {card.cast.capitalize()}")
        for flag, label in (
            ("counter", "Counter"),
            ("conjure", "Conjure"),
            ("contravene", "Contravene"),
            ("infinite", "∞ Infinite"),
        ):
            if getattr(card, flag):
                words.append(label)
        return Face(
            card.name,
            " · ".join(words),
            _checks(card) + card.text,
            cost_words(card),
            (),
            TYPE_COLORS[card.type],
            footer=f"{rarity}{worth}",
            emblem="∞" if card.infinite else "✧",
        )

    def badges(self, view: GameState, inst) -> list[tuple[str, str, tuple[int, int, int]]]:
        zone = inst.zone[1]
        card = inst.card
        if zone == RESOURCES:
            kind = rules.resource_kind(view, inst.id)
            if kind is None:
                return [
                    Badge("?", " type", (90, 90, 90), "? its type is not named yet: right-click it")
                ]
            worth = f"{KIND_SYMBOLS[kind]} worth {card.value} {kind.capitalize()}"
            return [Badge(KIND_SYMBOLS[kind], str(card.value), KIND_COLORS[kind], worth)]
        if zone not in (LEADER, CHARACTERS, SUPPORT, ARSENAL) or inst.face_down:
            return []
        out = []
        if card.character:  # its HP, DMG and DEF are on its face as they stand
            if any(m.stat == "staggered" for m in ab.modifiers(view, inst.id)):
                out.append(Badge("≋", "", (120, 90, 40), "≋ staggered: its DEF counts as 0"))
            if (
                inst.counters.get("entered") == view.turn
                and zone != SUPPORT
                and not rules.has(view, inst.id, "first_strike")
            ):
                out.append(
                    Badge("↧", "new", (80, 80, 90), "↧ new: it came onto the field this turn")
                )
        elif card.type == "equipment" and inst.attached_to is not None:
            host = view.cards[inst.attached_to].card.name
            out.append(Badge("↗", host.split()[0], TYPE_COLORS["equipment"], f"↗ equipping {host}"))
        return out

    def combat(self, view: GameState) -> list[Tether]:
        battle = rules.data(view).battle
        if battle is None or battle.negated:
            return []
        return [(battle.attacker, battle.target, "attack")]

    def shows_damage(self, inst) -> bool:
        return False  # its live stats say what is left

    def live_stats(self, view: GameState, inst) -> tuple[Stat, ...] | None:
        card = inst.card
        if inst.zone[1] not in (LEADER, CHARACTERS, SUPPORT, ARSENAL) or not card.character:
            return None
        out = [stat("HP", max(0, card.hp - inst.damage), card.hp, card.hp)]
        for label, which, printed in (("DMG", "dmg", card.dmg), ("DEF", "def", card.defense)):
            now = rules.stat(view, inst.id, which)
            # an acolyte lacking the stat keeps its dash unless an effect gives it one
            out.append(
                (label, "–", 0) if printed is None and not now else stat(label, now, printed or 0)
            )
        return tuple(out)

    def unspent(self, view: GameState, seat: int, legal: Sequence[Action]) -> str | None:
        # Ready resources are what the turn could still spend: ending the Preparation Phase
        # with some, while a card could be played, is worth a question.
        if view.phase != "prep" or not any(a.kind == "play" for a in legal):
            return None
        ready = sum(1 for r in rules.resources(view, seat) if not r.rested)
        return counted(ready, "ready resource") if ready else None

    # -- status ------------------------------------------------------------------------------
    def status(self, view: GameState, seat: int) -> list[tuple[str, str]]:
        ready = {k: 0 for k in KIND_SYMBOLS}
        for r in rules.resources(view, seat):
            if not r.rested:
                ready[r.kind] += r.value
        party = len(rules.party_left(view, seat))
        out = [
            ("Level", str(rules.scenario_level(view, seat))),
            ("Ready", " ".join(f"{KIND_SYMBOLS[k]}{n}" for k, n in ready.items())),
            ("Party", str(party)),
        ]
        blocked = rules.obstructed(view, seat)
        if blocked:
            out.append(("Obstructed", str(blocked)))
        return out

    def seat_title(self, view: GameState, seat: int) -> str:
        leader = view.zones[(seat, LEADER)]
        who = view.cards[leader[0]].card.name.split(",")[0] if leader else "no leader"
        return f"{view.seat_names[seat]} · {who}"

    # -- words ------------------------------------------------------------------------------
    def action_label(self, view: GameState, action: Action) -> str:
        k = action.kind
        cards = view.cards
        first = cards[action.cards[0]].card.name if action.cards else ""
        target = cards[action.targets[0]].card.name if action.targets else ""
        paid = [cards[c] for c in action.cards[1:]] if k in ("play", "skill") else []
        spend = f" (resting {len(paid)} resource{'s' if len(paid) != 1 else ''})" if paid else ""
        if k == "build":
            worth = cards[action.cards[0]].card.value
            return f"Build {first} as {KIND_NAMES[action.words[0]]} (worth {worth})"
        if k == "name":
            return f"Name {first} {KIND_NAMES[action.words[0]]}"
        if k == "scenario":
            return f"Play {first}" + (f", replacing {target}" if target else "")
        if k == "tactic":
            where = {
                "support": "to the Support position",
                "battlefield": "to the battlefield",
                "leader": "to the Party Leader position",
            }[action.words[0]]
            return f"Party tactic: {first} {where}"
        if k == "play":
            card = cards[action.cards[0]].card
            if card.contravene and action.words:
                return f"Contravene {target}'s {action.words[0].replace('_', ' ').title()}{spend}"
            verb = "Set face down" if card.conjure else "Play"
            return f"{verb} {first}" + (f" on {target}" if target else "") + spend
        if k == "reveal":
            return f"Activate {first}" + (f" on {target}" if target else "")
        if k == "skill":
            skill = cards[action.cards[0]].card.skills[int(action.words[0]) - 1]
            return f"{first}: {skill.name}" + (f" on {target}" if target else "") + spend
        if k == "attack":
            helpers = [cards[c].card.name.split(",")[0] for c in action.cards[1:]]
            return f"Attack {target} with {first}" + (
                f", boosted by {', '.join(helpers)}" if helpers else ""
            )
        if k == "defend":
            return "Boost the defence with " + ", ".join(
                cards[c].card.name.split(",")[0] for c in action.cards
            )
        if k == "counter":
            return f"Counter-attack {target}"
        if k == "pardon":
            return (
                f"Scenario Pardon (resting {len(action.cards)} resource"
                f"{'s' if len(action.cards) != 1 else ''})"
            )
        if k == "archive":
            return f"Archive {first} (over the CC limit)"
        if k == "end":
            return self.end_label(view)
        return str(action)

    def end_label(self, view: GameState) -> str:
        if view.phase == "camp":
            return "To the Preparation Phase"
        if view.phase == "prep":
            return "To the Rest Phase"
        return "End turn"

    def pass_label(self, view: GameState) -> str:
        prompt = view.top_prompt
        if prompt is not None and prompt.name == "defend":
            return "No boosters"
        if prompt is not None and prompt.name == "counter_attack":
            return "No counter-attack"
        return "Pass"

    # -- gestures -----------------------------------------------------------------------------
    def destination(self, view: GameState, action: Action) -> ZoneKey | None:
        seat = action.seat
        k = action.kind
        if k == "build":
            return (seat, RESOURCES)
        if k == "scenario" and not action.targets:
            return (None, SCENARIOS)
        if k == "tactic":
            return (
                seat,
                {"support": SUPPORT, "battlefield": CHARACTERS, "leader": LEADER}[action.words[0]],
            )
        if k == "play" and not action.targets:
            card = view.cards[action.cards[0]].card
            return (seat, CHARACTERS) if card.type == "acolyte" else (seat, ARSENAL)
        return None

    def intent(
        self, view: GameState, seat: int, card: int, target: int | None, zone: ZoneKey | None
    ) -> Action | None:
        inst = view.cards[card]
        if inst.owner != seat:
            return None
        kind = inst.card.type
        where = inst.zone[1]
        if where == HAND:
            if zone == (seat, RESOURCES):
                return act(view, "build", seat, (card,), (), ("mana",))
            if kind == "scenario":
                return act(view, "scenario", seat, (card,), (target,) if target is not None else ())
            if kind == "champion":
                return None
            pay = choose(rules.resources(view, seat), inst.card.resource or "mana", inst.card.cost)
            paid = tuple(r.card for r in pay or ())
            return act(view, "play", seat, (card, *paid), (target,) if target is not None else ())
        if kind == "champion" and (
            where == PARTY
            or zone == (seat, LEADER)
            or (target is not None and view.cards[target].zone == (seat, LEADER))
        ):
            words = {SUPPORT: "support", CHARACTERS: "battlefield"}.get(
                zone[1] if zone else "", "leader"
            )
            return act(view, "tactic", seat, (card,), (), (words,))
        if where in (LEADER, CHARACTERS, SUPPORT) and target is not None:
            return act(view, "attack", seat, (card,), (target,))
        if where == ARSENAL and inst.face_down:
            return act(view, "reveal", seat, (card,), (target,) if target is not None else ())
        return None

    def selection(self, view: GameState, seat: int) -> Selection | None:
        """In the Preparation Phase, clicking allies marks them as boosters; dragging a
        character onto a target then attacks with it, boosted by those marked."""
        if view.phase == "prep" and not view.prompts and view.active == seat:
            return Selection(
                CHARACTERS,
                "attack",
                "Click allies to mark them as boosters, "
                "then drag the attacker onto its target. Drag cards from your "
                "hand to play them; right-click a character for its skills",
                "Boosters: {n}",
                target=True,
                also=(LEADER,),
                lead=True,
            )
        return None

    def prompt(self, view: GameState, seat: int) -> str | None:
        if view.active != seat or view.prompts:
            return None
        if view.phase == "camp":
            return (
                "Camp: drag a card to your resources (one a turn: ✦ Mana, ◎ Shells or "
                "❖ Enchanted), scenarios to the Scenario Zone, a champion from your party "
                "to the field (one tactic); Scenario Pardon searches your deck for a "
                "level 1 scenario"
            )
        if view.phase == "rest":
            return "Rest: you may establish one scenario, then end your turn"
        return None

    def buttons(self, view: GameState, seat: int) -> list[Button]:
        prompt = view.top_prompt
        if (
            prompt is None
            and view.phase == "camp"
            and view.active == seat
            and not rules.data(view).pardoned
        ):
            # Scenario Pardon searches the seat's own deck, which its view does not show:
            # offered whenever it can pay, and a deck without a level 1 scenario refuses.
            pay = choose(rules.resources(view, seat), ANY, rules.PARDON_COST)
            if pay is not None:
                return [
                    Button(
                        "Scenario Pardon",
                        act(view, "pardon", seat, tuple(r.card for r in pay)),
                        "P",
                    )
                ]
            return []
        if prompt is None or prompt.seat != seat:
            return []
        if prompt.name == "defend":
            options = tuple(rules.MOVES["defend"].generate(view, seat))
            return [Button("Boost the defence…", None, "B", options=options)]
        if prompt.name == "counter_attack":
            options = tuple(rules.MOVES["counter"].generate(view, seat))
            return [Button("Counter-attack", options[0] if options else None, "Enter")]
        return []


TABLE = CoeTable()
