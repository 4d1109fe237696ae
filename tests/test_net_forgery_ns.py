"""A forged announcement from another network namespace (as tools/lan_party
builds them): the same game name on another address, with its own key or the
real host's fingerprint copied. Neither `join --discover NAME` nor the kiosk
may pick the forger. Skips when namespaces cannot be made (not root, no ip)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from net.protocol import PROTOCOL_VERSION

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("bench_forgery",
                                               ROOT / "tools" / "bench_forgery.py")
rig = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rig)

REASON = rig.skip_reason()
pytestmark = pytest.mark.skipif(REASON is not None, reason=REASON or "")


class Lan:
    """Three namespaces on one bridge: a real host, a forger and a client."""

    def __init__(self, work: Path):
        self.work = work
        self.net = rig.Namespaces("rpt")
        self.addr = self.net.build(["host", "forger", "client"])
        self.name = f"Forge rails {self.net.rid}"
        self.forger: subprocess.Popen | None = None
        self.log = work / "forger.log"

    def env(self, role: str, data: str) -> dict[str, str]:
        return rig.program_env(ROOT, self.work / data, self.addr[role])

    def start_host(self) -> str:
        err = self.work / "host.err"
        with open(err, "w") as sink:
            host = self.net.popen("host", [sys.executable, "-m", "game", "host", "--headless",
                                           "--seats", "2", "--name", self.name, "--save",
                                           str(self.work / "save.json"), "--interface",
                                           self.addr["host"], "-v"],
                                  self.env("host", "host-data"), cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=sink, text=True)
        assert host.stdout.readline().startswith("listening on ")
        key = host.stdout.readline().split("host key ")[1].strip()
        rig.wait_text(err, "advertised as", 60, host)
        return key

    def start_forger(self, fingerprint: str = "") -> None:
        if self.forger is not None:
            self.forger.kill()
            self.forger.wait(10)
        self.log.write_text("")
        self.forger = self.net.popen(
            "forger", [sys.executable, str(ROOT / "tools" / "bench_forgery.py"), "--forger",
                       "--name", self.name, "--address", self.addr["forger"], "--fp",
                       fingerprint, "--proto", str(PROTOCOL_VERSION), "--log", str(self.log)],
            self.env("forger", "forger-data"), cwd=ROOT)
        deadline = time.monotonic() + 30
        while "advertised" not in self.log.read_text():
            assert time.monotonic() < deadline and self.forger.poll() is None
            time.sleep(0.05)

    def hellos(self) -> int:
        return rig.forger_hellos(self.log)

    def join(self, data: str, *extra: str) -> tuple[int, str]:
        done = subprocess.run(
            ["ip", "netns", "exec", self.net.nodes["client"], sys.executable, "-m", "game",
             "join", "--discover", self.name, "--spectate", "--headless", "--interface",
             self.addr["client"], "--discover-timeout", "30", "--timeout", "2", *extra],
            env=self.env("client", data), cwd=ROOT, capture_output=True, text=True,
            timeout=120)
        return done.returncode, done.stderr

    def kiosk(self, data: str) -> dict:
        done = subprocess.run(
            ["ip", "netns", "exec", self.net.nodes["client"], sys.executable,
             str(ROOT / "tools" / "bench_forgery.py"), "--kiosk-watch", "--name", self.name,
             "--seconds", "40"],
            env=self.env("client", data), cwd=ROOT, capture_output=True, text=True,
            timeout=150)
        return json.loads(done.stdout.strip().splitlines()[-1])

    def close(self) -> list[str]:
        return self.net.close()


@pytest.fixture
def lan(tmp_path):
    lan = Lan(tmp_path)
    try:
        yield lan
    finally:
        left = lan.close()
    assert not left, f"namespaces left behind: {left}"


def test_a_forged_announcement_is_never_picked(lan):
    real_key = lan.start_host()
    real = f"{lan.addr['host']}:"
    # a forger with its own key, marked playing: two games of one name
    lan.start_forger()
    code, said = lan.join("fresh")
    assert code == 3, said
    assert real in said and lan.addr["forger"] in said and real_key in said
    assert "--host-key" in said and lan.hellos() == 0
    code, said = lan.join("fresh", "--host-key", real_key)
    assert f"at {real}" in said and "joined" in said, said
    # the kiosk that has watched it (known hosts) follows the real host, never the forger
    assert lan.kiosk("fresh")["followed"].startswith(real)
    assert lan.hellos() == 0
    # a forger copying the real fingerprint: its proof fails, so it is ignored
    lan.start_forger(real_key)
    code, said = lan.join("other")
    assert f"at {real}" in said and "joined" in said, said
    assert "could not prove" in said
    seen = lan.kiosk("third")
    assert seen["followed"] and seen["followed"].startswith(real), seen
    assert lan.hellos() == 0
