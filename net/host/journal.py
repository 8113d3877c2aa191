"""The write-ahead journal's files (PROTOCOL.md "Persistence"): numbered segments
`journal-NNNNNNNN.log`, each a sequence of frames, one frame per group commit.

A frame is a 4-byte big-endian payload length, the 4-byte big-endian crc32 of the
payload, then the payload: msgpack `[first_lsn, [record, ...]]`. Records get
consecutive log sequence numbers (LSN) from `first_lsn`, across frames and
segments. A frame is written with one write and made durable with one fdatasync
(`platforms.sync_data`: F_FULLFSYNC on macOS, fsync on Windows), so a crash can
only tear the last frame of a segment.

Reading: an incomplete last frame, a last frame with a bad checksum, or zeros up
to the end of the file is a torn tail (a batch never acknowledged): it is left
out and reported. A bad frame followed by anything else means acknowledged records
are damaged: `SaveError`, nothing is loaded.
"""

from __future__ import annotations

import os
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack

from havana_game import platforms
from havana_game.platforms import sync_folder
from havana_game.saves import SaveError

FRAME = struct.Struct(">II")
PREFIX, SUFFIX = "journal-", ".log"


def segment_path(folder: Path, number: int) -> Path:
    return folder / f"{PREFIX}{number:08d}{SUFFIX}"


def segments(folder: Path) -> list[tuple[int, Path]]:
    """The journal segments in `folder`, oldest first, with their numbers."""
    found = []
    for path in folder.glob(f"{PREFIX}*{SUFFIX}"):
        number = path.name[len(PREFIX):-len(SUFFIX)]
        if number.isdigit():
            found.append((int(number), path))
    return sorted(found)


def encode_batch(first_lsn: int, records: list[Any]) -> bytes:
    """One frame holding `records`, numbered from `first_lsn`."""
    payload = msgpack.packb([first_lsn, records])
    return FRAME.pack(len(payload), zlib.crc32(payload)) + payload


@dataclass
class SegmentContents:
    records: list[tuple[int, Any]] = field(default_factory=list)
    """(lsn, record), in order."""
    torn: int = 0
    """Bytes of a torn tail left out (0: none)."""


def read_segment(path: Path) -> SegmentContents:
    """The valid records of one segment; raises SaveError if it is damaged."""
    data = path.read_bytes()
    contents = SegmentContents()
    pos = 0
    while pos < len(data):
        end = pos + FRAME.size
        length, crc = FRAME.unpack_from(data, pos) if end <= len(data) else (0, 0)
        stop = end + length
        if stop > len(data):  # cut short by the end of the file
            contents.torn = len(data) - pos
            break
        payload = data[end:stop]
        if length and zlib.crc32(payload) == crc:
            contents.records += _records(path, pos, payload)
            pos = stop
            continue
        if stop < len(data) and data.count(0, pos) != len(data) - pos:
            raise SaveError(f"{path.name} is damaged at byte {pos}: a record that was "
                            "saved and acknowledged fails its checksum; the folder "
                            "cannot be resumed as it is")
        contents.torn = len(data) - pos
        break
    return contents


def _records(path: Path, pos: int, payload: bytes) -> list[tuple[int, Any]]:
    try:
        first, records = msgpack.unpackb(payload)
        return [(int(first) + i, record) for i, record in enumerate(records)]
    except (ValueError, TypeError, msgpack.ExtraData, msgpack.FormatError,
            msgpack.StackError) as error:
        raise SaveError(f"{path.name}: the frame at byte {pos} cannot be decoded "
                        f"({type(error).__name__})") from None


class Files:
    """The system calls the journal writes with (a test puts in one that fails a
    write or watches every fdatasync). `fdatasync` is `platforms.sync_data`: the
    system's way of making written data durable."""

    open = staticmethod(os.open)
    write = staticmethod(os.write)
    fdatasync = staticmethod(platforms.sync_data)
    close = staticmethod(os.close)


class JournalWriter:
    """Appends frames to numbered segments (used from one worker thread)."""

    def __init__(self, folder: Path, files: Files | None = None) -> None:
        self.folder = folder
        self.files = files or Files()
        self._fd: int | None = None
        self._number = -1

    def append(self, number: int, data: bytes) -> None:
        """Write `data` at the end of segment `number` (created if new, the previous
        one closed) and make it durable."""
        if number != self._number:
            self.close()
            self._fd = self.files.open(segment_path(self.folder, number),
                                       os.O_WRONLY | os.O_CREAT | os.O_APPEND | platforms.BINARY,
                                       0o600)
            self._number = number
            sync_folder(self.folder)
        assert self._fd is not None
        view = memoryview(data)
        while view:
            view = view[self.files.write(self._fd, view):]
        self.files.fdatasync(self._fd)

    def close(self) -> None:
        if self._fd is not None:
            self.files.close(self._fd)
            self._fd, self._number = None, -1


def remove_segments(folder: Path, numbers: list[int]) -> None:
    """Delete segments whose every record is in a durable snapshot."""
    for number in numbers:
        segment_path(folder, number).unlink(missing_ok=True)
    sync_folder(folder)
