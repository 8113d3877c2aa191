"""Local games (single player, hotseat) on the `net` host in-process, saved as
they go so that "Resume saved game" can pick them up after a quit or a crash.

The host writes its table file into `save_dir()` after every change; the client
keeps the seat tokens beside it (`session.json`) to take its seats back.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..editions import DEFAULT_EDITION
from .settings import config_dir

SESSION = "session.json"


def save_dir() -> Path:
    return config_dir() / "local-game"


def has_saved_game() -> bool:
    return (save_dir() / SESSION).exists()


def forget_saved_game() -> None:
    shutil.rmtree(save_dir(), ignore_errors=True)


def start(kinds: Sequence[str], ages: Sequence[int | None] = (),
          seed: int | None = None, edition: str = DEFAULT_EDITION) -> Any:
    """A fresh in-process host saving into `save_dir()` (replacing any older save),
    its table playing `edition`; `ages` (every seat's, or none) break turn-order
    ties; `seed` fixes the deal."""
    from net.host import HostConfig
    from net.local import start_local_host

    from ..content import find_edition
    forget_saved_game()
    save_dir().mkdir(parents=True, exist_ok=True)
    known = list(ages) if len(ages) == len(kinds) and all(a is not None for a in ages) else None
    return start_local_host(len(kinds), list(kinds), HostConfig(save_dir=save_dir(), seed=seed),
                            ages=known, rules=find_edition(edition))


def resume() -> tuple[Any, dict[str, Any]] | None:
    """The saved table on a new in-process host, and the saved session (code,
    names, tokens); None if there is no usable save (the reason is printed)."""
    from net.host import Host, HostConfig
    from net.local import LocalHost
    try:
        session = json.loads((save_dir() / SESSION).read_text("utf-8"))
        host = Host(HostConfig(save_dir=save_dir()))
        tables = host.resume(save_dir())
    except (OSError, ValueError) as error:
        print(f"havana: the saved game cannot be resumed ({error})", file=sys.stderr)
        return None
    if len(tables) != 1 or tables[0].code != session.get("code") or tables[0].game is None:
        print("havana: the saved game's files do not belong together; not resumed",
              file=sys.stderr)
        return None
    return LocalHost.serve(host, "havana-local-host", code=tables[0].code), session


def write_session(code: str, names: Sequence[str], tokens: dict[int, str]) -> None:
    """Remember what is needed to take the seats back."""
    document = {"code": code, "names": list(names),
                "tokens": {str(seat): token for seat, token in tokens.items()}}
    from ..saves import write_atomically
    try:
        write_atomically(save_dir() / SESSION, json.dumps(document).encode("utf-8"))
    except OSError as error:
        print(f"havana: cannot save the seats of this game for resuming "
              f"({error.strerror or error}); the game goes on", file=sys.stderr)
