Feature: the whole project deleted, and a bare glob after a cd
  The project directory named as itself (`.`, `"$PWD"`, its absolute path, `../app` from inside
  it) and its repository's store (`.git/objects`, `.git/refs`) are the whole project: deleting
  them takes every uncommitted change and every commit nobody pushed, so the line is denied, as
  `rm -rf *` in the project is. A bare `*` after a `cd` into a directory of the project is that
  directory's contents and is judged as that directory.

  Scenario Outline: the project itself or its history deleted is denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                       | verdict |
      | rm -rf .                      | deny    |
      | rm -rf -- $PWD                | deny    |
      | rm -rf {project}              | deny    |
      | rm -rf {project}/*            | deny    |
      | rm -rf .git/objects           | deny    |
      | cd .git && rm -rf refs        | deny    |
      | rm -rf ./build                | allow   |
      | rm -f .git/index.lock         | allow   |
      | rm -rf .git/rebase-merge      | sandbox |
      | rm -rf vendor/lib/.git        | allow   |
      | cp -r . /tmp/app-copy         | allow   |

  Scenario Outline: a path printed by realpath, readlink -f or dirname is that path
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                              | verdict |
      | rm -rf $(realpath ..)                | deny    |
      | rm -rf $(dirname $PWD)               | deny    |
      | rm -rf $(readlink -f target)/debug   | allow   |
      | rm -rf $(readlink current)           | sandbox |

  Scenario Outline: a bare glob after a cd into the project's directory is that directory
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                | verdict |
      | cd build && rm -rf *                   | allow   |
      | cd node_modules/.cache && rm -rf ./*   | allow   |
      | cd src && rm -rf *                     | sandbox |
      | rm -rf *                               | deny    |
      | cd .. && rm -rf *                      | deny    |
      | cd build && rm -rf ../*                | deny    |
      | cd $DIR && rm -rf *                    | deny    |
