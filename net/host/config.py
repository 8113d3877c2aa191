"""Host settings: where to listen, timing, and the caps that keep one client from
hurting the others (PROTOCOL.md "Limits")."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from havana_game.content import reactions

from ..reactions import REACTION_LIMITS, Limit


@dataclass
class HostConfig:
    bind: str = "127.0.0.1"
    """127.0.0.1 keeps a game local; LAN hosting ("0.0.0.0") is an explicit choice."""
    port: int = 0
    """0: an ephemeral port."""
    name: str = "Havana"
    heartbeat: float = 5.0
    """Seconds between pings; a connection silent for 3 heartbeats is closed."""
    grace: float = 120.0
    """Seconds a disconnected seat is held before a stand-in bot plays it."""
    finished_grace: float = 300.0
    """Seconds a finished table stays in memory after its game ended; then the host
    keeps a compact record of it (a few hundred bytes), rebuilt whenever someone
    rejoins, watches or resyncs it (and let go of again this long after)."""
    handshake_timeout: float = 10.0
    """The hello and the join must each arrive within this many seconds."""
    frame_deadline: float = 5.0
    """Once a frame's first byte arrived, the whole frame must within this."""
    max_connections: int = 1024
    """Connections in all, the handshakes included; more are refused with `server_busy`."""
    max_pending_per_address: int = 16
    """Connections from one address still in the handshake (before their join);
    more from it are refused with `server_busy`. The budget is per address only:
    with a shared one, a few noisy machines' idle handshakes filled it and kept
    every newcomer out until they timed out; now they keep out only themselves."""
    drain_timeout: float = 10.0
    """Seconds a connection may leave sent data unread before it is closed as stuck."""
    send_buffer_limit: int = 1 << 20
    """Bytes queued to one client; beyond that it is too slow and is disconnected."""
    failed_join_threshold: int = 5
    """Failed joins from one address within `failed_join_window` before it is slowed."""
    failed_join_delay: float = 0.1
    """First delay once slowed; doubles with each further failure..."""
    failed_join_max_delay: float = 2.0
    """...up to this, so the rest of the party is slowed, never locked out."""
    failed_join_window: float = 60.0
    save_dir: Path | None = None
    """Where tables are saved after every change (none: no persistence)."""
    snapshot_every: int = 256
    """Decisions between two snapshots of a table (journal compaction)."""
    segment_bytes: int = 4 << 20
    """A journal segment this large is finished; the next batch starts a new one."""
    hints: bool = False
    """Players at this host's tables may ask for hints (the client's Hint button;
    told to clients in `table.hints`). Local games always allow them."""
    takebacks: bool = False
    """Players may take back their decisions (`take_back`) at tables where they
    alone face bots: the in-process host of a local game, never a LAN host."""
    autostart: bool = False
    """Start a game by itself once every seat is taken; otherwise the host-role player
    starts it (a table with no human seat, which no one could start, always starts
    once full and entered)."""
    owner: str | None = None
    """A secret (a token) that lets a spectator who watches with it start the
    game early (`watch.owner`): the table display that opened an `autostart`
    table, which has no seat and so no host role. None: no such spectator."""
    reactions: tuple[str, ...] = field(default_factory=reactions)
    """The quick reactions the host relays (`react`, told in `welcome.reactions`);
    empty: it reads no `react` (as a host of before reactions)."""
    reaction_limits: tuple[Limit, ...] = REACTION_LIMITS
    """(count, seconds): a seat reacts at most `count` times within any `seconds`,
    for each pair; a reaction over a limit is dropped."""
    seed: int | None = None
    """Tables deal their games from seeds drawn from this one (reproducible games for
    tests and bug reports); None: every game gets a secret random seed."""
