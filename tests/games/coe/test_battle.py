"""C.O.E's battles (coe.txt, "Battle Phase", "Boosting"; coe-keywords.md; rulings 5, 12-15,
38, 40-48 of docs/rulings/coe.md). Player 1 attacks in its Preparation Phase with characters set
on the field; acolytes' stats: Tidecrown Squire 1/2 (Knight), Gullwing Cutthroat 2/1 (Rogue,
First Strike), Rooftop Runner 2/1 (Stealth), Thornwood Tracker 2/1 (Range), Ember Familiar
1/1 (Evade), Shrine Acolyte -/1 (no DMG), Ember Adept 2/- (no DEF), Ashbound Scholar 1/1."""

from tabletop.engine import legal_actions

from .helpers import ARCHIVE, do, new_game, prep, refused, rules, take

ALDRIC, KAELITH = "Aldric Brinehart, Lord-Marshal", "Kaelith Emberveil, Archmage"
GRASK = "Grask Ironhide, Vanguard"


def on_field(state, seat, name):
    return take(state, seat, name, rules.CHARACTERS)


def battle():
    """Player 1's Preparation Phase with both leaders rested: they neither boost nor lend
    DEF, so each test has only the characters it sets."""
    state = prep()
    for seat in (0, 1):
        for leader in state.zones[(seat, rules.LEADER)]:
            state.cards[leader].turned = True
    return state


def ref(state, cid):
    return f'"{state.cards[cid].card.name}"#{cid}'


def attack_text(state, attacker, target, *helpers):
    return (
        "attack "
        + ", ".join(ref(state, c) for c in (attacker, *helpers))
        + f" -> {ref(state, target)}"
    )


def hp_left(state, cid):
    return state.cards[cid].card.hp - state.cards[cid].damage


def test_an_attacker_must_be_unrested_and_on_the_battlefield():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    squire = on_field(state, 1, "Tidecrown Squire")
    state.cards[cut].turned = True
    assert refused(state, attack_text(state, cut, squire)) == rules.R_ATTACKER
    state.cards[cut].turned = False
    do(state, attack_text(state, cut, squire))
    do(state, "P2: pass")  # no counter-attack
    assert state.cards[cut].turned  # attacking rests it: once a turn


def test_a_character_played_this_turn_cannot_attack_without_first_strike():
    state = battle()
    scholar = on_field(state, 0, "Ashbound Scholar")
    cut = on_field(state, 0, "Gullwing Cutthroat")
    squire = on_field(state, 1, "Tidecrown Squire")
    for c in (scholar, cut):
        rules.played(state, c)
    assert refused(state, attack_text(state, scholar, squire)) == rules.R_NEW
    do(state, attack_text(state, cut, squire))  # First Strike


def test_the_first_players_leader_cannot_attack_on_the_first_turn_the_seconds_may():
    """Ruling 5: the first player's leader counts as played at the start of its first turn;
    the second player's "was already considered to be in play before their turn began"."""
    for seed in (1, 4):  # the coin: Kaelith's player begins, then Aldric's
        state = new_game(seed)
        first = state.active
        second = 1 - first
        mine, theirs = (state.zones[(s, rules.LEADER)][0] for s in (first, second))
        do(state, f"P{first + 1}: end")  # to the Preparation Phase
        attack = f"P{first + 1}: {attack_text(state, mine, theirs)}"
        assert refused(state, attack) == rules.R_NEW
        for _ in range(3):  # the Preparation and Rest Phases end; the second's Camp Phase
            do(state, f"P{state.active + 1}: end")
        assert state.active == second and state.phase == "prep" and state.turn == 2
        do(state, f"P{second + 1}: {attack_text(state, theirs, mine)}", wait=True)
        assert state.phase == "battle" and state.cards[theirs].turned  # the attack is made


def test_a_rested_character_can_be_attacked():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    squire = on_field(state, 1, "Tidecrown Squire")
    state.cards[squire].turned = True
    events = do(state, attack_text(state, cut, squire))
    assert "2 DMG against 2 DEF: Tidecrown Squire takes 0" in [e.text for e in events]


def test_damage_is_dmg_minus_def_never_below_zero():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    scholar = on_field(state, 1, "Ashbound Scholar")
    state.cards[scholar].turned = True  # no counter-attack
    events = do(state, attack_text(state, cut, scholar))
    assert state.cards[scholar].damage == 1
    # both champions' parties hold an Ashbound Scholar: the one hit is named with its owner
    assert "2 DMG against 1 DEF: Ashbound Scholar (Player 2's) takes 1" in [e.text for e in events]


def test_an_unrested_stealth_character_cannot_be_attacked_a_rested_one_can():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    runner = on_field(state, 1, "Rooftop Runner")
    assert refused(state, attack_text(state, cut, runner)) == rules.R_STEALTH
    state.cards[runner].turned = True
    do(state, attack_text(state, cut, runner))


def test_an_evade_character_can_only_be_attacked_by_range():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    tracker = on_field(state, 0, "Thornwood Tracker")
    familiar = on_field(state, 1, "Ember Familiar")
    assert refused(state, attack_text(state, cut, familiar)) == rules.R_EVADE
    do(state, attack_text(state, tracker, familiar))


def test_a_support_champion_can_be_attacked_only_by_transgress():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    grask = take(state, 0, GRASK, rules.CHARACTERS)  # Transgress
    seraphine = take(state, 1, "Seraphine Vael, Tide Cleric", rules.SUPPORT)
    assert refused(state, attack_text(state, cut, seraphine)) == rules.R_SUPPORT
    do(state, attack_text(state, grask, seraphine))


def test_a_support_champion_is_never_boosted_nor_boosts():
    state = battle()
    grask = take(state, 0, GRASK, rules.CHARACTERS)  # Transgress
    seraphine = take(state, 1, "Seraphine Vael, Tide Cleric", rules.SUPPORT)
    squire = on_field(state, 1, "Tidecrown Squire")  # could boost a defender's DEF
    do(state, attack_text(state, grask, seraphine))
    assert state.top_prompt is None or state.top_prompt.name != "defend"
    assert not [a for a in legal_actions(state) if a.kind == "defend"]
    # Nor does the Support champion boost: only characters on the battlefield do.
    cut = on_field(state, 1, "Gullwing Cutthroat")
    assert seraphine not in rules.boosters(state, 1, "def", (cut,))
    assert squire in rules.boosters(state, 1, "def", (cut,))


def test_you_may_attack_your_own_character_but_not_itself():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    scholar = on_field(state, 0, "Ashbound Scholar")
    assert refused(state, attack_text(state, cut, cut)) == rules.R_ATTACK_ITSELF
    do(state, attack_text(state, cut, scholar))
    assert state.top_prompt.seat == 0  # its own player answers as the defender


def test_attack_boosters_add_their_dmg_and_are_rested_and_staggered():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    adept = on_field(state, 0, "Ember Adept")
    squire = on_field(state, 1, "Tidecrown Squire")
    state.cards[squire].turned = True
    do(state, attack_text(state, cut, squire, adept))
    assert state.cards[squire].damage == 2  # 2 + 2 DMG against 2 DEF
    assert state.cards[adept].turned
    assert rules.stat(state, adept, "def") == 0  # staggered (it has no DEF anyway)


def test_an_acolyte_without_the_stat_cannot_boost():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    shrine = on_field(state, 0, "Shrine Acolyte")  # no DMG
    squire = on_field(state, 1, "Tidecrown Squire")
    assert refused(state, attack_text(state, cut, squire, shrine)) == rules.R_NO_STAT


def test_defense_boosters_add_their_def_and_are_rested_and_staggered():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    adept = on_field(state, 0, "Ember Adept")
    scholar = on_field(state, 1, "Ashbound Scholar")
    squire = on_field(state, 1, "Tidecrown Squire")
    state.cards[scholar].turned = True
    do(state, attack_text(state, cut, scholar, adept))
    assert state.top_prompt.name == "defend" and state.top_prompt.seat == 1
    do(state, f"P2: defend {ref(state, squire)}")
    assert state.cards[scholar].damage == 1  # 4 DMG against 1 + 2 DEF
    assert state.cards[squire].turned and rules.stat(state, squire, "def") == 0
    assert state.phase == "prep"


def test_a_staggered_booster_has_no_defence_until_the_turn_ends():
    state = battle()
    squire = on_field(state, 1, "Tidecrown Squire")
    rules.stagger(state, squire, [])
    assert rules.stat(state, squire, "def") == 0
    do(state, "end")
    assert rules.stat(state, squire, "def") == 0  # the Rest Phase: still this turn
    do(state, "end")
    assert not [m for m in state.lasting if m.target == squire and m.stat == "staggered"]
    assert rules.stat(state, squire, "def") >= 2


def test_an_unrested_defender_may_counter_attack_a_rested_one_cannot():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    scholar = on_field(state, 1, "Ashbound Scholar")
    do(state, attack_text(state, cut, scholar))
    assert state.top_prompt.name == "counter_attack"
    do(state, f"P2: counter {ref(state, scholar)} -> {ref(state, cut)}")
    assert state.cards[cut].damage == 0  # 1 DMG against 1 DEF
    assert state.cards[scholar].damage == 1


def test_the_attack_and_the_counter_attack_are_dealt_together():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    adept = on_field(state, 1, "Ember Adept")  # 2 DMG, no DEF
    hp = state.cards[adept].card.hp
    state.cards[adept].damage = hp - 1
    do(state, attack_text(state, cut, adept))
    do(state, f"P2: counter {ref(state, adept)} -> {ref(state, cut)}")
    assert state.cards[adept].zone == (1, ARCHIVE)
    assert state.cards[cut].damage == 1  # its blow landed though it fell


def test_range_cannot_be_counter_attacked():
    state = battle()
    tracker = on_field(state, 0, "Thornwood Tracker")
    scholar = on_field(state, 1, "Ashbound Scholar")
    do(state, attack_text(state, tracker, scholar))
    assert state.top_prompt is None and state.phase == "prep"


def test_the_battle_phase_ends_after_the_damage_and_preparation_resumes():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    on_field(state, 0, "Thornwood Tracker")
    scholar = on_field(state, 1, "Ashbound Scholar")
    state.cards[scholar].turned = True
    events = do(state, attack_text(state, cut, scholar))
    phases = [e.value[0] for e in events if e.kind == "phase"]
    assert phases == ["battle", "prep"] and state.phase == "prep"
    assert [a for a in legal_actions(state) if a.kind == "attack"]  # a new attack may start


def test_a_round_with_empty_decks_and_nothing_done_is_a_stalemate_draw():
    state = prep()
    for seat in (0, 1):
        for zone in (rules.DECK, rules.HAND):
            for cid in list(state.zones[(seat, zone)]):
                state.move(cid, (seat, ARCHIVE))
    do(state, "P1: end")  # to the Rest Phase
    do(state, "P1: end")  # Player 1's turn ends (its cards went to the archive in it)
    for _ in range(3):
        do(state, "P2: end")  # Player 2's turn: nothing happens
    assert not state.over
    for _ in range(3):
        do(state, "P1: end")  # nor in Player 1's: a whole quiet round
    assert state.over and state.winners == ()


def test_damage_in_the_round_keeps_a_game_with_empty_decks_going():
    state = prep()
    for seat in (0, 1):
        for zone in (rules.DECK, rules.HAND):
            for cid in list(state.zones[(seat, zone)]):
                state.move(cid, (seat, ARCHIVE))
    do(state, "P1: end")
    do(state, "P1: end")
    for _ in range(3):
        do(state, "P2: end")
    squire = on_field(state, 1, "Tidecrown Squire")
    state.cards[squire].damage = 1  # something happens in Player 1's turn
    for _ in range(3):
        do(state, "P1: end")
    assert not state.over


def test_a_rested_character_cannot_boost():
    """Ruling 14: a rested character does not go into battle: it neither attacks nor boosts
    (nor counter-attacks, nor activates a skill)."""
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    adept = on_field(state, 0, "Ember Adept")
    squire = on_field(state, 1, "Tidecrown Squire")
    state.cards[adept].turned = True
    assert refused(state, attack_text(state, cut, squire, adept)) == rules.R_BOOSTER


def test_a_battle_declares_boosts_answers_resolves_then_deals_damage():
    """Ruling 40: the attack and its boosters; the defence boosters; the answers (the
    defender's player first); Rally Call and Fortify resolve; the counter-attack is chosen;
    the damage; the Preparation Phase resumes."""
    state = battle()
    grask = on_field(state, 0, "Grask Ironhide, Vanguard")  # Rally Call: +1 DMG
    cut = on_field(state, 0, "Gullwing Cutthroat")
    borin = on_field(state, 1, "Borin Deepanchor, Shieldwright")  # Fortify: 1 damage
    squire = on_field(state, 1, "Tidecrown Squire")
    events = do(state, attack_text(state, grask, borin, cut), wait=True)
    assert state.top_prompt.name == "defend"
    events += do(state, f"P2: defend {ref(state, squire)}", wait=True)
    assert (state.top_prompt.seat, state.top_prompt.name) == (1, "answer")
    events += do(state, "P2: pass", wait=True)
    assert (state.top_prompt.seat, state.top_prompt.name) == (0, "answer")
    events += do(state, "P1: pass", wait=True)
    assert state.top_prompt.name == "counter_attack"
    events += do(state, "P2: pass")
    texts = [e.text for e in events]

    def first(part):
        return next(i for i, t in enumerate(texts) if part in t)

    assert (
        first("attacks")
        < first("boosts")
        < first("Player 2: Answer")
        < first("Player 1: Answer")
        < first("Rally Call")
        < first("Fortify")
        < first("Counter-attack")
        < first("DMG against")
    )
    assert state.phase == "prep"


def test_an_attack_whose_defender_has_left_deals_no_damage():
    state = battle()
    cut = on_field(state, 0, "Gullwing Cutthroat")
    squire = on_field(state, 1, "Tidecrown Squire")
    do(state, attack_text(state, cut, squire), wait=True)
    assert state.top_prompt.name == "answer"
    rules.archive(state, squire, [])  # gone before the damage (as by an answer)
    events = do(state, "P2: pass")
    assert "No damage is dealt: the attacker or the defender has left the battlefield" in [
        e.text for e in events
    ]
    assert state.phase == "prep" and state.cards[cut].damage == 0
