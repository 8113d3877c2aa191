"""The one-folder app for people without Python (`python3 tools/dev.py bundle`).

    dist/havana/                               the app: run dist/havana/havana
                                               (Windows: havana.exe, and havana-cli.exe
                                               for the command line; macOS: also
                                               dist/Havana.app)
    dist/havana-VERSION-PLATFORM.tar.gz        the same, compressed to hand out
                                               (Windows: .zip; macOS: Havana.app's)

Built by PyInstaller from tools/havana.spec, in a virtual environment of its own,
`.venv-bundle` beside this repository (never the development `.venv`): the game is
pip-installed there (not editable) from a copy of its sources, so the app holds
what a pip install holds and no build touches the working tree's files. The rules
engine is compiled with mypyc as `pip install` does (the hard bot thinks twice as
fast, and the app is about 1 MB larger); where it cannot be, or with
HAVANA_PURE_PYTHON=1, the app runs the pure-Python engine, and the summary says
which. A build venv made from the same sources is reused: a rebuild only re-runs
PyInstaller. Standard library only.
"""

from __future__ import annotations

import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import venv
import zipfile
from pathlib import Path
from typing import NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parent))  # toolkit.py, beside this file
import toolkit  # noqa: E402
from toolkit import env_python, say  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv-bundle"
WORK = ROOT / "build" / "bundle"
"""PyInstaller's work folder and the copy of the sources pip installs from."""
DIST = ROOT / "dist"
APP = DIST / "havana"
PYINSTALLER = "pyinstaller>=6.10,<7"
SOURCES = ("pyproject.toml", "setup.py", "README.md", "havana_game", "net")
"""What pip installs the game from (copied to WORK/src)."""
STAMP = VENV / ".havana-bundle-installed"


def fail(message: str) -> NoReturn:
    toolkit.fail("havana bundle", message)


def python() -> Path:
    return env_python(VENV)


def platform_name() -> str:
    """"linux-x86_64", "windows-amd64", "macos-arm64"... (the archive's name)."""
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return f"{system.rstrip('0123456789')}-{platform.machine().lower() or 'unknown'}"


def version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as project:
        return str(tomllib.load(project)["project"]["version"])


def _skipped(folder: str, names: list[str]) -> set[str]:
    """Build leftovers a copy of the sources leaves out (the editable install's
    compiled engine above all: the bundle compiles its own)."""
    return {name for name in names if name in ("__pycache__", "build", "dist")
            or name.endswith((".so", ".pyd", ".pyc", ".egg-info"))}


def sources_digest() -> str:
    """What the build venv's install depends on: every source file, the pure-Python
    switch, and PyInstaller's version range."""
    digest = hashlib.sha256(f"{PYINSTALLER} {os.environ.get('HAVANA_PURE_PYTHON')}".encode())
    for name in SOURCES:
        path = ROOT / name
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            relative = file.relative_to(ROOT)
            if not _skipped("", list(relative.parts)):
                digest.update(str(relative).encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()


def install() -> None:
    """`.venv-bundle` with the game (from a copy of the sources) and PyInstaller,
    unless it already holds these sources."""
    digest = sources_digest()
    if python().exists() and STAMP.exists() and STAMP.read_text() == digest:
        say("  .venv-bundle is current (the game as installed there, and PyInstaller)")
        return
    if not python().exists():
        say("  making the build venv .venv-bundle")
        try:
            venv.EnvBuilder(with_pip=True).create(VENV)
        except (subprocess.CalledProcessError, OSError) as error:
            shutil.rmtree(VENV, ignore_errors=True)
            fail(f"cannot make the build venv .venv-bundle ({error}); on Debian or Ubuntu: "
                 "sudo apt install python3-venv")
    source = WORK / "src"
    shutil.rmtree(source, ignore_errors=True)
    source.mkdir(parents=True)
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=_skipped)
        else:
            shutil.copy2(ROOT / name, source / name)
    pure = os.environ.get("HAVANA_PURE_PYTHON") == "1"
    say(f"  installing the game{'' if pure else ' (compiling the rules engine with mypyc)'}"
        f" and PyInstaller into .venv-bundle with pip")
    STAMP.unlink(missing_ok=True)
    pip = [str(python()), "-m", "pip", "--disable-pip-version-check"]
    subprocess.run([*pip, "uninstall", "--quiet", "--yes", "havana-game"], cwd=WORK,
                   capture_output=True)  # (so that the same version is installed again)
    if subprocess.run([*pip, "install", "--quiet", str(source), PYINSTALLER],
                      cwd=WORK).returncode != 0:
        fail("installing into .venv-bundle failed (pip's messages are above)")
    STAMP.write_text(digest)


def folder_size(path: Path) -> int:
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def megabytes(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def archive() -> Path:
    """The app compressed: a .zip on Windows, else a .tar.gz (macOS: Havana.app)."""
    base = DIST / f"havana-{version()}-{platform_name()}"
    for old in DIST.glob("havana-*.*"):
        old.unlink()
    top = DIST / "Havana.app" if sys.platform == "darwin" else APP
    if os.name == "nt":
        path = base.with_name(base.name + ".zip")
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for file in sorted(top.rglob("*")):
                out.write(file, file.relative_to(DIST))
        return path
    path = base.with_name(base.name + ".tar.gz")
    with tarfile.open(path, "w:gz", compresslevel=9) as out:
        out.add(top, arcname=top.name)
    return path


def bundle() -> int:
    started = time.monotonic()
    if sys.version_info < (3, 11):  # noqa: UP036 - any python3 may run this script
        fail(f"the bundle needs Python 3.11 or newer, and this is {sys.version.split()[0]}")
    say(f"Bundling Havana {version()} for {platform_name()} into dist/havana "
        f"(PyInstaller, tools/havana.spec)...")
    WORK.mkdir(parents=True, exist_ok=True)
    install()
    say("  running PyInstaller (a minute or two)")
    # Run from the work folder, so that the repository's own `havana_game` (and its
    # editable build) is not on the path: the installed one is bundled.
    done = subprocess.run([str(python()), "-m", "PyInstaller", "--noconfirm",
                           "--log-level", "ERROR", "--distpath", str(DIST),
                           "--workpath", str(WORK / "pyinstaller"),
                           str(ROOT / "tools" / "havana.spec")], cwd=WORK)
    if done.returncode != 0:
        fail("PyInstaller failed (its messages are above)")
    executable = APP / ("havana-cli.exe" if os.name == "nt" else "havana")
    checked = subprocess.run([str(executable), "--version"], capture_output=True, text=True)
    if checked.returncode != 0:
        fail(f"the app does not start: {executable} --version said "
             f"{(checked.stderr or checked.stdout).strip()[-500:]}")
    say("  compressing")
    packed = archive()
    say(f"Bundled {checked.stdout.strip()} in {time.monotonic() - started:.0f} s: "
        f"{APP.relative_to(ROOT)}/ {megabytes(folder_size(APP))}, "
        f"{packed.relative_to(ROOT)} {megabytes(packed.stat().st_size)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    if argv:
        fail("`bundle` takes no arguments")
    return bundle()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
