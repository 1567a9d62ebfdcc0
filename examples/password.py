"""A bundled example: a login check with a bug only one input reaches.

    smartest explore examples/password.py:check_login --emit-tests tests_generated/test_check_login.py
"""


def check_login(user: str, pin: int) -> str:
    if not user:
        raise ValueError("empty user name")
    if user == "admin":
        if pin == 4711:
            return "welcome, admin"
        return "wrong pin"
    if user.startswith("guest"):
        attempts = len(user) - 5
        # Bug: a bare "guest" has no attempt counter, and dividing by it crashes.
        return "guest session %d" % (pin // attempts)
    return "unknown user"
