"""Positions of finished games for fitting the learned evaluation (`tools/value_model.py`).

Plays games between the given seats (`tools/tune_search.py`'s seats: the search
at an iteration cap, or a plain level), and for a sampled share of the real
decisions writes every seat's `value_model.position` of the state before it; at the end
of each game, one JSON line per game: its number, the player count, the positions
and the winners. Lines are appended game by game, so a stopped run keeps its games.

    python3 tools/value_data.py --seats c0.3n200,c0.3n200 --games 300 --seed 60 \\
        --out /tmp/value-2p.jsonl [--first-game G] [--sample 0.2]
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tune_search import game_arguments, seat_bot, seats_of  # noqa: E402
from value_model import position  # noqa: E402

from havana_game.ai.tournament import game_seating, play_game  # noqa: E402
from havana_game.content import classic_rules  # noqa: E402
from havana_game.rules import Decision, State  # noqa: E402


def main() -> int:
    parser = game_arguments(__doc__.split("\n\n")[0], 100)
    parser.add_argument("--sample", type=float, default=0.2,
                        help="share of the real decisions whose positions are kept")
    parser.add_argument("--out", type=Path, required=True, help="JSON lines, appended")
    args = parser.parse_args()
    seats = seats_of(parser, args)
    if not 0.0 < args.sample <= 1.0:
        parser.error("--sample is a share in (0, 1]")
    rules = classic_rules()
    players = len(seats)
    for game in range(args.first_game, args.first_game + args.games):
        seating, game_seed = game_seating(seats, game, args.seed)
        bots = [seat_bot(label, game_seed * 8 + s, None) for s, label in enumerate(seating)]
        picker = random.Random(game_seed)
        positions: list[list[list[float]]] = []

        def record(state: State, seat: int, decision: Decision, ms: float,
                   positions: list[list[list[float]]] = positions,
                   picker: random.Random = picker) -> None:
            if picker.random() < args.sample:
                positions.append([[round(x, 4) for x in position(state, s)]
                                  for s in range(players)])

        final = play_game(rules, bots, game_seed, record)
        line = {"game": game, "players": players, "seats": seating, "rounds": final.round,
                "positions": positions, "winners": list(final.winners)}
        with args.out.open("a") as out:
            out.write(json.dumps(line) + "\n")
        print(game, len(positions), list(final.winners), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
