"""Saves and journals from outside: names cleaned as on the wire, sizes bounded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.tables.match import Match, SaveError, default_seats
from game.tables.save_check import MAX_SAVE_BYTES
from net.host import journal_path, load_hosted


def _save_with_names(path: Path, names: list[str], game: str = "routes-usa") -> Path:
    match = Match(game, default_seats(game, len(names), len(names)), 5)
    data = match.to_save()
    for seat, name in zip(data["seats"], names, strict=True):
        seat["name"] = name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_names_with_control_characters_are_cleaned_on_load(tmp_path):
    save = _save_with_names(tmp_path / "nul.json",
                            ["Ad\x00a", "\x00\x07\n", "  Bea \t  Two ", "Z" * 60])
    names = [seat.name for seat in Match.load(save, keep_saving=False).seats]
    assert names[0] == "Ada"
    assert names[1] and all(ch.isprintable() for ch in names[1])   # a default, not empty
    assert names[2] == "Bea Two"
    assert len(names[3]) <= 24
    assert len(set(names)) == 4


def test_play_resume_of_a_save_with_a_nul_in_a_name_draws_the_table(tmp_path):
    from game.app import App
    from game.scenes.flow import continue_game
    from game.scenes.nav import to_title

    save = _save_with_names(tmp_path / "nul.json", ["Ad\x00a", "Bea"])
    app = App()
    try:
        to_title(app)
        assert continue_game(app, save)
        for _ in range(20):      # the hand-off, the board, the names in the panels
            app.step(6)
    finally:
        app.close()


def test_play_resume_from_the_command_line_with_a_nul_name(tmp_path, monkeypatch, capsys):
    from game.app import App
    from game.cli.main import main

    save = _save_with_names(tmp_path / "nul.json", ["\x00", "Bea"])
    monkeypatch.setattr(App, "run", lambda self, **_: self.step(30))
    assert main(["play", "--resume", str(save)]) == 0
    assert "cannot resume" not in capsys.readouterr().err


def _hosted_save(tmp_path: Path, game: str) -> tuple[Path, Match]:
    """A hosted game's save (no actions) and a journal of its first actions."""
    save = tmp_path / f"{game}.json"
    match = Match(game, default_seats(game, 0, 3), 9)
    match.save(save)
    lines = []
    for version in range(1, 6):
        seat = match.bot_to_act()
        action = match.bot_action(seat)
        match.state.apply(seat, action)
        lines.append(json.dumps([version, seat, action]))
    journal_path(save).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return save, match


def test_a_journal_in_bounds_still_resumes(tmp_path):
    save, match = _hosted_save(tmp_path, "eighty-days")
    assert load_hosted(save).version == match.version == 5


@pytest.mark.parametrize("game", ["eighty-days", "routes-usa"])
def test_a_journal_padded_far_past_any_game_is_refused_by_its_size(tmp_path, game):
    """A valid journal followed by newlines far past the bound: refused for its
    size (200 MB of them took 25 s to refuse before, split into lines first)."""
    save, _ = _hosted_save(tmp_path, game)
    with journal_path(save).open("ab") as f:
        f.write(b"\n" * (4 * MAX_SAVE_BYTES))
    with pytest.raises(SaveError, match="too big"):
        load_hosted(save)


def test_a_save_far_past_any_game_is_refused_by_its_size(tmp_path):
    save = _save_with_names(tmp_path / "big.json", ["Ada", "Bea"])
    with save.open("ab") as f:
        f.write(b" " * (MAX_SAVE_BYTES + 1))   # valid JSON still: white space after it
    with pytest.raises(SaveError, match="too big"):
        Match.load(save)


def test_reading_a_save_stops_at_the_bound(tmp_path, monkeypatch):
    """However big the file, no more than the bound (and a byte) is read."""
    from game.tables import save_check

    save = _save_with_names(tmp_path / "big.json", ["Ada", "Bea"])
    with save.open("ab") as f:
        f.write(b" " * (3 * 1024 * 1024))
    monkeypatch.setattr(save_check, "MAX_SAVE_BYTES", 64 * 1024)
    asked: list[int] = []
    real_open = Path.open

    def counting_open(self, *args, **kwargs):
        handle = real_open(self, *args, **kwargs)
        real_read = handle.read

        def read(n=-1):
            asked.append(n)
            return real_read(n)
        handle.read = read
        return handle

    monkeypatch.setattr(Path, "open", counting_open)
    with pytest.raises(SaveError, match="too big"):
        Match.load(save)
    assert asked and all(0 <= n <= 64 * 1024 + 1 for n in asked)
