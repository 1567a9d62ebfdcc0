"""Targets reduced from the second field trial (notes/s8-trial2.md): each is the shape
of a package function that smartest got wrong, with its outcomes declared."""
import os
import signal


def ascii_label(b: bytes) -> int:
    """idna.decode: `str(s, "ascii")` of a bytes label.  Outcomes: -1, 0, 1."""
    try:
        s = str(b, "ascii")
    except UnicodeDecodeError:
        return -1
    return 1 if s == "ab" else 0


def joined_bytes(b: bytes) -> int:
    """`b"".join(...)` of a symbolic bytes: C reads the buffer.  Outcomes: 0, 1."""
    return 1 if b"".join([b, b"x"]) == b"ax" else 0


def is_mutable_label(b: bytes | bytearray) -> int:
    """idna.ToUnicode's `label: bytes | bytearray`: bytearray inputs are never made, so
    `return 1` is out of reach; `complete` must say the union was narrowed."""
    return 1 if isinstance(b, bytearray) else 0


def bytes_then_crash(b: bytes, x: int) -> int:
    """A bytes input (kept as source text in the run directory, JSON has no bytes), then
    a crash that kills the exploration: its tests are run again plainly, apart."""
    if x == 13:
        os.kill(os.getpid(), signal.SIGSEGV)
    if not isinstance(b, bytes):
        raise TypeError("not bytes")
    return 1 if b == b"ab" else 0


class Negword:
    """num2words' `Num2Word_PT.to_currency`: the method cuts an attribute of its
    instance and puts it back only when nothing raised in between."""

    def __init__(self) -> None:
        self.word = "minus "

    def say(self, n: int) -> str:
        saved = self.word
        self.word = self.word[:-1]
        if n > 100:
            raise ValueError("too big")
        out = self.word + ("zero" if n == 0 else "some")
        self.word = saved
        return out


def guessed_then_crash(prefer, x: int) -> int:
    """num2words' `Num2Word_JA.to_cardinal_float`: a guessed int iterated raises a
    TypeError in the proxy's words, then the exploration is killed."""
    if x == 13:
        os.kill(os.getpid(), signal.SIGSEGV)
    return len([c for c in prefer])


def joined_generator(number: str) -> int:
    """stdnum's `clean`: `"".join(x for x in number)`.  Outcomes: 0, 1."""
    return 1 if "".join(x for x in number) == "a-b" else 0


def instance_of_any(x: int, kinds: tuple) -> int:
    """more_itertools' `always_iterable(obj, base_type)`: a symbolic tuple as the class
    info of isinstance.  Outcomes: 0 (empty), TypeError (an item that is no class)."""
    return 1 if isinstance(x, kinds) else 0


def keyword_count(**fields) -> int:
    """Explored with no keyword argument: `return 1` is out of reach."""
    return 1 if fields else 0


def reversed_text(number: str) -> int:
    """stdnum's luhn: `for i in reversed(str(number))`.  Outcomes: 0, 1."""
    out = ""
    for c in reversed(number):
        out += c
    return 1 if out == "abc" else 0


def transpose(it):
    """more-itertools' `transpose`: `zip(*it)` with a guessed int raises TypeError."""
    return list(zip(*it))


def non_ascii_count(txt):
    """text-unidecode's `unidecode(txt)`: unannotated, only iterated and its items given
    to `ord`.  Outcomes: 0, 1 and more."""
    n = 0
    for ch in txt:
        if ord(ch) > 127:
            n += 1
    return n
