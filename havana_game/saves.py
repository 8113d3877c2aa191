"""Saved games: a versioned JSON document of the full state plus the decision history.

Loading validates the document against `SaveDocument` (its JSON Schema is
published as docs/save.schema.json), rebuilds the game by replaying the history
from the recorded setup, and checks that the replay reproduces the saved state.
A damaged, foreign or newer file raises `SaveError` with a clear message; nothing
is half-loaded. Writing is atomic: temp file, fsync, rename, fsync of the folder.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from . import platforms
from .game import Game, Seating
from .rules import IllegalDecision, RulesetError, from_json, parse_ruleset, to_json
from .rules.ruleset import CLASSIC_NAMES
from .rules.snapshot import snapshot
from .rules.state import FIELDS, Form, StateField

SAVE_FORMAT = "havana-save"
SAVE_VERSION = 3
"""1: the classic game's state. 2: the state gained `hidden_put` (the 2024 edition's
Recycling puts cards down unseen). 3: decisions name materials in the edition's
words (2 wrote the classic words whatever the edition), and `seatings` says who
sat at each seat when. `MIGRATIONS` upgrades older documents."""
MAX_SAVE_BYTES = 8 * 1024 * 1024

Seat = Annotated[int, Field(ge=0, le=3)]
IdList = Annotated[list[Annotated[str, Field(max_length=32)]], Field(max_length=200)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class SetupModel(_Strict):
    players: Annotated[int, Field(ge=2, le=4)]
    seed: int
    ages: Annotated[list[Annotated[int, Field(ge=0, le=150)] | None], Field(max_length=4)] | None


class HistoryEntry(_Strict):
    seat: Seat
    decision: dict[str, Any]
    """A decision in the engine's JSON form (see docs/ENGINE.md), materials in the
    edition's words."""


class SeatingEntry(_Strict):
    """A player sat down: the seat's decisions from `at` on are theirs."""

    at: Annotated[int, Field(ge=0)]
    """How many decisions of `history` came before."""
    seat: Seat
    name: Annotated[str, Field(max_length=64)]


def _numbers(field: StateField) -> Any:
    return Annotated[int, Field(ge=field.low, le=field.high)]


def _listed(item: Any, length: int) -> Any:
    return Annotated[list[item], Field(max_length=length)]  # type: ignore[valid-type]


_ANNOTATIONS: dict[Form, Callable[[StateField], Any]] = {
    Form.NUMBER: _numbers,
    Form.TEXT: lambda f: Annotated[str, Field(max_length=f.length)],
    Form.NUMBERS: lambda f: _listed(_numbers(f), f.length),
    Form.SEATS: lambda f: _listed(_numbers(f), f.length),
    Form.BUILDINGS: lambda f: IdList,
    Form.BUILDING_GROUPS: lambda f: _listed(IdList, f.length),
    Form.CARD_SETS: lambda f: _listed(_listed(_numbers(f), 64), f.length),
    Form.CARD_GROUPS: lambda f: _listed(_listed(_numbers(f), 2), f.length),
}
"""The saved form of each kind of state field (`rules.state.Form`), with its bounds."""

if TYPE_CHECKING:
    StateModel = _Strict
else:
    StateModel = create_model(
        "StateModel",
        __base__=_Strict,
        __doc__="The full engine state (secrets included), as `rules.snapshot` writes it.",
        **{f.name: (_ANNOTATIONS[f.form](f), ...) for f in FIELDS},
    )


class SaveDocument(_Strict):
    """A saved Havana game."""

    format: Literal["havana-save"]
    version: Literal[3]
    ruleset: Annotated[str, Field(max_length=32)]
    fingerprint: Annotated[str, Field(min_length=64, max_length=64)]
    cards: dict[str, Any]
    """The action-card document the game was played with (data/cards.json)."""
    buildings: dict[str, Any]
    """The building deck the game was played with (data/buildings.json shape)."""
    setup: SetupModel
    history: Annotated[list[HistoryEntry], Field(max_length=20_000)]
    seatings: Annotated[list[SeatingEntry], Field(max_length=10_000)]
    """Who sat down at each seat and when, in order (empty: not recorded)."""
    state: StateModel


class SaveError(ValueError):
    """A save file that cannot be loaded; the message says why."""


def game_to_document(game: Game) -> dict[str, Any]:
    """The save document of a game (the ruleset's own data travels with it)."""
    source = json.loads(game.rules.source)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": game.rules.name,
        "fingerprint": game.rules.fingerprint,
        "cards": source["cards"],
        "buildings": source["deck"],
        "setup": {"players": game.players, "seed": game.seed,
                  "ages": list(game.ages) if game.ages is not None else None},
        "history": [{"seat": seat, "decision": to_json(d, game.rules.names)}
                    for seat, d in game.history],
        "seatings": [s._asdict() for s in game.seatings],
        "state": snapshot(game.state),
    }


def _from_version_1(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 1 predates Recycling: no seat has cards put down unseen."""
    state = doc.get("state")
    if isinstance(state, dict) and type(state.get("players")) is int:
        state = {**state, "hidden_put": [0] * state["players"]}
    return {**doc, "version": 2, "state": state}


def _in_words(decision: Any, words: dict[str, str]) -> Any:
    """A decision's JSON with its material names (`take`, `pay`'s keys) renamed by
    `words`; anything not shaped like a decision is left for validation."""
    if not isinstance(decision, dict):
        return decision
    out = dict(decision)
    take, pay = out.get("take"), out.get("pay")
    if isinstance(take, str):
        out["take"] = words.get(take, take)
    elif isinstance(take, list):
        out["take"] = [words.get(t, t) if isinstance(t, str) else t for t in take]
    if isinstance(pay, dict):
        out["pay"] = {words.get(k, k) if isinstance(k, str) else k: v for k, v in pay.items()}
    return out


def _from_version_2(doc: dict[str, Any]) -> dict[str, Any]:
    """Format 2 named every decision's materials in the classic words, whatever the
    edition: a 2024 save says `brown`, `blue` for `green`, `white`. They are
    renamed by position to the deck's own colors. Format 2 recorded no seatings."""
    deck = doc.get("buildings")
    colors = deck.get("colours") if isinstance(deck, dict) else None
    history = doc.get("history")
    if isinstance(colors, list) and len(colors) == 4 and isinstance(history, list):
        words = {old: new for old, new in zip(CLASSIC_NAMES.materials, colors, strict=False)
                 if isinstance(new, str)}
        history = [{**entry, "decision": _in_words(entry.get("decision"), words)}
                   if isinstance(entry, dict) else entry for entry in history]
    return {**doc, "version": 3, "history": history, "seatings": []}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _from_version_1, 2: _from_version_2}
"""Save format version -> the function that turns such a document into the next
version's. Loading applies them in turn; a document is never rewritten on disk."""


def upgraded(raw: dict[str, Any]) -> dict[str, Any]:
    """A save document in the current format, migrated from an older one if need be."""
    version = raw.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("the save file is damaged: version must be a whole number from 1")
    if version > SAVE_VERSION:
        raise SaveError(f"this save was written by a newer Havana (save version {version}; "
                        f"this program reads version {SAVE_VERSION}); please update")
    while raw["version"] < SAVE_VERSION:
        raw = MIGRATIONS[raw["version"]](raw)
    return raw


def game_from_document(raw: Any) -> Game:
    """Validate a decoded save document (of any released format version) and
    rebuild the game it describes."""
    if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
        raise SaveError("this is not a Havana save file")
    written = raw.get("version")
    raw = upgraded(raw)
    try:
        doc = SaveDocument.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise SaveError(f"the save file is damaged: {where}: {first['msg']} "
                        f"({error.error_count()} problem(s))") from None
    try:
        rules = parse_ruleset(doc.cards, doc.buildings)
    except RulesetError as error:
        raise SaveError(f"the save's card or building data is invalid: {error}") from None
    if rules.fingerprint != doc.fingerprint:
        raise SaveError("the save's card and building data do not match its fingerprint")
    setup = doc.setup
    if setup.ages is not None and len(setup.ages) != setup.players:
        raise SaveError("the save's setup gives the wrong number of ages")
    game = Game.new(rules, setup.players, setup.seed, setup.ages)
    for index, entry in enumerate(doc.history):
        try:
            game.play(entry.seat, from_json(entry.decision, rules.names))
        except IllegalDecision as error:
            if error.reason == "game_over" and rules.setup.win_at_once and written != 3:
                raise SaveError(f"this game went on after decision {index} left no building "
                                "or no material outside the box; the 2024 rules now end "
                                "the game right there, so the save cannot be replayed"
                                ) from None
            raise SaveError(f"decision {index + 1} of the save's history cannot be replayed "
                            f"({error.reason}): the file is damaged or from another "
                            "engine version") from None
    game.seatings = _seatings(doc)
    if snapshot(game.state) != doc.state.model_dump():
        raise SaveError("the save's state does not match its history: the file is damaged "
                        "or was edited")
    return game


def _seatings(doc: SaveDocument) -> list[Seating]:
    """The document's seatings, checked: in order, within the history, at seats of
    the game."""
    seatings = [Seating(s.at, s.seat, s.name) for s in doc.seatings]
    if any(s.at > len(doc.history) or s.seat >= doc.setup.players for s in seatings) \
            or [s.at for s in seatings] != sorted(s.at for s in seatings):
        raise SaveError("the save's seatings do not fit its history: the file is damaged")
    return seatings


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that a crash leaves the old or the new file,
    never a torn one."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            platforms.sync_data(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    platforms.sync_folder(folder)  # the new name durable too (where a folder syncs)


def save_game(game: Game, path: Path) -> None:
    document = game_to_document(game)
    write_atomically(path, json.dumps(document, separators=(",", ":")).encode("utf-8"))


def load_game(path: Path) -> Game:
    """Read and validate a save file; raises `SaveError` with a clear message."""
    try:
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise SaveError(f"{path} is too large to be a Havana save")
        raw = json.loads(path.read_bytes())
    except OSError as error:
        raise SaveError(f"cannot read {path}: {error.strerror or error}") from None
    except (ValueError, RecursionError):  # bad UTF-8 or JSON, or numbers too long to read
        raise SaveError(f"{path} is not valid JSON: the file is damaged or not a save") from None
    return game_from_document(raw)


def save_schema() -> dict[str, Any]:
    """The JSON Schema of a save document (published as docs/save.schema.json)."""
    return SaveDocument.model_json_schema()
