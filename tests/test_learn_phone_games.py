"""Every game's guided game with the learner's seat on a phone (a sealed
WebSocket here; tests/test_learn_phone.py drives a real page): the phone plays
the coach's own moves through the whole guided game, Next pressed on the TV,
and the host's game is the coach's after every step (the host follows the
coach, never plays a move itself)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from netkit import FAST_HOST, LOOPBACK, isolate

from game.learn import games_with_lessons, lesson_for
from game.learn.coach import Coach
from net import protocol as P
from net.host.coached import PhoneCoachSession, coached_host
from net.page_seal import SealedSocket

WAIT = 30.0
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")


class Phone:
    """The learner's page: its seat's newest update, and the coach's lines."""

    def __init__(self, host: Any):
        self.ws = SealedSocket(f"ws://{LOOPBACK}:{host.web_port}/ws", host.page_secret,
                               additional_headers={"Origin": f"http://{LOOPBACK}:{host.web_port}"},
                               open_timeout=WAIT, max_size=2**22)
        self.version = -1
        self.coach: dict[str, Any] = {}
        self.read()

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def read(self) -> None:
        while True:
            try:
                message = json.loads(self.ws.recv(timeout=0))
            except TimeoutError:
                return
            if message["type"] in ("sync", "update") and message.get("view") is not None:
                self.version = message["version"]
            elif message["type"] == "coach":
                self.coach = message
            elif message["type"] == "ping":
                self.send({"type": "pong", "n": message.get("n", 0)})


def until(session: PhoneCoachSession, phone: Phone, done: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while True:
        session.poll()
        phone.read()
        if done():
            return
        assert time.monotonic() < deadline, f"waited too long for {what}"
        time.sleep(0.01)


@pytest.mark.parametrize("game", games_with_lessons())
def test_a_phone_plays_the_coachs_moves_and_the_host_follows(game, monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)
    coach = Coach(lesson_for(game))
    host = coached_host(coach, **dict(FAST_HOST, bind=LOOPBACK, port=0, advertise=False,
                                            web_port=0))
    session = PhoneCoachSession(coach, host, keep_progress=False)
    phone = Phone(host)
    try:
        phone.send({"type": "hello", "magic": P.MAGIC, "version": P.PROTOCOL_VERSION,
                    "role": "player", "name": "Ana", "proof": None, "client": "test"})
        until(session, phone, lambda: phone.coach.get("step") == 1, "the coach's first line")
        while not coach.completed:
            number = coach.step_index + 1
            if coach.step.waits_for_action and coach.legal():
                until(session, phone, lambda: phone.version == len(coach.moves),
                      "the phone to see the position")
                phone.send({"type": "action", "seat": coach.learner, "version": phone.version,
                            "action": coach.suggested()})
            else:
                session.next()
            shown = min(number + 1, len(coach.lesson.steps))     # the last, once done
            until(session, phone, lambda n=shown: phone.coach.get("step") == n
                  and phone.coach.get("said") == coach.said()
                  and not phone.coach.get("answer"), f"step {number + 1}")
            assert host.match.version == len(coach.moves)
            assert host.match.state.view(coach.learner) == coach.state.view(coach.learner)
    finally:
        phone.ws.close()
        session.stop()
