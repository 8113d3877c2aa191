"""How often a seat may react (PROTOCOL.md "Reactions"): each limit is at most
`count` reactions within any `seconds`. The host drops a reaction over any of
them (never answered, never closing the connection), counting per seat of a
table, not per connection, so reconnecting does not start the count again; the
clients keep the same pace themselves, so that they never send one to be dropped."""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Sequence

Limit = tuple[int, float]
"""(count, seconds): at most `count` reactions within any `seconds`."""
REACTION_LIMITS: tuple[Limit, ...] = ((1, 2.0), (5, 30.0))
"""The host's limits unless told others (`HostConfig.reaction_limits`)."""


class ReactionLimits:
    """The reactions each seat sent lately, against `limits`; `clock` tells the
    time in seconds (monotonic: `time.monotonic`, or a test's)."""

    def __init__(self, limits: Sequence[Limit],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = tuple(limits)
        self.clock = clock
        self._keep = max((count for count, _ in self.limits), default=0)
        self._span = max((seconds for _, seconds in self.limits), default=0.0)
        self._sent: OrderedDict[Hashable, deque[float]] = OrderedDict()
        """By seat, the latest first-used last: the times of its latest reactions
        (as many as the largest count)."""

    def allow(self, seat: Hashable) -> bool:
        """True, and counted, if `seat` may react now; False if that would pass a limit."""
        now = self.clock()
        self._forget_before(now - self._span)
        sent = self._sent.get(seat)
        if sent is None:
            sent = self._sent[seat] = deque(maxlen=max(1, self._keep))
        for count, seconds in self.limits:
            recent = sum(1 for when in sent if when > now - seconds)
            if recent >= count:
                return False
        sent.append(now)
        self._sent.move_to_end(seat)
        return True

    def _forget_before(self, moment: float) -> None:
        """Let go of seats whose latest reaction is older than every limit's
        window (they count nothing any more), the least recently used first."""
        while self._sent:
            seat, sent = next(iter(self._sent.items()))
            if sent and sent[-1] > moment:
                return
            del self._sent[seat]

    def __len__(self) -> int:
        """Seats remembered (what the host holds for this)."""
        return len(self._sent)
