"""Havana over the network: the msgpack-over-TCP protocol (docs/PROTOCOL.md), the
authoritative asyncio host (`net.host`), clients (`net.session`, `net.client`),
local games (`net.local`) and LAN discovery (`net.discovery`).

The host is the only place holding a full game state; everything a client learns
goes through `rules.view_for` for its seat.
"""

PROTOCOL_VERSION = 2
"""Bumped on any incompatible change to framing or messages."""
NAME_MAX = 32
"""The longest a player's name may be, in characters (`messages.Name`)."""
