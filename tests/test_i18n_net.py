"""A window shows what the host says in its own language: the host's English
`reason` is only the fallback for a code this version does not know."""

from __future__ import annotations

import pytest
from netkit import connect, isolate, start_host, wait_until

from game.rules import IllegalAction, create
from game.tables.remote_session import RemoteSession
from game.words import i18n
from game.words.host_words import closed_words, host_said, illegal_said
from net import protocol as P


@pytest.fixture
def japanese():
    i18n.set_language("ja")
    yield
    i18n.set_language("en")


def test_a_japanese_client_refused_by_a_full_host_reads_japanese(monkeypatch, tmp_path,
                                                                 japanese):
    isolate(monkeypatch, tmp_path)
    host = start_host(seats=2)
    seated = []
    second = None
    try:
        for name in ("One", "Two"):
            seated.append(connect(host, name=name))
            wait_until(lambda: seated[-1].snapshot()["seat"] is not None, "a seat")
        second = connect(host, name="Three")
        session = RemoteSession(second)
        wait_until(lambda: (session.pump(), session.status == "closed")[1], "the refusal")
        assert second.snapshot()["said"]["code"] == P.R_FULL
        assert session.close_reason == "このゲームは満員です。"
        assert closed_words(second.snapshot()) == "このゲームは満員です。"
        notices = [text for text, _kind in session.notices()]
        assert "このゲームは満員です。" in notices
        assert not any("seat" in text or "game" in text for text in notices), notices
    finally:
        for client in [*seated, second]:
            if client is not None:
                client.stop()
        host.stop()


class _Quiet:
    """A client that has heard the `messages` and nothing else."""

    def __init__(self, messages, seat=0, seats=()):
        self.messages, self.seat, self.seats = list(messages), seat, list(seats)

    def poll(self):
        out, self.messages = self.messages, []
        return out

    def snapshot(self):
        return {"status": "connected", "cause": None, "seat": self.seat, "seats": self.seats,
                "said": None, "reason": None}


def _notices(messages, **kw):
    session = RemoteSession(_Quiet(messages, **kw))
    session.pump()
    return [text for text, _kind in session.notices()]


def test_a_host_error_and_a_stand_in_notice_read_japanese(japanese):
    said = _notices([
        P.error(P.E_NOT_YOUR_TURN, "it is not your turn"),
        {"type": "notice", "code": P.N_TURN_TIMEOUT, "seat": 1,
         "reason": "Ada took longer than 60 s: the stand-in played that turn"},
        {"type": "notice", "code": P.N_TURN_TIMEOUT, "seat": 0,
         "reason": "Your turn was played by the stand-in after 60 s"}],
        seat=0, seats=[{"seat": 0, "name": "Me"}, {"seat": 1, "name": "Ada"}])
    assert said == ["あなたの手番ではありません。",
                    "Ada さんの持ち時間が切れたため、代理がその手番をプレイしました。",
                    "代理があなたの手番をプレイしました。操作すると席に戻れます。"]


def test_an_unknown_code_falls_back_to_the_hosts_words(japanese):
    message = {"type": "error", "code": "from_a_newer_host", "reason": "words from the host"}
    assert host_said(message) == "words from the host"
    assert _notices([message]) == ["words from the host"]


def test_a_bye_closing_the_game_reads_japanese(japanese):
    snap = {"cause": "host_closed", "reason": "the host is shutting down",
            "said": {"type": "bye", "code": P.BYE_STOPPED, "reason": "shutting down"}}
    assert closed_words(snap) == "ホストがゲームを終了しました。"


def test_the_rules_refusals_carry_a_code_the_screen_words():
    state = create("eighty-days", 2, seed=3)
    seat = state.to_act[0]
    with pytest.raises(IllegalAction) as caught:
        state.apply(1 - seat, state.legal_actions(seat)[0])
    assert caught.value.code == "not_your_turn"
    assert illegal_said(caught.value) == str(caught.value)        # English: the detail
    i18n.set_language("ja")
    try:
        assert illegal_said(caught.value) == "あなたの手番ではありません（席1の手番です）"
        assert illegal_said(IllegalAction("a route needs 3 cards")) == "今その手は指せません。"
    finally:
        i18n.set_language("en")


class _Refused:
    """A client whose host could not prove the key it announced."""

    def snapshot(self):
        return {"status": "closed", "cause": "wrong_host", "view": None, "phase": None,
                "result": None, "reason": "the host did not prove its key", "said": None}

    def stop(self):
        pass


def test_the_kiosk_badge_says_a_host_failed_its_key_in_japanese(japanese):
    from game.app import App
    from game.scenes.kiosk import KioskScene
    from game.system.settings import Settings

    app = App(settings=Settings(), headless=True)
    i18n.set_language("ja")                      # the App set the saved language
    try:
        scene = KioskScene(app, address="10.0.0.9:1")
        app.push(scene)
        scene.client, scene.following = _Refused(), "10.0.0.9:1"
        scene.update()
        assert scene.notice == "10.0.0.9:1 は鍵を証明できなかったため、飛ばしました"
    finally:
        app.close()


def test_headless_commands_with_lang_ja_tell_the_player_in_japanese(monkeypatch, tmp_path):
    from netkit import LOOPBACK, Proc

    isolate(monkeypatch, tmp_path)
    host = Proc("host", "--headless", "--lang", "ja", "--bind", LOOPBACK, "--port", "0",
                "--no-advertise", "--no-web", "--seats", "2",
                "--save", str(tmp_path / "hosted.json"))
    joiner = None
    try:
        port = host.port()                     # the machine-read line stays as it was
        assert host.wait_said("に保存します").endswith("hosted.json に保存します")
        joiner = Proc("join", "--lang", "ja", "--headless", "--bot", "random",
                      "--address", f"{LOOPBACK}:{port}")
        said = joiner.wait_said("に参加しました")
        assert "の席 " in said and "（ホストの鍵 " in said, said
        assert not any(line.startswith("joined ") for line in joiner.err)
    finally:
        for proc in (joiner, host):
            if proc is not None:
                proc.kill()


def test_choosing_a_lan_game_explains_itself_in_japanese(japanese):
    from net.choosing import choose
    from net.discovery import FoundGame

    def game(port):
        return FoundGame(name="Rails", service=f"s{port}", game="routes-usa", seats=4, free=2,
                         phase="lobby", host="10.0.0.9", port=port,
                         version=P.PROTOCOL_VERSION, fingerprint=f"{port:064x}")

    choice = choose([game(1), game(2)], "Rails")
    assert choice.game is None
    assert choice.problem.startswith("LAN 上にその名前のゲームが 2 件あるため"), choice.problem
    assert "空席 2/4" in choice.problem, choice.problem
    assert choose([], "Rails").problem.startswith("「Rails」という名前のゲームは見つかりません")


def test_a_lost_host_keeps_its_detail_in_english_and_reads_japanese_in_japanese():
    snap = {"cause": "host_gone", "reason": "cannot reach 10.0.0.9:1 (timed out)", "said": None}
    assert closed_words(snap) == "cannot reach 10.0.0.9:1 (timed out)"
    i18n.set_language("ja")
    try:
        assert closed_words(snap) == "ホストとの接続が切れました。"
    finally:
        i18n.set_language("en")
