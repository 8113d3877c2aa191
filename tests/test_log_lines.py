"""The log's lines are data (presentation.json `events`): the desktop's
interpreter (client/table/logtext.py) says, for every event of six seeded games
of both editions and the seat events, what its per-event program said before
(tests/fixtures/log_lines.json, written by tests/log_lines_fixture.py); the web
page's interpreter says the same (tests/web/loglines.test.mjs, over that file)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from havana_game import i18n, presentation
from havana_game.client.table import edition as table_edition
from havana_game.client.table.logtext import ARGUMENTS, log_line
from havana_game.content import find_edition
from havana_game.editions import EDITIONS
from tests.log_lines_fixture import PATH, extra_events, messages

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = json.loads(PATH.read_text("utf-8"))


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    table_edition._current[0] = find_edition(EDITIONS[0])


def desktop_shows(event: dict) -> bool:
    """The desktop never tells a secret's copy but a card taken back
    (client/table/model.py `shown`): the page skips a choice's copy."""
    return not (event["kind"] == "cards_chosen" and "cards" in event["data"])


def test_the_fixture_speaks_todays_english() -> None:
    assert FIXTURE["messages"] == messages(), \
        "English texts changed: .venv/bin/python -m tests.log_lines_fixture"


@pytest.mark.parametrize("game", FIXTURE["games"],
                         ids=lambda g: f"{g['edition']}-{len(g['names'])}")
def test_every_event_reads_as_before(game: dict) -> None:
    table_edition._current[0] = find_edition(game["edition"])
    names = game["names"]
    kinds = set()
    for event, before in zip(game["events"], game["lines"], strict=True):
        line = log_line(event, names.__getitem__)
        assert line == (before if desktop_shows(event) else None), event
        kinds.add(event["kind"])
    assert kinds >= {"action", "building_built", "card_covered", "game_over", "taxed"
                     if game["edition"] == "classic" else "card_recycled"}


def test_the_games_tell_every_logged_event_and_every_line() -> None:
    events = [e for g in FIXTURE["games"] for e in g["events"]]
    assert {e["kind"] for e in events} == set(presentation.vocabulary()["events"])
    told = {line.key for e in events if (line := presentation.event_line(e["kind"], e["data"]))}
    for kind in presentation.logged_events():
        for key in presentation.event_keys(kind):
            pattern = re.sub(r"\\{\w+\\}", r"\\w+", re.escape(key))
            assert any(re.fullmatch(pattern, k) for k in told), key
    assert len(extra_events()) > 5


def test_the_lines_name_only_known_tests_and_kinds() -> None:
    assert set(ARGUMENTS) == set(presentation.ARGUMENT_KINDS)
    page = (ROOT / "havana_game/web/logtext.js").read_text("utf-8")
    made = page[page.index("export const ARGUMENTS"):]
    assert set(re.findall(r"^  (\w+): \(", made[:made.index("\n};")], re.M)) == set(ARGUMENTS)
    for kind, lines in presentation.vocabulary()["events"].items():
        for line in lines:
            assert set(line) <= {"when", "skip", "key", "args", "count"}, kind
            assert ("key" in line) != bool(line.get("skip")), kind
            if "when" in line:
                assert line["when"][0] in presentation.TESTS, kind
            specs = [*line.get("args", {}).values(), *([line["count"]] if "count" in line else [])]
            assert all(how in presentation.ARGUMENT_KINDS for how, _ in specs), kind
        assert all("when" in line for line in lines[:-1]), f"{kind}: a line after one for all"
