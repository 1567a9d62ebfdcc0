"""A PL/0 parser with procedures, written as one would in Python, whose bug needs
a valid program that declares a procedure and has a `while` and a `call` (issue
12: an independent check of relative completeness; not from a paper).

    program   = block "." .
    block     = [ "var" ident { "," ident } ";" ]
                { "procedure" ident ";" block ";" } statement .
    statement = [ ident ":=" expr | "call" ident | "begin" statement { ";" statement } "end"
                | "if" cond "then" statement | "while" cond "do" statement ] .
    cond      = expr ( "=" | "#" | "<" ) expr .
    expr      = term { ( "+" | "-" ) term } .
    term      = ident | number | "(" expr ")" .

Identifiers are one lowercase letter that is not a keyword's first letter when a
keyword is spelled; numbers are one digit.  The lexer (`Lexer.next`) reads one
symbol per call and returns its kind as a str; the parser is a class whose methods
share the lexer.  The bug: a valid program with a procedure, a `while` and a
`call` fails an assertion, e.g. "procedure p;;while 1<2 do call p." (a procedure
with an empty body, then the main statement); anything invalid raises ValueError
on purpose.
"""

EXPECTED = {
    "function": "parse_program",
    "bug": "AssertionError on a valid program with a procedure, a while and a call (needs n >= 32: 'procedure p;;while 1<2do call p.')",
    "bug_input": {"s": "procedure p;;while 1<2 do call p."},
    "unreachable": [],
    "paths": None,
    "paper": "issue 12: DART no bug in 60 s (37 of 56 branches); LATEST claimed complete after 4 runs (28 of 56)",
}

KEYWORDS = ("var", "procedure", "call", "begin", "end", "if", "then", "while", "do")
SYMBOLS = ":=,;.=#<+-()"


class Lexer:
    """The input and the position of the next unread character."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def next(self) -> str:
        """The next symbol: a keyword, "ident", "number", one of SYMBOLS (":=" as one),
        or "eof"; ValueError on anything else."""
        s, i = self.text, self.pos
        while i < len(s) and s[i] == " ":
            i += 1
        if i == len(s):
            self.pos = i
            return "eof"
        c = s[i]
        if "a" <= c <= "z":
            j = i
            while j < len(s) and "a" <= s[j] <= "z":
                j += 1
            self.pos = j
            word = s[i:j]
            if word in KEYWORDS:
                return word
            if j - i == 1:
                return "ident"
            raise ValueError("unknown word")
        if "0" <= c <= "9":
            self.pos = i + 1
            return "number"
        if c == ":" and i + 1 < len(s) and s[i + 1] == "=":
            self.pos = i + 2
            return ":="
        if c in SYMBOLS and c != ":":
            self.pos = i + 1
            return c
        raise ValueError("unexpected character")


class Parser:
    def __init__(self, text: str) -> None:
        self.lexer = Lexer(text)
        self.sym = self.lexer.next()
        self.seen = set()

    def advance(self) -> None:
        self.sym = self.lexer.next()

    def expect(self, sym: str) -> None:
        if self.sym != sym:
            raise ValueError("expected " + sym)
        self.advance()

    def term(self) -> None:
        if self.sym == "ident" or self.sym == "number":
            self.advance()
        elif self.sym == "(":
            self.advance()
            self.expr()
            self.expect(")")
        else:
            raise ValueError("expected a term")

    def expr(self) -> None:
        self.term()
        while self.sym == "+" or self.sym == "-":
            self.advance()
            self.term()

    def cond(self) -> None:
        self.expr()
        if self.sym != "=" and self.sym != "#" and self.sym != "<":
            raise ValueError("expected a comparison")
        self.advance()
        self.expr()

    def statement(self) -> None:
        if self.sym == "ident":
            self.advance()
            self.expect(":=")
            self.expr()
        elif self.sym == "call":
            self.seen.add("call")
            self.advance()
            self.expect("ident")
        elif self.sym == "begin":
            self.advance()
            self.statement()
            while self.sym == ";":
                self.advance()
                self.statement()
            self.expect("end")
        elif self.sym == "if":
            self.advance()
            self.cond()
            self.expect("then")
            self.statement()
        elif self.sym == "while":
            self.seen.add("while")
            self.advance()
            self.cond()
            self.expect("do")
            self.statement()

    def block(self) -> None:
        if self.sym == "var":
            self.advance()
            self.expect("ident")
            while self.sym == ",":
                self.advance()
                self.expect("ident")
            self.expect(";")
        while self.sym == "procedure":
            self.seen.add("procedure")
            self.advance()
            self.expect("ident")
            self.expect(";")
            self.block()
            self.expect(";")
        self.statement()


def parse_program(s: str) -> int:
    """The number of constructs seen in the valid PL/0 program s; ValueError if s is not one."""
    p = Parser(s)
    p.block()
    p.expect(".")
    if p.sym != "eof":
        raise ValueError("text after the final '.'")
    if p.seen == {"procedure", "while", "call"}:
        raise AssertionError("a program with a procedure, a while and a call")
    return len(p.seen)
