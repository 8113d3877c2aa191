"""Per-user settings, saved as JSON in the user's config folder."""

from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ... import platforms
from ...i18n import LANGUAGES, gettext, system_language
from .options import default, on_by_default, values

ANIMATION_SPEEDS = values("speed")
"""Animation speed multipliers offered; 0 means no animations at all."""
TEXT_SIZES = values("text_size")
"""Text-size multipliers offered."""
OPPONENT_PACES = values("pace")
"""Seconds the table dwells at least on each move of another player (a bot, or a
LAN opponent), so that a player can follow them; 0: "fast bots"."""
UNNAMED = ("", "Player")
"""What the settings hold for a player who never typed a name (older files
stored the English default)."""


def config_dir() -> Path:
    """The player's folder: $HAVANA_CONFIG_DIR, else the system's place for it
    (`platforms.config_dir`: ~/.config/havana on Linux, ~/Library/Application
    Support/havana on macOS, %LOCALAPPDATA%\\havana on Windows)."""
    return platforms.config_dir()


_checked: set[Path] = set()
"""Config folders already checked by `Settings.load` (one line each at most)."""


def _check_folder() -> None:
    """Say once, in one line, why nothing can be kept in the config folder (the
    game starts all the same, with what it can read)."""
    try:
        folder = config_dir()
    except Exception as error:  # noqa: BLE001 - no home folder, a broken system library
        print(f"havana: no folder to keep settings and saves in ({error}); the game starts "
              "but will not remember anything (set HAVANA_CONFIG_DIR to choose one)",
              file=sys.stderr)
        return
    if folder in _checked:
        return
    _checked.add(folder)
    problem = platforms.folder_problem(folder)
    if problem is not None:
        print(f"havana: {problem}; the game starts but settings, statistics and saved "
              "games will not be kept (set HAVANA_CONFIG_DIR to use another folder)",
              file=sys.stderr)


@dataclass
class Settings:
    """What a player can change in the Settings screen (each option's default
    from its record, `options.OPTIONS`), and what the game remembers besides."""

    language: str = field(default_factory=system_language)
    """Defaults to the system locale's language (English if it has no catalog)."""
    fullscreen: bool = on_by_default("fullscreen")
    window_size: tuple[int, int] = (1280, 720)
    animation_speed: float = default("speed")
    """Multiplier of animation speed; 0 turns animations off."""
    volume: float = default("volume")
    music_volume: float = default("music")
    """The ambient music's volume (0: off)."""
    muted: bool = on_by_default("mute")
    colorblind: bool = on_by_default("colorblind")
    """Draw a letter on every material as well as its shape."""
    player_name: str = ""
    """The name typed last; `UNNAMED` until then (`shown_name`)."""
    text_size: float = default("text_size")
    """Multiplier of every text's size (`TEXT_SIZES`)."""
    guide: bool = on_by_default("guide")
    """Show the first-game guide's hints."""
    guide_seen: list[str] = field(default_factory=list)
    """Guide hints already dismissed (`guide.HINTS`)."""
    opponent_pace: float = default("pace")
    """Seconds shown at least per move of another player (`OPPONENT_PACES`)."""
    recap: bool = on_by_default("recap")
    """Show what the others did since the player's last decision when their turn comes."""
    takebacks: bool = on_by_default("takebacks")
    """Offer Take back in games of one player against AIs (never hotseat or LAN)."""
    hints_ahead: bool = False
    """The player asked for a hint in the game under way or the last one finished:
    with hints offered, their decisions are searched as they come, from the first
    (`asks.take_hint`); a whole game without a hint turns it off again."""
    every_core: bool = on_by_default("every_core")
    """Let the AIs and hints search on every core (`parallel.use_every_core`), not one."""
    tutorial_edition: str = ""
    """The lesson of "Learn to play" under way (its edition; "": none)..."""
    tutorial_step: int = 0
    """...the step it is at..."""
    tutorial_moves: list[dict[str, Any]] = field(default_factory=list)
    """...and the player's decisions so far (a resumed lesson plays them again)."""
    last_seats: list[str] = field(default_factory=list)
    """The seats of the last local game started in New game: "human" or an AI
    level each (how many players, which AIs); New game starts from them."""
    last_edition: str = ""
    """That game's edition."""
    lan_players: int = 4
    """The last LAN table hosted: its number of players..."""
    lan_bots: list[str] = field(default_factory=list)
    """...each seat's after the host player's: an AI level, or "" (open for a player)..."""
    lan_edition: str = "classic"
    lan_hints: bool = False
    """...its edition, and whether players may ask for hints."""

    def shown_name(self) -> str:
        """The player's name, or the default name in the current language."""
        return gettext("player.default") if self.player_name in UNNAMED else self.player_name

    def remember_name(self, name: str) -> None:
        """Keep `name` for next time; the default name of the current language is
        not a choice (it shows translated in any language)."""
        self.player_name = "" if name in (gettext("player.default"), *UNNAMED) else name

    @classmethod
    def load(cls) -> Settings:
        """The saved settings; defaults for anything missing or unreadable (a
        settings file that cannot be read, or a config folder where nothing can be
        kept, is said in one line on standard error)."""
        _check_folder()
        try:
            path = config_dir() / "settings.json"
            # utf-8-sig: a file edited with Windows' Notepad may start with a BOM
            raw = json.loads(path.read_text("utf-8-sig"))
        except FileNotFoundError:
            return cls()
        except NotADirectoryError:  # the folder is a file: said by _check_folder
            return cls()
        except (OSError, ValueError) as error:
            print(f"havana: the settings in {path} cannot be read ("
                  f"{getattr(error, 'strerror', None) or error}); the game starts with "
                  "the default settings", file=sys.stderr)
            return cls()
        settings = cls()
        if not isinstance(raw, dict):
            return settings
        for entry in fields(cls):
            value = raw.get(entry.name)
            default = getattr(settings, entry.name)
            if isinstance(default, tuple) and isinstance(value, list) and len(value) == 2:
                try:
                    value = (int(value[0]), int(value[1]))
                except (TypeError, ValueError):
                    continue
            if value is not None and type(value) is type(default):
                setattr(settings, entry.name, value)
        if settings.language not in LANGUAGES:
            settings.language = system_language()
        return settings

    def save(self) -> None:
        """Write the settings; a read-only home folder is not an error."""
        try:
            folder = config_dir()
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "settings.json").write_text(json.dumps(asdict(self), indent=1), "utf-8")
        except OSError:
            pass
