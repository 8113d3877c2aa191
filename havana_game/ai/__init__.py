"""Bots. A bot sees exactly what a human at its seat sees: the seat's view
(`rules.view_for`), which includes the seat's legal decisions in JSON form.

    bot = make_bot("hard", seed=7)  # also "random", "easy", "medium"
    decision_json = bot.decide(view)
"""

from __future__ import annotations

from .base import BOT_LEVELS, Bot, make_bot
from .bots import EasyBot, HardBot, MediumBot

__all__ = ["BOT_LEVELS", "Bot", "EasyBot", "HardBot", "MediumBot", "make_bot"]
