"""`havana host` and `havana bot-client` (PROTOCOL.md "Command line").

Bad input never ends in a traceback: argparse checks every option's range (exit
code 2 and its one-line reason), folders and the port are checked before anything
is created on disk, and whatever fails later is one line on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import os
import re
import secrets
import socket
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from havana_game.bot_levels import BOT_LEVEL_NAMES
from havana_game.editions import DEFAULT_EDITION, EDITIONS
from havana_game.platforms import on_stop_signals

if TYPE_CHECKING:  # the host, pydantic and the engine load when a command runs
    from pydantic import TypeAdapter

    from .host import Host, HostConfig
    from .host.table import Table

HEARTBEAT_RANGE = (0.5, 30.0)
"""Seconds between the host's pings (clients give up after 60 s without a frame)."""
GRACE_RANGE = (1.0, 86400.0)
DRAIN_TIMEOUT_RANGE = (1.0, 600.0)
SNAPSHOT_EVERY_RANGE = (1, 1_000_000)
PORT_RANGE = (0, 65535)

_PORT_TEXT = re.compile(r"[0-9]{1,5}")


class BadInput(argparse.ArgumentTypeError):
    """An option value that cannot be used: a reason `code` and a one-line message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class CommandError(Exception):
    """Bad input found once the options are parsed: one line on stderr, exit code 2."""


# --- option values -------------------------------------------------------------------

def _plain(number: float) -> str:
    """1.0 as "1", 0.5 as "0.5"."""
    return str(int(number)) if number == int(number) else str(number)


def ranged(convert: type[int] | type[float], bounds: tuple[float, float],
           unit: str = "") -> Callable[[str], Any]:
    """An argparse type: `convert(text)` within `bounds`, both included (NaN and
    infinities never are)."""
    low, high = bounds
    kind = "a whole number" if convert is int else "a number"
    expected = f"{kind}{unit} from {_plain(low)} to {_plain(high)}"

    def parse(text: str) -> Any:
        try:
            value = convert(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise BadInput("bad_number", f"must be {expected}, not {text!r}")
        return value

    return parse


@cache
def _validators() -> tuple[TypeAdapter[str], TypeAdapter[str]]:
    """The protocol's checks of a name and of a join code (`messages.Name`, `.Code`),
    made on first use: pydantic loads only for the commands that need them."""
    from pydantic import TypeAdapter

    from .messages import Code, Name
    name: TypeAdapter[str] = TypeAdapter(Name)
    code: TypeAdapter[str] = TypeAdapter(Code)
    return name, code


def display_name(text: str) -> str:
    """A name as the protocol takes it (`messages.Name`)."""
    from pydantic import ValidationError
    try:
        return _validators()[0].validate_python(text)
    except ValidationError:
        raise BadInput("bad_name", "a name must be 1 to 32 characters, without control or "
                       f"text-direction characters (got {len(text)} characters)") from None


def join_code(text: str) -> str:
    """A join code as the protocol takes it (`messages.Code`)."""
    from pydantic import ValidationError
    try:
        return _validators()[1].validate_python(text)
    except ValidationError:
        raise BadInput("bad_code", "the join code must be 1 to 32 characters, "
                       "like XXXXX-XXXXX") from None


def bot_level(text: str) -> str:
    """One of the bot levels this program has."""
    if text not in BOT_LEVEL_NAMES:
        raise BadInput("unknown_level", f"unknown bot level {text[:40]!r}; "
                       f"known: {', '.join(BOT_LEVEL_NAMES)}")
    return text


def parse_address(text: str) -> tuple[str, int]:
    """HOST:PORT, or [IPv6]:PORT with the address in brackets; port 1-65535."""
    usage = f"give the host as HOST:PORT or [IPv6]:PORT, not {text[:80]!r}"
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        port = rest[1:] if bracket and rest.startswith(":") else ""
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise BadInput("bad_address", usage) from None
    else:
        host, _, port = text.rpartition(":")
        if ":" in host:
            raise BadInput("bad_address", f"write an IPv6 address in brackets, "
                           f"e.g. [::1]:PORT, not {text[:80]!r}")
    if not host or not _PORT_TEXT.fullmatch(port) or not 1 <= int(port) <= 65535:
        raise BadInput("bad_address", f"{usage} (port 1-65535)")
    return host, int(port)


# --- the subcommands -------------------------------------------------------------------

def register(subparsers: argparse._SubParsersAction) -> None:
    """Add `havana host` and `havana bot-client`."""
    _register_host(subparsers)
    bot = subparsers.add_parser("bot-client", help="play one seat of a host with a bot")
    bot.add_argument("address", metavar="HOST:PORT", help="e.g. 127.0.0.1:5000 or [::1]:5000")
    bot.add_argument("--code", required=True, help="the table's join code")
    bot.add_argument("--level", default=None,
                     help=f"bot level: {', '.join(BOT_LEVEL_NAMES)} (default: easy)")
    bot.add_argument("--name", default="bot", help="the seat's name (1-32 characters)")
    bot.add_argument("--json", action="store_true", help="print the result as one JSON line")
    bot.set_defaults(func=_bot_client)


def _register_host(subparsers: argparse._SubParsersAction) -> None:
    host = subparsers.add_parser("host", help="run a headless game host")
    host.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                      help="players at the table")
    host.add_argument("--bots", default="", metavar="LEVEL,...",
                      help=f"bots on the last seats, e.g. random,easy (levels: "
                           f"{', '.join(BOT_LEVEL_NAMES)}; default: none)")
    host.add_argument("--edition", choices=EDITIONS, default=DEFAULT_EDITION,
                      help="the rules and cards the new table plays (resumed tables keep "
                           "theirs)")
    host.add_argument("--seed", type=int, default=None,
                      help="deal the games from this seed (reproducible games for tests "
                           "and bug reports); default: secret random seeds")
    host.add_argument("--port", type=ranged(int, PORT_RANGE), default=0,
                      help="0 (default): any free port")
    host.add_argument("--lan", action="store_true",
                      help="listen on every interface and announce on the LAN "
                           "(default: 127.0.0.1 only)")
    host.add_argument("--resume", type=Path, metavar="DIR",
                      help="continue every table saved in DIR (and keep saving there); "
                           "default: a new table")
    host.add_argument("--save-dir", type=Path, metavar="DIR",
                      help="save every table here after each change; default: no saving")
    host.add_argument("--snapshot-every", type=ranged(int, SNAPSHOT_EVERY_RANGE), default=256,
                      metavar="N", help="decisions between two snapshots of a table (the "
                                        "journal before a snapshot is dropped)")
    host.add_argument("--grace", type=ranged(float, GRACE_RANGE, " of seconds"), default=120.0,
                      metavar="S", help="seconds a disconnected seat is held before a bot "
                                        "plays it (default 120)")
    host.add_argument("--heartbeat", type=ranged(float, HEARTBEAT_RANGE, " of seconds"),
                      default=5.0, metavar="S", help="seconds between the host's pings; "
                      "silence for 3 of them closes a connection (default 5)")
    host.add_argument("--drain-timeout", type=ranged(float, DRAIN_TIMEOUT_RANGE, " of seconds"),
                      default=10.0, metavar="S", help="seconds a connection may leave sent "
                      "data unread before it is closed (default 10)")
    host.add_argument("--name", type=display_name, default=None,
                      help="the host's name shown to clients and on the LAN (1-32 characters; "
                           "default: the name the resumed folder was hosted under, else this "
                           "machine's name)")
    host.add_argument("--exit-when-done", action="store_true",
                      help="exit once every table's game is over")
    host.add_argument("--exit-when-idle", type=ranged(float, GRACE_RANGE, " of seconds"),
                      default=None, metavar="S",
                      help="exit once no player has been connected for S seconds (the "
                           "tables wait in the save folder for --resume); default: never")
    host.add_argument("--hints", action="store_true",
                      help="let players ask for hints (the hard AI's suggestion on their own "
                           "view); default: no hints")
    host.add_argument("--autostart", action="store_true",
                      help="start a game by itself once every seat is taken (otherwise the "
                           "first player to join starts it)")
    host.add_argument("--owner", action="store_true",
                      help="make an owner token, printed in the --json line: a spectator "
                           "watching with it (the big screen that opened the table) may "
                           "start the game early, and no player gets the host role by "
                           "joining; default: no owner")
    host.add_argument("--every-core", action="store_true",
                      help="each bot decision and hint searches on every core (default: on "
                           "one; the bots of several tables think at once either way)")
    host.add_argument("--json", action="store_true",
                      help="print one JSON line (port, code, tables) instead of the "
                           "instructions for people")
    host.set_defaults(func=_host)


def _fail(command: str, message: str) -> int:
    """Report bad input on one stderr line; the exit code 2."""
    print(f"havana {command}: {message}", file=sys.stderr)
    return 2


# --- havana host -----------------------------------------------------------------------

def _bot_levels(spec: str, players: int) -> list[str | None]:
    """The `--bots` list, right-aligned on the seats (None: an open seat)."""
    levels = [level.strip() for level in spec.split(",") if level.strip()]
    if len(levels) > players:
        raise CommandError(f"more bots ({len(levels)}) than players ({players})")
    for level in levels:
        try:
            bot_level(level)
        except BadInput as error:
            raise CommandError(f"--bots: {error}") from None
    return [None] * (players - len(levels)) + list(levels)


def _check_resume(args: argparse.Namespace) -> None:
    """--resume names an existing folder; a resumed host saves into it."""
    folder = args.resume
    if not os.path.isdir(folder):
        what = "is not a folder" if os.path.exists(folder) else "does not exist"
        raise CommandError(f"--resume {folder}: {what}")
    if args.save_dir is not None and os.path.realpath(args.save_dir) != os.path.realpath(folder):
        raise CommandError("a resumed host saves into the folder it resumed: leave out "
                           "--save-dir or give the same folder")


def _check_writable(folder: Path, option: str) -> None:
    """`folder` is a writable folder, or can be made in one (nothing is created here)."""
    existing = next(p for p in (folder, *folder.parents) if os.path.exists(p))
    if not os.path.isdir(existing):
        raise CommandError(f"{option} {folder}: {existing} is not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise CommandError(f"{option} {folder}: cannot write in {existing}")


def _check_port(bind: str, port: int) -> None:
    """The port is free to listen on (0: any free port always is)."""
    if port == 0:
        return
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the host does
        try:
            probe.bind((bind, port))
        except OSError as error:
            raise CommandError(f"cannot listen on {bind}:{port}: "
                               f"{error.strerror or error}") from None


HOST_FILE = "host.json"
"""In a save folder: the name the host serves it under (a resumed host keeps it)."""


def _default_name() -> str:
    return socket.gethostname()[:32] or "Havana"


def saved_name(folder: Path) -> str | None:
    """The name a host serving `folder` was given, if it kept one there."""
    try:
        name = json.loads((folder / HOST_FILE).read_text("utf-8")).get("name")
        return display_name(name) if isinstance(name, str) else None
    except (OSError, ValueError, AttributeError, BadInput):
        return None


def _keep_name(folder: Path, name: str) -> None:
    """Remember the host's name in its save folder (a failure only costs the name)."""
    from havana_game.saves import write_atomically
    try:
        write_atomically(folder / HOST_FILE, json.dumps({"format": 1, "name": name}).encode())
    except OSError as error:
        print(f"havana host: cannot keep the host's name in {folder} "
              f"({error.strerror or error})", file=sys.stderr)


def _host_name(args: argparse.Namespace) -> str:
    """--name, else the name the resumed folder was served under, else the machine's."""
    if args.name is not None:
        return str(args.name)
    return (saved_name(args.resume) if args.resume is not None else None) or _default_name()


def _host_config(args: argparse.Namespace) -> HostConfig:
    """The host settings the options ask for."""
    from .host import HostConfig
    return HostConfig(bind="0.0.0.0" if args.lan else "127.0.0.1", port=args.port,
                      name=_host_name(args), grace=args.grace, heartbeat=args.heartbeat,
                      drain_timeout=args.drain_timeout,
                      save_dir=args.save_dir or args.resume, snapshot_every=args.snapshot_every,
                      seed=args.seed, autostart=args.autostart, hints=args.hints,
                      owner=secrets.token_hex(32) if args.owner else None)


def _host(args: argparse.Namespace) -> int:
    """`havana host`: check the input, then serve until stopped."""
    try:
        bots = _bot_levels(args.bots, args.players)
        if args.resume is not None:
            _check_resume(args)
        config = _host_config(args)
        if config.save_dir is not None:
            _check_writable(config.save_dir, "--resume" if args.resume else "--save-dir")
        _check_port(config.bind, config.port)
        from havana_game.ai.parallel import use_every_core

        from .host.tuning import tune_for_hosting
        tune_for_hosting()  # this process only hosts
        use_every_core(args.every_core)
        return asyncio.run(_run_host(args, config, bots))
    except CommandError as error:
        return _fail("host", str(error))
    except KeyboardInterrupt:
        return 130


def _new_host(config: HostConfig) -> Host:
    """The host (it makes the save folder, if any)."""
    from .host import Host
    try:
        return Host(config)
    except OSError as error:  # the save folder cannot be made
        raise CommandError(f"cannot save in {config.save_dir}: {error.strerror or error}") \
            from None


def _open_tables(host: Host, args: argparse.Namespace, bots: list[str | None]) -> list[Table]:
    """The resumed tables, or one new table."""
    from havana_game.content import find_edition
    if args.resume is None:
        return [host.create_table(args.players, bots, rules=find_edition(args.edition))]
    try:
        tables = host.resume(args.resume)
    except (ValueError, OSError) as error:  # SaveError, or a file that cannot be read
        raise CommandError(f"cannot resume: {error}") from None
    if not tables:
        raise CommandError(f"no saved tables in {args.resume}")
    return tables


async def _start(host: Host, args: argparse.Namespace, bots: list[str | None]) -> list[Table]:
    """The tables, served; the host is closed again if that fails."""
    try:
        tables = _open_tables(host, args, bots)
        await host.start()
    except OSError as error:
        await host.close()
        raise CommandError(f"cannot listen on {host.config.bind}:{host.config.port}: "
                           f"{error.strerror or error}") from None
    except CommandError:
        await host.close()
        raise
    return tables


async def _run_host(args: argparse.Namespace, config: HostConfig,
                    bots: list[str | None]) -> int:
    stop = asyncio.Event()  # before the host says it is up: a stop right after is clean
    on_stop_signals(asyncio.get_running_loop(), stop.set)
    host = _new_host(config)
    tables = await _start(host, args, bots)
    if config.save_dir is not None:
        _keep_name(config.save_dir, config.name)
    if args.json:
        print(json.dumps({"port": host.port, "code": tables[0].code, "bind": config.bind,
                          "web": _web_url(host, tables[0], args.lan),
                          **({"owner": config.owner} if config.owner else {}),
                          "tables": [{"id": t.id, "code": t.code, "players": t.players,
                                      "status": t.status} for t in tables]}), flush=True)
    else:
        print(instructions(host, tables, args.lan, config.autostart), flush=True)
    announcement = None
    if args.lan:
        from .discovery import announce

        try:
            announcement = await asyncio.get_running_loop().run_in_executor(
                None, announce, config.name, host.port, host.listing(), lan_address())
        except Exception as error:  # noqa: BLE001 - zeroconf's errors vary by platform
            print(f"havana host: not announced on the LAN ({type(error).__name__}: {error}); "
                  f"players can still join by typing this machine's address and port "
                  f"{host.port}", file=sys.stderr)
        else:
            host.on_listing = announcement.update
            announcement.update(host.listing())  # seats taken while announcing
    try:
        await _serve_until_stopped(host, tables, stop, args.exit_when_done,
                                   args.exit_when_idle)
    finally:
        if announcement is not None:
            announcement.close()
        await host.close()
    return 0


async def _serve_until_stopped(host: Host, tables: list[Table], stop: asyncio.Event,
                               exit_when_done: bool, exit_when_idle: float | None) -> None:
    """Until `stop` is set (Ctrl+C or a request to stop: SIGTERM, Ctrl+Break), or
    (with `exit_when_done`) every game is over, or (with `exit_when_idle`) no player
    has been connected for that many seconds."""
    loop = asyncio.get_running_loop()
    last_player = loop.time()
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.2)
        if exit_when_done and all(t.status == "over" for t in tables):
            await asyncio.sleep(0.2)  # let the last frames leave
            return
        if host.players_connected():
            last_player = loop.time()
        elif exit_when_idle is not None and loop.time() - last_player >= exit_when_idle:
            print(f"havana host: no player for {_plain(exit_when_idle)} s; stopping (the "
                  "tables are saved)" if host.config.save_dir is not None else
                  f"havana host: no player for {_plain(exit_when_idle)} s; stopping",
                  file=sys.stderr, flush=True)
            return


def instructions(host: Host, tables: list[Table], lan: bool, autostart: bool) -> str:
    """What a person needs to know to join: where, with which code, and who starts."""
    where = f"{lan_address()}:{host.port}" if lan else f"127.0.0.1:{host.port}"
    lines = [f"Havana host \"{host.config.name}\" is serving {len(tables)} table(s)."]
    for table in tables:
        lines.append(f"  table {table.code}: {table.rules.name}, {table.players} players, "
                     f"{table.status}")
    lines.append(f"Join from Havana: Join LAN game, address {where}, code {tables[0].code}"
                 + (" (or pick this host from the list)." if lan else "."))
    lines.append(f"Join from a phone or any browser: open {_web_url(host, tables[0], lan)}")
    lines.append("The game starts by itself once every seat is taken." if autostart else
                 "The first player to join holds the host controls and starts the game.")
    lines.append("Stop with Ctrl+C (every table is saved first, when saving).")
    return "\n".join(lines)


def _web_url(host: Host, table: Table, lan: bool) -> str:
    """The link a browser opens to sit at `table` (the web seat page)."""
    from .host.web import web_url
    return web_url(lan_address() if lan else "127.0.0.1", host.port, table.code)


def lan_address() -> str:
    """This machine's address on the LAN (the source address of a route outward;
    nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


# --- havana bot-client -----------------------------------------------------------------

def _bot_client(args: argparse.Namespace) -> int:
    """`havana bot-client`: check the input, then play one seat."""
    from .botclient import failed, new_result, play_seat
    try:
        host, port = parse_address(args.address)
        level = bot_level(args.level) if args.level is not None else None
        name, code = display_name(args.name), join_code(args.code)
    except BadInput as error:
        result = failed(new_result(), error.code, str(error))
    else:
        try:
            result = asyncio.run(play_seat(host, port, code, level, name))
        except KeyboardInterrupt:
            result = failed(new_result(), "interrupted", "interrupted")
    return _report(result, args.json)


def _report(result: dict[str, Any], as_json: bool) -> int:
    """Print the result; the exit code: 0 finished, 1 stopped during the game,
    2 never got a seat (bad input, or the host could not be reached or refused)."""
    if "error" in result:
        print(f"havana bot-client: {result['message']}", file=sys.stderr)
    if as_json:
        print(json.dumps(result), flush=True)
    elif result["seat"] is not None:
        print(f"seat {result['seat']}: " + (f"game over, winners {result['winners']}"
              if result["finished"] else f"stopped ({result.get('error')})"), flush=True)
    if result["finished"]:
        return 0
    return 2 if result["seat"] is None else 1
