"""The interpreter settings of a process that does nothing but host (`havana
host`): they reach the whole process, so only that command sets them, never a
host running inside the client's process (a local game's)."""

from __future__ import annotations

import gc
import sys

SWITCH_INTERVAL = 0.0001
"""Seconds a thread may hold the interpreter before another takes it (Python's
default is 5 ms). Bots think in a thread; every socket write of the event loop
lets go of the interpreter, and taking it back waits up to this long while a bot
thinks, so a heartbeat pinging a hundred connections cost 100 x 1 ms at 1 ms, and
a ping's p99 was 170-260 ms (tools/bench_net.py; 10.7 ms at 0.1 ms). A bot loses
nothing while the loop is idle: only a waiting thread asks for the interpreter."""

GC_THRESHOLDS = (10_000, 10, 100)
"""The cyclic garbage collector's thresholds in a process that hosts (Python's
default is (700, 10, 10)). A hard bot's search tree lives its whole thinking
time, so its nodes outlive the young generations, and with the defaults a full
collection (every object of the process, 15-35 ms here, with the interpreter
held) ran about every 2.5 s while bots thought, holding up the event loop: ping
p99 17-37 ms (tools/bench_net.py). With these, young collections come 14 times
less often and a full one at most every 10 million allocations; garbage without
cycles, nearly all of it here, is freed at once as before."""


def tune_for_hosting() -> None:
    """Set this process's switch interval and collector thresholds for hosting,
    keeping any already tuned further (a shorter interval, higher thresholds)."""
    sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
    gc.set_threshold(*(max(mine, now) for mine, now in zip(GC_THRESHOLDS, gc.get_threshold(),
                                                           strict=True)))
