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
