"""LATEST paper (Majumdar & Sen, "LATEST: Lazy Dynamic Test Input Generation",
UCB/EECS-2007-36), section 5.2 and Table 2: "A Simple Calculator".

RECONSTRUCTION.  The paper gives no code, only: "a C implementation of a
simple calculator that can perform basic operations such addition,
subtraction, multiplication, and division.  The implementation has around
120 lines of C code.  Like any other calculator, this calculator takes
numbers and operators as inputs."  The experiment bounds "the number of
calculator operations ... along an execution path" (1 to 4), calls an input
*valid* "if the calculator produces no syntax error on the input".  LATEST
abstracts the functions the user names (section 5: "in the parser case
study we identify the lex, the strcmp, and the regex functions as
abstract"); here those are the lexer functions.  Everything below beyond
that is ours, in the shape of a hand-written C calculator:

    expression = term { ("+" | "-") term }
    term       = factor { ("*" | "/") factor }
    factor     = number | "(" expression ")"
    number     = digit { digit }            blanks may separate tokens

Python rendering: the lexer is a set of small pure functions of
(input, index), each returning one int or bool, so a LATEST-style tool can
replace each call by a fresh input and expand it later: `is_digit`,
`is_space`, `skip_space` (index of the next non-blank), `next_token` (kind
of the token at an index, `BAD` for an unknown character), `number_end` and
`number_value` (end and value of a digit run).  The recursive-descent
parser (`expression`, `term`, `factor`) evaluates as it parses; its state
(the input, the position, the current token and its value, the number of
operations applied, the depth of parentheses, the tokens read) is a small
`Cursor` object, the stand-in for C's globals.  The parser calls the lexer
in one place, `advance`, once per token (the paper's Figure 3: `while (token
= lex())`): a parser that peeked at the same position again and again would
give a lazy tool one fresh abstract token per look, most of them contradicting
each other, and abstract paths that cannot be concretized.
Division is C's: it truncates toward zero (`divide`).  `calc(s)` returns
the value of a valid expression and raises ValueError on a syntax error, a
division by zero, or parentheses nested more than 64 deep (rejected rather
than exhausting Python's stack).  There is no unary minus: "-1" is a syntax
error, "0-1" is -1.

Sizes (Table 2 bounds the operations along a path): `calc_ops1` ..
`calc_ops4` accept at most 2k + 1 tokens, hence at most k operations, and
reject longer input as a syntax error.  The bound is what keeps a lazy
exploration finite: with the lexer abstracted, the parser alone cannot see
that a short string holds few tokens.

The bug (ours, in the spirit of Table 2's operation counts): a valid
expression with exactly 3 operations whose value is 42 makes `calc` fail an
assertion.  Four operands and three operators need at least 7 characters
(e.g. "6*7*1*1"), so a `--max-str-len` below 7 cannot find it.  Division
truncates, so "(1-3)/3+42" fails too (-2/3 is 0 in C; Python's floor
division would make it -1 and the value 41).

Paper's reference numbers (Table 2; branch coverage 97.62% in every row):
  1 operation:  CUTE 20m26s, 19,435 iterations, 6 valid inputs;
                LATEST 3s, 206 iterations, 6 valid inputs;
  2 operations: CUTE > 26 hr, > 10^6 iterations, 0 valid inputs;
                LATEST 47s, 1,671 iterations, 26 valid inputs;
  3 operations: LATEST 6m8s, 10,000 iterations, 104 valid inputs;
  4 operations: LATEST 431m11s, 485,256 iterations, 3,126 valid inputs
                (more than 10^10 feasible paths estimated; CUTE not run).
"""

EXPECTED = {
    "function": "calc",
    "bug": "AssertionError when s is a valid expression with exactly 3 operations whose value is 42 (needs n >= 7)",
    "bug_input": {"s": "6*7*1*1"},
    "unreachable": [],
    # Counted by brute force: every str of length <= n over the 19
    # characters that are classes of their own here (the 10 digits, whose
    # values matter; "+-*/() "; "!" for any other character below "0" and
    # "x" for any above "9": only is_digit compares by order), each run
    # under an opcode tracer of every function and method in this module,
    # distinct instruction sequences counted.  The same counts come out over
    # printable ASCII plus NUL, tab, DEL, "é" and "€" for n <= 3.  Recounted
    # (n <= 4) when the parser was changed to read each token once; n = 5 and
    # beyond were not enumerated (19**5 inputs; the count grows about 4x per
    # character); the bug needs n >= 7.
    "paths": {1: 11, 2: 41, 3: 162, 4: 660},
    "paper": "LATEST Table 2: 1 op: CUTE 19,435 iterations vs LATEST 206; 2 ops: CUTE > 10^6 (no valid input) vs LATEST 1,671 (26 valid); 3 ops: LATEST 10,000 (104 valid); 4 ops: LATEST 485,256 (3,126 valid); 97.62% branch coverage",
}

# Token kinds returned by next_token.
END, NUM, PLUS, MINUS, TIMES, DIVIDE, LPAREN, RPAREN, BAD = range(9)

MAX_DEPTH = 64  # deeper parentheses are rejected (a C version would overflow its stack)
BUG_OPS = 3  # the assertion needs exactly this many operations ...
BUG_VALUE = 42  # ... and this value


# ---------------------------------------------------------------- the lexer


def is_digit(c: str) -> bool:
    return "0" <= c and c <= "9"


def is_space(c: str) -> bool:
    return c == " "


def skip_space(s: str, i: int) -> int:
    """Index of the first non-blank character at or after i (or len(s))."""
    while i < len(s) and is_space(s[i]):
        i += 1
    return i


def next_token(s: str, i: int) -> int:
    """Kind of the token that starts at index i; blanks are not skipped."""
    if i >= len(s):
        return END
    c = s[i]
    if is_digit(c):
        return NUM
    if c == "+":
        return PLUS
    if c == "-":
        return MINUS
    if c == "*":
        return TIMES
    if c == "/":
        return DIVIDE
    if c == "(":
        return LPAREN
    if c == ")":
        return RPAREN
    return BAD


def number_end(s: str, i: int) -> int:
    """Index just past the run of digits that starts at i."""
    while i < len(s) and is_digit(s[i]):
        i += 1
    return i


def number_value(s: str, i: int, j: int) -> int:
    """Value of the decimal digits s[i:j]."""
    value = 0
    while i < j:
        value = value * 10 + (ord(s[i]) - ord("0"))
        i += 1
    return value


# ------------------------------------------------- the parser and evaluator


class Cursor:
    """Parser state: the input, the position just past the current token, the
    current token (kind and, for a number, value), the operations applied so
    far, the nesting depth of parentheses, the tokens read so far and the most
    tokens allowed (None: no bound)."""

    __slots__ = ("s", "pos", "tok", "value", "ops", "depth", "tokens", "max_tokens")

    def __init__(self, s: str, max_tokens: int | None = None) -> None:
        self.s = s
        self.pos = 0
        self.tok = END
        self.value = 0
        self.ops = 0
        self.depth = 0
        self.tokens = 0
        self.max_tokens = max_tokens


def advance(cur: Cursor) -> None:
    """Read the next token into cur.tok (and its value into cur.value): the one
    place the parser calls the lexer, once per token (the paper's lex())."""
    i = skip_space(cur.s, cur.pos)
    tok = next_token(cur.s, i)
    value = 0
    end = i
    if tok == NUM:
        end = number_end(cur.s, i)
        value = number_value(cur.s, i, end)
    elif tok != END:
        end = i + 1
    cur.tok = tok
    cur.value = value
    cur.pos = end
    if tok != END:
        cur.tokens += 1
        if cur.max_tokens is not None and cur.tokens > cur.max_tokens:
            raise ValueError("syntax error: too many tokens")


def divide(a: int, b: int) -> int:
    """C integer division: truncates toward zero; a zero divisor is an error."""
    if b == 0:
        raise ValueError("division by zero")
    negative = False
    if a < 0:
        a = -a
        negative = not negative
    if b < 0:
        b = -b
        negative = not negative
    q = a // b
    if negative:
        return -q
    return q


def factor(cur: Cursor) -> int:
    if cur.tok == NUM:
        value = cur.value
        advance(cur)
        return value
    if cur.tok == LPAREN:
        if cur.depth == MAX_DEPTH:
            raise ValueError("expression nested too deeply")
        cur.depth += 1
        advance(cur)
        value = expression(cur)
        if cur.tok != RPAREN:
            raise ValueError("syntax error: expected ')'")
        advance(cur)
        cur.depth -= 1
        return value
    raise ValueError("syntax error: expected a number or '('")


def term(cur: Cursor) -> int:
    value = factor(cur)
    while True:
        if cur.tok == TIMES:
            advance(cur)
            cur.ops += 1
            value = value * factor(cur)
        elif cur.tok == DIVIDE:
            advance(cur)
            cur.ops += 1
            value = divide(value, factor(cur))
        else:
            return value


def expression(cur: Cursor) -> int:
    value = term(cur)
    while True:
        if cur.tok == PLUS:
            advance(cur)
            cur.ops += 1
            value = value + term(cur)
        elif cur.tok == MINUS:
            advance(cur)
            cur.ops += 1
            value = value - term(cur)
        else:
            return value


def evaluate(s: str, max_tokens: int | None) -> int:
    """Value of the expression s of at most max_tokens tokens (None: any number);
    ValueError if s is not a valid expression."""
    cur = Cursor(s, max_tokens)
    advance(cur)
    value = expression(cur)
    if cur.tok != END:
        raise ValueError("syntax error: unexpected input after the expression")
    if cur.ops == BUG_OPS and value == BUG_VALUE:
        raise AssertionError("a valid expression with 3 operations evaluated to 42")
    return value


def calc(s: str) -> int:
    """Value of the expression s; ValueError if s is not a valid expression."""
    return evaluate(s, None)


# Bounded entries, the sizes of Table 2: at most 2k + 1 tokens, so at most k
# operations ("(1)" is 3 tokens and none).  A bound on tokens keeps the abstract
# exploration of lazy expansion finite: with the lexer abstracted, the parser
# alone does not know that a short string holds few tokens.


def calc_ops1(s: str) -> int:
    return evaluate(s, 3)


def calc_ops2(s: str) -> int:
    return evaluate(s, 5)


def calc_ops3(s: str) -> int:
    return evaluate(s, 7)


def calc_ops4(s: str) -> int:
    return evaluate(s, 9)
