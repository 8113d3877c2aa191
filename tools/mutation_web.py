"""Mutation testing of the web seat page's logic modules (issue 47): how many small
changes to havana_game/web's staging, logtext, labels, state, net, messages and
i18n modules the Node tests (tests/web/*.test.mjs) notice.

    python3 tools/mutation_web.py             all seven modules
    python3 tools/mutation_web.py --only net.js staging.js   some of them (the
                                              others' last figures are kept)
    python3 tools/mutation_web.py --report    the figures of the last runs, again

Runs Stryker (npm: @stryker-mutator/core, pinned by tools/stryker/package-lock.json,
installed with `npm ci` into tools/stryker/node_modules, git-ignored, when missing
or older than the lock) on a copy of the page, its catalogs, its Node tests and
their fixture in build/mutation/web (the work tree is never touched), once per
module (tools/stryker/stryker.config.json lists them). Node's test runner has no
Stryker plugin, so Stryker's `command` runner runs, for each mutant, the test
files that import the module themselves, each in a worker thread of its own and
stopping at the first failure (tools/stryker/run-tests.mjs: a `node --test` of
the same files, without a process per file). views.js and app.js, the page's
DOM, are not mutated (the browser tests drive them: tests/test_web_page.py).
Each module's killed / survived counts and score, its surviving mutants
(line:column, mutator, replacement) and tests, the command, date and machine
load go to `docs/bench/mutation-web.json`; `docs/bench/mutation-web-survivors.md`
says why each survivor is harmless. Not in CI: the tests run once per mutant.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # mutation.py, beside this file
from mutation import copy_tree  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "stryker"
CONFIG = TOOL / "stryker.config.json"
STRYKER = TOOL / "node_modules" / "@stryker-mutator" / "core" / "bin" / "stryker.js"
FOLDER = ROOT / "build" / "mutation" / "web"
RUNNER = TOOL / "run-tests.mjs"
REPORTS = ROOT / "build" / "mutation" / "web-reports"
"""Each module's last Stryker report (kept when another module is run again)."""
COPIED = ["havana_game/web", "havana_game/locale", "tests/web", "tests/fixtures/log_lines.json"]
"""What the tests need: the page, the catalogs, its Node tests and the log lines' fixture."""
DETECTED = {"Killed", "Timeout"}
UNDETECTED = {"Survived", "NoCoverage"}
"""Stryker's statuses of a mutant the tests noticed (a mutant that hangs them is
caught too), and of one they did not; others (a mutant that cannot run) count in
neither."""


def install() -> None:
    """`npm ci` the pinned Stryker when it is missing or older than the lock file."""
    installed = TOOL / "node_modules" / ".package-lock.json"
    if STRYKER.exists() and installed.exists() and \
            installed.stat().st_mtime >= (TOOL / "package-lock.json").stat().st_mtime:
        return
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=TOOL, check=True)


def importers(module: str) -> list[str]:
    """The Node test files that import `module` themselves (tests/web/*.test.mjs,
    relative to the copy): the tests run against its mutants."""
    found = []
    for test in sorted((FOLDER / "tests" / "web").glob("*.test.mjs")):
        names = re.findall(r'from\s+"([^"]+)"|import\s+"([^"]+)"', test.read_text())
        targets = {(test.parent / (a or b)).resolve() for a, b in names}
        if (FOLDER / module).resolve() in targets:
            found.append(str(test.relative_to(FOLDER)))
    return found


def mutate(module: str, config: dict[str, Any], jobs: int) -> int:
    """One Stryker run: `module`'s mutants against the tests that import it."""
    tests = importers(module)
    if not tests:
        print(f"{module}: no test imports it", file=sys.stderr)
        return 1
    name = Path(module).stem
    setting = {**config, "mutate": [module], "concurrency": jobs,
               "commandRunner": {"command": " ".join(["node", str(RUNNER), *tests])},
               "jsonReporter": {"fileName": str(REPORTS / f"{name}.json")}}
    (FOLDER / f"stryker-{name}.json").write_text(json.dumps(setting, indent=1))
    print(f"{module}: {len(tests)} test files: {' '.join(tests)}", flush=True)
    return subprocess.run(["node", str(STRYKER), "run", f"stryker-{name}.json"],
                          cwd=FOLDER).returncode


def merged() -> dict[str, Any]:
    """The modules' Stryker reports as one (the last run of each)."""
    files: dict[str, Any] = {}
    for report in sorted(REPORTS.glob("*.json")):
        files.update(json.loads(report.read_text())["files"])
    return {"files": files}


def scores(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Module -> counts, score and surviving mutants, from Stryker's JSON report."""
    result: dict[str, dict[str, Any]] = {}
    for path, data in sorted(report["files"].items()):
        mutants = data["mutants"]
        killed = sum(1 for m in mutants if m["status"] in DETECTED)
        surviving = sorted(
            (m for m in mutants if m["status"] in UNDETECTED),
            key=lambda m: (m["location"]["start"]["line"], m["location"]["start"]["column"]))
        tested = killed + len(surviving)
        result[path] = {
            "mutants": len(mutants), "killed": killed,
            "timed_out": sum(1 for m in mutants if m["status"] == "Timeout"),
            "survived": len(surviving),
            "not_run": len(mutants) - tested,
            "score": round(killed / tested, 3) if tested else None,
            "surviving": [f"{m['location']['start']['line']}:{m['location']['start']['column']} "
                          f"{m['mutatorName']}: {m.get('replacement', '')}" for m in surviving]}
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", default=None,
                        help="file names of the modules to mutate (default: all seven)")
    parser.add_argument("--jobs", type=int, default=1, help="test runs at once")
    parser.add_argument("--note", default="", help="a remark kept with the figures")
    parser.add_argument("--report", action="store_true",
                        help="only write the figures of the last run")
    args = parser.parse_args()
    install()
    load = os.getloadavg()
    started = time.monotonic()
    returncode = 0
    if not args.report:
        copy_tree(FOLDER, *COPIED)
        config = json.loads(CONFIG.read_text())
        config.pop("$schema", None)
        modules = [m for m in config.pop("mutate")
                   if not args.only or Path(m).name in args.only]
        for module in modules:
            returncode |= mutate(module, config, args.jobs)
    report = merged()
    by_module = scores(report)
    tool = json.loads((STRYKER.parent.parent / "package.json").read_text())["version"]
    figures: dict[str, Any] = {
        "command": " ".join(["python3 tools/mutation_web.py", *sys.argv[1:]]),
        "tool": f"@stryker-mutator/core {tool}, command runner",
        "tests": {module: importers(module) for module in by_module},
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "loadavg_at_start": [round(x, 2) for x in load],
                    "loadavg_at_end": [round(x, 2) for x in os.getloadavg()],
                    "node": subprocess.run(["node", "--version"], capture_output=True,
                                           text=True).stdout.strip(),
                    "python": platform.python_version()},
        "minutes": None if args.report else round((time.monotonic() - started) / 60, 1),
        "note": args.note,
        "excluded": "views.js and app.js (the page's DOM; tests/test_web_page.py drives them)",
        "modules": by_module,
    }
    out = ROOT / "docs" / "bench" / "mutation-web.json"
    out.write_text(json.dumps(figures, indent=1) + "\n")
    for module, score in by_module.items():
        print(f"{module}: {score['killed']}/{score['killed'] + score['survived']} killed "
              f"({score['score']}), {score['not_run']} not run")
    print(f"written to {out.relative_to(ROOT)}")
    return returncode


if __name__ == "__main__":
    sys.exit(main())
