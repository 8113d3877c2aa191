"""Network benchmark (issue 3 "Speed"), over loopback on this machine.

1. Decision latency, one 4-seat table: from a decision sent to every seat of the
   table holding the view it led to (goal: p99 < 2 ms).
2. The same with 100 tables of 4 remote bot seats each playing at once (goal:
   p99 < 20 ms). The host runs in its own process; all clients share this one.
3. Frame decoder fuzzing: decode + validate mutated and random frames (goal:
   100,000+ inputs/s, at least 1,000,000 inputs).

    python3 tools/bench_net.py [--games N] [--tables N] [--fuzz N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time

from net.errors import FrameError
from net.framing import FrameDecoder, encode_frame
from net.messages import parse
from net.session import Session

HOST_SCRIPT = """
import asyncio, json, sys
from net.host import Host, HostConfig
async def main():
    host = Host(HostConfig(max_connections=4096, max_pending=1024))
    tables = [host.create_table(4) for _ in range({tables})]
    port = await host.start()
    print(json.dumps({{"port": port, "codes": [t.code for t in tables]}}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await host.close()
asyncio.run(main())
"""


def start_host(tables: int) -> tuple[subprocess.Popen, dict]:
    process = subprocess.Popen([sys.executable, "-c", HOST_SCRIPT.format(tables=tables)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    return process, json.loads(process.stdout.readline())


class Tracker:
    """Per table: when the decision leading to version V was sent, and how many
    seats hold view V."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.sent: dict[int, float] = {}
        self.arrived: dict[int, int] = {}
        self.latencies: list[float] = []

    def decided(self, version: int) -> None:
        self.sent.setdefault(version + 1, time.perf_counter())

    def viewed(self, version: int) -> None:
        count = self.arrived.get(version, 0) + 1
        self.arrived[version] = count
        if count == self.seats and version in self.sent:
            self.latencies.append(time.perf_counter() - self.sent.pop(version))


async def play(port: int, code: str, tracker: Tracker, rng: random.Random) -> None:
    session = await Session.open("127.0.0.1", port)
    seat = (await session.join(code, "bench"))["seat"]
    view, waiting = None, False
    while True:
        message = await session.receive()
        kind = message["type"]
        if kind == "game_over":
            break
        if kind == "view":
            view = message["view"]
            tracker.viewed(view["version"])
        elif kind in ("ack", "error"):
            waiting = False
            if kind == "ack" and view["version"] < message["version"]:
                view = None
        if not waiting and view is not None and seat in view["to_decide"]:
            tracker.decided(view["version"])
            session.decide(rng.choice(view["legal"]), view["version"])
            waiting = True
    session.close()


async def run_tables(port: int, codes: list[str], rng: random.Random) -> list[float]:
    trackers = [Tracker(4) for _ in codes]
    await asyncio.gather(*(play(port, code, tracker, rng)
                           for code, tracker in zip(codes, trackers, strict=True)
                           for _ in range(4)))
    return [lat for tracker in trackers for lat in tracker.latencies]


def figures(latencies: list[float]) -> str:
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (f"{len(ms)} decisions, p50 {statistics.median(ms):.2f} ms, "
            f"p99 {p99:.2f} ms, max {ms[-1]:.2f} ms")


def latency(tables: int, games: int, rng: random.Random) -> str:
    process, info = start_host(tables * games)
    try:
        codes = info["codes"]
        latencies = []
        for game in range(games):
            latencies += asyncio.run(run_tables(info["port"], codes[game::games], rng))
    finally:
        process.stdin.close()
        process.wait(timeout=10)
    return figures(latencies)


def fuzz_inputs(count: int, rng: random.Random) -> list[bytes]:
    valid = [encode_frame({"type": "decide", "seq": 5, "version": 17,
                           "decision": {"kind": "act", "card": 3, "take": ["red"]}}),
             encode_frame({"type": "hello", "protocol": 1, "fingerprint": "ab" * 32}),
             encode_frame({"type": "join", "code": "ABCDE-FGHJK", "name": "Ann"})]
    noise = os.urandom(count * 2)
    inputs = []
    for i in range(count):
        if i % 4 == 0:
            inputs.append(noise[i * 2 % (len(noise) - 40):][: 1 + i % 40])
            continue
        frame = bytearray(valid[i % 3])
        frame[noise[2 * i] % len(frame)] = noise[2 * i + 1]
        inputs.append(bytes(frame))
    return inputs


def fuzz(count: int, rng: random.Random) -> str:
    inputs = fuzz_inputs(count, rng)
    accepted = 0
    start = time.perf_counter()
    for data in inputs:
        try:
            for obj in FrameDecoder().feed(data):
                parse(obj)
                accepted += 1
        except FrameError:
            pass
    elapsed = time.perf_counter() - start
    return (f"{count} inputs in {elapsed:.2f} s = {count / elapsed:,.0f} inputs/s "
            f"({accepted} decoded to valid messages, no other exception)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games on the single table")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--fuzz", type=int, default=1_000_000)
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"one 4-seat table ({args.games} games): {latency(1, args.games, rng)}", flush=True)
    print(f"{args.tables} tables x 4 bot seats at once: {latency(args.tables, 1, rng)}",
          flush=True)
    print(f"frame decoder fuzz: {fuzz(args.fuzz, rng)}", flush=True)


if __name__ == "__main__":
    main()
