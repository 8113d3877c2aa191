"""docs/RULES.md is the rules reference the code cites: wherever the package, the
tests or the docs cite it with a quoted section name, that name is one of its headings."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
CITATION = re.compile(r'(?:docs/)?RULES\.md "([^"]+)"')


def headings() -> set[str]:
    return {line.lstrip("#").strip() for line in RULES.read_text("utf-8").splitlines()
            if line.startswith("#")}


def citations() -> list[tuple[str, str]]:
    """(file, section) for every citation outside docs/RULES.md itself."""
    files = [*(ROOT / "havana_game").rglob("*.py"), *(ROOT / "tests").rglob("*.py"),
             *(ROOT / "tools").rglob("*.py"), *(ROOT / "net").rglob("*.py"),
             *(ROOT / "docs").glob("*.md"), ROOT / "README.md"]
    return [(str(path.relative_to(ROOT)), section) for path in files if path != RULES
            for section in CITATION.findall(path.read_text("utf-8"))]


def test_every_citation_of_the_rules_names_one_of_its_headings():
    found = citations()
    assert len({file for file, _ in found}) >= 10, found  # the engine, client and tests cite it
    missing = [(file, section) for file, section in found if section not in headings()]
    assert not missing, f"citations of docs/RULES.md naming no heading: {missing}"


def test_the_readme_and_the_engine_reference_link_the_rules():
    for doc, link in (("README.md", "(docs/RULES.md)"), ("docs/ENGINE.md", "(RULES.md)")):
        assert link in (ROOT / doc).read_text("utf-8"), doc
