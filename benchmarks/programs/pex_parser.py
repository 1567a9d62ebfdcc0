"""Demand-driven compositional symbolic execution (Anand, Godefroid, Tillmann,
TACAS'08), section 6, benchmark Parser.

RECONSTRUCTION.  The paper describes it in prose only:

  "Parser is a parser for a subset of a pascal-like language.  The program takes
  a string as argument, and successfully parses it if it represents a
  syntactically valid program in the language.  An assertion is violated if
  parsing is successful.  A valid program starts with the keyword "program"
  followed by an arbitrary string representing program name.  Furthermore, the
  body of the program starts with keyword "begin" and end with keyword "end".
  And the body may optionally include function definitions."

Everything below beyond that is ours.  The grammar:

    program  = "program" name block
    block    = "begin" { function } "end"
    function = "function" name block

Tokens are separated by blanks (one or more spaces; leading and trailing blanks are
allowed); a name is a run of lowercase letters that is not a keyword (the prose's
"arbitrary string", kept to letters so that a name ends where a blank does).
Blocks nest through function definitions, so the parser is recursive descent.

Python rendering: the lexer is small pure functions of (input, index) returning
an int or a bool, each with branches of its own, so a compositional search can
summarize them: `is_letter`, `skip_blanks`, `word_end` (end of a run of letters),
`spells` (does s[i:j] spell a given keyword, compared char by char) and `keyword`
(which keyword s[i:j] spells, 0 for none).  The parser functions `parse_block`,
`parse_function` and `parse_program` return the index after what they parsed, or
-1 on a syntax error (no exceptions, as in a C# parser that reports failure).
`check(s)` fails its assertion when `s` parses; `parse(s)` only reports it.

The shortest program the assertion fails on is "program a begin end" (19
characters), so a `--max-str-len` below 19 cannot find the bug; one with a
function, "program a begin function f begin end end", has 40.

Paper's reference numbers (Figure 3): demand-driven compositional 144 executions
(71 s), exception found; non-compositional Pex 20,000 executions (the bound,
"maxed", 338 s), exception also found.
"""

EXPECTED = {
    "function": "check",
    "bug": "AssertionError when s is a valid program, e.g. 'program a begin end'",
    "bug_input": {"s": "program a begin end"},
    "unreachable": [],
    # Counted by brute force: every str of length <= n over the 15 letters of the
    # keywords, the blank, '!' (below 'a'), 'x' (another letter) and '~' (above
    # 'z'), each run under an opcode tracer of this module's functions, distinct
    # instruction sequences counted.  (19**5 strings is out of reach; no string this
    # short parses, so every path ends in a syntax error.)
    "paths": {1: 5, 2: 12, 3: 25, 4: 47},
    "paper": "TACAS'08 Fig. 3: 144 executions, 71 s (demand-driven compositional) vs 20,000 (bound), 338 s (Pex); found by both",
}

EXPECTED_VARIANTS = [
    {
        "function": "parse",
        "bug": None,
        "bug_input": None,
        "unreachable": [],
        "paths": {1: 5, 2: 12, 3: 25, 4: 47},
        "paper": "the same parser without the assertion",
    },
]

NONE, PROGRAM, BEGIN, END, FUNCTION = 0, 1, 2, 3, 4


def is_letter(c: str) -> bool:
    return "a" <= c <= "z"


def skip_blanks(s: str, i: int) -> int:
    while i < len(s) and s[i] == " ":
        i += 1
    return i


def word_end(s: str, i: int) -> int:
    while i < len(s) and is_letter(s[i]):
        i += 1
    return i


def spells(s: str, i: int, j: int, word: str) -> bool:
    """Is s[i:j] the keyword `word`?  Compared char by char."""
    if j - i != len(word):
        return False
    k = 0
    while k < len(word):
        if s[i + k] != word[k]:
            return False
        k += 1
    return True


def keyword(s: str, i: int, j: int) -> int:
    if spells(s, i, j, "program"):
        return PROGRAM
    if spells(s, i, j, "begin"):
        return BEGIN
    if spells(s, i, j, "end"):
        return END
    if spells(s, i, j, "function"):
        return FUNCTION
    return NONE


def parse_name(s: str, i: int) -> int:
    """A name at i (after blanks): the index after it, or -1."""
    i = skip_blanks(s, i)
    j = word_end(s, i)
    if j == i or keyword(s, i, j) != NONE:
        return -1
    return j


def parse_word(s: str, i: int, kw: int) -> int:
    """Keyword `kw` at i (after blanks): the index after it, or -1."""
    i = skip_blanks(s, i)
    j = word_end(s, i)
    if j == i or keyword(s, i, j) != kw:
        return -1
    return j


def parse_function(s: str, i: int) -> int:
    i = parse_word(s, i, FUNCTION)
    if i < 0:
        return -1
    i = parse_name(s, i)
    if i < 0:
        return -1
    return parse_block(s, i)


def parse_block(s: str, i: int) -> int:
    i = parse_word(s, i, BEGIN)
    if i < 0:
        return -1
    while True:
        j = parse_function(s, i)
        if j < 0:
            break
        i = j
    return parse_word(s, i, END)


def parse_program(s: str) -> int:
    i = parse_word(s, 0, PROGRAM)
    if i < 0:
        return -1
    i = parse_name(s, i)
    if i < 0:
        return -1
    i = parse_block(s, i)
    if i < 0:
        return -1
    return i if skip_blanks(s, i) == len(s) else -1


def parse(s: str) -> bool:
    return parse_program(s) >= 0


def check(s: str) -> None:
    if parse(s):
        raise AssertionError("the input is a valid program")
