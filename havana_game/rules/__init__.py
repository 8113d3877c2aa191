"""The Havana rules engine (classic 2009 ruleset): pure, deterministic, no I/O.

Typical use::

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
from .flow import MAX_ROUNDS, new_game, number
from .legal import legal_decisions, payments
from .ruleset import Building, CardDef, Ruleset, RulesetError, parse_ruleset
from .snapshot import snapshot
from .state import State
from .views import spectator_view, view_for

__all__ = [
    "END_TURN", "MAX_ROUNDS", "Act", "Build", "Building", "CardDef", "Choose", "Cover",
    "Decision", "EndTurn", "Event", "IllegalDecision", "Ruleset", "RulesetError", "State", "Tax",
    "apply", "decision_kinds", "from_json", "kind_of", "legal_decisions", "new_game", "number",
    "parse_ruleset", "payments", "snapshot", "spectator_view", "to_json", "view_for",
]
