"""Compiles havana_game/locale/*/LC_MESSAGES/havana.po into the .mo files the
game loads (run after editing a catalog; the .mo files are committed, and a test
checks they match their .po). `--check` only reports stale files."""

import sys

from havana_game.catalogs import mo_bytes, read_po
from havana_game.i18n import LOCALE_DIR


def main(check: bool) -> int:
    stale = 0
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        data = mo_bytes(read_po(po))
        if mo.exists() and mo.read_bytes() == data:
            continue
        stale += 1
        if check:
            print(f"stale: {mo}")
        else:
            mo.write_bytes(data)
            print(f"wrote {mo}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
