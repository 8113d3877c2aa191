"""Writes the determinism fixtures: seeded games and what they must come to.

For each edition and player count, a game is played from a seed by a seeded
random chooser; the fixture keeps the seed, every decision (engine JSON), the
sha256 of the full state (`rules.snapshot`) every 25 decisions and at the end, and
of every seat's and the spectator's final view. `tests/test_fixtures_games.py`
replays them through the public API and must reach the same hashes.

Regenerating is a deliberate act: a change of RNG order or state layout changes
these games, and saved games with them; such a change needs a new save format
version with a migration (`havana_game/saves.py`), and then

    python3 tools/make_fixtures.py
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from havana_game.content import EDITIONS, find_edition
from havana_game.rules import State, View, apply, legal_decisions, new_game, snapshot, to_json
from havana_game.rules import view_for as seat_view

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "games"
CHECK_EVERY = 25
"""Decisions between two state hashes."""
GAMES = {2: (101, None), 3: (202, (70, 8, 30)), 4: (303, None)}
"""Player count -> (seed, ages)."""


def digest(data: Any) -> str:
    """sha256 of canonical JSON (sorted keys, no spaces)."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":"))
                          .encode()).hexdigest()


def state_hash(state: State) -> str:
    return digest(snapshot(state))


def view_hashes(state: State) -> dict[str, str]:
    """Every seat's final view and the spectator's, hashed."""
    views: dict[str, View] = {str(s): seat_view(state, s) for s in range(state.players)}
    views["spectator"] = seat_view(state, None)
    return {who: digest(view) for who, view in views.items()}


def play(edition: str, players: int, seed: int, ages: tuple[int, ...] | None) -> dict[str, Any]:
    rules = find_edition(edition)
    state = new_game(rules, players, seed, ages)
    chooser = random.Random(seed)
    decisions: list[list[Any]] = []
    checks = {"0": state_hash(state)}
    while state.deciders():
        seat = chooser.choice(state.deciders())
        decision = chooser.choice(legal_decisions(state, seat))
        decisions.append([seat, to_json(decision, rules.names)])
        apply(state, seat, decision)
        if len(decisions) % CHECK_EVERY == 0:
            checks[str(len(decisions))] = state_hash(state)
    checks[str(len(decisions))] = state_hash(state)
    return {"edition": edition, "fingerprint": rules.fingerprint, "players": players,
            "seed": seed, "ages": list(ages) if ages else None, "decisions": decisions,
            "state_sha256": checks, "final_views_sha256": view_hashes(state),
            "winners": list(state.winners), "end_reason": state.end_reason,
            "rounds": state.round}


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for edition in EDITIONS:
        for players, (seed, ages) in GAMES.items():
            game = play(edition, players, seed, ages)
            path = FOLDER / f"{edition}-{players}p.json"
            path.write_text(json.dumps(game, indent=None, separators=(",", ":")) + "\n")
            print(f"wrote {path.name}: {len(game['decisions'])} decisions, "
                  f"{game['rounds']} rounds, {game['end_reason']}")


if __name__ == "__main__":
    main()
