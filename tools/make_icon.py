"""Draw the game's emblem, havana_game/assets/icon.png (committed), with pygame; and
build the app icons from it: a Windows .ico and a macOS .icns.

    python tools/make_icon.py                  redraw havana_game/assets/icon.png
    python tools/make_icon.py --ico FILE.ico   the .ico from icon.png (tools/havana.spec's)
    python tools/make_icon.py --icns FILE.icns the .icns from icon.png

The emblem: a Havana facade, a yellow colonial house with an arcade of three arches
and a red-tiled cornice, on the table's green felt in a gold frame. Both icon
formats hold PNG images (Windows Vista and later, macOS 10.7 and later read them),
so no imaging library beyond pygame is needed.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402 - after the environment that keeps it quiet

ROOT = Path(__file__).resolve().parent.parent
ICON = ROOT / "havana_game" / "assets" / "icon.png"
SIZE = 256
"""The PNG's side in pixels (the largest an .ico holds)."""
SUPERSAMPLE = 4
"""Drawn this many times larger, then scaled down: smooth edges without anti-aliased
primitives."""

FELT = (40, 58, 52)  # the palette's "panel" (havana_game/data/presentation.json)
GOLD = (226, 178, 58)
WALL = (236, 200, 70)  # the yellow material
WALL_SHADE = (196, 158, 48)
ROOF = (196, 64, 52)  # the red material
ARCH = (70, 46, 30)
SKY = (150, 190, 215)  # the palette's "badge"
INK = (35, 28, 22)


def draw(size: int = SIZE) -> pygame.Surface:
    """The emblem, `size` pixels square, on a transparent background."""
    big = size * SUPERSAMPLE
    s = big / 256  # the design is in 256ths
    surf = pygame.Surface((big, big), pygame.SRCALPHA)

    def box(x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(round(x * s), round(y * s), round(w * s), round(h * s))

    # The tile: gold frame, green felt, a pale sky behind the house.
    pygame.draw.rect(surf, GOLD, box(8, 8, 240, 240), border_radius=round(44 * s))
    pygame.draw.rect(surf, FELT, box(18, 18, 220, 220), border_radius=round(36 * s))
    pygame.draw.circle(surf, SKY, (round(128 * s), round(120 * s)), round(84 * s))
    # The house: walls, cornice, roof tiles, and a small round window up top.
    pygame.draw.rect(surf, WALL, box(50, 92, 156, 114))
    pygame.draw.rect(surf, WALL_SHADE, box(50, 190, 156, 16))
    pygame.draw.rect(surf, ROOF, box(40, 74, 176, 22), border_radius=round(4 * s))
    pygame.draw.polygon(surf, ROOF, [(round(x * s), round(y * s)) for x, y in
                                     ((84, 76), (128, 44), (172, 76))])
    pygame.draw.circle(surf, WALL, (round(128 * s), round(64 * s)), round(11 * s))
    pygame.draw.circle(surf, ARCH, (round(128 * s), round(64 * s)), round(6 * s))
    for x in (62, 110, 158):  # the arcade: three arches, dark doorways
        pygame.draw.rect(surf, ARCH, box(x, 134, 36, 56))
        pygame.draw.circle(surf, ARCH, (round((x + 18) * s), round(134 * s)), round(18 * s))
    for x in (56, 104, 152, 200):  # pillars' capitals between the arches
        pygame.draw.rect(surf, WALL_SHADE, box(x - 2, 112, 6, 8))
    # The ground: a line of ink under the house.
    pygame.draw.rect(surf, INK, box(36, 204, 184, 8), border_radius=round(4 * s))
    return pygame.transform.smoothscale(surf, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    out = io.BytesIO()
    pygame.image.save(surface, out, "icon.png")
    return out.getvalue()


def scaled(source: pygame.Surface, side: int) -> bytes:
    """`source` scaled to `side` pixels square, as PNG bytes."""
    return png_bytes(pygame.transform.smoothscale(source, (side, side)))


def ico(source: pygame.Surface) -> bytes:
    """A Windows icon holding `source` at 16 to 256 pixels, each a PNG."""
    sides = (16, 24, 32, 48, 64, 128, 256)
    images = [scaled(source, side) for side in sides]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for side, image in zip(sides, images, strict=True):
        entries += struct.pack("<BBBBHHII", side % 256, side % 256, 0, 0, 1, 32,
                               len(image), offset + len(data))
        data += image
    return header + entries + data


def icns(source: pygame.Surface) -> bytes:
    """A macOS icon holding `source` at 16 to 256 pixels, each a PNG."""
    kinds = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256))
    body = b""
    for kind, side in kinds:
        image = scaled(source, side)
        body += kind + struct.pack(">I", 8 + len(image)) + image
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ico", type=Path, help="write a Windows .ico made from icon.png")
    parser.add_argument("--icns", type=Path, help="write a macOS .icns made from icon.png")
    args = parser.parse_args(argv)
    if not args.ico and not args.icns:
        ICON.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(draw(), str(ICON))
        print(f"wrote {ICON.relative_to(ROOT)}")
        return 0
    source = pygame.image.load(str(ICON))
    for path, make in ((args.ico, ico), (args.icns, icns)):
        if path:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(make(source))
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
