"""Writes through tempfile: the sandbox points it at the scratch directory."""
import tempfile


def f(x: int):
    with tempfile.NamedTemporaryFile("w") as out:
        out.write("x")
    if x > 5:
        return True
    return False
