"""Guided games in the window, driven by synthetic keys, clicks and pad
buttons on a small lesson (tests/test_learn_coach.py's): Learn on the title
reaches the lesson, a step is done with the mouse or the keys, another move
is answered with the coach's words and Try again puts it back, Repeat,
Leave keeps the progress that Learn picks up, the end's Play a real game
opens the setup screen with that game chosen, Learn by playing on the setup
screen, and `railparty learn --screenshot` writes a picture."""

from __future__ import annotations

import pygame
import pytest
from test_learn_coach import small_lesson

import game.learn
import game.scenes.learn_pick
from game.learn.progress import has_progress
from game.scenes.learn_end import LearnEndScene
from game.scenes.learn_table import CoachTable
from game.scenes.setup import SetupScene

GAME = "routes-usa"
REAL_LESSONS = game.learn.games_with_lessons   # before the fixture stands the small one in


@pytest.fixture(autouse=True)
def lesson(monkeypatch):
    """The small lesson stands for the game's guided game."""
    monkeypatch.setattr(game.learn, "lesson_for", lambda game_id: small_lesson())
    monkeypatch.setattr(game.learn, "games_with_lessons", lambda: (GAME,))
    monkeypatch.setattr(game.scenes.learn_pick, "games_with_lessons", lambda: (GAME,))


def press(app, key: int, ticks: int = 2) -> None:
    app.step(ticks, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def click(app, pos, ticks: int = 2) -> None:
    app.step(ticks, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])


def pad(app, button: int, ticks: int = 2) -> None:
    app.step(ticks, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=button, instance_id=0,
                                        joy=0)])


def learn_from_title(app) -> CoachTable:
    from game.scenes.nav import to_title

    to_title(app)
    app.step(1)
    title = app.top
    learn = next(i for i, b in enumerate(title.menu.buttons) if b.label == "Learn")
    for _ in range(learn):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert type(app.top).__name__ == "LearnPickScene"
    press(app, pygame.K_RETURN)             # the first game offered
    table = app.top
    assert isinstance(table, CoachTable)
    return table


def coach_button(table, name: str):
    table.app.step(1)                  # the panel follows a move in the next frame
    names = [n for _label, n in table.coach_buttons()]
    return table.coach_panel.button_rects[names.index(name)].center


def focus_on(app, table, item) -> None:
    """Tab along the table's targets until `item` has the focus."""
    for _ in range(len(table.focus_items) + 1):
        if table.focus_items[table.focus] == item:
            return
        press(app, pygame.K_TAB, 1)
    raise AssertionError(f"{item} never took the focus")


def to_draw_step(app) -> CoachTable:
    """Learn from the title, the welcome read (Enter), the tickets kept (a click)."""
    table = learn_from_title(app)
    assert table.coach.step_index == 0 and "Welcome" in table.coach_words().said
    press(app, pygame.K_RETURN)             # the focus starts on Next
    assert table.coach.step_index == 1
    app.step(2)
    choice = app.top
    assert choice is not table and hasattr(choice, "confirm_rect")  # the tickets to keep
    click(app, choice.confirm_rect().center)
    assert app.top is table and table.coach.step_index == 2
    return table


def test_learn_on_the_title_reaches_the_lesson_and_a_step_is_done_by_keys(app):
    table = to_draw_step(app)
    deck = table.coach.state.view(None)["deck"]
    focus_on(app, table, ("deck", None))
    press(app, pygame.K_RETURN)
    assert table.coach.step_index == 3, "the deck drawn with Enter did the step"
    assert table.coach.state.view(None)["deck"] == deck - 1


def test_another_move_is_answered_and_try_again_puts_it_back(app):
    table = to_draw_step(app)
    before = table.coach.state.view(None)
    from game.scenes.boards.routes import layout as L
    app.step(2)
    assert ("deck", None) in table.lit_items(), "the coach's move is in the spotlight"
    assert not table.coach_panel.rect.colliderect(L.DECK_RECT)
    click(app, L.face_up_rect(0).center)
    assert ("deck", None) in table.lit_items(), "and stays lit beside the coach's answer"
    words = table.coach_words()
    assert words.warning and "colours secret" in words.why and "Try:" in words.why
    assert table.coach.state.view(None) == before, "the other move was not played"
    names = [n for _label, n in table.coach_buttons()]
    assert names == ["again", "anyway", "leave"]        # this step allows another move
    assert table.focus_items[table.focus] == ("coach", "again")
    press(app, pygame.K_RETURN)                          # Try again
    assert not table.coach_words().warning and table.coach.step_index == 2
    assert table.coach_words().said == table.coach.said()
    # and once more, played anyway with the mouse: the lesson goes on
    click(app, L.face_up_rect(0).center)
    click(app, coach_button(table, "anyway"))
    assert table.coach.step_index == 3 and table.coach.state.view(None) != before


def test_repeat_starts_the_step_again(app):
    table = to_draw_step(app)
    start = table.coach.state.view(0)
    focus_on(app, table, ("deck", None))
    press(app, pygame.K_RETURN)
    assert table.coach.step_index == 3
    pad(app, 2)                                          # X: Repeat
    assert table.coach.step_index == 2 and table.coach.state.view(0) == start
    focus_on(app, table, ("deck", None))
    press(app, pygame.K_RETURN)
    click(app, coach_button(table, "repeat"))
    assert table.coach.step_index == 2 and table.coach.state.view(0) == start
    focus_on(app, table, ("deck", None))
    press(app, pygame.K_RETURN)
    press(app, pygame.K_r)                               # R: Repeat
    assert table.coach.step_index == 2 and table.coach.state.view(0) == start


def test_leave_keeps_progress_and_learn_picks_it_up(app):
    table = to_draw_step(app)
    moves = list(table.coach.moves)
    click(app, coach_button(table, "leave"))
    assert type(app.top).__name__ == "TitleScene" and has_progress(GAME)
    again = learn_from_title_with_progress(app, pick_up=True)
    assert again.coach.step_index == 2 and again.coach.moves == moves
    again.leave()
    fresh = learn_from_title_with_progress(app, pick_up=False)
    assert fresh.coach.step_index == 0


def learn_from_title_with_progress(app, pick_up: bool) -> CoachTable:
    from game.scenes.nav import to_title

    to_title(app)
    app.step(1)
    title = app.top
    learn = next(i for i, b in enumerate(title.menu.buttons) if b.label == "Learn")
    for _ in range(learn):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    question = app.top
    assert question.title == "Pick up where you left it?"
    if pick_up:
        press(app, pygame.K_RIGHT)                       # Pick up
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, CoachTable)
    return app.top


def test_the_end_says_what_was_learned_and_play_a_real_game_opens_setup(app):
    table = to_draw_step(app)
    focus_on(app, table, ("deck", None))
    press(app, pygame.K_RETURN)
    focus_on(app, table, ("deck", None))
    press(app, pygame.K_RETURN)
    assert table.coach.step_index == 4                   # the coach plays two turns
    pad(app, 3)                                          # Y: Next
    app.step(3)
    end = app.top
    assert isinstance(end, LearnEndScene) and table.coach.completed
    assert not has_progress(GAME), "a finished lesson forgets its progress"
    press(app, pygame.K_RETURN)                          # Play a real game
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.info.id == GAME


def test_learn_by_playing_beside_how_to_play_on_the_setup_screen(app):
    from game.scenes import nav

    nav.to_title(app)
    app.push(SetupScene(app, game=GAME))
    app.step(1)
    setup = app.top
    setup.row = setup.rows().index("rules")
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    assert isinstance(app.top, CoachTable) and app.top.coach.lesson.game_id == GAME
    # and with the mouse: the right half of the row
    nav.to_title(app)
    app.push(SetupScene(app, game=GAME))
    app.step(1)
    setup = app.top
    _rules, learn = setup.rules_halves(setup.rows().index("rules"))
    click(app, learn.center)
    assert isinstance(app.top, CoachTable)


def test_railparty_learn_screenshot_writes_a_picture(tmp_path):
    from game.cli.main import main

    out = tmp_path / "step.png"
    assert main(["learn", "--game", GAME, "--screenshot", str(out), "--at", "3"]) == 0
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1920, 1080)
    assert main(["learn", "--game", GAME, "--screenshot", str(out), "--at", "40"]) == 2
    out.unlink()
    assert main(["learn", "--game", GAME, "--headless", "--screenshot", str(out)]) == 0
    assert out.is_file()


LONG_SAID = ("The game ends with the round in which all but one traveller are back (with 6 "
             "players, when 4 are back; with 2, when one is). Fewest days within the limit "
             "wins, a tie going to the earlier arrival; if nobody made it in time, the first "
             "back wins. Two players: back in time wins, else the other does (both back in "
             "one round: fewer days, then more coins).")
LONG_WHY = ("Every city on the way holds a red and a blue chip, face up. The first traveller "
            "to reach a city may use its red chip; the last to reach it, its blue chip. You "
            "may leave a chip; either way it is gone.")


def long_lesson():
    """The small lesson with the longest words the catalogs hold in both languages."""
    from dataclasses import replace

    lesson = small_lesson()
    steps = tuple(replace(step, said=LONG_SAID, why=LONG_WHY, wrong=LONG_WHY)
                  for step in lesson.steps)
    return replace(lesson, steps=steps, learned=(LONG_WHY, LONG_SAID))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_coach_panel_holds_its_words_at_both_window_sizes(app, lang):
    """Every screen of a guided game (the Learn list, steps to read, a step
    with its choice open, the coach's answer to another move, the end, the
    setup screen's Learn by playing) checked for overlapping text at 1920x1080
    and 1280x720, with the longest words, in English and Japanese."""
    from test_layout import scaled

    from game.ui import layout_check, layout_record
    from game.words import i18n
    from tools.screenshot_learn import guided_game, learn

    class Recorder:
        def __init__(self):
            self.app = app
            self.frames = {}

        def shot(self, name, ticks=1):
            with layout_record.recording() as recorder:
                app.step(ticks)
            self.frames[name] = recorder.frame.marks

    i18n.set_language(lang)
    shooter = Recorder()
    guided_game(shooter, long_lesson(), "learn-long")
    learn(shooter)
    assert {"learn", "learn-long-1", "learn-long-2", "learn-long-wrong", "learn-long-end",
            f"setup-learn-{GAME}"} <= set(shooter.frames)
    found = []
    for height in (1080, 720):
        factor = height / 1080
        screen = pygame.Rect(0, 0, round(1920 * factor), height)
        for name, marks in shooter.frames.items():
            found += [f"{name} at {height}p: {problem}" for problem in layout_check.problems(
                scaled(marks, factor), screen, max(1, round(layout_check.CLEARANCE * factor)))]
    assert not found, "\n".join(found)
    said = [m for m in shooter.frames["learn-long-1"] if m.kind == "text" and m.layer == 50]
    assert len(said) > 4, "the panel shows the coach's words"
    if lang == "ja":         # kanji read small: every line 24 px high (numbers aside)
        from game.ui.theme import is_numeral
        small = {m.content for marks in shooter.frames.values() for m in marks
                 if m.kind == "text" and m.content.strip() and not is_numeral(m.content)
                 and m.line_height < 24}
        assert not small, small


def test_a_choice_answered_otherwise_is_asked_again_after_try_again(app):
    """Two tickets kept where the coach asks for three: its words, no choice
    over them, and Try again opens the choice again."""
    table = learn_from_title(app)
    press(app, pygame.K_RETURN)                          # Next: the tickets step
    app.step(2)
    choice = app.top
    click(app, choice.row_rect(0).center)                # keep two of the three
    click(app, choice.confirm_rect().center)
    assert app.top is table and table.wrong_words() and table.coach.step_index == 1
    app.step(5)
    assert app.top is table, "the choice waits for Try again"
    click(app, coach_button(table, "again"))
    app.step(2)
    assert app.top is not table and hasattr(app.top, "confirm_rect")


def test_railparty_learn_screenshot_of_each_guided_game_in_its_own_process(tmp_path):
    """The command as a player types it, on every real guided game: step 2 drawn."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    games = REAL_LESSONS()
    if not games:
        pytest.skip("no game has a guided game yet")
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    for game_id in games:
        out = tmp_path / f"{game_id}.png"
        done = subprocess.run([sys.executable, "-m", "game", "learn", "--game", game_id,
                               "--screenshot", str(out), "--at", "2"], cwd=root, env=env,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        assert pygame.image.load(str(out)).get_size() == (1920, 1080)
