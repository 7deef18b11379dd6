Feature: persistence, root bootstraps, secrets and shared servers are denied; local servers, dry runs and build mirrors run
  A program installed to run later by itself (a user unit, a timer, lingering, a job queued with
  at), a bootstrap into the running root, a local CI run given the user's secrets, SQL a
  connection broker hands to its client, directory changes on a shared server and a credential
  store printed by a search are denied. Writes an operations tool is aimed at a loopback server
  by its own variable or option, DNS questions to a local server, PowerShell reads, dry runs,
  test-mode fixtures and rsync into build output run; the near-identical forms aimed elsewhere
  stay confined or denied.

  Scenario Outline: programs installed to run later by themselves are denied, reads of them are not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | systemctl --user enable --now feeds-refresh.timer         | deny    |
      | systemctl --user enable notes-sync.service                | deny    |
      | loginctl enable-linger                                    | deny    |
      | systemd-run --user --on-calendar=hourly ./scripts/poll.sh | deny    |
      | echo 'make digest' \| at now + 30 minutes                 | deny    |
      | systemctl --user start notes-sync.service                 | sandbox |
      | systemctl --user list-timers                              | allow   |
      | atq                                                       | allow   |

  Scenario Outline: a bootstrap is judged by its target
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                | verdict |
      | sudo debootstrap trixie / http://deb.debian.org/debian                 | deny    |
      | sudo pacstrap -K / base                                                | deny    |
      | sudo debootstrap trixie ./build/rootfs http://deb.debian.org/debian    | sandbox |

  Scenario Outline: a local CI run given the user's secrets file is denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                              | verdict |
      | act -j release --secret-file ~/.config/act/secrets   | deny    |
      | act push --env-file ~/.release.env                   | deny    |
      | act -j test --secret-file .secrets.example           | sandbox |

  Scenario Outline: rsync into build output runs, into the project, a source directory or the home it does not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                        | verdict |
      | rsync -av --delete ./public/ ./dist/site/      | allow   |
      | rsync -av --delete ./public/ ./                | deny    |
      | rsync -av --delete ./public/ ./src/            | deny    |
      | rsync -av --delete ./public/ ~/site/           | deny    |

  Scenario Outline: dry runs and test-mode fixtures run, the real run and live mode stay confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                | verdict |
      | salt-ssh 'queue-dev-*' state.apply rabbitmq test=True  | allow   |
      | salt-ssh 'queue-dev-*' state.apply rabbitmq            | sandbox |
      | stripe trigger charge.refunded                         | allow   |
      | stripe trigger charge.refunded --live                  | sandbox |
      | k6 run perf/login.js                                   | allow   |
      | k6 run /tmp/perf/login.js                              | sandbox |

  Scenario Outline: an operations tool aimed at this machine writes to the developer's own server
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                           | verdict |
      | CONSUL_HTTP_ADDR=127.0.0.1:8500 consul kv put app/dev/limits/rps 50               | allow   |
      | VAULT_ADDR=http://127.0.0.1:8200 vault kv get secret/dev/mail                     | allow   |
      | CONSUL_HTTP_ADDR=consul.example.net:8500 consul kv put app/dev/limits/rps 50      | sandbox |
      | consul kv put app/dev/limits/rps 50                                               | sandbox |
      | VAULT_ADDR=http://127.0.0.1:8200 vault kv destroy -versions=3 secret/dev/mail     | deny    |
      | dig @127.0.0.1 -p 5353 mail.example.test +short                                   | allow   |
      | dig @1.1.1.1 mail.example.test +short                                             | sandbox |

  Scenario Outline: directory changes on a shared server are denied, on this machine they run
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                  | verdict |
      | ldapmodify -x -H ldaps://dir.corp.internal -D cn=admin,dc=corp -w x -f retire.ldif       | deny    |
      | ldapdelete -x -H ldap://ldap.example.net uid=sam,ou=people,dc=corp                       | deny    |
      | ldapadd -x -H ldap://localhost:3890 -D cn=admin,dc=test -w admin -f seed/people.ldif     | allow   |

  Scenario Outline: SQL handed to a broker's database client is judged as the client's
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                | verdict |
      | boundary connect postgres -target-id ttcp_x1 -- -c 'DROP TABLE ledger' | deny    |
      | boundary connect postgres -target-id ttcp_x1 -- -c 'SELECT 1'          | sandbox |

  Scenario Outline: PowerShell reads run, its downloads and writes do not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                        | verdict |
      | pwsh -NoProfile -c 'Get-ChildItem ./src -Recurse \| Measure-Object'             | allow   |
      | pwsh -NoProfile -c 'Invoke-WebRequest https://dl.example.net/t.zip -OutFile t.zip' | sandbox |
      | pwsh -NoProfile -c 'Add-Content -Path ~/.profile -Value x'                     | deny    |

  Scenario Outline: a credential store printed by a search is denied, a count of it is not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | grep -E 'secret_key' ~/.config/stripe/config.toml         | deny    |
      | grep -c secret_key ~/.config/stripe/config.toml           | sandbox |
