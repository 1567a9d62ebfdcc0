"""A calculator of the LATEST paper's shape: a table-driven lexer with many
paths per token, and a recursive-descent parser over its tokens (Majumdar &
Sen, UCB/EECS-2007-36, section 5.2; issue 12 item 3).

Why another calculator.  `calc.py` classifies a character with two range
comparisons, so its whole lexer has about four paths per character and DART
is not exploded by it (notes/strategies-papers.md: DART 242 valid inputs in
2,000 runs where the paper's CUTE had 6 in 19,435).  The paper's argument is
about lexers written the C way: "the lexer has many different paths through
it", and the parser makes "many almost independent calls to the lexer".
Here every character is looked up in a table, compared entry by entry (C's
`strchr(ops, c)`, a digit's value by its place in "0123456789"), so a digit
takes one path per value and an operator one per table entry: about twenty
paths per character, multiplied along the input for DART, while the parser
sees only the token kind.

    expression = term { ("+" | "-") term }
    term       = factor { ("*" | "/") factor }
    factor     = number | "(" expression ")"
    number     = digit { digit }          blanks (" ", tab, newline) may separate tokens

The lexer is small pure functions of (input, index) returning one int:
`index_of` (place of a character in a table, -1 if absent) and the
functions a LATEST user names with `--abstract` (LEXER below, the paper's
"lex"): `skip_blanks`, `token_kind`, `number_end`, `number_value`.  The
parser calls the lexer in one place, `advance`, once per token (the
paper's Figure 3 `while (token = lex())`).  Division is Python's floor
division; a zero divisor is a ValueError, like a syntax error.

Sizes: `calc_ops1` .. `calc_ops3` accept at most 2k + 1 tokens (k
operations).  The bound keeps a lazy exploration finite: with the lexer
abstracted, the parser alone cannot tell that a short string has few tokens.

The deep bug: a valid expression with exactly two operations whose value is
42 fails an assertion ("6*7+0" is the shortest kind, five characters), so
it needs a valid input of five tokens whose numbers the solver picks.
"""

EXPECTED = {
    "function": "calc_ops2",
    "bug": "AssertionError when s is a valid expression with exactly 2 operations whose value is 42 (needs n >= 5)",
    "bug_input": {"s": "6*7+0"},
    "unreachable": [],
    "paper": "LATEST Table 2: 1 op: CUTE 19,435 iterations vs LATEST 206; 2 ops: CUTE > 10^6 (no valid input) vs LATEST 1,671 (26 valid)",
}

EXPECTED_VARIANTS = [
    {"function": "calc_ops1", "bug": None, "bug_input": None, "unreachable": [],
     "paper": "LATEST Table 2, 1 operation"},
]

LEXER = ("skip_blanks", "token_kind", "number_end", "number_value")

DIGITS = "0123456789"
OPERATORS = "+-*/()"
BLANKS = " \t\n"

# Token kinds: END, NUM, then one per entry of OPERATORS, then BAD.
END, NUM, PLUS, MINUS, TIMES, DIVIDE, LPAREN, RPAREN, BAD = range(9)

BUG_OPS = 2
BUG_VALUE = 42


# ---------------------------------------------------------------- the lexer


def index_of(table: str, c: str) -> int:
    """Place of character c in table, -1 if absent (C's strchr, entry by entry)."""
    k = 0
    while k < len(table):
        if table[k] == c:
            return k
        k += 1
    return -1


def skip_blanks(s: str, i: int) -> int:
    """Index of the first non-blank character at or after i (or len(s))."""
    while i < len(s) and index_of(BLANKS, s[i]) >= 0:
        i += 1
    return i


def token_kind(s: str, i: int) -> int:
    """Kind of the token that starts at index i; blanks are not skipped."""
    if i >= len(s):
        return END
    if index_of(DIGITS, s[i]) >= 0:
        return NUM
    k = index_of(OPERATORS, s[i])
    if k >= 0:
        return PLUS + k
    return BAD


def number_end(s: str, i: int) -> int:
    """Index just past the run of digits that starts at i."""
    while i < len(s) and index_of(DIGITS, s[i]) >= 0:
        i += 1
    return i


def number_value(s: str, i: int, j: int) -> int:
    """Value of the decimal digits s[i:j]."""
    value = 0
    while i < j:
        value = value * 10 + index_of(DIGITS, s[i])
        i += 1
    return value


# ------------------------------------------------- the parser and evaluator


class Cursor:
    """Parser state (C's globals): the input, the position past the current
    token, its kind and value, the operations applied, the tokens read and the
    most tokens allowed."""

    __slots__ = ("s", "pos", "tok", "value", "ops", "tokens", "max_tokens")

    def __init__(self, s: str, max_tokens: int) -> None:
        self.s = s
        self.pos = 0
        self.tok = END
        self.value = 0
        self.ops = 0
        self.tokens = 0
        self.max_tokens = max_tokens


def advance(cur: Cursor) -> None:
    """Read the next token: the one place the parser calls the lexer."""
    i = skip_blanks(cur.s, cur.pos)
    tok = token_kind(cur.s, i)
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
        if cur.tokens > cur.max_tokens:
            raise ValueError("syntax error: too many tokens")


def factor(cur: Cursor) -> int:
    if cur.tok == NUM:
        value = cur.value
        advance(cur)
        return value
    if cur.tok == LPAREN:
        advance(cur)
        value = expression(cur)
        if cur.tok != RPAREN:
            raise ValueError("syntax error: expected ')'")
        advance(cur)
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
            divisor = factor(cur)
            if divisor == 0:
                raise ValueError("division by zero")
            value = value // divisor
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


def evaluate(s: str, max_tokens: int) -> int:
    """Value of the expression s of at most max_tokens tokens; ValueError if
    s is not one."""
    cur = Cursor(s, max_tokens)
    advance(cur)
    value = expression(cur)
    if cur.tok != END:
        raise ValueError("syntax error: unexpected input after the expression")
    if cur.ops == BUG_OPS and value == BUG_VALUE:
        raise AssertionError("a valid expression with 2 operations evaluated to 42")
    return value


def calc_ops1(s: str) -> int:
    return evaluate(s, 3)


def calc_ops2(s: str) -> int:
    return evaluate(s, 5)


def calc_ops3(s: str) -> int:
    return evaluate(s, 7)
