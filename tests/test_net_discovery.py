"""LAN discovery, restricted to the loopback interface: an announced host shows
up in a browser's list within 3 seconds, with its current free-seat count."""

from __future__ import annotations

import os

from net import PROTOCOL_VERSION
from net.discovery import announce, browse, instance_label

LOOPBACK = ["127.0.0.1"]


def test_announced_host_is_found_within_three_seconds():
    # Name and port of this process only: another test run on the machine announces too.
    port = 20000 + os.getpid() % 40000
    announcement = announce(f"test table {os.getpid()}", port, 3, "127.0.0.1",
                            interfaces=LOOPBACK)
    try:
        announcement.update(2).result(timeout=5)  # a seat was taken
        found = browse(timeout=2.5, interfaces=LOOPBACK)
    finally:
        announcement.close()
    mine = [h for h in found if h.port == port]
    assert mine and mine[0].address == "127.0.0.1"
    assert mine[0].free_seats == 2 and mine[0].version == PROTOCOL_VERSION


def test_long_names_are_cut_to_a_dns_label_on_whole_characters():
    label = instance_label("Мой компьютер." * 10, 40123)
    assert len(label.encode("utf-8")) <= 63 and label.endswith(" 40123")
    assert "." not in label and label.startswith("Мой компьютер-")
    assert instance_label("Ana", 7) == "Ana 7"
