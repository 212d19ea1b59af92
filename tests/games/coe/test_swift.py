"""A champion's Swift, activated, may be answered (coe.txt: "Contravene may be activated at
the moment either player states they are activating their universal effect"; a party
leader's Swift "is activated at the beginning of the respective players turn, during Camp
phase"; rulings 6, 51, 53 and 54 of docs/rulings/coe.md). Player 1 is Aldric (Swift: your
characters get +1 DEF for one round; 3 DEF printed) leading the party of four; Player 2 is
Kaelith alone."""

from tabletop.engine import PASS, Action, apply, legal_actions, parse

from .helpers import ARCHIVE, DECKS, GAME, HAND, camp, do, refused, resource, rules, to_hand

ALDRIC, SERAPHINE = "Aldric Brinehart, Lord-Marshal", "Seraphine Vael, Tide Cleric"


def ref(state, cid):
    return f'"{state.cards[cid].card.name}"#{cid}'


def cid_of(state, name):
    return next(c for c, inst in state.cards.items() if inst.card.name == name)


def asked(state):
    prompt = state.top_prompt
    return (prompt.seat, prompt.name) if prompt is not None else None


def aldric_begins(hand=None):
    """Seed 1: the coin makes Aldric's player (Player 1) begin; his Swift is activated first
    thing in its first Camp Phase. ``hand``: Player 2's hand, set before the coin (None: the
    5 cards it drew)."""
    state = GAME.new_game([DECKS["tidecrown_shieldwall"], DECKS["lone_archmage"]], 1)
    while state.top_prompt is not None and state.top_prompt.name == "handicap":
        if hand is not None:
            for cid in list(state.zones[(1, HAND)]):
                state.move(cid, (1, ARCHIVE))
            to_hand(state, 1, *hand)
            hand = None
        seat = state.top_prompt.seat
        cid = rules._untyped(state, seat)[0]
        apply(state, parse(state, f"P{seat + 1}: name {ref(state, cid)} enchanted"))
    assert state.data.first == 0 and state.phase == "camp" and state.turn == 1
    return state


def test_a_leaders_first_swift_opens_the_other_players_answer_window():
    state = aldric_begins()
    aldric = cid_of(state, ALDRIC)
    assert asked(state) == (1, "answer")  # Player 2 may answer the Swift
    assert rules.stat(state, aldric, "def") == 3  # not yet resolved
    assert len(state.zones[(0, HAND)]) == 5  # the draw comes after the Swift (ruling 6)
    assert not any(a.kind in ("build", "end") for a in legal_actions(state))


def test_a_swift_passed_happens_then_the_camp_phase_draws():
    state = aldric_begins()
    aldric = cid_of(state, ALDRIC)
    events = apply(state, Action(PASS, 1))
    texts = [e.text for e in events]
    assert rules.stat(state, aldric, "def") == 4  # +1 DEF for one round
    assert texts.index(f"{ALDRIC}: Swift") < next(
        i for i, t in enumerate(texts) if t.startswith("Player 1 draws")
    )
    assert len(state.zones[(0, HAND)]) == 6 and asked(state) is None
    assert state.phase == "camp" and state.active == 0


def test_a_contravened_swift_does_not_happen():
    """Player 2 answers Aldric's Swift with Silence the Oath naming it: the Swift does not
    happen (Contravene: "negates one keyword effect"), and the Camp Phase goes on."""
    state = aldric_begins()
    aldric = cid_of(state, ALDRIC)
    (silence,) = to_hand(state, 1, "Silence the Oath")
    paid = [resource(state, 1, "Snare Net") for _ in range(2)]
    pay = ", ".join(ref(state, c) for c in paid)
    # Only the Swift activated may be named in its window, not Aldric's other keywords.
    assert (
        refused(state, f"P2: play {ref(state, silence)}, {pay} -> {ref(state, aldric)} alert")
        == rules.R_CONTRAVENE
    )
    events = do(state, f"P2: play {ref(state, silence)}, {pay} -> {ref(state, aldric)} swift")
    texts = [e.text for e in events]
    assert f"Silence the Oath negates {ALDRIC}'s Swift" in texts
    assert f"{ALDRIC}: Swift" not in texts
    assert rules.stat(state, aldric, "def") == 3
    assert len(state.zones[(0, HAND)]) == 6 and asked(state) is None  # the draw followed
    assert state.cards[silence].zone == (1, ARCHIVE)


def test_the_swift_window_is_offered_whatever_the_other_player_holds():
    # An acolyte answers nothing, yet its holder is asked all the same: being asked tells
    # nothing of the hand (ruling 51).
    state = aldric_begins(hand=["Harbor Pikeman"])
    assert asked(state) == (1, "answer")
    state = aldric_begins(hand=["Silence the Oath"])
    assert asked(state) == (1, "answer")
    # No card in hand and no face-down Conjure: nobody is asked and the Swift happens.
    state = aldric_begins(hand=[])
    assert asked(state) is None
    assert rules.stat(state, cid_of(state, ALDRIC), "def") == 4
    assert len(state.zones[(0, HAND)]) == 6


def test_a_counter_cannot_answer_a_swift():
    state = aldric_begins()
    (unweave,) = to_hand(state, 1, "Unweave")  # Counter: any action of your opponent
    paid = [resource(state, 1, "Snare Net") for _ in range(3)]
    pay = ", ".join(ref(state, c) for c in paid)
    assert refused(state, f"P2: play {ref(state, unweave)}, {pay}") == rules.R_COUNTER_SWIFT


def test_a_champion_played_by_a_party_tactic_activates_its_swift_which_may_be_answered():
    """Aldric waits in the party area and comes to the battlefield by tactic B: his Swift
    is activated as he is played, and Player 1 may answer it."""
    state = camp(seed=1, first=1, p1="lone_archmage", p2="tidecrown_shieldwall")
    state.data.swifted[1] = True  # this test's leader is Seraphine
    aldric, seraphine = cid_of(state, ALDRIC), cid_of(state, SERAPHINE)
    state.move(aldric, (1, rules.PARTY))
    state.move(seraphine, (1, rules.LEADER))
    do(state, f"P2: tactic {ref(state, aldric)} battlefield", wait=True)
    assert asked(state) == (0, "answer")
    assert rules.stat(state, aldric, "def") == 3
    apply(state, Action(PASS, 0))
    assert rules.stat(state, aldric, "def") == 4 and asked(state) is None
    # A swap is no new arrival: no Swift (ruling 6).
    state = camp(seed=1, first=1, p1="lone_archmage", p2="tidecrown_shieldwall")
    state.data.swifted[1] = True
    aldric, seraphine = cid_of(state, ALDRIC), cid_of(state, SERAPHINE)
    state.move(aldric, (1, rules.CHARACTERS))
    state.move(seraphine, (1, rules.LEADER))
    do(state, f"P2: tactic {ref(state, aldric)} leader", wait=True)
    assert asked(state) is None and rules.stat(state, aldric, "def") == 3
