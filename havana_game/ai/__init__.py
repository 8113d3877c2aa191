"""Bots. A bot sees exactly what a human at its seat sees: the seat's view
(`rules.view_for`), which includes the seat's legal decisions in JSON form.

    bot = make_bot("random", seed=7)
    decision_json = bot.decide(view)
"""

from __future__ import annotations

from .base import BOT_LEVELS, Bot, make_bot

__all__ = ["BOT_LEVELS", "Bot", "make_bot"]
