Feature: schema registries, workspaces, brokers and account cleaners: reads allowed, deletes denied
  Schema registries (`rover`, `buf`), remote workspaces (`coder`), message brokers and their
  coordination stores (`pulsar-admin`, ZooKeeper's shell) are platform CLIs like the others:
  listing and checking change nothing, their delete verbs remove what a team shares. Account
  cleaners delete every resource they can reach; `aws-nuke` only lists unless told otherwise.

  Scenario Outline: reads and checks run on the host, deletes are denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                               | verdict |
      | rover subgraph list catalog@dev                                       | allow   |
      | rover subgraph check catalog@dev --schema ./graph/schema.graphql --name reviews | allow   |
      | rover subgraph delete catalog@prod --name reviews --confirm           | deny    |
      | rover graph delete catalog@prod --confirm                             | deny    |
      | buf lint                                                              | allow   |
      | buf breaking --against .git#branch=main                               | allow   |
      | buf registry module delete buf.build/team/billing --force             | deny    |
      | coder list                                                            | allow   |
      | coder delete carol/gpu-box --yes                                      | deny    |
      | pulsar-admin topics list public/default                               | allow   |
      | pulsar-admin topics delete persistent://public/default/audit --force  | deny    |
      | zkCli.sh -server localhost:2181 ls /brokers                           | allow   |
      | zkCli.sh -server zk.internal:2181 deleteall /config                   | deny    |
      | zookeeper-shell.sh zk.internal:2181 rmr /consumers                    | deny    |
      | distrobox list                                                        | allow   |

  Scenario Outline: account cleaners are denied when they delete, confined when they only list
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                   | verdict |
      | aws-nuke --config nuke/sandbox-account.yml                | sandbox |
      | aws-nuke --config nuke/sandbox-account.yml --no-dry-run   | deny    |
      | cloud-nuke inspect-aws --region us-east-2                 | sandbox |
      | cloud-nuke aws --region us-east-2                         | deny    |
      | cloud-nuke gcp --project-id scratch-77                    | deny    |
