"""Keeping native libraries' complaints off the terminal: SDL's audio and video
probing makes C libraries (ALSA, libwayland) write to standard error directly, where
the game shows at most one line of its own instead."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def native_errors_hidden() -> Iterator[None]:
    """Send what is written to file descriptor 2 to /dev/null for the duration
    (ALSA probing a missing sound card prints dozens of lines)."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
