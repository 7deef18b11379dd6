Feature: reads of the machine's settings, API code generators and file system images in the project run on the host
  Host name, clock, held packages, loop devices, firewall rules and swap can be read without
  changing them; their writing forms are other commands. OpenAPI and GraphQL generators and
  linters, `infracost` and `reuse` read the project and write into it; pointed at a folder
  outside it they are unknown again.

  Scenario Outline: reads run, writes do not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                      | verdict |
      | hostnamectl status                           | allow   |
      | hostnamectl set-hostname ci-runner-3         | sandbox |
      | apt-mark showmanual                          | allow   |
      | apt-mark hold docker-ce                      | sandbox |
      | losetup --list                               | allow   |
      | losetup -fP out/rootfs.img                   | sandbox |
      | nft list tables                              | allow   |
      | iptables -S INPUT                            | allow   |
      | iptables -F                                  | deny    |
      | swapon --show                                | allow   |
      | timedatectl status                           | allow   |
      | timedatectl set-ntp false                    | sandbox |

  Scenario Outline: generators write into the project, not elsewhere
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                   | verdict |
      | graphql-codegen --config codegen.ts                                       | allow   |
      | openapi-generator-cli generate -i openapi/spec.yaml -g python -o clients/py | allow   |
      | openapi-generator-cli generate -i openapi/spec.yaml -g python -o /opt/clients/py | sandbox |
      | spectral lint openapi/spec.yaml --ruleset .spectral.yaml                  | allow   |
      | infracost diff --path infra --compare-to infracost-base.json              | allow   |
      | reuse lint                                                                | allow   |

  Scenario Outline: a file system is made in a project image, never on a device
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                  | verdict |
      | mkfs.ext4 -F -L data build/data.img                         | allow   |
      | mkfs.ext4 -F /dev/vdb                                    | deny    |
      | mkfs.ext4 -F $DISK                                       | deny    |
