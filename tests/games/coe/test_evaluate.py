"""C.O.E: how the evaluation judges positions, each valuation on a real position built with the
scenario helpers, read from the seat's own view. Player 1's Preparation Phase of the first
turn: Kaelith (Lone Archmage: 12 HP, 4 DMG, 2 DEF, Range) against Aldric (Tidecrown: 4 DMG,
3 DEF), whose party waits in the party area; no resources."""

from tabletop.engine import view
from tabletop.games.coe.evaluate import evaluate

from .helpers import ARCHIVE, prep, resource, rules, take, to_hand

P1, P2 = 0, 1
KAELITH, GRASK = "Kaelith Emberveil, Archmage", "Grask Ironhide, Vanguard"


def score(state, seat=P1):
    return evaluate(view(state, seat), seat)


def champion(state, name):
    return next(c for c, inst in state.cards.items() if inst.card.name == name)


def to_battlefield(state, seat, name):
    """A champion of the party area, or an acolyte of the deck, on the battlefield."""
    cid = next(
        (c for c in state.zones[(seat, rules.PARTY)] if state.cards[c].card.name == name), None
    )
    if cid is None:
        return take(state, seat, name, rules.CHARACTERS)
    state.move(cid, (seat, rules.CHARACTERS))
    return cid


def facing_grask():
    """Aldric and Grask (9 DMG) attack in Player 2's next turn."""
    state = prep()
    to_battlefield(state, P2, GRASK)
    return state


def test_a_champion_the_next_attack_can_defeat_is_at_stake():
    scores = []
    for damage in (4, 5):  # 9 DMG less Kaelith's 2 DEF: 7, one short of 8 HP left, or enough
        state = facing_grask()
        state.cards[champion(state, KAELITH)].damage = damage
        scores.append(score(state))
    assert scores[0] - scores[1] > 25  # much more than one HP: the last champion, the game


def test_a_character_rested_in_its_turn_lends_no_defence_in_the_enemys():
    scores = []
    for rested in (False, True):
        state = facing_grask()
        state.cards[champion(state, KAELITH)].damage = 5  # 7 HP left
        shrine = to_battlefield(state, P1, "Shrine Acolyte")  # lends 1 DEF: 6 damage, not 7
        state.cards[shrine].turned = rested
        scores.append(score(state))
    assert scores[0] - scores[1] > 25


def test_an_unrested_character_deters_the_attacker_with_its_counter_attack():
    scores = []
    for rested in (False, True):
        state = prep()
        aldric = state.zones[(P2, rules.LEADER)][0]
        state.move(aldric, (P2, rules.PARTY))  # out of it: Grask (5 DMG, 1 DEF) attacks alone
        to_battlefield(state, P2, GRASK)
        state.cards[champion(state, KAELITH)].turned = rested
        scores.append(score(state))
    rest = 1.0  # what being rested costs by itself
    assert scores[0] - scores[1] > rest + 2  # Kaelith's 4 DMG back at Grask's 1 DEF


def test_a_champion_archived_is_a_loss_even_when_it_leaves_the_last_one():
    state = prep(p1="gullwing_raiders")
    nyx = champion(state, "Nyx Quillfeather, Syndicate Knife")  # in the party area
    state.cards[nyx].damage = state.cards[nyx].card.hp - 1
    before = score(state)
    state.move(nyx, (P1, ARCHIVE))
    assert score(state) < before


def test_resting_resources_to_play_a_card_costs_nothing_they_reset_in_the_camp_phase():
    state = prep()
    built = [resource(state, P1, n) for n in ("Flare Dart", "Mending Rain", "Ember Adept")]
    before = score(state)
    for cid in built:
        state.cards[cid].turned = True
    assert score(state) == before


def test_a_card_in_hand_the_resources_built_can_pay_for_is_worth_more():
    scores = {}
    for kind in ("shells", "mana"):
        state = prep()
        to_hand(state, P1, "Flare Dart")  # 1 Mana
        resource(state, P1, "Mending Rain", kind)
        scores[kind] = score(state)
    assert scores["mana"] > scores["shells"]
