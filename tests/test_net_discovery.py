"""LAN discovery, restricted to the loopback interface: an announced host shows
up in a browser's list with its current listing (free seats, games in progress,
seats awaiting rejoin, each a different number so that no field can stand in for
another); a live browser follows changes and sees the host leave. Waits are for a
condition, with time-outs generous enough for a loaded machine."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

from net import PROTOCOL_VERSION
from net.discovery import Announcement, Listing, LiveBrowser, announce, browse, instance_label

LOOPBACK = ["127.0.0.1"]


WAIT = 60.0
"""Seconds a condition may take on a loaded machine before the test fails."""


def test_announced_host_is_found_with_its_listing():
    # Name and port of this process only: another test run on the machine announces too.
    port = 20000 + os.getpid() % 40000
    announcement = announce(f"test table {os.getpid()}", port, Listing(free=3), "127.0.0.1",
                            interfaces=LOOPBACK)
    try:
        announcement.update(Listing(free=2, playing=5, away=4)).result(timeout=WAIT)
        deadline = time.monotonic() + WAIT
        mine: list = []
        while not mine and time.monotonic() < deadline:  # one browse, then another
            mine = [h for h in browse(timeout=2.5, interfaces=LOOPBACK) if h.port == port]
    finally:
        announcement.close()
    assert mine and mine[0].address == "127.0.0.1"
    assert mine[0].free_seats == 2 and mine[0].version == PROTOCOL_VERSION
    assert (mine[0].playing, mine[0].away) == (5, 4)


def test_long_names_are_cut_to_a_dns_label_on_whole_characters():
    label = instance_label("Мой компьютер." * 10, 40123)
    assert len(label.encode("utf-8")) <= 63 and label.endswith(" 40123")
    assert "." not in label and label.startswith("Мой компьютер-")
    assert instance_label("Ana", 7) == "Ana 7"


def _until(browser: LiveBrowser, port: int, check, seconds: float = WAIT):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        mine = [h for h in browser.hosts() if h.port == port]
        if check(mine):
            return mine
        time.sleep(0.05)
    raise AssertionError(f"not seen within {seconds} s: {browser.hosts()}")


def test_a_live_browser_follows_a_game_starting_a_player_leaving_and_the_host_going():
    port = 20000 + (os.getpid() + 7) % 40000
    browser = LiveBrowser(interfaces=LOOPBACK)
    announcement = announce(f"live table {os.getpid()}", port, Listing(free=1), "127.0.0.1",
                            interfaces=LOOPBACK)
    try:
        found = _until(browser, port, lambda mine: mine and mine[0].free_seats == 1)
        assert (found[0].playing, found[0].away, found[0].place) == (0, 0, f"127.0.0.1:{port}")
        assert found[0].name == f"live table {os.getpid()}"  # as announced, no port added
        announcement.update(Listing(free=0, playing=2, away=1)).result(timeout=WAIT)
        found = _until(browser, port, lambda mine: mine and mine[0].playing == 2)
        assert (found[0].free_seats, found[0].away) == (0, 1)
    finally:
        announcement.close()
    try:
        _until(browser, port, lambda mine: not mine)
    finally:
        browser.close()


@contextmanager
def _browsed(name: str, offset: int, listing: Listing
             ) -> Iterator[tuple[LiveBrowser, Announcement, int]]:
    """A live browser, and a host `name` (this process's) announced with `listing`
    at a port of this process's (`offset` apart from the other tests')."""
    port = 20000 + (os.getpid() + offset) % 40000
    browser = LiveBrowser(interfaces=LOOPBACK)
    announcement = announce(f"{name} {os.getpid()}", port, listing, "127.0.0.1",
                            interfaces=LOOPBACK)
    try:
        yield browser, announcement, port
    finally:
        announcement.close()
        browser.close()


def test_a_listing_that_changes_and_changes_back_shows_the_last_one():
    """A player away then back within a second (1 player away, then none): the
    browser ends showing the listing announced last, not the one in between
    (zeroconf keeps a record refreshed within a second beside a newer one)."""
    with _browsed("blip table", 11, Listing(playing=1)) as (browser, announcement, port):
        _until(browser, port, lambda mine: mine and mine[0].playing == 1)
        announcement.update(Listing(playing=1, away=1)).result(timeout=WAIT)
        announcement.update(Listing(playing=1)).result(timeout=WAIT)
        time.sleep(1.5)  # every announcement heard and resolved
        found = _until(browser, port, lambda mine: mine and mine[0].away == 0)
        assert found[0].playing == 1


def test_a_live_browser_shows_a_new_listing_even_without_a_change_notice(monkeypatch):
    """A change notice lost (zeroconf gave none, or gave it before the record came):
    the browser still shows the listing announced last, by reading every known
    host's newest record again every few seconds."""
    from net import discovery

    with _browsed("quiet table", 13, Listing(free=2)) as (browser, announcement, port):
        _until(browser, port, lambda mine: mine and mine[0].free_seats == 2)
        monkeypatch.setattr(discovery._Collector, "update_service", lambda *args: None)
        announcement.update(Listing(free=1, playing=1)).result(timeout=WAIT)
        found = _until(browser, port, lambda mine: mine and mine[0].playing == 1,
                       seconds=3 * discovery.RECHECK_S + 5)
        assert found[0].free_seats == 1
