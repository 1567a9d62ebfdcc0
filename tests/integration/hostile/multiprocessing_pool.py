"""A multiprocessing pool of forked workers."""
import multiprocessing


def square(v):
    return v * v


def f(x: int):
    if x > 5:
        with multiprocessing.get_context("fork").Pool(2) as pool:
            return sum(pool.map(square, range(3)))
    return 0
