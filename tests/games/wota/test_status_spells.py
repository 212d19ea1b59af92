"""War of the Arcane: status effects, Spells (counters too), winning, hidden information."""

from tabletop.engine import HIDDEN, PASS, Action, apply, legal_actions, view
from tabletop.games.wota import rules

from .helpers import do, hp, passes, put, refused, start, stone, to_hand, where

# -- status effects ------------------------------------------------------------------------


def test_poisoned_takes_1_damage_per_controlling_players_turn_for_3_turns():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "b2")
    state.cards[ogre].counters["poisoned"] = 3
    for turns in range(3):
        do(state, "end")  # Player 1's End Phase
        assert hp(state, ogre) == 6 - (turns + 1)
        do(state, "end")  # Player 2's turn does not count
        assert hp(state, ogre) == 6 - (turns + 1)
    assert "poisoned" not in state.cards[ogre].counters
    do(state, "end")
    assert hp(state, ogre) == 3


def test_frozen_cannot_move():
    state = start()
    a = put(state, 0, "Footman", "b2")
    state.cards[a].counters["frozen"] = 1
    assert refused(state, f"move #{a} b3") == rules.R_FROZEN


def test_burned_cannot_defend():
    state = start()
    footman = put(state, 0, "Footman", "c3")
    ogre = put(state, 1, "Ogre Brute", "c4")
    state.cards[ogre].counters["burned"] = 1
    do(state, f"attack #{footman} -> #{ogre}")
    assert hp(state, footman) == 3  # no retaliation


def test_shocked_cannot_attack():
    state = start()
    a = put(state, 0, "Footman", "c3")
    b = put(state, 1, "Footman", "c4")
    state.cards[a].counters["shocked"] = 1
    assert refused(state, f"attack #{a} -> #{b}") == rules.R_SHOCKED


def test_dazed_takes_1_damage_when_it_attacks():
    state = start()
    a = put(state, 0, "Ogre Brute", "c3")
    b = put(state, 1, "Iron Sentinel", "c4")
    state.cards[a].counters["dazed"] = 1
    do(state, f"attack #{a} -> #{b}")
    assert hp(state, a) == 5


def test_bleeding_takes_1_damage_for_every_space_it_moves():
    state = start()
    a = put(state, 0, "Ogre Brute", "b2")
    state.cards[a].counters["bleeding"] = 1
    do(state, f"move #{a} b3")
    do(state, f"move #{a} c3")
    assert hp(state, a) == 4
    do(state, "end")
    assert state.cards[a].counters.get("bleeding")  # until healed


def test_a_bleeding_attacker_takes_1_damage_when_it_moves_into_the_defenders_space():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")  # 4/6
    state.cards[ogre].counters["bleeding"] = 1
    put(state, 1, "Footman", "c4")
    do(state, f'attack #{ogre} -> "Footman"')
    assert hp(state, ogre) == 6  # the Footman fell without striking back
    do(state, f"advance #{ogre} c4")
    assert where(state, ogre) == "c4" and hp(state, ogre) == 5


def test_a_bleeding_attacker_that_stays_takes_no_damage():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    state.cards[ogre].counters["bleeding"] = 1
    put(state, 1, "Footman", "c4")
    do(state, f'attack #{ogre} -> "Footman"')
    do(state, "pass")
    assert where(state, ogre) == "c3" and hp(state, ogre) == 6


def test_a_frozen_attacker_cannot_move_into_the_defenders_space():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    footman = put(state, 1, "Footman", "c4")
    state.cards[ogre].counters["frozen"] = 1
    do(state, f"attack #{ogre} -> #{footman}")
    assert where(state, footman) == rules.GRAVE
    assert not state.prompts  # no move into c4 is offered
    refused(state, f"advance #{ogre} c4")
    assert where(state, ogre) == "c3"


def test_petrified_cannot_move_or_attack_until_healed():
    state = start(spells=True)
    a = put(state, 0, "Footman", "c3")
    b = put(state, 1, "Footman", "c4")
    state.cards[a].counters["petrified"] = 1
    assert refused(state, f"move #{a} b3") == rules.R_PETRIFIED
    assert refused(state, f"attack #{a} -> #{b}") == rules.R_PETRIFIED
    light = to_hand(state, 0, "Healing Light")
    do(state, f"cast #{light} -> #{a}")
    passes(state)  # Player 2 holds Spells and may answer
    assert not state.cards[a].counters
    do(state, f"move #{a} b3")


def test_statuses_are_drawn_with_their_turns_left():
    state = start()
    adder = put(state, 0, "Venom Adder", "c3")
    thorn = put(state, 1, "Thornback", "c4")
    do(state, f"attack #{adder} -> #{thorn}")
    badges = state.game.table().badges(view(state, 0), state.cards[thorn])
    assert any(label == "3" for _, label, *_ in badges)


# -- Spells -------------------------------------------------------------------------------


def test_a_spell_costs_no_action_points_and_goes_to_the_graveyard():
    state = start()
    bolt = to_hand(state, 0, "Fire Bolt")
    enemy = put(state, 1, "Ogre Brute", "c4")
    do(state, f"cast #{bolt} -> #{enemy}")
    assert state.data.ap == 3 and hp(state, enemy) == 4
    assert where(state, bolt) == rules.GRAVE


def test_a_player_casts_one_spell_per_player_turn():
    state = start()
    a, b = to_hand(state, 0, "Fire Bolt"), to_hand(state, 0, "Arcane Insight")
    enemy = put(state, 1, "Ogre Brute", "c4")
    do(state, f"cast #{a} -> #{enemy}")
    assert refused(state, f"cast #{b}") == rules.R_SPELL_ONCE
    do(state, "end")
    do(state, "end")
    do(state, f"cast #{b}")  # a new player turn


def test_the_other_player_may_cast_a_spell_when_its_card_is_attacked():
    state = start()
    footman = put(state, 0, "Footman", "c3")
    ogre = put(state, 1, "Ogre Brute", "c4")
    bolt = to_hand(state, 1, "Fire Bolt")
    do(state, f"attack #{footman} -> #{ogre}")
    assert state.top_prompt.name == "respond_attack" and state.top_prompt.seat == 1
    events = do(state, f"cast #{bolt} -> #{footman}")  # in Player 1's turn
    # Fire Bolt leaves the Footman 1 Health; the attack goes on: 2 dealt, 4 back.
    assert [e.kind for e in events].index("resolve") < [e.kind for e in events].index("strike")
    assert hp(state, ogre) == 4
    assert where(state, footman) == rules.GRAVE


def test_a_counter_spell_answers_an_enemy_spell_and_stops_it():
    state = start()
    bolt = to_hand(state, 0, "Fire Bolt")
    nullify = to_hand(state, 1, "Nullify")
    enemy = put(state, 1, "Ogre Brute", "c4")
    do(state, f"cast #{bolt} -> #{enemy}")
    assert state.top_prompt.name == "respond_spell" and state.top_prompt.seat == 1
    events = do(state, f"cast #{nullify}")
    assert [e.text for e in events if e.kind in ("resolve", "countered")] == [
        "Nullify resolves",
        "Fire Bolt is countered",
    ]
    assert hp(state, enemy) == 6
    assert where(state, bolt) == rules.GRAVE and where(state, nullify) == rules.GRAVE


def test_a_counter_spell_is_only_cast_in_answer_to_an_enemy_spell():
    state = start()
    nullify = to_hand(state, 0, "Nullify")
    assert refused(state, f"cast #{nullify}") == rules.R_COUNTER


def test_a_spell_outside_its_windows_in_the_opponents_turn_is_refused():
    state = start()
    bolt = to_hand(state, 1, "Fire Bolt")
    put(state, 0, "Footman", "c3")
    assert refused(state, f'P2: cast #{bolt} -> "Footman"') == rules.R_SPELL_WHEN


def test_a_spell_is_cast_on_a_card_only_when_it_says_so():
    state = start()
    insight = to_hand(state, 0, "Arcane Insight")  # draw 2: on no card
    bolt = to_hand(state, 0, "Fire Bolt")  # on an enemy card
    own = put(state, 0, "Footman", "c3")
    enemy = put(state, 1, "Footman", "c4")
    assert (
        refused(state, f"cast #{insight} -> #{enemy}")
        == f"{rules.R_TARGET}: Arcane Insight is cast on no card"
    )
    on_enemy = f"{rules.R_TARGET}: Fire Bolt is cast on an enemy card"
    assert refused(state, f"cast #{bolt}") == on_enemy
    assert refused(state, f"cast #{bolt} -> #{own}") == on_enemy


def test_a_spell_on_a_face_down_enemy_card_flips_it_face_up():
    state = start()
    bolt = to_hand(state, 0, "Fire Bolt")
    hidden = put(state, 1, "Ogre Brute", "c4", down=True)
    do(state, f"cast #{bolt} -> #{hidden}")
    assert not state.cards[hidden].face_down and hp(state, hidden) == 4


def test_a_trap_hit_by_an_enemy_spell_is_revealed_and_destroyed_without_springing():
    state = start()
    bolt = to_hand(state, 0, "Fire Bolt")
    put(state, 0, "Footman", "c3")
    ambush = put(state, 1, "Ambush", "c4", down=True)  # springing, it would summon a Wisp
    wisps = len(state.zones[(1, rules.ASIDE)])
    do(state, f"cast #{bolt} -> #{ambush}")
    assert where(state, ambush) == rules.GRAVE and not state.cards[ambush].face_down
    assert len(state.zones[(1, rules.ASIDE)]) == wisps


# -- winning and hidden information ------------------------------------------------------


def test_destroying_the_opponents_mystic_stone_wins():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c4")
    target = stone(state, 1)
    state.cards[target].damage = 10  # 2 of 12 Health left
    events = do(state, f"attack #{ogre} -> #{target}")
    assert where(state, target) == rules.GRAVE
    assert state.over and state.winners == (0,)
    assert events[-1].text == "Player 1 wins the game."


def test_a_view_shows_face_down_enemy_cards_as_unknown_and_forgets_the_stone():
    state = start()
    hidden = put(state, 1, "Ogre Brute", "c4", down=True)
    seen = view(state, 0)
    assert seen.cards[hidden].card is rules.UNKNOWN
    assert seen.cards[stone(state, 1)].card is rules.UNKNOWN
    assert seen.data.stones[1] == -1 and seen.data.stones[0] == stone(state, 0)
    own = view(state, 1)
    assert own.cards[hidden].card.name == "Ogre Brute"
    assert all(own.cards[c].card is HIDDEN for c in own.zones[(0, rules.HAND)])


def test_a_view_of_a_view_forgets_nothing_more():
    """A look-ahead plays each seat from its own view of a possible world, which may itself
    be a view: the Stone already forgotten stays forgotten."""
    state = start()
    put(state, 1, "Ogre Brute", "c4", down=True)
    seen = view(state, 0)
    again = view(seen, 0)
    assert again.data.stones == seen.data.stones == [stone(state, 0), -1]
    assert view(seen, 1).data.stones[0] == -1


def test_a_bot_can_look_ahead_at_attacking_a_face_down_card():
    state = start()
    put_ogre = put(state, 0, "Ogre Brute", "c3")  # 4/6
    hidden = put(state, 1, "Ogre Brute", "c4", down=True)
    seen = view(state, 0)
    attack = next(a for a in legal_actions(seen) if a.kind == "attack")
    assert attack.targets == (hidden,)
    look = seen.clone()
    apply(look, attack)
    assert look.top_prompt.name == "respond_attack"  # asked, whatever its hand holds
    apply(look, Action(PASS, 1))
    # In the view the hidden card is a stand-in that settles nothing (the evaluation values
    # the attack at what the card is likely to be): it is revealed, takes the Ogre's 4,
    # marks itself as attacked, strikes nothing back and stays.
    stand_in = look.cards[hidden]
    assert stand_in.card is rules.UNKNOWN and not stand_in.face_down
    assert stand_in.damage == 4 and stand_in.counters == {"hp": 1}
    assert look.cards[put_ogre].damage == 0 and not look.prompts
    # The game itself is untouched.
    assert where(state, hidden) == "c4" and state.cards[hidden].face_down
    assert hp(state, hidden) == 6 and state.data.ap == 3


def test_each_status_badge_says_how_long_it_lasts():
    state = start()
    unit = put(state, 0, "Footman", "b2")
    for status in ("frozen", "bleeding"):
        state.cards[unit].counters[status] = 1
    badges = {
        symbol: label
        for symbol, label, *_ in state.game.table().badges(view(state, 0), state.cards[unit])
    }
    assert badges == {"❄": "1", "♥": "∞"}
