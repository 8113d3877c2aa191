"""Run a benchmark command that prints one JSON object and keep its figures with
how they were made: the command line, the date, the machine's cores and its load
(/proc/loadavg) before and after. The command's stderr (progress) passes through.

    python3 tools/record_bench.py docs/bench/NAME.json -- COMMAND ARGS...
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def loadavg() -> str:
    """The machine's /proc/loadavg line ("" where there is none)."""
    try:
        return Path("/proc/loadavg").read_text().strip()
    except OSError:
        return ""


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    target, command = Path(argv[0]), argv[2:]
    record: dict[str, Any] = {"command": " ".join(command),
                              "started": datetime.datetime.now(datetime.UTC).isoformat(),
                              "cpu_count": os.cpu_count(), "loadavg_before": loadavg()}
    done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=False)
    record["finished"] = datetime.datetime.now(datetime.UTC).isoformat()
    record["loadavg_after"] = loadavg()
    record["returncode"] = done.returncode
    try:
        record["result"] = json.loads(done.stdout)
    except json.JSONDecodeError:
        record["output"] = done.stdout
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
