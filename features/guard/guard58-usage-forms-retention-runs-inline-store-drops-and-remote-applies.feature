Feature: usage of destroyers, retention runs, whole-store drops in inline code and remote applies
  A destroyer asked only for its usage prints it and exits. A directory delete with no server
  deletes on the configured one. A backup profile's retention run or an exclusive prune, a
  SurrealQL delete of a whole table, a schema applied unasked to a deployed database, a client
  library's drop of a whole store in inline code aimed at another machine, money spent with a
  production key by an httpie client, cloud credentials written into the project and a forced
  rotation of the system's logs are denied. Each beside its ordinary twin.

  Scenario Outline: a destroyer asked only for its usage is allowed
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                          | verdict |
      | kubeadm reset --help             | allow   |
      | ray down --help                  | allow   |
      | zfs destroy --help               | allow   |
      | kubeadm reset -f                 | deny    |
      | zfs destroy -r tank/home --help  | deny    |
      | ray down cluster.yaml --yes      | deny    |

  Scenario Outline: directory deletes, retention runs and whole-table deletes are denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                        | verdict |
      | ldapdelete -x -D cn=admin,dc=example,dc=com -w pw uid=alice,dc=example,dc=com | deny    |
      | ldapdelete -x -H ldap://localhost:3890 uid=alice,dc=example,dc=com             | allow   |
      | duplicacy prune -exclusive -exhaustive                                         | deny    |
      | duplicacy prune -keep 0:30 -dry-run                                            | allow   |
      | resticprofile prod.forget --prune                                              | deny    |
      | resticprofile prod.snapshots                                                   | sandbox |
      | echo 'DELETE account;' \| surreal sql --endpoint http://db.internal:8000        | deny    |
      | echo 'DELETE account WHERE age < 18;' \| surreal sql --endpoint http://db.internal:8000 | sandbox |

  Scenario Outline: schemas applied unasked and stores dropped by inline code elsewhere are denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                                                   | verdict |
      | atlas schema apply -u postgres://app@pg-main.internal:5432/app --to file://schema.hcl --auto-approve                     | deny    |
      | atlas schema apply -u postgres://dev@localhost:5432/app --to file://schema.hcl --auto-approve                            | sandbox |
      | node -e 'require(`redis`).createClient({url:`redis://cache.internal:6379`}).connect().then(c=>c.flushAll())'             | deny    |
      | node -e 'require(`redis`).createClient({url:`redis://localhost:6379`}).connect().then(c=>c.flushAll())'                  | sandbox |
      | ruby -e 'Redis.new(url: %q(redis://cache.internal:6379)).flushall'                                                       | deny    |

  Scenario Outline: production money by httpie, credentials into the project and forced log rotations are denied
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                      | verdict |
      | http POST https://api.easypost.com/v2/shipments/shp_1/buy 'Authorization:Bearer $EASYPOST_PRODUCTION_API_KEY' rate=r | deny    |
      | http POST https://api.easypost.com/v2/shipments/shp_1/buy 'Authorization:Bearer $EASYPOST_TEST_API_KEY' rate=r       | sandbox |
      | aws configure export-credentials --profile prod --format env > public/creds.env              | deny    |
      | aws configure export-credentials --profile dev --format env                                  | sandbox |
      | sudo logrotate -f /etc/logrotate.conf                                                        | deny    |
      | logrotate -d /etc/logrotate.conf                                                             | allow   |
