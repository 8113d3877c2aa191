"""Writes docs/save.schema.json from the save model (run after changing saves.py)."""

import json
from pathlib import Path

from havana_game.saves import save_schema

if __name__ == "__main__":
    target = Path(__file__).resolve().parent.parent / "docs" / "save.schema.json"
    target.write_text(json.dumps(save_schema(), indent=2) + "\n")
    print(f"wrote {target}")
