"""A forged zeroconf announcement across network namespaces: who picks the forger?

    sudo python tools/bench_forgery.py [--runs 11] [--copy-fp] [--known] [--root DIR]

Builds namespaces wired to a bridge in a "switch" namespace of its own (as
tools/lan_party does, so nothing touches the machine's own network): a real
`railparty host --headless` in one, a forger in another announcing a game of
the same name (marked "playing", with its own key, or with the real host's
fingerprint copied: --copy-fp) and answering connections as a fake host, and a
client namespace where, N times, `railparty join --discover NAME --spectate`
and a headless kiosk (`KioskScene --discover NAME`) look for the game. A pick
of the forger is a client that sent it a hello (what a real join or a kiosk
would then follow); a pick of the real host is a welcome from it. --known
first joins the real host once, so the client remembers its key.

`--root DIR` runs the programs of another checkout (the "before" figures).
It needs root and `ip netns`; otherwise it says why and exits 0.

The modes `--forger` and `--kiosk-watch` are what runs inside the namespaces
(the netns test uses them too).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUBNET = "10.231.88"
HEADER = struct.Struct(">I")


def skip_reason() -> str | None:
    """Why namespaces cannot be made here, or None."""
    if sys.platform != "linux":
        return "network namespaces need Linux"
    if os.geteuid() != 0:
        return "network namespaces need root"
    if shutil.which("ip") is None:
        return "the `ip` command (iproute2) is missing"
    probe = f"rpfprobe{os.getpid()}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True)
    if made.returncode != 0:
        return f"`ip netns add` does not work here: {made.stderr.strip() or made.returncode}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True)
    return None


class Namespaces:
    """Namespaces on one bridge; `close()` kills what they run and removes them."""

    def __init__(self, prefix: str = "rpf"):
        self.rid = f"{prefix}{os.getpid() % 100000}{secrets.token_hex(2)}"
        self.switch = f"{self.rid}-sw"
        self.nodes: dict[str, str] = {}
        self.addresses: dict[str, str] = {}
        self.procs: list[subprocess.Popen] = []

    def _ip(self, *args: str) -> None:
        done = subprocess.run(["ip", *args], capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")

    def build(self, roles: list[str]) -> dict[str, str]:
        self._ip("netns", "add", self.switch)
        self.nodes["switch"] = self.switch
        self._ip("-n", self.switch, "link", "add", "br0", "type", "bridge")
        self._ip("-n", self.switch, "link", "set", "br0", "type", "bridge", "mcast_snooping",
                 "0")
        self._ip("-n", self.switch, "link", "set", "br0", "up")
        for index, role in enumerate(roles, start=1):
            ns = f"{self.rid}-{role}"
            self._ip("netns", "add", ns)
            self.nodes[role] = ns
            self._ip("-n", ns, "link", "add", "eth0", "type", "veth", "peer", "name",
                     f"port{index}", "netns", self.switch)
            self._ip("-n", self.switch, "link", "set", f"port{index}", "master", "br0")
            self._ip("-n", self.switch, "link", "set", f"port{index}", "up")
            address = f"{SUBNET}.{10 + index}"
            self.addresses[role] = address
            self._ip("-n", ns, "addr", "add", f"{address}/24", "dev", "eth0")
            self._ip("-n", ns, "link", "set", "eth0", "up")
            self._ip("-n", ns, "link", "set", "lo", "up")
        return self.addresses

    def popen(self, role: str, argv: list[str], env: dict[str, str], **kw) -> subprocess.Popen:
        proc = subprocess.Popen(["ip", "netns", "exec", self.nodes[role], *argv], env=env,
                                **kw)
        self.procs.append(proc)
        return proc

    def close(self) -> list[str]:
        """Kill every process, delete the namespaces; the names left behind (none)."""
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
        for proc in self.procs:
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(10)
        for ns in list(self.nodes.values())[::-1]:
            subprocess.run(["ip", "netns", "del", ns], capture_output=True)
        self.nodes.clear()
        listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True)
        return [ns for ns in listed.stdout.split() if ns.startswith(self.rid)]


def program_env(root: Path, data: Path, interface: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("RAILPARTY_MDNS_INTERFACES",
                                                            "PYTHONPATH")}
    env.update(PYTHONPATH=str(root), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RAILPARTY_DATA_DIR=str(data), RAILPARTY_HOME=str(data / "home"),
               RAILPARTY_MDNS_INTERFACES=interface, PYTHONUNBUFFERED="1")
    return env


# --- the forger (runs in its namespace) ----------------------------------------------

def _frame(message: dict) -> bytes:
    import msgpack

    body = msgpack.packb(message, use_bin_type=True)
    return HEADER.pack(len(body)) + body


async def _read(reader: asyncio.StreamReader) -> dict | None:
    import msgpack

    try:
        (size,) = HEADER.unpack(await reader.readexactly(HEADER.size))
        if size > 65536:
            return None
        message = msgpack.unpackb(await reader.readexactly(size), raw=False)
    except (asyncio.IncompleteReadError, ConnectionError, ValueError):
        return None
    return message if isinstance(message, dict) else None


def forger(args: argparse.Namespace) -> int:
    """A fake host: announces `args.name` on `args.address` and logs every client
    that says hello to it (a pick). It seals with TLS under its own key, whatever
    fingerprint it announces (a client that chose another key says nothing)."""
    from zeroconf import IPVersion
    from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

    sys.path.insert(0, str(ROOT))
    from net.identity import HostIdentity
    from net.tls import host_context

    key = HostIdentity.generate()
    fingerprint = args.fp if args.fp else key.fingerprint
    sealed = host_context(key.private_key)
    log = open(args.log, "a", buffering=1)  # noqa: SIM115 - open while the forger runs

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        nonce = secrets.token_hex(16)
        writer.write(_frame({"type": "hello", "magic": "railparty-lan", "version": args.proto,
                             "server": "railparty", "name": args.name, "game": args.game,
                             "nonce": nonce}))
        while True:
            message = await _read(reader)
            if message is None:
                break
            if message.get("type") == "hello":
                log.write(json.dumps({"hello": message.get("role"), "from": peer[0]}) + "\n")
                writer.write(_frame({"type": "reject", "code": "full",
                                     "reason": "the forger holds no seats"}))
                break
        writer.close()

    async def main() -> None:
        server = await asyncio.start_server(serve, args.address, args.port, ssl=sealed)
        port = server.sockets[0].getsockname()[1]
        zc = AsyncZeroconf(interfaces=[args.address], ip_version=IPVersion.V4Only)
        fields = {"proto": args.proto, "game": args.game, "seats": 2, "free": 1,
                  "phase": args.phase, "host": args.name, "fp": fingerprint}
        info = AsyncServiceInfo(
            "_railparty._tcp.local.", f"{args.name}._railparty._tcp.local.",
            addresses=[socket.inet_aton(args.address)], port=port,
            properties={k: str(v) for k, v in fields.items()},
            server=f"forger-{secrets.token_hex(4)}.local.")
        await (await zc.async_register_service(info, allow_name_change=True))
        log.write(json.dumps({"advertised": info.name, "port": port, "fp": fingerprint,
                              "own_fp": key.fingerprint}) + "\n")
        async with server:
            await server.serve_forever()

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
    return 0


# --- the kiosk (runs in the client namespace) ---------------------------------------------

def kiosk_watch(args: argparse.Namespace) -> int:
    """A headless kiosk looking for `args.name`: prints what it follows (the host
    that welcomed it) or what it shows instead, as JSON, within `args.seconds`."""
    from game.app import App
    from game.scenes.kiosk import KioskScene
    from game.system.settings import Settings

    app = App(settings=Settings(animation=0.0, bot_pace=0.0), headless=True)
    kiosk = KioskScene(app, discover=args.name)
    app.push(kiosk)
    deadline = time.monotonic() + args.seconds
    followed = None
    while time.monotonic() < deadline:
        app.step(1)
        client = kiosk.client
        if client is not None and client.connections > 0:
            followed = f"{client.host}:{client.port}"
            break
        time.sleep(0.01)
    notice = getattr(kiosk, "notice", None)
    print(json.dumps({"followed": followed, "notice": notice}), flush=True)
    kiosk.shutdown()
    app.close()
    return 0


# --- the measurement ------------------------------------------------------------------------

def wait_text(path: Path, text: str, timeout: float, proc: subprocess.Popen) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = path.read_text(errors="replace") if path.exists() else ""
        if text in body:
            return body
        if proc.poll() is not None:
            raise RuntimeError(f"{path.name}: exited before {text!r}: {body[-400:]}")
        time.sleep(0.05)
    raise RuntimeError(f"{path.name}: no {text!r} within {timeout} s")


def forger_hellos(log: Path) -> int:
    return sum(1 for line in log.read_text().splitlines() if '"hello"' in line)


def measure(args: argparse.Namespace, work: Path) -> dict:
    root = Path(args.root).resolve()
    me = str(Path(__file__).resolve())
    net = Namespaces()
    try:
        addr = net.build(["host", "forger", "client"])
        name = f"Forge rails {net.rid}"
        host_out = work / "host.err"
        host = net.popen("host", [sys.executable, "-m", "game", "host", "--headless",
                                  "--seats", "2", "--name", name, "--save",
                                  str(work / "save.json"), "--interface", addr["host"], "-v"],
                         program_env(root, work / "host-data", addr["host"]), cwd=root,
                         stdout=subprocess.PIPE, stderr=open(host_out, "w"),  # noqa: SIM115
                         text=True)
        wait_text(host_out, "advertised as", 30, host)
        host.stdout.readline()                    # listening on ADDR:PORT
        line = host.stdout.readline() if args.copy_fp else ""
        fp = line.split("host key ")[-1].strip() if "host key " in line else ""
        forge_log = work / "forger.log"
        forge_log.write_text("")
        net.popen("forger", [sys.executable, me, "--forger", "--name", name, "--address",
                             addr["forger"], "--fp", fp if args.copy_fp else "",
                             "--proto", str(args.proto), "--log", str(forge_log)],
                  program_env(ROOT, work / "forger-data", addr["forger"]), cwd=ROOT)
        deadline = time.monotonic() + 20
        while "advertised" not in forge_log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)
        client_data = work / "client-data"
        if args.known:
            subprocess.run(["ip", "netns", "exec", net.nodes["client"], sys.executable, "-m",
                            "game", "join", "--address", f"{addr['host']}:47474",
                            "--spectate", "--headless", "--timeout", "3"],
                           env=program_env(root, client_data, addr["client"]), cwd=root,
                           capture_output=True, text=True, timeout=60)
        tally = {"join": {"forger": 0, "real": 0, "neither": 0},
                 "kiosk": {"forger": 0, "real": 0, "neither": 0}, "notes": []}
        for _ in range(args.runs):
            before = forger_hellos(forge_log)
            err = work / "join.err"
            proc = net.popen("client", [sys.executable, "-m", "game", "join", "--discover", name,
                                        "--spectate", "--headless", "--discover-timeout", "8",
                                        "--retry-for", "0", "--interface", addr["client"]],
                             program_env(root, client_data, addr["client"]), cwd=root,
                             stdout=subprocess.DEVNULL, stderr=open(err, "w"),  # noqa: SIM115
                             text=True)
            deadline = time.monotonic() + 40
            while time.monotonic() < deadline and proc.poll() is None:
                text = err.read_text(errors="replace")
                if "joined" in text or forger_hellos(forge_log) > before:
                    break
                time.sleep(0.05)
            proc.kill()
            proc.wait(10)
            text = err.read_text(errors="replace")
            outcome = ("forger" if forger_hellos(forge_log) > before
                       else "real" if "joined" in text else "neither")
            tally["join"][outcome] += 1
            if outcome == "neither":
                tally["notes"].append(text.strip().splitlines()[-1:] or ["(nothing)"])
            before = forger_hellos(forge_log)
            watch = subprocess.run(
                ["ip", "netns", "exec", net.nodes["client"], sys.executable, me,
                 "--kiosk-watch", "--name", name, "--seconds", str(args.kiosk_seconds)],
                env=program_env(root, client_data, addr["client"]), cwd=root,
                capture_output=True, text=True, timeout=args.kiosk_seconds + 60)
            try:
                seen = json.loads(watch.stdout.strip().splitlines()[-1])
            except (ValueError, IndexError):
                seen = {"followed": None, "notice": watch.stderr[-300:]}
            outcome = ("forger" if forger_hellos(forge_log) > before
                       else "real" if seen["followed"] and seen["followed"].startswith(
                           addr["host"] + ":") else "neither")
            tally["kiosk"][outcome] += 1
            if outcome == "neither":
                tally["notes"].append(["kiosk", seen.get("notice")])
        return tally
    finally:
        left = net.close()
        if left:
            print(f"could not remove namespaces {left}", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--copy-fp", action="store_true",
                        help="the forger announces the real host's fingerprint")
    parser.add_argument("--known", action="store_true",
                        help="the client has watched the real host once before")
    parser.add_argument("--root", default=str(ROOT), help="the checkout to run")
    parser.add_argument("--proto", type=int, default=None,
                        help="the protocol version the forger claims (default: --root's)")
    parser.add_argument("--kiosk-seconds", type=float, default=20.0)
    parser.add_argument("--forger", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--kiosk-watch", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--name", help=argparse.SUPPRESS)
    parser.add_argument("--address", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--fp", default="", help=argparse.SUPPRESS)
    parser.add_argument("--game", default="routes-usa", help=argparse.SUPPRESS)
    parser.add_argument("--phase", default="playing", help=argparse.SUPPRESS)
    parser.add_argument("--log", help=argparse.SUPPRESS)
    parser.add_argument("--seconds", type=float, default=20.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.forger:
        return forger(args)
    if args.kiosk_watch:
        return kiosk_watch(args)
    if args.proto is None:
        text = (Path(args.root) / "net" / "protocol.py").read_text()
        args.proto = int(text.split("PROTOCOL_VERSION = ")[1].split()[0])
    reason = skip_reason()
    if reason is not None:
        print(f"bench_forgery: skipped: {reason}")
        return 0
    work = Path(tempfile.mkdtemp(prefix="bench_forgery-"))
    try:
        tally = measure(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(json.dumps({"runs": args.runs, "copy_fp": args.copy_fp, "known": args.known,
                      **tally}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
