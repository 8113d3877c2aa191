"""Hosting a LAN game from the client: the `net` host listening on every
interface, announced on the LAN, in a background thread."""

from __future__ import annotations

import asyncio
import socket
import threading
from dataclasses import dataclass, field
from typing import Any


def lan_address() -> str:
    """This machine's address on the LAN (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


@dataclass
class LanHost:
    """A running host with one open table; `stop()` ends it."""

    port: int
    code: str
    address: str
    loop: asyncio.AbstractEventLoop
    host: Any
    thread: threading.Thread
    announcement: list[Any] = field(default_factory=list)

    def stop(self) -> None:
        for item in self.announcement:
            item.close()
        asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


def start_lan_host(players: int, name: str) -> LanHost:
    """Listen on all interfaces with a table of `players` open seats and announce
    it (in the background: announcing takes a moment and may fail quietly)."""
    from net.host import Host, HostConfig
    host = Host(HostConfig(bind="0.0.0.0", name=name))
    table = host.create_table(players, [None] * players)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True, name="havana-lan-host")
    thread.start()
    port = asyncio.run_coroutine_threadsafe(host.start(), loop).result(timeout=10)
    running = LanHost(port, table.code, lan_address(), loop, host, thread)

    def announce() -> None:
        try:
            from net.discovery import announce as publish
            running.announcement.append(publish(name, port, players - 1, running.address))
        except Exception:  # noqa: BLE001 - no LAN discovery; typing the address still works
            pass

    threading.Thread(target=announce, daemon=True, name="havana-announce").start()
    return running
