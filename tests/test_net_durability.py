"""Nobody is told of an unsaved change (PROTOCOL.md "Persistence"), checked with a
journal whose system calls the test controls (`journal.Files`): every fdatasync is
seen and can be held, and a write or an fdatasync can fail.

- While the batch holding a decision is in its fdatasync, no frame leaves for
  anyone, even when the host commits other changes meanwhile; the ack leaves
  once the fdatasync returned.
- A write that fails (disk full, I/O error): the host stops serving, drops every
  connection without telling of the change, and takes no new connection.
"""

from __future__ import annotations

import asyncio
import errno
import threading
from pathlib import Path
from typing import Any

import pytest

from net.host import Host
from net.host.journal import Files, read_segment, segments

from .net_helpers import Recorder, running_host

WAIT = 60.0
"""Seconds a condition may take on a loaded machine before the test fails."""


class WatchedFiles(Files):
    """The journal's system calls, watched: `synced` counts the fdatasyncs that
    returned; with `hold()` the next fdatasync waits for `release()`; with `fail`
    set, the next write or fdatasync (as `fail_in` says) raises it."""

    def __init__(self) -> None:
        self.synced = 0
        self.entered = threading.Event()
        self._gate: threading.Event | None = None
        self.fail: OSError | None = None
        self.fail_in = "write"

    def hold(self) -> None:
        self.entered.clear()
        self._gate = threading.Event()

    def release(self) -> None:
        if self._gate is not None:
            self._gate.set()

    def write(self, fd: int, data: Any) -> int:  # type: ignore[override]
        if self.fail is not None and self.fail_in == "write":
            raise self.fail
        return Files.write(fd, data)

    def fdatasync(self, fd: int) -> None:  # type: ignore[override]
        if self.fail is not None and self.fail_in == "fdatasync":
            raise self.fail
        gate = self._gate
        if gate is not None:
            self.entered.set()
            assert gate.wait(WAIT), "the test never released the fdatasync"
            self._gate = None
        Files.fdatasync(fd)
        self.synced += 1


def _watch(host: Host) -> WatchedFiles:
    assert host.store is not None
    files = WatchedFiles()
    host.store.writer.files = files
    return files


def _record_deliveries(host: Host, files: WatchedFiles) -> list[tuple[int, bytes]]:
    """Every write to a client from now on, with the fdatasyncs done before it."""
    delivered: list[tuple[int, bytes]] = []
    for conn in host.connections:
        def deliver(data: bytes, drained: bool, original: Any = conn.deliver) -> None:
            delivered.append((files.synced, data))
            original(data, drained)
        conn.deliver = deliver  # type: ignore[method-assign]
    return delivered


async def _two_players(host: Host) -> tuple[Recorder, Recorder, dict[str, Any]]:
    """Two humans at a started table; the view that asks seat 0 (all told before)."""
    table = host.create_table(2)
    first, second = await Recorder.connect(host.port), await Recorder.connect(host.port)
    await first.join(table.code, "Ana")
    await second.join(table.code, "Bo")
    while True:
        view = (await first.until("view", WAIT))["view"]
        if first.seat in view["to_decide"]:
            return first, second, view


def _decisions_on_disk(folder: Path) -> list[Any]:
    return [record for _, path in segments(folder)
            for _, record in read_segment(path).records if record[0] == "d"]


def test_no_frame_leaves_while_its_decision_is_in_fdatasync(tmp_path: Path):
    async def scenario() -> None:
        async with running_host(save_dir=tmp_path) as host:
            files = _watch(host)
            first, second, view = await _two_players(host)
            await asyncio.sleep(0)  # let the last batch's frames out
            files.hold()
            synced_before = files.synced
            delivered = _record_deliveries(host, files)
            first.decide(view["legal"][0], view["version"])
            try:
                assert await asyncio.to_thread(files.entered.wait, WAIT), "no fdatasync seen"
                host.create_table(3)  # another commit while the decision's batch syncs
                await asyncio.sleep(0)
                assert delivered == [], "a frame left before its decision was on disk"
            finally:
                files.release()
            ack = await first.until("ack", WAIT)
            assert ack["seq"] == first.seq
            assert delivered and all(synced > synced_before for synced, _ in delivered)
            told = [record for record in _decisions_on_disk(tmp_path)
                    if record[5] == first.seq]
            assert told, "the acknowledged decision is not in the journal"
            first.close()
            second.close()
    asyncio.run(scenario())


@pytest.mark.parametrize("fail_in", ["write", "fdatasync"])
def test_a_failing_journal_stops_the_host_and_tells_nobody(tmp_path: Path, fail_in: str,
                                                           capsys: pytest.CaptureFixture[str]):
    async def scenario() -> None:
        async with running_host(save_dir=tmp_path) as host:
            files = _watch(host)
            first, second, view = await _two_players(host)
            files.fail_in = fail_in
            files.fail = OSError(errno.ENOSPC if fail_in == "write" else errno.EIO, "failed")
            first.decide(view["legal"][0], view["version"])
            for client in (first, second):
                with pytest.raises((asyncio.IncompleteReadError, ConnectionError)):
                    while True:  # everything until the connection is dropped
                        await client.receive(WAIT)
                assert all(m["type"] != "ack" for m in client.messages)
                assert all(m["view"]["version"] <= view["version"]
                           for m in client.messages if m["type"] == "view")
            with pytest.raises(ConnectionError):  # the host takes no new connection
                await Recorder.connect(host.port)
            if fail_in == "write":  # (after a failed fdatasync the record may be there,
                # never acknowledged: resuming may keep it or not)
                assert all(record[5] != first.seq for record in _decisions_on_disk(tmp_path))
    asyncio.run(scenario())
    assert "cannot save to" in capsys.readouterr().err
