"""Headless Chromium for the web seat page's tests (Debian's `chromium` and
`chromium-driver`, driven by Selenium; nothing is downloaded)."""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
INSTALL_HINT = ("browser tests skipped: no Chromium (install it with: "
                "sudo apt-get install chromium chromium-driver)")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--mute-audio")


def available() -> bool:
    """Chromium, its driver and Selenium are all installed."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return False
    return CHROMIUM.exists() and CHROMEDRIVER.exists()


class Browser:
    """One headless Chromium with a fresh profile (its own localStorage)."""

    def __init__(self, width: int = 390, height: int = 844) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.mkdtemp(prefix="havana-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = str(CHROMIUM)
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.profile}")
        options.add_argument(f"--window-size={width},{height}")
        self.driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
        self.driver.set_window_size(width, height)

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


def wait_for(condition: Callable[[], Any], what: str, timeout: float = 20.0) -> Any:
    """`condition()`'s first true value, looked at every 20 ms; an AssertionError
    naming `what` after `timeout` seconds (a safety net: the condition ends the wait)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        result = condition()
        if result:
            return result
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")
