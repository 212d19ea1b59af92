"""What the greedy bot weighs in an EWC position (``evaluate.py``): a ready Reaction for its
own Attack rolls is worth keeping only while it still has attacks to make this turn."""

from tabletop.bots import greedy_bot
from tabletop.engine import view

from .helpers import KAEL, LYRA, do, give, roll, start, to_combat


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
