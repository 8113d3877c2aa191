"""A bot playing one seat over the network, like any remote client would
(`havana bot-client`). It sees only what the host sends to its seat.

`play_seat` never raises: whatever goes wrong (an unknown bot level, a host that
cannot be reached or refuses, a connection lost mid-game) ends up in its result
as a reason code (`error`) and one line of text (`message`)."""

from __future__ import annotations

import asyncio
import secrets
import socket
from typing import Any

from havana_game.ai import Bot, make_bot
from havana_game.rules import View

from .errors import FrameError, ProtocolError
from .host.table import default_bot_level
from .messages import HOST_MESSAGES, Ack, Error, GameOver, Handlers, ViewUpdate
from .session import Session

CONNECT_TIMEOUT = 10.0
"""Seconds to connect and get the host's `welcome`."""


def new_result() -> dict[str, Any]:
    """The result of a seat not (yet) played: nothing joined, nothing finished."""
    return {"finished": False, "seat": None, "winner": None, "winners": [],
            "frames_received": 0, "decisions": 0}


def failed(result: dict[str, Any], error: str, message: str) -> dict[str, Any]:
    """`result` stopped by `error` (a reason code), told as `message` (one line)."""
    result.update(error=error, message=message)
    return result


def show_address(host: str, port: int) -> str:
    """host:port as typed (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _params(params: dict[str, Any]) -> str:
    """" (seat=1, level=x)" for an error's params ("" if none)."""
    return f" ({', '.join(f'{k}={v}' for k, v in params.items())})" if params else ""


def _reason(error: ProtocolError) -> str:
    """The reason code with its params, e.g. "seat_taken (seat=1)"."""
    return error.reason + _params(error.params)


def describe(error: BaseException, where: str) -> tuple[str, str]:
    """A reason code and a one-line message for an error talking to the host at
    `where` (host:port)."""
    if isinstance(error, FrameError):  # raised here: the host's frames could not be read
        return error.reason, f"the connection to {where} broke: {_reason(error)}"
    if isinstance(error, ProtocolError):  # the host's error message
        return error.reason, f"the host at {where} refused: {_reason(error)}"
    if isinstance(error, socket.gaierror):
        return "unknown_host", f"cannot find the host of {where}: {error.strerror}"
    if isinstance(error, ConnectionRefusedError):
        return "connection_refused", f"cannot connect to {where}: connection refused"
    if isinstance(error, TimeoutError):
        return "timeout", f"no answer from {where} within {CONNECT_TIMEOUT:g} s"
    if isinstance(error, asyncio.IncompleteReadError | EOFError):
        return "connection_closed", f"the host at {where} closed the connection"
    if isinstance(error, OSError):
        return "connection_failed", f"connection to {where} failed: {error.strerror or error}"
    return type(error).__name__, f"unexpected error with {where}: {error!r}"[:300]


async def play_seat(host: str, port: int, code: str, level: str | None = None,
                    name: str = "bot") -> dict[str, Any]:
    """Join the first open seat and play it until the game ends or the host closes
    the connection. Returns {finished, seat, winner, winners, frames_received,
    decisions}, plus {error, message} if it stopped early (`seat` None: it never
    got a seat)."""
    result = new_result()
    level = level or default_bot_level()
    try:
        bot = make_bot(level, secrets.randbits(32))
    except ValueError as error:
        return failed(result, "unknown_level", str(error))
    where = show_address(host, port)
    try:
        session = await Session.open(host, port, client="havana bot-client",
                                     timeout=CONNECT_TIMEOUT)
    except (ProtocolError, OSError, EOFError) as error:  # TimeoutError is an OSError
        return failed(result, *describe(error, where))
    try:
        joined = await session.join(code, name)
        result["seat"] = joined["seat"]
        await _play(session, bot, result)
    except Exception as error:  # IncompleteReadError is an EOFError; others get their type
        failed(result, *describe(error, where))
    finally:
        result["frames_received"] = session.frames_received
        session.close()
    return result


TURNS: Handlers[bool] = Handlers(HOST_MESSAGES)
"""What a bot's seat does with each host message: `handler(seat, message)`,
True once its play is over; other types change nothing."""


class _Seat:
    """A seat a bot plays: the view it last saw, and whether a decision it sent
    still waits for its ack or error."""

    def __init__(self, session: Session, bot: Bot, result: dict[str, Any]) -> None:
        self.session, self.bot, self.result = session, bot, result
        self.view: View | None = None
        self.waiting = False

    def take(self, message: dict[str, Any]) -> bool:
        """Note `message`, then decide if asked; True once the play is over."""
        handler = TURNS.get(message["type"])
        if handler is not None and handler(self, message):
            return True
        view = self.view
        if not self.waiting and view is not None and self.result["seat"] in view["to_decide"] \
                and view["legal"]:
            self.session.decide(self.bot.decide(view), view["version"])
            self.result["decisions"] += 1
            self.waiting = True
        return False

    @TURNS.on(ViewUpdate)
    def _view(self, message: dict[str, Any]) -> bool:
        self.view = message["view"]
        return False

    @TURNS.on(Ack)
    def _ack(self, message: dict[str, Any]) -> bool:
        self.waiting = False
        if self.view is not None and self.view["version"] < message["version"]:
            self.view = None  # wait for the view this decision led to
        return False

    @TURNS.on(Error)
    def _error(self, message: dict[str, Any]) -> bool:
        self.waiting = False
        if message["fatal"]:
            failed(self.result, message["reason"], "the host closed the connection: "
                   f"{message['reason']}{_params(message['params'])}")
        return bool(message["fatal"])

    @TURNS.on(GameOver)
    def _game_over(self, message: dict[str, Any]) -> bool:
        winners = message["winners"]
        self.result.update(finished=True, winners=winners,
                           winner=winners[0] if winners else None)
        return True


async def _play(session: Session, bot: Bot, result: dict[str, Any]) -> None:
    """Decide whenever the seat is asked, until `game_over` or a fatal error."""
    seat = _Seat(session, bot, result)
    while not seat.take(await session.receive()):
        pass
