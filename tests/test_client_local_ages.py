"""Ages typed in New Game reach the engine: in a local game a full tie of turn
order goes to the youngest player (docs/RULES.md "Turn order")."""

from __future__ import annotations

import pytest

from havana_game.client.session import localgame
from net.client import ClientConnection

SIESTA, PESOS = 0, 11
"""Every seat opens with the same pair, so the numbers tie."""
SEED = 0
"""A host seed whose deal gives every seat one colored material (no tie-break but age)."""


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("HAVANA_CONFIG_DIR", str(tmp_path))
    return tmp_path


def first_view(conn: ClientConnection) -> dict:
    while True:
        message = conn.wait(10)
        assert message is not None, "no view from the local host"
        if message["type"] == "view":
            return message["view"]


def test_ages_from_new_game_order_a_tie_youngest_first(config_dir):
    local, _ = localgame.start(["human"] * 3, [70, 8, 30], seed=SEED)
    seats = [ClientConnection("127.0.0.1", local.port) for _ in range(3)]
    try:
        for index, conn in enumerate(seats):
            conn.join(local.code, f"P{index}", seat=index)
        for conn in seats:
            assert [s["age_rank"] for s in first_view(conn)["seats"]] == [2, 0, 1], SEED
        for conn in seats:
            conn.send_decision({"kind": "choose", "cards": [SIESTA, PESOS]})
        view: dict = {}
        while not view.get("order"):
            view = first_view(seats[0])
        assert [s["number"] for s in view["seats"]] == [8, 8, 8], SEED
        assert view["order"] == [1, 2, 0], f"seed {SEED}: the youngest (8) must go first"
    finally:
        for conn in seats:
            conn.close()
        local.stop()
