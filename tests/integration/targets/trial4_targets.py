"""Targets for the fourth field trial's defects (notes/s10-trial4.md): each is the
shape a package from the index showed, written anew."""
from typing import Any, Callable


class Envelope:
    """A record other code fills in after `Envelope()` (email-validator's
    `ValidatedEmail` has no constructor; `validate_email` sets its attributes)."""

    sender: str
    size: int
    kind = "mail"   # a class-level value: not one of the attributes left unset


def too_big(envelope: Envelope) -> int:
    if envelope.size > 100:
        return 1
    return 0


class Stateless:
    """No constructor and nothing declared: `Stateless()` is every value it has."""

    def twice(self, n: int) -> int:
        return 2 * n


def doubled_if_small(helper: Stateless, n: int) -> int:
    if n < 10:
        return helper.twice(n) + 1
    return 0


def parse_number(text: str, *, convert: Callable[[str], Any] = int) -> int:
    """tomli's `loads(s, *, parse_float=float)`: a hook of a type no input is made
    of, with a default; the parsing is in the first parameter."""
    if text.startswith("#"):
        return -1
    if text == "7":
        return 1
    return 0


def hooked_middle(text: str, hook: Callable[[str], str] = str.upper, times: int = 1) -> int:
    """A hook with a default between two parameters: `times` must then go by name."""
    if times > 3:
        return 2
    return 1 if text == "x" else 0


def tag_number(token: int) -> int:
    """sqlparse's `TokenList.insert_before(where, token)` sets `token.parent`; an int
    has no attributes to set."""
    try:
        token.parent = "list"
    except AttributeError:
        return 0
    return 1 if token > 3 else 2


def tag_text(word: str) -> int:
    try:
        word.parent = None
    except AttributeError:
        return 0
    return 1 if word == "a" else 2


def tag_pair(pair: tuple[int, int]) -> int:
    try:
        pair.seen = True
    except AttributeError:
        return 0
    return 1 if pair[0] > 3 else 2


def untag_number(n: int) -> int:
    try:
        del n.real
    except AttributeError:
        return 0
    return 1


class Parcel:
    """As `Envelope`, with a method (email-validator's `ValidatedEmail.as_dict`)."""

    weight: int

    def heavy(self) -> int:
        if self.weight > 10:
            return 1
        return 0


def window_end(start, end=None):
    """sqlparse's `_token_matching(funcs, start=0, end=None)`: unannotated, the
    default None is the common call."""
    if end is None:
        return -1
    return 1 if end > start else 0


def has_namespace(n: int) -> int:
    """`vars()` of an int raises TypeError; a proxy (a Python subclass) has a `__dict__`.
    No model records it: the plain replay is what shows the run went elsewhere."""
    try:
        vars(n)
    except TypeError:
        return 0
    return 1 if n > 5 else 2
