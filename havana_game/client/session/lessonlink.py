"""The tutorial's game: a `LocalLink` on the lesson's fixed deal against a bot
that plays the lesson's scripted moves while they are legal, then the easy AI.
The player's decisions are kept (`moves`) so that a lesson left halfway resumes
where it was: the same deal, bot and moves lead to the same table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...ai import make_bot
from ...ai.base import Bot
from ...rules import View
from ..table.lesson import Lesson
from .link import LocalLink

HUMAN, BOT = 0, 1
"""The player's seat and the bot's."""


class ScriptedBot:
    """Plays its script's next move while it is legal; otherwise the fallback
    bot decides (a scripted move for a later kind of question waits for it)."""

    level = "easy"

    def __init__(self, script: Sequence[dict[str, Any]], fallback: Bot) -> None:
        self.script = list(script)
        self.fallback = fallback

    def decide(self, view: View) -> dict[str, Any]:
        legal = view["legal"]
        if self.script:
            move = self.script[0]
            if move in legal:
                return self.script.pop(0)
            if any(d["kind"] == move["kind"] for d in legal):
                self.script.pop(0)  # its moment came and it cannot be played: dropped
        return self.fallback.decide(view)


class LessonLink(LocalLink):
    """A local game of one player against the lesson's bot."""

    def __init__(self, lesson: Lesson, name: str, moves: Sequence[dict[str, Any]] = (),
                 on_move: Callable[[list[dict[str, Any]]], None] | None = None) -> None:
        super().__init__(["human", "easy"], [name, lesson.bot_name], seed=lesson.seed,
                         edition=lesson.edition)
        self.bots = {BOT: ScriptedBot(lesson.bot, make_bot("easy", lesson.seed * 7 + BOT))}
        self.moves: list[dict[str, Any]] = []
        """The player's decisions so far (what resuming plays again)."""
        self.on_move: Callable[[list[dict[str, Any]]], None] | None = None
        self.note = "leave.lesson"
        """What leaving says: the lesson is kept; once it is over, the game is saved."""
        for move in moves:  # a lesson resumed: played again, then shown as it stands
            self.run_bots()
            self.send(HUMAN, move)
        if moves:
            self._outbox = [{"type": "table", "names": self.names},
                            {"type": "history", "seat": HUMAN,
                             "version": self.game.state.version,
                             "events": [{"kind": e.kind, "data": e.data}
                                        for e in self.game.story() if e.visible_to(HUMAN)]}]
            self._broadcast([])
        self.on_move = on_move

    @property
    def leaving_note(self) -> str:
        return self.note

    def send(self, seat: int, decision: dict[str, Any]) -> None:
        before = self.game.state.version
        super().send(seat, decision)
        if self.game.state.version != before:
            self.moves.append(decision)
            if self.on_move is not None:
                self.on_move(list(self.moves))
