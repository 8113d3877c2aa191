"""The presentation vocabulary (`havana_game/data/presentation.json`) covers
what the game can show: every edition's materials, cards and buildings, every
decision kind and every event the engine emits, with text keys the catalogs
have; the pygame client draws with it, and its keys are typed nowhere else."""

from __future__ import annotations

import json
import re
from pathlib import Path

from havana_game import i18n, presentation
from havana_game.ai import BOT_LEVELS
from havana_game.catalogs import read_po
from havana_game.client.ui import art, tokens
from havana_game.content import EDITIONS, find_edition
from havana_game.rules.decisions import _KIND_OF
from havana_game.rules.state import PHASE_NAMES

ROOT = Path(__file__).resolve().parent.parent
KEYS = {m.msgid for m in read_po(i18n.LOCALE_DIR / "en/LC_MESSAGES/havana.po") if m.msgid}
VOCABULARY = presentation.vocabulary()


def emitted_events() -> dict[str, set[str]]:
    """Event kind -> the `source` values it is emitted with, from the engine's code."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "havana_game/rules").glob("*.py"):
        for call in re.findall(r"emit\(\w+, \"(\w+)\"([^)]*)", path.read_text("utf-8")):
            found.setdefault(call[0], set()).update(re.findall(r"source=\"(\w+)\"", call[1]))
    return found


def test_every_edition_is_drawn_and_named() -> None:
    for rules in map(find_edition, EDITIONS):
        for material in rules.names.materials:
            assert presentation.material_shape(material) in (
                "brick", "triangle", "hexagon", "diamond", "rubble")
            for kind in ("material", "letter", "amount"):
                assert presentation.text_key(kind, material=material, name=material) in KEYS
        assert set(rules.keys) <= set(presentation.card_tints())
        for card in rules.cards:
            assert presentation.text_key("card", name=card.name) in KEYS
            assert presentation.text_key("effect", name=card.name) in KEYS
        for building in rules.buildings:
            assert presentation.text_key("building", id=building.id) in KEYS
        assert presentation.text_key("edition", edition=rules.name) in KEYS
    assert len(presentation.seat_colors()) >= 4
    assert {presentation.text_key("phase", phase=p) for p in PHASE_NAMES.values()} <= KEYS
    assert {presentation.text_key("ai_level", level=level) for level in BOT_LEVELS} <= KEYS


def test_every_decision_and_event_has_its_text() -> None:
    assert set(VOCABULARY["decisions"]) == set(_KIND_OF.values())
    assert {presentation.decision_prompt(kind) for kind in _KIND_OF.values()} <= KEYS
    events = emitted_events()
    assert len(events) > 20
    assert set(events) <= set(VOCABULARY["events"])
    for kind in VOCABULARY["events"]:
        for key in presentation.event_keys(kind):
            for source in events.get(kind) or {""}:
                assert key.format(source=source) in KEYS


def test_the_client_draws_with_the_vocabulary_and_types_none_of_its_keys() -> None:
    assert presentation.material_colors() == tokens.MATERIAL_COLORS
    assert presentation.seat_colors() == art.SEAT_COLORS
    assert presentation.palette("ink") == art.INK
    keys = {entry["prompt"] for entry in VOCABULARY["decisions"].values()}
    keys |= {key for kind in VOCABULARY["events"] for key in presentation.event_keys(kind)}
    prefixes = {pattern.split("{")[0] for pattern in VOCABULARY["text_keys"].values()}
    for path in (ROOT / "havana_game/client").rglob("*.py"):
        text = path.read_text("utf-8")
        typed = {key for key in keys if f'"{key}"' in text}
        made = {p for p in prefixes if f'f"{p}{{' in text or f'"{p}" +' in text}
        assert not typed and not made, (path.name, typed, made)


def test_a_web_page_is_served_the_same_document() -> None:
    assert json.loads(presentation.document()) == json.loads(presentation.PATH.read_text())
