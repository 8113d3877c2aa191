"""The LAN seats this player holds, kept on disk (`lan-seats.json` in the config
folder) so that a client closed or crashed mid-game can take its seat back: the
join screen offers **Rejoin** for each, and Continue and the Saved games screen
list them with the saved games (`saved_seats`). A seat is remembered when the host hands
out its token, and forgotten when its game ends or the host refuses the token.

Bad or foreign content in the file is skipped (one line on standard error): the
file only ever helps, and never stops the game from starting.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..profile.settings import config_dir

GUEST_RETRY = 24 * 3600.0
"""Seconds a seat at a LAN table goes on trying to reach its host: for as long as
the player stays at the table (the host may be restarted meanwhile)."""

FILE = "lan-seats.json"
KEEP_SECONDS = 7 * 24 * 3600
"""A seat not played for a week is forgotten (its host is long gone)."""
MAX_SEATS = 16


@dataclass(frozen=True)
class HeldSeat:
    """A seat at a LAN table this player may take back with its token."""

    address: str
    """host:port as typed or found."""
    code: str
    table: str
    seat: int
    token: str
    name: str
    saved_at: float

    @property
    def host(self) -> str:
        return self.address.rpartition(":")[0]

    @property
    def port(self) -> int:
        return int(self.address.rpartition(":")[2])


def seats_file() -> Path:
    return config_dir() / FILE


def _parse(entry: Any) -> HeldSeat | None:
    """One remembered seat, or None if the entry is not one."""
    try:
        seat = HeldSeat(**entry)
        seat.port  # noqa: B018 - the address must end in a port
        if not (isinstance(seat.seat, int) and isinstance(seat.token, str)
                and isinstance(seat.code, str) and isinstance(seat.table, str)):
            return None
        return seat
    except (TypeError, ValueError):
        return None


def remembered() -> list[HeldSeat]:
    """The seats this player holds, newest first (old ones dropped)."""
    try:
        raw = json.loads(seats_file().read_text("utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as error:
        print(f"havana: the remembered LAN seats cannot be read ({error}); "
              "Rejoin is not offered", file=sys.stderr)
        return []
    entries = raw.get("seats", []) if isinstance(raw, dict) else []
    seats = [seat for entry in entries if (seat := _parse(entry)) is not None]
    cutoff = time.time() - KEEP_SECONDS
    return sorted((s for s in seats if s.saved_at >= cutoff), key=lambda s: -s.saved_at)


def saved_seats() -> list[Any]:
    """The seats held, as the Saved games screen lists them (`localgame.SavedGame`,
    its `held` the seat)."""
    from .localgame import SavedGame
    return [SavedGame(Path("lan-seats", held.table, str(held.seat)), held.saved_at,
                      [held.name], [None], 0, "classic", held=held) for held in remembered()]


def _write(seats: list[HeldSeat]) -> None:
    from ...saves import write_atomically
    document = {"format": 1, "seats": [asdict(seat) for seat in seats[:MAX_SEATS]]}
    try:
        write_atomically(seats_file(), json.dumps(document, indent=1).encode("utf-8"))
    except OSError as error:
        print(f"havana: cannot remember this LAN seat ({error.strerror or error}); "
              "the game goes on, but a restart cannot rejoin it", file=sys.stderr)


def remember(address: str, code: str, table: str, seat: int, token: str, name: str) -> None:
    """Keep the seat `seat` of `table` (at `address`, joined with `code`)."""
    held = HeldSeat(address, code, table, seat, token, name, time.time())
    _write([held, *(s for s in remembered() if (s.table, s.seat) != (table, seat))])


def forget(table: str, seat: int | None = None) -> None:
    """Drop the remembered seat (every seat of `table` if `seat` is None)."""
    kept = [s for s in remembered()
            if not (s.table == table and (seat is None or s.seat == seat))]
    if len(kept) != len(remembered()):
        _write(kept)


def forget_refused(address: str, code: str, seat: int | None) -> None:
    """The host at `address` refused a rejoin of `seat` with `code` (its token no
    longer works, or the table is gone): drop that seat."""
    for held in remembered():
        if (held.address, held.code, held.seat) == (address, code, seat):
            forget(held.table, held.seat)


def touch(table: str, seat: int) -> None:
    """The seat was just played: keep it as recent."""
    for held in remembered():
        if (held.table, held.seat) == (table, seat):
            remember(held.address, held.code, held.table, held.seat, held.token, held.name)
            return
