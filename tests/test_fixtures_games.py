"""Determinism pinned ("perft" for Havana): seeded games of every edition and
player count, replayed through the public API, must reach the recorded state and
view hashes (tests/fixtures/games, written by tools/make_fixtures.py).

A failure here means the engine now plays these games differently: RNG order,
state layout or rules changed. Saved games change with them, so such a change
needs a new save format version and a migration (havana_game/saves.py) before the
fixtures are regenerated with `python3 tools/make_fixtures.py`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from havana_game.content import find_edition
from havana_game.rules import IllegalDecision, apply, from_json, new_game
from tools.make_fixtures import CHECK_EVERY, state_hash, view_hashes

FIXTURES = sorted((Path(__file__).parent / "fixtures" / "games").glob("*.json"))
HOW_TO_FIX = ("the engine no longer plays this recorded game the same way (RNG order, "
              "state layout or rules changed): give saves a new format version with a "
              "migration, then regenerate with `python3 tools/make_fixtures.py`")


def test_every_edition_and_player_count_is_pinned():
    names = {path.stem for path in FIXTURES}
    assert names == {f"{e}-{p}p" for e in ("classic", "edition2024") for p in (2, 3, 4)}


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_seeded_game_replays_to_its_recorded_hashes(path: Path):
    game = json.loads(path.read_text())
    rules = find_edition(game["edition"])
    where = f"{path.name} (seed {game['seed']})"
    assert rules.fingerprint == game["fingerprint"], f"{where}: the card or deck data changed"
    state = new_game(rules, game["players"], game["seed"], game["ages"])
    checks = game["state_sha256"]
    assert state_hash(state) == checks["0"], f"{where}: the setup differs; {HOW_TO_FIX}"
    for step, (seat, decision) in enumerate(game["decisions"], start=1):
        try:
            apply(state, seat, from_json(decision, rules.names))
        except IllegalDecision as error:
            pytest.fail(f"{where}: decision {step} is now illegal ({error.reason}); "
                        f"{HOW_TO_FIX}")
        if str(step) in checks:
            assert state_hash(state) == checks[str(step)], \
                f"{where}: the state first differs by decision {step}; {HOW_TO_FIX}"
    assert len(checks) >= len(game["decisions"]) // CHECK_EVERY
    assert not state.deciders() and list(state.winners) == game["winners"], where
    assert view_hashes(state) == game["final_views_sha256"], \
        f"{where}: a final view differs; views are part of the protocol (PROTOCOL.md)"
