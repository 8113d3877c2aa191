"""Join codes and seat tokens (PROTOCOL.md "Joining").

A join code is 50 random bits in Crockford base32 (10 characters, shown as
XXXXX-XXXXX); a seat token is 32 random bytes (64 hex digits). Only a token's
sha256 is kept, in memory and in saves; comparisons are constant-time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_CODE_CHARS = 10
_CONFUSABLE = str.maketrans({"I": "1", "L": "1", "O": "0", "U": "V"})


def new_join_code() -> str:
    raw = "".join(secrets.choice(_ALPHABET) for _ in range(_CODE_CHARS))
    return f"{raw[:5]}-{raw[5:]}"


def normalize_code(code: str) -> str:
    """Case, dashes, spaces and look-alike letters do not matter when typing a code."""
    cleaned = code.upper().replace("-", "").replace(" ", "").translate(_CONFUSABLE)
    return f"{cleaned[:5]}-{cleaned[5:]}" if len(cleaned) == _CODE_CHARS else cleaned


def new_token() -> str:
    return secrets.token_hex(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def token_matches(token: str, expected_hash: str | None) -> bool:
    return expected_hash is not None and hmac.compare_digest(token_hash(token), expected_hash)
