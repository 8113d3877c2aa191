"""Protocol errors: a stable reason code plus parameters (PROTOCOL.md "Errors").

The code and params are all a peer ever sees of an error: never a traceback, a
file path, a token or any game secret. Clients localize the code.
"""

from __future__ import annotations

from typing import Any


class ProtocolError(Exception):
    """A refused frame or command. `fatal` errors close the connection."""

    fatal = False

    def __init__(self, reason: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.params = params


class FrameError(ProtocolError):
    """The byte stream or a message cannot be trusted any more: always fatal."""

    fatal = True
