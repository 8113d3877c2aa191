"""A bot playing one seat over the network, like any remote client would
(`havana bot-client`). It sees only what the host sends to its seat."""

from __future__ import annotations

import secrets
from typing import Any

from havana_game.ai import make_bot

from .errors import ProtocolError
from .host.table import default_bot_level
from .session import Session


async def play_seat(host: str, port: int, code: str, level: str | None = None,
                    name: str = "bot") -> dict[str, Any]:
    """Join the first open seat and play it until the game ends or the host closes
    the connection. Returns {finished, seat, winner, winners, frames_received, ...}."""
    session = await Session.open(host, port, client="havana bot-client")
    bot = make_bot(level or default_bot_level(), secrets.randbits(32))
    result: dict[str, Any] = {"finished": False, "seat": None, "winner": None,
                              "winners": [], "frames_received": 0, "decisions": 0}
    try:
        joined = await session.join(code, name)
        seat = result["seat"] = joined["seat"]
        waiting = False  # a decision is on its way; wait for its ack or error
        view: dict[str, Any] | None = None
        while True:
            message = await session.receive()
            kind = message["type"]
            if kind == "view":
                view = message["view"]
            elif kind == "ack":
                waiting = False
                if view is not None and view["version"] < message["version"]:
                    view = None  # wait for the view this decision led to
            elif kind == "error":
                waiting = False
                if message["fatal"]:
                    result["error"] = message["reason"]
                    break
            elif kind == "game_over":
                result.update(finished=True, winners=message["winners"],
                              winner=message["winners"][0] if message["winners"] else None)
                break
            if (not waiting and view is not None and seat in view["to_decide"]
                    and view["legal"]):
                session.decide(bot.decide(view), view["version"])
                result["decisions"] += 1
                waiting = True
    except (ProtocolError, ConnectionError, EOFError) as error:
        result["error"] = getattr(error, "reason", type(error).__name__)
    except Exception as error:  # IncompleteReadError is an EOFError; keep others typed
        result["error"] = type(error).__name__
    finally:
        result["frames_received"] = session.frames_received
        session.close()
    return result
