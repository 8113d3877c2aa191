"""Finished games kept for replays: each in `past-games/` of the config folder,
as the host's record of it (the save document: setup with seed, every decision)
with the players' names, written atomically. A replay is built from the record
alone, so replays of LAN games work on every machine that played."""

from __future__ import annotations

import json
import secrets
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...saves import write_atomically
from .settings import config_dir

FORMAT = "havana-past-game"
VERSION = 1


class PastGameError(ValueError):
    """A past game's file that cannot be replayed; the message says why."""


@dataclass(frozen=True)
class PastGame:
    names: list[str]
    record: dict[str, Any]
    """The save document (`havana_game.saves`)."""


def folder() -> Path:
    return config_dir() / "past-games"


def keep(record: dict[str, Any], names: Sequence[str]) -> str | None:
    """Store a finished game; its file name (None if it could not be written: the
    reason is printed)."""
    name = time.strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3) + ".json"
    document = {"format": FORMAT, "version": VERSION, "names": list(names), "record": record}
    try:
        write_atomically(folder() / name, json.dumps(document).encode("utf-8"))
    except OSError as error:
        print(f"havana: cannot keep this game for replays ({error.strerror or error})",
              file=sys.stderr)
        return None
    return name


def load(name: str) -> PastGame:
    """A stored game by file name (raises `PastGameError`)."""
    path = folder() / Path(name).name
    try:
        document = json.loads(path.read_bytes())
    except (OSError, ValueError) as error:
        raise PastGameError(f"the game {name} cannot be read ({error})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT \
            or not isinstance(document.get("names"), list) \
            or not isinstance(document.get("record"), dict):
        raise PastGameError(f"{name} is not a Havana past game")
    if document.get("version") != VERSION:
        raise PastGameError(f"{name} was written by another Havana (version "
                            f"{document.get('version')!r}; this program reads {VERSION})")
    return PastGame([str(n) for n in document["names"]], document["record"])
