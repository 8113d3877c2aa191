"""docs/PROTOCOL.md against the code: every message field and limit, every view
key, event, error reason, ending, card, building and command-line option is
documented, nothing documented is missing from the code, and the worked
fingerprint is the classic ruleset's."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from havana_game.cli import build_parser
from havana_game.content import classic_rules
from havana_game.rules import Termination, apply, legal_decisions, new_game, view_for
from net.messages import CLIENT_MESSAGES, HOST_MESSAGES, SeatInfo, type_of

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "PROTOCOL.md").read_text("utf-8")
DATA = ROOT / "havana_game" / "data" / "editions" / "classic"



def _section(title: str, level: str = "##") -> str:
    """The text under heading `title`, up to the next heading of its level or above."""
    start = DOC.index(f"\n{level} {title}\n")
    end = re.compile(rf"\n#{{1,{len(level)}}} ").search(DOC, start + 1)
    return DOC[start:end.start() if end else len(DOC)]


def _rows(text: str) -> dict[str, list[str]]:
    """Table rows by their first cell (stripped), as lists of cells."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows[cells[0]] = cells
    return rows


def _names(cell: str) -> set[str]:
    """The `backticked` names in a table cell."""
    return set(re.findall(r"`([^`]+)`", cell))


def _messages() -> list[Any]:
    """(table, model) for every row of the two message tables."""
    return [pytest.param(table, model, id=f"{side}-{kind}")
            for table, side, registry in (("Client to host", "client", CLIENT_MESSAGES),
                                          ("Host to client", "host", HOST_MESSAGES))
            for kind, model in registry.models.items()]


def _message_row(table: str, model: Any) -> list[str]:
    return _rows(_section(table, "###"))[f"`{type_of(model)}`"]


# --- messages --------------------------------------------------------------------------

@pytest.mark.parametrize(("table", "model"), _messages())
def test_every_message_field_is_documented_and_nothing_else(table, model):
    row = _message_row(table, model)
    nested = {name for sub in (model.model_json_schema().get("$defs") or {}).values()
              for name in sub["properties"]}
    fields = set(model.model_fields) - {"type"}
    assert fields <= _names(row[1]), row
    assert _names(row[1]) <= fields | nested, row


@pytest.mark.parametrize("model", CLIENT_MESSAGES.models.values(), ids=type_of)
def test_optional_client_fields_say_so(model):
    required = set(model.model_json_schema().get("required", ()))
    for part in re.split(r",\s*(?=`)", _message_row("Client to host", model)[1]):
        name = next(iter(_names(part)), None)
        if name in model.model_fields:
            assert ("optional" in part) == (name not in required), part


def test_seat_map_fields():
    paragraph = DOC[DOC.index("A seat map in `table.seats`"):]
    paragraph = paragraph[:paragraph.index("\n\n")]
    assert set(SeatInfo.model_fields) <= _names(paragraph)


def _limits(schema: dict[str, Any]) -> set[str]:
    """Every bound in a field's JSON schema, as the document writes it."""
    out = set()
    for key, value in schema.items():
        if isinstance(value, dict):
            out |= _limits(value)
        elif isinstance(value, list):
            out |= {limit for item in value if isinstance(item, dict) for limit in _limits(item)}
        elif key == "exclusiveMaximum":
            out.add(f"2^{value.bit_length() - 1}" if value >= 2**31 else str(value - 1))
        elif key in ("maximum", "maxLength", "maxItems", "maxProperties", "minLength"):
            out.add(str(value))
        elif key == "pattern":
            codes = re.findall(r"\\(?:x([0-9A-Fa-f]{2})|u([0-9A-Fa-f]{4}))", value)
            out |= {f"U+{int(a or b, 16):04X}" for a, b in codes} or {"64 lowercase hex digits"}
    return out


@pytest.mark.parametrize(("table", "model"), _messages())
def test_every_limit_is_documented(table, model):
    where = " ".join(_message_row(table, model)) + _section("Value types and limits")
    missing = {limit for limit in _limits(model.model_json_schema()) if limit not in where}
    assert not missing, f"{type_of(model)}: {missing}"


def test_frame_limits():
    from net.framing import MAX_FRAME, MAX_OUTBOUND_FRAME

    framing = _section("Framing")
    assert f"{MAX_FRAME:,} bytes" in framing and f"{MAX_OUTBOUND_FRAME:,} bytes" in framing


# --- the view and its events -------------------------------------------------------------

def _random_game(seed: int) -> tuple[Any, list[Any]]:
    """A finished random game and every event of it."""
    rng = random.Random(seed)
    state = new_game(classic_rules(), rng.choice((2, 3, 4)), seed)
    events = []
    while state.deciders():
        seat = state.deciders()[0]
        events += apply(state, seat, rng.choice(legal_decisions(state, seat)))
    return state, events


def test_every_view_key_is_documented_and_nothing_else():
    state, _ = _random_game(1)
    view = view_for(state, 0)
    rows = _rows(_section("The view"))
    documented = set().union(*(_names(cell) for cell in rows))
    seat_keys = set(view["seats"][0])
    assert set(view) | seat_keys == documented


def test_every_event_kind_and_payload_is_documented():
    payloads: dict[str, set[str]] = {}
    for seed in range(30):
        for event in _random_game(seed)[1]:
            payloads.setdefault(event.kind, set()).update(event.data)
    from havana_game.game import Seating  # the one event the host adds: who sat down

    seated = Seating(0, 0, "Ana").event()
    payloads[seated.kind] = set(seated.data)
    rows = {cells[0].strip("`"): cells for cells in _rows(_section("Events")).values()}
    del rows["kind"]
    assert set(payloads) == set(rows)
    for kind, keys in payloads.items():
        assert keys == _names(rows[kind][1]), kind


def test_game_over_reasons():
    rows = _rows(_section("Host to client", "###"))
    assert {f"`{reason.value}`" for reason in Termination} <= set(rows)


# --- errors ----------------------------------------------------------------------------

def _raised(folder: Path, pattern: str) -> set[str]:
    return {reason for path in folder.rglob("*.py")
            for reason in re.findall(pattern, path.read_text("utf-8"))}


def test_every_error_reason_is_documented_and_nothing_else():
    raised = _raised(ROOT / "net", r'(?:ProtocolError|FrameError)\("([a-z_]+)"')
    documented = {name for cells in _rows(_section("Errors")).values()
                  for name in _names(cells[0])} - {"reason"}
    assert raised == documented


def test_engine_reasons_are_listed():
    engine = _raised(ROOT / "havana_game" / "rules", r'IllegalDecision\("([a-z_]+)"')
    commands = _section("Commands, sequence numbers and versions")
    assert {f"`{r}`" for r in engine - {"no_such_seat"}} <= {f"`{n}`" for n in _names(commands)}


# --- game data and the fingerprint -------------------------------------------------------

def test_card_table_matches_the_cards():
    cards = json.loads((DATA / "cards.json").read_text())["cards"]
    rows = {cells[0]: cells for cells in _rows(_section("Game data")).values()
            if cells[0].isdigit()}
    assert len(rows) == len(cards)
    for index, card in enumerate(cards):
        _, name, number, _ = rows[str(index)]
        assert (name.lower().replace(" ", "_"), int(number)) == (card["key"], card["number"])


def test_the_2024_card_table_matches_the_editions_cards():
    import unicodedata

    cards = json.loads((DATA.parent / "edition2024" / "cards.json")
                       .read_text())["cards"]
    rows = {cells[0]: cells for cells in _rows(_section("Game data of `edition2024`")).values()
            if cells[0].isdigit()}
    assert len(rows) == len(cards)
    for index, card in enumerate(cards):
        _, name, number, _ = rows[str(index)]
        plain = unicodedata.normalize("NFKD", name.lower()).encode("ascii", "ignore").decode()
        assert (plain, int(number)) == (card["name"], card["number"])


def test_building_table_matches_the_deck():
    deck = json.loads((DATA / "buildings.json").read_text())["buildings"]
    rows = {cells[0].strip("`"): cells[1:] for cells in _rows(_section("Game data")).values()
            if re.fullmatch(r"`b\d+`", cells[0])}
    assert list(rows) == [b["id"] for b in deck]
    for b in deck:
        cost = ", ".join(f"{k} {v}" for k, v in b["cost"].items() if v)
        assert rows[b["id"]] == [b["name"], str(b["vp"]), "yes" if b["architect"] else "no", cost]


def test_worked_fingerprint():
    rules = classic_rules()
    text = _section("Fingerprint")
    assert rules.fingerprint in text
    assert f"{len(rules.source.encode()):,} bytes" in text
    beginning = re.search(r"beginning\s+`([^`]+)`", text).group(1)
    assert rules.source.startswith(beginning)


# --- the command line --------------------------------------------------------------------

def test_every_command_line_option_is_documented():
    commands = next(a for a in build_parser()._actions if a.choices and "host" in a.choices)
    text = _section("Command line")
    for name in ("host", "bot-client"):
        options = {option for action in commands.choices[name]._actions
                   for option in action.option_strings if option.startswith("--")}
        missing = options - {"--help"}
        assert {option for option in missing if f"`{option}" not in text} == set(), name
