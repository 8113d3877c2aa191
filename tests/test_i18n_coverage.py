"""Every message the client can ask for exists: literal keys in the code, and
the keys made from the engine's and the protocol's codes. Every event of a
played game renders as a sentence in every language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from havana_game import i18n
from havana_game.ai import BOT_LEVELS
from havana_game.catalogs import read_po
from havana_game.client.profile.settings import ANIMATION_SPEEDS
from havana_game.client.session.headless import advanced_game
from havana_game.client.table.drawing import NET_STATUSES
from havana_game.client.table.logtext import error_text, log_line
from havana_game.content import EDITIONS, find_edition, reactions
from havana_game.rules.decisions import _KIND_OF
from havana_game.rules.state import PHASE_NAMES

ROOT = Path(__file__).resolve().parent.parent
KEYS = {m.msgid for m in read_po(i18n.LOCALE_DIR / "en/LC_MESSAGES/havana.po") if m.msgid}
END_REASONS = ("target_reached", "no_buildings_left", "no_materials_left", "round_limit")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def missing(keys: set[str]) -> list[str]:
    return sorted(keys - KEYS)


def reason_codes(folder: str, pattern: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        found |= set(re.findall(pattern, path.read_text("utf-8")))
    return found


def test_every_literal_key_in_the_client_exists() -> None:
    literal = set()
    for path in (ROOT / "havana_game/client").rglob("*.py"):
        literal |= set(re.findall(r"\btrn?\(\s*\"([a-z_.0-9]+)\"\s*[,)]", path.read_text("utf-8")))
    assert len(literal) > 50
    assert missing(literal) == []


def test_keys_made_from_game_content_exist() -> None:
    keys = {f"ai.{level}" for level in BOT_LEVELS} | {f"edition.{e}" for e in EDITIONS}
    keys |= {f"reaction.{r}" for r in reactions()}
    for rules in map(find_edition, EDITIONS):
        keys |= {f"{kind}.{c.name}" for c in rules.cards for kind in ("card", "effect")}
        keys |= {f"building.{b.id}" for b in rules.buildings}
        keys |= {f"{kind}.{m}" for m in rules.names.materials
                 for kind in ("color", "amount", "letter")}
    keys |= {"amount.pesos", "amount.workers"}
    keys |= {f"phase.{p}" for p in PHASE_NAMES.values()}
    keys |= {f"prompt.{k}" for k in _KIND_OF.values() if k != "end_turn"}
    keys |= {f"speed.{s:.1f}" for s in ANIMATION_SPEEDS}
    keys |= {f"reason.{r}" for r in END_REASONS}
    keys |= {f"net.{s}" for s in NET_STATUSES}
    assert missing(keys) == []


def test_every_reason_code_has_its_own_message() -> None:
    engine = reason_codes("havana_game/rules", r"IllegalDecision\(\s*\"(\w+)\"")
    protocol = reason_codes("net", r"(?:ProtocolError|FrameError)\(\s*\"(\w+)\"")
    assert len(engine) > 10 and len(protocol) > 20
    assert missing({f"error.{code}" for code in engine | protocol}) == []
    i18n.set_language("fr")
    assert error_text("not_your_turn") == "ce n'est pas votre tour"
    assert error_text("no_such_code") == "une erreur s'est produite (no_such_code)"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_event_of_a_game_renders_as_a_sentence(language: str) -> None:
    i18n.set_language(language)
    link = advanced_game(4, 5, None)
    events = [e for m in link.poll() if m["type"] == "view" and m["seat"] == 0
              for e in m["events"]]
    names = ["Ana", "Benito", "Carmen", "Diego"]
    lines = [log_line(e, names.__getitem__) for e in events]
    kinds = {e["kind"] for e, line in zip(events, lines, strict=True) if line}
    assert {"materials_taken", "pesos_taken", "building_built", "game_over"} <= kinds
    for line in filter(None, lines):
        assert "{" not in line and not re.search(r"\b(log|amount|card|building)\.\w", line), line


def test_views_and_events_carry_codes_not_sentences() -> None:
    """What the host sends (`view_for` and the visible events) holds codes and
    numbers only; seat names come from the players themselves."""
    strings: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            strings.add(value)

    link = advanced_game(4, 5, None)
    for message in link.poll():
        if message["type"] == "view":
            walk([message["view"], message["events"]])
    assert strings and [s for s in strings if not re.fullmatch(r"[a-z0-9_]+", s)] == []


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_colorblind_letters_are_one_distinct_letter_per_material(language: str) -> None:
    i18n.set_language(language)
    for edition in EDITIONS:
        materials = find_edition(edition).names.materials
        letters = [i18n.gettext(f"letter.{m}") for m in materials]
        assert all(len(letter) == 1 for letter in letters), (edition, letters)
        assert len(set(letters)) == len(materials), (edition, letters)
