Feature: data stores on this machine, servers stopped by their port, foreground scopes and the machine's own mounts
  A dump, a load, a restore or a consumer group rewound on a data store the line aims at this
  machine (every server its options name is a loopback address) is the developer's own
  development store: it runs. The same aimed at another host, or at no named server, keeps its
  decision; a read of a store on a public host is confined. A server stopped by a pattern that
  names the port it serves, a command run in a foreground scope and a pid file removed run; a
  bare name, a forced kill, a timer and the machine's own filesystems unmounted do not.

  Scenario Outline: a dump, a load or a restore of a store on this machine runs, elsewhere it does not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                | verdict |
      | pg_dump -Fc -f backups/crm.dump postgresql://localhost:5434/crm_dev                    | allow   |
      | mongodump --uri mongodb://127.0.0.1:27017/inventory --out dumps/inventory              | allow   |
      | pg_restore --clean --if-exists -d postgresql://127.0.0.1:5434/crm_dev backups/crm.dump | allow   |
      | mongorestore --drop --uri mongodb://localhost:27019 fixtures/inventory                 | allow   |
      | pg_dump -Fc -f backups/crm.dump crm_dev                                                | sandbox |
      | pg_dump -Fc -f backups/crm.dump postgresql://crm-db.example.net/crm                    | sandbox |
      | pg_restore --clean --if-exists -d postgresql://crm-db.corp.internal/crm backups/crm.dump | deny  |
      | pg_restore --clean -d crm_dev backups/crm.dump                                         | deny    |
      | mongorestore --drop --uri mongodb://mongo.example.net:27017 fixtures/inventory         | deny    |

  Scenario Outline: consumer offsets rewound on this machine run, a delete or another broker does not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                                                                                 | verdict |
      | kafka-consumer-groups --bootstrap-server localhost:19092 --group mailer-dev --reset-offsets --to-earliest --topic mails --execute | allow |
      | kafka-consumer-groups --bootstrap-server kafka.stage.internal:9092 --group mailer --reset-offsets --to-earliest --all-topics --execute | deny |
      | kafka-consumer-groups --bootstrap-server localhost:19092 --group mailer-dev --delete                                    | deny    |
      | kafka-topics --bootstrap-server localhost:19092 --delete --topic mails                                                  | deny    |

  Scenario Outline: a flush of the instance this machine serves on a named port runs, an unnamed or remote one does not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                       | verdict |
      | redis-cli -p 6391 FLUSHDB                     | allow   |
      | redis-cli FLUSHALL                            | deny    |
      | redis-cli -p 6391 -h sessions.example.org FLUSHDB | deny |

  Scenario Outline: a read of a store on a public host is confined, on this machine or the private network it is not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                  | verdict |
      | redis-cli -h 203.0.113.40 PING           | sandbox |
      | kcat -b events.example.com:9092 -L       | sandbox |
      | redis-cli -h 127.0.0.1 PING              | allow   |
      | redis-cli -h sessions.corp.internal INFO | allow   |
      | kcat -b localhost:9092 -L                | allow   |

  Scenario Outline: a server stopped by the port its command line names runs, a name or a forced kill does not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                  | verdict |
      | pkill -f 'storybook dev --port 6006'     | allow   |
      | pkill -f 'jest --watch'                  | sandbox |
      | pkill -9 -f 'storybook dev --port 6006'  | sandbox |
      | pkill -f node                            | deny    |

  Scenario Outline: a command run in a foreground scope is judged as the command, a service or a timer is not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                                       | verdict |
      | systemd-run --user --scope -p MemoryMax=2G cargo test         | allow   |
      | systemd-run --user ./scripts/poll.sh                          | sandbox |
      | systemd-run --user --scope --on-active=10m cargo test         | deny    |

  Scenario Outline: a pid file removed runs, other project files removed recursively stay confined
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                    | verdict |
      | rm -f tmp/pids/worker.pid  | allow   |
      | rm -rf config/worker.yml   | sandbox |

  Scenario Outline: the machine's own filesystems unmounted are denied, a mount of the developer's own is not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                | verdict |
      | sudo umount -l /home   | deny    |
      | sudo umount -f /       | deny    |
      | sudo umount /media/usb | sandbox |

  Scenario Outline: a size given to truncate is no path: a disposable file resized runs, a source or the home does not
    When I check "<command>"
    Then the verdict is <verdict>

    Examples:
      | command                                  | verdict |
      | truncate -s 256M build/vm/scratch.img    | allow   |
      | truncate -s 256M src/app.py              | sandbox |
      | truncate -s 0 ~/journal.txt              | deny    |
