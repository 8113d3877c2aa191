"""Table snapshots (PROTOCOL.md "Persistence"): one JSON file per table, written
atomically (temp file, fsync, os.replace, fsync of the folder) when the journal is
compacted.

The game part is the engine's save document (`havana_game.saves`): setup plus
decision history, replayed and checked on load. Seats keep only the sha256 of
their tokens, and the last few applied commands per seat, so a command resent
after a crash is answered again, never applied twice. `lsn` is the journal's
log sequence number the snapshot includes: recovery replays only the table's
journal records after it.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path
from typing import Any

import msgpack

from havana_game.content import DEFAULT_EDITION, UnknownEdition, edition_for, find_edition
from havana_game.game import Game, Seating
from havana_game.rules import Ruleset, legal_decisions
from havana_game.saves import SaveError, game_from_document, game_to_document, write_atomically

from .table import UNKNOWN_DIGEST, Seat, Table, default_bot_level

SUFFIX = ".havana-table.json"
FORMAT = "havana-table"
VERSION = 5
"""Version 4 (still read) held a game of save format 2 (migrated on loading: a
2024 game's materials in classic words, no seatings) and kept a handed-on seat's
old name; version 3 (still read) had no `edition` and `ages` (a lobby was classic, without
ages); version 2 (still read, as of journal position 0) had no `lsn`; version 1
(still read) kept only the last applied command per seat."""


def table_to_document(table: Table, lsn: int = 0) -> dict[str, Any]:
    """The table as saved: as of journal record `lsn` (0: the journal is not used)."""
    return {
        "format": FORMAT, "version": VERSION, "id": table.id, "code": table.code,
        "players": table.players, "host_seat": table.host_seat, "lsn": lsn,
        "revision": table.revision, "edition": table.rules.name,
        "ages": list(table.ages) if table.ages is not None else None,
        "seats": [{"kind": s.kind, "name": s.name, "level": s.level if s.kind != "human" else None,
                   "token_sha256": s.token_hash,
                   "recent": [[seq, version, int(digest)]
                              for seq, (version, digest) in s.recent.items()]}
                  for s in table.seats],
        "game": game_to_document(table.game) if table.game is not None else None,
    }


def write_snapshot(folder: Path, doc: dict[str, Any]) -> None:
    """Write a table document as the table's snapshot file, atomically."""
    data = json.dumps(doc, separators=(",", ":")).encode("utf-8")
    write_atomically(folder / f"{doc['id']}{SUFFIX}", data)


def table_from_document(doc: dict[str, Any]) -> Table:
    """Rebuild a table; raises SaveError if the document is not a valid table save,
    or (starting "unknown_edition:") if its game was dealt from card or building
    data this program does not have under the edition's name: no player of this
    program could sit at it (`content.edition_for`)."""
    try:
        if doc["format"] != FORMAT or doc["version"] not in (1, 2, 3, 4, VERSION):
            raise SaveError("not a Havana table save of a known version")
        game = game_from_document(doc["game"]) if doc["game"] is not None else None
        rules = find_edition(str(doc.get("edition", DEFAULT_EDITION))) if game is None \
            else edition_for(game.rules.name, game.rules.fingerprint)
        ages = doc.get("ages")
        table = Table(rules, int(doc["players"]), id=str(doc["id"]), code=str(doc["code"]),
                      host_seat=doc["host_seat"], game=game,
                      revision=int(doc.get("revision", 0)),
                      ages=tuple(None if a is None else int(a) for a in ages) if ages else None)
        for index, raw in enumerate(doc["seats"]):
            seat = Seat(index, kind=raw["kind"],
                        name=str(raw["name"]) if raw["kind"] != "open" else "",
                        token_hash=raw["token_sha256"])
            for seq, version, digest in _recent(raw):
                seat.applied(seq, version, digest)
            table.seats[index] = seat
            if seat.kind == "bot":
                table.set_standin(index, raw["level"])
            elif seat.kind == "open" and game is not None:  # handed on: a bot keeps it
                table.set_standin(index, raw["level"] or default_bot_level())
    except UnknownEdition as error:
        raise SaveError(f"unknown_edition: table {doc.get('code')} plays data this program "
                        f"does not have ({error}); a released edition's data is frozen, a "
                        "changed deck is a new edition name") from None
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise SaveError(f"damaged table save: {type(error).__name__}") from None
    if game is not None:
        table.refresh_prompts()
    return table


def _recent(raw: dict[str, Any]) -> list[tuple[int, int, int]]:
    """A saved seat's applied commands, oldest first, as (seq, version, digest);
    older saves kept no digest (version 1: just the last command)."""
    if "recent" in raw:
        return [(int(seq), int(version), int(rest[0]) if rest else UNKNOWN_DIGEST)
                for seq, version, *rest in raw["recent"]]
    if raw["last_seq"] < 0:
        return []
    return [(int(raw["last_seq"]), int(raw["last_version"]), UNKNOWN_DIGEST)]


def load_snapshots(folder: Path) -> list[tuple[Table, int]]:
    """Every table snapshot in `folder` with the journal position it includes
    (raises SaveError naming a damaged file)."""
    tables = []
    for path in sorted(folder.glob(f"*{SUFFIX}")):
        try:
            doc = json.loads(path.read_bytes())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise SaveError(f"cannot read {path.name}: {type(error).__name__}") from None
        try:
            tables.append((table_from_document(doc), int(doc.get("lsn", 0))))
        except (SaveError, TypeError, ValueError) as error:
            raise SaveError(f"{path.name}: {error}") from None
    return tables


COMPACT_VERSION = 1


def _varints(numbers: list[int]) -> bytes:
    """Non-negative ints, 7 bits a byte (LEB128): most take one byte."""
    out = bytearray()
    for number in numbers:
        while number >= 0x80:
            out.append(number & 0x7F | 0x80)
            number >>= 7
        out.append(number)
    return bytes(out)


def _from_varints(data: bytes) -> list[int]:
    numbers, number, shift = [], 0, 0
    for byte in data:
        number |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            numbers.append(number)
            number, shift = 0, 0
    return numbers


def _picks(game: Game) -> bytes:
    """The game's decisions as (index among the deciding seat's legal decisions) *
    4 + seat: legality is membership of `legal_decisions`, so each index exists,
    and the engine is deterministic, so a replay meets the same lists."""
    replay = Game.new(game.rules, game.players, game.seed, game.ages)
    picks = []
    for seat, decision in game.history:
        picks.append(legal_decisions(replay.state, seat).index(decision) * 4 + seat)
        replay.play(seat, decision)
    return _varints(picks)


def table_to_compact(table: Table) -> bytes:
    """A finished table as a host keeps it once it has let go of the `Table` (a few
    hundred bytes: the seats, the setup and one or two bytes a decision; its edition
    kept beside it), enough to rebuild it whole with `table_from_compact` in this
    process (the edition's data and the engine are the ones that played it)."""
    game = table.game
    assert game is not None
    seats = [[s.kind, s.name, s.level, bytes.fromhex(s.token_hash) if s.token_hash else None,
              [[seq, version, int(digest)] for seq, (version, digest) in s.recent.items()]]
             for s in table.seats]
    record = [COMPACT_VERSION, table.id, table.code, table.players,
              table.host_seat, table.revision, list(game.ages) if game.ages else None,
              game.seed, seats, [list(s) for s in game.seatings], _picks(game)]
    return zlib.compress(msgpack.packb(record, use_bin_type=True))


def table_from_compact(data: bytes, rules: Ruleset) -> Table:
    """The table `table_to_compact` kept, rebuilt (its game of `rules` replayed)."""
    (_, table_id, code, players, host_seat, revision, ages, seed, seats, seatings,
     picks) = msgpack.unpackb(zlib.decompress(data), raw=False, strict_map_key=False)
    game = Game.new(rules, players, seed, tuple(ages) if ages else None)
    for pick in _from_varints(picks):
        decider = pick & 3
        game.play(decider, legal_decisions(game.state, decider)[pick >> 2])
    game.seatings = [Seating(*s) for s in seatings]
    table = Table(rules, players, id=table_id, code=code, host_seat=host_seat, game=game,
                  revision=revision, ages=game.ages)
    for index, (kind, name, level, token, recent) in enumerate(seats):
        seat = table.seats[index] = Seat(index, kind=kind, name=name, level=level,
                                         token_hash=token.hex() if token else None)
        for seq, version, digest in recent:
            seat.applied(seq, version, digest)
    table.refresh_prompts()
    return table
