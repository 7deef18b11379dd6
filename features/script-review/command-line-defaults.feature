@script-review
Feature: an option's default is what a script uses when run without it
  A Python script's `argparse` options hold their default when the command line does not give
  them, so `parse_args()` returns a namespace whose fields are the defaults or a value nobody
  knows. A dataclass field made by a factory that names a directory (`Path.home`, `Path.cwd`)
  holds that directory.

  Scenario: a cleanup whose directory option defaults to the home deletes the home
    Given a project file "clean.py" containing:
      """
      import argparse
      import os
      import shutil

      def main():
          ap = argparse.ArgumentParser()
          ap.add_argument("--root", default=os.path.expanduser("~"))
          args = ap.parse_args()
          for name in os.listdir(args.root):
              shutil.rmtree(os.path.join(args.root, name), ignore_errors=True)

      main()
      """
    When I run "terraphim-agent guard review-script --json clean.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a cleanup whose directory option defaults to a build directory stays a run-time path
    Given a project file "clean.py" containing:
      """
      import argparse
      import shutil

      ap = argparse.ArgumentParser()
      ap.add_argument("--out", default="dist")
      args = ap.parse_args()
      shutil.rmtree(args.out, ignore_errors=True)
      """
    When I run "terraphim-agent guard review-script --json clean.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a dataclass whose base directory is made by Path.home resets the home
    Given a project file "reset.py" containing:
      """
      import shutil
      from dataclasses import dataclass, field
      from pathlib import Path

      @dataclass
      class Workspace:
          name: str
          base: Path = field(default_factory=Path.home)

          def reset(self):
              shutil.rmtree(self.base, ignore_errors=True)

      Workspace("scratch").reset()
      """
    When I run "terraphim-agent guard review-script --json reset.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a commander option defaulting to the home is what a run without it deletes
    Given a project file "clean.js" containing:
      """
      const { program } = require("commander");
      const fs = require("fs");
      const os = require("os");
      program.option("-r, --root <dir>", "directory to clean", os.homedir()).option("--dry-run", "print");
      program.parse();
      const opts = program.opts();
      if (!opts.dryRun) fs.rmSync(opts.root, { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json clean.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a parseArgs option defaulting to a build directory stays a run-time path
    Given a project file "clean.mjs" containing:
      """
      import { parseArgs } from "node:util";
      import { rmSync } from "node:fs";
      const { values } = parseArgs({ options: { out: { type: "string", default: "dist" } } });
      rmSync(values.out, { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json clean.mjs"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a click option defaulting to the home is what a run without it deletes
    Given a project file "reset.py" containing:
      """
      import os
      import shutil
      import click

      @click.command()
      @click.option("--root", default=os.path.expanduser("~"))
      def main(root):
          shutil.rmtree(root, ignore_errors=True)

      if __name__ == "__main__":
          main()
      """
    When I run "terraphim-agent guard review-script --json reset.py"
    Then the JSON field "verdict" is "dangerous"
