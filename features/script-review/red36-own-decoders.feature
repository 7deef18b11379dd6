@script-review
Feature: decoders the script writes itself give decoded text
  Hex pairs read with parseInt(h, 16) and turned into text are decoded data, whatever the
  function that does it is called: run as code, they are decode-to-exec. The same parsing of
  a colour that is only printed is clean.

  Scenario: hex decoded by a function of the script and run by Function is decode-to-exec
    Given a project file "shims.js" containing:
      """
      const SHIMS = { plural: "636f6e736f6c652e6c6f672831293b" };

      function fromHex(hex) {
        const bytes = new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
        return new TextDecoder().decode(bytes);
      }

      for (const code of Object.values(SHIMS)) {
        new Function(fromHex(code))();
      }
      """
    When I run "terraphim-agent guard review-script --json shims.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "decode-to-exec"

  Scenario: a hex colour parsed and printed is clean
    Given a project file "colour.js" containing:
      """
      const hex = "ff8800";
      const rgb = hex.match(/../g).map((h) => parseInt(h, 16));
      console.log(`rgb(${rgb.join(", ")})`);
      """
    When I run "terraphim-agent guard review-script colour.js"
    Then the exit code is 0
    And stdout contains "pre-review: clean"
