"""LAN discovery (PROTOCOL.md "Discovery"): hosts announce `_havana._tcp` over
mDNS/DNS-SD (zeroconf), the standard way to find services on a LAN without
configuration; clients browse for it. Typing host:port always works as well.

The join code is never announced: finding a host is not joining it.
"""

from __future__ import annotations

import socket
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from zeroconf import DNSText, IPVersion, ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf

from . import PROTOCOL_VERSION
from .listing import Listing

__all__ = ["SERVICE_TYPE", "Announcement", "FoundHost", "Listing", "LiveBrowser", "announce",
           "browse", "instance_label"]

SERVICE_TYPE = "_havana._tcp.local."
TXT = 16
"""The DNS record type of a service's properties (RFC 1035)."""
CLASS_IN = 1
"""The DNS class of Internet records (RFC 1035)."""


@dataclass(frozen=True)
class FoundHost:
    name: str
    address: str
    port: int
    free_seats: int
    version: int
    """The host's protocol version (joinable only if it equals ours)."""
    playing: int = 0
    """Tables in progress there (0 from hosts that do not say)."""
    away: int = 0
    """Seats there waiting for their player to rejoin."""

    @property
    def place(self) -> str:
        """host:port, as typed in the join screen."""
        return f"{self.address}:{self.port}"


def _service_info(name: str, port: int, address: str, listing: Listing,
                  sequence: int) -> ServiceInfo:
    """The record of the host at `address`:`port` with service instance `name`,
    its `sequence`-th listing."""
    return ServiceInfo(
        SERVICE_TYPE, name, port=port, addresses=[socket.inet_aton(address)],
        server=f"havana-{port}.local.",
        properties={"version": str(PROTOCOL_VERSION), "free": str(listing.free),
                    "playing": str(listing.playing), "away": str(listing.away),
                    "seq": str(sequence)})


class Announcement:
    """A host's mDNS record; `update()` republishes its listing, `close()`
    withdraws it. Updates go out from one worker thread, in order, and never block
    the caller (the host's event loop). Each listing is numbered (TXT `seq`), so
    that a browser holding several of them knows the newest (see `_newest`)."""

    def __init__(self, zeroconf: Zeroconf, info: ServiceInfo, address: str) -> None:
        self._zeroconf = zeroconf
        self._info = info
        self._address = address
        self._sequence = 0
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="havana-announce")

    def update(self, listing: Listing) -> Future[None]:
        """Announce `listing` from now on (done when the future is)."""
        return self._worker.submit(self._publish, listing)

    def _publish(self, listing: Listing) -> None:
        info = self._info
        self._sequence += 1
        self._info = _service_info(info.name, info.port or 0, self._address, listing,
                                   self._sequence)
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


def announce(name: str, port: int, listing: Listing, address: str,
             interfaces: list[str] | None = None) -> Announcement:
    """Announce a host reachable at `address`:`port` (blocking for the few hundred
    ms the registration takes)."""
    zeroconf = Zeroconf(interfaces=interfaces or ["0.0.0.0"], ip_version=IPVersion.V4Only)
    info = _service_info(f"{instance_label(name, port)}.{SERVICE_TYPE}", port, address,
                         listing, 0)
    zeroconf.register_service(info, allow_name_change=True)
    return Announcement(zeroconf, info, address)


class _Collector(ServiceListener):
    """Service names seen, and which ones changed since they were last resolved
    (zeroconf calls these on its own thread, which must not block)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.names: set[str] = set()
        self.changed: set[str] = set()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            self.names.add(name)
            self.changed.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.add_service(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            self.names.discard(name)
            self.changed.discard(name)


def _number(props: dict[str, str], key: str) -> int:
    return int(props.get(key, "0"))


def _properties(info: ServiceInfo) -> dict[str, str]:
    return {k.decode(): (v or b"").decode() for k, v in info.properties.items()}


def _sequence(props: dict[str, str]) -> int:
    """The listing's number (0: none, or not a number)."""
    try:
        return _number(props, "seq")
    except ValueError:
        return 0


def _newest(zeroconf: Zeroconf, info: ServiceInfo) -> dict[str, str]:
    """The newest listing (highest `seq`) among the service's TXT records that
    `zeroconf` holds. It may hold several, and not the newest last: a record
    refreshed within a second of a newer one is kept beside it (RFC 6762 10.2),
    so a listing that changes and changes back (a player away, then back) would
    otherwise leave the middle one showing; and an answer to a query can be
    sent after a newer announcement. Hosts that do not number read as 0."""
    newest = _properties(info)
    for record in zeroconf.cache.get_all_by_details(info.name, TXT, CLASS_IN):
        if isinstance(record, DNSText):
            props = _properties(ServiceInfo(SERVICE_TYPE, info.name, properties=record.text))
            if _sequence(props) > _sequence(newest):
                newest = props
    return newest


def _found(info: ServiceInfo, props: dict[str, str]) -> FoundHost | None:
    addresses = info.parsed_addresses(IPVersion.V4Only)
    try:
        label = info.name.removesuffix("." + SERVICE_TYPE)
        return FoundHost(label.removesuffix(f" {info.port}"), addresses[0],  # the host's name
                         int(info.port or 0), _number(props, "free"), _number(props, "version"),
                         _number(props, "playing"), _number(props, "away"))
    except (IndexError, ValueError):
        return None


RECHECK_S = 2.0
"""Seconds between two reads of every known host's newest listing by a live browser."""


class LiveBrowser:
    """The hosts announced on the LAN, kept current in the background while it is
    open (hosts appear, change their listing and leave): `hosts()` is the list now;
    `close()` stops browsing."""

    def __init__(self, interfaces: list[str] | None = None, every: float = 0.25) -> None:
        self._zeroconf = Zeroconf(interfaces=interfaces or ["0.0.0.0"],
                                  ip_version=IPVersion.V4Only)
        self._collector = _Collector()
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, self._collector)
        self._found: dict[str, FoundHost] = {}
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._every = every
        self._resolver = threading.Thread(target=self._resolve, daemon=True,
                                          name="havana-browse")
        self._resolver.start()

    def hosts(self) -> list[FoundHost]:
        """The hosts found and still announced, by name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda host: (host.name, host.port))

    def _resolve(self) -> None:
        """Resolve the records of new and changed services, and every `RECHECK_S`
        all of them (a change notice zeroconf did not give, or gave before the
        record it announced was cached, does not leave a listing behind); forget
        removed ones."""
        collector = self._collector
        recheck = time.monotonic() + RECHECK_S
        while not self._closed.wait(self._every):
            with collector.lock:
                names, changed = set(collector.names), set(collector.changed)
                collector.changed.clear()
            if time.monotonic() >= recheck:
                changed, recheck = names, time.monotonic() + RECHECK_S
            for name in changed:
                info = self._zeroconf.get_service_info(SERVICE_TYPE, name, timeout=500)
                if info is None or (host := _found(info, _newest(self._zeroconf, info))) is None:
                    with collector.lock:
                        collector.changed.add(name)  # try again
                    continue
                with self._lock:
                    self._found[name] = host
            with self._lock:
                for gone in set(self._found) - names:
                    del self._found[gone]

    def close(self) -> None:
        self._closed.set()
        self._resolver.join(timeout=2)
        self._browser.cancel()
        self._zeroconf.close()


def browse(timeout: float = 2.5, interfaces: list[str] | None = None) -> list[FoundHost]:
    """Hosts announced on the LAN, found within `timeout` seconds."""
    browser = LiveBrowser(interfaces, every=0.1)
    try:
        time.sleep(timeout)
        return browser.hosts()
    finally:
        browser.close()
