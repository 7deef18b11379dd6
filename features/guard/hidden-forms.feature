Feature: a command's real form is judged, however it is written
  Redirects between the words, line continuations inside a word, `--` before paths, a new
  spelling of a forcing option, a statement without a WHERE, a versioned interpreter, Ruby or
  Perl inline code and wrappers inside find/xargs templates do not hide what runs. A change of
  remote state inside a substitution is confined.

  Scenario Outline: words after a redirect are the command's arguments
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                | verdict |
      | git >/dev/null reset --hard HEAD~2     | deny    |
      | rm -rf 2>/dev/null ~/Pictures          | deny    |
      | >/dev/null rm -rf /opt/tools           | deny    |
      | git 2>/dev/null status                 | allow   |

  Scenario: a backslash-newline inside a word is removed before the command is judged
    When I check the command:
      """
      git clean -f\
      dx
      """
    Then the verdict is deny

  Scenario Outline: after `--` every word is a path
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                           | verdict |
      | git checkout -- -q                | deny    |
      | git checkout stable -- docs       | deny    |
      | git checkout stable               | allow   |

  Scenario Outline: an option that starts like a forcing one forces unless the KG names it safe
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                            | verdict |
      | git push --force-all-the-things origin main        | deny    |
      | git push --force-with-lease --force-more origin x  | deny    |
      | git push --force-with-lease origin topic           | allow   |

  Scenario Outline: a DELETE or UPDATE without a WHERE in its own statement is denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                         | verdict |
      | psql -d crm -c 'DELETE FROM contacts'                           | deny    |
      | mysql -e 'UPDATE plans SET price = 0'                           | deny    |
      | psql -c 'DELETE FROM a WHERE id = 1; DELETE FROM b'             | deny    |
      | psql -d crm -c 'DELETE FROM contacts WHERE id = 12'             | sandbox |

  Scenario Outline: a SQL string literal is data, unless the client may read its quotes otherwise
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                                    | verdict |
      | psql -d app -c "INSERT INTO audit(cmd) VALUES ('DROP TABLE users')"        | sandbox |
      | sqlite3 app.db "SELECT count(*) FROM log WHERE msg LIKE '%drop table%'"    | allow   |
      | psql -d app -c "SELECT 1 /* ' */; DROP TABLE users; -- '"                  | deny    |
      | mysql -e "SELECT 'it''s'; DROP TABLE users"                                | deny    |
      | psql -d app -c "SELECT $a$ it's $a$; DROP TABLE users; -- '"               | deny    |

  Scenario: a statement in a heredoc fed to a database client is judged as one
    When I check the command:
      """
      psql crm <<'SQL'
      update contacts set email = null;
      SQL
      """
    Then the verdict is deny

  Scenario Outline: a versioned interpreter's inline code is judged as the interpreter's
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | python3.12.exe -c 'import shutil'                         | sandbox |
      | ruby3.3 -e 'system("rm -rf ~/src")'                       | deny    |

  Scenario Outline: Ruby and Perl inline code is judged by the commands it runs and the paths it deletes
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                            | verdict |
      | ruby -e 'system("git reset --hard")'               | deny    |
      | ruby -e 'FileUtils.rm_rf("/srv/www")'              | deny    |
      | perl -e 'unlink glob("/etc/cron.d/*")'             | deny    |
      | ruby -e 'puts 42'                                  | allow   |
      | ruby -e 'puts ENV["HOME"]'                          | sandbox |
      | perl -e 'system(pack("H*", "6964"))'               | deny    |
      | ruby -e 'system(Base64.decode64("aWQ="))'          | deny    |
      | php -r 'passthru(base64_decode("aWQ="));'          | deny    |
      | perl -e 'print pack("H*", "6869")'                 | sandbox |

  Scenario Outline: a remote change inside a substitution is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                              | verdict |
      | git push origin topic                | allow   |
      | cat $(git push origin topic)         | sandbox |
      | echo $(gh issue create --fill)       | sandbox |

  Scenario Outline: wrappers in find, xargs and parallel templates are unwrapped
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                   | verdict |
      | find ~ -exec command rm -rf {} ;          | deny    |
      | find /var -exec env rm -rf {} +           | deny    |
      | parallel find ~/mail -delete ::: x        | deny    |
      | find . -exec env rm -rf {} ;              | deny    |
      | find . -name '*.bak' -exec env rm {} ;    | sandbox |

  Scenario Outline: words xargs and parallel read from an unknown input are unknown operands
    The template is judged as written and with an unknown word where the input goes: an
    install names whatever packages arrive, a delete whatever paths arrive.

    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                     | verdict |
      | cat pkgs.txt \| xargs -n1 npm install       | sandbox |
      | xargs -I{} rm -rf {} < paths.txt            | sandbox |
      | cat names.txt \| parallel pip install       | sandbox |
      | cat files.txt \| xargs grep -l TODO         | allow   |
      | cat files.txt \| xargs wc -l                | allow   |

  Scenario Outline: a find that tests nothing deletes everything under its start path
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                          | verdict |
      | find . -delete                   | deny    |
      | echo x \| xargs -I{} find . -delete | deny    |
      | find . -exec rm -rf {} +         | deny    |
      | find . -name '*.bak' -delete     | sandbox |
      | find target -delete              | allow   |

  Scenario Outline: a find with tests deletes what it chooses under each start path; following links, anywhere
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                           | verdict |
      | find ./dist -type f -exec rm -f {} +                                               | allow   |
      | find ./dist -empty -delete                                                         | allow   |
      | find ~/.cache/schema-lint -mindepth 1 -maxdepth 1 ! -name .stamp -exec rm -rf -- {} + | allow |
      | find ~/.cache/schema-lint -mtime +30 -delete                                       | allow   |
      | find . -type f -mtime +30 -delete                                                  | sandbox |
      | find src -type f -exec rm {} +                                                     | sandbox |
      | find ~/.cache/x ~ -mtime +30 -delete                                               | deny    |
      | find ~/.cache/x ~/.ssh -type f -exec rm {} +                                       | deny    |
      | find ~/Documents -type f -exec rm {} +                                             | deny    |
      | find -L ./dist -type f -delete                                                     | sandbox |
      | find ./dist -follow -type f -exec rm {} +                                          | sandbox |

  Scenario: a shell reading a heredoc is judged by the heredoc's commands
    When I check the command:
      """
      sh <<'EOF'
      git log --oneline -5
      EOF
      """
    Then the verdict is allow

  Scenario Outline: literal text decoded on its way into a shell is judged as the code it is
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                       | verdict |
      | echo cm0gLXJmIH4vRG9jdW1lbnRz \| base64 -d \| sh              | deny    |
      | base64 --decode <<< Z2l0IHJlc2V0IC0taGFyZCBIRUFEfjM= \| bash  | deny    |
      | echo 726d202d7266207e2f446f63756d656e7473 \| xxd -r -p \| sh  | deny    |
      | echo bHMgLWxh \| base64 -d \| sh                              | deny    |
      | echo cm0gLXJmIH4vRG9jdW1lbnRz \| base64 -d                    | allow   |
