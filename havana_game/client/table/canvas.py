"""What every part of the table draws with: the `Canvas` of one frame (its hover
regions, clickable things and secrets shown), card and building faces with their
tooltips, and a label. Pure drawing: the parts (`topbar`, `rows`, `market`,
`seats`, `hand`, `logpanel`) record what they drew in the canvas."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ...rules import Ruleset, View
from ...rules import can_afford as rules_can_afford
from ..ui import art, fonts
from ..ui.buildings import building_card, draw_room_building
from ..ui.cards import action_card
from ..ui.i18n import card_meaning, tr, tr_name
from ..ui.tween import Animator
from .edition import building, costs, materials, rules
from .edition import card as printed_card
from .layout import TableLayout
from .logtext import amounts_text, building_name
from .targets import Target


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
    title = tr("tooltip.card", card=tr_name("card", name=printed.name), number=printed.number)
    meaning = card_meaning(printed.name)  # a 2024 card's Spanish name, in the player's words
    if meaning:
        title += f"\n({meaning})"
    return f"{title}\n{tr('effect.' + printed.name)}"


def building_face(ident: str, size: tuple[int, int], letters: bool) -> pygame.Surface:
    """A building card with its name in the current language."""
    b = building(ident)
    return building_card(b.id, building_name(ident), b.vp, b.architect, b.cost, size, letters,
                         costs())


def room_building(surface: pygame.Surface, rect: pygame.Rect, ident: str, text: int,
                  letters: bool) -> None:
    """A building card for a big screen, its name in the current language, drawn
    into `rect` with text of `text` pixels (`ui.buildings.draw_room_building`)."""
    b = building(ident)
    draw_room_building(surface, rect, b.id, building_name(ident), b.vp, b.architect, b.cost,
                       text, letters, costs())


def card_face(index: int, size: tuple[int, int], detail: bool = True,
              strip: int | None = None, ruleset: Ruleset | None = None) -> pygame.Surface:
    """Action card `index` of `ruleset` (the table's edition by default) in the
    current language (`ui.cards.action_card`)."""
    ruleset = ruleset or rules()
    c = ruleset.cards[index]
    return action_card(index, c.key, c.number, size, tr_name("card", name=c.name),
                       tr_name("effect", name=c.name) if detail else None, strip,
                       ruleset.names.materials)


def can_afford(view: View, ident: str) -> bool:
    """The seat at the screen could pay for this building now (with 5-for-1)."""
    you = view.get("you")
    if you is None:
        return False
    seat = view["seats"][you]
    res = [seat["materials"][m] for m in materials()] + [seat["pesos"], seat["workers"]]
    return rules_can_afford(rules(), building(ident), res, seat["face_up"])


def draw_label(surface: pygame.Surface, text: str, size: int, pos: tuple[int, int],
           color: art.Color = art.TEXT_LIGHT, bold: bool = False, anchor: str = "topleft") -> \
        pygame.Rect:
    image = fonts.text(text, size, color, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect
