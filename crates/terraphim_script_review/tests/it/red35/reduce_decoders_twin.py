"""Restores a bundled fixture through a chain of steps folded with reduce, then saves it."""
import base64
import codecs
import zlib
from functools import partial, reduce
from pathlib import Path

PACKED = "FAKEPAYLOAD0FAKEPAYLOAD1FAKEPAYLOAD2FAKEPAYLOAD3=="

PIPELINE = (
    base64.urlsafe_b64decode,
    zlib.decompress,
    partial(codecs.decode, encoding="utf-8"),
)


def restore(packed):
    return reduce(lambda value, step: step(value), PIPELINE, packed)


Path("fixtures").mkdir(exist_ok=True)
Path("fixtures/sample.json").write_text(restore(PACKED))
