"""Hostile and broken input: the offender gets a clear error or is cut off, the
host keeps serving the others, and no table state changes."""

from __future__ import annotations

import asyncio
import random
import struct

import msgpack
from hypothesis import given, settings
from hypothesis import strategies as st

from havana_game.rules.snapshot import snapshot
from net import PROTOCOL_VERSION
from net.errors import FrameError
from net.framing import MAX_FRAME, FrameDecoder, encode_frame
from net.messages import CLIENT_MESSAGES

from .net_helpers import LOOPBACK, WAIT, Recorder, eventually, running_host


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_frame_decoder_only_ever_raises_frame_error(data):
    _valid_messages(data)  # any other exception fails the test


def test_oversized_header_refused_before_the_body():
    decoder = FrameDecoder()
    try:
        decoder.feed(struct.pack(">I", MAX_FRAME + 1))
    except FrameError as error:
        assert error.reason == "frame_too_large"
    else:
        raise AssertionError("accepted an oversized header")


def test_ext_types_and_non_string_keys_are_refused():
    for body in (msgpack.packb(msgpack.ExtType(1, b"x")), msgpack.packb({1: 2}),
                 msgpack.packb(1) + b"\x00"):
        try:
            FrameDecoder().feed(struct.pack(">I", len(body)) + body)
        except FrameError as error:
            assert error.reason == "bad_frame"
        else:
            raise AssertionError(body)


def _bad_frames(rng: random.Random, valid: list[bytes]) -> list[bytes]:
    frames = [
        struct.pack(">I", 2**32 - 1),
        struct.pack(">I", MAX_FRAME + 1) + b"x" * 100,
        encode_frame({"type": "nonsense"}),
        encode_frame({"type": "decide", "seq": "1", "version": 0, "decision": {}}),
        encode_frame({"type": "decide", "seq": 1, "version": 0, "decision": {}, "x": 1}),
        encode_frame([1, 2, 3]),
        encode_frame({"type": "join", "code": "x" * 1000, "name": "n"}),
        encode_frame({"type": "hello", "protocol": PROTOCOL_VERSION, "fingerprint": "z"}),
        b"\x00\x00\x00\x05\xc1\xc1\xc1\xc1\xc1",
    ]
    for _ in range(40):
        frame = bytearray(rng.choice(valid))
        for _ in range(rng.randint(1, 4)):
            frame[rng.randrange(len(frame))] = rng.randrange(256)
        frames.append(bytes(frame))
        frames.append(bytes(rng.randrange(256) for _ in range(rng.randint(1, 64))))
    return frames


async def _attack(port: int, payload: bytes, handshake: bool, code: str) -> None:
    attacker = await Recorder.connect(port)
    if handshake:  # attack as a spectator, past the handshake
        attacker.hello()
        await attacker.until("welcome")
        attacker.send({"type": "watch", "code": code})
        await attacker.until("joined")
    attacker.writer.write(payload)
    valid = _valid_messages(payload)
    try:
        while True:  # an error message and/or a closed connection, never a hang
            message = await attacker.receive(timeout=0.3 if valid else WAIT)
            if message["type"] == "error" and message["fatal"]:
                assert "Traceback" not in str(message) and "/" not in str(message["params"])
                break
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    except TimeoutError:  # still open: only if the mutation happened to be a valid message
        assert valid
    finally:
        attacker.close()


def _valid_messages(payload: bytes) -> bool:
    try:
        messages = FrameDecoder().feed(payload)
        for message in messages:
            CLIENT_MESSAGES.read(message)
    except FrameError:
        return False
    return bool(messages)


def test_bad_frames_and_illegal_decisions_leave_the_host_and_tables_intact():
    async def scenario():
        rng = random.Random(5)
        async with running_host(frame_deadline=0.5, failed_join_threshold=10_000) as host:
            table = host.create_table(2)
            lobby = host.create_table(4)
            alice, bob = await Recorder.connect(host.port), await Recorder.connect(host.port)
            await alice.join(table.code)
            await bob.join(table.code)
            view = (await alice.until("view"))["view"]
            before = snapshot(table.game.state)
            valid = [encode_frame({"type": "hello", "protocol": PROTOCOL_VERSION,
                                   "fingerprint": view["deck"]}),
                     encode_frame({"type": "decide", "seq": 1, "version": 0,
                                   "decision": view["legal"][0]})]
            for index, payload in enumerate(_bad_frames(rng, valid)):
                await _attack(host.port, payload, handshake=index % 2 == 1, code=lobby.code)
            # A client dripping a frame is cut off at the frame deadline.
            await _attack(host.port, b"\x00\x00", handshake=False, code=lobby.code)
            await _attack(host.port, encode_frame({"type": "resync"})[:3], handshake=True,
                          code=lobby.code)
            # Illegal and out-of-turn decisions: clear, non-fatal errors.
            mallory = await Recorder.connect(host.port)
            await mallory.join(lobby.code, "m")
            for decision in ({"kind": "end_turn"}, {"kind": "choose", "cards": [0, 0]},
                             {"kind": "choose", "cards": [99, 1]}, {"kind": "fly"}):
                alice.decide(decision, 0)
                error = await alice.until("error")
                assert not error["fatal"] and error["reason"] in (
                    "wrong_kind", "same_card", "malformed"), error
                assert error["params"] == {}, "codes only: each client words them itself"
            # In the lobby there is nothing to decide: that is the answer, whatever
            # the decision says (a `bin` value, a shape the engine would refuse).
            for decision in ({"kind": "end_turn"}, {"kind": b"end_turn"},
                             {"kind": "choose", "cards": b"\x00\x01"}, {"kind": "fly"}):
                seq = mallory.decide(decision, 0)
                error = await mallory.until("error")
                assert (error["reason"], error["fatal"], error["seq"]) == \
                    ("game_not_started", False, seq), decision
            assert snapshot(table.game.state) == before
            assert [s.kind for s in lobby.seats] == ["human", "open", "open", "open"]
            # The others are still served: the game plays on.
            alice.decide(view["legal"][0], 0)
            assert (await alice.until("ack"))["version"] == 1
            assert len(host.connections) == 3
    asyncio.run(scenario())


def test_failed_joins_from_one_address_are_slowed_not_locked_out():
    async def scenario():
        async with running_host(failed_join_threshold=2, failed_join_delay=0.05,
                                failed_join_max_delay=0.2) as host:
            table = host.create_table(2)
            for _ in range(4):
                wrong = await Recorder.connect(host.port)
                wrong.hello()
                await wrong.until("welcome")
                wrong.send({"type": "join", "code": "AAAAA-AAAAA", "name": "x"})
                assert (await wrong.until("error"))["reason"] == "wrong_code"
            assert host.throttle.delay(LOOPBACK) > 0
            late = await Recorder.connect(host.port)
            assert (await late.join(table.code))["seat"] == 0
    asyncio.run(scenario())


def test_connection_caps():
    async def scenario():
        async with running_host(max_pending_per_address=1) as host:
            first = await Recorder.connect(host.port)
            await eventually(lambda: host.pending_by_address.get(LOOPBACK) == 1)
            second = await Recorder.connect(host.port)
            assert (await second.receive())["reason"] == "server_busy"
            first.close()
    asyncio.run(scenario())
