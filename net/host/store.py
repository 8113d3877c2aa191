"""Saving tables (PROTOCOL.md "Persistence"): a write-ahead journal with group
commit, compacted into per-table snapshots.

Every commit appends a record to the open batch; at the end of the event-loop
pass the batch is encoded as one journal frame, written and fdatasync'ed in a
worker thread while the loop keeps serving. Frames sent to clients after a commit
wait in the `Barrier` until its batch is durable. One batch is in flight at a
time, so records reach the disk in commit order.

Compaction: a table's snapshot is written (another worker thread, atomically)
every `snapshot_every` decisions, when its game ends and on a clean close. A
segment grows to `segment_bytes`, then the next one starts; a finished segment
is deleted once every table with records in it has a durable snapshot covering
them (tables still holding an older segment when one fills get a snapshot).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from havana_game.rules import to_json

from . import journal
from .barrier import Barrier
from .persist import table_to_document, write_snapshot
from .recovery import Recovered
from .table import Table


class Store:
    """The journal and snapshots of one save folder (a `TableLog` for its tables)."""

    def __init__(self, folder: Path, snapshot_every: int, segment_bytes: int) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.snapshot_every = snapshot_every
        self.segment_bytes = segment_bytes
        self.barrier = Barrier()
        self.on_failure: Callable[[BaseException], None] | None = None
        self._lsn = 1
        """The next record's LSN (`adopt` continues a resumed folder's)."""
        self._records: list[Any] = []
        self._first = 1
        self._batch = 1
        """The open batch's number (the barrier's tags)."""
        self._durable = 0
        """The newest durable batch (set by the journal thread)."""
        self._flushing = False
        self._scheduled = False
        self._idle: list[asyncio.Future[None]] = []
        self._segment = max((n for n, _ in journal.segments(folder)), default=0) + 1
        self._segment_size = 0
        self._pins: dict[int, dict[str, int]] = {}
        """Segment -> table id -> its newest record there."""
        self._covered: dict[str, int] = {}
        """Table id -> LSN included in its newest durable (or scheduled) snapshot."""
        self._since: dict[str, int] = {}
        """Table id -> decisions since its last snapshot."""
        self._tables: dict[str, Table] = {}
        """Every table that has records, by id."""
        self._broken = False
        """A snapshot failed: segments are no longer removed."""
        self.writer = journal.JournalWriter(folder)
        self._journal_thread = ThreadPoolExecutor(1, "havana-journal")
        self._snapshot_thread = ThreadPoolExecutor(1, "havana-snapshots")
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- TableLog ------------------------------------------------------------------

    def table_changed(self, table: Table) -> None:
        self._append(table, ["t", table.id, table_to_document(table)])

    def decision_applied(self, table: Table, seq: int | None) -> None:
        assert table.game is not None
        seat, decision = table.game.history[-1]
        self._append(table, ["d", table.id, seat, to_json(decision, table.rules.names),
                             table.version, seq])
        since = self._since[table.id] = self._since.get(table.id, 0) + 1
        if since >= self.snapshot_every or table.status == "over":
            self._snapshot(table)

    # --- the journal ---------------------------------------------------------------

    def start(self) -> None:
        """Serve from the running loop (records committed before are flushed now)."""
        self._loop = asyncio.get_running_loop()
        self._flush()

    def _append(self, table: Table, record: list[Any]) -> None:
        self._collect()
        self._records.append(record)
        self._tables[table.id] = table
        self._pins.setdefault(self._segment, {})[table.id] = self._lsn
        self._lsn += 1
        self.barrier.written = self._batch
        if self._loop is not None and not self._scheduled and not self._flushing:
            self._scheduled = True
            self._loop.call_soon(self._flush)

    def _flush(self) -> None:
        """Send the open batch to the journal thread (unless one is in flight)."""
        self._scheduled = False
        self._collect()
        if self._flushing or self._loop is None:
            return
        if not self._records:
            self._wake_idle()
            return
        data = journal.encode_batch(self._first, self._records)
        number, segment = self._batch, self._segment
        self._records, self._first, self._batch = [], self._lsn, self._batch + 1
        self._segment_size += len(data)
        if self._segment_size >= self.segment_bytes:
            self._next_segment()
        try:
            future = self._journal_thread.submit(self._write, number, segment, data)
        except RuntimeError:  # the interpreter is exiting without a clean close: the
            self._loop = None  # batch's frames stay held, so no client saw it happen
            return
        self._flushing = True
        future.add_done_callback(self._from_thread)

    def _write(self, number: int, segment: int, data: bytes) -> None:
        """(Journal thread.) Batch `number` is durable once this returns; the loop
        notices at its next commit, or in `_written`, whichever comes first (a long
        loop pass does not hold the frames back)."""
        self.writer.append(segment, data)
        self._durable = number

    def _from_thread(self, future: Future[None]) -> None:
        """(Journal thread.) Wake the loop for `_written`."""
        loop = self._loop
        if loop is not None:
            loop.call_soon_threadsafe(self._written, future)

    def _written(self, future: Future[None]) -> None:
        error = future.exception()
        if error is not None:
            self._fail(error)
            return
        self._flush()

    def _collect(self) -> None:
        """Release the frames of the batch the journal thread made durable, if any."""
        if self._durable > self.barrier.durable:
            self._flushing = False
            self.barrier.release(self._durable)

    def _wake_idle(self) -> None:
        for waiter in self._idle:
            if not waiter.done():
                waiter.set_result(None)
        self._idle.clear()

    async def drained(self) -> None:
        """Wait until every committed record is durable, or until a write failed
        (`_fail`: nothing is written any more)."""
        if self._loop is not None and (self._flushing or self._records):
            waiter = asyncio.get_running_loop().create_future()
            self._idle.append(waiter)
            self._flush()
            await waiter

    def _fail(self, error: BaseException) -> None:
        """A write failed: nothing more is ever acknowledged (the frames stay held)."""
        print(f"havana host: cannot save to {self.folder} ({error}); no further change "
              "is acknowledged", file=sys.stderr)
        self._loop = None
        self._wake_idle()
        if self.on_failure is not None:
            self.on_failure(error)

    # --- compaction ----------------------------------------------------------------

    def _snapshot(self, table: Table) -> None:
        """Write the table's snapshot as of now (every record appended so far), then
        drop the segments no longer needed. Both run in the snapshot thread, in
        order, so a segment goes only once the snapshots covering it are durable."""
        lsn = self._lsn - 1
        self._since[table.id] = 0
        self._covered[table.id] = lsn
        self._snapshot_thread.submit(self._write_snapshot, table_to_document(table, lsn))
        self._drop_segments()

    def _write_snapshot(self, doc: dict[str, Any]) -> None:
        """(Snapshot thread.) A failure stops every later segment removal."""
        try:
            write_snapshot(self.folder, doc)
        except OSError as error:
            self._broken = True
            if self._loop is not None:
                self._loop.call_soon_threadsafe(self._fail, error)

    def _remove_segments(self, numbers: list[int]) -> None:
        """(Snapshot thread.)"""
        if not self._broken:
            journal.remove_segments(self.folder, numbers)

    def _uncovered(self, segment: int) -> list[str]:
        """Tables whose records in `segment` no snapshot includes yet."""
        return [table_id for table_id, lsn in self._pins[segment].items()
                if self._covered.get(table_id, 0) < lsn]

    def _drop_segments(self) -> None:
        """Remove the oldest full segments whose records are all in snapshots."""
        done = []
        for segment in sorted(self._pins):
            if segment >= self._segment or self._uncovered(segment):
                break
            del self._pins[segment]
            done.append(segment)
        if done:
            self._snapshot_thread.submit(self._remove_segments, done)

    def forget(self, table: Table) -> None:
        """The host lets go of `table` (a finished game): its snapshot covers every
        record of it (one is written now if need be) and the store keeps no
        reference to it. Should it change again later, it is tracked anew."""
        newest = max((pins[table.id] for pins in self._pins.values() if table.id in pins),
                     default=0)
        if self._covered.get(table.id, 0) < newest:
            self._snapshot(table)
        for pins in self._pins.values():
            pins.pop(table.id, None)
        self._covered.pop(table.id, None)
        self._since.pop(table.id, None)
        self._tables.pop(table.id, None)
        self._drop_segments()

    def _next_segment(self) -> None:
        """The current segment is full: the next batch starts a new one. Tables
        still holding an older full segment get a snapshot so that it can go."""
        stale = {table_id for segment in self._pins if segment < self._segment
                 for table_id in self._uncovered(segment)}
        self._segment += 1
        self._segment_size = 0
        for table_id in sorted(stale):
            self._snapshot(self._tables[table_id])
        self._drop_segments()

    def adopt(self, recovered: Recovered) -> None:
        """Before serving resumed tables: snapshot those the journal changed, then
        remove every old segment (synchronously; a crash meanwhile is harmless)."""
        assert not self._records, "resume before creating tables"
        self._lsn = self._first = recovered.next_lsn
        for table in recovered.tables:
            if table.id in recovered.replayed:
                write_snapshot(self.folder, table_to_document(table, self._lsn - 1))
        journal.remove_segments(self.folder, [n for n, _ in journal.segments(self.folder)])

    async def close(self) -> None:
        """A clean stop: everything durable, every table in its snapshot, no journal."""
        if self._loop is None:
            return
        await self.drained()
        self.writer.close()
        self._segment += 1  # no record goes to the current segment any more
        stale = {table_id for segment in self._pins for table_id in self._uncovered(segment)}
        for table_id in sorted(stale):
            self._snapshot(self._tables[table_id])
        self._drop_segments()
        self._loop = None
        self._journal_thread.shutdown()
        await asyncio.get_running_loop().run_in_executor(None, self._snapshot_thread.shutdown)
