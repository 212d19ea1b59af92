"""C.O.E's answers: Counter, Conjure, Contravene and Cast: Battle cards in the answer windows
that follow a card played and an attack, and the speed order they resolve in (coe.txt, "Card
Speeds"; coe-keywords.md; rulings 48, 49, 51-54 of docs/rulings/coe.md)."""

from tabletop.engine import PASS, Action, apply, view

from .helpers import ARCHIVE, HAND, do, prep, refused, resource, rules, take, to_hand

NYX = "Nyx Quillfeather, Syndicate Knife"  # 3 DMG, Rally Call: stagger the defender
BORIN = "Borin Deepanchor, Shieldwright"  # Fortify: 1 damage to the attacker


def ref(state, cid):
    return f'"{state.cards[cid].card.name}"#{cid}'


def mana(state, seat, n):
    """``seat`` gets ``n`` unrested Enchanted resources worth 1 (they pay Mana or Shells)."""
    return [resource(state, seat, "Snare Net") for _ in range(n)]


def pay(state, cards):
    return ", ".join(ref(state, c) for c in cards)


def asked(state):
    prompt = state.top_prompt
    return (prompt.seat, prompt.name) if prompt is not None else None


def pass_(state, seat):
    return apply(state, Action(PASS, seat))


def empty_hand(state, seat):
    for cid in list(state.zones[(seat, HAND)]):
        state.move(cid, (seat, ARCHIVE))


def battle_ready(state):
    """Both leaders rested (they neither boost nor counter-attack): a test's own
    characters fight."""
    for seat in (0, 1):
        for leader in state.zones[(seat, rules.LEADER)]:
            state.cards[leader].turned = True


def test_a_window_opens_for_a_seat_holding_any_card_whatever_it_holds():
    state = prep()
    empty_hand(state, 1)
    to_hand(state, 1, "Harbor Pikeman")  # an acolyte: no answer at all
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    (dart,) = to_hand(state, 0, "Flare Dart")
    paid = mana(state, 0, 1)
    do(state, f"play {ref(state, dart)}, {pay(state, paid)} -> {ref(state, squire)}", wait=True)
    assert asked(state) == (1, "answer")
    assert state.cards[dart].zone == (0, rules.PLAYED)  # shown, waiting
    assert state.cards[squire].damage == 0
    pass_(state, 1)
    assert asked(state) is None
    assert state.cards[squire].damage == 2 and state.cards[dart].zone == (0, ARCHIVE)


def test_no_window_opens_for_a_seat_without_a_card_or_a_face_down_conjure():
    state = prep()
    empty_hand(state, 1)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    (dart,) = to_hand(state, 0, "Flare Dart")
    paid = mana(state, 0, 1)
    do(state, f"play {ref(state, dart)}, {pay(state, paid)} -> {ref(state, squire)}", wait=True)
    assert asked(state) is None and state.cards[squire].damage == 2
    # A face-down Conjure is enough to be asked, with an empty hand.
    (blade,) = to_hand(state, 1, "Phantom Blade")
    state.move(blade, (1, rules.ARSENAL))
    state.cards[blade].face_down = True
    (dart2,) = to_hand(state, 0, "Flare Dart")
    paid = mana(state, 0, 1)
    do(state, f"play {ref(state, dart2)}, {pay(state, paid)} -> {ref(state, squire)}", wait=True)
    assert asked(state) == (1, "answer")


def test_a_conjure_is_set_face_down_and_may_be_activated_the_same_turn():
    state = prep()
    battle_ready(state)
    runner = take(state, 0, "Rooftop Runner", rules.CHARACTERS)
    (blade,) = to_hand(state, 0, "Phantom Blade")
    paid = mana(state, 0, 1)
    assert refused(
        state, f"play {ref(state, blade)}, {pay(state, paid)} -> {ref(state, runner)}"
    ).startswith(rules.R_TARGET)
    do(state, f"play {ref(state, blade)}, {pay(state, paid)}")
    inst = state.cards[blade]
    assert inst.zone == (0, rules.ARSENAL) and inst.face_down and state.cards[paid[0]].turned
    assert not rules.has(state, runner, "unblockable")
    do(state, f"reveal {ref(state, blade)} -> {ref(state, runner)}")
    assert rules.has(state, runner, "unblockable")
    assert state.cards[blade].zone == (0, ARCHIVE)


def test_a_conjure_from_the_hand_is_not_an_answer():
    state = prep()
    battle_ready(state)
    runner = take(state, 0, "Rooftop Runner", rules.CHARACTERS)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    to_hand(state, 1, "Flare Dart")
    (blade,) = to_hand(state, 1, "Smoke Bomb")
    mana(state, 1, 1)
    do(state, f"attack {ref(state, runner)} -> {ref(state, squire)}", wait=True)
    assert asked(state) == (1, "answer")
    assert (
        refused(state, f'P2: play {ref(state, blade)}, "Snare Net" -> {ref(state, squire)}')
        == rules.R_CONJURE_SET
    )


def test_a_face_down_conjure_hides_its_name_from_the_opponent():
    state = prep()
    (blade,) = to_hand(state, 0, "Phantom Blade")
    paid = mana(state, 0, 1)
    events = do(state, f"play {ref(state, blade)}, {pay(state, paid)}")
    seen = view(state, 1)
    assert not seen.cards[blade].known
    assert view(state, 0).cards[blade].card.name == "Phantom Blade"
    set_ = next(e for e in events if e.kind == "move" and blade in e.cards)
    assert "Phantom Blade" not in set_.text_for(1) and "face down" in set_.text_for(1)
    assert "Phantom Blade" in set_.text_for(0)


def test_a_counter_answers_only_an_opponents_action():
    state = prep()
    battle_ready(state)
    runner = take(state, 0, "Rooftop Runner", rules.CHARACTERS)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    (ward,) = to_hand(state, 0, "Mirror Ward")
    mana(state, 0, 2)
    # Not as an action of one's own: only in a window.
    assert refused(
        state, f'play {ref(state, ward)}, "Snare Net", "Snare Net"'
    ) == rules.R_ANSWER_ONLY.format("Counter")
    to_hand(state, 1, "Flare Dart")
    do(state, f"attack {ref(state, runner)} -> {ref(state, squire)}", wait=True)
    pass_(state, 1)  # the defender passes; the attacker is asked
    assert asked(state) == (0, "answer")
    assert (
        refused(state, f'play {ref(state, ward)}, "Snare Net", "Snare Net"')
        == rules.R_COUNTER_WHOSE
    )


def test_a_counter_naming_a_trigger_answers_only_that():
    state = prep()
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    (dart,) = to_hand(state, 0, "Flare Dart")
    paid = mana(state, 0, 1)
    ward, seizure = to_hand(state, 1, "Mirror Ward", "Customs Seizure")
    p2 = mana(state, 1, 2)
    do(state, f"play {ref(state, dart)}, {pay(state, paid)} -> {ref(state, squire)}", wait=True)
    assert refused(
        state, f"P2: play {ref(state, ward)}, {pay(state, p2)}"
    ) == rules.R_COUNTER_TRIGGER.format("an attack")
    do(state, f"P2: play {ref(state, seizure)}, {pay(state, p2)}")
    assert state.cards[squire].damage == 0  # the Flare Dart did nothing
    assert state.cards[dart].zone == (0, ARCHIVE) and state.cards[seizure].zone == (1, ARCHIVE)
    assert state.cards[paid[0]].turned  # what was paid stays paid


def test_a_countered_attack_deals_no_damage():
    state = prep()
    battle_ready(state)
    runner = take(state, 0, "Rooftop Runner", rules.CHARACTERS)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    (ward,) = to_hand(state, 1, "Mirror Ward")
    p2 = mana(state, 1, 2)
    do(state, f"attack {ref(state, runner)} -> {ref(state, squire)}", wait=True)
    do(state, f"P2: play {ref(state, ward)}, {pay(state, p2)}")
    assert state.phase == "prep" and state.cards[squire].damage == 0
    assert state.cards[runner].turned  # the attack was made: its attacker stays rested


def test_two_counters_resolve_last_played_first():
    """Player 2 counters Player 1's Flare Dart; Player 1 answers with a Contravene naming
    that Counter: played last, it resolves first, and the Flare Dart goes through."""
    state = prep()
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    dart, silence = to_hand(state, 0, "Flare Dart", "Silence the Oath")
    p1 = mana(state, 0, 3)
    (seizure,) = to_hand(state, 1, "Customs Seizure")
    p2 = mana(state, 1, 2)
    do(state, f"play {ref(state, dart)}, {pay(state, p1[:1])} -> {ref(state, squire)}", wait=True)
    do(state, f"P2: play {ref(state, seizure)}, {pay(state, p2)}", wait=True)
    assert asked(state) == (0, "answer")
    do(state, f"play {ref(state, silence)}, {pay(state, p1[1:])} -> {ref(state, seizure)} counter")
    assert state.cards[squire].damage == 2
    assert state.cards[seizure].zone == (1, ARCHIVE)


def test_simultaneous_effects_resolve_conjures_counters_characters_then_arsenal():
    """Nyx attacks (Rally Call: stagger the defender); the defender answers with Sudden
    Squall (Cast: Battle, an arsenal effect), the attacker turns up Phantom Blade (a
    Conjure), the defender plays Silence the Oath (a Contravene) naming Nyx's Transgress.
    Played in that order, they resolve Conjure, Contravene, Rally Call, Sudden Squall."""
    state = prep()
    battle_ready(state)
    nyx = take(state, 0, NYX, rules.CHARACTERS)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    (blade,) = to_hand(state, 0, "Phantom Blade")
    p1 = mana(state, 0, 1)
    do(state, f"play {ref(state, blade)}, {pay(state, p1)}")
    squall, silence = to_hand(state, 1, "Sudden Squall", "Silence the Oath")
    p2 = mana(state, 1, 3)
    do(state, f"attack {ref(state, nyx)} -> {ref(state, squire)}", wait=True)
    do(
        state,
        f"P2: play {ref(state, squall)}, {pay(state, p2[:1])} -> {ref(state, nyx)}",
        wait=True,
    )
    do(state, f"reveal {ref(state, blade)} -> {ref(state, nyx)}", wait=True)
    events = do(
        state,
        f"P2: play {ref(state, silence)}, {pay(state, p2[1:])} -> {ref(state, nyx)} transgress",
        wait=True,
    )
    events += pass_(state, 0)
    events += pass_(state, 1)
    texts = [e.text for e in events]

    def first(part):
        return next(i for i, t in enumerate(texts) if part in t)

    assert (
        first("gains Unblockable")
        < first("negates")
        < first("Rally Call")
        < first(f"{NYX} is staggered")
    )
    assert first("Tidecrown Squire is staggered") < first(f"{NYX} is staggered")


def test_contravene_negates_the_keyword_named_for_this_battle():
    state = prep()
    battle_ready(state)
    tracker = take(state, 0, "Thornwood Tracker", rules.CHARACTERS)  # Range
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    (silence,) = to_hand(state, 1, "Silence the Oath")
    p2 = mana(state, 1, 2)
    do(state, f"attack {ref(state, tracker)} -> {ref(state, squire)}", wait=True)
    do(state, f"P2: play {ref(state, silence)}, {pay(state, p2)} -> {ref(state, tracker)} range")
    assert asked(state) == (1, "counter_attack")  # no Range: the squire may counter-attack
    do(state, "P2: pass")
    assert rules.has(state, tracker, "range") is False  # for the rest of the turn


def test_either_player_may_contravene():
    """The attacker contravenes the defender's Fortify."""
    state = prep()
    battle_ready(state)
    runner = take(state, 0, "Rooftop Runner", rules.CHARACTERS)
    borin = take(state, 1, BORIN, rules.CHARACTERS)
    (silence,) = to_hand(state, 0, "Silence the Oath")
    p1 = mana(state, 0, 2)
    to_hand(state, 1, "Flare Dart")
    do(state, f"attack {ref(state, runner)} -> {ref(state, borin)}", wait=True)
    pass_(state, 1)
    do(state, f"play {ref(state, silence)}, {pay(state, p1)} -> {ref(state, borin)} fortify")
    if asked(state) == (1, "counter_attack"):
        do(state, "P2: pass")
    assert state.cards[runner].damage == 0  # Fortify's 1 damage never came


def test_a_contravene_names_a_keyword_the_answered_action_has():
    state = prep()
    battle_ready(state)
    runner = take(state, 0, "Rooftop Runner", rules.CHARACTERS)  # Agile, Stealth
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    (silence,) = to_hand(state, 1, "Silence the Oath")
    p2 = mana(state, 1, 2)
    do(state, f"attack {ref(state, runner)} -> {ref(state, squire)}", wait=True)
    assert (
        refused(
            state, f"P2: play {ref(state, silence)}, {pay(state, p2)} -> {ref(state, runner)} range"
        )
        == rules.R_CONTRAVENE
    )
    assert refused(state, f"P2: play {ref(state, silence)}, {pay(state, p2)}") == rules.R_CONTRAVENE


def test_a_cast_battle_card_is_played_in_a_battles_answer_window():
    state = prep()
    battle_ready(state)
    runner = take(state, 0, "Rooftop Runner", rules.CHARACTERS)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)  # 1 DMG 2 DEF, 3 HP
    (squall,) = to_hand(state, 0, "Sudden Squall")
    p1 = mana(state, 0, 1)
    assert refused(
        state, f"play {ref(state, squall)}, {pay(state, p1)} -> {ref(state, squire)}"
    ) == rules.R_CAST.format("Cast: Battle")
    to_hand(state, 1, "Flare Dart")
    do(state, f"attack {ref(state, runner)} -> {ref(state, squire)}", wait=True)
    pass_(state, 1)
    do(state, f"play {ref(state, squall)}, {pay(state, p1)} -> {ref(state, squire)}")
    do(state, "P2: pass")  # no counter-attack
    assert state.cards[squire].damage == 2  # 2 DMG against a staggered 0 DEF


def test_a_counter_cannot_answer_a_conjure_turned_up():
    """A Conjure resolves before any Counter: a Counter played against its activation could
    do nothing, so it is refused (setting a Conjure face down is a card played: that may be
    countered)."""
    state = prep()
    battle_ready(state)
    runner = take(state, 0, "Rooftop Runner", rules.CHARACTERS)
    (blade,) = to_hand(state, 0, "Phantom Blade")
    p1 = mana(state, 0, 1)
    do(state, f"play {ref(state, blade)}, {pay(state, p1)}")
    (unweave,) = to_hand(state, 1, "Unweave")
    p2 = mana(state, 1, 3)
    do(state, f"reveal {ref(state, blade)} -> {ref(state, runner)}", wait=True)
    assert asked(state) == (1, "answer")
    assert (
        refused(state, f"P2: play {ref(state, unweave)}, {pay(state, p2)}")
        == rules.R_COUNTER_CONJURE
    )


def test_a_conjure_set_face_down_may_be_countered():
    state = prep()
    (blade,) = to_hand(state, 0, "Phantom Blade")
    p1 = mana(state, 0, 1)
    (seizure,) = to_hand(state, 1, "Customs Seizure")
    p2 = mana(state, 1, 2)
    do(state, f"play {ref(state, blade)}, {pay(state, p1)}", wait=True)
    do(state, f"P2: play {ref(state, seizure)}, {pay(state, p2)}")
    assert state.cards[blade].zone == (0, ARCHIVE)
