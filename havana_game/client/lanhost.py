"""Hosting a LAN game from the client: the `net` host listening on every
interface, announced on the LAN, in a background thread."""

from __future__ import annotations

import socket
import sys
import threading
from dataclasses import dataclass, field
from typing import Any

from net.local import HostThread

from ..editions import DEFAULT_EDITION


def lan_address() -> str:
    """This machine's address on the LAN (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


@dataclass
class LanHost(HostThread):
    """A running host with one open table, announced on the LAN; `stop()` ends it."""

    code: str = ""
    address: str = ""
    announcement: list[Any] = field(default_factory=list)
    announce_error: str = ""
    """Why the LAN announcement failed ("" while it works or is under way): players
    can still join by typing the address."""

    def allow_hints(self, allowed: bool) -> None:
        """Let the players ask for hints, or not."""
        self.loop.call_soon_threadsafe(self.host.allow_hints, allowed)

    def stop(self) -> None:
        for item in self.announcement:
            item.close()
        super().stop()


def start_lan_host(players: int, name: str, edition: str = DEFAULT_EDITION) -> LanHost:
    """Listen on all interfaces with a table of `players` open seats playing
    `edition` and announce it, kept current as seats fill, the game starts and
    players leave or come back (announcing starts in the background: it takes a
    moment; a failure is reported on standard error and in `announce_error`, and
    typing the address still works)."""
    from net.host import Host, HostConfig

    from ..content import find_edition
    host = Host(HostConfig(bind="0.0.0.0", name=name))
    table = host.create_table(players, [None] * players, rules=find_edition(edition))
    running = LanHost.serve(host, "havana-lan-host", code=table.code, address=lan_address())

    def announce() -> None:
        try:
            from net.discovery import announce as publish
            announcement = publish(name, running.port, host.listing(), running.address)
            running.announcement.append(announcement)
            host.on_listing = announcement.update  # kept current from the host's thread
            announcement.update(host.listing())  # seats taken while announcing
        except Exception as error:  # noqa: BLE001 - zeroconf's errors vary by platform
            running.announce_error = f"{type(error).__name__}: {error}"
            print(f"havana: the game is not announced on the LAN ({running.announce_error}); "
                  f"players can join by typing {running.address}:{running.port}",
                  file=sys.stderr)

    threading.Thread(target=announce, daemon=True, name="havana-announce").start()
    return running
