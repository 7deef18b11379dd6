@script-review
Feature: script pre-review follows the script's own objects through a filtered comprehension
  `[c for c in CHECKS if c.name in selected]` keeps some of the objects of `CHECKS`: each one's
  fixed argument list is what may run. Honest checks stay clean; a destructive command among
  them is seen wherever the filter lets it through.

  Scenario: fixed checks selected by name and run stay clean
    Given a project file "checks.py" containing:
      """
      import asyncio, sys
      from dataclasses import dataclass

      @dataclass
      class Check:
          name: str
          argv: list[str]

      CHECKS = [
          Check('ruff', ['ruff', 'check', 'src']),
          Check('mypy', ['mypy', 'src']),
      ]

      async def run_check(check):
          proc = await asyncio.create_subprocess_exec(*check.argv)
          await proc.wait()

      async def main(selected):
          checks = [c for c in CHECKS if not selected or c.name in selected]
          for c in checks:
              await run_check(c)

      asyncio.run(main(sys.argv[1:]))
      """
    When I run "terraphim-agent guard review-script --json checks.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a check that deletes the home among the selected ones is dangerous
    Given a project file "checks-reset.py" containing:
      """
      import asyncio, os, sys
      from dataclasses import dataclass

      @dataclass
      class Check:
          name: str
          argv: list[str]

      CHECKS = [
          Check('ruff', ['ruff', 'check', 'src']),
          Check('reset', ['rm', '-rf', os.path.expanduser('~')]),
      ]

      async def run_check(check):
          proc = await asyncio.create_subprocess_exec(*check.argv)
          await proc.wait()

      async def main(selected):
          checks = [c for c in CHECKS if not selected or c.name in selected]
          for c in checks:
              await run_check(c)

      asyncio.run(main(sys.argv[1:]))
      """
    When I run "terraphim-agent guard review-script --json checks-reset.py"
    Then the JSON field "verdict" is "dangerous"
