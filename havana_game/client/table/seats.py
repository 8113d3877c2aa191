"""The seat panels: each player's name, badges and turn, face-up and face-down
cards, materials, VP and buildings, in a panel tall or short."""

from __future__ import annotations

import pygame

from ...rules import View
from ..ui import art, fonts, tokens
from ..ui.buildings import name_fits
from ..ui.cards import card_back
from ..ui.i18n import tr, tr_name
from .canvas import Canvas, building_face, building_tooltip, card_face, card_tooltip, draw_label
from .edition import building, materials
from .edition import card as printed_card
from .logtext import building_name
from .targets import FaceUpCard

TALL_SEAT = 180
"""Design height from which an opponent's panel shows its buildings as cards, like
the seat at the screen."""


def draw_seat(surface: pygame.Surface, canvas: Canvas, view: View, seat: int, name: str,
              own: bool, show_face_down: bool, badge: str | None = None) -> None:
    """A player's panel: name, number, face-up cards (and a back on each
    face-down one), materials, pesos, workers, hand and discard sizes, VP with
    progress to the goal, built buildings. The seat at the screen (`own`) sees
    its face-up cards' effects; `badge` tags a bot or an absent player."""
    rect = canvas.layout.seats[seat]
    info = view["seats"][seat]
    active = view["active"] == seat and view["phase"] in ("actions", "cover")
    big = own or rect.h >= canvas.px(TALL_SEAT)
    surface.blit(art.panel(rect.size, active), rect)
    pad = canvas.px(7)
    most = rect.h - pad - pad // 2 - 3 * _resource_rows(canvas, big)[1]
    below = _seat_header(surface, canvas, view, seat, name, active, most, badge)
    header = max(canvas.px(26), below - rect.top - canvas.px(2))
    # (the lines of the name above, however large the text or long the name)
    cards_w = int(rect.w * (0.36 if big else 0.34))
    card_w = (cards_w - pad) // 2
    card_h = min(int(card_w * 1.45), rect.h - header - 2 * pad)
    card_w = int(card_h / 1.45)
    top = rect.top + header + pad // 2
    _draw_face_up(surface, canvas, view, seat, pygame.Rect(rect.left + pad, top, card_w, card_h),
                  own, show_face_down)
    block = pygame.Rect(rect.left + pad * 2 + 2 * card_w + pad, top,
                        rect.right - (rect.left + pad * 3 + 2 * card_w + pad), card_h)
    _draw_resources(surface, canvas, view, seat, block, big)
    if big:
        strip = pygame.Rect(rect.left + pad, top + card_h + pad, rect.w - 2 * pad,
                            rect.bottom - (top + card_h + pad) - pad)
        _draw_built_cards(surface, canvas, info["built"], strip)


NAME_TEXT = 15
"""Design size of the name atop a seat's panel; a long one is set smaller (down to
`fonts.SHRINK_BEFORE_WRAP` of it), then wraps onto more lines, the header growing."""


def _seat_header(surface: pygame.Surface, canvas: Canvas, view: View, seat: int, name: str,
                 active: bool, most: int, tag: str | None = None) -> int:
    """The panel's color mark, the name ("Name · Your turn"; its lines leave the
    rows below them room: the header takes `most` pixels at the most), the seat's
    badge (a bot, an absent player), the number and the protection shield; returns
    the y below the name's lines."""
    rect = canvas.layout.seats[seat]
    info = view["seats"][seat]
    pad, px = canvas.px(7), canvas.px
    pygame.draw.rect(surface, art.SEAT_COLORS[seat], (rect.left + pad, rect.top + pad,
                                                      px(6), px(26) - pad))
    right = rect.right - pad
    if info["number"] is not None:
        badge = draw_label(surface, f"{info['number']:02d}", px(17),
                           (right, rect.top + pad - px(3)), art.ACCENT, True, "topright")
        right = badge.left - px(8)
        if info["protected"]:
            shield = pygame.Rect(badge.left - px(22), badge.top, px(18), px(20))
            _shield(surface, pygame.Rect(shield.left, shield.top + px(2), px(16), px(18)))
            canvas.hovers.append((shield, tr("protected")))
            right = shield.left - px(6)
    left = rect.left + pad + px(12)
    size = px(NAME_TEXT)
    if tag:
        named = fonts.text(name, size, art.TEXT_LIGHT, True).get_width()
        room = max((right - left) // 2, right - left - named - px(10))
        right = _badge(surface, canvas, tag, right, rect.top + pad - px(1), room).left - px(6)
    text = name
    if active and view.get("you") == seat:
        key = "seat.turn" if canvas.watching is None else "seat.turn_watched"
        text = tr(key, name=name)
    title = fonts.fit_lines(text, size, int(size * fonts.SHRINK_BEFORE_WRAP), right - left, True)
    room = most - pad + px(4)  # (the lines' height that makes the header `most` high)
    if title.height > room:  # (smaller still, as few lines as the panel has room for)
        title = fonts.fit_block(text, size, fonts.readable(px(9)), right - left, room, True)
    top = rect.top + pad - px(2)
    for i, line in enumerate(title.lines):
        draw_label(surface, line, title.size, (left, top + i * title.step),
                   art.ACCENT if active else art.TEXT_LIGHT, True)
    return top + title.height - title.step + fonts.font(title.size, True).get_height()


def _badge(surface: pygame.Surface, canvas: Canvas, text: str, right: int, top: int,
           room: int) -> pygame.Rect:
    """A seat's tag as a pill ending at `right` within `room` pixels (set smaller
    if need be, whole); returns the pill's rect."""
    px = canvas.px
    room = max(room - px(12), px(20))
    size = fonts.fit_size(text, px(12), room, 1, True)
    label = fonts.text(text, size, art.INK, True)
    pill = label.get_rect(topright=(right - px(6), top + px(2))).inflate(px(12), px(4))
    pygame.draw.rect(surface, art.BADGE, pill, border_radius=pill.h // 2)
    surface.blit(label, label.get_rect(center=pill.center))
    return pill


def _shield(surface: pygame.Surface, r: pygame.Rect) -> None:
    points = [r.topleft, r.topright, (r.right, r.centery), r.midbottom, (r.left, r.centery)]
    pygame.draw.polygon(surface, (110, 130, 200), points)
    pygame.draw.polygon(surface, (230, 235, 255), points, 1)


def _draw_face_up(surface: pygame.Surface, canvas: Canvas, view: View, seat: int,
                  first: pygame.Rect, detail: bool, show_face_down: bool) -> None:
    info = view["seats"][seat]
    size = first.size
    slots = [first, first.move(first.w + canvas.px(6), 0)]
    cards: list[int | None] = list(info["face_up"]) or [None, None]
    for i, (slot, card) in enumerate(zip(slots, cards, strict=False)):
        flip = canvas.animator.flips.get(f"reveal:{seat}:{i}")
        if card is None:
            pygame.draw.rect(surface, (30, 44, 40), slot, border_radius=canvas.px(5))
            pygame.draw.rect(surface, art.PANEL_EDGE, slot, 1, border_radius=canvas.px(5))
        elif flip is not None and flip.progress < 0.5:
            _squeezed(surface, card_back(size), slot, 1 - 2 * flip.progress)
        else:
            face = card_face(card, size, detail=detail)
            if flip is not None:
                _squeezed(surface, face, slot, 2 * flip.progress - 1)
            else:
                surface.blit(face, slot)
            canvas.hovers.append((slot, card_tooltip(card)))
            if view.get("you") == seat:  # (an opponent's may be the same card, by number)
                canvas.targets[FaceUpCard(card)] = slot
            if info["covered"] == card:
                pygame.draw.rect(surface, art.ACCENT, slot, canvas.px(2),
                                 border_radius=canvas.px(5))
    face_down = view.get("face_down") if view.get("you") == seat else None
    if info["has_face_down"]:
        covered_slots = slots if not info["face_up"] else \
            [slots[info["face_up"].index(info["covered"])]] if info["covered"] in info["face_up"] \
            else slots[:1]
        for i, slot in enumerate(covered_slots):
            spot = _lying_on(slot) if info["face_up"] else slot
            surface.blit(card_back(spot.size), spot)
            if show_face_down and face_down and i < len(face_down):
                secret = face_down[i]
                tag = fonts.text(f"{printed_card(secret).number}", canvas.px(16), art.ACCENT, True)
                surface.blit(tag, tag.get_rect(center=spot.center))
                canvas.secrets.add(("face_down", seat, secret))
                canvas.hovers.append((spot, card_tooltip(secret)))


COVERING = 0.8
"""A face-down card lying on a face-up one is this share of its size."""


def _lying_on(slot: pygame.Rect) -> pygame.Rect:
    """Where a face-down card lies on the face-up card in `slot`: inside that
    slot, at its bottom right (the covered card's number still shows), so that it
    covers neither the other card nor the counters beside them."""
    spot = pygame.Rect(0, 0, round(slot.w * COVERING), round(slot.h * COVERING))
    spot.bottomright = slot.bottomright
    return spot


def _squeezed(surface: pygame.Surface, image: pygame.Surface, slot: pygame.Rect,
              share: float) -> None:
    """`image` scaled horizontally to `share` of its width (a card mid-flip)."""
    width = max(1, int(slot.w * share))
    scaled = pygame.transform.scale(image, (width, slot.h))
    surface.blit(scaled, scaled.get_rect(center=slot.center))


def _resource_rows(canvas: Canvas, big: bool) -> tuple[int, int]:
    """The icon size and the line height of a panel's three rows of counters
    (materials; pesos, workers and cards; VP)."""
    icon = canvas.px(20 if big else 17)
    return icon, icon + canvas.px(6 if big else 3)


def _draw_resources(surface: pygame.Surface, canvas: Canvas, view: View, seat: int,
                    block: pygame.Rect, big: bool) -> None:
    info = view["seats"][seat]
    icon, line = _resource_rows(canvas, big)
    size = canvas.px(14 if big else 13)
    step = block.w // 5
    y = block.top
    for i, m in enumerate(materials()):
        x = block.left + i * step
        count = info["materials"][m]
        image = tokens.material(m, icon, canvas.letters)
        if not count:
            image = image.copy()
            image.set_alpha(70)
        surface.blit(image, (x, y))
        room = step - icon - canvas.px(4)  # up to the next icon, however large the text
        draw_label(surface, str(count), fonts.fit_size(str(count), size, room, 1, True),
                   (x + icon + canvas.px(2), y + icon // 2),
                   art.TEXT_LIGHT if count else art.TEXT_DIM, True, "midleft")
        tip = tr("hover.count", what=tr_name("material", material=m), count=count)
        canvas.hovers.append((pygame.Rect(x, y, step, icon), tip))
    y += line
    small: list[tuple[pygame.Surface | None, int, str]] = [
             (tokens.coin(icon), info["pesos"], tr("pesos")),
             (tokens.worker(icon), info["workers"], tr("workers")),
             (card_back((int(icon * 0.7), icon)), info["hand_size"],
              tr("hand_size", n=info["hand_size"])),
             (None, info["discard_size"], tr("discard", n=info["discard_size"]))]
    for i, (picture, count, tip) in enumerate(small):
        x = block.left + i * (block.w // 4)
        if picture is None:
            pile = pygame.Rect(x, y + icon // 8, int(icon * 0.7), int(icon * 0.85))
            pygame.draw.rect(surface, (90, 90, 85), pile, border_radius=canvas.px(2))
            pygame.draw.rect(surface, art.PAPER, pile, 1, border_radius=canvas.px(2))
        else:
            surface.blit(picture, (x, y))
        room = block.w // 4 - icon - canvas.px(5)
        draw_label(surface, str(count), fonts.fit_size(str(count), size, room, 1, True),
                   (x + icon + canvas.px(3), y + icon // 2),
                   art.TEXT_LIGHT, True, "midleft")
        canvas.hovers.append((pygame.Rect(x, y, block.w // 4, icon), tip))
    y += line
    vp = canvas.animator.value(f"vp:{seat}", info["vp"])
    target = view["target_vp"]
    surface.blit(tokens.star(icon), (block.left, y))
    label = draw_label(surface, f"{vp}/{target}", size,
                       (block.left + icon + canvas.px(3), y + icon // 2), art.ACCENT, True,
                       "midleft")
    bar = pygame.Rect(label.right + canvas.px(6), y + icon // 3, 0, max(3, icon // 3))
    room = block.right - bar.left - canvas.px(4)
    bar.w = max(canvas.px(10), room if big else min(room, block.w // 3))
    pygame.draw.rect(surface, (25, 35, 30), bar, border_radius=bar.h // 2)
    filled = bar.copy()
    filled.w = int(bar.w * min(1.0, vp / target))
    if filled.w:
        pygame.draw.rect(surface, art.ACCENT, filled, border_radius=bar.h // 2)
    canvas.hovers.append((pygame.Rect(block.left, y, block.w, icon),
                          tr("hover.vp", vp=vp, target=target)))
    if not big:
        left = bar.right + canvas.px(6)
        _draw_built_chips(surface, canvas, info["built"],
                          pygame.Rect(left, y, block.right - left, icon))


def _draw_built_chips(surface: pygame.Surface, canvas: Canvas, built: list[str],
                      area: pygame.Rect) -> None:
    """Buildings as VP tiles as high as `area`, shrinking so that all of them fit."""
    if area.h <= 0 or not built:
        return
    gap = canvas.px(3)
    chip = max(1, min(area.h, (area.w + gap) // len(built) - gap))
    for i, ident in enumerate(built):
        r = pygame.Rect(area.left + i * (chip + gap), area.top, chip, chip)
        pygame.draw.rect(surface, (230, 215, 180), r, border_radius=canvas.px(3))
        pygame.draw.rect(surface, art.INK, r, 1, border_radius=canvas.px(3))
        draw_label(surface, str(building(ident).vp), canvas.px(12), r.center, art.INK, True,
                   "center")
        canvas.hovers.append((r, building_tooltip(ident)))


def _draw_built_cards(surface: pygame.Surface, canvas: Canvas, built: list[str],
                      strip: pygame.Rect) -> None:
    """The seat's own buildings as small cards in a row; when they would cover
    each other's names, in two rows of smaller cards, overlapping only as much as
    they still must; where cards that small have no room for a name, as the VP
    tiles of a short panel (each name on hover)."""
    if strip.h < canvas.px(20):
        return
    draw_label(surface, tr("built"), canvas.px(12), strip.topleft, art.TEXT_DIM, True)
    below = max(canvas.px(16), fonts.line_step(canvas.px(12), 1.25))  # under the label
    gap = canvas.px(4)
    room = strip.h - below
    for rows in (1, 2):
        h = min((room - gap * (rows - 1)) // rows, canvas.px(BUILT_CARD_H))
        w = int(h / 1.39)
        per_row = -(-len(built) // rows)
        step = min(w + gap, (strip.w - w) // max(1, per_row - 1)) if built else w
        if step >= w * 4 // 5:  # names still readable
            break
    if not all(name_fits(building_name(ident), building(ident).cost, (w, h)) for ident in built):
        tiles = min(room, max(canvas.px(CHIP), fonts.line_step(canvas.px(12), 1.6)))
        _draw_built_chips(surface, canvas, built, pygame.Rect(strip.left, strip.top + below,
                                                              strip.w, tiles))
        return
    for i, ident in enumerate(built):
        row, column = divmod(i, per_row)
        r = pygame.Rect(strip.left + column * step, strip.top + below + row * (h + gap), w, h)
        surface.blit(building_face(ident, (w, h), canvas.letters), r)
        canvas.hovers.append((r, building_tooltip(ident)))


BUILT_CARD_H = 110
"""Design height of a built building's card at the most (in a tall panel)."""
CHIP = 24
"""Design side of a VP tile standing for a building in a tall panel whose cards
would be too small for its name (its number's text grows it)."""
