"""Slowing down repeated failed joins from one address (PROTOCOL.md "Limits").

After `threshold` failures within `window` seconds, every further join attempt
from that address waits `delay * 2**k` seconds (capped) before it is looked at.
Nobody is ever locked out, and addresses without failures are never slowed.
"""

from __future__ import annotations

import time
from collections import deque

from .config import HostConfig


class JoinThrottle:
    def __init__(self, config: HostConfig) -> None:
        self._config = config
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, address: str) -> deque[float]:
        failures = self._failures.get(address)
        if failures is None:
            return deque()
        cutoff = time.monotonic() - self._config.failed_join_window
        while failures and failures[0] < cutoff:
            failures.popleft()
        if not failures:
            del self._failures[address]
        return failures

    def delay(self, address: str) -> float:
        """Seconds a join attempt from `address` must wait now."""
        excess = len(self._recent(address)) - self._config.failed_join_threshold
        if excess < 0:
            return 0.0
        return min(self._config.failed_join_delay * 2 ** min(excess, 30),
                   self._config.failed_join_max_delay)

    def failed(self, address: str) -> None:
        failures = self._failures.setdefault(address, deque(maxlen=1024))
        failures.append(time.monotonic())
