"""The program's packages, their layers and what each imports, read from the code.

    python tools/package_map.py            # print the map (docs/map.md holds a copy)
    python tools/package_map.py --write    # rewrite that copy in docs/map.md

The map is generated, never drawn by hand, so it cannot drift:
tests/test_architecture.py fails when docs/map.md differs from what this prints,
when a package imports one in a higher layer (or a package of its own layer),
or when modules import each other in a circle. Imports inside functions count
too: a lazy import still ties two modules together.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP_DOC = ROOT / "docs" / "map.md"
BEGIN, END = "<!-- map: begin -->", "<!-- map: end -->"

# Bottom to top: a package may import only packages in the layers below its own.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("game.rules",),
    ("game.bots", "game.words"),
    ("game.system",),
    ("game.tables",),
    ("game.story", "game.narration"),
    ("game.learn",),
    ("net",),
    ("game.ui", "game.anim"),
    ("game.scenes",),
    ("game.app",),
    ("game.cli",),
    ("game.__main__",),
)
WHAT = {
    "game.rules": "pure rules engines, one package per family, and their contract",
    "game.bots": "computer players, their search and the processes they think in",
    "game.words": "languages: catalogs, place names, what hosts and the system say",
    "game.system": "plumbing: folders, safe writes, settings, a quiet SDL start",
    "game.tables": "a running game (match, seats, saves) and the sessions that play it",
    "game.story": "games already played: history, ratings, records, replays, charts",
    "game.narration": "what happened, in the players' words, per family",
    "game.learn": "guided first games: lessons, the coach that runs them, progress",
    "net": "the LAN: protocol, client, discovery; net.host the authoritative host",
    "game.ui": "theme, input, widgets, drawing helpers",
    "game.anim": "tweens",
    "game.scenes": "the screens; game.scenes.boards one board per family",
    "game.app": "the window: the fixed tick and the scene stack",
    "game.cli": "the railparty command and its subcommands",
    "game.__main__": "python -m game",
}


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module under game/ and net/, by dotted name."""
    found = {}
    for package in ("game", "net"):
        for path in sorted((root / package).rglob("*.py")):
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def module_imports(root: Path = ROOT) -> dict[str, set[str]]:
    """Each module's imports of the project's own modules (the nearest module named)."""
    found = modules(root)

    def resolve(name: str) -> str | None:
        while name and name not in found:
            name = name.rpartition(".")[0]
        return name or None

    edges: dict[str, set[str]] = {}
    for name, path in found.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets.add(base)
                targets.update(f"{base}.{alias.name}" for alias in node.names)
        resolved = {resolve(t) for t in targets}
        edges[name] = {t for t in resolved if t and t != name and not name.startswith(t + ".")}
    return edges


def unit_of(module: str) -> str | None:
    """The layered unit a module belongs to (`game.scenes.boards.x` -> `game.scenes`)."""
    for layer in LAYERS:
        for unit in layer:
            if module == unit or module.startswith(unit + "."):
                return unit
    return None


def layer_of(unit: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if unit in layer)


def unit_imports(edges: dict[str, set[str]]) -> dict[str, dict[str, set[str]]]:
    """unit -> imported unit -> the module pairs behind that arrow."""
    arrows: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for source, targets in edges.items():
        here = unit_of(source)
        for target in targets:
            there = unit_of(target)
            if here and there and here != there:
                arrows[here][there].add(f"{source} -> {target}")
    return arrows


def unplaced(edges: dict[str, set[str]]) -> list[str]:
    """Modules in no layer (the package `game` itself is the only one allowed)."""
    return sorted(m for m in edges if unit_of(m) is None and m != "game")


def against_the_layers(edges: dict[str, set[str]]) -> list[str]:
    """Imports that reach a unit in the same or a higher layer."""
    wrong = []
    for here, targets in unit_imports(edges).items():
        for there, pairs in targets.items():
            if layer_of(there) >= layer_of(here):
                wrong.extend(sorted(pairs))
    return wrong


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in edges:
                    continue
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def render(root: Path = ROOT) -> str:
    """The map: each layer from the top down, each unit with its modules and imports."""
    edges = module_imports(root)
    arrows = unit_imports(edges)
    found = modules(root)
    lines = ["layer  package          modules  imports (packages below it)"]
    for number in range(len(LAYERS) - 1, -1, -1):
        for unit in LAYERS[number]:
            members = [m for m in found if unit_of(m) == unit]
            below = ", ".join(sorted(t.removeprefix("game.") for t in arrows.get(unit, {})))
            lines.append(f"{number:>5}  {unit:<16} {len(members):>7}  {below or '-'}")
            lines.append(f"{'':>7}{WHAT.get(unit, '')}")
    return "\n".join(lines) + "\n"


def documented(doc: Path = MAP_DOC) -> str:
    """The copy of the map that docs/map.md holds between its markers."""
    text = doc.read_text(encoding="utf-8")
    inside = text.split(BEGIN, 1)[1].split(END, 1)[0]
    return inside.strip("\n").removeprefix("```").removesuffix("```").strip("\n") + "\n"


def write(doc: Path = MAP_DOC) -> None:
    text = doc.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    doc.write_text(f"{head}{BEGIN}\n```\n{render()}```\n{END}{tail}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the copy in docs/map.md")
    args = parser.parse_args(argv)
    if args.write:
        write()
        print(f"wrote {MAP_DOC.relative_to(ROOT)}")
    else:
        sys.stdout.write(render())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
