"""EoC at the table, with posted mouse events: summoning an essence, creating a creature,
moving an essence between cards, a group attack and a Trap."""

from __future__ import annotations

from tabletop.engine import act, apply
from tabletop.games import get
from tabletop.games.eoc import rules
from tabletop.ui.table import Setup, TableScene

from .helpers import centre, click, drag, refresh, take_screen, until_idle

GAME = get("eoc")
DECKS = GAME.card_set().decks


def _seed_player_1_starts() -> int:
    """A seed whose coin gives Player 1 (Cinder Storm) the first turn."""
    for seed in range(100):
        state = GAME.new_game([DECKS["cinder_storm"], DECKS["tidal_sanctum"]], seed)
        while state.prompts:
            apply(state, act(state, "redraw", state.top_prompt.seat))
        if state.active == 0:
            return seed
    raise AssertionError("no seed lets Player 1 start")


SEED = _seed_player_1_starts()


def table_in_prep(app) -> TableScene:
    """A hot-seat table after the opening hands and the coin: Player 1 (Cinder Storm) in
    its Preparation Phase, both hands emptied into the decks (a test gives the cards it
    wants)."""
    table = TableScene(
        app, Setup(GAME, [DECKS["cinder_storm"], DECKS["tidal_sanctum"]], ["human", "human"], SEED)
    )
    app.go(table)
    state = table.state
    while state.prompts and state.top_prompt.name == "redraw":
        table.attempt(act(state, "redraw", state.top_prompt.seat))
    for seat in range(2):
        for cid in list(state.zones[(seat, rules.HAND)]):
            state.move(cid, (seat, rules.DECK))
    until_idle(app, table)
    take_screen(app, table)
    assert state.phase == "prep" and table.near == state.active
    refresh(table)
    return table


def fetch(state, seat: int, name: str, zone: str = rules.HAND) -> int:
    """A card of that name from the seat's deck, moved to ``zone``."""
    cid = next(c for c in state.zones[(seat, rules.DECK)] if state.cards[c].card.name == name)
    state.move(cid, (seat, zone))
    rules.changed(state)  # set by hand: the rules' caches of the field are told
    return cid


def creature(state, seat: int, name: str, *essences: str) -> int:
    """A creature on the field, ready, paid by essences of those names."""
    cid = fetch(state, seat, name, rules.CREATURES)
    for e in essences:
        rules.attach(state, fetch(state, seat, e, rules.POOL), cid)
    return cid


def peek(table, cid: int) -> tuple[int, int]:
    """Where a tucked card shows: the strip above the card it is attached to."""
    r = table.sprites[cid].rect()
    return r.centerx, r.top + table.layout.px(5)


def area(table, seat: int, zone: str) -> tuple[int, int]:
    return table.layout.by_key[(seat, zone)].rect.center


def test_an_essence_dragged_from_hand_onto_the_pool_is_summoned_once_a_turn(app):
    table = table_in_prep(app)
    state, seat = table.state, table.state.active
    first = fetch(state, seat, "Ember Shard")
    second = fetch(state, seat, "Spark Cell")
    refresh(table)
    drag(app, centre(table, first), area(table, seat, rules.POOL))
    assert state.cards[first].zone == (seat, rules.POOL)
    until_idle(app, table)
    drag(app, centre(table, second), area(table, seat, rules.POOL))
    assert state.cards[second].zone == (seat, rules.HAND)
    assert "1 Essence Card" in table.toast[0]


def test_a_creature_dragged_to_the_slots_is_created_paid_by_the_cheapest_essences(app):
    table = table_in_prep(app)
    state, seat = table.state, table.state.active
    small = fetch(state, seat, "Ember Shard", rules.POOL)
    big = fetch(state, seat, "Heart of the Pyre", rules.POOL)
    newt = fetch(state, seat, "Cinder Newt")  # costs 1 Fire
    refresh(table)
    drag(app, centre(table, newt), area(table, seat, rules.CREATURES))
    inst = state.cards[newt]
    assert inst.zone == (seat, rules.CREATURES) and inst.turned  # exhausted when created
    assert state.cards[small].attached_to == newt  # not the 2-Fire essence
    assert state.cards[big].zone == (seat, rules.POOL)
    until_idle(app, table)
    # Drawn tucked under it: behind the creature, its top edge showing above.
    tucked, host = table.sprites[small].rect(), table.sprites[newt].rect()
    assert tucked.top < host.top and table.sprites[small].z < table.sprites[newt].z


def test_an_essence_dragged_between_cards_moves_only_while_every_cost_stays_paid(app):
    table = table_in_prep(app)
    state, seat = table.state, table.state.active
    newt = creature(state, seat, "Cinder Newt", "Ember Shard", "Smouldering Coal")  # overpaid
    sprite = creature(state, seat, "Static Sprite", "Spark Cell")
    spare = rules.essences_on(state, newt)[1]
    refresh(table)
    until_idle(app, table)
    drag(app, peek(table, spare), centre(table, sprite))
    assert state.cards[spare].attached_to == sprite
    until_idle(app, table)
    needed = rules.essences_on(state, newt)[0]  # the last Fire on the Newt
    drag(app, peek(table, needed), area(table, seat, rules.POOL))
    assert state.cards[needed].attached_to == newt
    assert "creation cost always remains satisfied" in table.toast[0]
    until_idle(app, table)
    drag(app, peek(table, spare), area(table, seat, rules.POOL))  # the Sprite's extra one
    assert state.cards[spare].zone == (seat, rules.POOL)


def _to_attack_phase(app, table) -> None:
    end = next(b.button for b in table.bar() if b.button.label.startswith("To the Attack"))
    click(app, end.rect.center)
    until_idle(app, table)
    assert table.state.phase == "attack"


def test_creatures_clicked_together_then_dragged_onto_an_enemy_attack_as_a_group(app):
    table = table_in_prep(app)
    state, seat = table.state, table.state.active
    foe = 1 - seat
    a = creature(state, seat, "Cinder Newt", "Ember Shard")
    b = creature(state, seat, "Static Sprite", "Spark Cell")
    enemy = creature(state, foe, "Coral Bulwark", "Tide Pearl", "Brine Shell")
    refresh(table)
    _to_attack_phase(app, table)
    click(app, centre(table, a))
    assert "1 attacker" in [b.label for b in table._buttons()]  # one, not "1 attackers"
    click(app, centre(table, b))
    assert table.selected == {a, b}
    assert "2 attackers" in [b.label for b in table._buttons()]
    drag(app, centre(table, b), centre(table, enemy))
    attack = rules.data(state).attack
    assert set(attack.attackers) == {a, b} and attack.target == enemy
    assert state.cards[a].turned and state.cards[b].turned
    # Against a group, the defender chooses whom to counter-attack.
    assert state.top_prompt.name == "counter" and state.top_prompt.seat == foe


def test_a_trap_is_played_from_the_defenders_hand_when_it_is_attacked(app):
    table = table_in_prep(app)
    state, seat = table.state, table.state.active
    foe = 1 - seat
    lancer = creature(state, seat, "Ashback Salamander", "Heart of the Pyre")  # 3 ATK
    wall = creature(state, foe, "Coral Bulwark", "Tide Pearl", "Brine Shell")
    fetch(state, foe, "Deepwater Pearl", rules.POOL)
    trap = next(
        c
        for c in state.zones[(foe, rules.DECK)]
        if state.cards[c].card.kind == "trap"
        and state.cards[c].card.trap == "attacked"
        and rules.pays(state.cards[c].card.cost, {"aqua": 2})
    )
    state.move(trap, (foe, rules.HAND))
    refresh(table)
    _to_attack_phase(app, table)
    drag(app, centre(table, lancer), centre(table, wall))
    assert state.top_prompt.name == "defender_traps"
    take_screen(app, table)  # the curtain: the defender takes the screen
    assert table.near == foe
    drag(app, centre(table, trap), area(table, foe, rules.SPELLS))
    assert state.cards[trap].zone == (foe, rules.SPELLS)


def test_a_defeated_stage_1_vanquisher_turns_over_to_stage_2(app):
    table = table_in_prep(app)
    table.speed = 1.0
    state, seat = table.state, table.state.active
    foe = 1 - seat
    newt = creature(state, seat, "Cinder Newt", "Ember Shard")
    vid = rules.vanquisher(state, foe)
    state.cards[vid].damage = rules.defense_of(state, vid)  # one more point defeats it
    refresh(table)
    _to_attack_phase(app, table)
    drag(app, centre(table, newt), centre(table, vid))
    assert rules.data(state).stage[foe] == 2
    turning = []
    for _ in range(120):
        app.pump()
        turning.append(vid in table.flips)
    assert any(turning) and not turning[-1]  # it turned over, and is done turning
    until_idle(app, table)
    badges = table.spec.badges(table.view, table.view.cards[vid])
    assert any(words == "Stage II" for _, words, *_ in badges)


def test_a_menu_names_a_group_attack_and_what_a_creation_spends():
    state = GAME.new_game([DECKS["cinder_storm"], DECKS["tidal_sanctum"]], SEED)
    while state.prompts:
        apply(state, act(state, "redraw", state.top_prompt.seat))
    a = creature(state, 0, "Cinder Newt", "Ember Shard")
    b = creature(state, 0, "Static Sprite", "Spark Cell")
    wall = creature(state, 1, "Coral Bulwark", "Tide Pearl", "Brine Shell")
    spec = GAME.table()
    assert (
        spec.action_label(state, act(state, "attack", 0, (a, b), (wall,)))
        == "Attack Coral Bulwark with Cinder Newt + Static Sprite"
    )
    newt = fetch(state, 0, "Cinder Newt")
    shard = fetch(state, 0, "Heart of the Pyre", rules.POOL)
    assert (
        spec.action_label(state, act(state, "create", 0, (newt, shard)))
        == "Create Cinder Newt (2♨)"
    )
