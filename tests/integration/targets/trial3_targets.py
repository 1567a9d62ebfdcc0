"""Targets written for the third field trial (notes/s9-trial3.md): each is a shape in
which C code takes the text of a symbolic value, with its outcomes declared.  Each
must either reach every declared outcome or say that its search is incomplete."""


def key_error_text(key: str) -> int:
    """`str()` of a KeyError is the repr of its key, taken in C.  Outcomes: 0, 1."""
    try:
        raise KeyError(key)
    except KeyError as e:
        return 1 if str(e) == "'gone'" else 0


def error_repr(word: str) -> int:
    """`repr()` of an exception reprs its arguments in C.  Outcomes: 0, 1."""
    return 1 if repr(ValueError(word)) == "ValueError('stop')" else 0


def error_code_text(n: int) -> int:
    """`str()` of an exception with an int argument calls the int's `__str__` from C.
    Outcomes: 0, 1."""
    return 1 if str(ValueError(n)) == "404" else 0


def pair_text(a: int) -> int:
    """A tuple's repr in C.  Outcomes: 0, 1."""
    return 1 if repr((a, "x")) == "(12, 'x')" else 0


def list_text(xs: list[int]) -> int:
    """A symbolic list's repr: with no items, no item is there to record it.
    Outcomes: 0, 1."""
    return 1 if str(xs) == "[]" else 0


def dict_text(d: dict[str, str]) -> int:
    """A symbolic dict's repr: its keys are stored plain.  Outcomes: 0, 1."""
    return 1 if str(d) == "{}" else 0


def set_text(s: set[int]) -> str:
    """A symbolic set's repr is a plain set's, never its proxy class's."""
    return str(s)


def printed_back(n: int) -> int:
    """print() into a StringIO the target reads back: C took the int's text.
    Outcomes: 0, 1."""
    import io
    from contextlib import redirect_stdout
    buf = io.StringIO()
    with redirect_stdout(buf):
        print(n)
    return 1 if buf.getvalue() == "7\n" else 0


def printed_out(n: int) -> int:
    """print() to the run's stdout: nothing comes back, so the search stays complete.
    Outcomes: 0, 1."""
    print("n is", n)
    return 1 if n > 3 else 0


def repeated(n: int) -> int:
    """`"ab" * n`: C repeats the plain str by the count's value.  Outcomes: 0, 1."""
    return 1 if "ab" * n == "abab" else 0


def tail_of(n: int) -> int:
    """A slice of a plain str with a symbolic bound.  Outcomes: 0, 1 (both followed)."""
    return 1 if "hello"[n:] == "llo" else 0


def head_count(n: int) -> int:
    """A slice of a plain list with a symbolic bound.  Outcomes: 0, 1."""
    return 1 if len([1, 2, 3, 4][:n]) == 2 else 0


def popped(n: int) -> int:
    """`list.pop(n)` reads the position as a C integer.  Outcomes: -1, 0, 1."""
    xs = [10, 20, 30]
    if n < -3 or n > 2:
        return -1
    return 1 if xs.pop(n) == 20 else 0


def inserted(n: int) -> int:
    """`list.insert(n, v)`.  Outcomes: 0, 1."""
    xs = [1, 2, 3]
    xs.insert(n, 9)
    return 1 if xs[0] == 9 else 0


def in_hex(n: int) -> int:
    """`hex(n)`.  Outcomes: 0, 1."""
    return 1 if hex(n) == "0x1f" else 0


def counted_from(n: int) -> int:
    """`enumerate(s, n)`: the start is read as a C integer.  Outcomes: 0, 1."""
    for i, _ in enumerate("ab", n):
        if i == 7:
            return 1
    return 0


def rounded(n: int) -> int:
    """`round(x, n)`.  Outcomes: 0, 1."""
    return 1 if round(1.23456, n) == 1.23 else 0


def found_from(n: int) -> int:
    """`xs.index(v, n)`: the start is a position.  Outcomes: -1, 0, 1."""
    xs = [5, 6, 5, 6]
    if n < 0 or n > 3:
        return -1
    return 1 if xs.index(5, n) == 2 else 0


def field_of(node: int, value: int):
    """jmespath's `visit_field`: `value.get(node["value"])` looks `get` up before it
    evaluates the argument, so an int `value` raises AttributeError (caught: None)
    whatever `node` is.  Outcome: None, never TypeError."""
    try:
        return value.get(node["value"])
    except AttributeError:
        return None


def window(n: int) -> int:
    """A slice object made apart, then used: its bound is read by C.  Outcomes: 0, 1."""
    cut = slice(0, n)
    return 1 if len([1, 2, 3, 4][cut]) == 3 else 0


def modular_power(n: int) -> int:
    """Three-argument `pow` never calls `__rpow__`: int's C code reads the exponent.
    Outcomes: 0, 1."""
    return 1 if pow(2, n, 7) == 4 else 0


def dropped(n: int) -> int:
    """`del xs[:n]` of a plain list.  Outcomes: 0, 1."""
    xs = [1, 2, 3, 4]
    del xs[:n]
    return 1 if len(xs) == 2 else 0


def emptied(n: int) -> int:
    """`xs[:n] = []` of a plain list.  Outcomes: 0, 1."""
    xs = [1, 2, 3, 4]
    xs[:n] = []
    return 1 if len(xs) == 2 else 0


def padded(n: int) -> int:
    """An f-string whose spec has a field of its own, formatting a plain value.
    Outcomes: 0, 1."""
    return 1 if len(f"{'a':>{n}}") == 3 else 0


class Rejected(ValueError):
    """A package's own exception keeping the text it was given (jmespath, docopt)."""

    def __init__(self, text):
        super().__init__(text)
        self.text = text


def rejected(s: str) -> int:
    """`super().__init__(s)`: BaseException's C init only keeps its argument.
    Outcomes: 0, 1, 2 (complete)."""
    try:
        raise Rejected(s)
    except Rejected as e:
        if e.args[0] == "no":
            return 1
        return 2 if str(e) == "ok" else 0


class Misplaced(ValueError):
    """jmespath's ParseError: `super().__init__(position, text)` with an int."""

    def __init__(self, position, text):
        super().__init__(position, text)
        self.position = position


def misplaced(n: int) -> int:
    """Outcomes: 0, 1 (complete)."""
    try:
        raise Misplaced(n, "x")
    except Misplaced as e:
        return 1 if e.position == 3 else 0
