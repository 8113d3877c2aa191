"""`tools/dev.py` says what it does while it installs (a first start takes a
minute and must not look stuck) and how long it took; a current `.venv` starts
quietly. `play`'s first start installs the pure-Python engine and compiles the
engine in the background, put in place when done and no game of `play` runs;
`test` compiles in the foreground, after a background compile. pip, venv, the
engine check and the background process are stood in for: nothing is installed."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from havana_game import refuse_stale_compiled_engine

DEV = Path(__file__).resolve().parents[1] / "tools" / "dev.py"
SUFFIX = ".pyd" if sys.platform == "win32" else ".cpython-311-x86_64-linux-gnu.so"
COMPILED = [f"rules__mypyc{SUFFIX}", f"rules/engine{SUFFIX}", f"rules/actions{SUFFIX}"]
"""What a compiled build leaves in havana_game/ (as stood in here)."""
WAIT = 60.0
"""Seconds a stand-in waits for what the test makes happen (a safety net only)."""
NO_COMPILER = ("havana: could not compile the rules engine (error: command 'cc' failed: No "
               "such file or directory); installing the pure-Python engine instead (same "
               "games, about half the speed; HAVANA_PURE_PYTHON=1 skips compiling)\n")


def load_dev(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, list[Any]]:
    """tools/dev.py with its `.venv` and package in `tmp_path` and pip, venv, the
    engine check and the background process replaced by stand-ins that record
    their calls; pip's stand-in leaves the compiled engine in the package, or (pure)
    removes it, as setup.py does."""
    spec = importlib.util.spec_from_file_location("havana_dev_under_test", DEV)
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    venv = tmp_path / ".venv"
    package = tmp_path / "havana_game"
    (package / "rules").mkdir(parents=True)
    (package / "rules" / "engine.py").write_text("# the engine\n")
    calls: list[Any] = []

    def make_venv() -> None:
        calls.append("venv")
        (venv / "bin").mkdir(parents=True, exist_ok=True)
        (venv / "bin" / "python").write_text("")

    def pip_install(target: str, pure: bool = False) -> None:
        calls.append(("pip", target, "pure" if pure else "compiled"))
        for name in COMPILED:
            if pure:
                (package / name).unlink(missing_ok=True)
            else:
                (package / name).write_bytes(b"compiled")

    monkeypatch.setattr(dev, "VENV", venv)
    monkeypatch.setattr(dev, "STAMP", venv / ".havana-installed")
    monkeypatch.setattr(dev, "PACKAGE", package)
    monkeypatch.setattr(dev, "make_venv", make_venv)
    monkeypatch.setattr(dev, "pip_install", pip_install)
    monkeypatch.setattr(dev, "engine_kind",
                        lambda: "compiled" if dev.compiled_present() else "pure Python")
    monkeypatch.setattr(dev, "start_background_compile", lambda: calls.append("background"))
    monkeypatch.setattr(dev, "lower_priority", lambda: calls.append("lower priority"))
    monkeypatch.delenv("HAVANA_PURE_PYTHON", raising=False)
    return dev, calls


def wheel_builder(calls: list[Any], compiled: bool = True, code: int = 0,
                  until: threading.Event | None = None) -> Any:
    """A stand-in for `build_wheel`: a wheel with the compiled engine (or, as where
    there is no C compiler, without it and setup.py's line in the log), built once
    `until` is set (if given)."""

    def build_wheel(out: Path, log: Any) -> int:
        calls.append("wheel")
        if until is not None:
            assert until.wait(WAIT), "nothing waited for the compile"
        out.mkdir(parents=True)
        with zipfile.ZipFile(out / "havana_game-0.1.0-cp311-cp311-linux_x86_64.whl", "w") as whl:
            whl.writestr("havana_game/rules/engine.py", "# the engine\n")
            for name in COMPILED if compiled else []:
                whl.writestr(f"havana_game/{name}", "compiled in the background")
        log.write("Building wheel for havana-game (pyproject.toml): started\n")
        if not compiled:
            log.write(f"  {NO_COMPILER}")
        return code

    return build_wheel


def first_play(dev: ModuleType, capsys: pytest.CaptureFixture[str]) -> list[str]:
    dev.install("", compile_later=True)
    return capsys.readouterr().out.splitlines()


def in_place(dev: ModuleType) -> list[str]:
    return sorted(str(path.relative_to(dev.PACKAGE)).replace(os.sep, "/")
                  for pattern in ("*.so", "*.pyd", "rules/*.so", "rules/*.pyd")
                  for path in dev.PACKAGE.glob(pattern))


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
    assert calls == ["venv", ("pip", ".", "compiled")]

    dev.install("")  # the next start: nothing to do, nothing said
    dev.install("", compile_later=True)  # (play's, too)
    assert capsys.readouterr().out == ""
    assert calls == ["venv", ("pip", ".", "compiled")]


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
    assert calls[-1] == ("pip", ".[test]", "compiled")


def test_durations_read_as_minutes_and_seconds(tmp_path, monkeypatch):
    dev, _ = load_dev(tmp_path, monkeypatch)
    assert dev.took(48.4) == "48 s"
    assert dev.took(65) == "1 min 05 s"


def test_a_first_play_starts_on_the_pure_engine_and_compiles_in_the_background(
        tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    lines = first_play(dev, capsys)
    assert lines[0] == "Installing Havana into .venv (about half a minute)..."
    assert any("(the rules engine as pure Python for now)" in line for line in lines)
    assert not any("compiling the rules engine with mypyc" in line for line in lines)
    assert lines[-1].startswith("Havana is installed (pure-Python rules engine for now), in ")
    assert "the engine compiles in the background at low priority" in lines[-1]
    assert calls == ["venv", ("pip", ".", "pure"), "background"]  # the game starts next
    assert in_place(dev) == []

    with dev.build_lock(wait=0) as locked:  # the compile runs (it holds the lock)
        assert locked
        dev.install("", compile_later=True)  # a second start meanwhile: no waiting
    assert capsys.readouterr().out == ("The rules engine is still compiling in the "
                                       "background; this start runs the pure-Python engine.\n")
    assert calls == ["venv", ("pip", ".", "pure"), "background"]


def test_a_completed_background_compile_is_put_in_place_for_the_next_start(
        tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    first_play(dev, capsys)
    monkeypatch.setattr(dev, "build_wheel", wheel_builder(calls))
    assert dev.compile_in_background() == 0
    assert calls[-2:] == ["lower priority", "wheel"]
    assert in_place(dev) == sorted(COMPILED)
    assert (dev.PACKAGE / COMPILED[1]).read_text() == "compiled in the background"
    refuse_stale_compiled_engine(dev.PACKAGE / "rules")  # newer than the sources
    assert not dev.compile_dir().exists()
    log = dev.compile_log().read_text()
    assert "compiled in " in log and log.endswith("put in place: the next start uses it\n")

    dev.install("", compile_later=True)  # the next start: compiled, quiet, nothing to do
    assert capsys.readouterr() == ("", "")
    assert calls.count("background") == 1
    assert dev.compile_in_background() == 0  # (started twice: nothing more to do)
    assert calls.count("wheel") == 1


def test_a_compile_done_during_a_game_is_put_in_place_when_the_game_ends(
        tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    monkeypatch.setattr(dev, "build_wheel", wheel_builder(calls))
    games = []

    def havana(command, **options):  # the game: its worker processes start any time
        games.append(command)
        assert dev.compile_in_background() == 0  # (started before the game, done during it)
        assert dev.game_running() and in_place(dev) == []
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(dev.subprocess, "run", havana)
    assert dev.play(["--players", "2"]) == 0
    assert games[0][1:] == ["play", "--players", "2"]
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == ("The rules engine compiled in the background is in place: the next "
                       "start uses it.")
    assert in_place(dev) == sorted(COMPILED) and not dev.game_running()
    assert "put in place when the game ends, or by the next start" in dev.compile_log().read_text()

    # The same, with the game's `play` ended without putting it in place (killed):
    (dev.PACKAGE / COMPILED[1]).unlink()
    for name in COMPILED[::2]:
        (dev.PACKAGE / name).unlink()
    with dev.game_running_here():
        dev.compile_in_background()
    assert in_place(dev) == [] and dev.compiled_waiting()
    dev.install("", compile_later=True)
    assert capsys.readouterr().out == ("Havana now runs the rules engine compiled in the "
                                       "background.\n")
    assert in_place(dev) == sorted(COMPILED)


def test_a_put_in_place_cut_short_is_finished_and_an_outdated_one_dropped(
        tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    first_play(dev, capsys)
    files = dev.compile_dir() / "files"
    for name in COMPILED[1:]:  # the shared library moved already; the machine went off
        (files / name).parent.mkdir(parents=True, exist_ok=True)
        (files / name).write_text("compiled in the background")
        os.utime(files / name, (0, 0))  # (written long ago)
    (dev.PACKAGE / COMPILED[0]).write_text("compiled in the background")
    (dev.compile_dir() / "ready").write_text(dev.sources_digest())
    assert dev.finish_compile(dev.sources_digest())
    assert in_place(dev) == sorted(COMPILED) and not dev.compile_dir().exists()
    refuse_stale_compiled_engine(dev.PACKAGE / "rules")

    files.mkdir(parents=True)
    (files / COMPILED[0]).write_text("compiled from other sources")
    (dev.compile_dir() / "ready").write_text("an-older-digest")
    assert not dev.finish_compile(dev.sources_digest())
    assert not dev.compile_dir().exists()
    assert (dev.PACKAGE / COMPILED[0]).read_text() == "compiled in the background"


def test_a_failed_background_compile_keeps_the_pure_engine_and_says_why_once(
        tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    first_play(dev, capsys)
    monkeypatch.setattr(dev, "build_wheel", wheel_builder(calls, compiled=False))
    assert dev.compile_in_background() == 1
    assert in_place(dev) == [] and not dev.compile_dir().exists()
    assert "failed after " in dev.compile_log().read_text()

    dev.install("", compile_later=True)  # the next start says why, and goes on
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("havana: the rules engine could not be compiled in the background (error: "
                   "command 'cc' failed: No such file or directory), so it runs as pure "
                   "Python: the same games, about half as fast (details in "
                   f"{dev.compile_log()}; tried again when its sources change)\n")
    dev.install("", compile_later=True)  # later starts: quiet, no new try
    assert capsys.readouterr() == ("", "")
    assert calls.count("background") == 1 and calls.count("wheel") == 1

    dev.STAMP.write_text("an-older-digest")  # the sources changed: tried again
    dev.install("", compile_later=True)
    assert calls[-2:] == [("pip", ".", "pure"), "background"]


def test_a_failing_pip_is_recorded_and_an_interrupted_compile_tried_again(
        tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    first_play(dev, capsys)
    (dev.compile_dir() / "wheel").mkdir(parents=True)  # killed while pip built the wheel
    (dev.compile_dir() / "wheel" / "half.whl").write_text("")
    dev.install("", compile_later=True)  # nothing was put in place: the next start retries
    assert capsys.readouterr() == ("", "")
    assert calls[-1] == "background" and calls.count("background") == 2

    monkeypatch.setattr(dev, "build_wheel", wheel_builder(calls, code=1))
    assert dev.compile_in_background() == 1
    assert dev.compile_failure(dev.sources_digest()) == ("pip wheel ended with code 1", False)
    assert in_place(dev) == []


def test_the_background_compile_waits_for_a_lock_and_for_its_sources(
        tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    monkeypatch.setattr(dev, "build_wheel", wheel_builder(calls))
    assert dev.compile_in_background() == 0  # nothing installed yet: nothing to compile
    first_play(dev, capsys)
    with dev.build_lock(wait=0):  # an install runs
        assert dev.compile_in_background() == 0
    assert "wheel" not in calls and in_place(dev) == []


def test_test_waits_for_the_background_compile_then_installs_its_tools(
        tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    first_play(dev, capsys)
    waited = threading.Event()
    monkeypatch.setattr(dev, "build_wheel", wheel_builder(calls, until=waited))
    say = dev.say

    def told(line: str) -> None:
        say(line)
        if line.startswith("  waiting for the background compile"):
            waited.set()  # the install waits: the compile may end
    monkeypatch.setattr(dev, "say", told)
    background = threading.Thread(target=dev.compile_in_background)
    background.start()
    while "wheel" not in calls:  # (the compile holds the lock)
        time.sleep(0.01)
    dev.install("test")
    background.join()
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("  waiting for the background compile of the rules engine")
    assert lines[1].startswith("Updating Havana in .venv (about a minute; compiling")
    assert calls[-1] == ("pip", ".[test]", "compiled")
    assert calls.index("wheel") < calls.index(("pip", ".[test]", "compiled"))

    # A pure play-install after `test` (the sources changed), its compile not done:
    # `test` compiles in the foreground.
    dev.STAMP.write_text("an-older-digest test")
    first_play(dev, capsys)
    assert in_place(dev) == []
    dev.install("test")
    assert calls[-1] == ("pip", ".[test]", "compiled") and in_place(dev) == sorted(COMPILED)


def test_a_pure_play_never_compiles(tmp_path, monkeypatch, capsys):
    dev, calls = load_dev(tmp_path, monkeypatch)
    monkeypatch.setenv("HAVANA_PURE_PYTHON", "1")
    lines = first_play(dev, capsys)
    assert lines[-1].startswith("Havana is installed (pure Python rules engine), in ")
    dev.install("", compile_later=True)
    assert calls == ["venv", ("pip", ".", "pure")]


def test_the_background_process_is_apart_quiet_and_low_priority(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("havana_dev_popen", DEV)
    assert spec is not None and spec.loader is not None
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    started: list[Any] = []
    monkeypatch.setattr(dev.subprocess, "Popen", lambda *a, **k: started.append((a, k)))
    monkeypatch.setenv("HAVANA_PURE_PYTHON", "1")
    dev.start_background_compile()
    (command,), options = started[0]
    assert command[1:] == [str(DEV), "compile-in-background"]
    assert options["stdin"] == options["stdout"] == options["stderr"] == subprocess.DEVNULL
    assert "HAVANA_PURE_PYTHON" not in options["env"]
    if sys.platform == "win32":
        assert options["creationflags"] & subprocess.BELOW_NORMAL_PRIORITY_CLASS
    else:
        assert options["start_new_session"] and options["creationflags"] == 0
        niceness: list[int] = []
        monkeypatch.setattr(dev.os, "nice", niceness.append)
        dev.lower_priority()
        assert niceness == [10]
    monkeypatch.setattr(dev, "compile_in_background", lambda: 7)
    monkeypatch.setattr(dev.sys, "argv", ["dev.py", "compile-in-background"])
    assert dev.main() == 7
