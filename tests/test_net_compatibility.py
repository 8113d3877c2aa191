"""Hosts and clients of different versions (PROTOCOL.md "Versions"): a client of
today keeps playing with a newer host that sends message types and fields it does
not know, and the code of any later day still reads every host message of each
protocol version's fixture (tools/protocol_messages.py)."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from net import PROTOCOL_VERSION
from net.errors import FrameError
from net.host import server
from net.host.connection import Connection
from net.messages import CLIENT_MESSAGES, HOST_MESSAGES, Unknown, unknown_field

from .net_helpers import bot_client_game

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _fixtures() -> list[Path]:
    return sorted(FIXTURES.glob("protocol-v*/messages.json"))


def test_the_current_version_has_its_fixture():
    assert FIXTURES / f"protocol-v{PROTOCOL_VERSION}" / "messages.json" in _fixtures()


@pytest.mark.parametrize("path", _fixtures(), ids=lambda p: p.parent.name)
def test_every_host_message_of_a_version_is_still_read_whole(path: Path):
    """No type of the version is gone, and no field: a client of that version
    would miss it (a change that needs a version bump)."""
    for kind, example in json.loads(path.read_text("utf-8")).items():
        message = HOST_MESSAGES.read(example)
        assert not isinstance(message, Unknown), f"{kind}: no longer a host message"
        assert unknown_field(message) is None, f"{kind}: a field is gone"


def test_a_client_skips_a_type_it_does_not_know_saying_so_once(caplog):
    caplog.set_level(logging.WARNING, "net.messages")
    for n in (1, 2):
        message = HOST_MESSAGES.read({"type": "forecast_v9", "n": n, "sky": "clear"})
        assert isinstance(message, Unknown) and message.n == n
    assert len([r for r in caplog.records if "forecast_v9" in r.getMessage()]) == 1


def test_a_client_reads_the_fields_it_knows_and_refuses_a_bad_one():
    ack = HOST_MESSAGES.read({"type": "ack", "n": 1, "seq": 2, "version": 3, "mood": "calm"})
    assert (ack.type, ack.model_extra) == ("ack", {"mood": "calm"})
    for bad, where in (({"type": "ack", "n": 1, "seq": "2", "version": 3}, "ack.seq"),
                       ({"type": "ack", "n": 1, "version": 3}, "ack.seq"),
                       ({"type": "forecast", "n": "1"}, "forecast.n"),
                       ({"n": 1}, "type"), ([1, 2], "")):
        with pytest.raises(FrameError) as refused:
            HOST_MESSAGES.read(bad)
        assert (refused.value.reason, refused.value.params["where"]) == ("bad_message", where)


def test_a_host_refuses_a_type_or_a_field_it_does_not_know():
    for bad, where, problem in (({"type": "forecast"}, "type", "unknown_type"),
                                ({"type": "ping", "nonce": 1, "sky": 2}, "ping.sky",
                                 "extra_forbidden")):
        with pytest.raises(FrameError) as refused:
            CLIENT_MESSAGES.read(bad)
        assert refused.value.params == {"where": where, "problem": problem}


def test_a_client_of_today_plays_a_game_to_the_end_with_a_host_from_the_future(
        monkeypatch, caplog):
    """The host adds a field to every `table` message and to its seat maps, and
    after every `ack` sends a message of a type no client knows yet: the bot client
    plays its seat to the end of the game, without a resync (the unknown messages
    count in the numbering) and with one line about the new type."""
    send = Connection.send

    def newer_send(conn: Connection, kind: str, **fields: Any) -> None:
        if kind == "table":
            fields = {**fields, "weather": "sunny",
                      "seats": [{**seat, "mood": "calm"} for seat in fields["seats"]]}
        send(conn, kind, **fields)
        if kind == "ack":
            send(conn, "forecast_from_v3", sky="clear", wind={"knots": 12})

    asked: list[str] = []
    read = CLIENT_MESSAGES.read

    class Spy:
        def read(self, obj: Any) -> Any:
            message = read(obj)
            asked.append(message.type)
            return message

    monkeypatch.setattr(Connection, "send", newer_send)
    monkeypatch.setattr(server, "CLIENT_MESSAGES", Spy())
    caplog.set_level(logging.WARNING, "net.messages")

    result = bot_client_game()
    assert result["finished"] and "error" not in result, result
    assert result["decisions"] > 10 and "decide" in asked and "resync" not in asked
    assert len([r for r in caplog.records if "forecast_from_v3" in r.getMessage()]) == 1
