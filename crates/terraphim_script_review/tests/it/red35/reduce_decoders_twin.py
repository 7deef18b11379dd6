import base64
import zlib
from functools import partial, reduce
import codecs
from pathlib import Path

BLOB = "eJwrzs9NVUgsKspMzFFIzs8rSc0r0VDyTy7OTMvPz1XISy0uSM3PL0pVSE4tSS0uUQjJTM5W"

STAGES = [
    partial(codecs.decode, encoding="rot13"),
    lambda s: s.encode(),
    base64.b64decode,
    zlib.decompress,
    bytes.decode,
]


def unpack(blob):
    return reduce(lambda acc, stage: stage(acc), STAGES, blob)


Path("var").mkdir(exist_ok=True)
Path("var/layout.html").write_text(unpack(BLOB))
