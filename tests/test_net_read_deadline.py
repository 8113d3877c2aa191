"""`framing.ReadDeadline`: a connection's reads bounded in time by one timer per
connection rather than one per read (issue 49.4), with asyncio.timeout's meaning:
a read not returned by its deadline raises TimeoutError; one that returned in time
is never cut afterwards; a cancellation from elsewhere stays a cancellation."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from net.framing import ReadDeadline

Scenario = Callable[[asyncio.AbstractEventLoop, asyncio.StreamReader, ReadDeadline],
                    Awaitable[None]]


def run(scenario: Scenario) -> None:
    """`scenario` on an event loop of its own, given a stream and a deadline for it."""
    async def main() -> None:
        await scenario(asyncio.get_running_loop(), asyncio.StreamReader(), ReadDeadline())
    asyncio.run(main())


def test_reads_in_time_return_their_bytes_and_a_late_one_times_out() -> None:
    async def scenario(loop: asyncio.AbstractEventLoop, reader: asyncio.StreamReader,
                       deadline: ReadDeadline) -> None:
        reader.feed_data(b"first")
        assert await deadline.read(reader, 100, loop.time() + 0.05) == b"first"
        loop.call_later(0.01, reader.feed_data, b"second")
        assert await deadline.read(reader, 100, loop.time() + 5.0) == b"second"
        # the first read's timer (0.05 s) goes off during this one, whose deadline is later
        loop.call_later(0.2, reader.feed_data, b"third")
        assert await deadline.read(reader, 100, loop.time() + 5.0) == b"third"
        with pytest.raises(TimeoutError):
            await deadline.read(reader, 100, loop.time() + 0.05)
        task = asyncio.current_task()
        assert task is not None and task.cancelling() == 0  # not left cancelling
        await asyncio.sleep(0)  # it goes on awaiting
        reader.feed_data(b"kept")  # nothing read was lost by the timeout
        assert await deadline.read(reader, 100, loop.time() + 5.0) == b"kept"
    run(scenario)


def test_a_nearer_deadline_is_kept_and_a_read_in_time_is_never_cut_later() -> None:
    async def scenario(loop: asyncio.AbstractEventLoop, reader: asyncio.StreamReader,
                       deadline: ReadDeadline) -> None:
        loop.call_later(0.01, reader.feed_data, b"a")
        assert await deadline.read(reader, 100, loop.time() + 1000.0) == b"a"
        near = loop.time() + 0.05
        late = asyncio.ensure_future(deadline.read(reader, 100, near))
        await asyncio.sleep(0)
        assert deadline._timer is not None and deadline._timer.when() == near  # set again
        with pytest.raises(TimeoutError):
            await late
        reader.feed_data(b"b")
        assert await deadline.read(reader, 100, loop.time() + 0.05) == b"b"
        await asyncio.sleep(0.1)  # that read's deadline passes after it returned: nothing
        reader.feed_data(b"c")
        assert await deadline.read(reader, 100, loop.time() + 5.0) == b"c"
    run(scenario)


def test_a_cancellation_from_elsewhere_stays_a_cancellation() -> None:
    async def scenario(loop: asyncio.AbstractEventLoop, reader: asyncio.StreamReader,
                       deadline: ReadDeadline) -> None:
        task = asyncio.ensure_future(deadline.read(reader, 100, loop.time() + 5.0))
        await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    run(scenario)


def test_end_of_stream_and_errors_leave_no_timer() -> None:
    async def scenario(loop: asyncio.AbstractEventLoop, reader: asyncio.StreamReader,
                       deadline: ReadDeadline) -> None:
        reader.set_exception(ConnectionResetError())
        with pytest.raises(ConnectionResetError):
            await deadline.read(reader, 100, loop.time() + 5.0)
        assert deadline._timer is None
    run(scenario)
