"""The host's write-ahead journal, on real files: a crash image (the save folder
copied at a quiet moment, as a crash then would leave it) is recovered exactly;
a torn last record is left out; a damaged acknowledged record is refused;
compaction, a crash and a resume lose nothing and still answer resends."""

from __future__ import annotations

import asyncio
import json
import shutil
import zlib
from pathlib import Path
from typing import Any

import msgpack
import pytest

from havana_game.saves import SaveError
from net.host import Host, HostConfig
from net.host.journal import FRAME, segments
from net.host.persist import SUFFIX, table_to_document
from net.host.recovery import recover

from .net_helpers import LOOPBACK, Recorder, running_host


async def _asked(client: Recorder) -> dict[str, Any]:
    """The next view asking seat 0 to decide (all earlier changes are told, so durable)."""
    while True:
        view = (await client.until("view"))["view"]
        assert view["phase"] != "over", "the game ended too soon for this test"
        if 0 in view["to_decide"]:
            return view


async def _decide(client: Recorder) -> tuple[dict[str, Any], dict[str, Any]]:
    """Seat 0's next decision: (the frame sent, its ack)."""
    view = await _asked(client)
    client.decide(view["legal"][0], view["version"])
    frame = {"type": "decide", "seq": client.seq, "version": view["version"],
             "decision": view["legal"][0]}
    return frame, await client.until("ack")


def _state(table) -> tuple:
    return (table.version, table.game.history, [dict(s.recent) for s in table.seats],
            [s.token_hash for s in table.seats], table.code)


def _crash_image(saves: Path, image: Path, moves: int, **config: Any) -> dict[str, Any]:
    """Play seat 0 against a host bot for `moves` decisions, then copy the save
    folder while the host waits for seat 0 (the journal and snapshots quiet)."""
    async def scenario() -> dict[str, Any]:
        async with running_host(save_dir=saves, **config) as host:
            table = host.create_table(2, [None, "random"])
            client = await Recorder.connect(host.port)
            await client.join(table.code)
            sent = [await _decide(client) for _ in range(moves)]
            await _asked(client)
            await asyncio.to_thread(host.store._snapshot_thread.submit(lambda: None).result)
            shutil.copytree(saves, image)
            client.close()
            return {"state": _state(table), "token": client.token, "sent": sent}
    return asyncio.run(scenario())


def _last_segment(folder: Path) -> Path:
    return segments(folder)[-1][1]


def test_the_journal_after_the_snapshot_is_replayed_exactly(tmp_path: Path):
    live = _crash_image(tmp_path / "saves", tmp_path / "image", 6)
    assert segments(tmp_path / "image")  # the decisions are in the journal
    recovered = recover(tmp_path / "image")
    assert [_state(t) for t in recovered.tables] == [live["state"]]
    assert recovered.notes == []


def _torn_frame(kind: str) -> bytes:
    payload = b"\x92\x01\x90"
    whole = FRAME.pack(len(payload), zlib.crc32(payload))
    return {"header": whole[:3], "body": whole + payload[:1], "zeros": bytes(300),
            "checksum": FRAME.pack(len(payload), zlib.crc32(payload) ^ 1) + payload}[kind]


@pytest.mark.parametrize("kind", ["header", "body", "zeros", "checksum"])
def test_a_torn_last_record_is_left_out_with_a_note(tmp_path: Path, kind: str):
    live = _crash_image(tmp_path / "saves", tmp_path / "image", 4)
    torn = _torn_frame(kind)
    with _last_segment(tmp_path / "image").open("ab") as segment:
        segment.write(torn)
    recovered = recover(tmp_path / "image")
    assert [_state(t) for t in recovered.tables] == [live["state"]]
    assert len(recovered.notes) == 1
    assert f"left out a torn last record ({len(torn)} bytes," in recovered.notes[0]


def test_a_damaged_acknowledged_record_is_refused(tmp_path: Path):
    _crash_image(tmp_path / "saves", tmp_path / "image", 4)
    path = _last_segment(tmp_path / "image")
    data = bytearray(path.read_bytes())
    data[FRAME.size + 5] ^= 0x40  # inside the first frame, more frames follow
    path.write_bytes(bytes(data))
    with pytest.raises(SaveError) as refused:
        recover(tmp_path / "image")
    assert str(refused.value) == (
        f"{path.name} is damaged at byte 0: a record that was saved and acknowledged fails "
        "its checksum; the folder cannot be resumed as it is")


def test_a_frame_that_is_not_a_batch_is_refused_naming_it(tmp_path: Path):
    """A whole frame with a good checksum whose payload is not [first_lsn, records]."""
    _crash_image(tmp_path / "saves", tmp_path / "image", 4)
    path = _last_segment(tmp_path / "image")
    at = path.stat().st_size
    payload = msgpack.packb(5)
    with path.open("ab") as segment:
        segment.write(FRAME.pack(len(payload), zlib.crc32(payload)) + payload)
    with pytest.raises(SaveError) as refused:
        recover(tmp_path / "image")
    assert str(refused.value) == (
        f"{path.name}: the frame at byte {at} cannot be decoded (TypeError)")


def test_compaction_then_a_crash_then_a_resume_loses_nothing(tmp_path: Path):
    image = tmp_path / "image"
    live = _crash_image(tmp_path / "saves", image, 20, snapshot_every=4, segment_bytes=600)
    snapshot = json.loads(next(image.glob(f"*{SUFFIX}")).read_text())
    assert snapshot["lsn"] > 1 and snapshot["game"]["history"]  # compacted mid-game
    # The oldest segments are gone (all of them, when the last snapshot came after
    # the last decision: how group commits cut segments depends on timing).
    assert all(first > 1 for first, _ in segments(image))
    assert [_state(t) for t in recover(image).tables] == [live["state"]]

    async def resume() -> None:
        host = Host(HostConfig(bind=LOOPBACK, save_dir=image))
        table, = host.resume(image)
        await host.start()
        try:
            client = await Recorder.connect(host.port)
            client.hello()
            await client.until("welcome")
            client.send({"type": "rejoin", "code": table.code, "seat": 0,
                         "token": live["token"]})
            await client.until("joined")
            for frame, ack in live["sent"][-3:]:  # resends after the restart
                client.send(frame)
                again = await client.until("ack")
                assert (again["seq"], again["version"]) == (ack["seq"], ack["version"])
            client.seq = live["sent"][-1][0]["seq"]
            client.send({"type": "resync"})  # the view the acks were read past
            await _decide(client)
            client.close()
        finally:
            await host.close()
        return _state(table)
    final = asyncio.run(resume())
    assert final[0] > live["state"][0]
    assert segments(image) == []  # a clean close leaves snapshots only
    assert [_state(t) for t in recover(image).tables] == [final]


def test_a_version_2_table_file_is_resumed_and_then_journaled(tmp_path: Path):
    live = _crash_image(tmp_path / "saves", tmp_path / "image", 3)
    table, = recover(tmp_path / "image").tables
    legacy = tmp_path / "legacy"
    legacy.mkdir()
    doc = {**table_to_document(table), "version": 2}
    del doc["lsn"]
    (legacy / f"{table.id}{SUFFIX}").write_text(json.dumps(doc))

    async def resume_and_play() -> None:
        host = Host(HostConfig(bind=LOOPBACK, save_dir=legacy))
        resumed, = host.resume(legacy)
        assert _state(resumed) == live["state"]
        await host.start()
        client = await Recorder.connect(host.port)
        client.hello()
        await client.until("welcome")
        client.send({"type": "rejoin", "code": resumed.code, "seat": 0, "token": live["token"]})
        await client.until("joined")
        client.seq = live["sent"][-1][0]["seq"]
        await _decide(client)
        assert segments(legacy)  # journaled, not rewritten
        await host.close()
    asyncio.run(resume_and_play())
    assert recover(legacy).tables[0].version > live["state"][0]
