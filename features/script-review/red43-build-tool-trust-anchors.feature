@script-review
Feature: script pre-review treats package managers' user configs and build init scripts as trust anchors
  The user's Maven settings (and the RubyGems, Bundler, uv, NuGet, sbt and Bun user configs) say
  where every build on the machine fetches packages from, and Gradle runs each init script of the
  user's Gradle home before every build. A script that writes one changes what every project
  builds with. The same files written into a directory the script made under the temporary
  directory configure only the script's own test build.

  Scenario: a mirror written into the user's Maven settings is config tampering
    Given a project file "setup_mirror.py" containing:
      """
      from pathlib import Path
      target = Path.home() / ".m2" / "settings.xml"
      target.parent.mkdir(parents=True, exist_ok=True)
      target.write_text("<settings><mirrors><mirror><id>all</id><url>https://jars.example.org/m2</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>\n")
      """
    When I run "terraphim-agent guard review-script --json setup_mirror.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "the Maven settings"

  Scenario: an init script dropped into the user's Gradle home runs in every build
    Given a project file "repos.ts" containing:
      """
      import { mkdirSync, writeFileSync } from "node:fs";
      import { homedir } from "node:os";
      import { join } from "node:path";
      const initDir = join(homedir(), ".gradle", "init.d");
      mkdirSync(initDir, { recursive: true });
      writeFileSync(join(initDir, "company-repos.gradle.kts"), "allprojects { repositories { maven(\"https://repo.example.org/m2\") } }\n");
      """
    When I run "terraphim-agent guard review-script --json repos.ts"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "a Gradle init script"

  Scenario: an init script in a Gradle home made for a test build is clean
    Given a project file "offline_build.ts" containing:
      """
      import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
      import { tmpdir } from "node:os";
      import { join } from "node:path";
      const gradleHome = mkdtempSync(join(tmpdir(), "gradle-home-"));
      const initDir = join(gradleHome, "init.d");
      mkdirSync(initDir, { recursive: true });
      writeFileSync(join(initDir, "offline.gradle.kts"), "println(\"offline build\")\n");
      """
    When I run "terraphim-agent guard review-script --json offline_build.ts"
    Then the JSON field "verdict" is "clean"
