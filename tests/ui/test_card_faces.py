"""Reading the table at a glance: cards in play printed with their values as they stand, the
zoom's words on a card, badges clear of names and values, pile counts inside their piles,
each game's own card back, and rows that say whose they are."""

import itertools

import pygame

from tabletop.engine import pick_decks
from tabletop.games import get
from tabletop.ui.cards import CardArt, regions
from tabletop.ui.table import Setup, TableScene

from .helpers import centre, hotseat, refresh, settle


def hover(app, pos):
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    app.pump()


def test_hovering_a_wounded_hero_zooms_its_life_left_and_its_damage(app):
    table = hotseat(app)
    foe = table.state.data.heroes[1]
    table.state.cards[foe].damage = 5
    refresh(table)
    hover(app, centre(table, foe))
    live, lines = table.zoom_state()
    life = table.state.cards[foe].card.life
    assert live[-1] == ("LIFE", f"{life - 5}/{life}", -1)
    assert "Damage 5" in lines


def test_the_zoom_shows_no_state_for_a_card_that_has_left_the_table(app):
    table = hotseat(app)
    foe = table.state.data.heroes[1]
    hover(app, centre(table, foe))
    table.zoomed_id = table.state.zones[(1, "hand")][0]  # not the zoomed card: its state
    assert table.zoom_state() == (None, [])  # is never shown under another card's face


def test_badges_sit_between_a_cards_type_line_and_its_stats_however_it_is_turned(app):
    table = hotseat(app)
    hero = table.state.data.heroes[0]
    sprite = table.sprites[hero]
    w, h = sprite.size
    parts = regions(table.art.face_of(table.state.cards[hero].card), sprite.size)
    top, bottom = parts.title.bottom + parts.type_h, parts.stats.top  # card coordinates
    for angle in (0.0, 90.0, 180.0, 270.0):
        sprite.angle = angle
        turned = (h, w) if angle in (90.0, 270.0) else (w, h)
        rect = pygame.Rect(0, 0, *turned)
        body = table._body(sprite, rect)
        assert rect.contains(body), angle
        if angle == 0.0:  # title at the top, stats at the bottom
            assert body.top >= top and body.bottom <= bottom
        elif angle == 90.0:  # turned to the right: title on the right, stats on the left
            assert body.right <= h - top and body.left >= h - bottom
        elif angle == 180.0:
            assert body.bottom <= h - top and body.top >= h - bottom
        else:  # turned to the left: title on the left
            assert body.left >= top and body.right <= bottom


def test_a_pile_count_stays_inside_its_pile(app):
    table = hotseat(app)
    surface = pygame.Surface((400, 300))
    narrow = pygame.Rect(100, 100, 54, 76)
    for label, n in (("Graveyard", 12), ("Deck", 33), ("Unbuilt", 3)):
        box = table._draw_count(surface, narrow, label, n)
        assert narrow.contains(box), (label, box)


def test_each_game_has_a_card_back_of_its_own(app):
    backs = {}
    for game_id in ("ewc", "wota", "arcmage", "eoc", "coe"):
        art = CardArt(get(game_id).table())
        backs[game_id] = pygame.image.tobytes(art.back((80, 112)), "RGBA")
    for a, b in itertools.combinations(backs, 2):
        assert backs[a] != backs[b], (a, b)


def test_both_arcmage_army_rows_say_whose_army_they_are(app):
    game = get("arcmage")
    table = TableScene(app, Setup(game, pick_decks(game, 2, 3), ["human", "greedy"], 3))
    app.go(table)
    armies = {p.area.side: table.area_label(p) for p in table.layout.placed if p.key[1] == "army"}
    assert armies == {"near": "Your army", "far": "Computer's army"}


def test_each_blow_of_a_combat_is_shown_in_its_own_beat(app):
    from tabletop.engine import Event
    from tabletop.ui.table import DAMAGE_BEAT

    table = hotseat(app)
    table.speed = 1.0
    a, b = table.state.data.heroes
    blows = [
        Event("damage", f"blow {i}", cards=(cid,), value=(2,)) for i, cid in enumerate((b, a, b))
    ]
    table._play(blows)

    seen = []

    def floaters():  # every blow's floater shown so far (the first may be gone already)
        seen.extend(f for f in table.flashes if f.words == "-2" and f not in seen)
        return len(seen)

    app.pump()
    assert floaters() == 1  # the first blow at once, the others after it
    settle(app, DAMAGE_BEAT * 0.8)
    assert floaters() == 1
    settle(app, DAMAGE_BEAT * 0.4)
    assert floaters() == 2
    settle(app, DAMAGE_BEAT)
    assert floaters() == 3


def test_the_game_over_picture_has_no_damage_floating_over_gone_cards(app):
    from tabletop.ui.table import Flash

    table = hotseat(app)
    app.pump()
    calm = pygame.Surface(app.size)
    table.draw(calm)
    table.flashes.append(Flash("-5", (300, 200), (228, 92, 80), 28, 1.4, rise=40))
    busy, still = pygame.Surface(app.size), pygame.Surface(app.size)
    table.draw(busy)
    table.draw_still(still)
    as_bytes = pygame.image.tobytes
    assert as_bytes(busy, "RGB") != as_bytes(calm, "RGB")  # the floater is drawn in play
    assert as_bytes(still, "RGB") == as_bytes(calm, "RGB")  # and not in the last picture
    assert table.flashes  # which is only a picture: the table keeps its floaters


def test_a_badge_too_wide_for_its_card_shows_its_symbol_inside_the_card(app):
    """The words go to the hover panel; on the card, the symbol (and a count) stays within
    the card's body instead of running over its neighbours."""
    table = hotseat(app)
    surface = pygame.Surface((400, 300))
    narrow = pygame.Rect(100, 100, 40, 50)
    table.drawn = []
    badges = [("●", "2 fire", (160, 90, 30)), ("⊘", "cannot move or attack", (150, 40, 36))]
    table._draw_badges(surface, narrow, badges, 1)
    boxes = [n.rect for n in table.drawn if n.kind == "badge"]
    assert len(boxes) == 2 and all(narrow.contains(b) for b in boxes)


def test_every_cost_fits_its_coin_or_pill_on_every_card_at_every_size(app):
    """A cost of several parts (EoC's Crypt Lich: three Dark and one Gray) is written whole
    on its title bar: its words fit the pill drawn for them, which leaves half the bar to
    the card's name."""
    from tabletop.games import registry
    from tabletop.ui import theme
    from tabletop.ui.cards import cost_pill
    from tabletop.ui.layout import Layout

    checked = 0
    for game in registry().values():
        spec = game.table()
        art = CardArt(spec)
        sizes = set(Layout(spec, (1280, 720), 0, game.min_seats).cards.values())
        for card in game.card_set().cards.values():
            face = art.face_of(card)
            if face.cost is None:
                continue
            for size in sizes:
                title = regions(face, size).title
                pill, font_size = cost_pill(face.cost, title)
                words = theme.width(face.cost, font_size, "bold")
                assert words <= pill.width or font_size == 6, (card.name, size, face.cost)
                assert pill.width <= max(title.height, title.width // 2)
                checked += 1
    assert checked
