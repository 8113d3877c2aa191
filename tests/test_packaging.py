"""The compiled engine never runs older than its sources, and never when the
pure-Python engine is asked for."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from havana_game import refuse_stale_compiled_engine


def test_a_compiled_module_older_than_its_source_is_refused(tmp_path):
    source = tmp_path / "engine.py"
    compiled = tmp_path / "engine.cpython-311-x86_64-linux-gnu.so"
    compiled.write_bytes(b"")
    source.write_text("")
    os.utime(compiled, (1_000_000, 1_000_000))
    with pytest.raises(ImportError, match="pip install -e"):
        refuse_stale_compiled_engine(tmp_path)
    os.utime(compiled, None)
    os.utime(source, (1_000_000, 1_000_000))
    refuse_stale_compiled_engine(tmp_path)


@pytest.mark.parametrize("source_tree", [True, False])
def test_only_a_source_tree_checks_the_compiled_engine_s_age(tmp_path, source_tree):
    """Installers unpack a wheel's files in any order (`x.so` microseconds before
    `x.py`), so an installed package never compares times; a package beside its
    pyproject.toml (an editable install, a checkout) does."""
    package = Path(__file__).resolve().parent.parent / "havana_game"
    copy = tmp_path / "havana_game"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    compiled = copy / "rules" / "engine.cpython-311-x86_64-linux-gnu.so"
    compiled.write_bytes(b"")
    os.utime(compiled, (1_000_000, 1_000_000))
    if source_tree:
        (tmp_path / "pyproject.toml").write_text("")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    env.pop("HAVANA_PURE_PYTHON", None)
    done = subprocess.run([sys.executable, "-c", "import havana_game"], capture_output=True,
                          text=True, env=env, cwd=tmp_path)
    assert (done.returncode != 0) == source_tree, done.stderr
    assert ("older than havana_game/rules/" in done.stderr) == source_tree


def test_the_pure_python_switch_runs_the_engine_sources():
    """HAVANA_PURE_PYTHON=1 at run time: the engine's .py files run even where compiled
    modules are installed (CI's second leg tests the engine this way)."""
    code = ("import havana_game; from havana_game.rules import engine; "
            "print(havana_game.engine_kind(), engine.__file__.endswith('.py'))")
    env = {**os.environ, "HAVANA_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=True)
    assert done.stdout.split() == ["pure", "Python", "True"]


def test_the_test_command_ends_with_pytest_s_summary_line():
    """CI's output (tools/dev.py test) ends with "N passed in S s": pytest runs with
    one -q in all, never two (which would drop that line)."""
    from tools.dev import PYTEST, ROOT

    test = "tests/test_packaging.py::test_a_compiled_module_older_than_its_source_is_refused"
    out = subprocess.run([sys.executable, "-m", *PYTEST, test], cwd=ROOT, capture_output=True,
                         text=True).stdout
    assert out.strip().splitlines()[-1].startswith("1 passed in "), out


def test_the_linux_desktop_files_agree_with_the_package():
    """assets/linux: the .desktop entry starts a command the package installs, its
    icon is the metainfo's id, and the metainfo names this version and licence."""
    import configparser
    import tomllib
    import xml.etree.ElementTree as ElementTree

    root = Path(__file__).resolve().parent.parent
    project = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["project"]
    (desktop_path,) = (root / "assets" / "linux").glob("*.desktop")
    (metainfo_path,) = (root / "assets" / "linux").glob("*.metainfo.xml")
    app_id = desktop_path.name.removesuffix(".desktop")
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str  # type: ignore[assignment,method-assign]
    desktop.read(desktop_path, encoding="utf-8")
    entry = desktop["Desktop Entry"]
    assert entry["Exec"].split()[0] in project["gui-scripts"]
    assert entry["Icon"] == app_id and entry["Type"] == "Application"
    metainfo = ElementTree.parse(metainfo_path).getroot()
    assert metainfo.findtext("id") == app_id == metainfo_path.name.removesuffix(".metainfo.xml")
    assert metainfo.find("launchable").text == desktop_path.name
    assert metainfo.findtext("project_license") == project["license"]
    assert [r.get("version") for r in metainfo.iter("release")][0] == project["version"]
    assert metainfo.find("provides/binary").text in project["scripts"]


def test_a_missing_font_file_is_said_once_and_the_game_draws_on(monkeypatch, tmp_path, capsys):
    """The fonts load through importlib.resources from inside the package; where one is
    missing (a damaged install) one line says so and text is drawn in pygame's font."""
    import pygame

    from havana_game.client.ui import fonts

    pygame.init()
    assert fonts._font_file(False) is not None  # shipped inside the package
    monkeypatch.setattr(fonts, "FONTS", tmp_path)
    for cached in (fonts._font_file, fonts._face):
        cached.cache_clear()
    try:
        surfaces = [fonts.font(18).render("Havana", True, (0, 0, 0)) for _ in range(3)]
        assert all(surface.get_width() > 0 for surface in surfaces)
        lines = capsys.readouterr().err.strip().splitlines()
        assert len(lines) == 1 and "DejaVuSans.ttf cannot be read" in lines[0]
    finally:
        for cached in (fonts._font_file, fonts._face):
            cached.cache_clear()
