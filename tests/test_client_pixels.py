"""The pixel baseline: every screen, rendered offscreen from fixed seeds, draws
exactly the pixels stored in `fixtures/scene_hashes.json` (by
`tools/scene_hashes.py`), so a change meant only to reorganise the client shows
the same screens. Text rendering differs between library builds: where pygame,
SDL or SDL_ttf differ from the ones that drew the baseline the test is skipped."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from havana_game.client.shots import SCENES

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "scene_hashes.json"


def _tool():
    path = ROOT / "tools" / "scene_hashes.py"
    spec = importlib.util.spec_from_file_location("scene_hashes", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_screen_draws_the_baseline_pixels(monkeypatch):
    tool = _tool()
    stored = json.loads(FIXTURE.read_text())
    assert sorted(stored["hashes"]) == sorted(SCENES)
    if stored["versions"] != tool.versions():
        pytest.skip(f"baseline drawn with {stored['versions']}, here {tool.versions()}")
    monkeypatch.setenv("HAVANA_CONFIG_DIR", "")  # the tool points it at a temporary folder
    hashes = tool.scene_hashes()
    changed = [name for name in SCENES if hashes[name] != stored["hashes"][name]]
    assert not changed, (f"screens drawn differently: {changed} "
                         "(python3 tools/scene_hashes.py --png DIR to look)")
