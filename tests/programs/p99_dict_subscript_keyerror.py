"""A symbolic int used as a key of a constant dict: a missing key is a KeyError."""

CODES = {200: "ok", 404: "missing"}


def status(n: int) -> str:
    return CODES[n]


EXPECTED = {
    "function": "status",
    "reach": ["return 'ok'", "return 'missing'", "bug KeyError"],
    "never": [],
    "complete": True,
    "witness": {"return 'ok'": {"n": 200}, "return 'missing'": {"n": 404}, "bug KeyError": {"n": 0}},
}
