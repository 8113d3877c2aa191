"""Local games (single player, hotseat) on the `net` host in-process, saved as
they go so that Continue and the Saved games screen can pick them up after a
quit or a crash.

Each unfinished game has its own slot, a folder under `slots_dir()`: the host
writes its table file there after every change, and the client keeps the seat
tokens beside it (`session.json`) to take its seats back. Starting a game never
touches another slot; a slot goes when its game ends or the player deletes it.
Released versions kept one slot, `local-game/`; it is moved in with the others.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...editions import DEFAULT_EDITION
from ..profile.settings import config_dir

SESSION = "session.json"
TABLE_SUFFIX = ".havana-table.json"
RELEASED_SLOT = "local-game"
"""The one save folder of versions before save slots."""


@dataclass(frozen=True)
class SavedGame:
    """An unfinished game, as the Saved games screen lists it: a local game, a
    LAN table this client hosts (`hosted`, `lanhost`), or a seat this player
    holds at another's LAN table (`held`, `lanseats`)."""

    folder: Path
    saved: float
    """When it last changed (seconds since the epoch)."""
    names: list[str]
    levels: list[str | None]
    """Each seat's bot level, None for a player at this screen."""
    round: int
    edition: str
    hosted: bool = False
    held: Any = None
    """The `lanseats.HeldSeat` of a LAN seat held here, taken back with its token."""


def slots_dir() -> Path:
    return config_dir() / "local-games"


def saved_games() -> list[SavedGame]:
    """The unfinished local games, the most recently played first. A slot that
    cannot be read is left on disk untouched (the reason is printed)."""
    _adopt_released_slot()
    found = []
    folders = sorted(slots_dir().iterdir()) if slots_dir().is_dir() else []
    for folder in folders:
        if not (folder / SESSION).exists():
            continue  # being started, or not a slot
        try:
            found.append(_read_slot(folder))
        except (OSError, ValueError, KeyError, TypeError, IndexError) as error:
            print(f"havana: the saved game in {folder} cannot be listed ({error})",
                  file=sys.stderr)
    return sorted(found, key=lambda game: game.saved, reverse=True)


def _read_slot(folder: Path) -> SavedGame:
    """A slot's listing, from its session; sessions written before they kept
    the seats' levels, the edition and the round (released versions) take them
    from the table file's last snapshot."""
    session = json.loads((folder / SESSION).read_text("utf-8"))
    names = [str(name) for name in session["names"]]
    if "levels" in session:
        levels = [None if level is None else str(level) for level in session["levels"]]
        edition, rounds = str(session["edition"]), int(session["round"])
    else:
        tables = list(folder.glob("*" + TABLE_SUFFIX))
        if len(tables) != 1:
            raise ValueError(f"{len(tables)} table files")
        table = json.loads(tables[0].read_text("utf-8"))
        levels = [seat["level"] if seat["kind"] == "bot" else None for seat in table["seats"]]
        edition = str(table["edition"])
        rounds = int(session.get("round", table["game"]["state"]["round"]))
    if len(levels) != len(names):
        raise ValueError("the session names another number of players")
    saved = max(path.stat().st_mtime for path in folder.iterdir())
    return SavedGame(folder, saved, names, levels, rounds, edition)


def _adopt_released_slot() -> None:
    """Move the released versions' single save (`local-game/`) in as a slot."""
    released = config_dir() / RELEASED_SLOT
    if not (released / SESSION).exists():
        return
    stamp = max(path.stat().st_mtime for path in released.iterdir())
    try:
        slots_dir().mkdir(parents=True, exist_ok=True)
        os.replace(released, _new_slot_path(stamp))
    except OSError as error:
        print(f"havana: cannot move the saved game in {released} in with the others "
              f"({error.strerror or error})", file=sys.stderr)


def _new_slot_path(stamp: float) -> Path:
    """A fresh slot folder name: its date, then random letters."""
    day = time.strftime("%Y%m%d-%H%M%S", time.localtime(stamp))
    return slots_dir() / f"{day}-{secrets.token_hex(3)}"


def forget(folder: Path) -> None:
    """Delete one slot (its game ended, or the player deleted it)."""
    shutil.rmtree(folder, ignore_errors=True)


def start(kinds: Sequence[str], ages: Sequence[int | None] = (),
          seed: int | None = None, edition: str = DEFAULT_EDITION,
          names: Sequence[str] = ()) -> tuple[Any, Path]:
    """A fresh in-process host saving into a new slot, its table playing
    `edition` (its bots called by `names`, as chosen), and the slot; `ages`
    (every seat's, or none) break turn-order ties; `seed` fixes the deal."""
    from net.host import HostConfig
    from net.local import start_local_host

    from ...content import find_edition
    folder = _new_slot_path(time.time())
    folder.mkdir(parents=True)
    known = list(ages) if len(ages) == len(kinds) and all(a is not None for a in ages) else None
    config = HostConfig(save_dir=folder, seed=seed, takebacks=True)
    host = start_local_host(len(kinds), list(kinds), config, ages=known,
                            rules=find_edition(edition), names=names)
    return host, folder


def resume(folder: Path) -> tuple[Any, dict[str, Any]] | None:
    """The table saved in slot `folder` on a new in-process host, and the saved
    session (code, names, tokens, levels, edition); None if the slot cannot be
    resumed (the reason is printed, the files are left as they are)."""
    from net.host import Host, HostConfig
    from net.local import LocalHost
    try:
        session = json.loads((folder / SESSION).read_text("utf-8"))
        host = Host(HostConfig(save_dir=folder, takebacks=True))
        tables = host.resume(folder)
    except (OSError, ValueError) as error:
        print(f"havana: the saved game cannot be resumed ({error})", file=sys.stderr)
        return None
    if len(tables) != 1 or tables[0].code != session.get("code") or tables[0].game is None:
        print("havana: the saved game's files do not belong together; not resumed",
              file=sys.stderr)
        return None
    session.setdefault("levels", [s.level if s.kind == "bot" else None for s in tables[0].seats])
    session.setdefault("edition", tables[0].rules.name)  # (sessions of released versions)
    return LocalHost.serve(host, "havana-local-host", code=tables[0].code), session


def write_session(folder: Path, code: str, names: Sequence[str], tokens: dict[int, str],
                  round_number: int, takebacks: int, levels: Sequence[str | None],
                  edition: str, hints: int = 0) -> None:
    """Remember what is needed to take the seats back, and what the Saved games
    screen lists (each seat's AI level or None, the edition, the round reached),
    and the take-backs and hints so far (the results count them)."""
    document = {"code": code, "names": list(names), "round": round_number,
                "takebacks": takebacks, "hints": hints, "levels": list(levels),
                "edition": edition,
                "tokens": {str(seat): token for seat, token in tokens.items()}}
    from ...saves import write_atomically
    try:
        write_atomically(folder / SESSION, json.dumps(document).encode("utf-8"))
    except OSError as error:
        print(f"havana: cannot save the seats of this game for resuming "
              f"({error.strerror or error}); the game goes on", file=sys.stderr)


@dataclass(frozen=True)
class Setup:
    """A local game's seats as the New game screen sets them up (Play again
    starts from the last game's)."""

    kinds: list[str]
    """"human" or an AI level, one per seat."""
    names: list[str]
    edition: str = DEFAULT_EDITION


def keep(game: Any, names: Sequence[str], levels: Sequence[str | None],
         folder: Path | None = None) -> Path | None:
    """Save `game`, played in this process (the game after a lesson), as a local
    game in slot `folder` (again, as it stands now) or a new slot, so that
    Continue and the Saved games screen resume it on a host like any other: its
    players' seats taken back with their tokens, its bots (`levels`) played by
    the host. The slot, or None if it cannot be written (the reason is printed)."""
    from net.host.credentials import new_token, token_hash
    from net.host.persist import table_to_document, write_snapshot
    from net.host.table import Seat, Table
    try:
        if folder is None:
            folder = _new_slot_path(time.time())
            folder.mkdir(parents=True)
        old = json.loads((folder / SESSION).read_text("utf-8")) \
            if (folder / SESSION).exists() else {}
        table = Table(game.rules, len(names), game=game, host_seat=levels.index(None))
        saved = list(folder.glob("*" + TABLE_SUFFIX))
        if saved and old.get("code"):  # the same table, saved again
            table.id, table.code = saved[0].name[:-len(TABLE_SUFFIX)], str(old["code"])
        tokens: dict[int, str] = {}
        for seat, (name, level) in enumerate(zip(names, levels, strict=True)):
            if level is None:
                tokens[seat] = str(old.get("tokens", {}).get(str(seat)) or new_token())
                table.seats[seat] = Seat(seat, "human", name, token_hash=token_hash(tokens[seat]))
            else:
                table.seats[seat] = Seat(seat, "bot", name, level=level)
        write_snapshot(folder, table_to_document(table))
    except OSError as error:
        print(f"havana: cannot save this game for Continue ({error.strerror or error})",
              file=sys.stderr)
        return None
    write_session(folder, table.code, names, tokens, game.state.round, 0, levels,
                  game.rules.name)
    return folder
