"""Mutation testing (issue 26): how many small changes to the code the tests notice.

    python3 tools/mutation.py host            net/host's store, journal, barrier,
                                              connection and audience modules
    python3 tools/mutation.py engine          the rules engine (slow: hours on 2 cores)
    python3 tools/mutation.py engine --only legal.py state.py   a part of the engine
                                              (figures: mutation-engine-legal-state.json)
    python3 tools/mutation.py newest          the newest modules (issue 47): the
                                              WebSocket host, transports, LAN host
                                              session, recap, parallel AI, hint
    python3 tools/mutation.py newest --only web.py   one of them, with only its tests
                                              (figures: mutation-newest-web.json)
    python3 tools/mutation.py newest --only hint.py --again   only the mutants that
                                              survived the last run, against the tests
                                              as they are now (new tests added)
    python3 tools/mutation.py host --report   the figures of the last run (or of one
                                              resumed by hand with `mutmut run` in its
                                              folder), without running anything

Runs mutmut (installed into `.venv` when missing) on a copy of this work tree in
`build/mutation/TARGET` (`TARGET-PART` with `--only`, so parts can run side by
side; the tree itself is never touched), with the engine as
pure Python (HAVANA_PURE_PYTHON=1: mutmut mutates sources, not compiled modules)
and only the tests that exercise the target. Each module's killed / survived
counts (a mutant no test reaches counts as surviving), the surviving mutants'
names (`mutmut show NAME` in that folder shows one), the command, date and
machine load go to `docs/bench/mutation-TARGET.json`.
Not in CI: it runs the tests once per mutant.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
MUTMUT = "mutmut>=3.3,<4"

TARGETS: dict[str, tuple[list[str], list[str]]] = {
    "host": ([f"net/host/{name}.py" for name in
              ("store", "journal", "barrier", "connection", "audience")],
             ["tests/test_net_journal.py", "tests/test_net_durability.py",
              "tests/test_net_slow_readers.py", "tests/test_net_views.py",
              "tests/test_net_error_codes.py", "tests/test_net_protocol.py",
              "tests/test_net_host_guards.py", "tests/test_net_store.py",
              "tests/test_net_connection.py"]),
    "engine": ([str(p.relative_to(ROOT)) for p in sorted((ROOT / "havana_game/rules").glob("*.py"))
                if p.name != "__init__.py"],
               [*(str(p.relative_to(ROOT))
                  for p in sorted((ROOT / "tests").glob("test_rules_*.py"))),
                "tests/test_fixtures_games.py"]),
}
"""Target -> (the modules mutated, the tests run against each mutant)."""

NEWEST: dict[str, list[str]] = {
    "net/host/web.py": ["tests/test_net_websocket.py", "tests/test_net_websocket_hardening.py",
                        "tests/test_mutation_web.py"],
    "net/host/transport.py": ["tests/test_net_websocket.py", "tests/test_net_protocol.py",
                              "tests/test_net_connection.py", "tests/test_mutation_transport.py"],
    "havana_game/client/session/lanhost.py": ["tests/test_client_lanhost.py",
                                              "tests/test_lanhost_pids.py",
                                              "tests/test_mutation_lanhost.py"],
    "havana_game/client/table/recap.py": ["tests/test_client_recap.py",
                                          "tests/test_mutation_recap.py"],
    "havana_game/ai/parallel.py": ["tests/test_ai_parallel.py", "tests/test_ai_workers_differ.py",
                                   "tests/test_mutation_parallel.py"],
    "havana_game/ai/hint.py": ["tests/test_ai_hint_budget.py", "tests/test_ai_hint_prepare.py",
                               "tests/test_client_hint.py", "tests/test_mutation_hint.py"],
}
"""The newest modules (issue 47), each with the tests that exercise it: with `--only`,
only the tests of the modules chosen run."""
TARGETS["newest"] = (list(NEWEST), sorted({t for tests in NEWEST.values() for t in tests}))
TESTS_BY_MODULE: dict[str, dict[str, list[str]]] = {"newest": NEWEST}

KILLED = {1, 3, -24, 24, 152, 255, -9, -11, 36, 37}
"""mutmut's exit codes of a mutant the tests noticed: tests failed, or a crash or
time-out (a mutant that hangs the tests is caught too)."""
NO_TESTS = {5, 33}
"""mutmut's exit codes of a mutant no selected test reaches (by mutmut's record of
which tests call which function: code run only in a child process is never
recorded). Such a mutant is not killed: it counts as surviving."""
TIMEOUT = {-24, 24, 152, 255, 36}


def copy_tree(destination: Path, *paths: str, fresh: bool = True) -> None:
    """The files git knows (as they are in the work tree, changes included), or
    those under `paths`, copied into `destination`; `fresh`: emptied first, else
    the files not copied are left as they are."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", *paths],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    if fresh:
        shutil.rmtree(destination, ignore_errors=True)
    for name in files:
        source = ROOT / name
        if source.is_file():
            target = destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def _code(path: Path) -> str:
    """The module's code as mutmut mutates it: its syntax tree without docstrings
    (nor the strings that document attributes)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            node.body = [statement for statement in body  # type: ignore[attr-defined]
                         if not (isinstance(statement, ast.Expr)
                                 and isinstance(statement.value, ast.Constant)
                                 and isinstance(statement.value.value, str))]
    return ast.dump(tree)


def configure(folder: Path, modules: list[str], tests: list[str],
              timeout_multiplier: float) -> None:
    lines = ["[mutmut]", f"timeout_multiplier = {timeout_multiplier}",
             "source_paths =", "    havana_game", "    net",
             "only_mutate =", *(f"    {m}" for m in modules),
             "pytest_add_cli_args_test_selection =", *(f"    {t}" for t in tests),
             "also_copy =", "    tools", "    docs", "    assets", "    README.md",
             "pytest_add_cli_args =", "    -p", "    no:cacheprovider", ""]
    (folder / "setup.cfg").write_text("\n".join(lines))


def scores(folder: Path, modules: list[str]) -> dict[str, dict[str, Any]]:
    """Module -> counts and the surviving mutants, from mutmut's `.meta` files."""
    result: dict[str, dict[str, Any]] = {}
    for module in modules:
        codes = _codes(folder, module)
        killed = sum(1 for code in codes.values() if code in KILLED)
        survived = sorted(name for name, code in codes.items() if code == 0 or code in NO_TESTS)
        untested = sum(1 for code in codes.values() if code in NO_TESTS)
        other = len(codes) - killed - len(survived)
        tested = killed + len(survived)
        result[module] = {"mutants": len(codes), "killed": killed,
                          "timed_out": sum(1 for code in codes.values() if code in TIMEOUT),
                          "survived": len(survived), "no_tests": untested, "not_run": other,
                          "score": round(killed / tested, 3) if tested else None,
                          "surviving": survived}
    return result


def _codes(folder: Path, module: str) -> dict[str, int | None]:
    """mutmut's exit code of each mutant of `module` run in `folder`."""
    meta = folder / "mutants" / f"{module}.meta"
    codes: dict[str, int | None] = (json.loads(meta.read_text())["exit_code_by_key"]
                                    if meta.exists() else {})
    return codes


def _keep_killed(folder: Path, module: str, before: dict[str, int | None]) -> None:
    """The mutants killed before and not run now stay killed (by the same tests,
    which still run)."""
    meta = folder / "mutants" / f"{module}.meta"
    data = json.loads(meta.read_text())
    codes = data["exit_code_by_key"]
    for name, code in before.items():
        if codes.get(name) is None and code in KILLED:
            codes[name] = code
    meta.write_text(json.dumps(data))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", choices=sorted(TARGETS))
    parser.add_argument("--only", nargs="*", default=None,
                        help="file names in the target to mutate (default: all)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout-multiplier", type=float, default=4.0,
                        help="a mutant whose tests take about twice this many times their "
                             "CPU time unmutated counts as killed (it hangs them); mutmut's "
                             "default, 15, lets each hanging mutant stall a run for minutes")
    parser.add_argument("--note", default="", help="a remark kept with the figures")
    parser.add_argument("--tests", nargs="*", default=None,
                        help="run these tests (files or pytest node ids) rather than the "
                             "target's: a subset gives a lower bound of the score, fast")
    parser.add_argument("--again", action="store_true",
                        help="run only the mutants that survived the last run again, against "
                             "the tests as they are now (the killed ones stay killed; the "
                             "modules' code must be unchanged since, docstrings aside)")
    parser.add_argument("--report", action="store_true",
                        help="only write the figures of the mutants already run")
    args = parser.parse_args()
    modules, tests = TARGETS[args.target]
    if args.only:
        modules = [m for m in modules if Path(m).name in args.only]
        if args.target in TESTS_BY_MODULE:
            tests = sorted({t for m in modules for t in TESTS_BY_MODULE[args.target][m]})
    if args.tests is not None:
        tests = args.tests
    tests = [t for t in tests if (ROOT / t.split("::")[0]).exists()]
    if subprocess.run([str(PYTHON), "-c", "import mutmut"], capture_output=True).returncode:
        subprocess.run([str(PYTHON), "-m", "pip", "install", "--quiet", MUTMUT], check=True)
    part = "".join(f"-{Path(m).stem}" for m in modules) if args.only else ""
    folder = ROOT / "build" / "mutation" / f"{args.target}{part}"
    load = Path("/proc/loadavg").read_text().split()[:3] if Path("/proc/loadavg").exists() else []
    started = time.monotonic()
    returncode = 0
    if not args.report:
        again: list[str] = []
        if args.again:
            changed = [m for m in modules if _code(folder / m) != _code(ROOT / m)]
            if changed:
                parser.error(f"changed since the last run, to be run whole: {changed}")
            again = [name for m in modules for name in scores(folder, [m])[m]["surviving"]]
            kept = {m: _codes(folder, m) for m in modules}
            copy_tree(folder, "tests", fresh=False)
        else:
            copy_tree(folder)
        configure(folder, modules, tests, args.timeout_multiplier)
        env = {**os.environ, "HAVANA_PURE_PYTHON": "1", "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy"}
        if again or not args.again:
            returncode = subprocess.run([str(PYTHON), "-m", "mutmut", "run", "--max-children",
                                         str(args.jobs), *again], cwd=folder, env=env).returncode
        if args.again:  # (a new test list makes mutmut forget every verdict)
            for module, codes in kept.items():
                _keep_killed(folder, module, codes)
    by_module = scores(folder, modules)
    figures: dict[str, Any] = {
        "command": " ".join(["python3 tools/mutation.py", *sys.argv[1:]]),
        "tool": subprocess.run([str(PYTHON), "-m", "pip", "show", "mutmut"], capture_output=True,
                               text=True).stdout.split("\n")[1].removeprefix("Version: "),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "loadavg_at_start": load,
                    "loadavg_at_end": Path("/proc/loadavg").read_text().split()[:3]
                    if load else [], "python": platform.python_version()},
        "minutes": None if args.report else round((time.monotonic() - started) / 60, 1),
        "note": args.note,
        "tests": tests,
        "modules": by_module,
    }
    out = ROOT / "docs" / "bench" / f"mutation-{args.target}{part}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(figures, indent=1) + "\n")
    for module, score in by_module.items():
        print(f"{module}: {score['killed']}/{score['killed'] + score['survived']} killed "
              f"({score['score']}; {score['timed_out']} by a time-out), {score['survived']} "
              f"survived ({score['no_tests']} reached by no test), {score['not_run']} not run")
    print(f"written to {out.relative_to(ROOT)}")
    return returncode


if __name__ == "__main__":
    sys.exit(main())
