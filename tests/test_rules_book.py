"""The paged rules of every game: reached from the Esc menu and from setup,
paged by keyboard, mouse and controller, each page's text inside its column
and its picture drawn."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.rules import GAMES  # noqa: E402
from game.scenes import nav  # noqa: E402
from game.scenes.rules_book import AREA, RulesScene, body_rect, layout_page  # noqa: E402
from game.tables.match import Match, Seat  # noqa: E402

GAME_IDS = sorted(GAMES)
# What each game's rules must cover (words the pages must hold, lower case).
TOPICS = {
    "eighty-days": ["action track", "coin", "balloon", "die", "re-roll", "roll again",
                    "storm", "delay", "detective", "red", "blue", "chip", "elephant",
                    "hand limit", "6 cards", "arriv", "end", "offer", "princess",
                    "connection", "submarine", "propeller", "swap", "distraction",
                    "opportunity", "80"],
    "railway-tricks": ["follow", "wins the trick", "lane", "share", "locomotive",
                       "distance", "cost", "6 and all", "cit", "end of", "line",
                       "worth", "expert", "teams", "reserved"],
    "routes-usa": ["claim", "locomotive", "tickets", "double", "longest", "points",
                   "last turn"],
    "routes-italy": ["ferry", "regions", "tickets", "claim", "double"],
}


def key(app: App, k: int) -> None:
    app.step(1, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def click(app: App, pos) -> None:
    app.step(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=tuple(pos))])


def wheel(app: App, y: int) -> None:
    app.step(1, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y)])


def pad_button(app: App, button: int) -> None:
    app.step(1, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=button, joy=0,
                                    instance_id=0)])


def pad_hat(app: App, value: tuple[int, int]) -> None:
    app.step(1, [pygame.event.Event(pygame.JOYHATMOTION, value=value, hat=0, joy=0,
                                    instance_id=0)])


def rules_on_top(app: App) -> RulesScene:
    top = app.top
    assert isinstance(top, RulesScene), f"{type(top).__name__} is on top, not the rules"
    return top


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_page_fits_and_draws_its_picture(app, game_id):
    nav.to_title(app)
    scene = nav.rules_screen(app, game_id, {})
    app.push(scene)
    assert len(scene.pages) >= 8, "a first game needs more than a few pages"
    body = body_rect(AREA)
    for index, page in enumerate(scene.pages):
        layout = layout_page(page)
        assert layout.fits, f"{game_id} page {index + 1} ({page.title}) overflows"
        rects = [rect for _, rect in layout.lines]
        for rect in rects:
            assert layout.body.contains(rect), f"{page.title}: {rect} leaves the column"
        for a, b in zip(rects, rects[1:], strict=False):
            assert not a.colliderect(b), f"{page.title}: two lines overlap"
        assert page.picture is not None and layout.picture is not None, page.title
        assert body.contains(layout.picture)
        assert not any(layout.picture.colliderect(r) for r in rects)
        # the picture draws: its rectangle differs from the empty picture frame
        scene.page = index
        app.step(1)
        inner = layout.picture.inflate(-24, -24)
        colours = {app.surface.get_at((x, y))[:3]
                   for x in range(inner.x, inner.right, 6) for y in range(inner.y, inner.bottom, 6)}
        assert len(colours) > 3, f"{game_id} page {index + 1} ({page.title}) draws nothing"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_cover_what_a_first_game_needs(game_id):
    from importlib import import_module

    family = GAMES[game_id].family
    pages = import_module(f"game.scenes.boards.{family}.rules_pages").pages(game_id, {})
    words = " ".join(" ".join((p.title, *p.text)) for p in pages).lower()
    missing = [t for t in TOPICS[game_id] if t not in words]
    assert not missing, f"{game_id} rules never mention {missing}"


def start_table(app: App, game_id: str):
    from game.scenes.flow import start_match

    info = GAMES[game_id]
    players = max(info.min_players, 3)
    colors = ("blue", "green", "yellow")
    seats = [Seat("Ann", "red")] + [Seat(f"Bot{i}", colors[i - 1], "random")
                                    for i in range(1, players)]
    start_match(app, Match(game_id, seats, 5))
    app.step(2)
    table = app.stack[0]
    while app.top is not table:  # an opening choice (tickets): out of the way
        app.pop()
        if hasattr(table, "choice_closed"):
            table.choice_closed()
    return table


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_from_the_esc_menu_page_by_keyboard_mouse_and_controller(app, game_id):
    from game.scenes.game_menu import GameMenuScene

    table = start_table(app, game_id)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, GameMenuScene)
    click(app, menu.menu.buttons[1].rect.center)  # Rules
    rules = rules_on_top(app)
    assert rules.game_name == GAMES[game_id].name
    count = len(rules.pages)
    # keyboard: right and Tab forward, left back
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_TAB)
    assert rules.page == 2
    key(app, pygame.K_LEFT)
    assert rules.page == 1
    # mouse: the buttons and the wheel
    click(app, rules.buttons["next"].rect.center)
    assert rules.page == 2
    click(app, rules.buttons["prev"].rect.center)
    assert rules.page == 1
    wheel(app, -1)
    assert rules.page == 2
    wheel(app, 1)
    assert rules.page == 1
    # a controller: the d-pad (hat and buttons) turns pages too
    pad_hat(app, (1, 0))
    assert rules.page == 2
    pad_button(app, 13)  # d-pad left
    assert rules.page == 1
    # Enter walks to the last page and then closes, back to the menu
    for _ in range(count - 2):
        key(app, pygame.K_RETURN)
    assert rules.page == count - 1
    key(app, pygame.K_RIGHT)  # no page past the last
    assert rules.page == count - 1
    key(app, pygame.K_RETURN)
    assert app.top is menu
    # B on a controller closes the rules as Esc does
    click(app, menu.menu.buttons[1].rect.center)
    rules_on_top(app)
    pad_button(app, 1)
    assert app.top is menu
    assert app.stack[0] is table


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_from_setup_for_the_chosen_game(app, game_id):
    nav.to_title(app)
    setup = nav.screen("setup", app)
    app.push(setup)
    while setup.info.id != game_id:
        setup._change("game", 1)
    setup.row = setup.rows().index("rules")
    key(app, pygame.K_RETURN)
    rules = rules_on_top(app)
    assert rules.game_name == GAMES[game_id].name
    key(app, pygame.K_RIGHT)
    assert rules.page == 1
    key(app, pygame.K_ESCAPE)
    assert app.top is setup


def test_setup_rules_row_opens_by_mouse_and_names_the_game(app):
    nav.to_title(app)
    setup = nav.screen("setup", app)
    app.push(setup)
    row = setup.rows().index("rules")
    app.step(1)
    click(app, setup._rect(row).center)
    rules = rules_on_top(app)
    assert rules.game_name == setup.info.name
    click(app, rules.buttons["close"].rect.center)
    assert app.top is setup


def test_tricks_rules_name_the_variants_played():
    from game.scenes.boards.tricks.rules_pages import pages

    plain = " ".join(" ".join(p.text) for p in pages("railway-tricks", {}))
    teams = " ".join(" ".join(p.text) for p in pages("railway-tricks", {"teams": True}))
    assert "played in this game" not in plain
    assert "Teams (played in this game)" in teams


def test_a_controller_opens_the_rules_from_setup_and_closes_them(app):
    nav.to_title(app)
    setup = nav.screen("setup", app)
    app.push(setup)
    setup.row = setup.rows().index("rules")
    pad_button(app, 0)  # A
    rules = rules_on_top(app)
    pad_button(app, 14)  # d-pad right
    assert rules.page == 1
    pad_button(app, 1)  # B
    assert app.top is setup
