"""War of the Arcane: every status as the shipped cards cause it in play, then doing what it
does. (test_status_spells.py pins each status's rule on a status set by hand.)"""

from tabletop.games.wota import rules
from tabletop.games.wota.cards import STATUS_RULES, Status

from .helpers import DECKS, GAME, do, hp, passes, put, refused, start, to_hand, where


def causes(card) -> set[str]:
    effects = [e for a in card.abilities for e in a.effects] + list(card.effects)
    return {e.status for e in effects if isinstance(e, Status)}


def test_every_status_is_caused_by_a_card_of_a_shipped_deck():
    cards = GAME.card_set().cards
    caused = set().union(*(causes(cards[n]) for deck in DECKS.values() for n in deck.cards))
    assert caused == set(STATUS_RULES)


def end_turns(state, count: int) -> None:
    """End this many player turns, passing any window on the way."""
    for _ in range(count):
        passes(state)
        do(state, "end")


# -- Poisoned: 1 damage per controlling player's turn, for 3 turns ---------------------------


def test_the_venom_adders_attack_poisons_the_defender_which_suffers_in_its_own_turns():
    state = start()
    adder = put(state, 0, "Venom Adder", "c3")  # 2/2: when it attacks, the defender is Poisoned
    sentinel = put(state, 1, "Iron Sentinel", "c4")  # 0/7: it never strikes back
    do(state, f"attack #{adder} -> #{sentinel}")
    assert hp(state, sentinel) == 5 and state.cards[sentinel].counters["poisoned"] == 3
    end_turns(state, 1)  # Player 1's End Phase: not the Sentinel's controller's
    assert hp(state, sentinel) == 5
    for left in (4, 3, 2):
        end_turns(state, 2)  # Player 2's End Phase, then Player 1's
        assert hp(state, sentinel) == left
    end_turns(state, 2)
    assert hp(state, sentinel) == 2 and not state.cards[sentinel].counters.get("poisoned")


def test_venom_cloud_poisons_the_enemy_card_it_is_cast_on():
    state = start()
    cloud = to_hand(state, 0, "Venom Cloud")
    ogre = put(state, 1, "Ogre Brute", "c4")
    do(state, f"cast #{cloud} -> #{ogre}")
    passes(state)
    end_turns(state, 2)
    assert hp(state, ogre) == 5


def test_the_poison_needle_poisons_its_attacker():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    needle = put(state, 1, "Poison Needle", "c4", down=True)
    do(state, f"attack #{ogre} -> #{needle}")
    assert state.cards[ogre].counters["poisoned"] == 3 and hp(state, ogre) == 6
    end_turns(state, 1)  # the Ogre's controller's End Phase
    assert hp(state, ogre) == 5


# -- Frozen: cannot move until its controller's next End Phase -------------------------------


def test_the_frost_mages_attack_freezes_the_defender_through_its_controllers_next_turn():
    state = start()
    mage = put(state, 0, "Frost Mage", "c3")  # 1/3: when it attacks, the defender is Frozen
    sentinel = put(state, 1, "Iron Sentinel", "c4")
    do(state, f"attack #{mage} -> #{sentinel}")
    end_turns(state, 1)
    assert state.active == 1
    assert refused(state, f"move #{sentinel} d4") == rules.R_FROZEN
    end_turns(state, 2)  # Player 2's End Phase thaws it
    do(state, f"move #{sentinel} d4")
    assert where(state, sentinel) == "d4"


def test_ice_shackles_cast_in_answer_keeps_the_attacker_out_of_the_defenders_space():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    footman = put(state, 1, "Footman", "c4")
    shackles = to_hand(state, 1, "Ice Shackles")
    do(state, f"attack #{ogre} -> #{footman}")
    do(state, f"cast #{shackles} -> #{ogre}")  # Player 2 answers the attack
    assert where(state, footman) == rules.GRAVE
    assert not state.prompts  # Frozen: no move into c4
    assert refused(state, f"move #{ogre} c4") == rules.R_FROZEN


def test_the_frost_snare_freezes_its_attacker_for_the_rest_of_its_turn():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    snare = put(state, 1, "Frost Snare", "c4", down=True)
    do(state, f"attack #{ogre} -> #{snare}")
    assert hp(state, ogre) == 5
    assert refused(state, f"move #{ogre} c4") == rules.R_FROZEN


# -- Burned: cannot defend until its controller's next End Phase -----------------------------


def test_the_hex_witchs_attack_burns_the_defender_which_cannot_strike_back():
    state = start()
    witch = put(state, 0, "Hex Witch", "c3")  # 1/2: when it attacks, the defender is Burned
    footman = put(state, 0, "Footman", "b4")  # 2/3
    ogre = put(state, 1, "Ogre Brute", "c4")  # 4/6
    do(state, f"attack #{witch} -> #{ogre}")
    assert hp(state, witch) == 2 and hp(state, ogre) == 5  # no 4 back: the Witch lives
    do(state, f"attack #{footman} -> #{ogre}")
    assert hp(state, footman) == 3 and hp(state, ogre) == 3  # still Burned
    end_turns(state, 2)  # Player 2's End Phase ends it
    do(state, f"attack #{footman} -> #{ogre}")
    passes(state)  # Player 2 may hold a Spell it drew
    assert where(state, footman) == rules.GRAVE


# -- Shocked: cannot attack until its controller's next End Phase ----------------------------


def test_the_storm_caller_revealed_shocks_adjacent_enemies_through_their_next_turn():
    state = start()
    caller = put(state, 0, "Storm Caller", "c3", down=True)  # when revealed: Shocked
    footman = put(state, 1, "Footman", "c4")
    do(state, f"flip #{caller}")
    end_turns(state, 1)
    assert refused(state, f"attack #{footman} -> #{caller}") == rules.R_SHOCKED
    end_turns(state, 2)
    do(state, f"attack #{footman} -> #{caller}")
    passes(state)  # Player 1 may hold a Spell it drew
    assert hp(state, caller) == 1


def test_a_storm_caller_revealed_by_an_attack_shocks_the_attacker_for_the_rest_of_its_turn():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    caller = put(state, 1, "Storm Caller", "c4", down=True)
    other = put(state, 1, "Footman", "d3")
    do(state, f"attack #{ogre} -> #{caller}")
    assert where(state, caller) == rules.GRAVE
    passes(state)
    assert refused(state, f"attack #{ogre} -> #{other}") == rules.R_SHOCKED


def test_shockwave_damages_and_shocks_the_enemy_card_it_is_cast_on():
    state = start()
    wave = to_hand(state, 0, "Shockwave")
    footman = put(state, 1, "Footman", "c4")
    target = put(state, 0, "Footman", "c3")
    do(state, f"cast #{wave} -> #{footman}")
    passes(state)
    assert hp(state, footman) == 2
    end_turns(state, 1)
    assert refused(state, f"attack #{footman} -> #{target}") == rules.R_SHOCKED


# -- Dazed: 1 damage if it attacks before its controller's next End Phase --------------------


def test_the_hex_witch_attacked_dazes_its_attacker_which_is_hurt_attacking_again():
    state = start()
    footman = put(state, 0, "Footman", "c3")  # 2/3
    witch = put(state, 1, "Hex Witch", "c4")  # 1/2: when attacked, the attacker is Dazed
    sentinel = put(state, 1, "Iron Sentinel", "d3")  # 0/7
    do(state, f"attack #{footman} -> #{witch}")
    assert where(state, witch) == rules.GRAVE and hp(state, footman) == 3
    passes(state)  # stay
    do(state, f"attack #{footman} -> #{sentinel}")
    assert hp(state, footman) == 2 and hp(state, sentinel) == 5
    end_turns(state, 2)  # its controller's End Phase cured it
    do(state, f"attack #{footman} -> #{sentinel}")
    passes(state)
    assert hp(state, footman) == 2


# -- Bleeding: 1 damage for every space it moves, until healed -------------------------------


def test_the_bloodletters_attack_makes_the_defender_bleed_when_it_moves_and_moves_in():
    state = start()
    bloodletter = put(state, 0, "Bloodletter", "c3")  # 2/3: when it attacks, Bleeding
    ogre = put(state, 1, "Ogre Brute", "c4")  # 4/6
    footman = put(state, 0, "Footman", "d4")
    do(state, f"attack #{bloodletter} -> #{ogre}")
    assert hp(state, ogre) == 4 and where(state, bloodletter) == rules.GRAVE
    end_turns(state, 1)
    do(state, f"attack #{ogre} -> #{footman}")
    if state.top_prompt.name == "respond_attack":
        do(state, "pass")  # Player 1 may hold a Spell it drew
    do(state, f"advance #{ogre} d4")  # moving into the Footman's space: 1
    assert hp(state, ogre) == 3
    do(state, f"move #{ogre} d3")  # a move: 1 more
    assert hp(state, ogre) == 2
    end_turns(state, 2)
    assert state.cards[ogre].counters.get("bleeding")  # until healed


# -- Petrified: cannot move or attack, until healed ------------------------------------------


def test_the_gorgon_revealed_petrifies_adjacent_enemies_until_healed():
    state = start()
    gorgon = put(state, 0, "Gorgon", "c3", down=True)  # when revealed: Petrified
    footman = put(state, 1, "Footman", "c4")
    do(state, f"flip #{gorgon}")
    for _ in range(2):
        end_turns(state, 1)
        assert refused(state, f"attack #{footman} -> #{gorgon}") == rules.R_PETRIFIED
        assert refused(state, f"move #{footman} d4") == rules.R_PETRIFIED
        end_turns(state, 1)


def test_petrify_keeps_the_enemy_card_it_is_cast_on_from_attacking():
    state = start()
    petrify = to_hand(state, 0, "Petrify")
    ogre = put(state, 1, "Ogre Brute", "c4")
    footman = put(state, 0, "Footman", "c3")
    do(state, f"cast #{petrify} -> #{ogre}")
    passes(state)
    end_turns(state, 1)
    assert refused(state, f"attack #{ogre} -> #{footman}") == rules.R_PETRIFIED


def test_the_petrifying_glyph_petrifies_its_attacker():
    state = start()
    ogre = put(state, 0, "Ogre Brute", "c3")
    glyph = put(state, 1, "Petrifying Glyph", "c4", down=True)
    other = put(state, 1, "Footman", "d3")
    do(state, f"attack #{ogre} -> #{glyph}")
    assert refused(state, f"attack #{ogre} -> #{other}") == rules.R_PETRIFIED
    assert refused(state, f"move #{ogre} c4") == rules.R_PETRIFIED
    end_turns(state, 2)
    assert refused(state, f"move #{ogre} c4") == rules.R_PETRIFIED
