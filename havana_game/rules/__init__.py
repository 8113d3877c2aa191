"""The Havana rules engine: pure, deterministic, no I/O, for every edition this
program plays: the classic 2009 game and the 2024 IGIARI edition (`edition2024`).

An edition is a `Ruleset`: its action cards, building deck, brick colors and setup
as data (`havana_game/data/editions/<name>/`, loaded by `content.find_edition`),
and the effects its cards name (`actions.EFFECTS`, their choices in `legal`). The
engine follows the ruleset a game was started with; where the editions' rulebooks
differ (when the game ends, what a card does) the ruleset says which applies.

Typical use::

    rules = find_edition("edition2024")  # havana_game.content; or "classic"
    state = new_game(rules, players=3, seed=7)
    for seat in state.deciders():
        options = legal_decisions(state, seat)
        events = apply(state, seat, options[0])
    view = view_for(state, seat=0)
"""

from .decisions import (
    END_TURN,
    Act,
    Build,
    Choose,
    Cover,
    Decision,
    EndTurn,
    Tax,
    from_json,
    kind_of,
    to_json,
)
from .engine import apply, decision_kinds
from .errors import IllegalDecision
from .events import Event
from .flow import MAX_ROUNDS, final_ranking, new_game, number
from .legal import can_afford, legal_decisions, payments
from .ruleset import Building, CardDef, Names, Ruleset, RulesetError, parse_ruleset
from .snapshot import snapshot
from .state import Outcome, Phase, State, Termination
from .views import PrivateView, SeatView, View, private_view, spectator_view, view_for
from .vocabulary import BuildingIndex, CardIndex, EndPosition, Material, Resource, Seat

__all__ = [
    "END_TURN", "MAX_ROUNDS", "Act", "Build", "Building", "BuildingIndex", "CardDef",
    "CardIndex", "Choose", "Cover", "Decision", "EndPosition", "EndTurn", "Event",
    "IllegalDecision", "Material", "Names", "Outcome", "Phase", "PrivateView", "Resource",
    "Ruleset", "RulesetError", "Seat", "SeatView", "State", "Tax", "Termination", "View", "apply",
    "can_afford", "decision_kinds", "final_ranking", "from_json", "kind_of", "legal_decisions",
    "new_game", "number", "parse_ruleset", "payments", "private_view", "snapshot",
    "spectator_view", "to_json", "view_for",
]
