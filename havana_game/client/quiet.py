"""Keeping native libraries' complaints off the terminal: SDL's audio and video
probing makes C libraries (ALSA, libwayland) write to standard error directly, where
the game shows at most one line of its own instead."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from .. import platforms


@contextmanager
def native_errors_hidden() -> Iterator[None]:
    """Send what is written to file descriptor 2 to the null device for the duration
    (ALSA probing a missing sound card prints dozens of lines); where there is no
    descriptor 2 (a windowed app on Windows or macOS) there is nothing to hide."""
    with platforms.stderr_hidden():
        yield
