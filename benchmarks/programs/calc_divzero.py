"""A recursive-descent calculator written as one would in Python, whose only bug is
a division by a computed zero (issue 12: an independent check of relative
completeness; not from a paper).

    expr   = term { ("+" | "-") term }
    term   = factor { ("*" | "/") factor }
    factor = digits | "(" expr ")"

The parser is a class with a position (`Parser.pos`) that its methods advance:
`peek` reads the current character, `number` reads a run of digits, and the
grammar's methods call each other.  Every method is a function of the target's
own code with an `int` or `str` result, so LATEST may abstract any of them and
SMART may summarize any of them -- except that they read and write `self.pos`,
which a summary cannot express and an abstracted call does not perform.  That is
what the issue's reproduction found: LATEST claimed a complete search after
refuting the abstract paths that lead to the bug, and SMART never reached it.

The bug: `/` divides by whatever the right operand evaluates to, so "1/0",
"1/(1-1)", "9/(3-3)" raise ZeroDivisionError.  Everything else that is not a
valid expression raises ValueError on purpose (an expected outcome).
"""

EXPECTED = {
    "function": "calc",
    "bug": "ZeroDivisionError when a divisor evaluates to 0 (e.g. '1/0', needs n >= 3)",
    "bug_input": {"s": "1/0"},
    "unreachable": [],
    "paths": None,
    "paper": "issue 12: DART finds the bug at run 577; LATEST claimed complete without it; SMART did not find it",
}


class Parser:
    """The input and the position of the next unread character."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def peek(self) -> str:
        """The current character, or "" at the end."""
        if self.pos < len(self.text):
            return self.text[self.pos]
        return ""

    def number(self) -> int:
        start = self.pos
        while "0" <= self.peek() <= "9":
            self.pos += 1
        if self.pos == start:
            raise ValueError("number expected at %d" % start)
        return int(self.text[start:self.pos])

    def factor(self) -> int:
        if self.peek() == "(":
            self.pos += 1
            value = self.expr()
            if self.peek() != ")":
                raise ValueError("')' expected")
            self.pos += 1
            return value
        return self.number()

    def term(self) -> int:
        value = self.factor()
        while True:
            op = self.peek()
            if op == "*":
                self.pos += 1
                value = value * self.factor()
            elif op == "/":
                self.pos += 1
                value = value // self.factor()   # the bug: the divisor may be 0
            else:
                return value

    def expr(self) -> int:
        value = self.term()
        while True:
            op = self.peek()
            if op == "+":
                self.pos += 1
                value = value + self.term()
            elif op == "-":
                self.pos += 1
                value = value - self.term()
            else:
                return value


def calc(s: str) -> int:
    """The value of the expression s; ValueError if s is not one."""
    p = Parser(s)
    value = p.expr()
    if p.pos != len(s):
        raise ValueError("unexpected %r at %d" % (s[p.pos], p.pos))
    return value


# The same calculator in functional style: each function takes the input and a
# position and returns the position after what it read (with the value, for the
# grammar's functions), so nothing is written to state and SMART may summarize
# every one of them.

def digits_end(s: str, i: int) -> int:
    """Index just past the run of ASCII digits that starts at i."""
    while i < len(s) and "0" <= s[i] <= "9":
        i += 1
    return i


def char_at(s: str, i: int) -> str:
    """The character at i, or "" past the end."""
    if i < len(s):
        return s[i]
    return ""


def factor_at(s: str, i: int) -> tuple:
    if char_at(s, i) == "(":
        value, i = expr_at(s, i + 1)
        if char_at(s, i) != ")":
            raise ValueError("')' expected")
        return value, i + 1
    j = digits_end(s, i)
    if j == i:
        raise ValueError("number expected at %d" % i)
    return int(s[i:j]), j


def term_at(s: str, i: int) -> tuple:
    value, i = factor_at(s, i)
    while True:
        op = char_at(s, i)
        if op == "*":
            rhs, i = factor_at(s, i + 1)
            value = value * rhs
        elif op == "/":
            rhs, i = factor_at(s, i + 1)
            value = value // rhs   # the bug: the divisor may be 0
        else:
            return value, i


def expr_at(s: str, i: int) -> tuple:
    value, i = term_at(s, i)
    while True:
        op = char_at(s, i)
        if op == "+":
            rhs, i = term_at(s, i + 1)
            value = value + rhs
        elif op == "-":
            rhs, i = term_at(s, i + 1)
            value = value - rhs
        else:
            return value, i


def calc_pure(s: str) -> int:
    """calc in functional style: the value of the expression s; ValueError if s is not one."""
    value, i = expr_at(s, 0)
    if i != len(s):
        raise ValueError("unexpected %r at %d" % (s[i], i))
    return value


# The same calculator over a token list: a pure tokenizer, then a parser that
# walks the list with an index (the common Python shape: lexer first, parser after).

def tokenize(s: str) -> list:
    """The tokens of s: ints for numbers, one-character strs for the rest."""
    tokens = []
    i = 0
    while i < len(s):
        c = s[i]
        if "0" <= c <= "9":
            j = digits_end(s, i)
            tokens.append(int(s[i:j]))
            i = j
        elif c in "+-*/()":
            tokens.append(c)
            i += 1
        else:
            raise ValueError("unexpected %r" % c)
    return tokens


def token_at(tokens: list, i: int) -> object:
    if i < len(tokens):
        return tokens[i]
    return None


def parse_factor(tokens: list, i: int) -> tuple:
    t = token_at(tokens, i)
    if t == "(":
        value, i = parse_expr(tokens, i + 1)
        if token_at(tokens, i) != ")":
            raise ValueError("')' expected")
        return value, i + 1
    if isinstance(t, int):
        return t, i + 1
    raise ValueError("number expected")


def parse_term(tokens: list, i: int) -> tuple:
    value, i = parse_factor(tokens, i)
    while token_at(tokens, i) == "*" or token_at(tokens, i) == "/":
        op = token_at(tokens, i)
        rhs, i = parse_factor(tokens, i + 1)
        if op == "*":
            value = value * rhs
        else:
            value = value // rhs   # the bug: the divisor may be 0
    return value, i


def parse_expr(tokens: list, i: int) -> tuple:
    value, i = parse_term(tokens, i)
    while token_at(tokens, i) == "+" or token_at(tokens, i) == "-":
        op = token_at(tokens, i)
        rhs, i = parse_term(tokens, i + 1)
        if op == "+":
            value = value + rhs
        else:
            value = value - rhs
    return value, i


def calc_tokens(s: str) -> int:
    """calc over a token list: the value of the expression s; ValueError if s is not one."""
    tokens = tokenize(s)
    value, i = parse_expr(tokens, 0)
    if i != len(tokens):
        raise ValueError("unexpected token")
    return value
