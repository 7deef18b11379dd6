Feature: deleting shapes of tools nobody described, other version control systems, the base system removed
  A platform CLI that names its deletion after the resource (`service-instance-delete`) or as a
  cloud API action (`DeleteInstance`, `TerminateInstances`) deletes as surely as one that names
  it first. An unknown tool's plain deleting verb two nouns deep, its `remove` with the
  confirmation skipped, and a backup tool's retention run given its policy delete what the
  tool manages. Mercurial, Subversion, Breezy, Fossil and Jujutsu discard history, work or the
  shared repository's branches as git's destroyers do. The kernel, the C library, the init
  system, sudo or the SSH server removed by the package manager, its essential checks skipped,
  or every package removed leaves a machine nobody can log in to.

  Scenario Outline: compound, API action and deep deleting subcommands are denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                         | verdict |
      | ibmcloud resource service-instance-delete prod-db -f --recursive | deny    |
      | aliyun ecs DeleteInstance --InstanceId i-bp1 --Force true       | deny    |
      | exo compute instance delete web-1 --force                       | deny    |
      | civo kubernetes remove prod -y                                  | deny    |
      | autorestic forget --all --prune                                 | deny    |
      | duplicacy prune -exclusive -keep 0:1                            | deny    |
      | aliyun ecs DescribeInstances --RegionId cn-hangzhou             | sandbox |
      | exo compute instance delete web-1 --dry-run                     | sandbox |
      | civo kubernetes remove prod                                     | sandbox |
      | mytool cache rm -f wheels                                       | sandbox |
      | mytool config set on-delete cascade                             | sandbox |
      | autorestic forget --all --prune --dry-run                       | sandbox |
      | hg forget src/generated.py                                      | sandbox |

  Scenario Outline: other version control systems do not discard history or work
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                  | verdict |
      | hg strip -r 0 --no-backup                                | deny    |
      | hg purge --all                                           | deny    |
      | hg update -C default                                     | deny    |
      | bzr uncommit --force -r 1                                | deny    |
      | svn revert -R .                                          | deny    |
      | svn delete https://svn.example.org/repo/trunk -m cleanup | deny    |
      | jj git push --branch main --deleted                      | deny    |
      | hg strip -r 5                                            | sandbox |
      | hg purge -p                                              | allow   |
      | svn revert src/main.c                                    | sandbox |
      | svn delete src/old.c                                     | sandbox |

  Scenario Outline: what the machine runs on is not removed by its package manager
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                              | verdict |
      | sudo apt-get purge -y openssh-server                 | deny    |
      | sudo apt-get purge -y nginx openssh-server           | deny    |
      | sudo pacman -Rns --noconfirm linux                   | deny    |
      | sudo dpkg --purge --force-remove-essential coreutils | deny    |
      | sudo rpm -e --nodeps bash                            | deny    |
      | winget uninstall --all --silent                      | deny    |
      | sudo apt-get remove -y nginx                         | sandbox |
      | sudo pacman -Rns --noconfirm firefox                 | sandbox |
      | apt-get -s remove nginx                              | allow   |
      | apt-get -s purge openssh-server                      | allow   |
