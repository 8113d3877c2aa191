"""`havana host` and `havana bot-client` (PROTOCOL.md "Command line")."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
import socket
import sys
from pathlib import Path

from havana_game.ai import BOT_LEVELS

from .botclient import play_seat
from .host import Host, HostConfig


def register(subparsers: argparse._SubParsersAction) -> None:
    host = subparsers.add_parser("host", help="run a headless game host")
    host.add_argument("--players", type=int, choices=(2, 3, 4), default=4)
    host.add_argument("--bots", default="", metavar="LEVEL,...",
                      help=f"bots on the last seats, e.g. random,easy (levels: "
                           f"{', '.join(sorted(BOT_LEVELS))})")
    host.add_argument("--port", type=int, default=0, help="0 (default): any free port")
    host.add_argument("--lan", action="store_true",
                      help="listen on every interface and announce on the LAN "
                           "(default: 127.0.0.1 only)")
    host.add_argument("--resume", type=Path, metavar="DIR",
                      help="continue every table saved in DIR (and keep saving there)")
    host.add_argument("--save-dir", type=Path, metavar="DIR",
                      help="save every table here after each change")
    host.add_argument("--snapshot-every", type=int, default=256, metavar="N",
                      help="decisions between two snapshots of a table (the journal "
                           "before a snapshot is dropped)")
    host.add_argument("--grace", type=float, default=120.0,
                      help="seconds a disconnected seat is held before a bot plays it")
    host.add_argument("--heartbeat", type=float, default=5.0)
    host.add_argument("--name", default=socket.gethostname()[:32] or "Havana")
    host.add_argument("--exit-when-done", action="store_true",
                      help="exit once every table's game is over")
    host.set_defaults(func=_host)

    bot = subparsers.add_parser("bot-client", help="play one seat of a host with a bot")
    bot.add_argument("address", metavar="HOST:PORT")
    bot.add_argument("--code", required=True)
    bot.add_argument("--level", default=None, help="bot level (default: easy, else random)")
    bot.add_argument("--name", default="bot")
    bot.add_argument("--json", action="store_true", help="print the result as one JSON line")
    bot.set_defaults(func=_bot_client)


def _bot_levels(spec: str, players: int) -> list[str | None]:
    levels = [level.strip() for level in spec.split(",") if level.strip()]
    if len(levels) > players:
        raise SystemExit(f"havana host: more bots ({len(levels)}) than players ({players})")
    unknown = [level for level in levels if level not in BOT_LEVELS]
    if unknown:
        raise SystemExit(f"havana host: unknown bot level(s) {unknown}; "
                         f"known: {sorted(BOT_LEVELS)}")
    return [None] * (players - len(levels)) + list(levels)


async def _run_host(args: argparse.Namespace) -> int:
    save_dir = args.save_dir or args.resume
    config = HostConfig(bind="0.0.0.0" if args.lan else "127.0.0.1", port=args.port,
                        name=args.name, grace=args.grace, heartbeat=args.heartbeat,
                        save_dir=save_dir, snapshot_every=args.snapshot_every)
    host = Host(config)
    if args.resume is not None:
        try:
            tables = host.resume(args.resume)
        except ValueError as error:  # SaveError, or --save-dir elsewhere
            print(f"havana host: cannot resume: {error}", file=sys.stderr)
            return 2
        if not tables:
            print(f"havana host: no saved tables in {args.resume}", file=sys.stderr)
            return 2
    else:
        tables = [host.create_table(args.players, _bot_levels(args.bots, args.players))]
    port = await host.start()
    print(json.dumps({"port": port, "code": tables[0].code, "bind": config.bind,
                      "tables": [{"id": t.id, "code": t.code, "players": t.players,
                                  "status": t.status} for t in tables]}), flush=True)
    announcement = None
    if args.lan:
        from .discovery import announce

        announcement = await asyncio.get_running_loop().run_in_executor(
            None, announce, args.name, port, host.free_seats, _lan_address())
        host.on_free_seats = announcement.update
        announcement.update(host.free_seats)  # seats taken while announcing
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        asyncio.get_running_loop().add_signal_handler(signum, stop.set)
    try:
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.2)
            if args.exit_when_done and all(t.status == "over" for t in tables):
                await asyncio.sleep(0.2)  # let the last frames leave
                break
    finally:
        if announcement is not None:
            announcement.close()
        await host.close()
    return 0


def _lan_address() -> str:
    """This machine's address on the LAN (the source address of a route outward;
    nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def _host(args: argparse.Namespace) -> int:
    return asyncio.run(_run_host(args))


def _bot_client(args: argparse.Namespace) -> int:
    host, _, port = args.address.rpartition(":")
    if not host or not port.isdigit():
        raise SystemExit("havana bot-client: give the host as HOST:PORT")
    result = asyncio.run(play_seat(host, int(port), args.code, args.level, args.name))
    if args.json:
        print(json.dumps(result), flush=True)
    else:
        print(f"seat {result['seat']}: " + ("game over, winners "
              f"{result['winners']}" if result["finished"] else f"stopped ({result.get('error')})"))
    return 0 if result["finished"] else 1
