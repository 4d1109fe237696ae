"""Railway Tricks' rules, page by page, in the project's own words.

Every number comes from the card tables (cards dealt, lanes, locomotives,
cities) and every picture is a real card drawn by the board's own `CardArt`
at the sizes the board uses.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pygame

from game.narration.tricks import entry_name
from game.rules.tricks.cards import card_view, city_view, lane_entry_view, locomotive_view
from game.rules.tricks.data import LOCOMOTIVE, TricksData, load_tricks_data
from game.rules.tricks.scoring import best_stretch
from game.scenes.boards.tricks.cards import CardArt, Palette
from game.scenes.rules_book import Picture, RulesPage
from game.ui import layout_record, theme
from game.words.i18n import N_, _, joined
from game.words.places import place

LABEL = 26
GLOW = (255, 214, 90)
BIG = (124, 174)      # a card shown on its own
MID = (96, 134)       # a card in a row of five or six


@cache
def _art() -> tuple[TricksData, CardArt]:
    data = load_tricks_data()
    return data, CardArt(Palette(list(data.companies), dict(zip(data.companies, data.colors,
                                                                   strict=True))))


def _card(company: int, strength: int) -> dict[str, Any]:
    data, _art_ = _art()
    return card_view(data, data.card_number(company, strength))


def _label(surface: pygame.Surface, text: str, pos: tuple[int, int], width: int,
           color: tuple[int, int, int] = theme.TEXT_DIM, anchor: str = "topleft") -> None:
    theme.blit_text(surface, theme.fit_text(_(text), LABEL, width), pos, LABEL, color,
                    anchor=anchor)


def _row(items: list[dict[str, Any] | None], caption: str, size: tuple[int, int] = BIG,
         style: str = "hand", glow: int | None = None) -> Picture:
    """Cards in a row under a caption; `glow` lights one of them (a trick's winner)."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _unused, art = _art()
        _label(surface, caption, (rect.x, rect.y), rect.width)
        step = min(size[0] + 16, (rect.width - size[0]) // max(1, len(items) - 1))
        for i, item in enumerate(items):
            spot = pygame.Rect(rect.x + 8 + i * step, rect.y + 44, *size)
            if glow == i:
                pygame.draw.rect(surface, GLOW, spot.inflate(14, 14), border_radius=12)
            layout_record.blit_layer(surface, art.sprite(item, size, style=style),
                                     spot.topleft)
    return draw


def _stack(*pictures: tuple[Picture, int]) -> Picture:
    """Several pictures one under another, each given its height."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        y = rect.y
        for picture, height in pictures:
            picture(surface, pygame.Rect(rect.x, y, rect.width, height))
            y += height
    return draw


def _the_card() -> Picture:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _unused, art = _art()
        card = _card(3, 7)
        big = (150, 218)
        layout_record.blit_layer(surface, art.sprite(card, big), (rect.x + 10, rect.y + 10))
        _label(surface, _("strength {card}: wins tricks").format(
                            card=card['strength']), (rect.x + 180, rect.y + 70),
               rect.width - 190, theme.TEXT)
        _label(surface, _("station value {card}").format(
                            card=card['value']), (rect.x + 180, rect.y + 190),
               rect.width - 190, theme.TEXT)
        y = rect.y + 270
        layout_record.blit_layer(surface, art.sprite(card, (110, 150), style="line"),
                                 (rect.x + 30, y))
        words = _("the same card laid in its line: the station value big")
        for k, line in enumerate(theme.wrap_text(words, LABEL, rect.width - 190)[:2]):
            _label(surface, line, (rect.x + 180, y + 40 + 34 * k), rect.width - 190, theme.TEXT)
    return draw


def _lane(entries: list[dict[str, Any]], caption: str, names: bool = False) -> Picture:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _unused, art = _art()
        _label(surface, caption, (rect.x, rect.y), rect.width)
        for i, entry in enumerate(entries):
            spot = pygame.Rect(rect.x + 8 + i * (MID[0] + 18), rect.y + 44, *MID)
            layout_record.blit_layer(surface, art.sprite(entry, MID), spot.topleft)
            if i == 0:
                pygame.draw.rect(surface, theme.ACCENT, spot.inflate(8, 8), 3, border_radius=10)
        if names:
            y = rect.y + 44 + MID[1] + 24
            for entry in entries:
                _label(surface, entry_name(entry), (rect.x + 8, y), rect.width - 8, theme.TEXT)
                y += 34
    return draw


def _end_slot(surface: pygame.Surface, rect: pygame.Rect, arrow: str) -> None:
    """A free end of a line, lit as the board lights it for a card to lay."""
    pygame.draw.rect(surface, (90, 76, 30), rect, border_radius=8)
    pygame.draw.rect(surface, GLOW, rect, 3, border_radius=8)
    theme.blit_text(surface, arrow, rect.center, 56, GLOW, True, "center")


def _line(items: list[dict[str, Any]], loco: dict[str, Any] | None, caption: str,
          ends: bool = False) -> Picture:
    """A company's line as the board draws it: the locomotive, the cards, the
    stretch the locomotive runs lit and the rest dimmed, and the value."""
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        _unused, art = _art()
        _label(surface, caption, (rect.x, rect.y), rect.width)
        size = (70, 98)
        y = rect.y + 44
        x = rect.x + 8
        if loco is not None:
            layout_record.blit_layer(surface, art.sprite(dict(loco, kind="locomotive"), size),
                                     (x, y))
        values = [item["value"] for item in items]
        total, start, length = best_stretch(values, loco["distance"] if loco else 0)
        x0 = x + 80
        step = min(size[0] + 6, (rect.right - x0 - size[0]) // max(1, len(items) - 1))
        if loco is not None:
            first = pygame.Rect(x0 + start * step, y, *size)
            last = pygame.Rect(x0 + (start + length - 1) * step, y, *size)
            pygame.draw.rect(surface, (200, 170, 80), first.union(last).inflate(10, 10),
                             border_radius=10)
        for i, item in enumerate(items):
            outside = loco is not None and not start <= i < start + length
            layout_record.blit_layer(surface, art.sprite(item, size, style="line", dim=outside),
                                     (x0 + i * step, y))
        if ends:
            _end_slot(surface, pygame.Rect(x0 - size[0] - 8, y, *size), "<")
            _end_slot(surface, pygame.Rect(x0 + len(items) * step, y, *size), ">")
            card = _card(2, 7)
            layout_record.blit_layer(surface, art.sprite(card, (96, 134)),
                                     (rect.centerx - 48, y + size[1] + 70))
            _label(surface, _("your card, {card} {card2}: which end?").format(
                                card=card['company'],
                                card2=card['strength']),
                   (rect.centerx, y + size[1] + 220), rect.width, theme.TEXT, "midtop")
        if loco is not None:
            value = max(0, total - loco["cost"])
            _label(surface, _("best {length} in a row: {total} - {loco} = {value}").format(
                                length=length,
                                total=total,
                                loco=loco['cost'],
                                value=value),
                   (rect.x + 8, y + size[1] + 16), rect.width - 8, theme.TEXT)
    return draw


def _example_line() -> list[dict[str, Any]]:
    data, _art_ = _art()
    items: list[dict[str, Any]] = [{"kind": "initial", "value": data.initial_value}]
    items += [_card(2, s) for s in (1, 5, 9, 2)]
    items.insert(2, city_view(data, 1))
    return items


def pages(game_id: str, options: dict[str, Any]) -> list[RulesPage]:
    """Every page of Railway Tricks' rules (`options`: the variants played now)."""
    data, _art_ = _art()
    names = joined(data.companies)
    dealt = joined(_("{players} players {cards} cards").format(players=n, cards=k)
                      for n, k in sorted(data.dealt.items()))
    locos = [locomotive_view(data, i) for i in range(len(data.locomotives))]
    by_name = {lo["name"]: lo for lo in locos}
    runs = joined(_("{name} runs {count} cards for {cost}").format(
        name=lo["name"], count=lo["distance"], cost=lo["cost"])
                     for lo in locos if lo["distance"] is not None)
    whole = next((lo for lo in locos if lo["distance"] is None), None)
    pair = next((t for lane in data.lanes.values() for t in lane
                 if t.kind == LOCOMOTIVE and len(t.locomotives) > 1), None)
    pair_names = [data.locomotives[i][0] for i in pair.locomotives] if pair else []
    cities = joined(_("{city} ({value})").format(city=place(n), value=v) for n, v in data.cities)
    exchange = {"kind": "exchange", "company": data.companies[0]}
    lane_kinds = [exchange, city_view(data, 2),
                  lane_entry_view(data, (LOCOMOTIVE, (0,))), {"kind": "reservation"}]
    if pair:
        lane_kinds.append(lane_entry_view(data, (LOCOMOTIVE, pair.locomotives)))
    played = [_card(1, 4), _card(1, 8), _card(4, 10)]
    expert = _(" (played in this game)") if options.get("expert") else ""
    teams = _(" (played in this game)") if options.get("teams") else ""
    line = _example_line()
    out = [
        RulesPage(_("The goal"), (
            _("Five railway companies ({names}) build their lines while you collect their "
              "shares. Every trick you play either wins shares or makes a line longer.").format(
                names=names),
            _("At the end each company is worth what its locomotive earns on its line, less "
              "the locomotive's cost. Every share you hold pays its company's worth. The "
              "most points wins."),
        ), _row([_card(c, 6) for c in range(len(data.companies))],
                N_("one card of each company"), MID)),
        RulesPage(_("The cards"), (
            _("Each company has ten cards. The big number is the card's strength, which wins "
              "tricks. The number in the white band is its station value, which counts when "
              "the card lies in its company's line."),
            _("Cards dealt to each player: {dealt}. The cards left over start the lines, "
              "each after its company's first card (station value {initial_value}).").format(
                dealt=dealt,
                initial_value=data.initial_value),
        ), _the_card()),
        RulesPage(_("Playing a trick"), (
            _("The first player leads any card. Then everyone in turn plays one card and "
              "must follow: play the company that was led if you hold one; if you hold none, "
              "play any card."),
            _("The highest strength of the led company wins the trick, whatever else was "
              "played. The winner leads the next trick."),
        ), _row(played, _("{company} led: the 8 wins (the 10 is another company)").format(
                    company=data.companies[1]),
                glow=1)),
        RulesPage(_("The trick lane"), (
            _("The row at the top is the trick lane: every trick of the game has its entry "
              "there, and each trick wins the leftmost one (it is framed)."),
            _("It holds shares, cities, locomotives and reserved shares; the next pages say "
              "what each does. Hover or focus a lane entry on the board to read it."),
        ), _lane(lane_kinds, N_("the kinds of lane entries"), names=True)),
        RulesPage(_("Share tricks"), (
            _("A share entry (the company's letter and SHARE) goes to the winner as a share "
              "of that company."),
            _("The winner's own played card goes into the lane, in the place of the leftmost "
              "reserved share still there, so a later trick wins it. With no reserved share "
              "left it leaves the game."),
            _("Every other player keeps the card they played as a share of its company."),
        ), _stack((_lane([exchange], N_("a share entry")), 210),
                  (_lane([{"kind": "reservation"}, _card(4, 9)],
                         N_("a reserved share, then filled by a winner's card")), 210))),
        RulesPage(_("City tricks"), (
            _("The cities are {cities}. The winner of a city lays it at either end of any "
              "company's line; its value counts like a card's.").format(
                cities=cities),
            _("Then everyone, the winner first, lays the card they played at the left or "
              "right end of that card's own company line. Nobody keeps a share from a city "
              "trick."),
        ), _row([city_view(data, i) for i in range(len(data.cities))], N_("the cities"))),
        RulesPage(_("Locomotive tricks"), (
            _("The winner of a locomotive puts it at the head of a line that has none; each "
              "line gets one locomotive at most. Each has a distance, the number of cards in "
              "a row it runs, and a cost: {runs}.").format(
                runs=runs),
            *([_("{whole} runs the whole line for {cost}. One trick wins {pair} together "
                 "(the lane's {token} token): the winner places the {first}, and the {last} "
                 "goes by itself to the last line without a locomotive.").format(
                   whole=whole["name"], cost=whole["cost"],
                   pair=_(" and ").join(pair_names), token="+".join(pair_names),
                   first=pair_names[0], last=pair_names[-1])] if whole and pair else []),
            _("Then everyone lays the card they played at an end of its company's line, as "
              "in a city trick."),
        ), _stack((_row([by_name[n] | {"kind": "locomotive"} for n in by_name] +
                        ([lane_entry_view(data, (LOCOMOTIVE, pair.locomotives))] if pair
                         else []), N_("the locomotives: name, and cost in red"), MID), 240),
                  (_line(line, locos[0], _("the {name} placed at a line's head").format(
                             name=locos[0]["name"])),
                   200))),
        RulesPage(_("Laying a card in a line"), (
            _("A line is a row of cards: its company's first card, then the cards and cities "
              "laid at either end. You choose the end for the card you played; the card "
              "always goes to its own company's line."),
            _("The end matters: a short locomotive runs only part of a line, so put high "
              "values together and low ones at the far end. On the board the free ends light "
              "up; click one, or use \"Choose from a list\"."),
        ), _line(line, None, N_("a line and its two free ends"), ends=True)),
        RulesPage(_("What a line is worth"), (
            _("At the end a locomotive earns the best run of as many cards in a row as its "
              "number, adding their station values (the whole line when it is shorter, or "
              "with the ALL)."),
            _("The company's worth is those earnings less the locomotive's cost, never below "
              "0. A line without a locomotive is worth 0. On the board the run glows and the "
              "value shows at the line's head."),
        ), _line(line, by_name.get("4", locos[0]), N_("a 4 on this line"))),
        RulesPage(_("The end and the score"), (
            _("The game ends when every card has been played: the last trick takes the last "
              "lane entry."),
            _("Each company's worth is worked out, and every share you hold pays it: a share "
              "card or a share entry from the lane alike. Players level on points share the "
              "win."),
        ), _row([_card(0, 3), _card(0, 9), exchange], N_("three B&O shares: 3 x its worth"))),
        RulesPage(_("Variants"), (
            _("Expert lane{expert}: the city and locomotive entries are shuffled among their "
              "places in the lane, so they come in no fixed order (the ALL still comes with "
              "the 6; if it finds more than one line free, the winner places it too).").format(
                expert=expert),
            _("Teams{teams}: four players in two teams, the first and third seats against "
              "the second and fourth. Partners add their points; the team with more wins.").format(
                teams=teams),
            _("Choose them on the setup screen before the game."),
        ), _lane(lane_kinds[:3], N_("the expert lane mixes cities and locomotives"))),
    ]
    return out
