"""Container inputs (not from a paper): a reverse-Polish calculator over a token
list mixing ints and an Enum, written for smartest's support of `list[Union[...]]`.

`evaluate(tokens)` pushes ints and applies operators to the two top values.  The
operator branch forgets to check the stack depth, so an operator with fewer than
two values on the stack pops an empty list: an `IndexError` bug.  The division
guards its divisor, and the final check raises on purpose (not a bug) when more
than one value is left.  Each token is a choice between an int and one of four
operators, decided when the input is built; the list is bounded by `--max-len n`.
"""
from __future__ import annotations

import enum
from typing import Union


class Op(enum.Enum):
    ADD = "+"
    SUB = "-"
    MUL = "*"
    DIV = "/"


def evaluate(tokens: list[Union[int, Op]]) -> int:
    stack: list[int] = []
    for t in tokens:
        if isinstance(t, int):
            stack.append(t)
            continue
        b = stack.pop()
        a = stack.pop()
        if t is Op.ADD:
            stack.append(a + b)
        elif t is Op.SUB:
            stack.append(a - b)
        elif t is Op.MUL:
            stack.append(a * b)
        else:
            stack.append(a // b if b != 0 else 0)
    if len(stack) != 1:
        raise ValueError("malformed expression")
    return stack[0]


EXPECTED = {
    "function": "evaluate",
    "bug": "IndexError: an operator with fewer than two values on the stack",
    "bug_input": {"tokens": [Op.ADD]},
    "unreachable": None,
    "paths": None,
    "paper": "none (written for smartest's container inputs)",
}
