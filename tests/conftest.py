"""Shared test setup: no display or audio device is ever needed; every game a
test plays over the network is dealt from a fixed host seed (`seeds.HOST_SEED`),
and a failing test's report names it."""

import os

import pytest

from .seeds import HOST_SEED

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


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
