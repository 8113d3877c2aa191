"""Local games (single player, hotseat) on the `net` host in-process, saved as
they go so that "Resume saved game" can pick them up after a quit or a crash.

The host writes its table file into `save_dir()` after every change; the client
keeps the seat tokens beside it (`session.json`) to take its seats back.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import json
import shutil
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .settings import config_dir

SESSION = "session.json"


def save_dir() -> Path:
    return config_dir() / "local-game"


def has_saved_game() -> bool:
    return (save_dir() / SESSION).exists()


def forget_saved_game() -> None:
    shutil.rmtree(save_dir(), ignore_errors=True)


def start(kinds: Sequence[str], ages: Sequence[int | None] = ()) -> Any:
    """A fresh in-process host saving into `save_dir()` (replacing any older save)."""
    from net.host import HostConfig
    from net.local import start_local_host
    forget_saved_game()
    save_dir().mkdir(parents=True, exist_ok=True)
    extra: dict[str, Any] = {}
    if ages and all(a is not None for a in ages) \
            and "ages" in inspect.signature(start_local_host).parameters:
        extra["ages"] = list(ages)
    return start_local_host(len(kinds), list(kinds), HostConfig(save_dir=save_dir()), **extra)


def resume() -> tuple[Any, dict[str, Any]] | None:
    """The saved table on a new in-process host, and the saved session (code,
    names, tokens); None if there is no usable save."""
    from net.host import Host, HostConfig
    from net.local import LocalHost
    try:
        session = json.loads((save_dir() / SESSION).read_text("utf-8"))
        host = Host(HostConfig(save_dir=save_dir()))
        tables = host.resume(save_dir())
    except (OSError, ValueError):
        return None
    if len(tables) != 1 or tables[0].code != session.get("code") or tables[0].game is None:
        return None
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True, name="havana-local-host")
    thread.start()
    port = asyncio.run_coroutine_threadsafe(host.start(), loop).result(timeout=10)
    return LocalHost(host, port, tables[0].code, loop, thread), session


def write_session(code: str, names: Sequence[str], tokens: dict[int, str]) -> None:
    """Remember what is needed to take the seats back."""
    document = {"code": code, "names": list(names),
                "tokens": {str(seat): token for seat, token in tokens.items()}}
    with contextlib.suppress(OSError):
        (save_dir() / SESSION).write_text(json.dumps(document), "utf-8")
