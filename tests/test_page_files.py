"""The phone page's files hold together without a browser: every module a
module imports ships with the page (and is served), and the cards and the map
are drawn in the program's own colours (game/ui/theme.py, the tricks cards'
company colours of game/scenes/boards/tricks/cards.py)."""

from __future__ import annotations

import re
from pathlib import Path

from game.ui import theme
from net.host.web import PAGE_FILES

PAGE = Path(__file__).resolve().parent.parent / "net" / "host" / "page"


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#" + "".join(f"{c:02x}" for c in rgb)


def test_every_import_of_the_page_is_a_file_it_serves():
    modules = sorted(PAGE.rglob("*.js"))
    assert len(modules) >= 8
    for module in modules:
        for target in re.findall(r'^import .* from "(\.[^"]+)";', module.read_text(), re.M):
            resolved = (module.parent / target).resolve()
            assert resolved.is_file(), f"{module.name} imports {target}"
            assert "/" + str(resolved.relative_to(PAGE)) in PAGE_FILES


def test_cards_and_routes_wear_the_programs_colours():
    cards = (PAGE / "cards.css").read_text()
    board = (PAGE / "board.css").read_text()
    for name in ("pink", "white", "blue", "yellow", "orange", "black", "red", "green"):
        colour = _hex(theme.CARD_COLORS[name])
        assert re.search(rf"\.card\.{name}\{{background:{colour}", cards), name
        assert re.search(rf"\.route\.{name} \.space\{{fill:{colour}", board), name


def test_every_module_is_fetched_at_once():
    """index.html names every module of the page for preloading, so a phone
    fetches them side by side instead of in waves as it finds each import."""
    page = (PAGE / "index.html").read_text()
    for module in sorted(PAGE.rglob("*.js")):
        name = str(module.relative_to(PAGE))
        if name.startswith("vendor/"):        # a library as released: a classic script
            assert f'<link rel="preload" href="{name}" as="script">' in page, name
            assert f'<script src="{name}"></script>' in page, name
            continue
        assert f'<link rel="modulepreload" href="{name}">' in page, name


def test_the_vendored_library_is_tweetnacl_as_released():
    """vendor/tweetnacl.js is tweetnacl-js 1.0.3's nacl-fast.min.js unchanged (its
    README.txt says so and names the hash), served with the page, its licence beside it."""
    import hashlib

    vendor = PAGE / "vendor"
    readme = (vendor / "README.txt").read_text()
    digest = hashlib.sha256((vendor / "tweetnacl.js").read_bytes()).hexdigest()
    assert "tweetnacl 1.0.3" in readme and digest in readme
    assert "public domain" in (vendor / "LICENSE").read_text()
    assert "/vendor/tweetnacl.js" in PAGE_FILES


def test_railway_tricks_cards_wear_the_programs_company_colours():
    from game.scenes.boards.tricks.cards import COMPANY_RGB

    tricks = (PAGE / "tricks.css").read_text()
    for name, rgb in COMPANY_RGB.items():
        ink = "#141418" if theme.readable_on(rgb) == (20, 20, 24) else "#fafafa"
        assert f".co-{name}{{background:{_hex(rgb)};color:{ink}}}" in tricks, name
        assert re.search(rf"\.ex-{name}\{{border-color:{_hex(rgb)};", tricks), name


def test_the_page_says_hello_in_the_hosts_protocol_version():
    from net.protocol import MAGIC, PROTOCOL_VERSION

    session = (PAGE / "core" / "session.js").read_text(encoding="utf-8")
    assert re.search(rf"^const VERSION = {PROTOCOL_VERSION};", session, re.M), \
        "the page's hello names another protocol version than net/protocol.py"
    assert f'const MAGIC = "{MAGIC}";' in session
