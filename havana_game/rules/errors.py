"""Errors the engine raises. Each carries a machine-readable reason code."""

from __future__ import annotations


class IllegalDecision(ValueError):
    """A decision the rules do not allow now; the state was left unchanged.

    `reason` is a stable code a client can localize (for example "not_your_turn",
    "cannot_afford", "architect_required"); `detail` is an English explanation that
    never contains secret information.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail
