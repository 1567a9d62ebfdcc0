"""Random annotated programs (assumptions, checks with suppositions, asserts, helpers,
methods, loops, try/except) for differential tests of the --guided modes.

The entry point is `f(x: int, y: int)`; every loop is bounded (a `while` counts with a
variable of its own nesting depth), so every program has
finitely many paths.  The same seed always gives the same program.  Used by
tests/integration/test_guided_random.py (guided against unguided) and by the
relative-completeness suite (every strategy and --guided mode against DART).
"""
from __future__ import annotations

import random

SUPPOSITIONS = ["True", "False", "a", "b", "a and b", "a or b", "not a", "not (a and b)"]


class _Gen:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.messages = 0
        self.helpers = ["h0", "h1"]

    def cond(self) -> str:
        r = self.rng
        var = r.choice(["x", "y", "x + y", "x - y", "2 * x"])
        return f"{var} {r.choice(['<', '<=', '==', '!=', '>', '>='])} {r.randint(-4, 6)}"

    def message(self) -> str:
        self.messages += 1
        return f"m{self.messages}"

    def block(self, depth: int, indent: str, helper: bool) -> list[str]:
        return [line for _ in range(self.rng.randint(1, 3)) for line in self.stmt(depth, indent, helper)]

    def stmt(self, depth: int, indent: str, helper: bool) -> list[str]:
        r = self.rng
        kinds = ["assumed", "check", "check", "assign", "return"]
        if depth < 2:
            kinds += ["if", "if", "for", "try", "while", "with"]
        if not helper:
            kinds += ["call", "call", "assert", "raise", "map", "method", "nested"]
        kind = r.choice(kinds)
        i = indent
        if kind == "return":
            return [f"{i}if {self.cond()}:", f"{i}    return {r.choice('xy')}"]
        if kind == "raise":
            return [f"{i}if {self.cond()}:", f'{i}    raise AssertionError("{self.message()}")']
        if kind == "map":
            return [f"{i}{r.choice('xy')} = sum(map({r.choice(self.helpers)}, [x, y]))"]
        if kind == "method":
            return [f"{i}{r.choice('xy')} = Box().{r.choice(self.helpers)}({r.choice('xy')})"]
        if kind == "nested":
            return [f"{i}def _inner(x: int) -> int:", f"{i}    y = 0",
                    *self.block(2, i + "    ", True), f"{i}    return x",
                    f"{i}{r.choice('xy')} = _inner({r.choice('xy')})"]
        if kind == "while":
            n = f"_n{depth}"   # a counter per nesting depth: an inner loop must not reset the outer one's
            return [f"{i}{n} = 0", f"{i}while {n} < 2 and {self.cond()}:", f"{i}    {n} += 1",
                    *self.block(depth + 1, i + "    ", helper)]
        if kind == "with":
            return [f"{i}with contextlib.suppress(AssertionError):", *self.block(depth + 1, i + "    ", helper)]
        if kind == "assumed":
            return [f'{i}smartest.assumed({self.cond()}, "{r.choice("ab")}")']
        if kind == "check":
            return [f'{i}smartest.check({self.cond()}, verified="{r.choice(SUPPOSITIONS)}", '
                    f'message="{self.message()}")']
        if kind == "assert":
            return [f'{i}assert {self.cond()}, "{self.message()}"']
        if kind == "assign":
            return [f"{i}{r.choice('xy')} = {r.choice('xy')} + {r.randint(-2, 2)}"]
        if kind == "call":
            return [f"{i}{r.choice('xy')} = {r.choice(self.helpers)}({r.choice('xy')})"]
        inner = indent + "    "
        if kind == "if":
            lines = [f"{i}if {self.cond()}:", *self.block(depth + 1, inner, helper)]
            if r.random() < 0.5:
                lines += [f"{i}else:", *self.block(depth + 1, inner, helper)]
            return lines
        if kind == "for":
            return [f"{i}for _k in range(2):", *self.block(depth + 1, inner, helper)]
        handler = r.choice(["AssertionError", "ValueError"])
        return [f"{i}try:", *self.block(depth + 1, inner, helper), f"{i}except {handler}:",
                *self.block(depth + 1, inner, helper)]

    def program(self) -> str:
        lines = ["import contextlib", "import smartest", ""]
        for h in self.helpers:
            lines += [f"def {h}(x: int) -> int:", "    y = 1", *self.block(0, "    ", True), "    return x", ""]
        lines += ["class Box:"]
        for h in self.helpers:
            lines += [f"    def {h}(self, x: int) -> int:", "        y = 2", *self.block(1, "        ", True),
                      f"        return {h}(x)", ""]
        lines += ["def f(x: int, y: int) -> int:", *self.block(0, "    ", False), "    return x + y", ""]
        return "\n".join(lines)


def program(seed: int) -> str:
    """The source of the annotated program of this seed."""
    return _Gen(seed).program()
