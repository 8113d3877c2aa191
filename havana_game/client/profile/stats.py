"""Past games and statistics of this profile (the config folder): every game
finished at this screen (local, hotseat or LAN) is recorded in `stats.json`,
written atomically, so a crash leaves the old file or the new one; a damaged
file is moved aside (never overwritten) and said so.

The figures count the seats played at this screen ("you"; each hotseat player
counts): games played and won, by player count and by opponent level, average
and best VP, average rounds, the action cards played and the buildings built
most often.
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...rules import View
from ...saves import write_atomically
from ..table.seatstate import SeatState
from .settings import config_dir

STATS_FILE = "stats.json"
FORMAT = 1
KEPT = 5000
"""Games kept in the file (the oldest go first)."""
FAVOURITES = 3
"""Cards and buildings named as favourites."""

Name = Annotated[str, Field(max_length=64)]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SeatRecord(_Record):
    """One seat of a finished game."""

    name: Name
    level: Name | None
    """The bot level playing the seat at the end, None for a person."""
    here: bool
    """Played at this screen."""
    vp: Annotated[int, Field(ge=0, le=999)]
    won: bool
    built: Annotated[list[Name], Field(max_length=64)]
    played: dict[Name, Annotated[int, Field(ge=0, le=999)]]
    """Action cards (by name, as in the catalogs' `card.<name>`) this seat carried
    out, and how often."""


class GameRecord(_Record):
    finished: float
    """When the game ended (seconds since the epoch)."""
    edition: Name
    rounds: Annotated[int, Field(ge=0, le=999)]
    end_reason: Name
    hints: Annotated[int, Field(ge=0)] = 0
    takebacks: Annotated[int, Field(ge=0)] = 0
    seats: Annotated[list[SeatRecord], Field(min_length=2, max_length=4)]
    replay: Name | None = None
    """The game's file in `pastgames.folder()`, if it was kept for replays."""
    conceded: bool = False
    """Ended by the players at this screen conceding (they lost it)."""


class StatsFile(_Record):
    format: Annotated[int, Field(ge=1, le=FORMAT)]
    games: Annotated[list[GameRecord], Field(max_length=KEPT)]


def stats_path() -> Path:
    return config_dir() / STATS_FILE


def record_of(view: View, events: Sequence[dict[str, Any]], names: Sequence[str],
              levels: Sequence[str | None], here: Sequence[int], card_names: Sequence[str],
              hints: int = 0, replay: str | None = None, takebacks: int = 0,
              conceded: bool = False) -> GameRecord:
    """The record of a game from its final view and its whole story (`events`);
    `levels`: each seat's bot level or None; `here`: the seats at this screen;
    `card_names`: the edition's card names by card index; `replay`: its file
    for replays; `conceded`: given up before its end (nobody won it)."""
    played: list[Counter[str]] = [Counter() for _ in range(view["players"])]
    for event in events:
        if event["kind"] == "action":
            played[event["data"]["seat"]][card_names[event["data"]["card"]]] += 1
    seats = [SeatRecord(name=names[seat][:64], level=levels[seat], here=seat in here,
                        vp=view["seats"][seat]["vp"], won=seat in view["winners"],
                        built=list(view["seats"][seat]["built"]), played=dict(played[seat]))
             for seat in range(view["players"])]
    return GameRecord(finished=time.time(), edition=view["ruleset"], rounds=view["round"],
                      end_reason="conceded" if conceded else view["end_reason"] or "",
                      hints=hints, seats=seats, replay=replay, takebacks=takebacks,
                      conceded=conceded)


def levels_of(seats: Sequence[SeatState], players: int) -> list[str | None]:
    """Each seat's bot level (None for a person), from the host's seat list."""
    by_seat = {s.seat: s for s in seats}
    return [by_seat[seat].level if seat in by_seat and by_seat[seat].kind != "human"
            else None for seat in range(players)]


def load() -> list[GameRecord]:
    """Every recorded game, oldest first. A file that cannot be read is moved
    aside as `stats.json.damaged-<time>` (the reason is printed) and counts as none."""
    return _read() or []


def _read() -> list[GameRecord] | None:
    """The recorded games; None if the file is damaged and could not be moved
    aside (then nothing may be written over it)."""
    path = stats_path()
    try:
        return list(StatsFile.model_validate(json.loads(path.read_bytes())).games)
    except FileNotFoundError:
        return []
    except (OSError, ValueError, ValidationError) as error:
        aside = path.with_name(f"{STATS_FILE}.damaged-{int(time.time())}")
        print(f"havana: the statistics in {path} cannot be read ({_short(error)}); the file "
              f"is kept as {aside.name} and new statistics start", file=sys.stderr)
        try:
            path.replace(aside)
        except OSError as failure:
            print(f"havana: cannot move {path} aside ({failure.strerror or failure}); no "
                  "statistics are saved", file=sys.stderr)
            return None
        return []


def add(record: GameRecord) -> None:
    """Record a finished game (written atomically; an error is printed, the game
    and the screen go on)."""
    games = _read()
    if games is None:
        return
    document = StatsFile(format=FORMAT, games=[*games, record][-KEPT:]).model_dump_json()
    try:
        write_atomically(stats_path(), document.encode("utf-8"))
    except OSError as error:
        print(f"havana: cannot save the statistics ({error.strerror or error})",
              file=sys.stderr)


def _short(error: Exception) -> str:
    return str(error).splitlines()[0][:200]


@dataclass(frozen=True)
class Tally:
    """Games played and won."""

    played: int = 0
    won: int = 0

    def add(self, won: bool) -> Tally:
        return Tally(self.played + 1, self.won + int(won))


@dataclass(frozen=True)
class Summary:
    """The profile's figures over the seats played at this screen."""

    total: Tally
    average_vp: float
    best_vp: int
    average_rounds: float
    by_players: dict[int, Tally]
    by_level: dict[str, Tally]
    """Games against at least one bot of a level."""
    cards: list[tuple[str, int]]
    buildings: list[tuple[str, int]]
    conceded: int = 0
    """Games given up before their end: lost, and left out of the VP and round
    figures (they stopped short of a real score)."""
    hints: int = 0
    takebacks: int = 0
    """Hints asked for and decisions taken back, over every game."""


def summarize(games: Sequence[GameRecord]) -> Summary:
    total = Tally()
    by_players: dict[int, Tally] = {}
    by_level: dict[str, Tally] = {}
    vps: list[int] = []
    rounds: list[int] = []
    cards: Counter[str] = Counter()
    buildings: Counter[str] = Counter()
    for game in games:
        for seat in (s for s in game.seats if s.here):
            total = total.add(seat.won)
            count = len(game.seats)
            by_players[count] = by_players.get(count, Tally()).add(seat.won)
            for level in {s.level for s in game.seats if s.level is not None and s is not seat}:
                by_level[level] = by_level.get(level, Tally()).add(seat.won)
            if not game.conceded:
                vps.append(seat.vp)
                rounds.append(game.rounds)
            cards.update(seat.played)
            buildings.update(seat.built)
    return Summary(total, sum(vps) / len(vps) if vps else 0.0, max(vps, default=0),
                   sum(rounds) / len(rounds) if rounds else 0.0,
                   dict(sorted(by_players.items())), dict(sorted(by_level.items())),
                   cards.most_common(FAVOURITES), buildings.most_common(FAVOURITES),
                   sum(1 for game in games if game.conceded),
                   sum(game.hints for game in games), sum(game.takebacks for game in games))
