"""Chained comparisons (0 < x < 10 is 0 < x and x < 10, with short-circuit)."""


def bucket(x: int) -> str:
    if 0 < x < 10:
        return "digit"
    if -10 <= x <= 0:
        return "nonpos"
    return "other"


EXPECTED = {
    "function": "bucket",
    "reach": ["return 'digit'", "return 'nonpos'", "return 'other'"],
    "never": [],
    "complete": True,
    # x<=0 & x>=-10 ; x<-10 ; 0<x<10 ; x>=10  (each chained comparison = two tests)
    "paths": 4,
    "witness": {
        "return 'digit'": {"x": 9},
        "return 'nonpos'": {"x": -10},
        "return 'other'": {"x": 10},
    },
}
