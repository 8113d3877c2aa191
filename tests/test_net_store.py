"""What the host's save folder holds after which change (`net.host.store.Store`,
PROTOCOL.md "Persistence"), on real files, with tables played directly (no
sockets: the store is driven the way the host drives it, one loop pass per batch):

- changes committed before the host serves are written once it does;
- a table's snapshot is written every `snapshot_every` decisions and when its game
  ends, and the segment being written stays;
- a segment is finished once it holds `segment_bytes`; finished segments go once
  snapshots cover every table in them (a table found only in an older finished
  segment gets one); a clean stop leaves snapshots only;
- changes made while a batch is in its fdatasync form the next batch, together;
- a clean stop waits for the batch in flight and lets out what waited for it;
- a failed journal write or snapshot is reported, releases nothing and removes no
  segment; a batch the journal's worker can no longer take is never let out;
- resuming snapshots the tables the journal changed and removes the old segments;
- a 2024 game's decisions are journaled in its own words and replayed from them.
"""

from __future__ import annotations

import asyncio
import errno
import json
import random
import shutil
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgpack
import pytest

from havana_game.content import classic_rules, find_edition
from havana_game.rules import Decision, Ruleset, to_json
from net.host.journal import FRAME, read_segment, segment_path, segments
from net.host.persist import SUFFIX, table_to_document
from net.host.recovery import recover
from net.host.store import Store
from net.host.table import Table

from .net_helpers import WatchedFiles, eventually
from .seeds import HOST_SEED

WAIT = 60.0
MANY = 1 << 20
"""`snapshot_every` or `segment_bytes` never reached in a test."""


def _lobby(table_id: str) -> Table:
    """A lobby table; two of them are saved as records of the same size."""
    return Table(classic_rules(), 2, id=table_id, code="CODE")


def _game(table_id: str, rules: Ruleset | None = None) -> Table:
    """A started table of two bots (played here by the test)."""
    table = Table(rules or classic_rules(), 2, id=table_id, seed=HOST_SEED)
    table.start(check_host=False)
    return table


def _decide(table: Table, choose: Callable[[Sequence[Decision]], Decision] = lambda d: d[0]
            ) -> None:
    """The next decision of the table's game, committed as the host does."""
    seat = next(s for s in table.seats if s.legal)
    table.decide(seat.index, choose(seat.legal), table.version)
    table.commit_decision()


def _served(folder: Path, snapshot_every: int = MANY, segment_bytes: int = MANY,
            *tables: Table) -> Store:
    """A store serving from the running loop, the log of `tables`."""
    store = Store(folder, snapshot_every=snapshot_every, segment_bytes=segment_bytes)
    store.start()
    for table in tables:
        table.log = store
    return store


async def _settled(store: Store) -> None:
    """Every committed record is durable and every snapshot job done."""
    await asyncio.wait_for(store.drained(), WAIT)
    await asyncio.wait_for(asyncio.to_thread(store._snapshot_thread.submit(lambda: None).result),
                           WAIT)


def _journal(folder: Path) -> dict[int, list[int]]:
    """Segment number -> the LSNs of the records in it."""
    return {number: [lsn for lsn, _ in read_segment(path).records]
            for number, path in segments(folder)}


def _snapshots(folder: Path) -> dict[str, int]:
    """Table id -> the LSN its snapshot includes."""
    return {doc["id"]: doc["lsn"]
            for doc in (json.loads(path.read_text()) for path in folder.glob(f"*{SUFFIX}"))}


def _frames(path: Path) -> list[list[int]]:
    """The LSNs of each frame (batch) of a segment, frame by frame."""
    data, found = path.read_bytes(), []
    while data:
        length, _ = FRAME.unpack_from(data)
        first, records = msgpack.unpackb(data[FRAME.size:FRAME.size + length])
        found.append([first + i for i in range(len(records))])
        data = data[FRAME.size + length:]
    return found


class Told:
    """A receiver of frames the barrier held (a client, as far as the store knows)."""

    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def deliver(self, data: bytes, drained: bool) -> None:
        self.frames.append(data)


def test_changes_committed_before_the_host_serves_are_written_once_it_does(tmp_path: Path):
    folder = tmp_path / "new" / "saves"  # created, parents too

    async def scenario() -> None:
        store = Store(folder, snapshot_every=MANY, segment_bytes=MANY)
        table = _lobby("a")
        table.log = store
        table.commit()
        await asyncio.sleep(0)
        assert _journal(folder) == {}
        store.start()
        await _settled(store)
        [(_, path)] = segments(folder)
        assert path.name == "journal-00000001.log"
        assert stat.S_IMODE(path.stat().st_mode) == 0o600  # token hashes: the host's only
        assert read_segment(segment_path(folder, 1)).records == [
            (1, ["t", "a", table_to_document(table)])]
        await store.close()
    asyncio.run(scenario())


def test_a_table_is_snapshotted_every_n_decisions_and_when_its_game_ends(tmp_path: Path):
    async def scenario() -> None:
        table = _game("t")
        store = _served(tmp_path, 3, MANY, table)
        table.commit()  # LSN 1; decision k is LSN k + 1
        snapshot_after: dict[int, int | None] = {}
        for decisions in range(1, 8):
            _decide(table)
            await _settled(store)
            snapshot_after[decisions] = _snapshots(tmp_path).get("t")
        assert snapshot_after == {1: None, 2: None, 3: 4, 4: 4, 5: 4, 6: 7, 7: 7}
        assert _journal(tmp_path) == {1: list(range(1, 9))}  # the segment being written stays
        while table.status != "over":
            _decide(table)
        await _settled(store)
        assert table.game is not None
        decisions = len(table.game.history)
        assert decisions % 3, "the game's last decision falls on the cadence: pick another seed"
        doc = json.loads((tmp_path / f"t{SUFFIX}").read_text())
        assert (doc["lsn"], len(doc["game"]["history"])) == (decisions + 1, decisions)
        await store.close()
    asyncio.run(scenario())


def test_segments_fill_up_to_segment_bytes_and_go_once_snapshots_cover_them(tmp_path: Path):
    """Table a is saved once (LSN 1), then table t at every change, one batch each,
    all frames of one size; the journal and snapshots after each batch."""
    async def scenario() -> None:
        a, t = _lobby("a"), _lobby("t")
        store = _served(tmp_path, MANY, MANY, a, t)
        a.commit()
        await _settled(store)
        frame = segment_path(tmp_path, 1).stat().st_size
        store.segment_bytes = 2 * frame + 1  # the third frame fills a segment
        after: list[tuple[dict[int, list[int]], dict[str, int]]] = []
        for _ in range(5):
            t.commit()
            await _settled(store)
            after.append((_journal(tmp_path), _snapshots(tmp_path)))
        assert after == [
            ({1: [1, 2]}, {}),
            ({1: [1, 2, 3]}, {}),  # full: the next batch starts segment 2
            ({1: [1, 2, 3], 2: [4]}, {}),
            ({1: [1, 2, 3], 2: [4, 5]}, {}),
            # Segment 2 full; a and t, still in segment 1, get snapshots; both go.
            ({}, {"a": 6, "t": 6}),
        ]
        store.segment_bytes = 2 * frame  # exactly two frames fill a segment
        after.clear()
        for _ in range(3):
            t.commit()
            await _settled(store)
            after.append((_journal(tmp_path), _snapshots(tmp_path)))
        assert after == [({3: [7]}, {"a": 6, "t": 6}),
                         ({3: [7, 8]}, {"a": 6, "t": 6}),
                         ({3: [7, 8], 4: [9]}, {"a": 6, "t": 6})]
        await store.close()  # a clean stop: snapshots only
        assert (_journal(tmp_path), _snapshots(tmp_path)) == ({}, {"a": 6, "t": 9})
        await store.close()  # a second close changes nothing, nor a change after it
        t.commit()
        await asyncio.sleep(0)
        assert (_journal(tmp_path), _snapshots(tmp_path)) == ({}, {"a": 6, "t": 9})
    asyncio.run(scenario())
    assert [(table.id, table.revision) for table in recover(tmp_path).tables] == [
        ("a", 1), ("t", 8)]


def test_a_batch_the_journal_thread_can_no_longer_take_stays_held(tmp_path: Path):
    """The interpreter is exiting without a clean close (the journal's worker is
    gone): that batch's frames are never let out and nothing more is tried."""
    async def scenario() -> None:
        table = _lobby("t")
        store = _served(tmp_path, MANY, MANY, table)
        store._journal_thread.shutdown()
        table.commit()
        told = Told()
        assert store.barrier.hold(told, b"ack")
        await asyncio.sleep(0)  # the batch is refused
        table.commit()
        await asyncio.sleep(0)
        assert (told.frames, _journal(tmp_path)) == ([], {})
    asyncio.run(scenario())


def _first_batch_syncing(tmp_path: Path) -> tuple[Table, Store, WatchedFiles]:
    """A store whose first batch (table "t" created) is held in its fdatasync."""
    table = _lobby("t")
    store = _served(tmp_path, MANY, MANY, table)
    files = WatchedFiles()
    store.writer.files = files
    files.hold()
    table.commit()
    return table, store, files


def test_changes_made_during_a_batchs_fdatasync_go_together_in_the_next(tmp_path: Path):
    async def scenario() -> None:
        table, store, files = _first_batch_syncing(tmp_path)
        try:
            assert await asyncio.to_thread(files.entered.wait, WAIT), "no fdatasync seen"
            for _ in range(2):  # two loop passes, two commits
                table.commit()
                await asyncio.sleep(0)
        finally:
            files.release()
        await _settled(store)
        assert _frames(segment_path(tmp_path, 1)) == [[1], [2, 3]]
        assert files.synced == 2
        assert files.opened == ["journal-00000001.log"]  # once for both batches
        await store.close()
    asyncio.run(scenario())


def test_a_clean_stop_waits_for_the_batch_in_flight_and_lets_its_frames_out(tmp_path: Path):
    async def scenario() -> None:
        _, store, files = _first_batch_syncing(tmp_path)
        told = Told()
        try:
            assert await asyncio.to_thread(files.entered.wait, WAIT), "no fdatasync seen"
            assert store.barrier.hold(told, b"ack")
            closing = asyncio.create_task(store.close())
            await asyncio.sleep(0)  # the close has begun
            assert told.frames == []
        finally:
            files.release()
        await asyncio.wait_for(closing, WAIT)
        assert told.frames == [b"ack"]
        assert (_journal(tmp_path), _snapshots(tmp_path)) == ({}, {"t": 1})
    asyncio.run(scenario())


@pytest.mark.parametrize("notified", [True, False])
def test_a_failed_journal_write_is_reported_and_releases_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], notified: bool):
    """With `on_failure` set it is called with the error; either way the failure
    is printed, nothing else goes wrong in the loop, and whoever waits for the
    journal to be written stops waiting."""
    errors: list[str] = []

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        unhandled: list[dict[str, Any]] = []
        loop.set_exception_handler(lambda _, context: unhandled.append(context))
        table = _lobby("t")
        store = _served(tmp_path, MANY, MANY, table)
        files = WatchedFiles()
        files.fail = OSError(errno.ENOSPC, "No space left on device")
        store.writer.files = files
        failures: list[BaseException] = []
        if notified:
            store.on_failure = failures.append
        table.commit()
        told = Told()
        assert store.barrier.hold(told, b"ack")
        waiting = asyncio.ensure_future(store.drained())  # (a host starting: `Host.start`)
        await eventually(lambda: errors.append(capsys.readouterr().err) or "".join(errors))
        assert failures == ([files.fail] if notified else [])
        assert told.frames == [] and unhandled == []
        await asyncio.wait_for(waiting, WAIT)  # not left waiting for ever
        await asyncio.wait_for(store.drained(), WAIT)
    asyncio.run(scenario())
    assert "".join(errors) == (f"havana host: cannot save to {tmp_path} ([Errno 28] No space "
                               "left on device); no further change is acknowledged\n")


def test_a_failed_snapshot_is_reported_and_keeps_the_segments_it_would_free(tmp_path: Path):
    """Every batch fills a segment; a's snapshot, due when t's batch fills the
    second, cannot be written (a folder has its name): segment 1, a's only
    record, stays."""
    async def scenario() -> None:
        a, t = _lobby("a"), _lobby("t")
        store = _served(tmp_path, MANY, 1, a, t)
        failures: list[BaseException] = []
        store.on_failure = failures.append
        (tmp_path / f"a{SUFFIX}").mkdir()
        a.commit()
        await _settled(store)
        t.commit()
        await eventually(lambda: failures)
        await asyncio.wait_for(
            asyncio.to_thread(store._snapshot_thread.submit(lambda: None).result), WAIT)
        [error] = failures
        assert isinstance(error, IsADirectoryError)
        assert _journal(tmp_path)[1] == [1]
    asyncio.run(scenario())


def test_resuming_snapshots_the_tables_the_journal_changed_then_drops_the_journal(
        tmp_path: Path):
    """A crash image: t's snapshot after 3 decisions, 2 more in the journal. Resumed,
    t's snapshot includes them, the old segment goes, and the next decision is
    journaled after it."""
    live, image, later = tmp_path / "live", tmp_path / "image", tmp_path / "later"

    async def crash() -> None:
        table = _game("t")
        store = _served(live, 3, MANY, table)
        table.commit()
        for _ in range(5):
            _decide(table)
        await _settled(store)
        shutil.copytree(live, image)
        await store.close()
    asyncio.run(crash())
    assert (_journal(image), _snapshots(image)) == ({1: [1, 2, 3, 4, 5, 6]}, {"t": 4})
    recovered = recover(image)
    assert (recovered.replayed, recovered.next_lsn) == ({"t"}, 7)
    store = Store(image, snapshot_every=3, segment_bytes=MANY)
    store.adopt(recovered)
    assert (_journal(image), _snapshots(image)) == ({}, {"t": 6})
    [table] = recovered.tables

    async def serve() -> None:
        store.start()
        table.log = store
        _decide(table)
        await _settled(store)
        shutil.copytree(image, later)
        await store.close()
    asyncio.run(serve())
    assert _journal(later) == {2: [7]}
    [resumed] = recover(later).tables
    assert resumed.game is not None and len(resumed.game.history) == 6


def test_a_2024_games_decisions_are_journaled_in_its_words_and_replayed(tmp_path: Path):
    rules = find_edition("edition2024")

    def worded(decision: Decision) -> bool:
        """The decision names materials, in words that differ from the classic ones."""
        return to_json(decision, rules.names) != to_json(decision)

    rng = random.Random(HOST_SEED)

    def in_its_words(legal: Sequence[Decision]) -> Decision:
        """Such a decision when there is one, else any."""
        return next((d for d in legal if worded(d)), None) or rng.choice(legal)

    async def crash() -> Table:
        table = _game("t", rules)
        store = _served(tmp_path / "live", MANY, MANY, table)
        table.commit()
        assert table.game is not None
        while sum(worded(d) for _, d in table.game.history) < 2:
            _decide(table, in_its_words)
        await _settled(store)
        shutil.copytree(tmp_path / "live", tmp_path / "image")
        await store.close()
        return table
    table = asyncio.run(crash())
    assert table.game is not None
    told = [record[3] for _, path in segments(tmp_path / "image")
            for _, record in read_segment(path).records if record[0] == "d"]
    assert told == [to_json(decision, rules.names) for _, decision in table.game.history]
    [resumed] = recover(tmp_path / "image").tables
    assert resumed.game is not None and resumed.game.history == table.game.history
