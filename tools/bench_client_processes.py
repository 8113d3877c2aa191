"""Client process benchmark: the real client offscreen (SDL dummy driver) at one
table, and what it runs beside itself. Prints one JSON object: the helper
processes under the client (search workers, fork server, resource tracker) and
the resident memory (psutil RSS, MB) of the client and of them, measured after
`--seconds` of frames; and when the search pool was up (seconds from the table's
first view until its workers, the fork server and the resource tracker all run:
Linux, macOS; null: never).

    python3 tools/bench_client_processes.py guest|local-hard [--seconds 8]

guest: a LAN guest, on a two-player table of a real host (in this process: a
host of players alone starts no process) whose hints are off; local-hard: a
local game against the hard bot (its host in the client's process, as New game
starts it).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psutil  # type: ignore[import-untyped,unused-ignore]  # noqa: E402  # (no stubs)

from havana_game.ai.parallel import PROCESSES_PER_CORE, default_workers  # noqa: E402

MB = 1024 * 1024


def _table(scenario: str) -> Any:
    """The link of the scenario's table (and the other seat's connection, kept)."""
    from havana_game.client.session.netlink import NetLink
    if scenario == "local-hard":
        return NetLink.local(["human", "hard"], ["Ana", "Bo"], seed=7), None
    from net.client import ClientConnection
    from net.host import HostConfig
    from net.local import start_local_host
    host = start_local_host(2, ["human", "human"], HostConfig(save_dir=None, seed=7))
    other = ClientConnection("127.0.0.1", host.port)
    other.join(host.code, "Bo", seat=1)
    guest = ClientConnection("127.0.0.1", host.port)
    guest.join(host.code, "Ana", seat=0)
    return NetLink({0: guest}, ["Ana", "Bo"]), other


def measure(scenario: str, seconds: float) -> dict[str, Any]:
    os.environ["HAVANA_CONFIG_DIR"] = tempfile.mkdtemp(prefix="havana-bench-")
    from havana_game.client.app import App
    from havana_game.client.profile.settings import Settings
    from havana_game.client.scenes.table import TableScene
    app = App(Settings(music_volume=0.0, recap=False), size=(1280, 720))
    link, _other = _table(scenario)
    table = TableScene(app, link)
    app.switch(table)
    me = psutil.Process()
    pool = PROCESSES_PER_CORE * default_workers()
    start = time.monotonic()
    shown = up = None
    while time.monotonic() < start + seconds or shown is None:
        app.frame(1 / 60, [])
        now = time.monotonic()
        if shown is None and table.view is not None:
            shown = now
        if up is None and shown is not None and len(me.children(recursive=True)) >= pool + 2:
            up = now - shown
        time.sleep(1 / 60)
    helpers = me.children(recursive=True)
    rss = {p.pid: p.memory_info().rss for p in helpers if p.is_running()}
    table.close()
    return {"scenario": scenario, "seconds": seconds, "cores": default_workers(),
            "helper_processes": len(helpers),
            "helper_rss_mb": round(sum(rss.values()) / MB, 1),
            "helper_rss_each_mb": sorted(round(n / MB, 1) for n in rss.values()),
            "client_rss_mb": round(me.memory_info().rss / MB, 1),
            "total_rss_mb": round((sum(rss.values()) + me.memory_info().rss) / MB, 1),
            "pool_up_after_s": None if up is None else round(up, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario", choices=["guest", "local-hard"])
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    print(json.dumps(measure(args.scenario, args.seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
