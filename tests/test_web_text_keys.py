"""Every text the web seat page asks for exists in every catalog the host serves
it (net/host/web.py's /i18n/<lang>.json, built from the gettext catalogs): the
keys the page's modules name literally, the key families they build
(`tr(\\`phase.${...}\\`)`, or `textKey("ai_level", ...)` from the vocabulary's
text_keys), and the vocabulary's keys (presentation.js: the log's lines' keys and the
prompts)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from net.host.web import LANGUAGES, catalog

WEB = Path(__file__).resolve().parent.parent / "havana_game" / "web"
MODULES = sorted(p for p in WEB.glob("*.js") if p.name != "presentation.js")
LOOKUP = r"\b(?:tr|trn|has)\(\s*"
LITERAL = re.compile(LOOKUP + r"\"([^\"]+)\"")
FAMILY = re.compile(LOOKUP + r"`([^`$]*)\$\{")
TEXT_KEY = re.compile(r"\btextKey\(\s*\"(\w+)\"")


def served(language: str) -> set[str]:
    return set(json.loads(catalog(language))["messages"])


def presentation() -> dict:
    text = (WEB / "presentation.js").read_text("utf-8")
    body = text[text.index("{"):text.rindex("}") + 1]
    return json.loads(re.sub(r",\s*}$", "}", body))  # one line per entry, each with a comma


def literal_keys() -> set[str]:
    return {key for path in MODULES for key in LITERAL.findall(path.read_text("utf-8"))}


def families() -> set[str]:
    found = {prefix for path in MODULES for prefix in FAMILY.findall(path.read_text("utf-8"))}
    patterns = presentation()["text_keys"]
    return found | {patterns[kind].split("{")[0] for path in MODULES
                    for kind in TEXT_KEY.findall(path.read_text("utf-8"))}


def event_keys() -> set[str]:
    """The vocabulary's keys; a key made from an event's data ({source}) as its family."""
    vocabulary = presentation()
    keys = {line["key"] for lines in vocabulary["events"].values() for line in lines
            if "key" in line}
    keys |= {d["prompt"] for d in vocabulary["decisions"].values()}
    return keys


def test_the_scan_finds_the_pages_lookups():
    assert {"confirm", "undo", "log.recycled", "web.join"} <= literal_keys() | event_keys()
    assert {"phase.", "error.", "ai."} <= families()
    assert {"log.taxed.worker", "log.taxed.material"} <= event_keys()
    assert {"amount.", "ai."} <= families()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_the_page_names_is_in_each_served_catalog(language):
    keys = served(language)
    missing = sorted(k for k in literal_keys() if k not in keys)
    assert not missing, f"{language}: {missing}"
    missing = sorted(p for p in families() if not any(k.startswith(p) for k in keys))
    assert not missing, f"{language}: no key of the families {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_vocabulary_key_the_page_uses_is_in_each_served_catalog(language):
    keys = served(language)
    missing = []
    for key in event_keys():
        if "{" in key:
            prefix = key[:key.index("{")]
            if not any(k.startswith(prefix) for k in keys):
                missing.append(key)
        elif key not in keys:
            missing.append(key)
    assert not missing, f"{language}: {sorted(missing)}"
