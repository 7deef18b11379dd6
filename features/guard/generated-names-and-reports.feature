Feature: computed file names and test reports keep the class of where they are
  A command substitution that prints a plain token (a date of numeric fields, a commit id) names
  a file of the literal directory around it, so the path is judged as that directory's file: a
  dated backup in the project is a project file, a dated file in the git hooks is a git hook.
  Names a file or the working tree chooses, and dates that print slashes, stay unknown. The
  reports test and audit runs write are build output, as `dist/` is.

  Scenario Outline: dated and commit-named files are judged by their directory
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                  | verdict |
      | sanity dataset export staging backups/staging-$(date +%F).tar.gz        | allow   |
      | cp dist/bundle.js build/bundle-$(git rev-parse --short HEAD).js          | allow   |
      | rm -rf reports/$(date +%Y-%m-%d)                                         | allow   |
      | sanity dataset export staging backups/$(date +%D).tar.gz                 | sandbox |
      | sanity dataset export staging backups/$(git branch --show-current).tar.gz | sandbox |
      | rm -rf $(date +%F)                                                       | sandbox |
      | cp scripts/lint.sh .git/hooks/pre-commit-$(date +%s)                     | deny    |
      | rm -rf ~/exports-$(date +%F)                                             | deny    |
      | adb exec-out screencap -p > shots/screen-$(date +%H%M%S).png             | allow   |
      | adb exec-out screencap -p > shots/screen.png                             | sandbox |
      | git log --oneline > src/gen-$(date +%s).py                               | sandbox |
      | rm -rf $(git rev-parse --show-toplevel)/dist                             | allow   |
      | cp tools/hook.sh $(git rev-parse --git-dir)/hooks/post-merge             | deny    |
      | rm -rf $(pwd)/../sibling                                                 | deny    |

  Scenario Outline: test and audit reports are build output, elsewhere they are not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                          | verdict |
      | rm -rf dist/ reports/                            | allow   |
      | rm -rf test-results playwright-report            | allow   |
      | datalad save -m regridded derived/regrid         | allow   |
      | datalad push --to lab-archive derived/           | allow   |
      | rm -rf ../reports                                | deny    |
      | rm -rf ~/reports                                 | deny    |
      | datalad drop --reckless kill derived/regrid      | deny    |
