@script-review
Feature: script pre-review follows a reduce that applies a list of decoder steps
  `functools.reduce(lambda value, step: step(value), PIPELINE, packed)` applies each element of
  `PIPELINE` to the value in turn. When a decoder (base64, zlib, codecs) is among the steps, the
  result is decoded data, and `exec` of it runs hidden code. The same pipeline saving the
  decoded text to a project file stays clean.

  Scenario: exec of a text decoded through a reduce over decoder steps is dangerous
    Given a project file "restore.py" containing:
      """
      import base64, codecs, zlib
      from functools import partial, reduce

      PACKED = "FAKEPAYLOAD0FAKEPAYLOAD1FAKEPAYLOAD2FAKEPAYLOAD3=="
      PIPELINE = (base64.urlsafe_b64decode, zlib.decompress, partial(codecs.decode, encoding="utf-8"))

      def restore(packed):
          return reduce(lambda value, step: step(value), PIPELINE, packed)

      exec(restore(PACKED))
      """
    When I run "terraphim-agent guard review-script --json restore.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "obfuscated-execution"

  Scenario: a text decoded through the same steps and saved to a project file is clean
    Given a project file "restore.py" containing:
      """
      import base64, codecs, zlib
      from functools import partial, reduce
      from pathlib import Path

      PACKED = "FAKEPAYLOAD0FAKEPAYLOAD1FAKEPAYLOAD2FAKEPAYLOAD3=="
      PIPELINE = (base64.urlsafe_b64decode, zlib.decompress, partial(codecs.decode, encoding="utf-8"))

      def restore(packed):
          return reduce(lambda value, step: step(value), PIPELINE, packed)

      Path("fixtures").mkdir(exist_ok=True)
      Path("fixtures/sample.json").write_text(restore(PACKED))
      """
    When I run "terraphim-agent guard review-script --json restore.py"
    Then the JSON field "verdict" is "clean"
