"""Drawing the table's parts from a seat view: top bar, building rows, market,
seat panels, the hand and the log. Pure drawing: no input, no state changes,
except that hover regions (for tooltips and clicks) and every face-up drawing
of a secret card are recorded in the `Canvas`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ...rules import Ruleset, View
from ...rules import can_afford as rules_can_afford
from ..ui import art, fonts
from ..ui.i18n import tr
from ..ui.tween import Animator
from .edition import building, costs, materials, rules
from .edition import card as printed_card
from .layout import TableLayout
from .logtext import amounts_text, building_name
from .targets import DiscardCard, FaceUpCard, HandCard, RowEnd, Side, Target

CAPTIONS = {"pesos": "caption.pesos", "workers": "caption.bank", "bag": "caption.bag",
            "pile": "caption.pile"}
EMPTY_SHADE = (140, 140, 140)
"""A market slot with none left shows its icon multiplied by this: darker, same hue."""


@dataclass
class Canvas:
    """What one frame of the table drew: hover regions and secrets shown."""

    layout: TableLayout
    animator: Animator
    letters: bool = False
    hovers: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    """(rect, tooltip text), topmost last."""
    targets: dict[Target, pygame.Rect] = field(default_factory=dict)
    """Clickable things drawn this frame (hand cards, face-up cards, row ends)."""
    secrets: set[tuple[str, int, int]] = field(default_factory=set)
    """("hand" | "face_down", seat, card) drawn face up this frame."""
    watching: str | None = None
    """The name of the player whose chair is watched (a replay), else None: the
    view's seat is the player at the screen ("Your hand", "Your turn")."""

    def px(self, value: float) -> int:
        return self.layout.px(value)


def building_tooltip(ident: str, affordable: bool | None = None,
                     middle: bool = False) -> str:
    """A building's name, VP and cost; whether the seat can pay for it (a row's
    end), or that only a row's ends can be built (`middle`)."""
    b = building(ident)
    cost = amounts_text(dict(zip(costs(), b.cost, strict=True)))
    lines = [tr("tooltip.building", building=building_name(ident), vp=b.vp),
             tr("tooltip.cost", cost=cost)]
    if affordable is not None:
        lines.append(tr("can_afford" if affordable else "cannot_afford"))
    if middle:
        lines.append(tr("tooltip.middle"))
    if b.architect:
        lines.append(tr("architect"))
    return "\n".join(lines)


def card_tooltip(index: int) -> str:
    printed = printed_card(index)
    title = tr("tooltip.card", card=tr(f"card.{printed.name}"), number=printed.number)
    return f"{title}\n{tr('effect.' + printed.name)}"


def building_face(ident: str, size: tuple[int, int], letters: bool) -> pygame.Surface:
    """A building card with its name in the current language."""
    b = building(ident)
    return art.building_card(b.id, building_name(ident), b.vp, b.architect, b.cost, size, letters,
                             costs())


def card_face(index: int, size: tuple[int, int], detail: bool = True,
              strip: int | None = None, ruleset: Ruleset | None = None) -> pygame.Surface:
    """Action card `index` of `ruleset` (the table's edition by default) in the
    current language (`art.action_card`)."""
    ruleset = ruleset or rules()
    c = ruleset.cards[index]
    return art.action_card(index, c.key, c.number, size, tr(f"card.{c.name}"),
                           tr(f"effect.{c.name}") if detail else None, strip,
                           ruleset.names.materials)


def can_afford(view: View, ident: str) -> bool:
    """The seat at the screen could pay for this building now (with 5-for-1)."""
    you = view.get("you")
    if you is None:
        return False
    seat = view["seats"][you]
    res = [seat["materials"][m] for m in materials()] + [seat["pesos"], seat["workers"]]
    return rules_can_afford(rules(), building(ident), res, seat["face_up"])


def _label(surface: pygame.Surface, text: str, size: int, pos: tuple[int, int],
           color: art.Color = art.TEXT_LIGHT, bold: bool = False, anchor: str = "topleft") -> \
        pygame.Rect:
    image = fonts.text(text, size, color, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


@dataclass
class Placed:
    """A text placed on the table: what it says, its font size, where it goes."""

    text: str
    size: int
    rect: pygame.Rect
    tip: str = ""
    """The whole text, when `text` is shortened."""


TOP_TEXT, CHIP_TEXT, CHIP_FLOOR = 15, 13, 10
"""Design sizes of the top bar's title and goal, of the turn-order chips, and the
smallest the chips shrink to before their names are shortened."""


def top_bar(layout: TableLayout, view: View, names: list[str], buttons: int = 1) -> \
        tuple[Placed, list[Placed], Placed]:
    """The top bar's parts: the round and phase at the left, the goal before the
    bar's `buttons` buttons (Menu, Hint), and between them the round's turn-order
    chips, which shrink (down to `CHIP_FLOOR`) and then shorten their names until
    they all fit."""
    rect, px = layout.top, layout.px
    phase = tr(f"phase.{view['phase']}")
    text = tr("round_phase", n=view["round"], phase=phase) if view["round"] else phase
    room = px(380)
    size = fonts.fit_size(text, px(TOP_TEXT), room, 1, True)
    title = _placed(fonts.fit(text, size, room, True), size, "midleft",
                    (rect.left + px(12), rect.centery))
    goal = _placed(tr("target", vp=view["target_vp"]), px(TOP_TEXT), "midright",
                   (layout.top_button(buttons - 1).left - px(20), rect.centery))
    area = pygame.Rect(title.rect.right + px(16), rect.top + px(6), 0, rect.h - px(12))
    area.w = goal.rect.left - px(16) - area.left
    return title, _chips(layout, view, names, area), goal


def _placed(text: str, size: int, anchor: str, pos: tuple[int, int]) -> Placed:
    rect = pygame.Rect((0, 0), fonts.font(size, True).size(text))
    setattr(rect, anchor, pos)
    return Placed(text, size, rect)


def _chips(layout: TableLayout, view: View, names: list[str], area: pygame.Rect) -> \
        list[Placed]:
    """The turn-order chips fitted into `area`, centered in it."""
    px = layout.px
    gap, inner = px(8), px(16)
    makers = [_chip_text(place, view["seats"][seat]["number"]) for place, seat
              in enumerate(view["order"])]
    chosen = [names[seat] for seat in view["order"]]
    full = [make(name) for make, name in zip(makers, chosen, strict=True)]
    room = area.w - gap * max(0, len(makers) - 1) - inner * len(makers)
    sizes = range(px(CHIP_TEXT), min(px(CHIP_TEXT), px(CHIP_FLOOR)) - 1, -1)
    size = next((s for s in sizes if sum(_width(t, s) for t in full) <= room), sizes[-1])
    cap = _share([_width(t, size) for t in full], room)
    texts = [fonts.fit_name(m, n, size, cap, True) for m, n in zip(makers, chosen, strict=True)]
    widths = [_width(t, size) + inner for t in texts]
    x = area.left + max(0, (area.w - sum(widths) - gap * (len(widths) - 1)) // 2)
    chips = []
    for text, whole, width in zip(texts, full, widths, strict=True):
        chips.append(Placed(text, size, pygame.Rect(x, area.top, width, area.h),
                            whole if text != whole else ""))
        x += width + gap
    return chips


def _chip_text(place: int, number: int | None) -> Callable[[str], str]:
    """How a turn-order chip reads around a seat's name."""
    if number is None:
        return lambda name: name
    return lambda name: f"{place + 1}. {name}  {number:02d}"


def _width(text: str, size: int) -> int:
    return fonts.font(size, True).size(text)[0]


def _share(widths: list[int], room: int) -> int:
    """The largest width each of `widths` may keep so that together they fit `room`:
    the narrow ones whole, the others cut to an equal share of what is left."""
    for count, width in enumerate(sorted(widths)):
        remaining = len(widths) - count
        if width * remaining > room:
            return max(1, room // remaining)
        room -= width
    return max(widths, default=0)


def draw_top(surface: pygame.Surface, canvas: Canvas, view: View, names: list[str],
             buttons: int = 1) -> None:
    """Round and phase, the round's turn order (active seat highlighted), the goal
    (before the bar's `buttons` buttons)."""
    rect = canvas.layout.top
    pygame.draw.rect(surface, (22, 34, 30), rect)
    pygame.draw.line(surface, art.PANEL_EDGE, rect.bottomleft, rect.bottomright)
    title, chips, goal = top_bar(canvas.layout, view, names, buttons)
    _label(surface, title.text, title.size, title.rect.topleft, art.TEXT_LIGHT, True)
    for chip, seat in zip(chips, view["order"], strict=True):
        pygame.draw.rect(surface, art.SEAT_COLORS[seat], chip.rect,
                         border_radius=chip.rect.h // 2)
        if view["active"] == seat and view["phase"] in ("actions", "cover"):
            pygame.draw.rect(surface, (255, 255, 255), chip.rect, canvas.px(2),
                             border_radius=chip.rect.h // 2)
        _label(surface, chip.text, chip.size, chip.rect.center, art.INK, True, "center")
        if chip.tip:
            canvas.hovers.append((chip.rect, chip.tip))
    _label(surface, goal.text, goal.size, goal.rect.topleft, art.ACCENT, True)


END_OUTLINE = (150, 140, 125)
"""A row end's outline when it is not one the seat can build now."""


def draw_rows(surface: pygame.Surface, canvas: Canvas, view: View, highlight: str,
              staged_end: tuple[int, str] | None, hidden: set[str]) -> None:
    """The two building rows; the buildable ends are outlined, during the seat's
    build step (`highlight` "build") green when it can pay now; `highlight`
    "build" or "remove" marks them clickable. Buildings in `hidden` are in flight and not drawn."""
    layout = canvas.layout
    surface.blit(art.panel(layout.rows.size), layout.rows)
    w, h = layout.card_size()
    for row_index, row in enumerate(view["rows"]):
        first = layout.row_card(row_index, 0, max(1, len(row)))
        _label(surface, str(row_index + 1), canvas.px(18),
               (layout.rows.left + canvas.px(20), first.centery), art.TEXT_DIM, True, "center")
        for i, ident in enumerate(row):
            rect = layout.row_card(row_index, i, len(row))
            if ident in hidden:
                continue
            surface.blit(building_face(ident, (w, h), canvas.letters), rect)
            sides: list[Side] = []
            if i == 0:
                sides.append("left")
            if i == len(row) - 1:
                sides.append("right")
            canvas.hovers.append((rect, building_tooltip(
                ident, can_afford(view, ident) if sides else None, middle=not sides)))
            for side in sides:
                _outline_end(surface, canvas, view, rect, ident, highlight,
                             staged_end == (row_index, side))
                canvas.targets[RowEnd(row_index, side)] = rect
            if not sides:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((0, 0, 0, 60))
                surface.blit(shade, rect)


def _outline_end(surface: pygame.Surface, canvas: Canvas, view: View, rect: pygame.Rect,
                 ident: str, highlight: str, staged: bool) -> None:
    if highlight == "remove":
        color = art.DANGER
    elif highlight == "build" and can_afford(view, ident):
        color = art.HIGHLIGHT  # "you can build this", only while the seat may build
    else:
        color = END_OUTLINE
    width = canvas.px(4) if staged else canvas.px(2)
    pygame.draw.rect(surface, (255, 255, 255) if staged else color, rect.inflate(canvas.px(6),
                     canvas.px(6)), width, border_radius=canvas.px(8))
    if highlight and not staged:
        glow = pygame.Rect(rect.left, rect.bottom + canvas.px(2), rect.w, canvas.px(3))
        pygame.draw.rect(surface, color, glow, border_radius=canvas.px(2))


def draw_market(surface: pygame.Surface, canvas: Canvas, view: View) -> None:
    """Materials and pesos in the market, the worker bank, bag and draw pile."""
    layout = canvas.layout
    surface.blit(art.panel(layout.market.size), layout.market)
    _label(surface, tr("market"), canvas.px(14), (layout.market.left + canvas.px(10),
                                                   layout.market.top + canvas.px(6)),
           art.ACCENT, True)
    icon = canvas.px(34)
    counts: dict[str, tuple[int, str]] = {m: (view["market"][m], tr("color." + m))
                                          for m in materials()}
    counts["pesos"] = (view["market"]["pesos"], tr("pesos"))
    counts["workers"] = (view["workers_in_bank"], tr("workers"))
    content = amounts_text(view["bag_content"]) if view["bag_size"] else tr("nothing")
    counts["bag"] = (view["bag_size"], tr("bag", n=view["bag_size"]) + "\n" + content)
    counts["pile"] = (view["pile_size"], tr("pile", n=view["pile_size"]))
    for name, (count, tip) in counts.items():
        slot = layout.market_slot(name)
        spot = pygame.Rect(0, 0, icon, icon)
        spot.midtop = (slot.centerx, slot.top + canvas.px(4))
        if name == "bag":
            _bag(surface, spot)
        elif name == "pile":
            back = art.card_back((canvas.px(28), canvas.px(40)))
            surface.blit(back, back.get_rect(midtop=(slot.centerx, slot.top)))
        else:
            image = art.resource_icon(name, icon, canvas.letters)
            if count == 0:  # darker, same hue: an empty red still reads as red
                image = image.copy()
                image.fill(EMPTY_SHADE, special_flags=pygame.BLEND_RGB_MULT)
            surface.blit(image, spot)
        _label(surface, f"{count}", canvas.px(17), (slot.centerx, slot.top + canvas.px(40)),
               art.TEXT_LIGHT if count else art.TEXT_DIM, True, "midtop")
        caption = CAPTIONS.get(name)
        if caption:
            _label(surface, tr(caption), canvas.px(11), (slot.centerx, slot.top + canvas.px(60)),
                   art.TEXT_DIM, False, "midtop")
        canvas.hovers.append((slot, f"{tip}: {count}"))


def _bag(surface: pygame.Surface, rect: pygame.Rect) -> None:
    body = rect.inflate(-rect.w // 6, -rect.h // 8).move(0, rect.h // 16)
    pygame.draw.ellipse(surface, (150, 110, 70), body)
    pygame.draw.ellipse(surface, (90, 60, 35), body, max(1, rect.w // 16))
    neck = pygame.Rect(0, 0, rect.w // 3, rect.h // 5)
    neck.midbottom = (body.centerx, body.top + rect.h // 10)
    pygame.draw.rect(surface, (120, 85, 50), neck, border_radius=neck.h // 3)


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
    header = canvas.px(26)
    _seat_header(surface, canvas, view, seat, name, active, badge)
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


def _seat_header(surface: pygame.Surface, canvas: Canvas, view: View, seat: int, name: str,
                 active: bool, tag: str | None = None) -> None:
    """The panel's color mark, the name ("Name · Your turn" with the name
    shortened first), the seat's badge (a bot, an absent player), the number and
    the protection shield."""
    rect = canvas.layout.seats[seat]
    info = view["seats"][seat]
    pad, px = canvas.px(7), canvas.px
    pygame.draw.rect(surface, art.SEAT_COLORS[seat], (rect.left + pad, rect.top + pad,
                                                      px(6), px(26) - pad))
    right = rect.right - pad
    if info["number"] is not None:
        badge = _label(surface, f"{info['number']:02d}", px(17),
                       (right, rect.top + pad - px(3)), art.ACCENT, True, "topright")
        right = badge.left - px(8)
        if info["protected"]:
            shield = pygame.Rect(badge.left - px(22), badge.top, px(18), px(20))
            _shield(surface, pygame.Rect(shield.left, shield.top + px(2), px(16), px(18)))
            canvas.hovers.append((shield, tr("protected")))
            right = shield.left - px(6)
    left = rect.left + pad + px(12)
    size = px(15)
    if tag:
        named = fonts.text(name, size, art.TEXT_LIGHT, True).get_width()
        room = max((right - left) // 2, right - left - named - px(10))
        right = _badge(surface, canvas, tag, right, rect.top + pad - px(1), room).left - px(6)
    if active and view.get("you") == seat:
        key = "seat.turn" if canvas.watching is None else "seat.turn_watched"
        title = fonts.fit_name(lambda n: tr(key, name=n), name, size, right - left, True)
    else:
        title = fonts.fit(name, size, right - left, True)
    _label(surface, title, size, (left, rect.top + pad - px(2)),
           art.ACCENT if active else art.TEXT_LIGHT, True)
    if name not in title:
        canvas.hovers.append((pygame.Rect(left, rect.top, right - left, px(26)), name))


def _badge(surface: pygame.Surface, canvas: Canvas, text: str, right: int, top: int,
           room: int) -> pygame.Rect:
    """A seat's tag as a pill ending at `right`, shortened to `room` pixels (the
    whole text on hover); returns the pill's rect."""
    px = canvas.px
    size = px(12)
    shown = fonts.fit(text, size, max(room - px(12), px(20)), True)
    label = fonts.text(shown, size, art.INK, True)
    pill = label.get_rect(topright=(right - px(6), top + px(2))).inflate(px(12), px(4))
    pygame.draw.rect(surface, art.BADGE, pill, border_radius=pill.h // 2)
    surface.blit(label, label.get_rect(center=pill.center))
    if shown != text:
        canvas.hovers.append((pill, text))
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
            _squeezed(surface, art.card_back(size), slot, 1 - 2 * flip.progress)
        else:
            face = card_face(card, size, detail=detail)
            if flip is not None:
                _squeezed(surface, face, slot, 2 * flip.progress - 1)
            else:
                surface.blit(face, slot)
            canvas.hovers.append((slot, card_tooltip(card)))
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
            spot = slot.move(canvas.px(6), canvas.px(10)) if info["face_up"] else slot
            surface.blit(art.card_back(size), spot)
            if show_face_down and face_down and i < len(face_down):
                secret = face_down[i]
                tag = fonts.text(f"{printed_card(secret).number}", canvas.px(16), art.ACCENT, True)
                surface.blit(tag, tag.get_rect(center=spot.center))
                canvas.secrets.add(("face_down", seat, secret))
                canvas.hovers.append((spot, card_tooltip(secret)))


def _squeezed(surface: pygame.Surface, image: pygame.Surface, slot: pygame.Rect,
              share: float) -> None:
    """`image` scaled horizontally to `share` of its width (a card mid-flip)."""
    width = max(1, int(slot.w * share))
    scaled = pygame.transform.scale(image, (width, slot.h))
    surface.blit(scaled, scaled.get_rect(center=slot.center))


def _draw_resources(surface: pygame.Surface, canvas: Canvas, view: View, seat: int,
                    block: pygame.Rect, big: bool) -> None:
    info = view["seats"][seat]
    icon = canvas.px(20 if big else 17)
    size = canvas.px(14 if big else 13)
    step = block.w // 5
    line = icon + canvas.px(6 if big else 3)
    y = block.top
    for i, m in enumerate(materials()):
        x = block.left + i * step
        count = info["materials"][m]
        image = art.material(m, icon, canvas.letters)
        if not count:
            image = image.copy()
            image.set_alpha(70)
        surface.blit(image, (x, y))
        _label(surface, str(count), size, (x + icon + canvas.px(2), y + icon // 2),
               art.TEXT_LIGHT if count else art.TEXT_DIM, True, "midleft")
        tip = tr("hover.count", what=tr(f"color.{m}"), count=count)
        canvas.hovers.append((pygame.Rect(x, y, step, icon), tip))
    y += line
    small: list[tuple[pygame.Surface | None, int, str]] = [
             (art.coin(icon), info["pesos"], tr("pesos")),
             (art.worker(icon), info["workers"], tr("workers")),
             (art.card_back((int(icon * 0.7), icon)), info["hand_size"],
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
        _label(surface, str(count), size, (x + icon + canvas.px(3), y + icon // 2),
               art.TEXT_LIGHT, True, "midleft")
        canvas.hovers.append((pygame.Rect(x, y, block.w // 4, icon), tip))
    y += line
    vp = canvas.animator.value(f"vp:{seat}", info["vp"])
    target = view["target_vp"]
    surface.blit(art.star(icon), (block.left, y))
    label = _label(surface, f"{vp}/{target}", size, (block.left + icon + canvas.px(3),
                                                     y + icon // 2), art.ACCENT, True, "midleft")
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
    """Opponents' buildings as small VP tiles, shrinking so that all of them fit."""
    if area.h <= 0 or not built:
        return
    gap = canvas.px(3)
    chip = max(1, min(area.h, canvas.px(20), (area.w + gap) // len(built) - gap))
    for i, ident in enumerate(built):
        r = pygame.Rect(area.left + i * (chip + gap), area.top, chip, chip)
        pygame.draw.rect(surface, (230, 215, 180), r, border_radius=canvas.px(3))
        pygame.draw.rect(surface, art.INK, r, 1, border_radius=canvas.px(3))
        _label(surface, str(building(ident).vp), canvas.px(12), r.center, art.INK, True, "center")
        canvas.hovers.append((r, building_tooltip(ident)))


def _draw_built_cards(surface: pygame.Surface, canvas: Canvas, built: list[str],
                      strip: pygame.Rect) -> None:
    """The seat's own buildings as small cards in a row; when they would cover
    each other's names, in two rows of smaller cards, overlapping only as much as
    they still must."""
    if strip.h < canvas.px(20):
        return
    _label(surface, tr("built"), canvas.px(12), strip.topleft, art.TEXT_DIM, True)
    gap = canvas.px(4)
    room = strip.h - canvas.px(16)
    for rows in (1, 2):
        h = min((room - gap * (rows - 1)) // rows, canvas.px(BUILT_CARD_H))
        w = int(h / 1.39)
        per_row = -(-len(built) // rows)
        step = min(w + gap, (strip.w - w) // max(1, per_row - 1)) if built else w
        if step >= w * 4 // 5:  # names still readable
            break
    for i, ident in enumerate(built):
        row, column = divmod(i, per_row)
        r = pygame.Rect(strip.left + column * step, strip.top + canvas.px(16) + row * (h + gap),
                        w, h)
        surface.blit(building_face(ident, (w, h), canvas.letters), r)
        canvas.hovers.append((r, building_tooltip(ident)))


BUILT_CARD_H = 110
"""Design height of a built building's card at the most (in a tall panel)."""


def warm_up(layout: TableLayout, letters: bool) -> None:
    """Draw every building and hand card once at this layout's sizes, so no frame
    pays for it during play."""
    w, h = layout.card_size()
    for b in rules().buildings:
        building_face(b.id, (w, h), letters)
    canvas = Canvas(layout, Animator(), letters)
    cards = range(len(rules().cards))
    for size in {hand_rects(canvas, list(cards)[:n], set())[0].size for n in range(1, 8)}:
        for card in cards:
            card_face(card, size)


HAND_GAP = 6
"""Design gap between two hand cards side by side."""
HAND_CARD = 0.7
"""A hand card's height at the most, as a share of the hand panel's."""
HAND_SMALLEST = 86
"""Design width a hand card may shrink to for more cards to lie side by side."""


def hand_rects(canvas: Canvas, hand: list[int], lifted: set[int]) -> list[pygame.Rect]:
    """Where each hand card lies, fanned in a gentle arc; picked cards lifted.
    Cards shrink (down to `HAND_SMALLEST`) to lie side by side in the panel's
    width, and overlap only as much as they still must."""
    area = canvas.layout.hand
    tallest = int(area.h * HAND_CARD)
    widest = int(tallest / 1.45)
    room = area.w - canvas.px(20)
    gap = canvas.px(HAND_GAP)
    n = max(1, len(hand))
    w = min(widest, max(canvas.px(HAND_SMALLEST), (room - gap * (n - 1)) // n))
    h = int(w * 1.45)
    top = area.top + canvas.px(34) + (tallest - h) // 2
    step = min(w + gap, (room - w) // max(1, n - 1))
    left = area.centerx - (step * (n - 1) + w) // 2
    rects = []
    for i, card in enumerate(hand):
        offset = (i - (n - 1) / 2) / max(1, n / 2)
        r = pygame.Rect(left + i * step, top + int(canvas.px(12) * offset * offset), w, h)
        if card in lifted:
            r.move_ip(0, -canvas.px(22))
        rects.append(r)
    return rects


def draw_hand(surface: pygame.Surface, canvas: Canvas, view: View, picked: list[int],
              hover: tuple[int, int] | None, discard: list[int] | None = None) -> None:
    """The seat's hand, fanned; picked cards lifted; the hovered card shown large.
    A card the next one overlaps by more than its margin has its name set in the
    strip left visible. With `discard`, those cards of the discard pile in the
    hand's place instead (Refreshment: which one to take back)."""
    you = view["you"]
    assert you is not None, "only a seat's view has a hand"
    area = canvas.layout.hand
    surface.blit(art.panel(area.size), area)
    hand = (view.get("hand") or []) if discard is None else discard
    if discard is not None:
        title = tr("refresh.title")
    elif canvas.watching is not None:
        title = tr("hand.watched", name=canvas.watching, n=len(hand))
    else:
        title = tr("hand", n=len(hand))
    _label(surface, title, canvas.px(14),
           (area.left + canvas.px(10), area.top + canvas.px(6)), art.ACCENT, True)
    rects = hand_rects(canvas, hand, set(picked))
    hovered = None
    for i, (card, r) in enumerate(zip(hand, rects, strict=True)):
        visible = r.copy()
        if i + 1 < len(rects):
            visible.w = min(r.w, rects[i + 1].left - r.left)
        hidden = r.w - visible.w > r.w // 12
        surface.blit(card_face(card, r.size, strip=visible.w if hidden else None), r)
        canvas.secrets.add(("hand" if discard is None else "discard", you, card))
        canvas.targets[HandCard(card) if discard is None else DiscardCard(card)] = visible
        if card in picked:
            pygame.draw.rect(surface, art.ACCENT, r, canvas.px(3), border_radius=canvas.px(6))
        if hover and visible.collidepoint(hover):
            hovered = (card, r)
    if hovered:
        card, r = hovered
        big = card_face(card, hover_card_size(canvas.layout))
        spot = big.get_rect(midbottom=(r.centerx, r.top + canvas.px(40)))
        spot.clamp_ip(surface.get_rect())
        surface.blit(big, spot)


def hover_card_size(layout: TableLayout) -> tuple[int, int]:
    """The hovered hand card, shown large enough for its whole effect text."""
    return layout.px(150), layout.px(218)


LOG_TEXT = 12
"""Design size of the log's lines."""


def draw_log(surface: pygame.Surface, canvas: Canvas, lines: list[str], scroll: int,
             area: pygame.Rect | None = None) -> None:
    """The last lines of the game log, newest at the bottom; `scroll` lines back;
    a scroll bar when older (or newer) lines are out of sight. `area`: where (by
    default the whole log panel)."""
    area = area or canvas.layout.log
    px = canvas.px
    surface.blit(art.panel(area.size), area)
    _label(surface, tr("log"), px(14), (area.left + px(10), area.top + px(6)), art.ACCENT, True)
    size = px(LOG_TEXT)
    step = fonts.line_step(size, 1.3)
    wrapped: list[str] = []
    for line in lines[-120:]:
        wrapped.extend(fonts.wrap(line, size, area.w - px(28)))
    top = area.top + px(8) + fonts.line_step(px(14), 1.3)
    room = max(0, (area.bottom - px(6) - top) // step)
    end = max(min(room, len(wrapped)), len(wrapped) - scroll)
    start = max(0, end - room)
    for i, line in enumerate(wrapped[start:end]):
        color = art.ACCENT if line.startswith("—") else art.TEXT_LIGHT
        surface.blit(fonts.text(line, size, color), (area.left + px(10), top + i * step))
    if start > 0 or end < len(wrapped):
        track = pygame.Rect(area.right - px(12), top, px(4), room * step)
        _scroll_bar(surface, track, start, end, len(wrapped))


def _scroll_bar(surface: pygame.Surface, track: pygame.Rect, start: int, end: int,
                total: int) -> None:
    """A thin bar: the track, and the thumb where lines `start`..`end` of `total` are."""
    pygame.draw.rect(surface, (28, 40, 36), track, border_radius=track.w // 2)
    thumb = track.copy()
    thumb.h = max(track.w * 2, track.h * (end - start) // max(1, total))
    thumb.top = track.top + (track.h - thumb.h) * start // max(1, total - (end - start))
    pygame.draw.rect(surface, art.TEXT_DIM, thumb, border_radius=track.w // 2)
