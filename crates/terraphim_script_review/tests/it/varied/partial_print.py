import functools
import os

log = functools.partial(print, "[build]", sep=" ")


def main():
    log("working in", os.getcwd())


main()
