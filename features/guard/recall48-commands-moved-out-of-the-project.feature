Feature: the project's own commands after a cd out of the project, credentials written to shared files, and system programs patched
  The KG allows the project's own work on the working directory: its build files run by their
  runner, its repository synced, the machines it defines removed. After a `cd` to another
  project, a parent of the working directory or a temporary directory, the working directory is
  not the project: a build runner there runs another project's instructions and is confined, and
  out of the temporary directories every command but the ones that only read or print is
  confined too. Into the project (`cd sub`, the repository's root by `git rev-parse`) nothing
  changes. `patchelf` writes the file it patches, its last operand: a system program or one in
  the home is denied, a loader named as an option's value writes nothing. A credential a CLI
  prints, written into a temporary directory, is readable by the machine's other users: denied.
  A kill of the processes a search by name found (`pgrep`, `pidof`) is the kill by that name.

  Scenario Outline: a build runner in the project runs, in another directory it is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | cd web && npm run build                                   | allow   |
      | cd $(git rev-parse --show-toplevel) && make check         | allow   |
      | cd ~/clones/upstream-lib && make check                    | sandbox |
      | cd ../payments-service && npm run build                   | sandbox |
      | cd /tmp/unpacked-src && cargo build                       | sandbox |

  Scenario Outline: a change to the working directory out of the project is confined, a read is not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                         | verdict |
      | cd tools && git pull --ff-only                  | allow   |
      | cd ~/src/design-tokens && git pull --ff-only    | sandbox |
      | cd ../design-tokens && git log -3               | allow   |
      | cd ~/vms/sandbox-vm && vagrant destroy -f       | deny    |
      | cd ~/vms/sandbox-vm && vagrant status           | sandbox |
      | cd ../design-tokens && rm -rf ./*               | deny    |

  Scenario Outline: a credential a CLI prints written to a temporary file is denied, into the project it is confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | kubectl config view --raw > /tmp/kube-ci.yaml             | deny    |
      | gh auth token > /var/tmp/forge-token                      | deny    |
      | gh auth token > .secrets/forge-token                      | sandbox |
      | kubectl config view > /tmp/kube-summary.yaml              | allow   |

  Scenario Outline: a kill of what a search by name found is the kill by that name
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                  | verdict |
      | kill -9 $(pgrep -f gnome-keyring-daemon) | deny    |
      | kill $(pidof brave)                      | deny    |
      | killall -9 1password                     | deny    |
      | kill $(cat .run/api.pid)                 | allow   |
      | kill $(pgrep -f 'mocha --watch')         | sandbox |

  Scenario Outline: a program patched outside the project is denied, one of the project is not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                          | verdict |
      | patchelf --set-rpath '$ORIGIN/lib' dist/cli                      | allow   |
      | sudo patchelf --set-rpath /opt/libs /usr/bin/scp                 | deny    |
      | patchelf --set-interpreter /opt/ld.so ~/.local/bin/fmt-tool      | deny    |
      | patchelf --set-interpreter /lib64/ld-linux-x86-64.so.2 dist/cli  | sandbox |
