"""What one sealed copy of an update costs a host, three ways side by side.

    python tools/bench_tls_transport.py [--peers 32] [--frames 400] [--size 2323]
                                        [--rounds 2]

A server on 127.0.0.1 writes a frame of `--size` bytes (a spectator's update
is about 2.3 KB) to each of `--peers` connections, `--frames` times, read by
four processes of their own. Each round runs, one after another:
- "clear": a plain asyncio stream (protocol 5's way);
- "asyncio TLS": asyncio's own TLS transport (`ssl=` on the server and the
  readers, the way protocol 6 sealed until net/tls_transport.py);
- "tls_transport": net/tls_transport.py at both ends (the way it seals now).
For each: the host's write of one copy (median and mean, us), the host's CPU
per frame written to every peer (ms) and the readers' CPU per copy read (us,
the work each guest's machine does at a party). docs/benchmarks-net.md
keeps the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import socket
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cryptography.hazmat.primitives.asymmetric.ed25519 import (  # noqa: E402
    Ed25519PrivateKey,
)

from net.tls import client_context, host_context  # noqa: E402
from net.tls_transport import accept_sealed, open_sealed_streams  # noqa: E402

LOOPBACK = "127.0.0.1"
READERS = 4
WAYS = ("clear", "asyncio TLS", "tls_transport")


def read_all(port: int, count: int, way: str, expect: int, results: Any) -> None:
    """`count` readers in this process, each until `expect` bytes; sends its CPU."""
    async def one() -> None:
        if way == "tls_transport":
            reader, writer = await open_sealed_streams(LOOPBACK, port, client_context(), 10)
        elif way == "asyncio TLS":
            reader, writer = await asyncio.open_connection(
                LOOPBACK, port, ssl=client_context(), server_hostname="")
        else:
            reader, writer = await asyncio.open_connection(LOOPBACK, port)
        writer.write(b"r")                          # ready: the handshake is done
        got = 0
        while got < expect:
            data = await reader.read(1 << 18)
            if not data:
                break
            got += len(data)
        writer.close()

    async def main() -> None:
        await asyncio.gather(*(one() for _ in range(count)))
    started = time.process_time()
    asyncio.run(main())
    results.put(time.process_time() - started)


async def serve(way: str, peers: int, frames: int, size: int) -> dict[str, float]:
    loop = asyncio.get_running_loop()
    writers: list[asyncio.StreamWriter] = []
    everyone = asyncio.Event()
    context = host_context(Ed25519PrivateKey.generate())

    async def on(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readexactly(1)
        writers.append(writer)
        if len(writers) == peers:
            everyone.set()

    listener = socket.create_server((LOOPBACK, 0), backlog=peers)
    listener.setblocking(False)
    tasks: list[asyncio.Task] = []
    server = None
    if way == "tls_transport":
        async def sealed(conn: socket.socket) -> None:
            reader = asyncio.StreamReader()
            protocol = asyncio.StreamReaderProtocol(reader)
            transport, _ = await accept_sealed(loop, conn, context, lambda: protocol, 10)
            await on(reader, asyncio.StreamWriter(transport, protocol, reader, loop))

        async def accept() -> None:
            while True:
                conn, _ = await loop.sock_accept(listener)
                tasks.append(asyncio.ensure_future(sealed(conn)))
        tasks.append(asyncio.ensure_future(accept()))
    else:
        server = await asyncio.start_server(
            on, sock=listener, ssl=context if way == "asyncio TLS" else None)
    port = listener.getsockname()[1]
    spawn = multiprocessing.get_context("spawn")
    results = spawn.Queue()
    readers = [spawn.Process(target=read_all, args=(port, count, way, size * frames, results))
               for count in spread(peers, READERS)]
    for reader in readers:
        reader.start()
    await asyncio.wait_for(everyone.wait(), 60)
    frame = os.urandom(size)
    copies: list[float] = []
    cpu = 0.0
    for _ in range(frames):
        started_cpu = time.process_time()
        for writer in writers:
            started = time.perf_counter()
            writer.write(frame)
            copies.append(time.perf_counter() - started)
        cpu += time.process_time() - started_cpu
        await asyncio.sleep(0.002)                  # the readers read; sockets drain
    reader_cpu = 0.0
    for _ in readers:
        reader_cpu += await loop.run_in_executor(None, results.get)
    for reader in readers:
        await loop.run_in_executor(None, reader.join)
    for task in tasks:
        task.cancel()
    if server is not None:
        server.close()
    listener.close()
    return {"copy_median_us": statistics.median(copies) * 1e6,
            "copy_mean_us": statistics.fmean(copies) * 1e6,
            "host_ms_per_frame": cpu / frames * 1e3,
            "reader_us_per_copy": reader_cpu / (peers * frames) * 1e6}


def spread(total: int, procs: int) -> list[int]:
    return [total // procs + (1 if i < total % procs else 0) for i in range(procs)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peers", type=int, default=32)
    parser.add_argument("--frames", type=int, default=400)
    parser.add_argument("--size", type=int, default=2323)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.peers} peers on {LOOPBACK}, {args.frames} frames of {args.size} bytes, "
          f"{READERS} reading processes; each round the three ways one after another")
    for round_number in range(1, args.rounds + 1):
        for way in WAYS:
            figures = asyncio.run(serve(way, args.peers, args.frames, args.size))
            print(f"round {round_number} {way:13s}: host write of a copy median "
                  f"{figures['copy_median_us']:5.1f} us, mean {figures['copy_mean_us']:5.1f} us;"
                  f" host CPU per frame to all {figures['host_ms_per_frame']:.2f} ms;"
                  f" readers' CPU per copy {figures['reader_us_per_copy']:5.1f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
