"""Screenshots of the web seat page at 390x844 (a phone) of every view: each
question of both editions (with what a picked card asks), the join form, the
lobby, waiting, a building's explanation and the end, in en, fr, pt and ru, as
small JPEGs in docs/screenshots/phone/<edition>-<view>-<lang>.jpg; and what
axe-core (tests/web/vendor/axe-core) finds on each view, by impact, in
docs/screenshots/phone/axe.json. The views are reached for real
(tests/web_views.py: a host, the phone at seat 0, the other seats played here).

    python3 tools/phone_screenshots.py [--quality 45] [--languages en,fr,pt,ru]
"""

from __future__ import annotations

import argparse
import base64
import importlib
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from net.host import HostConfig  # noqa: E402
from tests import browser  # noqa: E402

# The tests' helpers, loaded when the tool runs (mypy checks the tools, not the tests).
a11y: Any = importlib.import_module("tests.test_web_a11y")
web_views: Any = importlib.import_module("tests.web_views")

OUT = ROOT / "docs" / "screenshots" / "phone"
SIZE = (390, 844)


def set_language(phone: browser.Browser, language: str) -> None:
    phone.js("const s = document.getElementById('language'); s.value = arguments[0];"
             "s.dispatchEvent(new Event('change'))", language)
    end = 200
    while phone.js("return document.documentElement.lang") != language and end:
        phone.js("return 0")
        end -= 1


def shoot(phone: browser.Browser, path: Path, quality: int) -> int:
    """The screen (from the top of the page, or the open dialog) as a JPEG; its size."""
    phone.js("window.scrollTo(0, 0)")
    shot = phone.driver.execute_cdp_cmd("Page.captureScreenshot",
                                        {"format": "jpeg", "quality": quality})
    data = base64.b64decode(shot["data"])
    path.write_bytes(data)
    return len(data)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quality", type=int, default=45)
    parser.add_argument("--languages", default="en,fr,pt,ru")
    args = parser.parse_args()
    languages = args.languages.split(",")
    OUT.mkdir(parents=True, exist_ok=True)
    host = a11y.BackgroundHost(HostConfig(seed=20261124, heartbeat=5.0))
    phone = browser.Browser(*SIZE)
    phone.driver.set_script_timeout(30)
    phone.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": SIZE[0], "height": SIZE[1], "deviceScaleFactor": 1, "mobile": False})
    results: dict[str, Any] = {}
    total = 0
    try:
        for edition in web_views.KINDS:
            def look(view: str, edition: str = edition) -> None:
                nonlocal total
                set_language(phone, "en")
                found = a11y.axe(phone)
                results[f"{edition}/{view}"] = {
                    "violations": dict(Counter(v[1] for v in found)),
                    "rules": sorted({f"{v[0]} ({v[1]})" for v in found})}
                for language in languages:
                    set_language(phone, language)
                    if view == "details":  # the dialog's words, again in this language
                        phone.js("document.querySelector('#rows .bld.middle').click()")
                    name = f"{edition}-{view.replace(':', '-')}-{language}.jpg"
                    total += shoot(phone, OUT / name, args.quality)
                set_language(phone, "en")
                print(f"{edition} {view}: axe {results[f'{edition}/{view}']}", flush=True)
            web_views.visit_all(host, phone, edition, look)
    finally:
        phone.close()
        host.stop()
    (OUT / "axe.json").write_text(json.dumps(
        {"axe_core": "4.14.1", "viewport": list(SIZE), "views": results}, indent=1) + "\n")
    print(f"{len(results)} views x {len(languages)} languages: {total} bytes of JPEG in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
