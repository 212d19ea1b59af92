"""How ARC-mage sits on the table: the rulebook's battleground for each seat.

Each side, from the middle of the table outwards: the Army, then the Kingdom (two lines of
three city rows: a built city first, its residents beside it on the same row), with the
deck, graveyard and unbuilt cities in a column on the left and the faction resource piles
on the right, each on a counter of its convention colour. The far side is the near side
mirrored, so both armies face each other. The stack sits between the two sides on the
right while cards are on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
from . import manual, rules
from .abilities import target_if_words
from .cards import ArcCard
from .explain import say_effect
from .rules import ARMY, CITIES, DECK, FACTIONS, GRAVE, HAND, RES, STACK, UNBUILT
from .rules.combat import sortie
from .rules.play import AS_CREATURE, YES
from .rules.state import OFFER, name
from .vocabulary import FACTION_COLOURS, FACTION_NAMES, KEYWORDS, a_faction, kinds_words

CARD = (48, 66)
LINE = 72  # one line of cards
PILES_X = 26  # the deck, graveyard and unbuilt cities (their labels are wider)
LEFT = 82  # where the rows begin, right of the piles
ROW_W = 244  # one city row: the city and its residents
RIGHT = LEFT + 3 * ROW_W + 4  # the resource piles
PILE_W = 60
# The y of each side's lines: army (next to the middle), kingdom line 1, kingdom line 2.
LINES = {"near": (276, 276 + LINE, 276 + 2 * LINE), "far": (200, 200 - LINE, 200 - 2 * LINE)}
LIGHT_FACTIONS = frozenset({"empire"})

TYPE_EMBLEM = {"city": "♜", "creature": "⚔", "event": "⚡", "magic": "✦", "enchantment": "❂"}


def _side(side: str) -> list[Area]:
    army_y, k1, k2 = LINES[side]
    out = [Area(ARMY, side, (LEFT, army_y, 3 * ROW_W, CARD[1]), label="{whose} army")]
    for i, city in enumerate(CITIES):
        y = k1 if i < 3 else k2
        out.append(
            Area(
                city,
                side,
                (LEFT + (i % 3) * ROW_W, y, ROW_W - 8, CARD[1]),
                label="Kingdom" if i == 0 else "",
            )
        )
    piles = ((UNBUILT, "Unbuilt"), (GRAVE, "Graveyard"), (DECK, "Deck"))
    for (zone, label), y in zip(piles, (army_y, k1, k2), strict=True):
        out.append(Area(zone, side, (PILES_X, y, *CARD), style="pile", label=label))
    for i, f in enumerate(FACTIONS):
        x = RIGHT + (i % 3) * PILE_W
        y = k1 if i < 3 else k2
        out.append(
            Area(
                RES[f],
                side,
                (x, y, PILE_W - 6, CARD[1]),
                style="pile",
                label=FACTION_NAMES[f].replace("The ", "").split()[0],
                fill=_counter(f),
            )
        )
    return out


def _counter(faction: str) -> tuple[int, int, int]:
    """The faction's counter colour, dimmed to sit under cards."""
    r, g, b = FACTION_COLOURS[faction]
    k = 0.55
    return (int(r * k), int(g * k), int(b * k))


BAND = (0, 0, RIGHT - 6, LINES["far"][0] + LINE)  # the opponents' columns, the stack beside


def _opponent(box: tuple[float, float, float, float]) -> list[Area]:
    """One of several opponents in a column ``box`` of the top of the table: the piles on
    the left, the resources two by two on the right, and between them the Kingdom's six
    city rows over the army; the hand beside the status plate."""
    x0, _, w, _ = box
    army_y, k1, k2 = LINES["far"]
    left, right = x0 + 54, x0 + w - 76
    row = (right - left) / 3
    out = [Area(ARMY, "far", (left, army_y, right - left - 4, CARD[1]), label="{whose} army")]
    for i, city in enumerate(CITIES):
        y = k1 if i < 3 else k2
        out.append(Area(city, "far", (left + (i % 3) * row, y, row - 6, CARD[1])))
    piles = ((UNBUILT, "Unbuilt"), (GRAVE, "Graveyard"), (DECK, "Deck"))
    for (zone, label), y in zip(piles, (army_y, k1, k2), strict=True):
        out.append(Area(zone, "far", (x0 + 2, y, *CARD), style="pile", label=label))
    for i, f in enumerate(FACTIONS):
        x = right + 2 + (i % 2) * 36
        y = (k2, k1, army_y)[i // 2] + 11
        out.append(
            Area(RES[f], "far", (x, y, 34, 44), style="pile", size="small", fill=_counter(f))
        )
    out.append(Area(HAND, "far", (x0 + w - 40, 4, 34, 46), style="pile", size="small"))
    return out


AREAS = (
    *_side("near"),
    *_side("far"),
    Area(STACK, "table", (RIGHT, 200, 3 * PILE_W - 6, 2 * LINE), label="Stack", align="center"),
    Area(
        HAND, "near", (250, 540, 754, 178), size="hand", align="center", label="Hand", grow_up=True
    ),
    Area(HAND, "far", (300, 2, 420, 50), size="small", align="center", label="Hand"),
)


MAX_SPLITS = 24  # rows of the damage-division menu


def _compositions(total: int, parts: int):
    """Every way to write ``total`` as ``parts`` shares of 0 or more, in order."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _type_line(card: ArcCard) -> str:
    kind = card.type.capitalize()
    if card.token:
        kind = "Token " + kind
    words = [kind]
    if card.subtypes:
        words.append(" ".join(card.subtypes))
    return " — ".join(words) + f" · {FACTION_NAMES[card.faction]}"


def _cost(card: ArcCard) -> str | None:
    if card.type == "city" or (card.cost is None and not card.cost_x):
        return None
    base = ("X" + (f"+{card.cost}" if card.cost else "")) if card.cost_x else str(card.cost)
    return base


class ArcTable(TableSpec):
    def __init__(self):
        super().__init__(
            back=CardBack("♜", "ARC-MAGE", (20, 36, 24), (44, 84, 52), (60, 106, 68), "rings"),
            areas=AREAS,
            card_sizes={"board": CARD, "hand": (84, 118), "small": (32, 44), "zoom": (250, 350)},
            turn_phases=rules.TURN_PHASES,
            click_kinds=frozenset({"found", "build", "use", "discard", "devote", "play"}),
            confirm_kinds=frozenset({"play", "build"}),
            bar=(6, 492, 998, 42),
            status_width=236,
            badges_always=True,
            opponents_band=BAND,
        )

    def combat(self, view: GameState) -> list[Tether]:
        c = rules.data(view).combat
        if c is None:
            return []
        out: list[Tether] = [(a, c.city, "attack") for a in c.attackers if rules.in_play(view, a)]
        out += [
            (b, a, "block")
            for b, a in c.blocks.items()
            if rules.in_play(view, b) and rules.in_play(view, a)
        ]
        return out

    def shows_damage(self, inst) -> bool:
        return False  # its live stats say what is left

    def unspent(self, view: GameState, seat: int, legal: Sequence[Action]) -> str | None:
        # Produced but unspent resources expire at the end of each turn: ending the last
        # Play phase with some, while a card could still be played, is worth a question.
        if view.phase != "play2" or not any(a.kind == "play" for a in legal):
            return None
        left = sum(rules.available(view, seat).values())
        return counted(left, "resource") if left else None

    def live_stats(self, view: GameState, inst) -> tuple[Stat, ...] | None:
        card = inst.card
        if card.type not in ("creature", "city") or not rules.in_play(view, inst.id):
            return None
        if card.type == "city":  # the defense strength left, "DEF 7/9"
            most = rules.defense_of(view, inst.id)
            return (stat("DEF", max(0, most - inst.damage), card.defense, most),)
        atk, dfn = rules.stats(view, inst.id)
        return (stat("ATK", atk, card.attack), stat("DEF", dfn - inst.damage, card.defense, dfn))

    def status_anchor(self, side: str) -> tuple[float, float]:
        return (6, 0) if side == "far" else (6, 600)

    def seat_title(self, view: GameState, seat: int) -> str:
        """The seat's name, and in a team format its team ("Player 3 · Team A")."""
        team = rules.teams.team_name(view, seat) if view.data is not None else ""
        return f"{view.seat_names[seat]} · {team}" if team else view.seat_names[seat]

    def opponent_areas(self, box: tuple[float, float, float, float]) -> list[Area]:
        return _opponent(box)

    def opponent_status(self, box: tuple[float, float, float, float]) -> tuple[float, ...]:
        return box[0] + 2, 0, box[2] - 48

    # -- faces -------------------------------------------------------------------------------
    def face(self, card: ArcCard) -> Face:
        stats: tuple[tuple[str, str], ...] = ()
        if card.type == "creature":
            stats = (("ATK", str(card.attack)), ("DEF", str(card.defense)))
        elif card.type == "city":
            stats = (("DEF", str(card.defense)),)
        text = card.text
        if card.unenforced:
            text = f"{text}\n[Text not enforced: {card.unenforced}]"
        loyal = "●" * card.loyalty if card.type != "city" else ""
        footer = f"Loyalty {loyal}" if loyal else ""
        return Face(
            card.name,
            _type_line(card),
            text,
            _cost(card),
            stats,
            FACTION_COLOURS[card.faction],
            footer=footer,
            emblem=TYPE_EMBLEM[card.type],
        )

    def badges(self, view: GameState, inst) -> list[tuple[str, str, tuple[int, int, int]]]:
        out: list[tuple[str, str, tuple[int, int, int]]] = []
        card = inst.card
        if rules.in_play(view, inst.id):  # "fire counters", "grassroot counters"
            for what, n in rules.named_counters(inst).items():
                out.append(("●", f"{n} {what}", (160, 90, 30)))
        if getattr(card, "type", "") == "city" and rules.in_play(view, inst.id):
            shown = rules.data(view).devotion.get(inst.id)  # its strength is on its face
            if shown:
                out.append(
                    Badge("♥", str(shown), (150, 110, 40), f"♥ {shown} devotion declared to it")
                )
            return out
        if getattr(card, "unenforced", "") and rules.in_play(view, inst.id):
            out.append(
                Badge("✎", "by hand", (120, 100, 60), "✎ by hand: part of its text is not enforced")
            )
        if getattr(card, "type", "") != "creature" or not rules.in_play(view, inst.id):
            return out
        _, _, kws = rules.profile(view, inst.id)  # for every creature, every frame
        granted = [k for k in KEYWORDS if k in kws and k not in card.keywords]
        if granted:
            words = ", ".join(k.replace("_", " ") for k in granted)
            out.append(Badge("✚", words, (70, 90, 150), f"✚ given by another card: {words}"))
        if "homesick" in kws:  # the loyalty marks it has left (ruling 56)
            left = rules.loyalty_marks(view, inst.id)
            out.append(("♡", f"{left} of {card.loyalty} loyalty", (150, 80, 110)))
        if inst.counters.get("frozen"):
            out.append(("❄", "stays marked", (70, 130, 190)))
        if rules.silenced(view, inst.id):
            out.append(("∅", "no abilities", (90, 90, 90)))
        barred = [w for w in ("move", "attack") if rules.forbidden(view, inst.id, w)]
        if barred:  # one badge: a card has little room for them
            out.append(("⊘", "cannot " + " or ".join(barred), (150, 40, 36)))
        hold = rules.held(view, inst.id)
        if hold:
            out.append(
                (
                    "⚓",
                    f"pays {hold[1]} to unmark" if hold[0] == "pay" else "-1/-1 to unmark",
                    (110, 80, 140),
                )
            )
        if inst.counters.get("dying"):
            dying = "✝ dying: it dies unless a card saves it"
            out.append(Badge("✝", "dying", (150, 40, 36), dying))
        return out

    # -- status --------------------------------------------------------------------------------
    def status(self, view: GameState, seat: int) -> list[tuple[str, str]]:
        have = rules.available(view, seat)
        res = sum(have.values())
        total = rules.resource_count(view, seat) + sum(rules.data(view).pool[seat].values())
        return [
            ("Cities", str(len(rules.cities(view, seat)))),
            ("Resources", f"{res}/{total}"),
            ("Hand", str(len(view.zones[(seat, HAND)]))),
            ("Deck", str(len(view.zones[(seat, DECK)]))),
        ]

    # -- words -------------------------------------------------------------------------------
    def action_label(self, view: GameState, action: Action) -> str:
        k = action.kind
        names = [view.cards[c].card.name for c in action.cards]
        targets = [view.cards[c].card.name for c in action.targets]
        first = names[0] if names else ""
        players = [p for p in rules.players_of(view, action.words) if p >= 0]
        if k == "play" and names and view.cards[action.cards[0]].card.type != "creature":
            targets = rules.aim_names(view, action.cards[0], action.targets, action.words)
        elif players:  # "target player": said in the words
            targets = [*targets, *(view.seat_names[p] for p in players)]
        elif k == "target" and action.words == ("army",):  # "target city or army"
            targets = ["your army"]
        on = targets[0] if targets else ""
        if k in ("found", "build"):
            card = view.cards[action.cards[0]].card
            city = f"{first} (defense {card.defense})"
            return (
                f"Found {city} as your first city"
                if k == "found"
                else f"Skip this turn to build {city}"
            )
        if k == "draw":
            n = action.words[0]
            return {
                "2": "Draw 2, no resource",
                "1": "Draw 1, then a resource",
                "0": "Draw 0, then two resources",
            }[n]
        if k == "resource":
            return f"Make {first} {a_faction(action.words[0])} resource"
        if k == "accept":  # what a card offers: "each opponent may draw a card"
            _, kind, n, source = rules.data(view).owed[0]
            what = kind.removeprefix(OFFER)
            said = f"{what.capitalize()} {n} card{'s' * (n > 1)}" if what == "draw" else "Accept"
            return f"{said} ({name(view, source)})"
        if k == "overdraw":
            return "Draw a card (the overlord's extra card)"
        if k == "play":
            if action.words[:1] == ("army",):
                return f"Play {first} into your army"
            card = view.cards[action.cards[0]].card
            if AS_CREATURE in action.words:  # ruling 70
                into = view.cards[action.targets[0]].card.name if action.targets else "a city"
                return f"Play {first} as a {card.cost}/{card.cost} creature into {into}"
            x = next((w[2:] for w in action.words if w.startswith("x=")), None)
            xs = f" (X = {x})" if x else ""
            if card.type == "creature":
                return f"Play {first} into {on}{xs}"
            mode = next((w[5:] for w in action.words if w.startswith("mode=")), None)
            ms = f" ({_mode_words(card, int(mode))})" if mode and mode.isdigit() else ""
            return f"Play {first}{ms}" + (f" on {', '.join(targets)}" if on else "") + xs
        if k == "use":
            uses = view.cards[action.cards[0]].card.activated
            n = action.words[0] if action.words else ""
            chosen = int(n) if n.isdigit() and 1 <= int(n) <= len(uses) else 1
            ability = uses[chosen - 1] if uses else None
            which = f" ({_in_words(ability)})" if len(uses) > 1 and ability else ""
            aim = f" on {on}" if on else ""
            verb = "mark"  # what is done to the cards chosen to pay
            if ability is not None and (ability.cost_discard or ability.cost_sacrifice):
                verb = "discard" if ability.cost_discard else "sacrifice"
            elif ability is not None and ability.cost_defense:
                verb = f"lose {ability.cost_defense} defense on"
            if ability is not None and ability.when == "use":  # not marked: its cost said
                cost = f"{verb} {', '.join(names[1:])}" if names[1:] else ""
                cost = cost or (f"pay {ability.cost_power}" if ability.cost_power else "")
                said = f" ({cost})" if cost else ""
                return f"Use {first}{said}: its ability{which}{aim}"
            paid = ""
            if len(names) > 1:
                paid = f" and {', '.join(names[1:])}" if verb == "mark" else ""
                paid = paid or f" ({verb} {', '.join(names[1:])})"
            return f"Mark {first}{paid}: its ability{which}{aim}"
        if k == "release":
            hold = rules.held(view, action.cards[0])
            if hold and hold[0] == "pay":
                return f"Pay {hold[1]} to unmark {first}"
            return f"Put a -1/-1 counter on {first} to unmark it"
        if k == "salvage":
            n = view.cards[action.cards[0]].card.keywords.get("salvage", 0)
            return f"Salvage {first}: pay {n} to return it to your hand"
        if k == "devote":
            loyalty = sum(rules.loyalty_marks(view, c) for c in action.cards[1:])
            # cards its rule takes from the graveyard are said apart (ruling 68)
            fallen = [view.cards[c].zone[1] == GRAVE for c in action.cards[1:]]
            living = [n for n, f in zip(names[1:], fallen, strict=True) if not f]
            grave = [n for n, f in zip(names[1:], fallen, strict=True) if f]
            taken = f"removing {', '.join(grave)} from your graveyard" if grave else ""
            if not living:
                return f"Devote to {first}, {taken} (devotion {loyalty})"
            said = f"Devote {', '.join(living)} to {first}"
            return f"{said}{', ' + taken if taken else ''} (devotion {loyalty})"
        if k == "move":
            return f"Move {first} to " + (on if on else "the army")
        if k == "attack":
            return f"Attack {on} with {', '.join(names)}"
        if k == "block":
            return f"{first} defends against {on}"
        if k == "guard":
            return f"{first} guards {on} this turn"
        if k == "split":
            return ", ".join(f"{w} to {t}" for w, t in zip(action.words, targets, strict=True))
        if k == "target":
            prompt = view.top_prompt
            if prompt is not None and prompt.name in ("target", "choose"):
                ability = view.cards[prompt.data[0]].card.abilities[prompt.data[1]]
                if action.words == (YES,):  # a trigger its player may pay for
                    said = "; ".join(say_effect(e) for e in ability.effects)
                    return f"{first}: pay {ability.cost_power} to {said}"
                if ability.when == "save":
                    return f"{first}: save {on} (sacrifice {ability.cost_resources} resource cards)"
                put = next((e for e in ability.effects if e.do == "put"), None)
                if put is not None:
                    where = {
                        "hand": "into your hand",
                        "army": "into your army",
                        "home": f"into {first}",
                        "top": "on top of your deck",
                    }
                    dest = f"into {targets[1]}" if len(targets) > 1 else where.get(put.into, "")
                    return f"{first}: put {on} {dest}".rstrip()
            return f"{first}: target {on}"
        if k == "discard":
            return f"Discard {first}"
        if k == "sacrifice":
            if action.cards:
                return f"Sacrifice {first}"
            return f"Sacrifice {a_faction(action.words[0])} resource card"
        if k == "take":
            holder, zone = view.cards[action.cards[0]].zone
            owed = rules.owing(view, action.seat)
            if owed is not None and rules.swapping(owed[0]) is not None:
                return f"Swap {view.cards[owed[2]].card.name} for {first}"
            moving = rules.relocating(owed[0]) if owed is not None else None
            if moving is not None:  # ruling 78: the creature itself stands for its army
                who_ = view.cards[moving[0]].card.name
                return f"Move {who_} to " + ("its army" if action.cards[0] == moving[0] else first)
            if zone in rules.RES_FACTION:
                faction = a_faction(rules.RES_FACTION[zone])
                return f"Steal {faction} resource card from {view.seat_names[holder]}"
            return f"Remove {first} from {view.seat_names[holder]}'s graveyard"
        if k == "suffer":
            owed = rules.owing(view, action.seat)
            n = owed[1] if owed else 0
            return f"Take the {n} damage in {first}"
        if k == "end":
            return self.end_label(view)
        if k == "pass":
            return self.pass_label(view)
        if k == manual.KIND:
            return self._manual_label(view, action)
        return str(action)

    def _manual_label(self, view: GameState, action: Action) -> str:
        """A correction by hand, in the menu's words: "By hand: mark Goblin Raider"."""
        w = action.words
        if w[:1] == ("draw",) or not action.cards:
            return f"{manual.BY_HAND}: draw a card"
        cid = action.cards[0]
        inst = view.cards[cid]
        first = inst.card.name
        if inst.zone[1] in rules.RES_FACTION and inst.face_down and inst.owner != action.seat:
            first = (
                f"{a_faction(rules.RES_FACTION[inst.zone[1]])} resource card of "
                f"{view.seat_names[inst.owner]}"
            )  # face down: which card, theirs alone
        verb = w[0] if w else ""
        if verb in ("mark", "unmark"):
            return f"{manual.BY_HAND}: {verb} {first}"
        if verb == "damage" and w[1:] == ("+1",):
            return f"{manual.BY_HAND}: 1 damage to {first}"
        if verb == "damage":
            return f"{manual.BY_HAND}: take 1 damage off {first}"
        if verb == "strength":
            now = rules.strength(view, cid)
            after = now + 1 if w[1:] == ("+1",) else now - 1
            return f"{manual.BY_HAND}: {first}'s defense strength {w[1]} ({now} to {after})"
        dest = manual.destination(w)
        if dest is not None:
            to, top = dest
            if rules.is_city(inst):
                return (
                    f"{manual.BY_HAND}: destroy {first}"
                    if rules.in_play(view, cid)
                    else f"{manual.BY_HAND}: build {first}"
                )
            mine = "your" if inst.owner == action.seat else f"{view.seat_names[inst.owner]}'s"
            return f"{manual.BY_HAND}: put {first} " + manual.where(view, inst.owner, to, top, mine)
        return f"{manual.BY_HAND}: {action}"

    def manual_actions(self, view: GameState, seat: int, card: int) -> list[Action]:
        return manual.offers(view, seat, card)

    def end_label(self, view: GameState) -> str:
        if view.phase == "play2" or view.phase == "discard":
            return "End turn"
        return f"End {view.game.phases[view.phase].title}"

    def pass_label(self, view: GameState) -> str:
        prompt = view.top_prompt
        if prompt is not None and prompt.name == "block":
            return "Done defending"
        if prompt is not None and prompt.name == "choose":
            ability = view.cards[prompt.data[0]].card.abilities[prompt.data[1]]
            if ability.when == "save":
                return "Let it die"
            return "Done" if ability.repeat and rules.data(view).picked else "Decline"
        return "Nothing to take" if prompt is not None and prompt.name == "target" else "Pass"

    # -- gestures ------------------------------------------------------------------------------
    def destination(self, view: GameState, action: Action) -> ZoneKey | None:
        if action.kind == "resource":
            return (action.seat, RES[action.words[0]])
        if action.kind in ("play", "move") and action.words[:1] == ("army",):
            return (action.seat, ARMY)
        if action.kind == "found" or action.kind == "build":
            return None
        return None

    def intent(
        self, view: GameState, seat: int, card: int, target: int | None, zone: ZoneKey | None
    ) -> Action | None:
        inst = view.cards[card]
        if inst.owner != seat:
            return None
        where = inst.zone[1]
        if where == HAND:
            if zone is not None and zone[1] in rules.RES_FACTION and target is None:
                return act(view, "resource", seat, (card,), (), (rules.RES_FACTION[zone[1]],))
            if zone == (seat, ARMY) and target is None:
                return act(view, "play", seat, (card,), (), ("army",))
            if target is not None:
                return act(view, "play", seat, (card,), (target,))
            if view.phase == "discard" or rules.owing(view, seat) is not None:
                return act(view, "discard", seat, (card,))
            return act(view, "play", seat, (card,))
        if where == UNBUILT:
            return act(view, "found" if view.phase == "found" else "build", seat, (card,))
        owed = rules.owing(view, seat)
        if where in rules.IN_PLAY and owed is not None and rules.sacrificing(owed[0]) is not None:
            return act(view, "sacrifice", seat, (card,))
        if where in rules.IN_PLAY and rules.is_creature(inst):
            prompt = view.top_prompt
            if target is not None:
                t = view.cards[target]
                if (
                    prompt is not None
                    and prompt.name == "block"
                    and rules.is_creature(t)
                    and t.owner != seat
                ):
                    return act(view, "block", seat, (card,), (target,))
                if rules.is_city(t) and t.owner != seat and view.phase == "attack":
                    return act(view, "attack", seat, (card,), (target,))
                if rules.is_city(t):
                    return act(view, "move", seat, (card,), (target,))
                if rules.is_creature(t) and t.owner == seat and inst.card.keywords.get("bodyguard"):
                    return act(view, "guard", seat, (card,), (target,))
                return act(view, "use", seat, (card,), (target,))
            if zone == (seat, ARMY):
                return act(view, "move", seat, (card,), (), ("army",))
            if zone is None and view.phase == "attack" and not view.prompts and where != ARMY:
                # choosing an attacker that is a resident: the rule says why it cannot be
                foes = [c for s in range(view.seats) if s != seat for c in rules.cities(view, s)]
                if foes:
                    return act(view, "attack", seat, (card,), (foes[0],))
            if zone is None:
                return act(view, "use", seat, (card,))
        if where in rules.IN_PLAY and inst.card.type == "enchantment" and zone is None:
            return act(view, "use", seat, (card,), (target,) if target is not None else ())
        if where in rules.IN_PLAY and rules.is_city(inst) and rules.owing(view, seat) is not None:
            return act(view, "suffer", seat, (card,))
        if where in rules.IN_PLAY and rules.is_city(inst) and view.phase == "tactics":
            ready = rules._devotees(view, seat, card)
            return act(view, "devote", seat, (card, *ready))
        return None

    def selection(self, view: GameState, seat: int) -> Selection | None:
        if (
            view.phase == "attack"
            and not view.prompts
            and view.active == seat
            and rules.data(view).combat is None
            and not rules.data(view).attacked
        ):
            return Selection(
                ARMY,
                "attack",
                "Click creatures of your army to choose your "
                "attackers, then drag one of them onto the city to attack "
                "(or end the Attack phase)",
                "{n} attacker{s}",
                target=True,
                # residents a card lets attack from their city (Sortie) are chosen there
                also=tuple(sorted({view.cards[c].zone[1] for c in sortie(view, seat)})),
            )
        return None

    def window_title(self, view: GameState, seat: int, title: str) -> str:
        prompt = view.top_prompt
        owed = rules.owing(view, seat)
        if owed is not None:
            kind, n, source = owed
            card = view.cards[source].card.name
            if kind == "damage":
                return f"{card} deals you {n} damage: click the city of yours that takes it"
            if kind == "damage_or_resource":
                return (
                    f"{card} deals you {n} damage: click the city that takes it, or Choose… "
                    "to sacrifice a resource card for each point you prevent"
                )
            swapped = rules.swapping(kind)
            if swapped is not None:
                return (
                    f"{card}: choose the resource card it takes the place of "
                    f"({kinds_words(swapped[1])}) — Choose…"
                )
            moving = rules.relocating(kind)
            if moving is not None:  # ruling 78
                return f"{card}: choose where {view.cards[moving[0]].card.name} goes — Choose…"
            victim = rules.stealing(kind)
            if victim is not None:
                return (
                    f"{card}: steal {_some(n, 'resource card')} from "
                    f"{view.seat_names[victim]} — Choose… which pile"
                )
            grave = rules.exiling(kind)
            if grave is not None:
                kinds = kinds_words(grave[1]) if grave[1] else "card"
                return (
                    f"{card}: remove {_some(n, kinds)} from {view.seat_names[grave[0]]}'s "
                    "graveyard — Choose… which"
                )
            sacrificed = rules.sacrificing(kind)
            if sacrificed is not None:
                kinds = kinds_words(sacrificed) if sacrificed else "creature"
                them = "them" if n > 1 else "it"
                return f"{card}: sacrifice {_some(n, kinds)} you control — click {them}"
            cards = f"{n} cards" if n > 1 else "a card"
            if kind == "discard":
                return f"{card}: discard {cards} — click {'them' if n > 1 else 'it'} in your hand"
            instead = "as many resource cards, in any mix" if n > 1 else "a resource card"
            return (
                f"{card}: discard {cards} or sacrifice {instead} — click a card in your "
                "hand, or Choose… to sacrifice"
            )
        combat = rules.data(view).combat
        if (
            prompt is not None
            and prompt.name == "block"
            and prompt.seat == seat
            and combat is not None
            and not combat.blocks
            and next(iter(rules.MOVES["block"].generate(view, seat)), None) is None
        ):
            return (
                "You are attacked, and no creature of yours can defend: play an Event "
                "or use an ability, or pass"
            )
        return title

    def prompt(self, view: GameState, seat: int) -> str | None:
        d = rules.data(view)
        if view.phase == "found":
            return "Click one of your unbuilt cities (left) to found it as your first city."
        if view.phase == "draw" and view.active == seat:
            if d.drawn is None and any(
                rules.held(view, c) and view.cards[c].turned for c in rules.creatures(view, seat)
            ):
                return (
                    "Some of your creatures stay marked unless you pay for them: "
                    "right-click one to release it, then choose Draw 2, 1 or 0."
                )
            if d.drawn is None:
                return (
                    "Draw & Resource: choose Draw 2, Draw 1 (then a resource) or Draw 0 "
                    "(then two) — or click an unbuilt city to skip the turn and build it."
                )
            if d.resources_left:
                return (
                    "Drag a card from your hand onto a faction pile (right) to make it a "
                    f"resource ({d.resources_left} more allowed)."
                )
            return "Draw & Resource is done: end the phase to go on to Tactics."
        if view.phase == "tactics" and view.active == seat:
            return (
                "Tactics: click a city to devote its unmarked residents (their loyalty "
                "reaches its Levels), or end the phase."
            )
        if view.phase in ("play1", "play2") and view.active == seat:
            return (
                "Play: drag creatures onto your cities, cards onto their targets; drag "
                "creatures between the army and cities to move them."
            )
        if view.phase == "discard" and view.active == seat:
            return "Discard down to 7: click cards in your hand."
        return None

    def _splits(self, view: GameState, seat: int) -> tuple[Action, ...]:
        """Every way to divide the attacker's damage among its defenders (any shares adding
        up to its ATK), the rules' sensible ones first; past MAX_SPLITS, those and the most
        even ones (a menu taller than the window helps nobody)."""
        sensible = list(rules.MOVES["split"].generate(view, seat))
        if not sensible:
            return ()
        first = sensible[0]
        atk = sum(int(w) for w in first.words)
        out = {a.words: a for a in sensible}
        rest = sorted(
            _compositions(atk, len(first.targets)), key=lambda parts: max(parts) - min(parts)
        )
        for parts in rest:
            if len(out) >= MAX_SPLITS:
                break
            words = tuple(str(n) for n in parts)
            out.setdefault(words, first._replace(words=words))
        return tuple(out.values())

    def buttons(self, view: GameState, seat: int) -> list[Button]:
        """Asked every frame while the person at the table is to act: only the move
        generators that matter now run (they yield legal actions only)."""
        d = rules.data(view)
        prompt = view.top_prompt
        if prompt is not None and prompt.name == "split":
            return [Button("Divide damage…", None, "Enter", options=self._splits(view, seat))]
        if prompt is not None and prompt.name in ("target", "choose"):
            kind = "target"
            options = tuple(rules.MOVES[kind].generate(view, seat))
            label = "Divide damage…" if kind == "split" else "Choose…"
            return [Button(label, None, "Enter", options=options)]
        if prompt is not None and prompt.name == "offer" and prompt.seat == seat:
            # what a card offers (ruling 101): taken here, declined with Pass
            return [
                Button(self.action_label(view, a), a, "Enter")
                for a in rules.MOVES["accept"].generate(view, seat)
            ]
        if prompt is not None and prompt.name == "owe" and prompt.seat == seat:
            options = tuple(
                a
                for k in ("suffer", "discard", "sacrifice", "take")
                for a in rules.MOVES[k].generate(view, seat)
            )
            return [Button("Choose…", None, "Enter", options=options)]
        out: list[Button] = []
        if prompt is not None or view.active != seat:
            return out
        choosing = view.phase == "draw" and d.drawn is None
        kind = "found" if view.phase == "found" else "build" if choosing else None
        cities = tuple(rules.MOVES[kind].generate(view, seat)) if kind else ()
        if cities:  # the unbuilt pile shows one city: the menu shows them all
            label = "Found a city…" if kind == "found" else "Build a city…"
            out.append(Button(label, None, "B", options=cities))
        if choosing:
            for n in ("2", "1", "0"):
                a = act(view, "draw", seat, (), (), (n,))
                ok = rules.MOVES["draw"].check(view, a) is None
                out.append(Button(self.action_label(view, a), a if ok else None, n))
        if view.phase == "discard":  # Aminduna's overlord, at the end of its turn
            for a in rules.MOVES["overdraw"].generate(view, seat):
                out.append(Button("Draw a card", a, "D"))
        return out


def _some(n: int, kinds: str) -> str:
    """``n`` cards of a kind in words: "an Addax creature", "2 Addax creatures"."""
    return f"{n} {kinds}s" if n > 1 else f"{'an' if kinds[0] in 'AEIOU' else 'a'} {kinds}"


def _mode_words(card: ArcCard, mode: int) -> str:
    """A "choose one" mode in a few words: "3 damage to a creature"."""
    modes = rules.play_abilities(card)
    if not 1 <= mode <= len(modes):
        return f"choice {mode}"
    return _in_words(modes[mode - 1])


def _in_words(a: Any) -> str:
    """One of a card's abilities to choose from, in a few words: "3 damage to a creature",
    "mark a creature with flying"."""
    e = a.effects[0] if a.effects else None
    whom = TARGET_NOUNS.get(a.target, "")
    if whom and a.target_if:
        whom += " " + target_if_words(a.target_if)
    if a.targets > 1:
        first, _, rest = whom.partition(" with")
        plural = " or ".join(
            w[:-1] + "ies" if w.endswith("y") else w + "s" for w in first.split(" or ")
        )
        whom = f"each of {a.targets} {plural}" + (f" with{rest}" if rest else "")
    elif whom:
        whom = f"{'an' if whom[0] in 'aeiou' else 'a'} {whom}"
    if e is not None and e.do == "damage":
        return f"{e.amount} damage to {whom}".strip() if whom else f"{e.amount} damage"
    what = e.do if e is not None else ""
    return f"{what} {whom}".strip()


TARGET_NOUNS = {
    "creature": "creature",
    "enemy_creature": "opposing creature",
    "own_creature": "creature of yours",
    "city": "city",
    "enemy_city": "opposing city",
    "own_city": "city of yours",
    "creature_or_city": "creature or city",
    "own_city_or_army": "city of yours or your army",
    "player": "player",
    "opponent": "opponent",
    "creature_or_player": "creature or player",
    "any": "creature, player or city",
}


TABLE = ArcTable()
