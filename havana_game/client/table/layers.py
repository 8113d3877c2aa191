"""What lies over the table for a while (the recap, the lesson's box, the hotseat
curtain, the pause menu and its questions, the unreachable host's notice): each a
`Layer` on the table's `LayerStack`. Input goes to the top layer first; the
table wakes for the soonest layer's next change, so no layer's timer can be
forgotten. A new overlay is one file (its layer) and one line (its `push`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol, TypeVar

import pygame

from ..ui.widgets import Button


class Layer(Protocol):
    """One thing over the table."""

    rank: int
    """Layers stay in rank order, the higher over the lower (a notice that the
    host is gone over the pause menu, the pause menu over the curtain)."""
    modal: bool
    """The layers under it take no input, and the table under it shows none of
    its own controls (the table's own input, its keys and buttons, goes on)."""
    hides_table: bool
    """Nothing of the table is drawn while it is up (the hotseat curtain)."""
    keeps_recap_out: bool
    """No recap comes while it is up: it would lie under it (the lesson's box)."""

    def update(self, dt: float) -> None:
        """Advance by `dt` seconds (a layer that is done takes itself off the stack)."""
        ...

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Draw over the table; where it drew."""
        ...

    def handle(self, event: pygame.event.Event) -> bool:
        """Take `event`; True if it was consumed (nothing under it sees it)."""
        ...

    def wake_in(self) -> float | None:
        """Seconds until it changes by itself (None: only input changes it)."""
        ...

    def buttons(self) -> list[Button]:
        """The buttons it puts on the screen (built again whenever the table's are)."""
        ...

    def log_area(self) -> pygame.Rect | None:
        """Where the game log goes on while it is up (None: as without it)."""
        ...


L = TypeVar("L", bound=Layer)


class LayerStack:
    """The layers over the table, the topmost last."""

    def __init__(self) -> None:
        self._layers: list[Layer] = []

    def push(self, layer: Layer) -> None:
        """Put `layer` over the others of its rank and lower."""
        at = next((i for i, other in enumerate(self._layers) if other.rank > layer.rank),
                  len(self._layers))
        self._layers.insert(at, layer)

    def __len__(self) -> int:
        return len(self._layers)

    def remove(self, layer: Layer) -> None:
        if layer in self._layers:
            self._layers.remove(layer)

    def drop(self, kind: type[Layer]) -> None:
        """Take every layer of `kind` off."""
        self._layers = [layer for layer in self._layers if not isinstance(layer, kind)]

    def find(self, kind: type[L]) -> L | None:
        """The topmost layer of `kind`, if one is up."""
        return next((layer for layer in reversed(self._layers) if isinstance(layer, kind)),
                    None)

    def reached(self) -> Iterator[Layer]:
        """The layers input reaches, top first: down to the first modal one."""
        for layer in reversed(list(self._layers)):
            yield layer
            if layer.modal:
                return

    def handle(self, event: pygame.event.Event) -> bool:
        """Give `event` to the layers it reaches, top first; True if one consumed it."""
        return any(layer.handle(event) for layer in self.reached())

    def update(self, dt: float) -> None:
        for layer in list(self._layers):
            layer.update(dt)

    def draw(self, surface: pygame.Surface) -> list[pygame.Rect]:
        """Each layer over the one under it; where they drew."""
        return [rect for layer in list(self._layers) for rect in layer.draw(surface)]

    def wake_in(self) -> float | None:
        """The soonest change of any layer."""
        times = [t for layer in self._layers if (t := layer.wake_in()) is not None]
        return min(times, default=None)

    def hides_table(self) -> bool:
        """A layer that hides the table is up: the table is not drawn at all."""
        return any(layer.hides_table for layer in self._layers)

    def recap_kept_out(self) -> bool:
        """A layer that keeps the recap out is up."""
        return any(layer.keeps_recap_out for layer in self._layers)

    def log_area(self) -> pygame.Rect | None:
        """Where the game log goes on: the topmost layer's say, if one has any."""
        return next((area for layer in reversed(self._layers)
                     if (area := layer.log_area()) is not None), None)

    def top(self) -> Layer | None:
        """The topmost layer, if any."""
        return self._layers[-1] if self._layers else None

    def modal(self) -> bool:
        """A modal layer is up: the table's own controls are not."""
        return any(layer.modal for layer in self._layers)

    def buttons(self) -> list[Button]:
        """The buttons of the layers input reaches, the lowest's first."""
        return [button for layer in reversed(list(self.reached()))
                for button in layer.buttons()]


class Overlay:
    """A layer that changes only when told, takes no input of its own, puts no
    buttons up and leaves the recap and the log be (each says where it differs)."""

    rank = 0
    modal = False
    hides_table = False
    keeps_recap_out = False

    def update(self, dt: float) -> None:
        """It does not change by itself."""

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def wake_in(self) -> float | None:
        return None

    def buttons(self) -> list[Button]:
        return []

    def log_area(self) -> pygame.Rect | None:
        return None
