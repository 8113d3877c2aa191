"""`tools/dev.py` says what it does while it installs (a first start takes a
minute and must not look stuck) and how long it took; a current `.venv` starts
quietly. pip, venv and the engine check are stood in for: nothing is installed."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

DEV = Path(__file__).resolve().parents[1] / "tools" / "dev.py"


def load_dev(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, list[Any]]:
    """tools/dev.py with its `.venv` in `tmp_path` and pip, venv and the engine
    check replaced by stand-ins that record their calls."""
    spec = importlib.util.spec_from_file_location("havana_dev_under_test", DEV)
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    venv = tmp_path / ".venv"
    calls: list[Any] = []

    def make_venv() -> None:
        calls.append("venv")
        (venv / "bin").mkdir(parents=True)
        (venv / "bin" / "python").write_text("")

    monkeypatch.setattr(dev, "VENV", venv)
    monkeypatch.setattr(dev, "STAMP", venv / ".havana-installed")
    monkeypatch.setattr(dev, "make_venv", make_venv)
    monkeypatch.setattr(dev, "pip_install", lambda target: calls.append(("pip", target)))
    monkeypatch.setattr(dev, "engine_kind", lambda: "compiled")
    monkeypatch.delenv("HAVANA_PURE_PYTHON", raising=False)
    return dev, calls


def test_the_first_install_talks_and_later_starts_are_quiet(tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    dev.install("")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == ("Installing Havana into .venv (about a minute; compiling the "
                        "rules engine)...")
    assert any("making the virtual environment" in line for line in lines[1:])
    assert any("compiling the rules engine with mypyc" in line for line in lines[1:])
    assert lines[-1].startswith("Havana is installed (compiled rules engine), in ")
    assert lines[-1].endswith(" s; later starts skip this.")
    assert calls == ["venv", ("pip", ".")]

    dev.install("")  # the next start: nothing to do, nothing said
    assert capsys.readouterr().out == ""
    assert calls == ["venv", ("pip", ".")]


def test_an_update_says_so_and_keeps_the_venv(tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    dev.install("")
    capsys.readouterr()
    dev.STAMP.write_text("an-older-digest")  # the engine's sources changed since
    dev.install("test")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Updating Havana in .venv (about a minute")
    assert not any("making the virtual environment" in line for line in lines)
    assert any("the test tools" in line for line in lines)
    assert calls[-1] == ("pip", ".[test]")


def test_durations_read_as_minutes_and_seconds(tmp_path, monkeypatch):
    dev, _ = load_dev(tmp_path, monkeypatch)
    assert dev.took(48.4) == "48 s"
    assert dev.took(65) == "1 min 05 s"
