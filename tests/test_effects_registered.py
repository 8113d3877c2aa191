"""One card effect, one registration per part: every effect key the engine
declares (`rules.ruleset.CARD_KEYS`) is carried out (`rules.actions.EFFECTS`), may
list its options (`rules.legal._CHOICES`), has a worth for the bots
(`ai.effects.WORTHS`) and a look every screen shows (`effects` in
`data/presentation.json`: tint, emblem, the choice its options offer, texts the
catalogs have); an effect nobody draws or explains stops the program at start-up."""

from __future__ import annotations

import pytest

from havana_game import i18n, presentation
from havana_game.ai.effects import WORTHS
from havana_game.catalogs import read_po
from havana_game.client.ui import emblems
from havana_game.rules.actions import EFFECTS
from havana_game.rules.legal import _CHOICES
from havana_game.rules.ruleset import CARD_KEYS

KEYS = {m.msgid for m in read_po(i18n.LOCALE_DIR / "en/LC_MESSAGES/havana.po") if m.msgid}


def test_every_engine_effect_has_every_part() -> None:
    assert set(EFFECTS) == set(CARD_KEYS)
    assert set(_CHOICES) <= set(CARD_KEYS)
    assert set(WORTHS) == set(CARD_KEYS)
    assert set(presentation.effects()) == set(CARD_KEYS)
    presentation.check_effects(CARD_KEYS, emblems.PICTURES, emblems.MARKS)
    for look in presentation.effects().values():
        assert all(0 <= slot <= 4 for slot in look.slots), look
        assert {key for key in (look.untaken, look.hint) if key} <= KEYS, look


def test_every_emblem_part_is_used_by_some_effect() -> None:
    looks = presentation.effects().values()
    assert {look.picture for look in looks} == set(emblems.PICTURES)
    assert {look.mark for look in looks} - {""} == set(emblems.MARKS)


def test_an_effect_nobody_draws_is_an_error_not_a_blank_card() -> None:
    with pytest.raises(presentation.PresentationError, match="'juggling'"):
        presentation.check_effects((*CARD_KEYS, "juggling"), emblems.PICTURES, emblems.MARKS)
    with pytest.raises(presentation.PresentationError, match="'siesta'"):
        presentation.check_effects(CARD_KEYS, set(emblems.PICTURES) - {"sun"}, emblems.MARKS)
