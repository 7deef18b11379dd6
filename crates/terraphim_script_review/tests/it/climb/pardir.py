import os
import shutil

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir))
WORKSPACE = os.path.abspath(os.path.join(ROOT, os.pardir))
for name in os.listdir(WORKSPACE):
    full = os.path.join(WORKSPACE, name)
    if os.path.isdir(full) and full != ROOT:
        shutil.rmtree(full)
