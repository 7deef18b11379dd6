Feature: versioned data, fault injection, proxies, sensors and images
  Projects built on versioned data stores, fault-injection rigs, reverse proxies, intrusion
  detection, firmware images, metadata catalogs, GNSS tools and time tracking run their tools'
  reads and project-local builds every day. The same tools also delete a shared data lake's
  branches, rewrite a remote's history, kill containers, degrade the host's own network, stop
  a sensor or write an image over a disk: those stay denied, and what only looks like them
  stays confined.

  Scenario Outline: reads and project-local work of these tools are allowed
    When I check "<command>"
    Then the verdict is allow

    Examples:
      | command                                                            |
      | dvc status && dvc diff HEAD~1                                      |
      | lakectl fs ls lakefs://dev-lake/feature/raw/                       |
      | dolt sql -r json -q 'SELECT id, price FROM prices LIMIT 3'         |
      | toxiproxy-cli toxic add -t latency -a latency=250 pg_test          |
      | tc -s qdisc show dev veth-test0                                    |
      | varnishadm vcl.list                                                |
      | caddy fmt --overwrite deploy/Caddyfile                             |
      | suricata -r captures/a.pcap -c deploy/suricata.yaml -l build/ids/  |
      | zeek -r captures/a.pcap local                                      |
      | dd if=/dev/zero of=build/disk.img bs=1M count=16                   |
      | bmaptool copy build/sd.img.bz2 build/sd.img                        |
      | datahub ingest -c recipes/dev.yml --dry-run                        |
      | n8n export:workflow --all --output=automation/workflows/           |
      | timew export :week > reports/week.json                             |

  Scenario Outline: the harmful forms of the same tools are denied
    When I check "<command>"
    Then the verdict is deny

    Examples:
      | command                                                |
      | dvc gc --cloud --all-commits -f                        |
      | lakectl fs rm -r lakefs://dev-lake/main/raw/           |
      | dolt push -f origin main                               |
      | pachctl delete pipeline edges                          |
      | pumba kill --signal SIGTERM 're2:^api'                 |
      | stress-ng --cpu 0 --timeout 0                          |
      | tc qdisc add dev eth0 root netem delay 500ms           |
      | zeekctl stop                                           |
      | manage_agents -r 007                                   |
      | bmaptool copy build/sd.img.bz2 /dev/mmcblk0            |
      | rpi-imager --cli build/os.img /dev/sdb                 |
      | dolt sql -q 'SELECT 1; DROP TABLE prices'              |
      | n8n export:credentials --all --decrypted --output=c.json |
      | echo 'disable server be_web/w2' \| socat stdio /run/haproxy/admin.sock |

  Scenario Outline: what only looks like them stays confined
    When I check "<command>"
    Then the verdict is sandbox

    Examples:
      | command                                                          |
      | lakectl fs rm lakefs://dev-lake/feature/raw/a.csv                |
      | stress-ng --cpu 2 --timeout 20s                                  |
      | tc qdisc add dev veth-test0 root netem delay 50ms                |
      | curl -X POST localhost:2019/load -d @deploy/caddy.json           |
      | zeek -r captures/a.pcap -e 'event zeek_init() { print 1; }'      |
      | n8n export:credentials --all --output=creds.json                 |
      | echo 'show stat' \| socat stdio /run/haproxy/admin.sock          |
