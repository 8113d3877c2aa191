"""Set-up and checks in one command, on a fresh machine too (standard library only).

    python3 tools/dev.py play    install into .venv (when needed) and start the game
    python3 tools/dev.py test    install .venv with the test tools, then ruff, mypy and
                                 the whole test suite on the installed (compiled) engine,
                                 then the engine, AI and save tests on the pure-Python one
    python3 tools/dev.py bundle  the one-folder app for people without Python, dist/havana/
                                 and its archive (PyInstaller; tools/bundle.py)

Everything goes into a virtual environment (`.venv` beside this repository), so it
works where the system Python refuses `pip install` (Debian, Ubuntu). Where no C
compiler is found the engine installs as pure Python, and one line says so.
A first `play` starts at once: it installs the pure-Python engine, and the
engine compiles in the background (`compile_in_background`: at low priority, in
`.venv/havana-compile/`, its log `.venv/havana-compile.log`); the compiled
modules go beside the sources when no game of `play` runs, for later starts.
`test` compiles in the foreground, after a background compile still running.
With arguments, `play` starts a game at once: they go to `havana play`
(`python3 tools/dev.py play --players 2 --ai hard`); without, the menu opens.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import venv
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parent))  # toolkit.py, beside this file
import toolkit  # noqa: E402
from toolkit import env_python, say, suite_workers  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / ".havana-installed"
"""The sources' digest `.venv` was installed from, then the extra ("test") if any."""
PACKAGE = ROOT / "havana_game"
"""Where the compiled engine goes: `rules__mypyc.*` here, one module per source in
`rules/` (as an editable build leaves them)."""
BACKGROUND = "compile-in-background"
"""The hidden command `play` starts the background compile with."""
PURE_TESTS = ["tests/test_rules_*.py", "tests/test_ai_*.py", "tests/test_saves_*.py",
              "tests/test_fixtures*.py"]
"""The tests the second CI leg runs on the pure-Python engine."""
FOREIGN_OS_TESTS = ["tests/test_platforms.py", "tests/test_net_journal.py",
                    "tests/test_net_durability.py", "tests/test_net_store.py",
                    "tests/test_saves_and_cli.py", "tests/test_net_cli.py",
                    "tests/test_net_processes.py", "tests/test_client_lanhost.py",
                    "tests/test_ai_parallel.py", "tests/test_cli_quiet.py",
                    "tests/test_client_resume.py", "tests/test_i18n_runtime.py"]
"""The tests the foreign-OS legs run again on Linux made to look like Windows, then
macOS (`tests/foreign_os.py`): durable writes, the host and its stop signals, the LAN
host process, the AI pool, quiet starts, the client's start and resume, languages."""
FOREIGN_OS_SKIPS = {"windows": ["tests/test_cli_quiet.py::"
                                "test_the_window_opens_without_banner_or_audio_noise"]}
"""Tests of Linux's own behaviour a foreign leg leaves out (ALSA's noise: an emulated
windowed app cannot hide descriptor 2, and real Windows has no ALSA)."""
PYTEST = ("pytest", "-q")
"""pytest as `test` runs it: one -q, so its last line is the summary ("N passed in
S s"); a second -q anywhere (pyproject's addopts) would leave that line out."""


def took(seconds: float) -> str:
    """"1 min 05 s" or "48 s"."""
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s" if whole >= 60 else f"{whole} s"


def fail(message: str) -> NoReturn:
    toolkit.fail("havana", message)


def python() -> Path:
    return env_python(VENV)


def make_venv() -> None:
    """`.venv` with pip; where this Python has no ensurepip (Debian without
    python3-venv) with the system pip installing into it."""
    if python().exists():
        return
    try:
        venv.EnvBuilder(with_pip=True).create(VENV)
        return
    except (subprocess.CalledProcessError, OSError):
        shutil.rmtree(VENV, ignore_errors=True)
    if subprocess.run([sys.executable, "-m", "pip", "--version"],
                      capture_output=True).returncode != 0:
        fail("this Python cannot make a virtual environment (no ensurepip, no pip); on "
             "Debian or Ubuntu install one with: sudo apt install python3-venv")
    venv.EnvBuilder(with_pip=False).create(VENV)


def pip_command() -> list[str]:
    """pip for `.venv`: its own, else the system's pointed at it."""
    own_pip = subprocess.run([str(python()), "-m", "pip", "--version"],
                             capture_output=True).returncode == 0
    return ([str(python()), "-m", "pip"] if own_pip
            else [sys.executable, "-m", "pip", "--python", str(python())])


def build_environment(pure: bool) -> dict[str, str]:
    """This environment, with HAVANA_PURE_PYTHON=1 (setup.py: do not compile) or
    without it."""
    environment = {k: v for k, v in os.environ.items() if k != "HAVANA_PURE_PYTHON"}
    return {**environment, "HAVANA_PURE_PYTHON": "1"} if pure else environment


def pip_install(target: str, pure: bool = False) -> None:
    """pip-install `target` into `.venv`, editable, with the engine compiled unless
    `pure` (then setup.py deletes compiled modules left beside the sources)."""
    result = subprocess.run([*pip_command(), "install", "--quiet", "--disable-pip-version-check",
                             "-e", target], cwd=ROOT, env=build_environment(pure))
    if result.returncode != 0:
        fail(f"installing {target} failed (pip's messages are above)")


def sources_digest() -> str:
    """What an install depends on: the build files and the engine's sources."""
    digest = hashlib.sha256()
    for path in [ROOT / "pyproject.toml", ROOT / "setup.py",
                 *sorted((ROOT / "havana_game" / "rules").glob("*.py"))]:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def engine_kind() -> str:
    """"compiled" or "pure Python": the engine `.venv` runs."""
    return subprocess.run([str(python()), "-c", "import havana_game; "
                           "print(havana_game.engine_kind())"],
                          capture_output=True, text=True, cwd=ROOT).stdout.strip()


def venv_file(name: str) -> Path:
    return VENV / name


def compile_dir() -> Path:
    """The background compile's work: `wheel/` as pip builds it, `files/` the
    compiled modules taken from it, `ready` (the sources' digest) once complete."""
    return venv_file("havana-compile")


def compile_log() -> Path:
    return venv_file("havana-compile.log")


def shown(path: Path) -> str:
    """`path` as said to people: relative to the repository where it is inside."""
    with contextlib.suppress(ValueError):
        return str(path.relative_to(ROOT))
    return str(path)


def try_lock(path: Path) -> IO[str] | None:
    """`path` opened and locked by this process, or None if another process holds
    it. The system drops the lock when the process ends, however it ends."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = path.open("a+")
    try:
        if sys.platform == "win32":
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return None
    return handle


def unlock(handle: IO[str]) -> None:
    if sys.platform == "win32":
        import msvcrt

        with contextlib.suppress(OSError):
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
    handle.close()


@contextlib.contextmanager
def build_lock(wait: float | None = None, waiting: str = "") -> Iterator[bool]:
    """Hold `.venv/.havana-build.lock`, which every pip run into `.venv` and every
    change of the compiled engine holds: True once held, waiting for it up to `wait`
    seconds (None: as long as it takes, saying `waiting` once), else False."""
    path = venv_file(".havana-build.lock")
    give_up = None if wait is None else time.monotonic() + wait
    handle = try_lock(path)
    while handle is None and (give_up is None or time.monotonic() < give_up):
        if waiting:
            say(waiting)
            waiting = ""
        time.sleep(0.2)
        handle = try_lock(path)
    try:
        yield handle is not None
    finally:
        if handle is not None:
            unlock(handle)


@contextlib.contextmanager
def game_running_here() -> Iterator[None]:
    """While a game started by `play` runs: a locked `.venv/.havana-playing-PID`
    (the background compile puts the compiled engine in place only when there is
    none: the game's worker processes, started later, would import the other
    engine)."""
    handle = try_lock(venv_file(f".havana-playing-{os.getpid()}"))
    try:
        yield
    finally:
        if handle is not None:
            unlock(handle)
            with contextlib.suppress(OSError):
                venv_file(f".havana-playing-{os.getpid()}").unlink()


def game_running() -> bool:
    """Whether a game started by `play` runs (files of ended ones are removed)."""
    for path in VENV.glob(".havana-playing-*"):
        handle = try_lock(path)
        if handle is None:
            return True
        unlock(handle)
        with contextlib.suppress(OSError):
            path.unlink()
    return False


def compiled_present() -> bool:
    """Whether the compiled engine is beside the sources (an editable build's)."""
    return any((PACKAGE / "rules").glob("engine.*.so")) or any(
        (PACKAGE / "rules").glob("engine.*.pyd"))


def compiled_waiting() -> bool:
    return (compile_dir() / "ready").exists()


def installed_digest() -> str:
    words = STAMP.read_text().split() if python().exists() and STAMP.exists() else []
    return words[0] if words else ""


def compile_failure(digest: str) -> tuple[str, bool] | None:
    """Why compiling these sources failed, and whether that was said; None if it
    did not (`.venv/.havana-engine`: "DIGEST failed|said REASON")."""
    path = venv_file(".havana-engine")
    words = path.read_text().split(maxsplit=2) if path.exists() else []
    if len(words) < 2 or words[0] != digest:
        return None
    return (words[2].strip() if len(words) > 2 else "unknown"), words[1] == "said"


def record_failure(digest: str, reason: str, said: bool = False) -> None:
    venv_file(".havana-engine").write_text(
        f"{digest} {'said' if said else 'failed'} {' '.join(reason.split())}\n")


def tell_failure_once(digest: str) -> None:
    """Say, once, why the background compile of these sources failed."""
    failure = compile_failure(digest)
    if failure is None or failure[1]:
        return
    print(f"havana: the rules engine could not be compiled in the background ({failure[0]}), "
          "so it runs as pure Python: the same games, about half as fast (details in "
          f"{shown(compile_log())}; tried again when its sources change)", file=sys.stderr)
    record_failure(digest, failure[0], said=True)


def finish_compile(digest: str) -> bool:
    """Put a completed background compile of these sources in place (with the build
    lock held): the shared library first, then each module; each move is atomic, and
    a move cut short is finished by the next call. An outdated one is dropped."""
    work = compile_dir()
    ready = work / "ready"
    if not ready.exists():
        return False
    if ready.read_text().strip() != digest or installed_digest() != digest:
        shutil.rmtree(work, ignore_errors=True)
        return False
    files = work / "files"
    compiled = sorted((path for path in files.rglob("*") if path.is_file()),
                      key=lambda path: ("__mypyc" not in path.name, str(path)))
    for path in compiled:
        os.utime(path)  # newer than every source: havana_game refuses an older one
        target = PACKAGE / path.relative_to(files)
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)
    shutil.rmtree(work, ignore_errors=True)
    return True


def build_wheel(out: Path, log: IO[str]) -> int:
    """pip's wheel of the project with the engine compiled, into `out` (its
    messages, with setup.py's, into `log`); pip's exit code."""
    return subprocess.run([*pip_command(), "wheel", "--no-deps", "--disable-pip-version-check",
                           "--verbose", "--wheel-dir", str(out), "."],
                          cwd=ROOT, env=build_environment(pure=False), stdin=subprocess.DEVNULL,
                          stdout=log, stderr=subprocess.STDOUT).returncode


def unpack_compiled(wheels: Path, files: Path) -> int:
    """The wheel's compiled modules into `files` (as they sit in havana_game/)."""
    count = 0
    for wheel in wheels.glob("*.whl"):
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if name.startswith("havana_game/") and name.endswith((".so", ".pyd")):
                    target = files / name.removeprefix("havana_game/")
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with archive.open(name) as source, target.open("wb") as copy:
                        shutil.copyfileobj(source, copy)
                    count += 1
    return count


def why_not_compiled(log: Path) -> str:
    """setup.py's reason for building without the compiled engine, from the log."""
    text = log.read_text(errors="replace") if log.exists() else ""
    reasons = re.findall(r"could not compile the rules engine \((.*)\); installing", text)
    return reasons[-1] if reasons else "the build made no compiled modules"


def lower_priority() -> None:
    """This process and what it starts below the game (Windows: the priority class
    it was started with, `start_background_compile`)."""
    nice = getattr(os, "nice", None)
    if nice is not None:
        with contextlib.suppress(OSError):
            nice(10)


def compile_in_background() -> int:
    """Compile the engine of the installed sources (the hidden command `play`
    starts): pip builds a wheel with it in a directory of its own, and its compiled
    modules are put in place at the end, unless a game of `play` runs (then `play`
    or the next start does). A failure is recorded with its reason (said once by
    the next start; no new try until the sources change); an interrupted compile
    leaves nothing in place, and the next start tries again."""
    lower_priority()
    with build_lock(wait=0) as locked:
        digest = sources_digest()
        if (not locked or installed_digest() != digest or compiled_present()
                or compile_failure(digest) is not None):
            return 0
        work = compile_dir()
        shutil.rmtree(work, ignore_errors=True)
        started = time.monotonic()
        with compile_log().open("w") as log:
            log.write(f"compiling the rules engine in the background, {time.ctime()}\n")
            log.flush()
            code = build_wheel(work / "wheel", log)
            log.flush()
            reason = (f"pip wheel ended with code {code}" if code != 0
                      else None if unpack_compiled(work / "wheel", work / "files")
                      else why_not_compiled(compile_log()))
            if reason is not None:
                record_failure(digest, reason)
                shutil.rmtree(work, ignore_errors=True)
                log.write(f"failed after {took(time.monotonic() - started)}: {reason}\n")
                return 1
            shutil.rmtree(work / "wheel", ignore_errors=True)
            (work / "ready.part").write_text(digest)
            os.replace(work / "ready.part", work / "ready")
            log.write(f"compiled in {took(time.monotonic() - started)}\n")
            if game_running():
                log.write("put in place when the game ends, or by the next start\n")
            elif finish_compile(digest):
                log.write("put in place: the next start uses it\n")
    return 0


def start_background_compile() -> None:
    """`compile_in_background` in a process of its own, at low priority, left
    running when `play` ends (until the compile ends), out of the terminal's
    reach (Ctrl+C, a closed terminal: a new session; Windows: no console)."""
    flags = 0  # (POSIX: must be 0)
    if sys.platform == "win32":
        flags = (subprocess.BELOW_NORMAL_PRIORITY_CLASS | subprocess.CREATE_NEW_PROCESS_GROUP
                 | subprocess.CREATE_NO_WINDOW)
    subprocess.Popen([sys.executable, str(Path(__file__).resolve()), BACKGROUND], cwd=ROOT,
                     env=build_environment(pure=False), stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     creationflags=flags, start_new_session=os.name != "nt")


def install(extra: str, compile_later: bool = False) -> None:
    """Install the project (with `extra`, e.g. "test") unless `.venv` is current: made
    from these sources, with this extra or (for none) any, and with the compiled
    engine (or a failed compile of these sources recorded). An install says what it
    does, step by step, and how long it took; a current `.venv` says nothing.

    With `compile_later` (`play`) the engine installs as pure Python, a minute
    sooner, and compiles in the background; `.venv` is current without the compiled
    engine, which is put in place once compiled. HAVANA_PURE_PYTHON=1: never compiled."""
    digest = sources_digest()
    pure = os.environ.get("HAVANA_PURE_PYTHON") == "1"
    installed = STAMP.read_text().split() if python().exists() and STAMP.exists() else []
    current = installed[:1] == [digest] and (not extra or extra in installed[1:])
    if compile_later and current:
        with build_lock(wait=0) as locked:
            if not locked:  # a compile (or another install) runs: this start goes on
                say("The rules engine is still compiling in the background; this start "
                    "runs the pure-Python engine.")
                return
            if finish_compile(digest):
                say("Havana now runs the rules engine compiled in the background.")
            tell_failure_once(digest)
            wanted = not (pure or compiled_present() or compile_failure(digest))
        if wanted:  # (an interrupted compile, or one never started)
            start_background_compile()
        return
    with build_lock(waiting="  waiting for the background compile of the rules engine to "
                            f"finish (its log: {shown(compile_log())})"):
        if finish_compile(digest):
            say("Havana now runs the rules engine compiled in the background.")
        installed = STAMP.read_text().split() if python().exists() and STAMP.exists() else []
        current = installed[:1] == [digest] and (not extra or extra in installed[1:])
        if current and (pure or compile_later or compiled_present() or compile_failure(digest)):
            return  # (installed by another start meanwhile)
        later = compile_later and not pure
        compiling = not (pure or later)
        started = time.monotonic()
        say(f"{'Updating Havana in' if installed else 'Installing Havana into'} .venv (about "
            f"{'a minute; compiling the rules engine' if compiling else 'half a minute'})...")
        if not python().exists():
            say("  making the virtual environment .venv")
            make_venv()
        say(f"  installing the game and the libraries it uses"
            f"{' and the test tools' if extra else ''} with pip"
            f"{', compiling the rules engine with mypyc' if compiling else ''}"
            f"{' (the rules engine as pure Python for now)' if later else ''}")
        pip_install(f".[{extra}]" if extra else ".", pure=not compiling)
        STAMP.write_text(" ".join([digest, *([extra] if extra else installed[1:2])]))
        if compiling:
            say("  checking which rules engine runs")
            kind = engine_kind()
            if kind != "compiled":
                record_failure(digest, "no C compiler?", said=True)
                print("havana: the rules engine could not be compiled (no C compiler?), so it "
                      "runs as pure Python: the same games, about half as fast "
                      "(HAVANA_PURE_PYTHON=1 skips trying)", file=sys.stderr)
        else:
            kind = "pure Python"
        if not later:
            say(f"Havana is installed ({kind or 'unknown'} rules engine), in "
                f"{took(time.monotonic() - started)}; later starts skip this.")
            return
        say(f"Havana is installed (pure-Python rules engine for now), in "
            f"{took(time.monotonic() - started)}; the engine compiles in the background "
            f"at low priority (about a minute; its log: {shown(compile_log())}), and "
            "later starts use it.")
    start_background_compile()


def run(*command: str, **env: str) -> int:
    print("$", " ".join(command), flush=True)
    return subprocess.run([str(python()), "-m", *command], cwd=ROOT,
                          env={**os.environ, **env}).returncode


def side_legs() -> list[tuple[str, list[str], dict[str, str]]]:
    """The legs besides the main one, each (name, pytest arguments, environment):
    the pure-Python engine's, then the foreign-OS legs (`FOREIGN_OS_TESTS` as on
    Windows, then as on macOS)."""
    pure = sorted(str(p.relative_to(ROOT)) for pattern in PURE_TESTS for p in ROOT.glob(pattern))
    if not pure:
        fail(f"no tests for the pure-Python leg ({', '.join(PURE_TESTS)})")
    legs = [("pure-Python engine", pure, {"HAVANA_PURE_PYTHON": "1"})]
    for system in ("windows", "macos"):  # the same calls as each system allows them
        skips = [f"--deselect={name}" for name in FOREIGN_OS_SKIPS.get(system, [])]
        legs.append((f"as on {system}", ["-p", "tests.foreign_os", *skips, *FOREIGN_OS_TESTS],
                     {"HAVANA_FOREIGN_OS": system}))
    return legs


def run_together(legs: list[tuple[str, list[str], dict[str, str]]]) -> int:
    """Run the legs at once (each alone is mostly one core's work, much of it
    waiting on sockets and processes), each writing to a file of its own; print
    each leg's output as a block once all ended, a failing leg's failed tests run
    once more (`_once_more`). The first failing leg's code."""
    with tempfile.TemporaryDirectory(prefix="havana-legs-") as folder:
        running = []
        for index, (name, arguments, env) in enumerate(legs):
            command = (*PYTEST, "-p", "no:cacheprovider", *arguments)
            output = open(Path(folder) / f"{index}.log", "w+b")  # noqa: SIM115 - closed below
            running.append((name, command, output, subprocess.Popen(
                [str(python()), "-m", *command], cwd=ROOT, env={**os.environ, **env},
                stdout=output, stderr=subprocess.STDOUT)))
        code = 0
        for (name, command, output, process), (_, _, env) in zip(running, legs, strict=True):
            returned = process.wait()
            output.seek(0)
            printed = output.read()
            print(f"$ {name}: {' '.join(command)}", flush=True)
            sys.stdout.buffer.write(printed)
            sys.stdout.flush()
            output.close()
            if returned:
                returned = _once_more(name, command, printed.decode(errors="replace"), env,
                                      returned)
            code = code or returned
        return code


def _once_more(name: str, command: tuple[str, ...], printed: str, env: dict[str, str],
               returned: int) -> int:
    """A leg's failed tests (named in its output `printed`) run once more, alone, as
    the main leg's do (`toolkit.run_tests`): only a second failure fails the leg.
    Its code `returned` as it stands where the output names no failed test (a leg
    that did not get that far)."""
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+::\S+)", printed, re.MULTILINE)
    if not failed:
        return returned
    options = [argument for argument in command if not (ROOT / argument).is_file()]
    print(f"{name}: running the failed tests once more, alone (named above; one that "
          "passes now failed on timing)", flush=True)
    return subprocess.run([str(python()), "-m", *options, *dict.fromkeys(failed)], cwd=ROOT,
                          env={**os.environ, **env}).returncode


def test() -> int:
    """ruff, mypy and every test (on `suite_workers` processes, the failed ones
    once more alone: `toolkit.run_tests`); then the pure-Python engine's leg and
    the foreign-OS legs, side by side (theirs too: `run_together`)."""
    install("test")
    started = time.monotonic()
    for command in (("ruff", "check", "."), ("mypy",)):
        code = run(*command)
        if code:
            return code
    code = toolkit.run_tests("havana", python(), [], ROOT, workers=suite_workers())
    code = code or run_together(side_legs())
    say(f"ruff, mypy and the tests took {took(time.monotonic() - started)}")
    return code


def play(arguments: list[str]) -> int:
    """The menu, or with `arguments` a game at once (`havana play ARGUMENTS`); on a
    first start with the pure-Python engine while the engine compiles in the
    background. A compile finished while the game ran is put in place after it."""
    install("", compile_later=True)
    havana = VENV / ("Scripts/havana.exe" if os.name == "nt" else "bin/havana")
    with game_running_here():
        code = subprocess.run([str(havana), *(["play", *arguments] if arguments else [])]
                              ).returncode
    if compiled_waiting():
        with build_lock(wait=10.0) as locked:
            if locked and finish_compile(sources_digest()):
                say("The rules engine compiled in the background is in place: the next "
                    "start uses it.")
    return code


def main() -> int:
    if sys.version_info < (3, 11):  # noqa: UP036 - any python3 may run this script
        fail(f"Havana needs Python 3.11 or newer, and this is {sys.version.split()[0]}")
    if sys.argv[1:] == [BACKGROUND]:  # started by `play`, not by people
        return compile_in_background()
    if len(sys.argv) < 2 or sys.argv[1] not in ("play", "test", "bundle"):
        print(__doc__, file=sys.stderr)
        return 2
    if sys.argv[1] == "bundle":
        from bundle import main as bundle  # (tools/bundle.py, beside this file)
        return bundle(sys.argv[2:])
    if sys.argv[1] == "test":
        if len(sys.argv) > 2:
            fail("`test` takes no arguments (run .venv/bin/python -m pytest ... for a part)")
        return test()
    return play(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
