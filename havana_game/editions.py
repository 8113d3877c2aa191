"""The editions this program plays, by name, the default first (their data:
`havana_game/data/editions/<name>/`, loaded by `content.find_edition`). Kept apart
from `content` so that the command line lists them without loading the engine."""

EDITIONS = ("classic", "edition2024")
DEFAULT_EDITION = EDITIONS[0]
