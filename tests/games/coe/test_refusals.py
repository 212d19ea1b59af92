"""C.O.E's refusals name the rule that refuses, in the rulebook's words (a refusal resting on
a ruling says so): each corrected wording is given in its case. Player 1 is Kaelith (Mage,
Ember Conclave) alone; Player 2 is Aldric (Alert) with Seraphine, Borin and Grask."""

from .helpers import camp, do, prep, refused, resource, rules, scenario, take, to_hand

KAELITH, ALDRIC = "Kaelith Emberveil, Archmage", "Aldric Brinehart, Lord-Marshal"
SERAPHINE = "Seraphine Vael, Tide Cleric"


def ref(state, cid):
    return f'"{state.cards[cid].card.name}"#{cid}'


def cid_of(state, name):
    return next(c for c, inst in state.cards.items() if inst.card.name == name)


def battle():
    """Player 1's Preparation Phase with both leaders rested: each test has only the
    characters it sets."""
    state = prep()
    for seat in (0, 1):
        for leader in state.zones[(seat, rules.LEADER)]:
            state.cards[leader].turned = True
    return state


def test_equipment_goes_on_a_champion_of_your_own_not_the_opponents():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    seraphine = take(state, 1, SERAPHINE, rules.CHARACTERS)  # a champion, not Player 1's
    familiar = take(state, 0, "Ember Familiar", rules.CHARACTERS)
    (staff,) = to_hand(state, 0, "Emberwood Staff")
    play = f'play {ref(state, staff)}, "Healing Draught", "Snare Net" -> '
    assert refused(state, play + ref(state, seraphine)) == rules.R_EQUIP_YOURS
    # Aldric is Alert too, but what refuses is that he is not Player 1's champion.
    assert refused(state, play + f'"{ALDRIC}"') == rules.R_EQUIP_YOURS
    assert refused(state, play + ref(state, familiar)) == rules.R_EQUIP  # not a champion
    do(state, play + f'"{KAELITH}"')
    assert state.cards[staff].attached_to == cid_of(state, KAELITH)


def test_a_support_champion_cannot_be_used_to_boost():
    state = battle()
    cut = take(state, 0, "Gullwing Cutthroat", rules.CHARACTERS)
    seraphine = take(state, 0, SERAPHINE, rules.SUPPORT)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    attack = f"attack {ref(state, cut)}, {ref(state, seraphine)} -> {ref(state, squire)}"
    assert refused(state, attack) == rules.R_SUPPORT_BOOST
    # Defending, the same: Player 2's Support champion lends no DEF.
    theirs = take(state, 1, SERAPHINE, rules.SUPPORT)
    take(state, 1, "Harbor Pikeman", rules.CHARACTERS)  # so that Player 2 may defend
    do(state, f"attack {ref(state, cut)} -> {ref(state, squire)}", wait=True)
    assert state.top_prompt.name == "defend"
    assert refused(state, f"P2: defend {ref(state, theirs)}") == rules.R_SUPPORT_BOOST


def test_a_booster_lends_its_stat_to_another_character_not_to_itself():
    state = battle()
    cut = take(state, 0, "Gullwing Cutthroat", rules.CHARACTERS)
    scholar = take(state, 0, "Ashbound Scholar", rules.CHARACTERS)
    # Attacking one's own Scholar, boosted by the Scholar itself.
    attack = f"attack {ref(state, cut)}, {ref(state, scholar)} -> {ref(state, scholar)}"
    assert refused(state, attack) == rules.R_BOOST_OTHER


def test_a_battle_phase_is_one_attack():
    state = battle()
    cut = take(state, 0, "Gullwing Cutthroat", rules.CHARACTERS)
    tracker = take(state, 0, "Thornwood Tracker", rules.CHARACTERS)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    do(state, f"attack {ref(state, cut)} -> {ref(state, squire)}", wait=True)
    assert state.phase == "battle" and state.data.battle is not None
    # While it lasts, another attack is refused by the phase (as if nobody were asked).
    state.prompts = ()
    assert refused(state, f"attack {ref(state, tracker)} -> {ref(state, squire)}") == (
        rules.R_ONE_ATTACK
    )


def test_an_attack_is_made_in_the_preparation_phase():
    state = camp()
    assert refused(state, f'attack "{KAELITH}" -> "{ALDRIC}"') == (
        "C.O.E, Preparation Phase: A player may perform any of these game functions during "
        "this phase: Character(s) may initiate an attack"
    )


def test_a_card_targets_only_the_character_its_text_names():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    familiar = take(state, 0, "Ember Familiar", rules.CHARACTERS)
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    to_hand(state, 0, "Flare Dart", "Mending Rain")
    assert (
        refused(state, f'play "Flare Dart", "Healing Draught" -> {ref(state, familiar)}')
        == f"{rules.R_TARGET}: Flare Dart targets an enemy character on the field"
    )
    assert (
        refused(
            state, f'play "Mending Rain", "Healing Draught", "Snare Net" -> {ref(state, squire)}'
        )
        == f"{rules.R_TARGET}: Mending Rain targets a character of yours on the field"
    )
    assert refused(state, f'play "Flare Dart", "Healing Draught" -> "{ALDRIC}"') == rules.R_ALERT


def test_a_skills_printed_condition_is_refused_as_a_skills():
    state = prep(first=1)
    seraphine = take(state, 1, SERAPHINE, rules.CHARACTERS)
    for name in ("Fog on the Harbor", "Market Day", "Storm Season"):
        scenario(state, 1, name)
    assert refused(state, f"P2: skill {ref(state, seraphine)} 3") == (
        rules.R_SKILL_CONDITION.format("only if your party leader is damaged")
    )
    assert rules.R_SKILL_CONDITION.startswith(
        "C.O.E: when a skill has some printed condition before the effects text, the skill "
        "may not be activated"
    )


def test_a_skill_without_pay_takes_no_resource():
    state = prep()
    scenario(state, 0, "Fog on the Harbor")
    resource(state, 0, "Healing Draught")
    squire = take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    assert refused(state, f'skill "{KAELITH}", "Healing Draught" -> {ref(state, squire)} 1') == (
        "C.O.E: Pay: a skill with an extra resource cost; Cinder Lash has none, so no "
        "resource pays for it"
    )


def test_a_contravene_is_played_when_a_player_states_an_effect():
    state = prep()
    resource(state, 0, "Healing Draught")
    resource(state, 0, "Snare Net")
    (silence,) = to_hand(state, 0, "Silence the Oath")
    assert (
        refused(state, f'play {ref(state, silence)}, "Healing Draught", "Snare Net"')
        == rules.R_CONTRAVENE_WHEN
    )


def test_a_champion_played_by_tactic_b_needs_an_open_position():
    state = camp(first=1)
    for _ in range(rules.POSITIONS):
        take(state, 1, "Tidecrown Squire", rules.CHARACTERS)
    assert refused(state, f'P2: tactic "{SERAPHINE}" battlefield') == rules.R_TACTIC.format(
        "B. ... to the Battlefield: Players must play cards on the field in open positions "
        "(all 6 character positions are taken)"
    )


def test_a_camp_step_passed_is_not_gone_back_to():
    state = camp()
    to_hand(state, 0, "Fog on the Harbor", "Flare Dart")
    do(state, 'scenario "Fog on the Harbor"')
    assert refused(state, 'build "Flare Dart" mana') == (
        "C.O.E: Camp Phase marks the beginning of a players turn and must be completed in the "
        "following order (ruling 25): Build Resources is step 3, and a later step has begun"
    )


def test_no_refusal_names_the_game_twice():
    """A refusal built from another one's words keeps one "C.O.E" at its head."""
    texts = {k: v for k, v in vars(rules).items() if k.startswith("R_") and isinstance(v, str)}
    assert texts
    for key, text in texts.items():
        assert text.startswith("C.O.E") and text.count("C.O.E") == 1, key
