"""LATEST paper (Majumdar & Sen, "LATEST: Lazy Dynamic Test Input Generation",
UCB/EECS-2007-36), section 5.3 and Table 3: "PL/0 Parser".

RECONSTRUCTION.  The paper gives no code, only: "a recursive descent parser
implementation of PL/0 written in C", PL/0 being Wirth's teaching subset of
Pascal ("basic arithmetic operations on integers and no control-flow
constructs other than 'if' and 'while' blocks"), written "without any use of
the compiler tools such as yacc or lex", with the lexer functions abstracted.
Inputs were bounded to 7 and 8 tokens, "because there in [sic] no valid program
in PL/0 with less than 7 tokens", and an input is valid "if the PL/0 parser can
parse the input without syntax error".  Everything below beyond that is ours:
Wirth's PL/0 grammar without declarations, procedures and I/O, over a small
token alphabet:

    program    = block "." .
    block      = "begin" statement { ";" statement } "end" .
    statement  = ident ":=" expression
               | "begin" statement { ";" statement } "end"
               | "if" condition "then" statement
               | "while" condition "do" statement .
    condition  = expression ( "=" | "<" ) expression .
    expression = [ "+" | "-" ] term { ( "+" | "-" ) term } .
    term       = factor { ( "*" | "/" ) factor } .
    factor     = ident | number | "(" expression ")" .

Tokens: identifiers are one lowercase letter, numbers one digit; the
keywords are begin, end, if, then, while, do; the symbols are
:= ; = < + - * / ( ) and the period.  Blanks separate tokens; a run of two or
more letters must spell a keyword, a digit may not be followed by a digit,
and any other character is a lexical error.  (Wirth's PL/0 also allows an
empty statement and a bare statement as the program body; we require a
non-empty `begin ... end` body, as Pascal does, so the shortest valid
program, "begin x := 1 end .", has 6 tokens, or 7 counting the end-of-input
token, which matches the paper's "no valid program with less than 7 tokens"
if its lexer's end marker counted.)

Python rendering: the lexer is a set of small pure functions of
(input, index) returning one int or bool, so a LATEST-style tool can
replace each call by a fresh input and expand it later: `is_letter`,
`is_digit`, `is_space`, `skip_space`, `word_end` (end of a run of letters),
`match_keyword` (the keyword symbol spelled by a letter run, compared char
by char, or NUL), `next_token` (the symbol at an index, NUL for a lexical
error).  `token_length` gives a symbol's length in characters (identifiers
and numbers have one).  The parser follows Wirth's: a current symbol `sym`
in a `Cursor` (the stand-in for C's globals), `getsym` to advance, one
function per nonterminal (`program`, `block`, `statement`, `condition`,
`expression`, `term`, `factor`), each raising ValueError on a syntax error.
Nesting deeper than 64 (parentheses, begin, if, while) is rejected with
ValueError rather than exhausting Python's stack.

Sizes (Table 3 bounds the tokens): `parse_tokens6` .. `parse_tokens8` accept
programs of at most k tokens and reject longer input as a syntax error; the
bound keeps a lazy exploration, with the lexer abstracted, finite.

Entry points: `parse(s)` returns the number of tokens of a valid program
(the end of input not counted) and raises ValueError otherwise;
`parse_and_check(s)` also fails an assertion when the program is valid and
has at least 7 tokens (the paper's bound; as in the TACAS'08 Pex
"Parser" benchmark, where "an assertion is violated if parsing is
successful").  So the target needs one token more than the shortest
program: a sign, a second statement, an operator, parentheses.  The shortest such input has 15
characters ("begin x:=-1end."; the blank after begin is needed, the one
before end is not), so a `--max-str-len` below 15 cannot find it.
Counting identifiers as one symbol and numbers as another, this grammar has
2 valid symbol sequences of 6 tokens, 4 of 7 (begin ident := +|- ident|number
end .), 20 of 8 and 44 of 9 (enumerated).  The paper does not give its
grammar; LATEST generated 99 valid inputs of 7 tokens and 399 of 8 there.

Paper's reference numbers (Table 3; LATEST branch coverage 74.26%, the
maximum because of dead code in their parser):
  7 tokens: CUTE > 24 hr, > 10^6 iterations, 0 valid inputs;
            LATEST 56m13s, 98,485 iterations, 99 valid inputs;
  8 tokens: LATEST 4hr37m, 448,046 iterations, 399 valid inputs
            (CUTE not run); section 1: "CUTE never managed to generate
            valid PL/0 programs after running for one day; however, LATEST
            generated all 99 PL/0 programs having 8 tokens within 5 hours"
            (Table 3 puts the 99 at 7 tokens).
"""

EXPECTED = {
    "function": "parse_and_check",
    "bug": "AssertionError when s is a valid program of at least 7 tokens (needs n >= 15, e.g. 'begin x:=-1end.')",
    "bug_input": {"s": "begin x := -1 end ."},
    "unreachable": [],
    # Counted by brute force: every str of length <= n over 29 characters
    # that stand for every class here (the 12 keyword letters; "x" for the
    # other lowercase letters; "1" for the digits; " ()*+-./:;<="; "!",
    # "A" and "~" for the other characters below "0", between "9" and "a",
    # and above "z": only is_letter and is_digit compare by order), each run
    # under an opcode tracer of every function and method in this module,
    # distinct instruction sequences counted.  The same counts come out over
    # printable ASCII plus NUL, tab, DEL, "é" and "€" for n <= 3.  No input
    # shorter than 14 characters is a valid program, so for these n every
    # path ends in ValueError and parse and parse_and_check have the same
    # paths; n = 5 and beyond were not enumerated (29**5 inputs).
    "paths": {1: 18, 2: 47, 3: 90, 4: 146},
    "paper": "LATEST Table 3: 7 tokens: CUTE > 10^6 iterations, 0 valid inputs vs LATEST 98,485 iterations, 99 valid inputs; 8 tokens: LATEST 448,046 iterations, 399 valid inputs; 74.26% branch coverage",
}

EXPECTED_VARIANTS = [
    {
        "function": "parse",
        "bug": None,
        "bug_input": None,
        "unreachable": [],
        # Counted the same way as for parse_and_check (same counts for n <= 13).
        "paths": {1: 18, 2: 47, 3: 90, 4: 146},
        "paper": "LATEST Table 3 (the parser itself: returns the token count of a valid program, ValueError on a syntax error)",
    },
]

# Symbols (Wirth's names).  NUL marks a lexical error, EOF the end of input.
(NUL, EOF, IDENT, NUMBER, BECOMES, SEMICOLON, EQL, LSS, PLUS, MINUS, TIMES,
 SLASH, LPAREN, RPAREN, PERIOD, BEGINSYM, ENDSYM, IFSYM, THENSYM, WHILESYM,
 DOSYM) = range(21)

KEYWORDS = ("begin", "end", "if", "then", "while", "do")
KEYWORD_SYMS = (BEGINSYM, ENDSYM, IFSYM, THENSYM, WHILESYM, DOSYM)

MAX_DEPTH = 64  # deeper nesting is rejected (a C version would overflow its stack)
MIN_TOKENS = 7  # parse_and_check fails on valid programs of this many tokens or more


# ---------------------------------------------------------------- the lexer


def is_letter(c: str) -> bool:
    return "a" <= c and c <= "z"


def is_digit(c: str) -> bool:
    return "0" <= c and c <= "9"


def is_space(c: str) -> bool:
    return c == " "


def skip_space(s: str, i: int) -> int:
    """Index of the first non-blank character at or after i (or len(s))."""
    while i < len(s) and is_space(s[i]):
        i += 1
    return i


def word_end(s: str, i: int) -> int:
    """Index just past the run of letters that starts at i."""
    while i < len(s) and is_letter(s[i]):
        i += 1
    return i


def match_keyword(s: str, i: int, j: int) -> int:
    """Symbol of the keyword spelled by s[i:j], or NUL if it spells none."""
    k = 0
    while k < len(KEYWORDS):
        word = KEYWORDS[k]
        if j - i == len(word):
            m = 0
            while m < len(word) and s[i + m] == word[m]:
                m += 1
            if m == len(word):
                return KEYWORD_SYMS[k]
        k += 1
    return NUL


def next_token(s: str, i: int) -> int:
    """Symbol of the token that starts at index i; blanks are not skipped."""
    if i >= len(s):
        return EOF
    c = s[i]
    if is_letter(c):
        j = word_end(s, i)
        if j - i == 1:
            return IDENT
        return match_keyword(s, i, j)
    if is_digit(c):
        if i + 1 < len(s) and is_digit(s[i + 1]):
            return NUL  # numbers have one digit
        return NUMBER
    if c == ":":
        if i + 1 < len(s) and s[i + 1] == "=":
            return BECOMES
        return NUL
    if c == ";":
        return SEMICOLON
    if c == "=":
        return EQL
    if c == "<":
        return LSS
    if c == "+":
        return PLUS
    if c == "-":
        return MINUS
    if c == "*":
        return TIMES
    if c == "/":
        return SLASH
    if c == "(":
        return LPAREN
    if c == ")":
        return RPAREN
    if c == ".":
        return PERIOD
    return NUL


def token_length(sym: int) -> int:
    """Length in characters of a token with symbol sym."""
    if sym == BECOMES or sym == IFSYM or sym == DOSYM:
        return 2
    if sym == ENDSYM:
        return 3
    if sym == THENSYM:
        return 4
    if sym == BEGINSYM or sym == WHILESYM:
        return 5
    return 1


# --------------------------------------------------------------- the parser


class Cursor:
    """Parser state: the input, the position just past the current symbol,
    the current symbol, the tokens read so far, the nesting depth and the most
    tokens allowed (None: no bound)."""

    __slots__ = ("s", "pos", "sym", "count", "depth", "max_tokens")

    def __init__(self, s: str, max_tokens: int | None = None) -> None:
        self.s = s
        self.pos = 0
        self.sym = EOF
        self.count = 0
        self.depth = 0
        self.max_tokens = max_tokens


def getsym(cur: Cursor) -> None:
    """Read the next symbol into cur.sym (Wirth's getsym)."""
    cur.pos = skip_space(cur.s, cur.pos)
    cur.sym = next_token(cur.s, cur.pos)
    if cur.sym == NUL:
        raise ValueError("lexical error")
    if cur.sym != EOF:
        cur.count += 1
        if cur.max_tokens is not None and cur.count > cur.max_tokens:
            raise ValueError("syntax error: too many tokens")
        cur.pos += token_length(cur.sym)


def expect(cur: Cursor, sym: int, what: str) -> None:
    if cur.sym != sym:
        raise ValueError("syntax error: expected " + what)
    getsym(cur)


def enter(cur: Cursor) -> None:
    if cur.depth == MAX_DEPTH:
        raise ValueError("program nested too deeply")
    cur.depth += 1


def factor(cur: Cursor) -> None:
    if cur.sym == IDENT or cur.sym == NUMBER:
        getsym(cur)
    elif cur.sym == LPAREN:
        enter(cur)
        getsym(cur)
        expression(cur)
        expect(cur, RPAREN, "')'")
        cur.depth -= 1
    else:
        raise ValueError("syntax error: expected an identifier, a number or '('")


def term(cur: Cursor) -> None:
    factor(cur)
    while cur.sym == TIMES or cur.sym == SLASH:
        getsym(cur)
        factor(cur)


def expression(cur: Cursor) -> None:
    if cur.sym == PLUS or cur.sym == MINUS:
        getsym(cur)
    term(cur)
    while cur.sym == PLUS or cur.sym == MINUS:
        getsym(cur)
        term(cur)


def condition(cur: Cursor) -> None:
    expression(cur)
    if cur.sym != EQL and cur.sym != LSS:
        raise ValueError("syntax error: expected '=' or '<'")
    getsym(cur)
    expression(cur)


def statement(cur: Cursor) -> None:
    enter(cur)
    if cur.sym == IDENT:
        getsym(cur)
        expect(cur, BECOMES, "':='")
        expression(cur)
    elif cur.sym == BEGINSYM:
        getsym(cur)
        statement(cur)
        while cur.sym == SEMICOLON:
            getsym(cur)
            statement(cur)
        expect(cur, ENDSYM, "'end'")
    elif cur.sym == IFSYM:
        getsym(cur)
        condition(cur)
        expect(cur, THENSYM, "'then'")
        statement(cur)
    elif cur.sym == WHILESYM:
        getsym(cur)
        condition(cur)
        expect(cur, DOSYM, "'do'")
        statement(cur)
    else:
        raise ValueError("syntax error: expected a statement")
    cur.depth -= 1


def block(cur: Cursor) -> None:
    """The program body: PL/0's declarations are left out, and the body must
    be a compound statement."""
    if cur.sym != BEGINSYM:
        raise ValueError("syntax error: expected 'begin'")
    statement(cur)


def program(cur: Cursor) -> None:
    getsym(cur)
    block(cur)
    expect(cur, PERIOD, "'.'")
    if cur.sym != EOF:
        raise ValueError("syntax error: text after the final '.'")


def parse_bounded(s: str, max_tokens: int | None) -> int:
    """Number of tokens of the PL/0 program s of at most max_tokens tokens (None:
    any number); ValueError if s is not one."""
    cur = Cursor(s, max_tokens)
    program(cur)
    return cur.count


def parse(s: str) -> int:
    """Number of tokens of the PL/0 program s; ValueError if s is not one."""
    return parse_bounded(s, None)


# Bounded entries, the sizes of Table 3 (programs of at most k tokens).  A bound
# on tokens keeps the abstract exploration of lazy expansion finite: with the
# lexer abstracted, the parser alone does not know that a short string holds few
# tokens.


def parse_tokens6(s: str) -> int:
    return parse_bounded(s, 6)


def parse_tokens7(s: str) -> int:
    return parse_bounded(s, 7)


def parse_tokens8(s: str) -> int:
    return parse_bounded(s, 8)


def parse_and_check(s: str) -> int:
    """parse(s), failing an assertion on a valid program of >= 7 tokens."""
    count = parse(s)
    if count >= MIN_TOKENS:
        raise AssertionError("parsed a valid program of at least 7 tokens")
    return count
