"""Writes the fixture of a protocol version's host messages: one example of every
message type a host sends (`net.messages.HOST_MESSAGES`), each field filled from
its model (every optional field too, each value the simplest its checks allow),
into tests/fixtures/protocol-v<N>/messages.json, N the protocol version.

`tests/test_net_compatibility.py` reads every example with the code of the day: a
later host must stay readable by the clients of version N (a model may gain
message types and optional fields, never lose a type or a field, or make one
required: PROTOCOL.md "Versions"). The fixture of a version is written once,
when the version is new; a version bump writes the next one:

    python3 tools/protocol_messages.py [--replace]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from net import PROTOCOL_VERSION
from net.messages import HOST_MESSAGES, Unknown, unknown_field

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"
STRINGS = ("x", "0" * 64)
"""Strings an example tries, in this order, until one matches the field's pattern."""


def fixture(version: int = PROTOCOL_VERSION) -> Path:
    """Where the examples of protocol `version` are kept."""
    return FIXTURES / f"protocol-v{version}" / "messages.json"


def example(schema: dict[str, Any], defs: dict[str, Any]) -> Any:
    """The simplest value `schema` (a field's JSON schema) allows; a value that
    may be null is given its other kind, so that every example says something."""
    if "$ref" in schema:
        return example(defs[schema["$ref"].rsplit("/", 1)[1]], defs)
    if "anyOf" in schema:
        return example(next(s for s in schema["anyOf"] if s.get("type") != "null"), defs)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        return {name: example(field, defs)
                for name, field in schema.get("properties", {}).items()}
    if kind == "array":
        return [example(schema.get("items", {}), defs)]
    if kind == "string":
        return next(s for s in STRINGS if re.search(schema.get("pattern", ""), s))
    if kind == "integer":
        return schema.get("minimum", 1)
    if kind == "number":
        return 1.5
    if kind == "boolean":
        return True
    raise ValueError(f"no example for the schema {schema}")


def examples() -> dict[str, dict[str, Any]]:
    """An example of every host message type, by type, each read back whole."""
    out = {}
    for kind, model in sorted(HOST_MESSAGES.models.items()):
        schema = model.model_json_schema()
        message = example(schema, schema.get("$defs", {}))
        read = HOST_MESSAGES.read(message)
        assert not isinstance(read, Unknown) and unknown_field(read) is None, kind
        out[kind] = message
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--replace", action="store_true",
                        help="write over the fixture of the current version (only while "
                             "that version is not released)")
    args = parser.parse_args()
    path = fixture()
    if path.exists() and not args.replace:
        print(f"{path} exists: a released version's messages do not change (--replace "
              "if this version is not released yet)", file=sys.stderr)
        return 1
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(examples(), indent=1, sort_keys=True) + "\n", "utf-8")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
