"""A system refusal (a file, a port, a folder) reads in the player's language:
its common causes are catalog phrases, not the system's English strerror."""

from __future__ import annotations

import errno

import pytest

from game.words import i18n
from game.words.host_words import words_of
from game.words.os_words import os_reason


@pytest.mark.parametrize("code, japanese", [
    (errno.EACCES, "アクセスが許可されていません"),
    (errno.ENOSPC, "ディスクがいっぱいです"),
    (errno.EADDRINUSE, "そのポートはほかのプログラムが使っています"),
    (errno.ENOENT, "そのファイルやフォルダはありません")])
def test_common_system_refusals_read_japanese(code, japanese):
    i18n.set_language("ja")
    try:
        assert words_of(os_reason(OSError(code, "English from the system"))) == japanese
    finally:
        i18n.set_language("en")
    assert "English" not in words_of(os_reason(OSError(code, "English from the system")))


def test_settings_that_cannot_be_saved_say_why_in_japanese(tmp_path, monkeypatch):
    from game.app import App
    from game.scenes.settings_scene import SettingsScene
    from game.system.settings import Settings
    from game.ui.input import Intent

    monkeypatch.setenv("RAILPARTY_HOME", str(tmp_path / "home"))
    app = App(settings=Settings(animation=0.0), headless=True)
    i18n.set_language("ja")
    try:
        def refuse(*_args, **_kwargs):
            raise PermissionError(errno.EACCES, "Permission denied")
        monkeypatch.setattr(Settings, "save", refuse)
        scene = SettingsScene(app)
        app.push(scene)
        scene.handle(Intent("right"))
        assert app.toasts and "アクセスが許可されていません" in app.toasts[-1][0], app.toasts
        assert "Permission" not in app.toasts[-1][0]
    finally:
        i18n.set_language("en")
        app.close()
