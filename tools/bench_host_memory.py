"""Host memory over finished tables (issue 49.3): a host in this process plays N
quick games of 4 host-side `random` bots, `--concurrent` at a time, each started
and watched to its end by a lean spectator over loopback (the host's real path:
join by watch, views, `game_over`, disconnect). Finished tables are let go of
after `--grace` seconds (`HostConfig.finished_grace`; a huge grace keeps every
one, as hosts did before). Prints one JSON object: the resident set size (RSS,
after a garbage collection) and the cost of `Host.listing()` (the LAN
announcement's count, taken on every status broadcast) after 100 games and after
each further checkpoint, and what the host holds then.

    python3 tools/bench_host_memory.py [--games N] [--concurrent K] [--grace S]
                                       [--save-dir DIR] [--minutes M]

`--minutes` stops starting games once that much time has passed (the figures
then say how many games were played). The engine keeps caches of legal-decision
pieces (`havana_game.rules.legal`, unbounded `functools.cache`s) that grow with
the games played whatever the host does: their entries are given at each
checkpoint, and `--clear-engine-caches` empties them after every game, so that
the RSS shows the host's own growth.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from havana_game.content import classic_rules  # noqa: E402
from havana_game.rules import legal  # noqa: E402
from net import PROTOCOL_VERSION  # noqa: E402
from net.framing import HEADER, encode_frame  # noqa: E402
from net.host import Host, HostConfig  # noqa: E402

GAME_OVER = b"\xa4type\xa9game_over"
"""How a packed `game_over` message begins, after its map header."""


def rss_mb() -> float:
    """This process's resident set size now, in MB (peak RSS where /proc is missing)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
    except (OSError, ValueError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3


class Spectator(asyncio.Protocol):
    """Watches one table until `game_over`, looking at no frame but its first bytes."""

    def __init__(self, code: str) -> None:
        self.code = code
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(encode_frame({"type": "hello", "protocol": PROTOCOL_VERSION,
                                      "fingerprint": classic_rules().fingerprint})
                        + encode_frame({"type": "watch", "code": self.code}))

    def data_received(self, data: bytes) -> None:
        buffer = self.buffer
        buffer += data
        while len(buffer) >= HEADER.size:
            end = HEADER.size + HEADER.unpack_from(buffer)[0]
            if len(buffer) < end:
                return
            if buffer[HEADER.size + 1:HEADER.size + 1 + len(GAME_OVER)] == GAME_OVER:
                if not self.done.done():
                    self.done.set_result(None)
                assert self.transport is not None
                self.transport.close()
            del buffer[:end]

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.done.done():
            self.done.set_exception(ConnectionError("closed before the game was over"))


def listing_us(host: Host, calls: int = 500, repeats: int = 5) -> float:
    """Microseconds a `listing()` takes (the best of `repeats` averages: the
    machine is shared)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            host.listing()
        best = min(best, (time.perf_counter() - start) / calls * 1e6)
    return best


ENGINE_CACHES = [f for f in vars(legal).values() if callable(getattr(f, "cache_info", None))]


def engine_cache_entries() -> int:
    return sum(f.cache_info().currsize for f in ENGINE_CACHES)


async def run(games: int, concurrent: int, grace: float, save_dir: Path | None,
              minutes: float, clear_caches: bool) -> dict[str, Any]:
    # A spectator never speaks after its watch: no idle timeout during a game.
    host = Host(HostConfig(finished_grace=grace, save_dir=save_dir, max_connections=4096,
                           max_pending_per_address=1024, seed=49, heartbeat=60))
    port = await host.start()
    loop = asyncio.get_running_loop()
    started = time.monotonic()
    checkpoints = sorted({100, 1000, 2500, 5000, 10_000, games} & set(range(1, games + 1)))
    figures: list[dict[str, Any]] = []
    done = 0

    async def one_game() -> None:
        code = host.create_table(4, ["random"] * 4).code
        spectator = Spectator(code)
        await loop.create_connection(lambda: spectator, "127.0.0.1", port)
        await spectator.done

    async def lane() -> None:
        nonlocal done
        while done + concurrent <= games and time.monotonic() - started < minutes * 60:
            await one_game()
            if clear_caches:
                for function in ENGINE_CACHES:
                    function.cache_clear()
            done += 1
            if done in checkpoints:
                await checkpoint()

    async def checkpoint() -> None:
        while grace < 1 and len(host.tables) > concurrent:  # let go of the finished first
            await asyncio.sleep(grace / 2 + 0.01)
        gc.collect()
        figures.append({"games": done, "rss_mb": round(rss_mb(), 1),
                        "listing_us": round(listing_us(host), 2),
                        "tables_in_memory": len(host.tables), "ended_kept": len(host.ended),
                        "audiences": len(host.audiences),
                        "engine_cache_entries": engine_cache_entries(),
                        "seconds": round(time.monotonic() - started, 1)})
        print(json.dumps(figures[-1]), file=sys.stderr, flush=True)

    rss_start = rss_mb()
    await asyncio.gather(*(lane() for _ in range(concurrent)))
    if not figures or figures[-1]["games"] != done:
        await checkpoint()
    await host.close()
    first = figures[0] if figures else None
    last = figures[-1] if figures else None
    return {"games_played": done, "concurrent": concurrent, "grace_s": grace,
            "engine_caches_cleared_after_each_game": clear_caches,
            "saving": save_dir is not None, "rss_mb_at_start": round(rss_start, 1),
            "checkpoints": figures,
            "rss_growth_mb_from_first_checkpoint": round(last["rss_mb"] - first["rss_mb"], 1)
            if first and last else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--concurrent", type=int, default=16)
    parser.add_argument("--grace", type=float, default=0.05,
                        help="seconds a finished table stays in memory")
    parser.add_argument("--save-dir", type=Path)
    parser.add_argument("--minutes", type=float, default=1e9)
    parser.add_argument("--clear-engine-caches", action="store_true")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.games, args.concurrent, args.grace, args.save_dir,
                                     args.minutes, args.clear_engine_caches))))


if __name__ == "__main__":
    main()
