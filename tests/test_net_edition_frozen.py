"""A released edition's data is frozen (a changed deck is a new edition name): a
host resuming a table dealt from an edition's data that this program no longer has
says so in one line, `unknown_edition`, instead of seating nobody."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from havana_game import content
from havana_game.saves import SaveError
from net.host import Host, HostConfig

from .net_helpers import LOOPBACK

FIXTURE = Path(__file__).parent / "fixtures" / "tables-v4-2024" / "folder"


@pytest.fixture
def changed_deck(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This program's edition2024 with one building worth a point more."""
    original = content._edition_json

    def edited(edition: str, name: str) -> object:
        doc = original(edition, name)
        if name == "buildings.json":
            doc["buildings"][0]["vp"] += 1  # type: ignore[index]
        return doc

    monkeypatch.setattr(content, "_edition_json", edited)
    content.find_edition.cache_clear()
    yield
    content.find_edition.cache_clear()


def test_resuming_a_table_whose_deck_changed_says_unknown_edition_in_one_line(
        tmp_path: Path, changed_deck: None):
    folder = shutil.copytree(FIXTURE, tmp_path / "folder")
    host = Host(HostConfig(bind=LOOPBACK, save_dir=folder))
    with pytest.raises(SaveError) as caught:
        host.resume(folder)
    message = str(caught.value)
    assert "unknown_edition" in message and "edition2024" in message
    assert "frozen" in message and "\n" not in message


def test_the_same_table_resumes_with_the_editions_own_data(tmp_path: Path):
    folder = shutil.copytree(FIXTURE, tmp_path / "folder")
    [table] = Host(HostConfig(bind=LOOPBACK, save_dir=folder)).resume(folder)
    assert table.rules is content.find_edition("edition2024")
