"""A host at the common desktop limit of open files (1,024) under a flood of
half-sent page requests: its saves keep succeeding, a phone still gets the page,
the game port keeps accepting and the log stays quiet (net/host/doors.py).
The host runs as the real command line, in a process of its own with the limit
lowered (soft and hard, so it cannot raise it); the flood stays on loopback."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from netkit import LOOPBACK, ROOT, Raw, file_size, isolate, wait_until

resource = pytest.importorskip("resource")
LIMIT = 1024


@pytest.fixture(autouse=True)
def _isolated(monkeypatch, tmp_path):
    isolate(monkeypatch, tmp_path)


def at_the_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


def open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files in /proc")
def test_half_sent_requests_at_the_open_file_limit_never_cost_a_save_or_the_page(tmp_path):
    save = tmp_path / "flooded.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--headless", "--bind", LOOPBACK, "--port", "0",
         "--web-port", "0", "--no-advertise", "--seats", "2", "--save", str(save),
         "--start-after", "0", "--bot", "random", "--bot-delay", "0.05",
         "--hello-timeout", "30"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=at_the_limit)
    said: list[str] = []
    threading.Thread(target=lambda: said.extend(proc.stderr), daemon=True).start()
    crowd: list[socket.socket] = []
    try:
        port = web = 0
        while not (port and web):
            line = proc.stdout.readline()
            assert line, f"the host did not start: {said}"
            if line.startswith("listening on "):
                port = int(line.rsplit(":", 1)[1])
            elif line.startswith("web: "):
                # web: http://ADDR:PORT/#SECRET (the table's secret in the fragment)
                web = urllib.parse.urlsplit(line[len("web: "):].strip()).port
        wait_until(lambda: file_size(save) > 0, "the first save")
        request = f"GET / HTTP/1.1\r\nHost: {LOOPBACK}:{web}\r\n".encode()   # never ends
        for n in range(LIMIT + 100):
            with contextlib.suppress(OSError):       # turned away, or (unfixed) stuck
                sock = socket.create_connection((LOOPBACK, web), timeout=2.0,
                                                source_address=(f"127.0.0.{2 + n % 8}", 0))
                crowd.append(sock)
                sock.sendall(request)
        # the host holds a few of them (a fair share per address), well under its limit
        assert open_files(proc.pid) < LIMIT // 2
        # its full save keeps being rewritten while the flood holds
        saved = save.stat().st_mtime_ns
        wait_until(lambda: save.stat().st_mtime_ns != saved, "a full save during the flood",
                   10)
        page = urllib.request.urlopen(f"http://{LOOPBACK}:{web}/", timeout=10)
        assert page.status == 200 and b"data-state" in page.read()
        player = Raw(port, source="127.0.0.20")
        assert player.hello("spectator")["type"] == "welcome"     # the game port answers
        player.close()
        assert open_files(proc.pid) < LIMIT // 2
        text = "".join(said)
        assert "could not save" not in text and "Traceback" not in text, text[-2000:]
        assert len(text) < 4000, text[-2000:]          # the log stays quiet
    finally:
        for sock in crowd:
            sock.close()
        proc.kill()
        proc.wait(10)



def test_the_soft_limit_is_raised_toward_the_hard_one_and_the_budget_keeps_a_reserve():
    from net.host.doors import DESCRIPTOR_RESERVE, FEWEST_CONNECTIONS, connection_budget

    code = ("import resource; from net.host.doors import open_file_limit; "
            "resource.setrlimit(resource.RLIMIT_NOFILE, (256, 2048)); print(open_file_limit())")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60)
    assert out.stdout.strip() == "(2048, 2048)", out.stderr
    assert connection_budget(1024) == 1024 - DESCRIPTOR_RESERVE
    assert connection_budget(256) == 128                    # half of a small limit
    assert connection_budget(40) == FEWEST_CONNECTIONS
