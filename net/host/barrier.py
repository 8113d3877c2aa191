"""Nobody is told of an unsaved change (PROTOCOL.md "Persistence"): outbound
frames wait here until every journal batch committed before them is durable."""

from __future__ import annotations

from typing import Protocol


class Receiver(Protocol):
    def deliver(self, data: bytes, drained: bool) -> None:
        """Write released frames; `drained`: nothing of this receiver is held any more."""


class Barrier:
    """Journal batches are numbered 1, 2, ...: `written` is the newest batch holding
    records, `durable` the newest one on disk. A frame sent while `written >
    durable` waits, tagged `written`, and so does every later frame to the same
    receiver (its order is kept); `release` lets out the frames whose batch is
    durable, one write per receiver."""

    def __init__(self) -> None:
        self.written = 0
        self.durable = 0
        self._held: dict[Receiver, list[tuple[int, bytes]]] = {}

    def hold(self, receiver: Receiver, data: bytes) -> bool:
        """Keep `data` for later if it must wait; False: send it now."""
        held = self._held.get(receiver)
        if held is None:
            if self.written <= self.durable:
                return False
            held = self._held[receiver] = []
        held.append((self.written, data))
        return True

    def holds(self, receiver: Receiver) -> bool:
        return receiver in self._held

    def release(self, durable: int) -> None:
        """Batches up to `durable` are on disk: deliver what waited for them."""
        self.durable = durable
        for receiver, held in list(self._held.items()):
            ready = 0
            while ready < len(held) and held[ready][0] <= durable:
                ready += 1
            if ready:
                data = b"".join(frame for _, frame in held[:ready])
                del held[:ready]
                if not held:
                    del self._held[receiver]
                receiver.deliver(data, not held)
