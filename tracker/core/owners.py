"""A session's owner: whoever started it holds its owner key (the API answers it
once, as `owner_key`; the page marks the phone in its cookie, tracker/web/devices.py) and was
shown its recovery code once. Setting, changing or removing the edit PIN needs one of them, or
the current PIN, so a stranger with the link cannot lock a table out of its own session.

Only hashes are stored (salted SHA-256: both secrets are random, the key 256 bits and the code
60, so no stretching is needed). The secrets are derived from a `seed` the caller gives: random
for each new session, or made from the request's Idempotency-Key and the server's secret, so
that a repeated create can answer the same owner key and code without them ever being stored.
A wrong owner key or recovery code counts as a wrong PIN (`pins.guard`); a right owner key is
never kept waiting, and a recovery code only by its own address's count (at 60 bits it cannot
be guessed, so strangers' wrong tries at the PIN do not keep its owner out).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from ..engine import Problem
from ..engine.messages import N_
from . import pins
from .errors import InputError
from .pins import Guarded, PinError

# Crockford's base 32: no I, L, O or U, so nothing is misread when copied from paper
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
GROUPS, GROUP_SIZE = 3, 4  # 12 characters of 5 bits: 60 bits
READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


@dataclass(frozen=True)
class OwnerSecrets:
    owner_key: str
    recovery_code: str


@dataclass(frozen=True)
class Claim:
    """What a request offers to change the edit PIN: the device's owner mark (checked by the
    web), an owner key, a recovery code, or the current PIN; tried on behalf of `client`."""

    owner: bool = False
    owner_key: str | None = None
    recovery_code: str | None = None
    pin: str | None = None
    client: str = "unknown"
    by: str = "server"  # who, in the history (pins.Access.by)


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def derive(seed: bytes, token: str) -> OwnerSecrets:
    """The owner key and recovery code of the session `token` made from `seed`."""
    key = hmac.new(seed, b"owner-key\0" + token.encode(), hashlib.sha256).digest()
    code = hmac.new(seed, b"recovery\0" + token.encode(), hashlib.sha256).digest()
    number = int.from_bytes(code[:8], "big")
    letters = "".join(ALPHABET[(number >> (5 * i)) & 31] for i in range(GROUPS * GROUP_SIZE))
    groups = [letters[i : i + GROUP_SIZE] for i in range(0, len(letters), GROUP_SIZE)]
    return OwnerSecrets(base64.urlsafe_b64encode(key).rstrip(b"=").decode(), "-".join(groups))


def issue(game: Guarded, seed: bytes) -> OwnerSecrets:
    """Give `game` (its token set) the owner key and recovery code of `seed`: hashes only."""
    made = derive(seed, game.token)
    game.owner_key_hash = _hash(made.owner_key)
    game.recovery_hash = _hash(_code(made.recovery_code))
    return made


def is_owner_key(game: Guarded, given) -> bool:
    return _matches(game.owner_key_hash, given)


def pin_change(game: Guarded, data, claim: Claim) -> str | None:
    """The new edit PIN of {"pin": "1234"} (None or "" removes it: answers None), once `claim`
    showed it may be changed (PinError if not; InputError for a PIN that is no PIN)."""
    if not isinstance(data, dict) or "pin" not in data:
        raise InputError(
            [
                Problem(
                    "pin",
                    N_(
                        "send %(example)s (4 to 6 digits), or %(none)s to remove it",
                        example='{"pin": "1234"}',
                        none='{"pin": null}',
                    ),
                )
            ]
        )
    problems: list[Problem] = []
    new_pin = pins.read_new_pin(data.get("pin"), "pin", problems)
    if problems:
        raise InputError(problems)
    admit_pin_change(game, claim)
    return new_pin


def admit_pin_change(game: Guarded, claim: Claim) -> None:
    """Raise PinError unless `claim` may set, change or remove the session's edit PIN."""
    if _owners(game, claim):
        return
    guard = pins.guard_of(game)  # a group's PIN, when it guards this session
    if guard.pin_hash is not None:
        pins.check(guard, claim.pin, claim.client)
        return
    if game.owner_key_hash is None:
        raise PinError(
            N_(
                "this session was started before sessions had an owner: whoever runs this "
                "server can give it a recovery code (flask sessions owner)"
            ),
            where="owner",
        )
    what = pins.noun(game)
    raise PinError(
        N_(
            "only the phone that started this %(thing)s can set its edit PIN: on another "
            "phone, enter the %(thing)s's recovery code",
            thing=what,
        ),
        where="owner",
    )


def admit_owner(game: Guarded, claim: Claim) -> None:
    """Raise PinError unless `claim` is the owner's (its phone, owner key or recovery code):
    what only the owner may do, such as erasing the history."""
    if _owners(game, claim):
        return
    raise PinError(
        N_(
            "only the phone that started this %(thing)s can do this: on another phone, enter "
            "the %(thing)s's recovery code",
            thing=pins.noun(game),
        ),
        where="owner",
    )


def _owners(game: Guarded, claim: Claim) -> bool:
    """Is `claim` the owner's: its phone, its owner key or its recovery code? A wrong key or
    code given raises PinError (and counts as a wrong PIN); none given answers False."""
    if claim.owner or is_owner_key(game, claim.owner_key):
        return True
    if _given(claim.owner_key):
        pins.guard(game, claim.client)
        raise PinError(N_("wrong owner key"), where="owner_key")
    if _given(claim.recovery_code):
        _check_recovery(game, claim)
        return True
    return False


def _check_recovery(game: Guarded, claim: Claim) -> None:
    count = pins.guard(game, claim.client, per_session=False)
    if _matches(game.recovery_hash, _code(claim.recovery_code)):
        pins.forgive(game, claim.client)
        return
    if count >= pins.MAX_WRONG:
        raise pins.too_many(game, claim.client)
    raise pins.wrong(N_("recovery code"), count, where="recovery_code")


def _given(value) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _code(value) -> str:
    """A recovery code as typed, read leniently: any case, spaces and dashes, O for 0."""
    if not isinstance(value, str):
        return ""
    return "".join(value.upper().split()).replace("-", "").translate(READ_AS)[:64]


def _hash(value: str) -> str:
    salt = secrets.token_hex(8)
    digest = hashlib.sha256((salt + value).encode("utf-8", "surrogatepass")).hexdigest()
    return f"sha256${salt}${digest}"


def _matches(stored: str | None, given) -> bool:
    if not stored or not isinstance(given, str) or not given or len(given) > 200:
        return False
    _, salt, digest = stored.split("$", 2)
    text = (salt + given.strip()).encode("utf-8", "surrogatepass")
    return hmac.compare_digest(digest, hashlib.sha256(text).hexdigest())
