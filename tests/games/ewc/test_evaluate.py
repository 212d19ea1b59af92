"""What the greedy bot weighs in an EWC position (``evaluate.py``): a ready Reaction for its
own Attack rolls is worth keeping only while it still has attacks to make this turn, and a
ready Weapon the damage it can expect to deal."""

from tabletop.bots import greedy_bot
from tabletop.engine import view
from tabletop.games.ewc.evaluate import evaluate, expected_hit

from .helpers import HAND, KAEL, LYRA, do, give, roll, start, to_combat


def greedy_choice_after_a_likely_hit(spend_the_weapon: bool) -> str:
    """Kael has Press the Advantage (after your Attack roll: if it hits, draw 1) and has just
    rolled the Icon on his Base Attack; his Ember Brand is ready, or turned for TP."""
    state = start(KAEL, LYRA)
    give(state, 0, "Press the Advantage")
    if spend_the_weapon:
        do(state, 'tp "Ember Brand"')
    to_combat(state)
    roll(state, 6)  # 6 + 3 = 9 against Lyra's DEF 3
    do(state, f'attack "{KAEL}" -> "{LYRA}"')
    assert state.top_prompt.name == "after_attack"
    return greedy_bot(1)(view(state, 0)).kind


def test_the_greedy_bot_keeps_a_reaction_for_its_attack_rolls_while_attacks_remain():
    assert greedy_choice_after_a_likely_hit(spend_the_weapon=False) == "pass"


def test_the_greedy_bot_uses_a_reaction_for_its_attack_rolls_on_its_last_attack():
    assert greedy_choice_after_a_likely_hit(spend_the_weapon=True) == "use"


def test_a_ready_weapon_is_worth_the_damage_it_can_still_deal_this_turn():
    """Turning a Weapon for TP in the Training Phase gives up its attack: the greedy bot turns
    the Armor for the TP it needs, not Ember Brand or the Longspear."""
    state = start(KAEL, LYRA)
    give(state, 0, "Longspear")
    give(state, 0, "Iron Sword", HAND)  # cost 2: the Hero's free TP and one more
    v = view(state, 0)
    chosen = greedy_bot(1)(v)
    assert chosen.kind == "tp"
    assert v.cards[chosen.cards[0]].card.type == "armor"


def test_a_strong_weapon_is_worth_more_ready_than_a_weak_one():
    state = start(KAEL, LYRA)
    spear = give(state, 0, "Longspear")
    dagger = give(state, 0, "Venom Dagger")
    before = evaluate(state, 0)
    state.cards[spear].turned = True
    without_spear = evaluate(state, 0)
    state.cards[spear].turned = False
    state.cards[dagger].turned = True
    without_dagger = evaluate(state, 0)
    assert before - without_spear > 2 * (before - without_dagger) > 0


def test_the_expected_hit_counts_both_dice():
    assert expected_hit(3, 3) == sum(max(0, a - d) for a in range(1, 7) for d in range(1, 7)) / 36
    assert expected_hit(0, 20) == 0.0
    assert expected_hit(10, 0) == 10.0
