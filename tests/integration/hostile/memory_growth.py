"""Grows by 600 MB (the test runs it with --per-run-memory 100)."""


def f(x: int):
    block = bytearray(600 * 2 ** 20)
    return len(block) + x
