import os
import shutil

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), os.pardir))
shutil.rmtree(os.path.join(ROOT, "build"), ignore_errors=True)
