"""The authoritative host: tables, seats, persistence and the asyncio server."""

from .config import HostConfig
from .server import Host
from .table import Table

__all__ = ["Host", "HostConfig", "Table"]
