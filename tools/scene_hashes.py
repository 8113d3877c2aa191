"""The client's pixel baseline: every screen rendered offscreen at 1280x720 from
fixed seeds (`havana_game.client.shots.every_scene`), as SHA-256 hashes of the
pixels, with the versions of the libraries that drew them.

    python3 tools/scene_hashes.py             print the hashes
    python3 tools/scene_hashes.py --write     store them in tests/fixtures/scene_hashes.json
    python3 tools/scene_hashes.py --png DIR   also save each screen as DIR/NAME.png

`tests/test_client_pixels.py` renders the screens again and compares, where the
libraries' versions match the stored ones (text rendering differs between
SDL_ttf and FreeType builds). Regenerate with --write only for a change that is
meant to change what the screens show."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FIXTURE = ROOT / "tests" / "fixtures" / "scene_hashes.json"
SIZE = (1280, 720)


def versions() -> dict[str, str]:
    """What the pixels depend on besides the code: pygame, SDL, SDL_ttf, the platform."""
    import pygame
    return {"pygame": pygame.version.ver, "sdl": ".".join(map(str, pygame.get_sdl_version())),
            "sdl_ttf": ".".join(map(str, pygame.font.get_sdl_ttf_version())),
            "platform": sys.platform}


def scene_hashes(png_dir: Path | None = None) -> dict[str, str]:
    """Each screen's pixel hash, rendered with an empty profile in a temporary folder."""
    import pygame

    from havana_game.client.shots import every_scene
    hashes = {}
    with tempfile.TemporaryDirectory() as config:
        os.environ["HAVANA_CONFIG_DIR"] = config
        for name, surface in every_scene(SIZE):
            hashes[name] = hashlib.sha256(pygame.image.tobytes(surface, "RGB")).hexdigest()
            if png_dir is not None:
                pygame.image.save(surface, str(png_dir / f"{name}.png"))
    return hashes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help=f"store in {FIXTURE.name}")
    parser.add_argument("--png", type=Path, help="also save each screen in this folder")
    args = parser.parse_args()
    if args.png:
        args.png.mkdir(parents=True, exist_ok=True)
    document = {"size": list(SIZE), "versions": versions(),
                "hashes": scene_hashes(args.png)}
    text = json.dumps(document, indent=1, sort_keys=True) + "\n"
    if args.write:
        FIXTURE.write_text(text)
    print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
