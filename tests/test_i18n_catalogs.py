"""The gettext catalogs: complete, consistent placeholders, right plural forms,
compiled .mo files up to date."""

from __future__ import annotations

import gettext as stdlib_gettext
import re
from pathlib import Path
from string import Formatter

import pytest

from havana_game.catalogs import CatalogError, Message, header_fields, mo_bytes, read_po
from havana_game.i18n import LANGUAGES, LOCALE_DIR

PLURALS = {"en": 2, "fr": 2, "pt": 2, "ru": 3}


def catalog(language: str) -> list[Message]:
    return read_po(LOCALE_DIR / language / "LC_MESSAGES" / "havana.po")


def entries(language: str) -> dict[str, Message]:
    return {m.msgid: m for m in catalog(language) if m.msgid}


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in Formatter().parse(text) if field is not None}


@pytest.mark.parametrize("language", LANGUAGES)
def test_compiled_catalog_is_up_to_date(language: str) -> None:
    po = LOCALE_DIR / language / "LC_MESSAGES" / "havana.po"
    assert po.with_suffix(".mo").read_bytes() == mo_bytes(read_po(po)), \
        "run python3 tools/compile_catalogs.py"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_has_exactly_the_english_messages(language: str) -> None:
    english, other = entries("en"), entries(language)
    assert sorted(set(english) - set(other)) == [], "missing"
    assert sorted(set(other) - set(english)) == [], "extra"
    for key, message in other.items():
        assert (message.plural is None) == (english[key].plural is None), key
        assert all(form for form in message.forms), f"{key}: empty translation"


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_forms_header_and_form_counts(language: str) -> None:
    header = header_fields(catalog(language))
    assert header["Language"] == language
    assert "charset=UTF-8" in header["Content-Type"]
    match = re.match(r"nplurals=(\d+); plural=", header["Plural-Forms"])
    assert match and int(match.group(1)) == PLURALS[language]
    for key, message in entries(language).items():
        if message.plural is not None:
            assert len(message.forms) == PLURALS[language], key


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_have_exactly_the_placeholders_of_the_message(language: str) -> None:
    english = entries("en")
    for key, message in entries(language).items():
        expected = placeholders(english[key].forms[0])
        for form in (*english[key].forms, *message.forms):
            assert placeholders(form) == expected, f"{language} {key}: {form!r}"


def test_placeholder_check_catches_a_missing_or_extra_placeholder() -> None:
    assert placeholders("{name} takes {count} pesos") != placeholders("{name} takes pesos")
    assert placeholders("{name} takes {count}") != placeholders("{name} {who} takes {count}")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "t.po"
    path.write_text(text, "utf-8")
    return path


def test_reader_and_writer_round_trip_through_stdlib_gettext(tmp_path: Path) -> None:
    po = write(tmp_path, '# comment\nmsgid ""\nmsgstr ""\n"Content-Type: text/plain; '
               'charset=UTF-8\\n"\n"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 '
               ': n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
               'msgid "a"\nmsgstr ""\n"line \\"one\\"\\n"\n"two"\n\n'
               'msgid "n"\nmsgid_plural "n"\nmsgstr[0] "{count} карта"\n'
               'msgstr[1] "{count} карты"\nmsgstr[2] "{count} карт"\n')
    mo = tmp_path / "t.mo"
    mo.write_bytes(mo_bytes(read_po(po)))
    with mo.open("rb") as handle:
        loaded = stdlib_gettext.GNUTranslations(handle)
    assert loaded.gettext("a") == 'line "one"\ntwo'
    assert [loaded.ngettext("n", "n", n) for n in (1, 3, 5, 21)] == \
        ["{count} карта", "{count} карты", "{count} карт", "{count} карта"]


def test_reader_rejects_what_it_does_not_understand(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="t.po:1"):
        read_po(write(tmp_path, 'msgctxt "x"\n'))
    with pytest.raises(CatalogError, match="t.po:2"):
        read_po(write(tmp_path, 'msgid "x"\nmsgstr unquoted\n'))
    with pytest.raises(CatalogError, match="t.po:1"):
        read_po(write(tmp_path, '"orphan"\n'))
