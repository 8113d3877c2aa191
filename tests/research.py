"""The research tools' modules for the tests: tools/ goes on the import path (its
scripts import their neighbours, value_model, search_research, as top-level
modules)."""

from __future__ import annotations

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import search_research  # noqa: E402

__all__ = ["TOOLS", "search_research"]
