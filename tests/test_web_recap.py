"""The page's recap (havana_game/web/recap.js) tells the same events as the
desktop's (havana_game/client/table/recap.py): the kinds a recap tells and the
events whose seat did not decide their step are the same lists."""

from __future__ import annotations

import json
import re
from pathlib import Path

from havana_game.client.table.recap import NOT_DECIDING, RECAP_KINDS

RECAP_JS = Path(__file__).resolve().parent.parent / "havana_game" / "web" / "recap.js"


def js_list(name: str) -> list[str]:
    text = RECAP_JS.read_text("utf-8")
    found = re.search(rf"export const {name} = (\[[^\]]*\]);", text)
    assert found, name
    return json.loads(found.group(1))


def test_the_page_recaps_the_kinds_the_desktop_recaps():
    assert tuple(js_list("RECAP_KINDS")) == RECAP_KINDS


def test_the_page_and_the_desktop_agree_on_who_decided_a_step():
    assert tuple(js_list("NOT_DECIDING")) == NOT_DECIDING
