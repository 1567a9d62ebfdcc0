"""Connects to a closed port of 127.0.0.1 (no traffic leaves the machine)."""
import socket


def f(x: int):
    if x > 5:
        with socket.socket() as s:
            s.settimeout(0.5)
            return s.connect_ex(("127.0.0.1", 9))
    return x
