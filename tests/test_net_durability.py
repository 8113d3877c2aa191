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
from pathlib import Path
from typing import Any

import msgpack
import pytest

from net.host import Host
from net.host.journal import read_segment, segments

from .net_helpers import Recorder, WatchedFiles, eventually, running_host

WAIT = 60.0
"""Seconds a condition may take on a loaded machine before the test fails."""


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


def _frames(data: bytes) -> list[str]:
    """The message types in a run of frames."""
    kinds = []
    while data:
        length = int.from_bytes(data[:4], "big")
        kinds.append(msgpack.unpackb(data[4:4 + length])["type"])
        data = data[4 + length:]
    return kinds


def test_frames_of_a_later_batch_wait_for_it_and_a_close_waits_for_held_frames(
        tmp_path: Path):
    """Bo's view of Ana's decision waits for batch 1, his pong (sent while batch 2
    was open) for batch 2, and so does Cy's pong (Cy sits at another table, with
    nothing else held); Ana, closed by a fatal error meanwhile, gets her ack and
    the error before the connection closes."""
    async def scenario() -> None:
        async with running_host(save_dir=tmp_path) as host:
            files = _watch(host)
            cy = await Recorder.connect(host.port)
            await cy.join(host.create_table(3).code, "Cy")
            [cy_conn] = host.connections
            ana, bo, view = await _two_players(host)
            await asyncio.sleep(0)
            files.hold()
            files.hold()
            delivered = _record_deliveries(host, files)
            bo_conn = next(c for c in host.connections if c.seat == bo.seat
                           and c is not cy_conn)
            try:
                ana.decide(view["legal"][0], view["version"])
                assert await asyncio.to_thread(files.entered.wait, WAIT), "no fdatasync seen"
                files.entered.clear()
                host.create_table(3)  # batch 2 opens
                bo.send({"type": "ping", "nonce": 5})
                cy.send({"type": "ping", "nonce": 6})
                ana.send({"type": "hello", "protocol": 2, "fingerprint": "0" * 64})
                held = host.store.barrier._held
                await eventually(lambda: len(held.get(bo_conn, [])) >= 2 and cy_conn in held)
                files.release()  # batch 1 is durable; batch 2 waits in its fdatasync
                assert await asyncio.to_thread(files.entered.wait, WAIT), "no 2nd fdatasync"
                await eventually(lambda: len(delivered) >= 2)
                told = [kind for _, data in delivered for kind in _frames(data)]
                assert "view" in told and "pong" not in told, told
            finally:
                files.release()
                files.release()
            assert (await bo.until("pong", WAIT))["nonce"] == 5
            assert (await cy.until("pong", WAIT))["nonce"] == 6
            await ana.until("ack", WAIT)
            error = await ana.until("error", WAIT)
            assert error["reason"] == "unexpected_message"
            with pytest.raises((asyncio.IncompleteReadError, ConnectionError)):
                await ana.receive(WAIT)  # closed once its held frames were out
            bo.close()
            cy.close()
    asyncio.run(scenario())
