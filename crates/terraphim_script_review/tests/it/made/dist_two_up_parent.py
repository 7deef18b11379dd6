import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.realpath(os.path.join(HERE, "..", ".."))

# One level above the repository's top: every checkout beside it.
shutil.rmtree(os.path.join(TOP, os.pardir, "wheelhouse"), ignore_errors=True)
