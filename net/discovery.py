"""LAN discovery (PROTOCOL.md "Discovery"): hosts announce `_havana._tcp` over
mDNS/DNS-SD (zeroconf), the standard way to find services on a LAN without
configuration; clients browse for it. Typing host:port always works as well.

The join code is never announced: finding a host is not joining it.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from . import PROTOCOL_VERSION

SERVICE_TYPE = "_havana._tcp.local."


@dataclass(frozen=True)
class FoundHost:
    name: str
    address: str
    port: int
    free_seats: int
    version: int
    """The host's protocol version (joinable only if it equals ours)."""


class Announcement:
    """A host's mDNS record; `close()` withdraws it."""

    def __init__(self, zeroconf: Zeroconf, info: ServiceInfo) -> None:
        self._zeroconf = zeroconf
        self._info = info

    def close(self) -> None:
        self._zeroconf.unregister_service(self._info)
        self._zeroconf.close()


def announce(name: str, port: int, free_seats: int, address: str,
             interfaces: list[str] | None = None) -> Announcement:
    """Announce a host reachable at `address`:`port` (blocking for the few hundred
    ms the registration takes)."""
    zeroconf = Zeroconf(interfaces=interfaces or ["0.0.0.0"], ip_version=IPVersion.V4Only)
    label = f"{name[:40]} {port}".replace(".", "-")
    info = ServiceInfo(
        SERVICE_TYPE, f"{label}.{SERVICE_TYPE}", port=port,
        addresses=[socket.inet_aton(address)], server=f"havana-{port}.local.",
        properties={"version": str(PROTOCOL_VERSION), "free": str(free_seats)})
    zeroconf.register_service(info, allow_name_change=True)
    return Announcement(zeroconf, info)


class _Collector(ServiceListener):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.add(name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.names.discard(name)


def _found(info: ServiceInfo) -> FoundHost | None:
    props = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
    addresses = info.parsed_addresses(IPVersion.V4Only)
    try:
        return FoundHost(info.name.removesuffix("." + SERVICE_TYPE), addresses[0],
                         int(info.port or 0), int(props.get("free", "0")),
                         int(props.get("version", "0")))
    except (IndexError, ValueError):
        return None


def browse(timeout: float = 2.5, interfaces: list[str] | None = None) -> list[FoundHost]:
    """Hosts announced on the LAN, found within `timeout` seconds."""
    zeroconf = Zeroconf(interfaces=interfaces or ["0.0.0.0"], ip_version=IPVersion.V4Only)
    collector = _Collector()
    browser = ServiceBrowser(zeroconf, SERVICE_TYPE, collector)
    try:
        end = time.monotonic() + timeout
        found: dict[str, FoundHost] = {}
        while time.monotonic() < end:
            for name in list(collector.names - set(found)):
                info = zeroconf.get_service_info(SERVICE_TYPE, name, timeout=500)
                host = _found(info) if info is not None else None
                if host is not None:
                    found[name] = host
            time.sleep(0.1)
        return list(found.values())
    finally:
        browser.cancel()
        zeroconf.close()
