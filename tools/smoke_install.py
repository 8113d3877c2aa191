"""Smoke test of an installed Havana, run by the Python of the environment it is
installed in (`tools/package.py` runs it after each install, outside the checkout).

    ENV/bin/python tools/smoke_install.py --engine compiled --baseline FILE [--game]

Checks, each one line of output:
- `havana --version` answers and names the expected rules engine;
- the game runs from the installed files, not from a checkout;
- the fonts load from inside the installed package;
- the menu, drawn offscreen, has exactly the pixels of the repository's baseline
  (the same fonts, data and code; skipped with a line where pygame or SDL differ
  from the ones that drew the baseline, as the pixel test does);
- with --game: `havana host` serves its web page, and a whole game is played on it
  against the hard bot (the host's bot thinks on the AI worker pool) by
  `havana bot-client`, both started as the installed commands.

Standard library and the installed game only; exit 1 with what failed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

GAME_TIMEOUT = 600.0
"""Seconds a game against the hard bot may take (it thinks up to 1 s a decision;
about 40 s here)."""


def check(ok: bool, what: str) -> None:
    """One line: what was checked; a failure ends the smoke test."""
    print(f"  {'ok' if ok else 'FAILED'}: {what}", flush=True)
    if not ok:
        raise SystemExit(1)


def command(name: str) -> str:
    """The installed command `name`, beside this Python (venvs, pipx and uv alike)."""
    folder = Path(sys.executable).parent
    for candidate in (folder / name, folder / f"{name}.exe"):
        if candidate.exists():
            return str(candidate)
    raise SystemExit(f"no `{name}` command beside {sys.executable}")


def version(expected_engine: str) -> None:
    done = subprocess.run([command("havana"), "--version"], capture_output=True, text=True,
                          timeout=60)
    line = done.stdout.strip()
    check(done.returncode == 0 and f"(rules engine: {expected_engine})" in line,
          f"havana --version: {line or done.stderr.strip()[-300:]}")


def installed_files(checkout: Path) -> None:
    import havana_game

    where = Path(havana_game.__file__).resolve()
    check(checkout not in where.parents, f"the game runs from {where.parent}")


def fonts() -> None:
    import pygame

    from havana_game.client.ui import fonts as font_files

    pygame.init()
    data = [font_files._font_file(bold) for bold in (False, True)]
    check(all(data), "the DejaVu fonts load from the installed package")


def menu_pixels(baseline: Path) -> None:
    """The menu's pixel hash against the baseline `tools/scene_hashes.py` stored."""
    import pygame

    from havana_game.client.shots import every_scene

    stored = json.loads(baseline.read_text("utf-8"))
    here = {"pygame": pygame.version.ver, "sdl": ".".join(map(str, pygame.get_sdl_version())),
            "sdl_ttf": ".".join(map(str, pygame.font.get_sdl_ttf_version())),
            "platform": sys.platform}
    if here != stored["versions"]:
        print(f"  skipped: the menu's pixels (baseline drawn with {stored['versions']}, "
              f"here {here})")
        return
    with tempfile.TemporaryDirectory() as config:
        os.environ["HAVANA_CONFIG_DIR"] = config
        name, surface = next(every_scene(tuple(stored["size"])))
        digest = hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()
    check(name == "menu" and digest == stored["hashes"]["menu"],
          "the menu draws the baseline's pixels")


def game_against_hard() -> None:
    """A host with the hard bot on seat 1, its web page fetched, then a whole game
    played on seat 0 by an easy bot-client."""
    host = subprocess.Popen(
        [command("havana"), "host", "--players", "2", "--bots", "hard", "--autostart",
         "--exit-when-done", "--json", "--seed", "5"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert host.stdout is not None
        line = host.stdout.readline()
        check(line.startswith("{"), f"havana host --json: {line.strip()[:200]}")
        table = json.loads(line)
        with urllib.request.urlopen(f"http://127.0.0.1:{table['port']}/", timeout=10) as page:
            html = page.read().decode("utf-8")
            headers = page.headers
        check("<!doctype html>" in html.lower() and "Content-Security-Policy" in headers,
              f"the host serves its web page ({len(html)} bytes, with its CSP)")
        started = time.monotonic()
        done = subprocess.run(
            [command("havana"), "bot-client", f"127.0.0.1:{table['port']}", "--code",
             table["code"], "--level", "easy", "--json"],
            capture_output=True, text=True, timeout=GAME_TIMEOUT)
        result = json.loads(done.stdout.strip().splitlines()[-1]) if done.stdout.strip() else {}
        check(result.get("finished") is True,
              f"a whole game against the hard bot, {result.get('decisions')} decisions of "
              f"ours, in {time.monotonic() - started:.0f} s {done.stderr.strip()[-300:]}")
        check(host.wait(timeout=30) == 0, "the host exits once the game is over")
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", choices=("compiled", "pure Python"), required=True)
    parser.add_argument("--baseline", type=Path, required=True,
                        help="tests/fixtures/scene_hashes.json of the checkout")
    parser.add_argument("--game", action="store_true",
                        help="also the host's page and a game against the hard bot")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    profile = tempfile.TemporaryDirectory()  # the player's own folder stays untouched
    os.environ["HAVANA_CONFIG_DIR"] = profile.name
    version(args.engine)
    installed_files(args.baseline.resolve().parents[2])
    fonts()
    menu_pixels(args.baseline)
    if args.game:
        game_against_hard()
    profile.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
