"""When an ability is set off: "When I come into play", "When I die", "At the start of your
play phase", "... during your discard phase", "Whenever another creature comes into
play", "When an opponent draws a card", "Whenever you play a Red Banner card", and whose
turn or card each speaks of.
"""

from __future__ import annotations

from .parts import one_of, part

# -- triggers --------------------------------------------------------------------------------

# When a card's own ability happens, as its sentence begins ("When I come into play, ...").
TRIGGERS = {
    "come into play": "play",
    "mark for devotion": "devote",
    "am marked for devotion": "devote",
    "damage a city": "hit_city",
    "enter a city": "enter_city",
    "move into a city": "enter_city",
    "deal damage to a city": "hit_city",
    "enter play": "play",
    "die": "die",
    "am destroyed": "die",
    "leave play": "leave",
    "leave the game": "leave",
    "am marked": "marked",
    "attack": "attack",
    "attack a city": "attack",
    "am blocked": "blocked",
    "get blocked": "blocked",
    "block": "block",
    "block a creature": "block",
    "am moved": "moved",
    "'m moved": "moved",
    "’m moved": "moved",
    "move": "moved",
}
TRIGGER = (
    r"When(?:ever)? I(?: |(?=['’]))(?P<trigger>"
    + one_of(TRIGGERS)
    + r")(?: where (?P<there>[A-Z][A-Za-z' ]+?) is)?,?"
)


@part("trigger", str)
def trigger(words: str) -> str:
    """The ability's ``when`` for the words after "When I" ("die" -> "die")."""
    return TRIGGERS[" ".join(words.lower().split())]


# A phase of the card's controller's turn starting or ending, as the sentence begins ("At
# the start of your tactics phase, ...").
PHASE_WORDS = {
    "unmark": "unmark",
    "draw": "draw",
    "draw & resource": "draw",
    "tactics": "tactics",
    "tactic": "tactics",
    "play": "play",
    "attack": "attack",
    "combat": "attack",
    "discard": "discard",
}
_PHASES = one_of(PHASE_WORDS)
# "At the start of your tactics phase, ..."
AT_PHASE = rf"At the (?P<edge>start|beginning|end) of your (?P<phase>{_PHASES}) phase,?"
# The same, said after what happens ("... at the beginning of that city's tactics phase"):
# of the turn of the player whose city the card lives in, or of its controller's.
PHASE_AFTER = (
    r" at the (?P<edge>start|beginning|end) of (?P<whose>your|my city's|that city's) "
    rf"(?P<phase>{_PHASES}) phase"
)


# A turn starting or ending, as the sentence begins ("At the end of each opponent's turn,
# ...", "At the start of your turn, ..."): the first phase of the turn starting, or the last
# ending, of its controller's turn, each player's ("any") or each opponent's ("opponent").
AT_TURN = (
    r"At the (?P<edge>start|beginning|end) of (?P<whose>your|each|every|each player['’]s|"
    r"each opponent['’]s|an opponent['’]s|a player['’]s|any player['’]s) turn,?"
)
_TURN_WHOSE = {"your": "", "each opponent's": "opponent", "an opponent's": "opponent"}


@part("turn", lambda got: f"{got['edge']} of {got.get('whose') or 'your'} turn")
def at_turn(edge: str, whose: str) -> dict[str, str]:
    """The ``phase``, ``edge`` and ``whose`` fields of an ability for "At the <edge> of
    <whose> turn": its Unmark phase starting, or its Discard phase ending."""
    start = edge.lower() != "end"
    said = _TURN_WHOSE.get(whose.lower().replace("’", "'"), "any")
    out = {"phase": "unmark" if start else "discard", "edge": "start" if start else "end"}
    return {**out, "whose": said} if said else out


@part("phase", lambda got: f"{got['edge']} of {got['phase']}")
def at_phase(edge: str, phase: str) -> dict[str, str]:
    """The ``phase`` and ``edge`` fields of an ability for "At the <edge> of your <phase>
    phase"."""
    return {"phase": PHASE_WORDS[phase.lower()], "edge": "end" if edge == "end" else "start"}


# Another card coming into play, as the sentence begins ("Whenever another Red Banner
# creature or fellow Soldier comes into play under your control, ...").
WHOSE = {
    "": "any",
    "under your control": "you",
    "under an opponent's control": "opponent",
    "under your opponent's control": "opponent",
    "under an opponent’s control": "opponent",
}
ENTERS = (
    r"When(?:ever)? another (?P<kind>[A-Za-z ,]+?) (?:comes|enters) (?:into )?play"
    r"(?: (?P<whose>under (?:your|an opponent['’]s|your opponent's) control))?,?"
)


# Another card dying or leaving play, as the sentence begins ("Whenever another creature you
# control dies, ...", "When an opposing creature dies, ...", "Whenever a Goblin you control
# leaves play, ..."): a card in play hears of the others only (ruling 92).
GOES = (
    r"When(?:ever)? (?:another|an?|one of your|any other|any) (?P<opposing>opposing |enemy )?"
    r"(?P<kind>[A-Za-z ]+?)(?: (?P<whose>you control|an opponent controls|your opponents? "
    r"controls?))? (?P<verb>dies|is destroyed|is put into (?:a|the|its owner['’]s) graveyard "
    r"from play|leaves play|leaves the game),?"
)
GOES_WHOSE = {"you control": "you", "": "any"}


def goes(verb: str) -> str:
    """The ``when`` of another card's going: "dies" -> "other_dies", "leaves play" ->
    "other_leaves"."""
    return "other_leaves" if verb.lower().startswith("leaves") else "other_dies"


# A card a player draws or discards ("Each time an opponent draws a card, ...", "When an
# opponent discards a card, ...").
DRAWS = (
    r"(?:When(?:ever)?|Each time|Every time) (?P<drawer>an opponent|a player|you) "
    r"(?P<verb>draws?|discards?) a card,?"
)
# A card its controller plays, as the sentence begins ("When you play an enchantment card,
# ...") or ends ("... every time you play a Gaian card").
CAST = (
    r"(?:When(?:ever)?|Each time|Every time) you (?P<well>successfully )?play an? "
    r"(?P<kind>[A-Za-z ]+?) card,?"
)
CAST_AFTER = r" (?:every time|each time|whenever) you play an? (?P<kind>[A-Za-z ]+?) card"
# A card any player plays, or an opponent ("Each time a Red Banner event or magic card is
# played, ...", "Whenever an opponent plays a creature card, ...").
CAST_BY = (
    r"(?:When(?:ever)?|Each time|Every time) (?:(?P<by>an opponent) plays an? "
    r"(?P<kind>[A-Za-z ]+?) card|an? (?P<pkind>[A-Za-z ]+?) card is played),?"
)


def whose(words: str | None) -> str:
    return WHOSE[" ".join((words or "").lower().split())]


# A card's own ability said after what it does ("I get +2/+1 when blocking creatures
# without flying.", "Put me in the graveyard during your discard phase."): the ``when``.
TRIGGERS_AFTER = {
    "when blocking": "block",
    "whenever blocking": "block",
    "when i block": "block",
    "whenever i block": "block",
    "when attacking": "attack",
    "whenever attacking": "attack",
    "when i attack": "attack",
    "whenever i attack": "attack",
    "during your discard phase": "discard",
    "in your discard phase": "discard",
}
TRIGGER_AFTER = (
    r" (?P<after>"
    + one_of(TRIGGERS_AFTER)
    + r")(?: (?:creatures?|an? creature) without (?P<vs>[a-z ]+?))?"
)
# What must hold for a card's own ability to happen, as "If ..." says it
# (``cards.Ability.condition``).
CONDITIONS = {
    "i have attacked this turn": "attacked",
    "i attacked this turn": "attacked",
    "i am in your army": "in_army",
}
CONDITION = r"If (?P<cond>" + one_of(CONDITIONS) + r"),? "


@part("trigger", str)
def trigger_after(words: str) -> str:
    """The ability's ``when`` for the words that end its sentence ("when blocking" ->
    "block")."""
    return TRIGGERS_AFTER[" ".join(words.lower().split())]


@part("condition", str)
def condition(words: str) -> str:
    """The ability's ``condition`` for the words after "If" ("I have attacked this turn" ->
    "attacked")."""
    return CONDITIONS[" ".join(words.lower().split())]
