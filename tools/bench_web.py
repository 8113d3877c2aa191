"""Web seat benchmark (issue 24 "Measure"), over loopback on this machine.

1. Page weight: every file of the web seat page, uncompressed (goal <= 300 kB),
   and what Chromium actually loads for a seat (the page, its modules, one
   language's catalog and the editions' data).
2. Opening the link: from navigation start to the join form, and for a returning
   player (seat token stored) to the first game view drawn (goal < 1 s).
3. Ping round trips over WebSocket while 100 tables of 4 host-side hard bots
   think (goal: p99 < 20 ms), beside the same over TCP (tools/bench_net.py).
4. Host CPU per decision, WebSocket vs TCP: 100 tables of 4 remote seats deciding
   at random at once (tools/bench_net.py's lean clients, over either transport).
5. Screenshots of the phone page (390x844) mid-game in the four languages
   (docs/screenshots/web-phone-<lang>.png), with --screenshots.

    python3 tools/bench_web.py [--tables N] [--thinking-seconds S] [--loads N]
                               [--screenshots] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import re
import statistics
import sys
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import msgpack
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_net import (  # noqa: E402 - beside this file
    FINGERPRINT,
    LeanClient,
    Pinger,
    Player,
    Watcher,
    ping_while_bots_think,
    remote_latency,
)

from net import PROTOCOL_VERSION  # noqa: E402
from net.host.web import WEB_ROOT, catalog, editions  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "docs" / "screenshots"


class WebSocketClient(LeanClient):
    """A lean benchmark client over the host's WebSocket (websockets' Sans-I/O
    client in an asyncio protocol): the same messages, one per binary message."""

    ws: ClientProtocol

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        host, port = transport.get_extra_info("peername")[:2]
        self.ws = ClientProtocol(parse_uri(f"ws://{host}:{port}/ws"), max_size=1 << 22)
        self.ws.send_request(self.ws.connect())
        self._flush()

    def _flush(self) -> None:
        assert self.transport is not None
        for data in self.ws.data_to_send():
            if data and not self.transport.is_closing():
                self.transport.write(data)

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        self._flush()
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if event.status_code != 101:
                    self.finish(RuntimeError(f"WebSocket refused: {event.status_code}"))
                    return
                self.send({"type": "hello", "protocol": PROTOCOL_VERSION,
                           "fingerprint": FINGERPRINT})
                self.send(self.request)
            elif isinstance(event, Frame) and event.opcode is Opcode.BINARY:
                self.dispatch(msgpack.unpackb(event.data))

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_binary(msgpack.packb(message))
        self._flush()


class WsPlayer(WebSocketClient, Player):
    pass


class WsWatcher(WebSocketClient, Watcher):
    pass


class WsPinger(WebSocketClient, Pinger):
    pass


def _number(pattern: str, text: str) -> float:
    found = re.search(pattern, text)
    return float(found.group(1)) if found else float("nan")


# --- the page in Chromium --------------------------------------------------------------

def page_weight() -> dict[str, Any]:
    files = {str(p.relative_to(WEB_ROOT)): p.stat().st_size
             for p in sorted(WEB_ROOT.rglob("*")) if p.is_file()}
    return {"files": files, "files_total_bytes": sum(files.values()),
            "catalog_en_bytes": len(catalog("en")), "catalog_ru_bytes": len(catalog("ru")),
            "editions_bytes": len(editions())}


class BackgroundHost:
    """A host on an event loop thread of this process."""

    def __init__(self) -> None:
        from net.host import Host, HostConfig
        self.loop = asyncio.new_event_loop()
        self.host = Host(HostConfig(seed=7, heartbeat=2.0))
        self.port = self.loop.run_until_complete(self.host.start())
        threading.Thread(target=self.loop.run_forever, daemon=True).start()

    def call(self, function: Any) -> Any:
        async def run() -> Any:
            return function()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(10)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)


STEP = """
const mode = document.body.dataset.mode;
if (!["choose", "act", "tax", "build", "cover"].includes(mode)) return mode;
const confirm = document.getElementById("confirm");
if (confirm && !confirm.disabled) { confirm.click(); return mode; }
const picks = [...document.querySelectorAll("button.pick:not(:disabled)")];
if (picks.length) picks[Math.floor(Math.random() * picks.length)].click();
return mode;
"""


PICK = """
const picks = [...document.querySelectorAll("button.pick:not(:disabled)")];
if (picks.length) picks[0].click();
"""


def browser_figures(loads: int, screenshots: bool) -> dict[str, Any]:
    """Opening the link (fresh, and returning to a seat), what is loaded, and
    the screenshots."""
    from tests.browser import Browser, wait_for
    host = BackgroundHost()
    phone = Browser(390, 844)
    other = Browser(390, 844)
    try:
        table = host.call(lambda: host.host.create_table(3, [None, None, "easy"]))
        url = f"http://127.0.0.1:{host.port}/#code={table.code}"
        form_ms = []
        for _ in range(loads):
            phone.driver.get("about:blank")
            phone.driver.get(url)
            form_ms.append(wait_for(lambda: phone.js("return window.havana && "
                                                     "window.havana.state.timing.form"),
                                     "the join form"))
        loaded = phone.js("return performance.getEntriesByType('resource').map((e) => "
                          "[e.name, e.decodedBodySize]).concat([[location.href, "
                          "performance.getEntriesByType('navigation')[0].decodedBodySize]])")
        for browser, name in ((phone, "Ana"), (other, "Bea")):
            if browser is other:
                browser.driver.get(url)
                wait_for(partial(browser.js, "return !document.getElementById('join').hidden"),
                         "the second join form")
            browser.js("document.getElementById('name').value = arguments[0];"
                       "document.getElementById('join-button').click()", name)
            wait_for(partial(browser.js, "return window.havana.state.seat !== null"), "a seat")
        wait_for(lambda: host.call(lambda: sum(s.kind == "human" for s in table.seats)) == 2,
                 "two seated")
        wait_for(lambda: phone.js("return !!document.getElementById('start')"), "Start")
        phone.js("document.getElementById('start').click()")
        wait_for(lambda: host.call(lambda: table.game is not None), "the game")
        view_ms = []
        for _ in range(loads):
            phone.driver.get("about:blank")
            phone.driver.get(url)
            view_ms.append(wait_for(lambda: phone.js("return window.havana && "
                                                     "window.havana.state.timing.firstView"),
                                     "the first view"))
        shots = []
        if screenshots:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            languages = ["en", "fr", "pt", "ru"]
            version = 0
            while languages:
                mode = phone.js("return document.body.dataset.mode")
                other.js(STEP)
                version = host.call(lambda: table.game.state.version)
                if mode not in ("act", "build") or version < 14 + 4 * (4 - len(languages)):
                    phone.js(STEP)
                else:
                    language = languages.pop(0)
                    phone.js("const s = document.getElementById('language'); s.value = "
                             "arguments[0]; s.dispatchEvent(new Event('change'))", language)
                    wait_for(partial(phone.js, "return document.documentElement.lang === "
                                     "arguments[0]", language), "the language")
                    phone.js(PICK)  # something staged, as a player would
                    time.sleep(0.2)
                    path = SCREENSHOTS / f"web-phone-{language}.png"
                    phone.driver.save_screenshot(str(path))
                    shots.append(str(path.relative_to(ROOT)))
                if mode == "over":
                    break
                time.sleep(0.01)
    finally:
        phone.close()
        other.close()
        host.stop()
    return {"open_to_join_form_ms": {"median": round(statistics.median(form_ms), 1),
                                     "max": round(max(form_ms), 1), "loads": loads},
            "open_to_first_view_returning_ms": {"median": round(statistics.median(view_ms), 1),
                                                "max": round(max(view_ms), 1), "loads": loads},
            "loaded_by_the_page": {"requests": len(loaded),
                                   "bytes_uncompressed": sum(size for _, size in loaded)},
            "screenshots": shots}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--thinking-level", default="hard")
    parser.add_argument("--thinking-seconds", type=float, default=20.0)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--screenshots", action="store_true")
    parser.add_argument("--skip-net", action="store_true", help="only the page's figures")
    parser.add_argument("--skip-page", action="store_true", help="only the network figures")
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    figures: dict[str, Any] = {
        "command": "python3 tools/bench_web.py " + " ".join(sys.argv[1:]),
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": "shared: 2 cores with other engineers' builds and tests running; "
                   "loadavg says how busy it was",
        "loadavg_before": Path("/proc/loadavg").read_text().strip(),
    }
    figures["page_weight"] = page_weight()
    weight = figures["page_weight"]["files_total_bytes"]
    print(f"page weight: {weight} bytes in {len(figures['page_weight']['files'])} files "
          f"(goal <= 300 kB: {weight / 300_000:.2f} of it)", flush=True)
    if not args.skip_page:
        figures["browser"] = browser_figures(args.loads, args.screenshots)
        opened = figures["browser"]["open_to_first_view_returning_ms"]["median"]
        print(f"browser: {json.dumps(figures['browser'])}; link to first view "
              f"(goal < 1 s: {opened / 1000:.2f} of it)", flush=True)
    if not args.skip_net:
        import random
        for name, player in (("tcp", Player), ("websocket", WsPlayer)):
            line = remote_latency(args.tables, 1, random.Random(1), None, player)
            figures[f"remote_seats_{name}"] = {
                "tables": args.tables, "figures": line,
                "host_cpu_us_per_decision": _number(r"host CPU (\d+) us", line),
                "p99_ms": _number(r"p99 ([\d.]+) ms", line)}
            print(f"{args.tables} tables x 4 remote seats over {name}: {line}", flush=True)
        for name, pinger, watcher in (("tcp", Pinger, Watcher),
                                      ("websocket", WsPinger, WsWatcher)):
            line = ping_while_bots_think(args.tables, args.thinking_level,
                                         args.thinking_seconds, pinger, watcher)
            figures[f"pings_while_bots_think_{name}"] = {
                "tables": args.tables, "level": args.thinking_level, "figures": line,
                "p99_ms": _number(r"p99 ([\d.]+) ms", line)}
            print(f"pings over {name}, {args.tables} tables of {args.thinking_level} bots "
                  f"thinking (goal: p99 < 20 ms): {line}", flush=True)
    figures["loadavg_after"] = Path("/proc/loadavg").read_text().strip()
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")


if __name__ == "__main__":
    main()
