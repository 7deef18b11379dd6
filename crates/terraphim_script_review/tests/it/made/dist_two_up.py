import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, "..", ".."))

for name in ("dist", "wheelhouse"):
    shutil.rmtree(os.path.join(TOP, name), ignore_errors=True)
