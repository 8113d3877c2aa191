"""Materials and the other counted resources, in the order the engine stores them.

A player's resources are eight numbers: the five materials (four colors and gray
rubble), pesos, workers and victory points. A building's cost and a payment use the
first seven of them.
"""

from typing import Final

RED: Final = 0
YELLOW: Final = 1
BROWN: Final = 2
BLUE: Final = 3
GRAY: Final = 4
PESOS: Final = 5
WORKERS: Final = 6
VP: Final = 7

COLORED: Final = (RED, YELLOW, BROWN, BLUE)
MATERIALS: Final = (RED, YELLOW, BROWN, BLUE, GRAY)
CLASSIC_COLORS: Final = ("red", "yellow", "brown", "blue")
"""The classic brick colors; an edition's deck may name others (`Ruleset.names`)."""
GRAY_NAME: Final = "gray"
WORKER_NAME: Final = "worker"
MATERIAL_NAMES: Final = (*CLASSIC_COLORS, GRAY_NAME)
"""The classic material words (`ruleset.CLASSIC_NAMES.materials`)."""
COST_NAMES: Final = (*MATERIAL_NAMES, "pesos", "workers")
RESOURCE_COUNT: Final = 8
"""Stride of one player's block in `State.res`."""

WORKER_TAKE: Final = 5
"""In a Tax Collector pick, this index means "a worker" instead of a material."""

COLORED_PER_COLOR: Final = 10
GRAY_TOTAL: Final = 40
MATERIAL_TOTAL: Final = 4 * COLORED_PER_COLOR + GRAY_TOTAL
WORKER_SUPPLY: Final = 15
SUBSTITUTION: Final = 5
"""While paying, 5 gray stand for 1 colored material and 5 pesos for 1 worker."""
