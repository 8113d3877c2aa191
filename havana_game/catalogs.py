"""Reading gettext .po catalogs and writing the binary .mo files that the
standard `gettext` module loads (`tools/compile_catalogs.py` runs this).

Only the .po subset the project's catalogs use is read: comments, `msgid`,
`msgid_plural`, `msgstr` and `msgstr[N]`, strings continued on following lines,
and the escapes \\n, \\t, \\" and \\\\.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass
from pathlib import Path

MO_MAGIC = 0x950412DE


@dataclass(frozen=True)
class Message:
    """One catalog entry; a message without plural has exactly one form."""

    msgid: str
    plural: str | None
    forms: tuple[str, ...]


class CatalogError(ValueError):
    """A .po file this reader cannot understand; names the file and line."""


def read_po(path: Path) -> list[Message]:
    """The entries of a .po file in file order (the header is `msgid ""`)."""
    messages: list[Message] = []
    fields: dict[str, str] = {}
    last: str | None = None

    def flush() -> None:
        if "msgid" not in fields:
            return
        forms = [fields[k] for k in sorted(fields) if k.startswith("msgstr")]
        messages.append(Message(fields["msgid"], fields.get("msgid_plural"), tuple(forms)))
        fields.clear()

    for number, raw in enumerate(path.read_text("utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            if last is None:
                raise CatalogError(f"{path}:{number}: continued string without a keyword")
            fields[last] += _unquote(line, path, number)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgid":
            flush()
        elif keyword not in ("msgid_plural", "msgstr") and not keyword.startswith("msgstr["):
            raise CatalogError(f"{path}:{number}: unknown keyword {keyword!r}")
        fields[keyword] = _unquote(rest.strip(), path, number)
        last = keyword
    flush()
    return messages


def _unquote(text: str, path: Path, number: int) -> str:
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise CatalogError(f"{path}:{number}: expected a quoted string")
    return str(ast.literal_eval(text))


def header_fields(messages: list[Message]) -> dict[str, str]:
    """The header entry's `Name: value` lines (Plural-Forms, Language, ...)."""
    header = next((m.forms[0] for m in messages if m.msgid == ""), "")
    pairs = (line.partition(":") for line in header.splitlines() if ":" in line)
    return {name.strip(): value.strip() for name, _, value in pairs}


def mo_bytes(messages: list[Message]) -> bytes:
    """The GNU .mo file for `messages`, byte for byte the same for the same input."""
    entries = sorted(
        ((m.msgid if m.plural is None else f"{m.msgid}\0{m.plural}").encode("utf-8"),
         "\0".join(m.forms).encode("utf-8"))
        for m in messages
    )
    count = len(entries)
    originals_at = 7 * 4
    translations_at = originals_at + 8 * count
    data_at = translations_at + 8 * count
    tables: list[bytes] = [b"", b""]
    data = b""
    for column in (0, 1):
        for entry in entries:
            text = entry[column]
            tables[column] += struct.pack("<2I", len(text), data_at + len(data))
            data += text + b"\0"
    head = struct.pack("<7I", MO_MAGIC, 0, count, originals_at, translations_at, 0, data_at)
    return head + tables[0] + tables[1] + data
