@script-review
Feature: script pre-review of JSON data inside code a generator writes
  A translation compiler writes each catalogue as a JavaScript file whose one statement holds
  the messages as JSON (`Documentation.addTranslations({...});`). Data serialised as JSON
  (`json.dumps`, `JSON.stringify`) is quoted and escaped whatever it says, so the code around
  it is what runs: a file generated whole that way is no source rewrite. The same data written
  raw, or code that runs commands appended to a source file, is still a finding.

  Scenario: a catalogue compiled into a JavaScript file through json.dumps is clean
    Given a project file "compile_catalog.py" containing:
      """
      import json
      catalog = {}
      for line in open('locale/de.po'):
          k, _, v = line.partition('=')
          catalog[k] = v
      obj = json.dumps({'messages': catalog}, sort_keys=True)
      with open('static/locale/de.js', 'w') as out:
          out.write(f'Documentation.addTranslations({obj});')
      """
    When I run "terraphim-agent guard review-script compile_catalog.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the same catalogue written raw into the JavaScript file is still flagged
    Given a project file "raw_catalog.py" containing:
      """
      raw = open('locale/de.txt').read()
      with open('static/locale/de.js', 'w') as out:
          out.write(f'Documentation.addTranslations({raw});')
      """
    When I run "terraphim-agent guard review-script --json raw_catalog.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "source-poisoning"

  Scenario: JSON data inside command-running code appended to a source file is still dangerous
    Given a project file "append_hook.py" containing:
      """
      import json
      cmd = open('cmd.txt').read()
      with open('app.py', 'a') as f:
          f.write(f"\nimport os\nos.system({json.dumps(cmd)})\n")
      """
    When I run "terraphim-agent guard review-script --json append_hook.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "source-poisoning"
