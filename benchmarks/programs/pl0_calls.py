"""A PL/0 parser with procedures, `while` and `call`, and two bugs at two depths.

Written for issue 12 (not from a paper's code): Wirth's PL/0 with `var`, `procedure`,
`call`, `begin`/`end`, `if`/`while`, over one-letter identifiers and one-digit
numbers, lexed character by character, parsed by recursive descent.

    program   = block "." .
    block     = [ "var" ident { "," ident } ";" ]
                { "procedure" ident ";" block ";" } statement .
    statement = [ ident ":=" expr | "call" ident | "begin" statement { ";" statement } "end"
                | "if" cond "then" statement | "while" cond "do" statement ] .
    cond      = expr ( "=" | "<" ) expr .
    expr      = term { ( "+" | "-" ) term } .      term = ident | number .

Two bugs, both raised by the runtime, not by a `raise` of the parser:
- shallow: the empty program "." (an empty block) reads the last declared name of
  an empty table (`IndexError`).  One character; random testing finds it at once.
- deep: a valid program whose main statement is a `while` and that calls a declared
  procedure inside it, e.g. "procedure p;;while 1<2 do call p." (`ZeroDivisionError`:
  a nesting count divides by the number of statements after the loop, zero here).
"""

EXPECTED = {
    "function": "parse",
    "bug": "IndexError on the empty program '.'; ZeroDivisionError on a main `while` that calls a procedure",
    "bug_input": {"s": "."},
    "unreachable": [],
    "paths": None,
    "paper": "issue 12: DART depth-first does not find the one-character bug of a PL/0 parser in 5,290 runs",
}

KEYWORDS = ("var", "procedure", "call", "begin", "end", "if", "then", "while", "do")


def is_letter(c: str) -> bool:
    return "a" <= c <= "z"


def is_digit(c: str) -> bool:
    return "0" <= c <= "9"


class Parser:
    def __init__(self, s: str) -> None:
        self.s = s
        self.i = 0
        self.sym = ""
        self.names: list[str] = []
        self.procs: list[str] = []
        self.loops = 0
        self.calls_in_loop = 0
        self.after_loop = 0
        self.next()

    def next(self) -> None:
        s = self.s
        while self.i < len(s) and s[self.i] == " ":
            self.i += 1
        if self.i >= len(s):
            self.sym = "EOF"
            return
        c = s[self.i]
        if is_letter(c):
            j = self.i
            while j < len(s) and is_letter(s[j]):
                j += 1
            word = s[self.i:j]
            self.i = j
            if len(word) == 1:
                self.sym = "ident:" + word
            elif word in KEYWORDS:
                self.sym = word
            else:
                raise ValueError("unknown word")
            return
        if is_digit(c):
            self.i += 1
            self.sym = "number"
            return
        if c == ":":
            if self.i + 1 < len(s) and s[self.i + 1] == "=":
                self.i += 2
                self.sym = ":="
                return
            raise ValueError("':' without '='")
        if c in ".,;=<+-":
            self.i += 1
            self.sym = c
            return
        raise ValueError("bad character")

    def expect(self, sym: str) -> None:
        if self.sym != sym:
            raise ValueError("expected " + sym)
        self.next()

    def ident(self) -> str:
        if not self.sym.startswith("ident:"):
            raise ValueError("expected an identifier")
        name = self.sym[6:]
        self.next()
        return name

    def program(self) -> int:
        self.block()
        self.expect(".")
        if self.sym != "EOF":
            raise ValueError("text after '.'")
        return len(self.names)

    def block(self) -> None:
        if self.sym == "var":
            self.next()
            self.names.append(self.ident())
            while self.sym == ",":
                self.next()
                self.names.append(self.ident())
            self.expect(";")
        while self.sym == "procedure":
            self.next()
            name = self.ident()
            self.procs.append(name)
            self.names.append(name)
            self.expect(";")
            self.block()
            self.expect(";")
        if self.sym == ".":
            # An empty main block: report the last name declared (none in ".").
            last = self.names[-1]
            if last in self.procs:
                raise ValueError("a program that only declares")
            return
        self.statement()

    def statement(self) -> None:
        sym = self.sym
        if sym.startswith("ident:"):
            self.next()
            self.expect(":=")
            self.expr()
        elif sym == "call":
            self.next()
            if self.ident() not in self.procs:
                raise ValueError("call of an undeclared procedure")
            if self.loops:
                self.calls_in_loop += 1
        elif sym == "begin":
            self.next()
            self.statement()
            while self.sym == ";":
                self.next()
                self.statement()
            self.expect("end")
        elif sym == "if":
            self.next()
            self.cond()
            self.expect("then")
            self.statement()
        elif sym == "while":
            self.next()
            self.cond()
            self.expect("do")
            self.loops += 1
            self.statement()
            self.loops -= 1
            if self.calls_in_loop and self.sym == ".":
                # Statements after the loop: none when the loop ends the program.
                self.after_loop = self.calls_in_loop // (len(self.s) - self.i)

    def cond(self) -> None:
        self.expr()
        if self.sym not in ("=", "<"):
            raise ValueError("expected a comparison")
        self.next()
        self.expr()

    def expr(self) -> None:
        self.term()
        while self.sym in ("+", "-"):
            self.next()
            self.term()

    def term(self) -> None:
        if self.sym == "number" or self.sym.startswith("ident:"):
            self.next()
            return
        raise ValueError("expected a term")


def parse(s: str) -> int:
    """The number of names a valid program declares; ValueError on a syntax error."""
    return Parser(s).program()
