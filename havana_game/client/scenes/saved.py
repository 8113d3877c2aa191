"""The Saved games screen: every unfinished local game, LAN table hosted here
and LAN seat held here, the most recently played first, with its date, round and players; Resume
one, or Delete it after saying yes to a question."""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ..session import lanseats
from ..session.lanhost import HostedTable
from ..session.localgame import SavedGame, forget
from ..session.resume import every_game, open_saved
from ..ui import art, fonts
from ..ui.i18n import tr, tr_name
from ..ui.widgets import Button, grown
from .base import Scene

if TYPE_CHECKING:
    from ..app import App

PER_PAGE = 6
"""Saved games listed on one page at the most (fewer when long names make rows taller)."""
ROW_HEIGHT = 74
ROW_GAP = 10
ROW_WIDTH = 900


def describe(game: SavedGame) -> tuple[str, str]:
    """A saved game's two lines: when and how far, then who plays (bots marked)."""
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.saved))
    if game.held is not None:
        return tr("saved.lan_seat", address=game.held.address) + " · " + date, game.held.name
    when = tr("saved.when", date=date, n=game.round) if game.round else \
        tr("saved.setup", date=date)
    if game.edition != "classic":
        when += " · " + tr_name("edition", edition=game.edition)
    if game.hosted:
        when = tr("saved.hosted") + " · " + when
    players = [name if level is None
               else tr("saved.bot", name=name, ai=tr_name("ai_level", level=level))
               for name, level in zip(game.names, game.levels, strict=True)]
    return when, ", ".join(players)


class SavedGamesScene(Scene):
    """A page of saved games; `deleting` is the slot whose deletion awaits a yes."""

    def __init__(self, app: App, back_to: Scene | None = None) -> None:
        super().__init__(app, back_to)
        self.games = every_game()
        self.page = 0
        self.deleting: Path | None = None
        self.message = ""

    def pages(self) -> int:
        return max(1, -(-len(self.games) // self.per_page()))

    def shown(self) -> list[SavedGame]:
        start = self.page * self.per_page()
        return self.games[start:start + self.per_page()]

    def per_page(self) -> int:
        """How many rows fit between the title and the notes above the buttons
        (`PER_PAGE` at the most)."""
        room = self.notes_top() - self.px(110) + self.px(ROW_GAP)
        return max(1, min(PER_PAGE, room // (self.row_height() + self.px(ROW_GAP))))

    def notes_top(self) -> int:
        """Where the page's number and a message go, under the rows and above the
        buttons: the room of their lines at the largest text."""
        lines = fonts.line_step(self.px(14), 1.4) + fonts.line_step(self.px(16), 1.4)
        return self.size[1] - self.px(70) - self.px(8) - lines

    def row_height(self) -> int:
        """The rows' height: `ROW_HEIGHT`, or taller for the lines of the game that
        needs the most (every row alike, so that the pages stay as they are)."""
        below = [self.px(22) + sum(self.px(26) + block.height - block.step
                                   for block, _, _ in self.texts(game)) for game in self.games]
        return max([self.px(ROW_HEIGHT), *below])

    def row_rect(self, index: int) -> pygame.Rect:
        taller = self.row_height() - self.px(ROW_HEIGHT)
        top = self.px(110) + index * (self.px(ROW_HEIGHT + ROW_GAP) + taller)
        return pygame.Rect(self.size[0] // 2 - self.px(ROW_WIDTH) // 2, top,
                           self.px(ROW_WIDTH), self.px(ROW_HEIGHT) + taller)

    def button_width(self) -> int:
        """The width of a row's two buttons (grown with the text size)."""
        return grown(self.px(130))

    def texts(self, game: SavedGame) -> list[tuple[fonts.Block, art.Color, bool]]:
        """What `game`'s row says: when and how far, then who plays, each set
        smaller, then wrapped (never cut); or the question whether to delete it."""
        px = self.px
        width = px(ROW_WIDTH) - 2 * self.button_width() - px(50)  # (left of the buttons)
        if game.folder == self.deleting:
            question = tr("saved.delete_question")
            return [(fonts.fit_lines(question, px(15), px(15), width), art.ACCENT, False)]
        return [(fonts.fit_lines(line, px(size), int(px(size) * fonts.SHRINK_BEFORE_WRAP),
                                 width, bold), color, bold)
                for line, size, color, bold in zip(describe(game), (17, 16),
                                                   (art.TEXT_LIGHT, art.TEXT_DIM), (True, False),
                                                   strict=True)]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        px = self.px
        self.page = min(self.page, self.pages() - 1)
        self.buttons = []
        for index, game in enumerate(self.shown()):
            row = self.row_rect(index)
            right = pygame.Rect(0, 0, self.button_width(), px(40))
            right.midright = (row.right - px(14), row.centery)
            left = right.move(-right.w - px(10), 0)
            if game.folder == self.deleting:
                self.buttons += [
                    Button(f"keep{index}", left, tr("saved.keep"), self.keep),
                    Button(f"delete_confirm{index}", right, tr("saved.delete_confirm"),
                           partial(self.delete, game.folder))]
            else:
                self.buttons += [
                    Button(f"resume{index}", left, tr("saved.resume"),
                           partial(self.resume, game.folder),
                           primary=self.page == 0 and index == 0),
                    Button(f"delete{index}", right, tr("saved.delete"),
                           partial(self.ask_delete, game.folder))]
        back = pygame.Rect(0, size[1] - px(70), grown(px(180)), px(46))
        back.centerx = size[0] // 2
        self.buttons.append(Button("back", back, tr("back"), self.on_escape))
        if self.pages() > 1:
            apart = back.w + px(60)
            self.buttons += [
                Button("prev", back.move(-apart, 0), tr("rules.prev"), partial(self.turn, -1),
                       enabled=self.page > 0),
                Button("next", back.move(apart, 0), tr("rules.next"), partial(self.turn, 1),
                       enabled=self.page < self.pages() - 1)]

    def draw_content(self, surface: pygame.Surface) -> None:
        self.title(surface, tr("menu.saved"))
        if not self.games:
            self.note(surface, tr("resume.none"), 200, art.TEXT_DIM)
        px = self.px
        for index, game in enumerate(self.shown()):
            row = self.row_rect(index)
            surface.blit(art.panel(row.size), row)
            y = row.top + px(12)
            for block, color, bold in self.texts(game):
                for i, line in enumerate(block.lines):
                    label = fonts.text(line, block.size, color, bold)
                    surface.blit(label, (row.left + px(16), y + i * block.step))
                y += px(26) + block.height - block.step
        below = self.notes_top() / self.scale  # (design pixels, as `note` takes them)
        if self.pages() > 1:
            below = self.note(surface, tr("saved.page", n=self.page + 1, count=self.pages()),
                              below, art.TEXT_DIM, 14)
        if self.message:
            self.note(surface, self.message, below, art.DANGER)

    def turn(self, step: int) -> None:
        self.page = max(0, min(self.pages() - 1, self.page + step))
        self.deleting = None
        self.relayout()

    def resume(self, folder: Path) -> None:
        game = next(game for game in self.games if game.folder == folder)
        if not open_saved(self.app, game):
            self.message = tr("saved.broken")

    def ask_delete(self, folder: Path) -> None:
        self.deleting, self.message = folder, ""
        self.relayout()

    def keep(self) -> None:
        self.deleting = None
        self.relayout()

    def delete(self, folder: Path) -> None:
        """Delete a saved game (a hosted LAN table's host process stops first; a
        LAN seat held is forgotten)."""
        held = next((game.held for game in self.games if game.folder == folder), None)
        if held is not None:
            lanseats.forget(held.table, held.seat)
        elif any(game.hosted for game in self.games if game.folder == folder):
            HostedTable(folder).forget()
        else:
            forget(folder)
        self.games = [game for game in self.games if game.folder != folder]
        self.deleting = None
        self.relayout()

    def on_escape(self) -> None:
        """Esc: a pending deletion is kept; else back to the menu."""
        if self.deleting is not None:
            self.keep()
        else:
            super().on_escape()
