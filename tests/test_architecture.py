"""The layout holds: small modules, a short top level, layers that import downwards,
and docs a newcomer can find their way through.

The map of the packages in docs/map.md is generated from the code
(tools/package_map.py); these tests keep the code and that copy in step. The
docs are pages by topic, each short enough to read, all reachable from
docs/overview.md, and no link in them or the README leads nowhere.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tools import package_map

ROOT = Path(__file__).resolve().parent.parent
MOST_LINES = 600
MOST_TOP_LEVEL_MODULES = 12
MOST_DOC_LINES = 400
# A markdown link or picture, [words](target) or ![words](target): the target.
MARKDOWN_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def _sources() -> list[Path]:
    found = [*ROOT.glob("game/**/*.py"), *ROOT.glob("net/**/*.py"), *ROOT.glob("tools/**/*.py")]
    found += [*ROOT.glob("net/host/page/**/*.js"), ROOT / "tools" / "lan_party"]
    return sorted(found)


def test_no_module_passes_600_lines():
    long = {}
    for path in _sources():
        count = len(path.read_text(encoding="utf-8").splitlines())
        if count > MOST_LINES:
            long[str(path.relative_to(ROOT))] = count
    assert not long, f"split these along their responsibilities: {long}"


def test_the_sources_the_size_check_reads_are_there():
    names = {str(p.relative_to(ROOT)) for p in _sources()}
    assert "game/app.py" in names and "net/host/page/main.js" in names
    assert "tools/package_map.py" in names and len(names) > 150


def test_the_top_level_of_game_holds_few_modules():
    top = sorted(p.name for p in (ROOT / "game").glob("*.py"))
    assert len(top) <= MOST_TOP_LEVEL_MODULES, top
    assert {"app.py", "__main__.py"} <= set(top)


def test_every_module_sits_in_a_layer():
    assert package_map.unplaced(package_map.module_imports()) == []


def test_no_import_runs_against_the_layers():
    assert package_map.against_the_layers(package_map.module_imports()) == []


def test_no_modules_import_each_other_in_a_circle():
    assert package_map.cycles(package_map.module_imports()) == []


def test_the_documented_map_is_the_codes_own():
    assert package_map.documented() == package_map.render(), (
        "docs/map.md is stale: run python tools/package_map.py --write")


def _doc_pages() -> list[Path]:
    return sorted((ROOT / "docs").glob("*.md"))


def relative_links(text: str) -> list[str]:
    """The targets of a markdown text's links that point into the repository
    (no web address, no mail, no bare #anchor), without their #anchor. Code
    (fenced blocks and `spans`) holds no links."""
    prose = re.sub(r"`[^`\n]*`", "", re.sub(r"(?ms)^```.*?^```", "", text))
    targets = []
    for target in MARKDOWN_LINK.findall(prose):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE) or target.startswith("#"):
            continue
        targets.append(target.split("#", 1)[0])
    return targets


def test_no_docs_page_passes_400_lines():
    long = {p.name: n for p in _doc_pages()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_DOC_LINES}
    assert not long, f"split these pages by topic: {long}"


def test_every_relative_link_in_the_readme_and_docs_leads_to_a_file():
    broken = []
    for page in [ROOT / "README.md", *_doc_pages()]:
        for target in relative_links(page.read_text(encoding="utf-8")):
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)} -> {target}")
    assert not broken, broken


def test_the_overview_links_every_docs_page():
    overview = ROOT / "docs" / "overview.md"
    linked = {(overview.parent / t).resolve()
              for t in relative_links(overview.read_text(encoding="utf-8"))}
    missing = [p.name for p in _doc_pages() if p != overview and p.resolve() not in linked]
    assert not missing, f"docs/overview.md links no page {missing}"


def test_the_link_reader_finds_relative_links_only():
    text = ("[a](bots.md) ![b](screenshots/x.png) [c](https://example.org/) "
            "[d](#layers) [e](saves.md#replays) [f](mailto:x@y.z) `[g](h.md)`\n"
            "```\n[i](j.md)\n```\n")
    assert relative_links(text) == ["bots.md", "screenshots/x.png", "saves.md"]


@pytest.fixture
def tree(tmp_path):
    """A small tree of game/ and net/ to show the checks can fail."""
    def write(name: str, text: str = "") -> None:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for package in ("game", "game/rules", "game/cli", "net"):
        write(f"{package}/__init__.py")
    return tmp_path, write


def test_an_upward_import_is_found(tree):
    root, write = tree
    write("game/rules/engine.py", "from game.cli import main\n")
    write("game/cli/main.py", "import game.rules.engine\n")
    edges = package_map.module_imports(root)
    assert "game.rules.engine -> game.cli.main" in package_map.against_the_layers(edges)
    assert not any(p.startswith("game.cli") for p in package_map.against_the_layers(edges))


def test_a_circle_is_found_even_through_a_lazy_import(tree):
    root, write = tree
    write("game/rules/a.py", "from game.rules import b\n")
    write("game/rules/b.py", "def later():\n    from . import a\n")
    assert package_map.cycles(package_map.module_imports(root)) == [
        ["game.rules.a", "game.rules.b"]]


def test_a_module_in_no_layer_is_found(tree):
    root, write = tree
    write("game/loose.py", "")
    assert package_map.unplaced(package_map.module_imports(root)) == ["game.loose"]
