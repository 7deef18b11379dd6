from pathlib import Path


class Writer:
    def __init__(self, package):
        self.package = package

    def header(self):
        return "import pytest\n"

    def apply(self):
        with (self.package / "conftest.py").open("a") as fh:
            fh.write(self.header())


class Plain(Writer):
    def header(self):
        return "import pytest\n"


for pkg in sorted(Path("services").iterdir()):
    Plain(pkg).apply()
