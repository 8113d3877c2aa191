"""The search processes start only where a search may run: a table offering
hints (a local game with a bot, a LAN table whose host allows them) warms them
as it opens; a LAN guest without hints and a hotseat table start none."""

import pytest

from havana_game.ai import parallel
from havana_game.client.scenes.table import TableScene
from havana_game.client.session.netlink import NetLink

from .test_client_support import local_table, make_app, settle, until


@pytest.fixture
def warmed(monkeypatch):
    """The warm-ups asked for, none started (the pool counted as down)."""
    calls = []
    monkeypatch.setattr(parallel, "pool_running", lambda: False)
    monkeypatch.setattr(parallel, "warm", lambda: calls.append(True))
    return calls


def _guest_table(app, hints):
    """A LAN guest's table, told by its host whether hints are allowed."""
    link = NetLink({}, ["Ana", "Bo"])
    link.replay([{"type": "table", "names": ["Ana", "Bo"], "hints": hints}])
    table = TableScene(app, link)
    app.switch(table)
    settle(app, 0.2)
    return table


def test_a_lan_guest_without_hints_starts_no_search_process(tmp_path, warmed):
    table = _guest_table(make_app(tmp_path), hints=False)
    assert not table.asks.hints_allowed() and warmed == []
    table.close()


def test_a_lan_guest_with_hints_warms_the_search_processes_once(tmp_path, warmed):
    table = _guest_table(make_app(tmp_path), hints=True)
    assert table.asks.hints_allowed() and warmed == [True]
    table.close()


def test_a_hotseat_table_starts_no_search_process(tmp_path, warmed):
    app = make_app(tmp_path)
    with local_table(app, ("human", "human")):
        settle(app, 0.2)
    assert warmed == []


def test_a_table_against_a_bot_has_its_search_processes_up(tmp_path):
    app = make_app(tmp_path)
    with local_table(app, ("human", "random")):
        until(app, parallel.pool_running)
