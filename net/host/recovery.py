"""Resuming a save folder (PROTOCOL.md "Persistence"): every table's latest
snapshot, then the journal records after it replayed through the engine (which
is deterministic, and each record's resulting version is checked)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from havana_game.rules import IllegalDecision, from_json
from havana_game.saves import SaveError

from . import journal
from .persist import load_snapshots, table_from_document
from .table import Table, command_digest


@dataclass
class Recovered:
    tables: list[Table]
    """By table id."""
    next_lsn: int
    """The LSN the journal continues with."""
    replayed: set[str] = field(default_factory=set)
    """Ids of the tables that journal records changed after their snapshot."""
    notes: list[str] = field(default_factory=list)
    """Warnings (a torn tail left out)."""


def recover(folder: Path) -> Recovered:
    """Every table saved in `folder`; raises SaveError naming what is damaged."""
    tables: dict[str, Table] = {}
    covered: dict[str, int] = {}
    for table, lsn in load_snapshots(folder):
        tables[table.id], covered[table.id] = table, lsn
    last = max(covered.values(), default=0)
    result = Recovered([], 0)
    previous: int | None = None
    for _, path in journal.segments(folder):
        contents = journal.read_segment(path)
        if contents.torn:
            result.notes.append(f"{path.name}: left out a torn last record ({contents.torn} "
                                "bytes, written during the crash and never acknowledged)")
        for lsn, record in contents.records:
            if previous is not None and lsn != previous + 1:
                raise SaveError(f"{path.name}: journal record {lsn} follows {previous}: "
                                "records are missing")
            previous = last = lsn
            try:
                table_id = str(record[1])
                if lsn > covered.get(table_id, 0):
                    _replay(tables, table_id, record)
                    result.replayed.add(table_id)
            except (SaveError, IllegalDecision, LookupError, TypeError, ValueError) as error:
                raise SaveError(f"{path.name}: journal record {lsn} cannot be replayed: "
                                f"{error}") from None
    for table_id in result.replayed:
        if tables[table_id].game is not None:
            tables[table_id].refresh_prompts()
    result.tables = [tables[key] for key in sorted(tables)]
    result.next_lsn = last + 1
    return result


def _replay(tables: dict[str, Table], table_id: str, record: list[Any]) -> None:
    """Apply one journal record: a whole table ("t") or one decision ("d")."""
    if record[0] == "t":
        tables[table_id] = table_from_document(record[2])
        return
    _, _, seat, decision, version, seq = record
    game = tables[table_id].game
    if record[0] != "d" or game is None:
        raise SaveError("not a decision of a started game")
    game.play(seat, from_json(decision, game.rules.names))
    if game.state.version != version:
        raise SaveError(f"the replay reached version {game.state.version}, not {version}")
    if seq is not None:
        tables[table_id].seats[seat].applied(seq, version, command_digest(decision))
