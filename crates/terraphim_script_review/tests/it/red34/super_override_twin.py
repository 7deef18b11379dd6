from pathlib import Path


class Writer:
    def __init__(self, package):
        self.package = package

    def header(self):
        return "import logging\n"

    def render(self):
        return "# shared helpers\n" + self.header()

    def apply(self):
        with (self.package / "shared_helpers.py").open("a") as fh:
            fh.write("\n" + self.render())


class Db(Writer):
    def header(self):
        return super().header() + "import sqlite3\n"


for pkg in sorted(Path("services").iterdir()):
    Db(pkg).apply()
