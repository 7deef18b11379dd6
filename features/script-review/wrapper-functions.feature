Feature: a wrapper function runs its program with the arguments of each call
  A shell function that runs a program with fixed options and then its own arguments
  (`dev() { adb -s "$SERIAL" "$@"; }`) runs, at a call whose arguments the script spelt, that
  program with them. The command guard judges what the call runs, so a wipe of a device or a
  container reached through the wrapper is found, and a harmless call stays clean.

  Scenario: a device wipe through a wrapper function is dangerous
    Given a project file "reset.sh" containing:
      """
      #!/bin/bash
      SERIAL=emulator-5554
      dev() {
        adb -s "$SERIAL" "$@"
      }
      clear_media() {
        local media=/sdcard
        dev shell "rm -rf $media/*"
      }
      clear_media
      """
    When I run "terraphim-agent guard review-script --json reset.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: reads of a device through the same wrapper are clean
    Given a project file "logs.sh" containing:
      """
      #!/bin/bash
      SERIAL=emulator-5554
      dev() {
        adb -s "$SERIAL" "$@"
      }
      dev shell ls /sdcard/Download
      dev logcat -d
      """
    When I run "terraphim-agent guard review-script --json logs.sh"
    Then the JSON field "verdict" is "clean"
