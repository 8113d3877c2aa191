"""Network benchmark (issue 3 "Speed"), over loopback on this machine.

The host always runs in a process of its own; the benchmark's clients run in this
process. Clients are lean (they decode frames with msgpack and skip the pydantic
validation a real client does), so they take as little of the shared CPU from the
host as possible. Every decision is chosen at random from `view.legal` at once:
the bots do not think, so the host is as busy as it can be.

1. Remote bot seats, one 4-seat table (goal: p99 < 2 ms), then 100 tables of 4
   seats each playing at once (goal: p99 < 20 ms). Latency: from a client
   writing a `decide` frame until all 4 seats of the table have received (read
   and decoded) the `view` that decision led to, on the client's clock. With
   400 seats deciding instantly, some 100 decisions are always waiting at the
   host, so this reading is the host's throughput seen as latency.
2. Host-side bots (`havana host --bots`): 100 tables of 4 of the host's own
   `random` bots, each table watched by one remote spectator so every decision
   goes out over a socket. Latency: from the host having applied and saved a
   bot's decision (CLOCK_MONOTONIC, shared by both processes) until the table's
   spectator has received the resulting `view`. The bots hold their views as the
   host builds them, inside the host.
3. Frame decoder fuzzing: decode + validate mutated and random frames (goal:
   100,000+ inputs/s, at least 1,000,000 inputs).

Each latency line also gives the host's CPU time per decision.

    python3 tools/bench_net.py [--games N] [--tables N] [--fuzz N] [--bot-level L]
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
from collections.abc import AsyncIterator
from typing import Any

from havana_game.content import classic_rules
from net import PROTOCOL_VERSION
from net.errors import FrameError
from net.framing import MAX_OUTBOUND_FRAME, FrameDecoder, encode_frame
from net.messages import parse

HOST_SCRIPT = """
import asyncio, json, sys, time
from net.host import Host, HostConfig

class TimedHost(Host):
    applied = {{}}

    def _broadcast(self, table, events):
        self.applied[f"{{table.id}}/{{table.version}}"] = time.perf_counter()
        super()._broadcast(table, events)

async def main():
    host = TimedHost(HostConfig(max_connections=4096, max_pending=1024))
    tables = [host.create_table(4, [{bots!r}] * 4) for _ in range({tables})]
    port = await host.start()
    print(json.dumps({{"port": port, "codes": [t.code for t in tables]}}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await host.close()
    decisions = sum(len(t.game.history) for t in tables if t.game is not None)
    print(json.dumps({{"cpu": time.process_time(), "decisions": decisions,
                      "applied": host.applied}}), flush=True)
asyncio.run(main())
"""


class HostProcess:
    """`tables` 4-seat tables in a host process (`bots`: the host's own bots of that
    level on every seat; None: open seats)."""

    def __init__(self, tables: int, bots: str | None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOST_SCRIPT.format(tables=tables, bots=bots)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        info = json.loads(self.process.stdout.readline())
        self.port: int = info["port"]
        self.codes: list[str] = info["codes"]

    def finish(self) -> dict[str, Any]:
        """Stop the host; its CPU seconds, decisions applied and apply times."""
        out, _ = self.process.communicate(timeout=30)
        return json.loads(out.strip().splitlines()[-1])


async def connect(port: int, request: dict[str, Any]) -> tuple[asyncio.StreamWriter,
                                                              AsyncIterator[dict[str, Any]]]:
    """Hello and `request` (join or watch) in one write; then the host's messages."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 23)
    writer.write(encode_frame({"type": "hello", "protocol": PROTOCOL_VERSION,
                               "fingerprint": classic_rules().fingerprint})
                 + encode_frame(request))

    async def messages() -> AsyncIterator[dict[str, Any]]:
        decoder = FrameDecoder(MAX_OUTBOUND_FRAME)
        while data := await reader.read(1 << 16):
            for message in decoder.feed(data):
                if message["type"] == "ping":
                    writer.write(encode_frame({"type": "pong", "nonce": message["nonce"]}))
                elif message["type"] == "error" and message["fatal"]:
                    raise RuntimeError(f"host refused: {message}")
                else:
                    yield message
    return writer, messages()


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
    """One remote seat deciding at random, at once, until the game is over."""
    writer, messages = await connect(port, {"type": "join", "code": code, "name": "bench"})
    seat, view, waiting, seq = None, None, False, 0
    async for message in messages:
        kind = message["type"]
        if kind == "game_over":
            break
        if kind == "joined":
            seat = message["seat"]
        elif kind == "view":
            view = message["view"]
            tracker.viewed(view["version"])
        elif kind in ("ack", "error"):
            waiting = False
            if kind == "ack" and view is not None and view["version"] < message["version"]:
                view = None
        if not waiting and view is not None and seat in view["to_decide"]:
            tracker.decided(view["version"])
            seq += 1
            writer.write(encode_frame({"type": "decide", "seq": seq, "version": view["version"],
                                       "decision": rng.choice(view["legal"])}))
            waiting = True
    writer.close()


async def watch(port: int, code: str, arrived: dict[str, float]) -> None:
    """A spectator recording when each view of its table arrived."""
    writer, messages = await connect(port, {"type": "watch", "code": code})
    table = ""
    async for message in messages:
        if message["type"] == "joined":
            table = message["table"]
        elif message["type"] == "view":
            arrived[f"{table}/{message['view']['version']}"] = time.perf_counter()
        elif message["type"] == "game_over":
            break
    writer.close()


async def run_tables(port: int, codes: list[str], rng: random.Random) -> list[float]:
    trackers = [Tracker(4) for _ in codes]
    await asyncio.gather(*(play(port, code, tracker, rng)
                           for code, tracker in zip(codes, trackers, strict=True)
                           for _ in range(4)))
    return [lat for tracker in trackers for lat in tracker.latencies]


def figures(latencies: list[float], host: dict[str, Any]) -> str:
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    cpu = host["cpu"] / max(1, host["decisions"]) * 1e6
    return (f"{len(ms)} decisions, p50 {statistics.median(ms):.2f} ms, "
            f"p99 {p99:.2f} ms, max {ms[-1]:.2f} ms; host CPU {cpu:.0f} us/decision")


def remote_latency(tables: int, games: int, rng: random.Random) -> str:
    host = HostProcess(tables * games, None)
    latencies = []
    for game in range(games):
        latencies += asyncio.run(run_tables(host.port, host.codes[game::games], rng))
    return figures(latencies, host.finish())


def host_bot_latency(tables: int, level: str) -> str:
    host = HostProcess(tables, level)
    arrived: dict[str, float] = {}

    async def everyone() -> None:
        await asyncio.gather(*(watch(host.port, code, arrived) for code in host.codes))
    asyncio.run(everyone())
    result = host.finish()
    applied = result["applied"]
    return figures([arrived[key] - applied[key] for key in applied if key in arrived], result)


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
    parser.add_argument("--bot-level", default="random", help="level of the host-side bots")
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"one 4-seat table, remote seats ({args.games} games): "
          f"{remote_latency(1, args.games, rng)}", flush=True)
    print(f"{args.tables} tables x 4 remote bot seats at once: "
          f"{remote_latency(args.tables, 1, rng)}", flush=True)
    print(f"{args.tables} tables x 4 host-side {args.bot_level} bots at once, "
          f"applied -> spectator holds the view: "
          f"{host_bot_latency(args.tables, args.bot_level)}", flush=True)
    print(f"frame decoder fuzz: {fuzz(args.fuzz, rng)}", flush=True)


if __name__ == "__main__":
    main()
