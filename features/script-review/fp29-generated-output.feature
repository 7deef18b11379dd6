@script-review
Feature: script pre-review of code written whole into a generator's output
  A code generator writes an API client from the project's OpenAPI file into src/generated/:
  the client calls `fetch(`, as every API client does. A file whose name or directory says it
  is a generator's output, written whole from the project's data, is reviewed as the code it
  holds, not by its words. The same text written into a hand-written source file, or a
  payload that runs a download, is still a finding.

  Scenario: an API client generated into src/generated is clean
    Given a project file "gen_client.js" containing:
      """
      const fs = require('fs');
      const spec = JSON.parse(fs.readFileSync('openapi.json', 'utf8'));
      const ops = Object.keys(spec.paths).map(
        (p, i) => `export const op${i} = () => fetch('${p}').then((r) => r.json());`
      );
      fs.writeFileSync('src/generated/client.js', ops.join('\n') + '\n');
      """
    When I run "terraphim-agent guard review-script gen_client.js"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the same client written over a hand-written source file is still flagged
    Given a project file "gen_over.js" containing:
      """
      const fs = require('fs');
      const spec = JSON.parse(fs.readFileSync('openapi.json', 'utf8'));
      const ops = Object.keys(spec.paths).map(
        (p, i) => `export const op${i} = () => fetch('${p}').then((r) => r.json());`
      );
      fs.writeFileSync('src/client.js', ops.join('\n') + '\n');
      """
    When I run "terraphim-agent guard review-script --json gen_over.js"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "source-poisoning"
