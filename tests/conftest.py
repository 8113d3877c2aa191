"""Shared test setup: no display or audio device is ever needed; every game a
test plays over the network is dealt from a fixed host seed (`seeds.HOST_SEED`),
and a failing test's report names it.

Every error a host of this process sends (`Connection.send_error`) is noted; a
run of the whole suite then fails if an error code of PROTOCOL.md's table was
produced by no test (so a code cannot be documented and never tried)."""

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from .seeds import HOST_SEED

if TYPE_CHECKING:
    from .browser import Browser
    from .test_web_page import BackgroundHost

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

TESTS = Path(__file__).resolve().parent
PRODUCED: set[str] = set()
"""The error codes hosts sent in this test session."""


def documented_error_codes() -> set[str]:
    """The codes of PROTOCOL.md's "Errors" table (its first column)."""
    doc = (TESTS.parent / "docs" / "PROTOCOL.md").read_text("utf-8")
    section = doc[doc.index("\n## Errors\n"):]
    section = section[:section.find("\n## ", 1)]
    return {name for line in section.splitlines() if line.startswith("| `")
            for name in re.findall(r"`([a-z_]+)`", line.split("|")[1])}


def pytest_sessionstart(session: pytest.Session) -> None:
    from net.host.connection import Connection

    send_error = Connection.send_error

    def noted(self, error, seq=None):  # type: ignore[no-untyped-def]
        PRODUCED.add(error.reason)
        send_error(self, error, seq)
    Connection.send_error = noted  # type: ignore[method-assign]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    ran = {Path(str(item.path)).name for item in session.items}
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # a pytest-xdist worker: the controller checks
        workeroutput["havana_produced"] = sorted(PRODUCED)
        workeroutput["havana_collected"] = sorted(ran)
        return
    ran |= COLLECTED_BY_WORKERS
    whole = ran >= {path.name for path in TESTS.glob("test_*.py")
                    if "\ndef test_" in path.read_text("utf-8")}
    option = session.config.option
    if exitstatus != 0 or not whole or option.keyword or option.collectonly:
        return
    missing = documented_error_codes() - PRODUCED
    if missing:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(f"havana: error codes of PROTOCOL.md no test produced: "
                                f"{sorted(missing)}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


COLLECTED_BY_WORKERS: set[str] = set()
"""Under pytest-xdist (`-n`), the test files the workers collected."""


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """pytest-xdist: a worker ended; the error codes its hosts sent count too."""
    output = getattr(node, "workeroutput", {})
    PRODUCED.update(output.get("havana_produced", ()))
    COLLECTED_BY_WORKERS.update(output.get("havana_collected", ()))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        report.sections.append(("havana", f"games dealt from host seed {HOST_SEED} "
                                          "(tests/seeds.py)"))


def stop_hosted_tables(config: str | os.PathLike[str]) -> None:
    """Stop the host process of every LAN table hosted from the config folder
    `config` (a LAN table hosted from the client runs in a process of its own,
    in a session of its own, and outlives a test that failed midway)."""
    from pathlib import Path

    from havana_game.client.session.lanhost import TABLES_DIR, HostedTable, read_notes
    for table in sorted((Path(config) / TABLES_DIR).glob("*")):
        HostedTable(table, port=int(read_notes(table).get("port", 0) or 0)).stop()


@pytest.fixture(autouse=True)
def _no_lan_host_left_running():
    """After each test: no LAN table it hosted from the client goes on running."""
    yield
    folder = os.environ.get("HAVANA_CONFIG_DIR")
    if folder:
        stop_hosted_tables(folder)


def pytest_terminal_summary(terminalreporter):
    """One line when the browser tests could not run here, and how to make them run."""
    from . import browser
    if not browser.available():
        terminalreporter.write_line(browser.INSTALL_HINT)


@pytest.fixture
def phone() -> Iterator["Browser"]:
    """A phone's headless browser (390x844), whose scripts may run 30 s (axe-core's
    do): the page's tests at a table (tests/web_views.py)."""
    from .browser import Browser
    opened = Browser(390, 844)
    opened.driver.set_script_timeout(30)
    yield opened
    opened.close()


@pytest.fixture
def host() -> Iterator["BackgroundHost"]:
    """A host of the tests' seed on its own loop thread, heartbeats every 5 s."""
    from net.host import HostConfig

    from .test_web_page import BackgroundHost
    started = BackgroundHost(HostConfig(seed=HOST_SEED, heartbeat=5.0))
    yield started
    started.stop()
