"""How this program starts itself again, and what a desktop app does at start-up.

Installed with pip, the program is a Python interpreter running the package
(`python -m havana_game`); frozen by PyInstaller (tools/havana.spec, the one-folder
app for people without Python) it is an executable of its own, `sys.executable`,
which takes the `havana` command's arguments directly and knows no `-m`.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

ICON = resources.files("havana_game").joinpath("assets", "icon.png")
"""The game's emblem (drawn by tools/make_icon.py): the window's icon, and the app's
(converted to .ico and .icns when the app is bundled)."""


def frozen() -> bool:
    """Whether this is the bundled app (PyInstaller), not Python running the package."""
    return bool(getattr(sys, "frozen", False))


CONSOLE_SIBLING = "havana-cli.exe"
"""The bundled app's console executable on Windows, beside the windowed havana.exe."""


def havana_command(*args: str) -> list[str]:
    """The command line running `havana ARGS` with this very program: the same
    interpreter and package, or the same bundled app. On Windows the bundled app's
    console executable (`CONSOLE_SIBLING`): output redirected to a file or a pipe
    reaches it for sure, as it may not a windowed program's; started with
    DETACHED_PROCESS or CREATE_NO_WINDOW it opens no console window."""
    if not frozen():
        return [sys.executable, "-m", "havana_game", *args]
    console = Path(sys.executable).with_name(CONSOLE_SIBLING)
    if sys.platform == "win32" and console.exists():
        return [str(console), *args]
    return [sys.executable, *args]


def dpi_aware() -> None:
    """On Windows, draw the window at the screen's real pixels: without this a
    display scaled to 150 % blows the whole window up, blurred. Elsewhere nothing.
    (Call before the window opens; a Windows too old to be asked is left as it is.)"""
    if sys.platform != "win32":
        return
    import ctypes
    from contextlib import suppress

    try:
        ctypes.windll.shcore.SetProcessDpiAwareness(2)  # per-monitor aware (8.1 and later)
    except (AttributeError, OSError):
        with suppress(AttributeError, OSError):
            ctypes.windll.user32.SetProcessDPIAware()  # system aware (Vista and later)
