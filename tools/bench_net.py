"""Network benchmark (issue 3 "Speed"), over loopback on this machine.

The host always runs in a process of its own; the benchmark's clients run in this
process. Clients are lean (asyncio protocols handling each frame as it arrives,
plain msgpack decoding without the pydantic validation a real client does), so
they take as little of the 2 shared cores from the host as they can; they still
use about as much CPU as the host. Every decision is chosen at random from
`view.legal` at once: the bots do not think, so the host is as busy as it can be.

1. Remote bot seats, one 4-seat table (goal: p99 < 2 ms), then 100 tables of 4
   seats each playing at once (goal: p99 < 20 ms). Latency: from a client
   writing a `decide` frame until all 4 seats of the table have received (read
   and decoded) the `view` that decision led to, on the client's clock. With
   400 seats deciding instantly, some 100 decisions are always waiting at the
   host, so this reading is the host's throughput seen as latency.
2. Host-side bots (`havana host --bots`): 100 tables of 4 of the host's own
   `random` bots, each table watched by one remote spectator so every decision
   goes out over a socket. Latency: from the host having applied a bot's
   decision (CLOCK_MONOTONIC, shared by both processes; when saving, the view
   then waits for the journal) until the table's spectator has received the
   resulting `view`. The bots hold their views as the
   host builds them, inside the host.
3. Ping round trips while 100 tables of the host's own hard bots think (goal:
   p99 < 20 ms): bots think in worker threads, off the host's event loop.
4. Frame decoder fuzzing: decode + validate mutated and random frames (goal:
   100,000+ inputs/s, at least 1,000,000 inputs).

Each latency line also gives the host's CPU time per decision: the CPU it used
from when it served (its tables made, listening) until the clients were done,
over the decisions applied; its start-up (imports, dealing) and close are left
out.

5. With `--compare BASE`: the host's CPU per decision at `--tables` tables of 4
   remote seats, over TCP and over WebSocket, for the host of the source tree
   BASE (e.g. a `git worktree` of an older commit) and of this one, alternating
   `--rounds` times in the same run; one JSON object (the medians, and this
   build's over BASE's).

With `--save-dir DIR` the host journals every change and tells no one before it
is durable (as `havana host --save-dir` does; PROTOCOL.md "Persistence"); by
default it does not save.

    python3 tools/bench_net.py [--games N] [--tables N] [--fuzz N] [--bot-level L]
                               [--save-dir DIR] [--compare BASE [--rounds N]]
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
from functools import partial
from typing import Any

import msgpack

from havana_game.content import classic_rules
from net import PROTOCOL_VERSION
from net.errors import FrameError
from net.framing import HEADER, FrameDecoder, encode_frame
from net.messages import CLIENT_MESSAGES

FINGERPRINT = classic_rules().fingerprint
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

HOST_SCRIPT = """
import asyncio, json, sys, time
from pathlib import Path
from net.host import Host, HostConfig

class TimedHost(Host):
    applied = {{}}

    def _broadcast(self, table, events, started=False):
        self.applied[f"{{table.id}}/{{table.version}}"] = time.perf_counter()
        super()._broadcast(table, events, started)

async def main():
    host = TimedHost(HostConfig(max_connections=4096,
                                max_pending_per_address=1024, autostart=True,
                                save_dir={save_dir!r} and Path({save_dir!r})))
    tables = [host.create_table(4, [{bots!r}] * 4) for _ in range({tables})]
    port = await host.start()
    print(json.dumps({{"port": port, "codes": [t.code for t in tables]}}), flush=True)
    serving = time.process_time()
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    cpu = time.process_time() - serving
    await host.close()
    decisions = sum(len(t.game.history) for t in tables if t.game is not None)
    print(json.dumps({{"cpu": cpu, "decisions": decisions,
                      "applied": host.applied}}), flush=True)
asyncio.run(main())
"""


class HostProcess:
    """`tables` 4-seat tables in a host process (`bots`: the host's own bots of that
    level on every seat; None: open seats), saving every change in `save_dir` if set;
    the host of the source tree `root` (default: the one this runs in)."""

    def __init__(self, tables: int, bots: str | None, save_dir: str | None,
                 root: str | None = None, cpu: int | None = None) -> None:
        script = HOST_SCRIPT.format(tables=tables, bots=bots, save_dir=save_dir)
        self.process = subprocess.Popen(
            [sys.executable, "-c", script], cwd=root,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        if cpu is not None:
            os.sched_setaffinity(self.process.pid, {cpu})
        assert self.process.stdout is not None
        info = json.loads(self.process.stdout.readline())
        self.port: int = info["port"]
        self.codes: list[str] = info["codes"]

    def finish(self) -> dict[str, Any]:
        """Stop the host; its CPU seconds, decisions applied and apply times."""
        out, _ = self.process.communicate(timeout=30)
        return json.loads(out.strip().splitlines()[-1])


class LeanClient(asyncio.Protocol):
    """A benchmark client: sends hello and `request` (join or watch) at once, then
    hands every message from the host to `handle` straight from `data_received`
    (no task switch per message; msgpack decoding without the validation a real
    client does). `done` resolves when the connection ends."""

    def __init__(self, request: dict[str, Any]) -> None:
        self.request = request
        self.transport: asyncio.Transport | None = None
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._buffer = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(encode_frame({"type": "hello", "protocol": PROTOCOL_VERSION,
                                      "fingerprint": FINGERPRINT})
                        + encode_frame(self.request))

    def data_received(self, data: bytes) -> None:
        buffer = self._buffer
        buffer += data
        while len(buffer) >= HEADER.size:
            end = HEADER.size + HEADER.unpack_from(buffer)[0]
            if len(buffer) < end:
                break
            message = msgpack.unpackb(buffer[HEADER.size:end])
            del buffer[:end]
            self.dispatch(message)

    def dispatch(self, message: dict[str, Any]) -> None:
        """One message from the host: pings answered, the end noted, the rest handled."""
        if message["type"] == "ping":
            self.send({"type": "pong", "nonce": message["nonce"]})
        elif message["type"] == "error" and message["fatal"]:
            self.finish(RuntimeError(f"host refused: {message}"))
        elif message["type"] == "game_over":
            self.finish()
        else:
            self.handle(message)

    def handle(self, message: dict[str, Any]) -> None:
        """One message from the host (not a ping, fatal error or game over)."""

    def send(self, message: dict[str, Any]) -> None:
        assert self.transport is not None
        self.transport.write(encode_frame(message))

    def finish(self, error: Exception | None = None) -> None:
        if not self.done.done():
            if error is None:
                self.done.set_result(None)
            else:
                self.done.set_exception(error)
        if self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.finish(ConnectionError("connection lost before the game was over"))


async def run_client(port: int, client: LeanClient) -> None:
    await asyncio.get_running_loop().create_connection(lambda: client, "127.0.0.1", port)
    await client.done


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


class Player(LeanClient):
    """One remote seat deciding at random, at once, until the game is over."""

    def __init__(self, code: str, tracker: Tracker, rng: random.Random) -> None:
        super().__init__({"type": "join", "code": code, "name": "bench"})
        self.tracker = tracker
        self.rng = rng
        self.seat: int | None = None
        self.view: dict[str, Any] | None = None
        self.waiting = False
        self.seq = 0

    def handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "joined":
            self.seat = message["seat"]
        elif kind == "view":
            self.view = message["view"]
            self.tracker.viewed(self.view["version"])
        elif kind in ("ack", "error"):
            self.waiting = False
            if (kind == "ack" and self.view is not None
                    and self.view["version"] < message["version"]):
                self.view = None
        view = self.view
        if not self.waiting and view is not None and self.seat in view["to_decide"]:
            self.tracker.decided(view["version"])
            self.seq += 1
            self.send({"type": "decide", "seq": self.seq, "version": view["version"],
                       "decision": self.rng.choice(view["legal"])})
            self.waiting = True


class Watcher(LeanClient):
    """A spectator recording when each view of its table arrived."""

    def __init__(self, code: str, arrived: dict[str, float]) -> None:
        super().__init__({"type": "watch", "code": code})
        self.arrived = arrived
        self.table = ""

    def handle(self, message: dict[str, Any]) -> None:
        if message["type"] == "joined":
            self.table = message["table"]
        elif message["type"] == "view":
            self.arrived[f"{self.table}/{message['view']['version']}"] = time.perf_counter()


class Pinger(Watcher):
    """A spectator that pings the host every `PING_EVERY` seconds once it watches,
    recording each round trip."""

    def __init__(self, code: str) -> None:
        super().__init__(code, {})
        self.sent: dict[int, float] = {}
        self.round_trips: list[float] = []

    def handle(self, message: dict[str, Any]) -> None:
        if message["type"] == "joined":
            asyncio.get_running_loop().create_task(self._ping())
        elif message["type"] == "pong" and message["nonce"] in self.sent:
            self.round_trips.append(time.perf_counter() - self.sent.pop(message["nonce"]))

    async def _ping(self) -> None:
        nonce = 1
        while not self.done.done():
            self.sent[nonce] = time.perf_counter()
            self.send({"type": "ping", "nonce": nonce})
            nonce += 1
            await asyncio.sleep(PING_EVERY)


PING_EVERY = 0.02


def itself(client: LeanClient) -> LeanClient:
    """The protocol factory of an already made client."""
    return client


def ping_while_bots_think(tables: int, level: str, seconds: float,
                          pinger: type[Pinger] | None = None,
                          watcher: type[Watcher] | None = None) -> str:
    """Ping round trips while `tables` tables of 4 host-side `level` bots play (the
    clients of classes `pinger` and `watcher`: TCP ones by default)."""
    host = HostProcess(tables, level, None)
    pinger_class, watcher_class = pinger or Pinger, watcher or Watcher

    async def watch_and_ping() -> list[float]:
        pinging = pinger_class(host.codes[0])
        clients: list[LeanClient] = [pinging, *(watcher_class(code, {})
                                                for code in host.codes[1:])]
        for client in clients:
            await asyncio.get_running_loop().create_connection(partial(itself, client),
                                                               "127.0.0.1", host.port)
        await asyncio.sleep(seconds)
        for client in clients:
            client.finish()
        return pinging.round_trips
    round_trips = asyncio.run(watch_and_ping())
    result = host.finish()
    ms = sorted(x * 1000 for x in round_trips)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    return (f"{len(ms)} pings over {seconds:.0f} s, p50 {statistics.median(ms):.2f} ms, "
            f"p99 {p99:.2f} ms, max {ms[-1]:.2f} ms; {result['decisions']} bot decisions")


async def run_tables(port: int, codes: list[str], rng: random.Random,
                     player: type[Player] | None = None) -> list[float]:
    trackers = [Tracker(4) for _ in codes]
    await asyncio.gather(*(run_client(port, (player or Player)(code, tracker, rng))
                           for code, tracker in zip(codes, trackers, strict=True)
                           for _ in range(4)))
    return [lat for tracker in trackers for lat in tracker.latencies]


def figures(latencies: list[float], host: dict[str, Any]) -> str:
    ms = sorted(x * 1000 for x in latencies)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    cpu = host["cpu"] / max(1, host["decisions"]) * 1e6
    return (f"{len(ms)} decisions, p50 {statistics.median(ms):.2f} ms, "
            f"p99 {p99:.2f} ms, max {ms[-1]:.2f} ms; host CPU {cpu:.0f} us/decision")


def remote_latency(tables: int, games: int, rng: random.Random,
                   save_dir: str | None, player: type[Player] | None = None,
                   root: str | None = None, cpu: int | None = None) -> str:
    host = HostProcess(tables * games, None, save_dir, root, cpu)
    latencies = []
    for game in range(games):
        latencies += asyncio.run(run_tables(host.port, host.codes[game::games], rng, player))
    return figures(latencies, host.finish())


def compare_builds(base: str, tables: int, rounds: int) -> dict[str, Any]:
    """Host CPU per decision of the host of source tree `base` and of this one,
    alternating, over TCP and WebSocket (`rounds` each). Where the system can, the
    hosts run on the first core and the clients on the others, so that neither
    takes the other's core (the figures vary less from run to run)."""
    from bench_web import WsPlayer  # beside this file; it imports this module
    this = str(ROOT)
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    host_cpu = cpus[0] if len(cpus) > 1 else None
    if host_cpu is not None:
        os.sched_setaffinity(0, set(cpus[1:]))
    runs: dict[str, dict[str, list[float]]] = {
        transport: {"base": [], "this": []} for transport in ("tcp", "websocket")}
    for round_ in range(rounds):
        for transport, player in (("tcp", Player), ("websocket", WsPlayer)):
            order = [("base", base), ("this", this)]
            for build, root in order if round_ % 2 == 0 else order[::-1]:
                line = remote_latency(tables, 1, random.Random(round_), None, player, root,
                                      host_cpu)
                us = float(line.split("host CPU ")[1].split(" us")[0])
                runs[transport][build].append(us)
                print(f"round {round_ + 1} {transport} {build}: {line}", file=sys.stderr,
                      flush=True)
    result: dict[str, Any] = {"tables": tables, "rounds": rounds, "base": base,
                              "this": this, "host_on_own_core": host_cpu is not None,
                              "host_cpu_us_per_decision": runs}
    for transport, builds in runs.items():
        base_us, this_us = (statistics.median(builds[b]) for b in ("base", "this"))
        result[f"{transport}_median_us"] = {"base": base_us, "this": this_us,
                                            "this_over_base": round(this_us / base_us, 3)}
    return result


def host_bot_latency(tables: int, level: str, save_dir: str | None) -> str:
    host = HostProcess(tables, level, save_dir)
    arrived: dict[str, float] = {}

    async def everyone() -> None:
        await asyncio.gather(*(run_client(host.port, Watcher(code, arrived))
                               for code in host.codes))
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
                CLIENT_MESSAGES.read(obj)
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
    parser.add_argument("--save-dir", help="the host journals every change here and "
                        "tells no one before it is durable (default: no saving)")
    parser.add_argument("--thinking-level", default="hard",
                        help="level of the host-side bots thinking while pings are timed")
    parser.add_argument("--thinking-seconds", type=float, default=20.0,
                        help="how long pings are timed while the bots think")
    parser.add_argument("--only-pings", action="store_true",
                        help="run only the ping-while-bots-think case")
    parser.add_argument("--compare", metavar="BASE",
                        help="compare the host CPU per decision with the host of this "
                        "source tree (alternating; prints one JSON object)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --compare")
    args = parser.parse_args()
    if args.compare:
        print(json.dumps(compare_builds(args.compare, args.tables, args.rounds)))
        return
    if args.only_pings:
        print(f"{args.tables} tables x 4 host-side {args.thinking_level} bots thinking, "
              f"ping round trips (goal: p99 < 20 ms): "
              f"{ping_while_bots_think(args.tables, args.thinking_level, args.thinking_seconds)}",
              flush=True)
        return
    rng = random.Random(1)
    print(f"one 4-seat table, remote seats ({args.games} games): "
          f"{remote_latency(1, args.games, rng, args.save_dir)}", flush=True)
    print(f"{args.tables} tables x 4 remote bot seats at once: "
          f"{remote_latency(args.tables, 1, rng, args.save_dir)}", flush=True)
    print(f"{args.tables} tables x 4 host-side {args.bot_level} bots at once, "
          f"applied -> spectator holds the view: "
          f"{host_bot_latency(args.tables, args.bot_level, args.save_dir)}", flush=True)
    print(f"{args.tables} tables x 4 host-side {args.thinking_level} bots thinking, ping "
          f"round trips (goal: p99 < 20 ms): "
          f"{ping_while_bots_think(args.tables, args.thinking_level, args.thinking_seconds)}",
          flush=True)
    print(f"frame decoder fuzz: {fuzz(args.fuzz, rng)}", flush=True)


if __name__ == "__main__":
    main()
