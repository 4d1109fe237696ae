"""Keep the message catalogs in step with the code, with Babel.

    python tools/i18n_catalog.py            # extract, then merge into every .po
    python tools/i18n_catalog.py --fill F   # also take translations from F (JSON:
                                            # {msgid: text, or a list of plural forms})

Extraction follows babel.cfg (the strings in _(), ngettext(), pgettext() and
N_() under game/ and net/). Merging keeps every translation whose English
is unchanged, adds new strings with an empty translation (which the tests
refuse until someone writes it) and drops strings the code no longer uses.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "game" / "words" / "locale"
DOMAIN = "railparty"


def extract() -> Catalog:
    """The template: every marked string of the code, with where it is used."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    template = Catalog(project="Rail Party", domain=DOMAIN)
    keywords = {**DEFAULT_KEYWORDS, "Nn_": (1, 2)}   # a WordedError's counted sentence
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords, strip_comment_tags=True):
        template.add(message, None, [(filename, lineno)], auto_comments=comments,
                     context=context)
    return template


def catalogs() -> list[Path]:
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def merge(path: Path, template: Catalog, fills: dict[str, object]) -> tuple[int, int]:
    """Merge `template` into the catalog at `path`; (translated, empty) after."""
    with path.open("rb") as handle:
        catalog = read_po(handle, domain=DOMAIN)
    catalog.update(template, no_fuzzy_matching=True)
    for message in catalog:
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if message.context:
            key = f"{message.context}\x04{key}"
        if key in fills:
            value = fills[key]
            message.string = tuple(value) if isinstance(value, list) else value
            message.flags.discard("fuzzy")
    catalog.obsolete.clear()
    buffer = io.BytesIO()
    # no line numbers and no dates: the file changes only when a string does
    write_po(buffer, catalog, width=100, no_location=True, include_previous=False)
    lines = buffer.getvalue().decode("utf-8").splitlines(keepends=True)
    path.write_text("".join(line for line in lines if not line.startswith(
        ('"POT-Creation-Date', '"PO-Revision-Date', '"Generated-By'))), encoding="utf-8")
    empty = sum(1 for m in catalog if m.id and not all(
        m.string if isinstance(m.string, tuple) else [m.string]))
    return len(catalog) - 1 - empty, empty


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fill", type=Path, help="JSON of translations to write in")
    args = parser.parse_args(argv)
    fills = json.loads(args.fill.read_text(encoding="utf-8")) if args.fill else {}
    template = extract()
    for path in catalogs():
        done, empty = merge(path, template, fills)
        print(f"{path.relative_to(ROOT)}: {done} translated, {empty} empty", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
