"""ARC-mage at the table, with posted mouse events: playing a creature into a city, making a
resource, moving, attacking with chosen attackers and assigning defenders."""

import pygame

from tabletop.engine import act
from tabletop.games import get
from tabletop.games.arcmage import rules
from tabletop.ui.table import Setup, TableScene

from ..games.arcmage.test_grammar import from_text
from .helpers import centre, click, drag, key, refresh, take_screen, until_idle

GAME = get("arcmage")
DECKS = GAME.card_set().decks
CARDS = GAME.card_set().cards


def hotseat(app, seed: int = 3) -> tuple[TableScene, int]:
    """A hot-seat table with both first cities founded; the first player to act sits near,
    in its Draw & Resource phase. Returns the table and that seat."""
    table = TableScene(
        app,
        Setup(
            GAME, [DECKS["emberfang_raiders"], DECKS["thornwood_circle"]], ["human", "human"], seed
        ),
    )
    app.go(table)
    state = table.state
    first = state.data.first
    for seat in (first, 1 - first):
        table.attempt(act(state, "found", seat, (state.zones[(seat, rules.UNBUILT)][0],)))
    until_idle(app, table)
    take_screen(app, table)
    assert state.phase == "draw" and state.active == first and table.near == first
    return table, first


def give(state, seat: int, name: str, zone: str) -> int:
    """A copy of a starter card for ``seat`` in ``zone``."""
    return state.create(CARDS[name], seat, (seat, zone)).id


def resources(state, seat: int, faction: str, n: int) -> None:
    for _ in range(n):
        cid = give(state, seat, "Cinder Runt", rules.RES[faction])
        state.cards[cid].face_down = True


def drawn_one(app) -> tuple[TableScene, int, int]:
    """The first player, having chosen Draw 1 (a resource may follow): the table, the seat,
    and the first card of its hand."""
    table, me = hotseat(app)
    table.attempt(act(table.state, "draw", me, (), (), ("1",)))
    until_idle(app, table)
    return table, me, table.state.zones[(me, rules.HAND)][0]


def zone_centre(table, seat: int, zone: str):
    return table.layout.by_key[(seat, zone)].rect.center


def to_play_phase(app, table, seat: int) -> None:
    table.attempt(act(table.state, "draw", seat, (), (), ("2",)))
    while table.state.phase != "play1":
        table.attempt(act(table.state, "end", seat))
    until_idle(app, table)


def test_a_creature_dragged_onto_an_own_city_is_played_there(app):
    table, me = hotseat(app)
    state = table.state
    to_play_phase(app, table, me)
    resources(state, me, "red_banner", 3)
    runt = give(state, me, "Cinder Runt", rules.HAND)
    city = rules.cities(state, me)[0]
    refresh(table)
    drag(app, centre(table, runt), centre(table, city))
    until_idle(app, table)
    assert state.cards[runt].zone == (None, rules.STACK)  # it waits for answers:
    for seat in (1 - me, me):  # the other player, then you, both holding cards, may answer
        take_screen(app, table)
        assert table.near == seat and state.top_prompt.name == "respond"
        key(app, pygame.K_SPACE)  # pass
    until_idle(app, table)
    assert rules.home(state, runt) == city
    assert sum(state.cards[c].turned for c in state.zones[(me, rules.RES["red_banner"])]) == 1


def test_a_hand_card_dropped_on_a_faction_pile_becomes_a_face_down_resource(app):
    table, me, card = drawn_one(app)
    state = table.state
    drag(app, centre(table, card), zone_centre(table, me, rules.RES["gaian"]))
    until_idle(app, table)
    inst = state.cards[card]
    assert inst.zone == (me, rules.RES["gaian"]) and inst.face_down
    app.pump(frames=10)
    assert not table.sprites[card].face_up


def test_the_draw_buttons_choose_the_draw_and_resource_course(app):
    table, me = hotseat(app)
    before = len(table.state.zones[(me, rules.HAND)])
    key(app, pygame.K_2)
    until_idle(app, table)
    assert table.state.data.drawn == 2
    assert len(table.state.zones[(me, rules.HAND)]) == before + 2


def test_a_resident_dragged_onto_the_army_moves_there_and_is_marked(app):
    table, me = hotseat(app)
    state = table.state
    to_play_phase(app, table, me)
    city = rules.cities(state, me)[0]
    runt = give(state, me, "Cinder Runt", state.cards[city].zone[1])
    refresh(table)
    drag(app, centre(table, runt), zone_centre(table, me, rules.ARMY))
    until_idle(app, table)
    assert state.cards[runt].zone == (me, rules.ARMY)
    assert state.cards[runt].turned
    app.pump(frames=30)
    assert table.sprites[runt].angle == 90.0  # drawn turned sideways


def test_chosen_attackers_dropped_on_a_city_attack_it_and_the_defender_blocks_by_drag(app):
    table, me = hotseat(app)
    state = table.state
    foe = 1 - me
    a = give(state, me, "Ashfang Skirmisher", rules.ARMY)
    b = give(state, me, "Cinder Runt", rules.ARMY)
    left_home = give(state, me, "Cinder Runt", rules.ARMY)
    guard = give(state, foe, "Bramble Warden", rules.ARMY)
    target = rules.cities(state, foe)[0]
    for c in list(state.zones[(foe, rules.HAND)]):  # no answers from the defender's hand
        state.move(c, (foe, rules.DECK))
    to_play_phase(app, table, me)
    table.attempt(act(state, "end", me))
    until_idle(app, table)
    assert state.phase == "attack"
    refresh(table)
    click(app, centre(table, a))
    click(app, centre(table, b))
    assert table.selected == {a, b}
    drag(app, centre(table, b), centre(table, target))
    until_idle(app, table)
    assert state.top_prompt.seat == me and state.top_prompt.name == "respond"
    key(app, pygame.K_SPACE)  # the attacker, holding cards, may answer its own attack: passes
    until_idle(app, table)
    assert state.top_prompt is not None and state.top_prompt.name == "block"
    take_screen(app, table)
    assert table.near == foe
    drag(app, centre(table, guard), centre(table, a))
    assert state.data.combat.blocks == {guard: a}
    until_idle(app, table)
    assert {(a, target, "attack"), (b, target, "attack"), (guard, a, "block")} <= set(
        table.tethers()
    )  # each attacker's arrow, and the block's tether
    table.zoomed, table.zoomed_id = table.view.cards[a].card, a  # the zoom says it too
    lines = table.zoom_state()[1]
    assert f"Attacking {state.cards[target].card.name}" in lines
    assert "Blocked by Bramble Warden" in lines
    key(app, pygame.K_SPACE)  # Done defending
    take_screen(app, table)
    assert table.near == me and state.top_prompt.name == "respond"
    key(app, pygame.K_SPACE)  # the attacker may answer the defence: passes
    until_idle(app, table)
    stayed = state.cards[left_home]
    assert stayed.zone == (me, rules.ARMY) and not stayed.turned  # not chosen: no attack
    full = CARDS[state.cards[target].card.name].defense
    assert rules.strength(state, target) == full - rules.attack_of(state, b)  # unblocked
    assert state.phase == "play2"
    assert not any(kind == "block" for _, _, kind in table.tethers())  # the combat is over


def test_the_city_menu_founds_any_unbuilt_city_not_only_the_top_one(app):
    table = TableScene(
        app,
        Setup(GAME, [DECKS["emberfang_raiders"], DECKS["thornwood_circle"]], ["human", "human"], 3),
    )
    app.go(table)
    state = table.state
    me = state.data.first
    until_idle(app, table)
    take_screen(app, table)
    pile = state.zones[(me, rules.UNBUILT)]
    bottom = next(
        c
        for c in reversed(pile)  # a city other than the one the pile shows
        if state.cards[c].card.name != state.cards[pile[0]].card.name
    )
    button = next(b for b in table._buttons() if b.label == "Found a city…")
    click(app, button.rect.center)
    assert table.menu is not None
    labels = [label for label, _ in table.menu.items]
    wanted = next(
        i
        for i, label in enumerate(labels)
        if label.startswith(f"Found {state.cards[bottom].card.name} ")
    )
    menu = table.menu
    row = menu.rect.top + 4 + menu.row * (wanted + (1 if menu.title else 0)) + menu.row // 2
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(menu.rect.centerx, row), rel=(0, 1), buttons=(0, 0, 0)
        )
    )
    app.pump()
    # the option's city, read in the zoom before choosing it
    assert table.zoomed is not None and table.zoomed.name == state.cards[bottom].card.name
    click(app, (menu.rect.centerx, row))
    assert state.cards[rules.cities(state, me)[0]].card.name == state.cards[bottom].card.name


def test_a_card_made_a_resource_and_taken_back_is_named_only_to_its_owner(app):
    table, me, card = drawn_one(app)
    state = table.state
    name = state.cards[card].card.name
    table.attempt(act(state, "resource", me, (card,), (), ("empire",)))
    until_idle(app, table)
    assert state.cards[card].zone == (me, rules.RES["empire"])
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert state is not table.state and table.state.cards[card].zone == (me, rules.HAND)
    who = table.state.seat_names[me]
    line = table.events[-1]
    assert line.text_for(me) == f"{who} takes back: Make {name} an Empire resource"
    assert table.toast[0] == f"Undone: Make {name} an Empire resource"
    assert line.text_for(1 - me) == f"{who} takes back an action"  # not which card it was


def test_clicking_a_resident_in_the_attack_phase_says_why_it_cannot_attack(app):
    table, me = hotseat(app)
    state = table.state
    home = rules.cities(state, me)[0]
    resident = state.create(CARDS["Cinder Runt"], me, state.cards[home].zone).id
    give(state, me, "Ashfang Skirmisher", rules.ARMY)
    for c in list(state.zones[(1 - me, rules.HAND)]):
        state.move(c, (1 - me, rules.DECK))
    to_play_phase(app, table, me)
    table.attempt(act(state, "end", me))
    until_idle(app, table)
    assert state.phase == "attack"
    refresh(table)
    click(app, centre(table, resident))
    assert table.selected == set()  # not an attacker
    assert "residents of a city can never attack" in table.toast[0]


def test_residents_a_city_lets_attack_are_chosen_in_their_city_beside_the_army(app):
    table, me = hotseat(app)
    state = table.state
    barracks = from_text(
        "Test Barracks", "city", "Level 0: My residents may attack during combat.", defense=5
    )
    row = rules.free_row(state, me)
    town = state.create(barracks, me, (me, row)).id
    resident = state.create(CARDS["Cinder Runt"], me, state.cards[town].zone).id
    soldier = give(state, me, "Ashfang Skirmisher", rules.ARMY)
    target = rules.cities(state, 1 - me)[0]
    for c in list(state.zones[(1 - me, rules.HAND)]):
        state.move(c, (1 - me, rules.DECK))
    to_play_phase(app, table, me)
    table.attempt(act(state, "end", me))
    until_idle(app, table)
    assert state.phase == "attack"
    refresh(table)
    click(app, centre(table, resident))
    click(app, centre(table, soldier))
    assert table.selected == {resident, soldier}
    drag(app, centre(table, soldier), centre(table, target))
    until_idle(app, table)
    assert set(state.data.combat.attackers) == {resident, soldier}
    assert rules.home(state, resident) == town


def test_clicking_a_city_in_tactics_devotes_its_residents_and_what_it_takes_from_the_graveyard(
    app,
):
    table, me = hotseat(app)
    state = table.state
    shrine = from_text(
        "Test Shrine",
        "city",
        "You may remove Red Banner cards from your graveyard from the game. The cards' loyalty "
        "marks add to my devotion. Level 9: Draw a card.",
        defense=5,
    )
    town = state.create(shrine, me, (me, rules.free_row(state, me))).id
    resident = state.create(CARDS["Hotblood Berserker"], me, state.cards[town].zone).id
    fallen = give(state, me, "Hotblood Berserker", rules.GRAVE)
    table.attempt(act(state, "draw", me, (), (), ("2",)))
    while state.phase == "draw":
        table.attempt(act(state, "end", me))
    until_idle(app, table)
    assert state.phase == "tactics"
    refresh(table)
    click(app, centre(table, town))
    assert table.menu is not None  # the player chooses what to give
    labels = [label for label, _ in table.menu.items]
    assert labels == [
        "Devote Hotblood Berserker to Test Shrine, removing Hotblood Berserker from your "
        "graveyard (devotion 4)",
        "Devote to Test Shrine, removing Hotblood Berserker from your graveyard (devotion 2)",
        "Devote Hotblood Berserker to Test Shrine (devotion 2)",
    ]
    menu = table.menu
    row = menu.rect.top + 4 + menu.row * (1 if menu.title else 0) + menu.row // 2
    click(app, (menu.rect.centerx, row))
    until_idle(app, table)
    while state.top_prompt is not None and state.top_prompt.name == "respond":
        take_screen(app, table)
        key(app, pygame.K_SPACE)
        until_idle(app, table)
    assert state.data.devotion[town] == 4  # two loyalty marks each
    assert state.cards[resident].turned and state.cards[fallen].zone == (me, rules.REMOVED)


def test_an_enchantment_a_city_lets_be_a_creature_is_offered_as_one_in_its_menu(app):
    table, me = hotseat(app)
    state = table.state
    grove = from_text(
        "Test Grove",
        "city",
        "Level 0: You may play an enchantment as if it were an X/X creature, where X is the "
        "casting cost.",
        defense=5,
    )
    state.create(grove, me, (me, rules.free_row(state, me)))
    ward = give(state, me, "Cinder Runt", rules.HAND)
    state.cards[ward].card = from_text(
        "Test Ward", "enchantment", "Enchanted creature gets +1/+1.", cost=2, loyalty=1
    )
    to_play_phase(app, table, me)
    resources(state, me, "red_banner", 2)
    refresh(table)
    click(app, centre(table, ward), button=3)
    labels = [label for label, _ in table.menu.items]
    home = state.cards[rules.cities(state, me)[0]].card.name
    assert f"Play Test Ward as a 2/2 creature into {home}" in labels


def test_an_attacked_player_with_no_creature_to_defend_is_not_asked_to_assign_defenders(app):
    table, me = hotseat(app)
    state = table.state
    foe = 1 - me
    attacker = give(state, me, "Ashfang Skirmisher", rules.ARMY)
    target = rules.cities(state, foe)[0]
    for c in list(state.zones[(foe, rules.HAND)]):
        state.move(c, (foe, rules.DECK))
    to_play_phase(app, table, me)
    table.attempt(act(state, "end", me))
    table.attempt(act(state, "attack", me, (attacker,), (target,)))
    while state.top_prompt is not None and state.top_prompt.name != "block":
        table.attempt(act(state, "pass", state.top_prompt.seat))
    until_idle(app, table)
    take_screen(app, table)
    assert table.near == foe and state.top_prompt.name == "block"
    words = table.message()[0]
    assert words.startswith("You are attacked, and no creature of yours can defend")
    assert "assign defenders" not in words
    guard = give(state, foe, "Bramble Warden", rules.ARMY)  # one that can: asked as before
    refresh(table)
    assert table.message()[0] == "You are attacked: assign defenders, then pass when done"
    assert guard in state.zones[(foe, rules.ARMY)]


def test_a_card_dragged_to_be_a_resource_lights_every_faction_pile_of_the_deck(app):
    """ "The card becomes a resource card for a faction of the player's choice. The faction
    of the card does not have to match": every vault of the deck lights, not only the
    card's own."""
    table, me, card = drawn_one(app)
    state = table.state
    drag_start = centre(table, card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=drag_start, button=1))
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION,
            pos=(drag_start[0] + 30, drag_start[1] - 30),
            rel=(30, -30),
            buttons=(1, 0, 0),
        )
    )
    app.pump()
    assert table.drag is not None
    _, zones = table.drag_targets
    assert zones == {(me, rules.RES[f]) for f in state.data.factions[me]}
    assert len(zones) == 2 and state.cards[card].card.faction in state.data.factions[me]


def test_a_player_dealt_damage_clicks_the_city_that_takes_it(app):
    """Ruling 46 at the table: the event is played on a player from its menu; that player,
    given the screen, clicks one of their cities, which takes the damage."""
    from tests.games.arcmage.test_grammar import from_text

    from .test_arcmage_manual import pick

    table, me = hotseat(app)
    state = table.state
    to_play_phase(app, table, me)
    them = 1 - me
    second = state.create(CARDS["Briarmoor"], them, (them, rules.free_row(state, them))).id
    bolt = state.create(
        from_text("Test Bolt", "event", "Deal 3 damage to target player."), me, (me, rules.HAND)
    ).id
    refresh(table)
    click(app, centre(table, bolt), button=3)  # the card's menu: play it on a player
    pick(app, table, f"Play Test Bolt on Player {them + 1}")
    until_idle(app, table)
    while state.top_prompt is not None and state.top_prompt.name == "respond":
        take_screen(app, table)
        key(app, pygame.K_SPACE)  # no answer
        until_idle(app, table)
    take_screen(app, table)
    assert table.near == them and (state.top_prompt.seat, state.top_prompt.name) == (them, "owe")
    click(app, centre(table, second))
    until_idle(app, table)
    assert state.cards[second].damage == 3
    assert state.cards[rules.cities(state, them)[0]].damage == 0


def bar_button(table, label: str):
    """The bar's button whose label starts with ``label``."""
    return next(b.button for b in table.bar() if b.button.label.startswith(label))


def test_a_thief_chooses_the_pile_to_steal_from_in_the_choose_menu(app):
    """Ruling 55 at the table: the thief's player names the opponent, then picks the pile
    from the bar's Choose… menu; the card changes hands face down."""
    from tests.games.arcmage.test_grammar import from_text

    from .test_arcmage_manual import pick

    table, me = hotseat(app)
    state = table.state
    to_play_phase(app, table, me)
    them = 1 - me
    resources(state, them, "gaian", 1)
    resources(state, them, "red_banner", 2)
    resources(state, me, "red_banner", 1)
    thief = state.create(
        from_text(
            "Test Thief",
            "creature",
            "When I come into play, steal one resource card from target player.",
            attack=1,
            defense=1,
            cost=1,
        ),
        me,
        (me, rules.HAND),
    ).id
    refresh(table)
    drag(app, centre(table, thief), centre(table, rules.cities(state, me)[0]))
    until_idle(app, table)
    for _ in range(4):
        if state.top_prompt is None or state.top_prompt.name != "respond":
            break
        take_screen(app, table)
        key(app, pygame.K_SPACE)  # no answer
        until_idle(app, table)
    take_screen(app, table)
    assert (state.top_prompt.seat, state.top_prompt.name) == (me, "target")
    table.attempt(act(state, "target", me, (thief,), (), (f"player={them + 1}",)))
    until_idle(app, table)
    assert (state.top_prompt.seat, state.top_prompt.name) == (me, "owe")
    button = bar_button(table, "Choose")
    click(app, button.rect.center)
    labels = [text for text, _ in table.menu.items]
    assert labels == [
        f"Steal a Gaian resource card from Player {them + 1}",
        f"Steal a Red Banner resource card from Player {them + 1}",
    ]
    take_screen(app, table)
    pick(app, table, labels[0])
    until_idle(app, table)
    stolen = state.zones[(me, rules.RES["gaian"])]
    assert len(stolen) == 1 and state.cards[stolen[0]].face_down
