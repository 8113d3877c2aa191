"""Adds or replaces entries in every language's catalog, then compiles them.

    python3 tools/add_messages.py entries.json

`entries.json` maps a message key to its text per language, a list of forms for
a plural message (English 2 forms, French 2, Portuguese 2, Russian 3):

    {"lobby.players": {"en": "Players: {count}", "fr": "...", "pt": "...", "ru": "..."},
     "join.free": {"en": ["{count} seat", "{count} seats"], "ru": ["...", "...", "..."]}}

Every language must be given for every key. The catalogs stay sorted by key.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from havana_game.catalogs import Message, read_po  # noqa: E402
from havana_game.i18n import LANGUAGES, LOCALE_DIR  # noqa: E402


def quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def entry_text(message: Message) -> str:
    lines = [f"msgid {quote(message.msgid)}"]
    if message.plural is None:
        lines.append(f"msgstr {quote(message.forms[0])}")
    else:
        lines.append(f"msgid_plural {quote(message.plural)}")
        lines += [f"msgstr[{i}] {quote(form)}" for i, form in enumerate(message.forms)]
    return "\n".join(lines)


def update(language: str, entries: dict[str, dict[str, str | list[str]]]) -> None:
    """Rewrite `language`'s catalog with `entries` added or replaced."""
    path = LOCALE_DIR / language / "LC_MESSAGES" / "havana.po"
    messages = {m.msgid: m for m in read_po(path)}
    del messages[""]
    raw = path.read_text("utf-8")
    header = raw[:raw.index("\nmsgid ", raw.index('msgid ""') + 1)].rstrip("\n")
    for key, texts in entries.items():
        if language not in texts:
            raise SystemExit(f"{key}: no {language} text")
        text = texts[language]
        messages[key] = (Message(key, None, (text,)) if isinstance(text, str)
                         else Message(key, key, tuple(text)))
    body = [header] + [entry_text(messages[k]) for k in sorted(messages)]
    path.write_text("\n\n".join(body) + "\n", "utf-8")


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    entries = json.loads(Path(sys.argv[1]).read_text("utf-8"))
    for language in LANGUAGES:
        update(language, entries)
    from compile_catalogs import main as compile_all
    return compile_all(check=False)


if __name__ == "__main__":
    sys.exit(main())
