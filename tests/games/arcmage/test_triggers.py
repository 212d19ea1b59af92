"""A card's own triggers read from its text ("When I die, ...", "When I leave play, ..."):
they happen where every card leaves play, for its controller, once it has gone."""

from __future__ import annotations

import pytest

from tabletop.games.arcmage import rules
from tabletop.games.arcmage.reader import parse, read_phrase

from .helpers import (
    GOBLIN,
    P1,
    P2,
    at,
    city,
    creature,
    declines,
    do,
    first_city,
    hand,
    legal,
    marked,
    options,
    put,
    refused,
    resources,
    start,
    to_hand,
)
from .test_grammar import from_text

DOOM = from_text("Test Doom", "event", "Destroy target creature.")
RECALL = from_text("Test Recall", "event", "Return target creature to its owner's hand.")


def mourner(text: str):
    return from_text("Test Mourner", "creature", text, attack=1, defense=1)


def play_at(state, event, target):
    """P1 plays ``event`` on ``target``; every answer round passes (a question a trigger
    asks stays open)."""
    card = to_hand(state, P1, event)
    do(state, f"P1: play #{card} -> #{target}")
    declines(state)


@pytest.mark.parametrize("words", ["When I die, draw a card.", "When I am destroyed draw a card."])
def test_a_creature_that_dies_draws_its_controller_a_card(words):
    state = at(start(), "play1")
    dying = put(state, P2, mourner(words))
    before = len(hand(state, P2))
    play_at(state, DOOM, dying)
    assert state.cards[dying].zone == (P2, rules.GRAVE)
    assert len(hand(state, P2)) == before + 1


def test_a_death_trigger_with_a_target_asks_its_controller_for_one():
    state = at(start(), "play1")
    dying = put(state, P2, mourner("When I die, deal 1 damage to target creature."))
    mine = put(state, P1, GOBLIN)
    play_at(state, DOOM, dying)
    assert state.top_prompt is not None and state.top_prompt.seat == P2
    assert mine in {t for a in options(state, "target") for t in a.targets}
    do(state, f"P2: target #{dying} -> #{mine}")
    assert state.cards[mine].damage == 1


def test_a_creature_returned_to_hand_leaves_play_but_does_not_die():
    state = at(start(), "play1")
    leaver = put(state, P2, mourner("When I leave play, draw a card."))
    dier = put(state, P2, mourner("When I die, draw a card."))
    before = len(hand(state, P2))
    play_at(state, RECALL, leaver)
    play_at(state, RECALL, dier)
    # the leaver and the dier are both in the hand now; only the leaver drew
    assert len(hand(state, P2)) == before + 2 + 1


def test_a_death_trigger_does_not_fire_for_a_creature_that_stays():
    state = at(start(), "play1")
    survivor = put(state, P2, mourner("When I die, draw a card."))
    before = len(hand(state, P2))
    do_nothing = from_text("Test Nudge", "event", "Target creature gets +1/+0 until end of turn.")
    play_at(state, do_nothing, survivor)
    assert len(hand(state, P2)) == before


def test_misled_orc_deals_one_damage_to_a_target_when_it_dies(real):
    orc = real["Misled Orc"]
    assert orc.unenforced == ""
    state = at(start(), "play1")
    dying = put(state, P2, orc)
    city = rules.cities(state, P1)[0]
    play_at(state, DOOM, dying)
    do(state, f"P2: target #{dying} -> #{city}")
    assert state.cards[city].damage == 1


# -- tokens --------------------------------------------------------------------------------


def test_a_token_phrase_defines_its_token_by_type_stats_and_keywords():
    got = parse("Put two 2/2 Wolf tokens with first strike into your army.", "event", "T", "")
    assert got.unenforced == ""
    (token,) = got.tokens
    assert (token.name, token.attack, token.defense, token.subtypes, token.keywords) == (
        "Wolf 2/2 (first strike)",
        2,
        2,
        ("Wolf",),
        {"first_strike": 1},
    )
    (effect,) = got.abilities[0].effects
    assert (effect.do, effect.card, effect.amount, effect.to) == ("token", token.name, 2, "self")


def test_a_token_phrase_the_rules_cannot_honour_is_left_to_the_players():
    # Tokens put into another player's army are not made by the rules yet (a city of the
    # player's own is: ``test_grammar_objects.py``).
    text = "Put a 2/1 Tauroch token into target opponent's army."
    assert parse(text, "event", "T", "").unenforced == text


def test_tokens_put_into_the_army_marked_come_into_play_marked():
    state = at(start(), "play1")
    text = "Put two 1/1 Goblin tokens into your army marked."
    (goblin,) = parse(text, "event", "Test Levy", "").tokens
    aside = [put(state, P1, goblin, rules.TOKENS) for _ in range(2)]
    card = to_hand(state, P1, from_text("Test Levy", "event", text))
    do(state, f"P1: play #{card}")
    declines(state)
    assert all(state.cards[t].zone == (P1, rules.ARMY) for t in aside)
    assert all(marked(state, t) for t in aside)


def test_orc_recruiter_is_marked_to_put_a_marked_orc_token_into_the_army(real):
    recruiter = real["Orc Recruiter"]
    assert recruiter.unenforced == ""
    state = at(start(), "play1")
    me = put(state, P1, recruiter)
    orc = put(state, P1, real["Orc 1/1"], rules.TOKENS)
    do(state, f"P1: use #{me}")
    declines(state)
    assert state.cards[orc].zone == (P1, rules.ARMY) and marked(state, orc)
    assert marked(state, me)


def test_warren_puts_a_marked_orc_token_into_the_army_at_levels_2_and_5(real):
    warren = real["Warren"]
    assert warren.unenforced == ""
    made = [(a.level, e.card, e.marked) for a in warren.abilities for e in a.effects]
    assert made == [(2, "Orc 1/1", True), (5, "Orc 3/3", True)]


def test_an_event_read_by_the_grammar_puts_its_tokens_into_the_army():
    state = at(start(), "play1")
    text = "Put two 1/1 Goblin tokens into your army."
    (goblin,) = parse(text, "event", "Test Muster", "").tokens
    aside = [put(state, P1, goblin, rules.TOKENS) for _ in range(2)]
    card = to_hand(state, P1, from_text("Test Muster", "event", text))
    do(state, f"P1: play #{card}")
    declines(state)
    assert all(state.cards[t].zone == (P1, rules.ARMY) for t in aside)


def test_wolf_rider_leaves_an_orc_token_in_the_army_when_it_dies(real):
    rider = real["Wolf Rider"]
    assert rider.unenforced == ""
    state = at(start(), "play1")
    dying = put(state, P2, rider)
    orc = put(state, P2, real["Orc 1/1"], rules.TOKENS)
    play_at(state, DOOM, dying)
    assert state.cards[orc].zone == (P2, rules.ARMY)
    assert rules.stats(state, orc) == (1, 1)


def test_a_token_offered_as_one_of_a_choice_is_known_to_the_card_set():
    got = parse("Choose one: draw a card or put a 1/1 Orc token into your army.", "event", "T", "")
    assert got.unenforced == "" and [t.name for t in got.tokens] == ["Orc 1/1"]
    assert [a.effects[0].do for a in got.abilities] == ["draw", "token"]


# -- another card comes into play ------------------------------------------------------------

WATCHER = (
    "Whenever another Goblin or Red Banner Orc comes into play under your control, "
    "I get a +1/+1 counter."
)


def arrive(state, seat, card):
    """``seat`` plays ``card`` (cost 0) into its first city; every answer round passes."""
    cid = to_hand(state, seat, card)
    state.active = seat
    do(state, f"P{seat + 1}: play #{cid} -> #{first_city(state, seat)}")
    declines(state)
    return cid


def test_another_card_coming_into_play_is_read_with_its_kinds_and_whose_it_is():
    (a,) = parse(WATCHER, "creature", "T", "red_banner").abilities
    assert (a.when, a.whose, a.subtype) == ("enters", "you", "goblin|red_banner orc")
    (e,) = a.effects
    assert (e.do, e.to, e.attack, e.defense, e.lasting) == ("boost", "self", 1, 1, True)
    (b,) = parse(
        "Whenever another creature enters play under an opponent's control, draw a card.",
        "creature",
        "T",
        "",
    ).abilities
    assert (b.when, b.whose, b.subtype) == ("enters", "opponent", "creature")
    (c,) = parse(
        "Whenever another Elf comes into play, deal one damage to target creature.",
        "creature",
        "T",
        "",
    ).abilities
    assert (c.when, c.whose, c.target) == ("enters", "any", "creature")


@pytest.mark.parametrize(
    "words", ["card you control", "graveyard", "Red Banner player", "Orc or resource"]
)
def test_words_that_name_no_kind_of_card_leave_the_sentence_to_the_players(words):
    text = f"Whenever another {words} comes into play, draw a card."
    assert parse(text, "creature", "T", "").unenforced == text


def test_a_creature_hears_another_of_its_kinds_come_into_play_under_its_controllers_control():
    state = at(start(), "play1")
    watcher = put(state, P1, from_text("Test Watcher", "creature", WATCHER, attack=1, defense=1))
    goblin = creature("Test Goblin", 1, 1, cost=0, subtypes=("Goblin",))
    arrive(state, P1, goblin)
    assert rules.stats(state, watcher) == (2, 2)
    orc = creature("Test Orc", 1, 1, cost=0, subtypes=("Orc",))  # a Red Banner Orc
    arrive(state, P1, orc)
    assert rules.stats(state, watcher) == (3, 3)
    # Not an opponent's goblin; not an Orc of another faction; not a creature of no such kind.
    arrive(state, P2, goblin)
    arrive(state, P1, creature("Test Elf", 1, 1, cost=0, subtypes=("Elf",)))
    arrive(state, P1, creature("Test Gaian Orc", 1, 1, cost=0, faction="gaian", subtypes=("Orc",)))
    assert rules.stats(state, watcher) == (3, 3)


def test_a_creature_does_not_hear_itself_come_into_play():
    state = at(start(), "play1")
    text = "Whenever another creature comes into play, I get a +1/+1 counter."
    watcher = arrive(state, P1, from_text("Test Watcher", "creature", text, attack=1, defense=1))
    assert rules.stats(state, watcher) == (1, 1)
    arrive(state, P2, creature("Test Goblin", 1, 1, cost=0))  # anyone's: heard
    assert rules.stats(state, watcher) == (2, 2)


def test_champion_of_the_sun_grows_with_each_red_banner_creature_or_soldier_you_play(real):
    champion = real["Champion of the Sun"]
    assert champion.unenforced == ""
    state = at(start(), "play1")
    me = put(state, P1, champion)  # 1/1
    arrive(state, P1, creature("Test Raider", 1, 1, cost=0))  # Red Banner
    arrive(
        state, P1, creature("Test Squire", 1, 1, cost=0, faction="empire", subtypes=("Soldier",))
    )
    arrive(state, P1, creature("Test Druid", 1, 1, cost=0, faction="gaian"))
    assert rules.stats(state, me) == (3, 3)


# -- tokens into each city ----------------------------------------------------------------------


def tokens_of(state, name_):
    """The tokens of that name in play."""
    return [c for c in state.cards if state.cards[c].card.name == name_ and rules.in_play(state, c)]


def test_tokens_put_into_each_city_you_control_join_every_one_of_them():
    state = at(start(), "play1")
    first, second = first_city(state, P1), city(state, P1, "Briarmoor")
    city(state, P2, "Cinderhold")
    text = (
        "Put two 1/1 Goblin tokens into each city you control and put a single 1/1 Goblin "
        "token in your army."
    )
    (goblin,) = parse(text, "event", "Test Rally", "").tokens
    for _ in range(5):
        put(state, P1, goblin, rules.TOKENS)
    card = to_hand(state, P1, from_text("Test Rally", "event", text))
    do(state, f"P1: play #{card}")
    declines(state)
    goblins = tokens_of(state, "Goblin 1/1")
    homes = sorted(str(rules.home(state, g)) for g in goblins)
    assert homes == sorted([str(first)] * 2 + [str(second)] * 2 + ["None"])
    assert all(state.cards[g].owner == P1 for g in goblins)


def test_tokens_put_into_each_other_city_skip_the_city_the_card_is_in():
    state = at(start(), "play1")
    first, second = first_city(state, P1), city(state, P1, "Briarmoor")
    text = "When I come into play, put a 1/1 Goblin token into each other city you control."
    for token in parse(text, "creature", "Test Herald", "").tokens * 2:
        put(state, P1, token, rules.TOKENS)
    herald = to_hand(state, P1, from_text("Test Herald", "creature", text, attack=1, defense=1))
    do(state, f"P1: play #{herald} -> #{first}")
    declines(state)
    assert [rules.home(state, g) for g in tokens_of(state, "Goblin 1/1")] == [second]


def test_nyms_calling_and_thaurs_banner_put_tauroch_tokens_into_your_cities(real):
    calling, banner = real["Nym's Calling"], real["Thaur's Banner"]
    assert calling.unenforced == banner.unenforced == ""
    (made,) = [e for a in banner.abilities for e in a.effects]
    assert (made.do, made.to, made.card) == ("token", "other_cities", "Tauroch 2/1")
    state = at(start(), "play1")
    resources(state, P1, "red_banner", 4)
    first, second = first_city(state, P1), city(state, P1, "Briarmoor")
    for token in ("Tauroch 2/1 (overrun)", "Tauroch 2/1 (overrun)", "Addax 1/1"):
        put(state, P1, real[token], rules.TOKENS)
    card = to_hand(state, P1, calling)
    do(state, f"P1: play #{card}")
    declines(state)
    taurochs = tokens_of(state, "Tauroch 2/1 (overrun)")
    assert sorted(rules.home(state, t) for t in taurochs) == sorted([first, second])
    assert all(rules.has(state, t, "overrun") for t in taurochs)
    (addax,) = tokens_of(state, "Addax 1/1")
    assert state.cards[addax].zone == (P1, rules.ARMY) and marked(state, addax)


# -- a card its controller plays --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "When you play an enchantment card, draw a card.",
        "Draw a card every time you play an enchantment card.",
        "Whenever you play an enchantment card draw a card.",
    ],
)
def test_a_creature_hears_its_controller_play_a_card_of_its_kind(text):
    (a,) = parse(text, "creature", "T", "").abilities
    assert (a.when, a.whose, a.subtype) == ("cast", "you", "enchantment")
    state = at(start(), "play1")
    put(state, P1, from_text("Test Muse", "creature", text, attack=0, defense=1))
    ward = from_text("Test Ward", "enchantment", "Enchanted creature gets +0/+1.")
    drawn = len(hand(state, P1))
    arrive(state, P1, creature("Test Goblin", 1, 1, cost=0))  # not an enchantment
    goblin = put(state, P1, GOBLIN)
    card = to_hand(state, P1, ward)
    do(state, f"P1: play #{card} -> #{goblin}")
    declines(state)
    assert len(hand(state, P1)) == drawn + 1  # played two cards, drew one
    card = to_hand(state, P2, ward)
    state.active = P2
    do(state, f"P2: play #{card} -> #{goblin}")  # the opponent's: not heard
    declines(state)
    assert len(hand(state, P1)) == drawn + 1


def test_a_keyword_until_it_is_marked_lasts_past_the_turn_and_ends_when_it_is_marked():
    state = at(start(), "play1")
    goblin = put(state, P1, GOBLIN)
    text = "Target unmarked creature has sanctuary until it is marked."
    card = to_hand(state, P1, from_text("Test Veil", "event", text))
    do(state, f"P1: play #{card} -> #{goblin}")
    declines(state)
    assert rules.has(state, goblin, "sanctuary")
    rules._end_enter(state, [])
    assert rules.has(state, goblin, "sanctuary")
    rules.mark(state, goblin, [])
    assert not rules.has(state, goblin, "sanctuary")
    rules.unmark(state, goblin)
    assert not rules.has(state, goblin, "sanctuary")  # gone, not back


def test_elvish_sorceress_gives_an_unmarked_creature_sanctuary_when_you_play_an_enchantment(real):
    sorceress = real["Elvish Sorceress"]
    assert sorceress.unenforced == ""
    state = at(start(), "play1")
    resources(state, P1, "gaian", 3)
    me = put(state, P1, sorceress)
    goblin, tired = put(state, P1, GOBLIN), put(state, P1, GOBLIN, marked=True)
    card = to_hand(state, P1, real["Wild Trample"])
    do(state, f"P1: play #{card} -> #{goblin}")
    assert (state.top_prompt.name, state.top_prompt.seat) == ("target", P1)
    assert not legal(state, f"P1: target #{me} -> #{tired}")
    do(state, f"P1: target #{me} -> #{goblin}")
    declines(state)
    assert rules.has(state, goblin, "sanctuary")


# -- when I am marked; players as objects -------------------------------------------------------


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("each player draws a card", [("draw", "each_player", 1)]),
        ("each opponent draws two cards", [("draw", "each_opponent", 2)]),
        ("put the top card of your deck into your graveyard", [("mill", "self", 1)]),
        (
            "put the top three cards of each opponent's deck into their graveyards",
            [("mill", "each_opponent", 3)],
        ),
    ],
)
def test_an_effect_on_players_names_whose_hand_or_deck_it_reaches(phrase, expected):
    got = read_phrase(phrase)
    assert [(e.do, e.to, e.amount) for e in got.effects] == expected


def test_a_player_effect_the_grammar_does_not_know_leaves_the_phrase_unread():
    assert read_phrase("target player loses a resource card") is None
    assert read_phrase("put the top card of target player's deck into his/her graveyard") is None


def test_a_creature_marked_for_its_ability_sets_off_when_i_am_marked():
    state = at(start(), "play1")
    text = "M, Produce 1 Red Banner resource. When I am marked, each player draws a card."
    scribe = put(state, P1, from_text("Test Scribe", "creature", text, attack=1, defense=1))
    hands = [len(hand(state, s)) for s in (P1, P2)]
    do(state, f"P1: use #{scribe}")
    declines(state)
    assert [len(hand(state, s)) for s in (P1, P2)] == [hands[0] + 1, hands[1] + 1]


def test_archivist_mills_each_players_top_card_when_it_is_marked(real):
    archivist = real["Archivist"]
    assert archivist.unenforced == ""
    state = at(start(), "play1")
    me = put(state, P1, archivist)
    tops = [state.zones[(s, rules.DECK)][0] for s in (P1, P2)]
    events: list = []
    rules.mark(state, me, events)
    rules.advance(state, events)
    declines(state)
    assert [state.cards[c].zone for c in tops] == [(P1, rules.GRAVE), (P2, rules.GRAVE)]
    assert any(tops[1] in e.reveals for e in events)  # the milled card is shown to all


# -- a limit on drawing -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "to", "n"),
    [
        ("Players can only draw one card during their draw phase.", "each_player", 1),
        ("You can only draw one card during your draw phase.", "self", 1),
        ("Your opponents can only draw one card during their draw phase.", "each_opponent", 1),
    ],
)
def test_a_limit_on_drawing_names_whom_it_holds_for(sentence, to, n):
    (a,) = parse(sentence, "creature", "T", "").abilities
    (e,) = a.effects
    assert (a.when, e.do, e.to, e.amount) == ("static", "draw_limit", to, n)


def test_a_limit_on_drawing_holds_for_the_players_it_names_while_its_card_is_in_play():
    state = at(start(), "draw")
    text = "Your opponents can only draw one card during their draw phase."
    warden = put(state, P2, from_text("Test Warden", "creature", text, attack=1, defense=1))
    reason = refused(state, "P1: draw 2")
    assert reason == "Test Warden: you can only draw 1 card during your draw phase"
    assert legal(state, "P1: draw 1")
    own = at(start(), "draw")
    put(own, P1, from_text("Test Warden", "creature", text, attack=1, defense=1))
    assert legal(own, "P1: draw 2")  # its controller is not an opponent
    rules.leave_play(state, warden, rules.GRAVE, [], "the warden dies")
    assert legal(state, "P1: draw 2")


def test_garak_lets_every_player_draw_only_one_card_in_the_draw_phase(real):
    garak = real["Garak"]
    assert garak.unenforced == ""
    state = at(start(), "draw")
    put(state, P1, garak)
    assert refused(state, "P1: draw 2").startswith("Garak: ")
    do(state, "P1: draw 1")
