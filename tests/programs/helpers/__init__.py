"""Helper modules shared by corpus programs (imported as `from helpers.text import ...`).

They are own code of every program that imports them: their branches belong to the
program's paths.  No helper lets an exception of its own `raise` escape to the entry
point: the oracle labels a raise as deliberate only in the program's own file.
"""
