"""Our own program for guided DSE (ICSE'16 §2): an insurance quote whose review
verified some assertions, under two assumptions, and left one unverified case.

    quote(age, claims):
        assumed age >= 18 as adult            the review only considered adults
        base = base_rate(age)                 four age bands
        assert base > 0 verified true         fully verified: abstracted away
        assumed claims <= 5 as few            ... with at most five claims
        surcharge = claims_surcharge(claims)  four claim bands
        premium = base + surcharge - loyalty(age)
        assert premium > 0 verified adult and few
        assert premium <= 10 * base verified few

Both partially verified assertions fail, but only in executions the review did
not cover: a minor's loyalty discount (950) exceeds the youngest base rate (900),
so `premium > 0` fails when `adult` is false; a customer with many claims pays
more than ten times the base rate, so the last assertion fails when `few` is
false.  After the second assumption the may-unverified condition is
`not adult or not few`: every adult with few claims is verified, and the
exploration of `claims_surcharge` and `loyalty` for them is pruned.  Before it,
the condition is true (`few` is still to be assumed), so `base_rate` is
explored for every age.

`quote_test(age, claims)` keeps the inputs in range with `smartest.assume`
(ages 0..120, claims 0..40) and returns the premium.  Outside smartest the
annotations are no-ops and the checks plain assertions.
"""
import smartest

EXPECTED = {
    "function": "quote_test",
    "bug": "AssertionError('premium not positive') for minors without claims; "
           "AssertionError('premium over ten times the base') for many claims",
    "bug_input": {"age": 10, "claims": 0},
    "unreachable": [],
    "paths": None,
    "unverified_bugs": {"premium not positive": {"age": 10, "claims": 0},
                        "premium over ten times the base": {"age": 30, "claims": 20}},
    "paper": "our own; the paper reports MAYxMUST -16.1% tests and -52.4% time vs PV over 101 C# methods",
}


def base_rate(age: int) -> int:
    if age < 25:
        return 900
    if age < 40:
        return 600
    if age < 65:
        return 500
    return 700


def claims_surcharge(claims: int) -> int:
    if claims == 0:
        return 0
    if claims <= 2:
        return 100 * claims
    if claims <= 5:
        return 250 * claims
    return 400 * claims - 1000


def loyalty(age: int) -> int:
    if age >= 65:
        return 300
    if age >= 40:
        return 150
    if age < 18:
        return 950          # a promotion for young drivers nobody reviewed
    return 0


def quote(age: int, claims: int) -> int:
    smartest.assumed(age >= 18, "adult")
    base = base_rate(age)
    smartest.check(base > 0, verified="True")
    smartest.assumed(claims <= 5, "few")
    surcharge = claims_surcharge(claims)
    premium = base + surcharge - loyalty(age)
    smartest.check(premium > 0, verified="adult and few", message="premium not positive")
    smartest.check(premium <= 10 * base, verified="few", message="premium over ten times the base")
    return premium


def quote_test(age: int, claims: int) -> int:
    smartest.assume((age >= 0) & (age <= 120))
    smartest.assume((claims >= 0) & (claims <= 40))
    return quote(age, claims)
