"""What a host tells the LAN about its tables (PROTOCOL.md "Discovery"); kept apart
from `net.discovery` so that the host needs no mDNS library to count it."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Listing:
    """What a host announces about its tables."""

    free: int = 0
    """Seats anyone may join: open seats in lobbies, and seats handed on in games."""
    playing: int = 0
    """Tables whose game is running."""
    away: int = 0
    """Human seats of running games whose player is not connected (they may rejoin)."""
