@script-review
Feature: script pre-review follows a reduce that applies a list of decoder stages
  `functools.reduce(lambda acc, stage: stage(acc), STAGES, blob)` applies each element of
  `STAGES` to the value in turn. When a decoder (base64, zlib, codecs) is among the stages, the
  result is decoded data, and `exec` of it runs hidden code. The same pipeline writing the
  decoded text to a project file stays clean.

  Scenario: exec of a text decoded through a reduce over decoder stages is dangerous
    Given a project file "render.py" containing:
      """
      import base64
      import zlib
      from functools import partial, reduce
      import codecs

      BLOB = "eJwrzs9NVUgsKspMzFFIzs8rSc0r0VDyTy7OTMvPz1XISy0uSM3PL0pVSE4tSS0uUQjJTM5W"
      STAGES = [partial(codecs.decode, encoding="rot13"), lambda s: s.encode(), base64.b64decode, zlib.decompress, bytes.decode]

      def unpack(blob):
          return reduce(lambda acc, stage: stage(acc), STAGES, blob)

      exec(unpack(BLOB), {})
      """
    When I run "terraphim-agent guard review-script --json render.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "obfuscated-execution"

  Scenario: a text decoded through the same stages and written to a project file is clean
    Given a project file "render.py" containing:
      """
      import base64
      import zlib
      from functools import partial, reduce
      import codecs
      from pathlib import Path

      BLOB = "eJwrzs9NVUgsKspMzFFIzs8rSc0r0VDyTy7OTMvPz1XISy0uSM3PL0pVSE4tSS0uUQjJTM5W"
      STAGES = [partial(codecs.decode, encoding="rot13"), lambda s: s.encode(), base64.b64decode, zlib.decompress, bytes.decode]

      def unpack(blob):
          return reduce(lambda acc, stage: stage(acc), STAGES, blob)

      Path("var").mkdir(exist_ok=True)
      Path("var/layout.html").write_text(unpack(BLOB))
      """
    When I run "terraphim-agent guard review-script --json render.py"
    Then the JSON field "verdict" is "clean"
