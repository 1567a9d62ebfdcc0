"""Random multi-function programs for differential tests of compositional strategies.

Every program has finitely many paths (no input-dependent loop is unbounded:
integers are clamped to [-8, 8] first, strings are bounded by the exploration),
helpers that branch, call each other, return values or strings, and raise; and a
`top(...)` entry point that combines their results and fails an assertion on
some combination.  The same seed always gives the same program.
"""
from __future__ import annotations

import random

_INT_OPS = ["<", "<=", "==", "!=", ">", ">="]


def _cond(r: random.Random, names: list[str]) -> str:
    a, k, op = r.choice(names), r.randint(-6, 6), r.choice(_INT_OPS)
    if r.random() < 0.3 and len(names) > 1:
        return f"{a} + {r.choice(names)} {op} {k}"
    return f"{a} {op} {k}"


def _expr(r: random.Random, names: list[str]) -> str:
    a = r.choice(names)
    return r.choice([f"{a} + {r.randint(-3, 3)}", f"{r.randint(-3, 3)}", f"{a} - {r.choice(names)}", f"2 * {a}", a])


def _int_helper(r: random.Random, i: int, callees: list[int]) -> str:
    def block(depth: int, ind: str) -> list[str]:
        out = []
        if depth > 0 and r.random() < 0.8:
            out.append(f"{ind}if {_cond(r, ['a', 'b'])}:")
            out += block(depth - 1, ind + "    ")
            if r.random() < 0.7:
                out += [f"{ind}else:", *block(depth - 1, ind + "    ")]
        roll = r.random()
        if roll < 0.12:
            out.append(f"{ind}raise ValueError('h{i}')")
        elif roll < 0.35 and callees:
            out.append(f"{ind}return h{r.choice(callees)}({_expr(r, ['a', 'b'])}, {_expr(r, ['a', 'b'])}) + 1")
        else:
            out.append(f"{ind}return {_expr(r, ['a', 'b'])}")
        return out
    return "\n".join([f"def h{i}(a: int, b: int) -> int:", *block(2, "    ")])


_EXTRA_INT = {
    "rsum": ('''def rsum(n: int, k: int) -> int:
    if n <= 0:
        return k
    if n == k:
        raise ValueError("n == k")
    return rsum(n - 2, k) + 1''', "rsum({a}, {b})"),
    "maybe": ('''def maybe(n: int, k: int):
    if n > k:
        return None
    return n - k''', "(maybe({a}, {b}) or 0)"),
    "pair": ('''def pair(n: int, k: int):
    if n < k:
        return (n, 1)
    return (k, n)''', "pair({a}, {b})[{i}]"),
}


def int_program(seed: int) -> str:
    """Helpers h0.. over two ints (each may call the ones before it), now and then a
    recursive one, one returning None or an int, one returning a tuple; and top(x, y)."""
    r = random.Random(seed)
    n = r.randint(2, 3)
    parts = [_int_helper(r, i, list(range(i))) for i in range(n)]
    extras = [name for name in sorted(_EXTRA_INT) if r.random() < 0.4]
    parts += [_EXTRA_INT[name][0] for name in extras]
    body = ["def top(x: int, y: int) -> int:", "    if x < -8 or x > 8 or y < -8 or y > 8:", "        return 0"]
    names: list[str] = []
    for j in range(r.randint(2, 3)):
        if extras and r.random() < 0.5:
            use = _EXTRA_INT[r.choice(extras)][1]
            call = use.format(a=r.choice(["x", "y"] + names), b=_expr(r, ["x", "y"]), i=r.randint(0, 1))
        else:
            call = f"h{r.randrange(n)}({r.choice(['x', 'y'] + names)}, {_expr(r, ['x', 'y'])})"
        v = f"v{j}"
        if r.random() < 0.3:
            body += ["    try:", f"        {v} = {call}", "    except ValueError:", f"        {v} = {r.randint(-3, 3)}"]
        else:
            body.append(f"    {v} = {call}")
        names.append(v)
        if r.random() < 0.5:
            body += [f"    if {_cond(r, ['x', 'y'] + names)}:", f"        {v} = {v} + 1"]
    body += [f"    if {_cond(r, names)} and {_cond(r, ['x', 'y'] + names)}:", "        raise AssertionError('boom')",
             f"    return {names[-1]}"]
    return "\n\n\n".join([*parts, "\n".join(body)]) + "\n"


_STR_HELPERS = {
    "find_char": ("int", '''def find_char(s: str, c: str) -> int:
    i = 0
    while i < len(s):
        if s[i] == c:
            return i
        i += 1
    return -1''', lambda r, s: f"find_char({r.choice(s)}, {r.choice(['A', 'B', r.choice(s) + '[:1]'])})"),
    "count_char": ("int", '''def count_char(s: str, c: str) -> int:
    n = 0
    for ch in s:
        if ch == c:
            n += 1
    return n''', lambda r, s: f"count_char({r.choice(s)}, {r.choice(['A', 'B'])})"),
    "first_word": ("str", '''def first_word(s: str) -> str:
    i = 0
    while i < len(s) and s[i] != " ":
        i += 1
    return s[:i]''', lambda r, s: f"first_word({r.choice(s)})"),
    "wrap": ("str", '''def wrap(s: str, l: str) -> str:
    return l + s + l''', lambda r, s: f"wrap({r.choice(s)}, {r.choice(['LT', 'AB'])})"),
    "cap": ("str", '''def cap(s: str) -> str:
    if s and s[0] == "a":
        return "A" + s[1:]
    return s''', lambda r, s: f"cap({r.choice(s)})"),
    "digit": ("int", '''def digit(ch: str) -> int:
    if len(ch) != 1:
        raise ValueError("one char")
    if "0" <= ch <= "9":
        return ord(ch) - 48
    raise KeyError(ch)''', lambda r, s: f"digit({r.choice(s)}[:1])"),
    "prefix_len": ("int", '''def prefix_len(a: str, b: str) -> int:
    i = 0
    while i < len(a) and i < len(b) and a[i] == b[i]:
        i += 1
    return i''', lambda r, s: f"prefix_len({r.choice(s)}, {r.choice(s)})"),
}
_STR_CONSTANTS = 'A, B, LT, AB = "a", "b", "<", "ab"'


def str_program(seed: int) -> str:
    """Some string helpers (loops over characters, slices, concatenation, raises) and top(s, t)."""
    r = random.Random(seed)
    chosen = r.sample(sorted(_STR_HELPERS), r.randint(2, 4))
    strs, ints = ["s", "t"], []
    body = ["def top(s: str, t: str) -> int:"]
    for j in range(r.randint(2, 4)):
        name = r.choice(chosen)
        kind, _, call = _STR_HELPERS[name]
        v = f"v{j}"
        if name == "digit" or r.random() < 0.2:
            body += ["    try:", f"        {v} = {call(r, strs)}", "    except (ValueError, KeyError):",
                     f"        {v} = {'LT' if kind == 'str' else -7}"]
        else:
            body.append(f"    {v} = {call(r, strs)}")
        (strs if kind == "str" else ints).append(v)
        if r.random() < 0.5:
            test = f"len({v}) > {r.randint(0, 4)}" if kind == "str" else f"{v} == {r.randint(-1, 3)}"
            body += [f"    if {test}:", f"        {v} = {v} + {'LT' if kind == 'str' else 1}"]
    conds = [f"{r.choice(ints)} {r.choice(['==', '>', '<'])} {r.randint(-1, 3)}" if ints and r.random() < 0.6
             else f"len({r.choice(strs)}) == {r.randint(1, 5)}" for _ in range(2)]
    body += [f"    if {conds[0]} and {conds[1]}:", "        raise AssertionError('boom')", "    return 0"]
    return "\n\n\n".join([_STR_CONSTANTS, *(_STR_HELPERS[n][1] for n in chosen), "\n".join(body)]) + "\n"


_MIXED_HELPERS = [
    # (name, source, call template over s: str, n: int, and earlier int values)
    ("scan", '''def scan(s: str, c: str) -> int:
    k = 0
    for i in range(len(s)):
        if s[i] == c:
            k += i + 1
    return k''', "scan({s}, {c})"),
    ("weigh", '''def weigh(s: str, n: int) -> int:
    total = n
    i = 0
    while i < len(s):
        if s[i] < "m":
            total += 1
        else:
            total -= 2
        i += 1
    return total''', "weigh({s}, {n})"),
    ("step", '''def step(a: int, b: int) -> int:
    if a > b:
        return twice(a - b)
    if a == b:
        raise ValueError("equal")
    return b % 3''', "step({n}, {m})"),
    ("twice", '''def twice(a: int) -> int:
    if a > 4:
        return a // 2
    return 2 * a''', "twice({n})"),
    ("pick", '''def pick(s: str, n: int) -> str:
    if 0 <= n < len(s):
        return s[n]
    if n < 0 and len(s) > 0:
        return s[-1]
    return "z"''', "ord(pick({s}, {n}))"),
    ("digits", '''def digits(s: str) -> int:
    v = 0
    for ch in s:
        if "0" <= ch <= "9":
            v = v * 10 + (ord(ch) - 48)
        elif ch == "-":
            raise KeyError(ch)
    return v''', "digits({s})"),
    ("ratio", '''def ratio(a: int, b: int) -> int:
    return (a * 3) // (b - 2)''', "ratio({n}, {m})"),
]
_MIXED_NEEDS = {"step": ["twice"]}


def mixed_program(seed: int) -> str:
    """Helpers mixing strings and integers (loops over characters, a `while`, calls
    between helpers, `//` and `%`, `raise`, one runtime bug source: a division by
    a computed zero) and top(s, n) that chains them, catches some exceptions, and
    fails an assertion on some combination."""
    r = random.Random(seed)
    chosen = sorted(set(r.sample([h[0] for h in _MIXED_HELPERS], r.randint(2, 4))))
    for name in list(chosen):
        chosen += [d for d in _MIXED_NEEDS.get(name, []) if d not in chosen]
    helpers = {h[0]: h for h in _MIXED_HELPERS}
    ints = ["n"]
    body = ["def top(s: str, n: int) -> int:", "    if n < -6 or n > 6:", "        return -1"]
    for j in range(r.randint(2, 4)):
        name = r.choice(chosen)
        call = helpers[name][2].format(s=r.choice(["s", "s[1:]", "s + 'a'"]), c=repr(r.choice("abm1-")),
                                       n=r.choice(ints), m=r.choice(ints + [str(r.randint(-2, 4))]))
        v = f"v{j}"
        if r.random() < 0.4:
            body += ["    try:", f"        {v} = {call}", "    except (ValueError, KeyError):",
                     f"        {v} = {r.randint(-2, 2)}"]
        else:
            body.append(f"    {v} = {call}")
        if r.random() < 0.4:
            body += [f"    if {v} % 2 == {r.randint(0, 1)}:", f"        {v} = {v} + {r.randint(1, 3)}"]
        ints.append(v)
    a, b = r.sample(ints, 2)
    body += [f"    if {a} {r.choice(['==', '>', '<'])} {b} and len(s) {r.choice(['==', '>'])} {r.randint(0, 2)}:",
             "        raise AssertionError('boom')", f"    return {ints[-1]}"]
    order = [h[0] for h in _MIXED_HELPERS if h[0] in chosen]
    return "\n\n\n".join([*(helpers[n][1] for n in order), "\n".join(body)]) + "\n"


FAMILIES = {"int": int_program, "str": str_program, "mixed": mixed_program}


def program(seed: int) -> tuple[str, str]:
    """The seed-th program of the differential suite, cycling through the families."""
    family = sorted(FAMILIES)[seed % len(FAMILIES)]
    return family, FAMILIES[family](seed // len(FAMILIES))
