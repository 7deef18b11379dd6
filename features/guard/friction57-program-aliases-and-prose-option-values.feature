Feature: programs under another name, prose values of long options
  A program that is another program under a new name (ysqlsh is psql, ycqlsh is cqlsh, gmake
  is make, gsed is sed, valkey-cli is redis-cli) is judged as that program: its reads run on the
  host and its destructive forms are denied. A long option's value with blanks that is prose (a
  title, a preset, a notebook) is classed as the same words without blanks would be; a path with
  a blank, a value that spells code, a short option's value and a code option's value are not.

  Scenario Outline: an alias shares the program's rules
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                              | verdict |
      | ysqlsh -h localhost -p 5433 -U yugabyte -d app_dev -c '\\dt'          | allow   |
      | ycqlsh localhost -e 'describe keyspaces'                             | allow   |
      | valkey-cli ping                                                      | allow   |
      | ysqlsh -h localhost -U app -d app_dev -c 'DROP TABLE users'          | deny    |
      | ycqlsh localhost -e 'DROP KEYSPACE shop'                             | deny    |
      | valkey-cli flushall                                                  | deny    |
      | gtar xzf dist/a.tgz -C /                                             | deny    |
      | gsed -i 's/a/b/' ~/.bashrc                                           | deny    |
      | pgcli -h localhost app_dev                                           | sandbox |

  Scenario Outline: a long option's prose value is no path with a blank; its twins keep their decision
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                              | verdict |
      | calibredb add --library-path lib --title 'The Hobbit' books/hobbit.epub              | allow   |
      | calibredb add --library-path 'My Library' books/hobbit.epub                          | allow   |
      | joplin export --format md --notebook 'Project Docs' build/joplin-export              | allow   |
      | calibredb add --library-path '/srv/My Library' books/hobbit.epub                     | sandbox |
      | calibredb add --library-path lib --title 'The $(id) Hobbit' books/hobbit.epub        | sandbox |
      | calibredb add --library-path lib --title 'rm notes' books/hobbit.epub                | sandbox |
      | gdb -batch build/app core -ex 'shell id'                                             | sandbox |
      | gdb -batch build/app core --eval-command 'shell id'                                  | sandbox |
      | cd ~ && calibredb add --library-path lib --title 'The Hobbit' books/hobbit.epub      | sandbox |
