"""LAN discovery (PROTOCOL.md "Discovery"): hosts announce `_havana._tcp` over
mDNS/DNS-SD (zeroconf), the standard way to find services on a LAN without
configuration; clients browse for it. Typing host:port always works as well.

The join code is never announced: finding a host is not joining it.
"""

from __future__ import annotations

import socket
import time
from concurrent.futures import Future, ThreadPoolExecutor
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


def _service_info(name: str, port: int, address: str, free_seats: int) -> ServiceInfo:
    """The record of the host at `address`:`port` with service instance `name`."""
    return ServiceInfo(
        SERVICE_TYPE, name, port=port, addresses=[socket.inet_aton(address)],
        server=f"havana-{port}.local.",
        properties={"version": str(PROTOCOL_VERSION), "free": str(free_seats)})


class Announcement:
    """A host's mDNS record; `update()` republishes its free-seat count, `close()`
    withdraws it. Updates go out from one worker thread, in order, and never block
    the caller (the host's event loop)."""

    def __init__(self, zeroconf: Zeroconf, info: ServiceInfo, address: str) -> None:
        self._zeroconf = zeroconf
        self._info = info
        self._address = address
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="havana-announce")

    def update(self, free_seats: int) -> Future[None]:
        """Announce `free_seats` open seats from now on (done when the future is)."""
        return self._worker.submit(self._publish, free_seats)

    def _publish(self, free_seats: int) -> None:
        info = self._info
        self._info = _service_info(info.name, info.port or 0, self._address, free_seats)
        self._zeroconf.update_service(self._info)

    def close(self) -> None:
        self._worker.shutdown(wait=True)
        self._zeroconf.unregister_service(self._info)
        self._zeroconf.close()


MAX_LABEL_BYTES = 63
"""A DNS label (the service instance name) holds at most 63 bytes of UTF-8."""


def instance_label(name: str, port: int) -> str:
    """"<name> <port>" as a service instance label: dots (label separators) become
    dashes, and the name is cut, whole characters only, to fit 63 bytes."""
    suffix = f" {port}"
    room = MAX_LABEL_BYTES - len(suffix)
    cut = name.replace(".", "-").encode("utf-8")[:room].decode("utf-8", errors="ignore")
    return cut + suffix


def announce(name: str, port: int, free_seats: int, address: str,
             interfaces: list[str] | None = None) -> Announcement:
    """Announce a host reachable at `address`:`port` (blocking for the few hundred
    ms the registration takes)."""
    zeroconf = Zeroconf(interfaces=interfaces or ["0.0.0.0"], ip_version=IPVersion.V4Only)
    info = _service_info(f"{instance_label(name, port)}.{SERVICE_TYPE}", port, address,
                         free_seats)
    zeroconf.register_service(info, allow_name_change=True)
    return Announcement(zeroconf, info, address)


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
