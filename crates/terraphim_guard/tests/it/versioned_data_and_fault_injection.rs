//! Session 52 (lead): versioned data stores (DVC, lakeFS, Dolt, Pachyderm), automation
//! servers (n8n), fault injection (toxiproxy, pumba, stress-ng, traffic control), proxies
//! (Varnish, Caddy, Envoy), intrusion detection (Suricata, Zeek, Sigma, Wazuh), firmware and
//! SD images (Mender, bmaptool, dd, mkfs), metadata catalogs (DataHub), GNSS tools, time
//! tracking and genealogy. Each read or project-local form beside the harmful form of the same
//! tool.

use crate::decide_in_project as decide;
use terraphim_guard::Verdict;

#[test]
fn versioned_data_reads_are_allowed_and_their_deletes_denied() {
    decide(&[
        ("dvc status && dvc diff HEAD~1", Verdict::Allow),
        ("dvc pull data/images.dvc", Verdict::Allow),
        (
            "lakectl log lakefs://dev-lake/main --amount 3",
            Verdict::Allow,
        ),
        (
            "lakectl fs ls lakefs://dev-lake/feature/raw/",
            Verdict::Allow,
        ),
        ("dolt log -n 3 && dolt diff --stat", Verdict::Allow),
        (
            "dolt sql -r json -q 'SELECT id, price FROM prices LIMIT 3'",
            Verdict::Allow,
        ),
        ("pachctl list pipeline", Verdict::Allow),
        ("dvc gc --cloud --all-commits -f", Verdict::Deny),
        ("dvc destroy -f", Verdict::Deny),
        (
            "lakectl fs rm -r lakefs://dev-lake/main/raw/",
            Verdict::Deny,
        ),
        (
            "lakectl branch delete lakefs://dev-lake/feature -y",
            Verdict::Deny,
        ),
        ("dolt push -f origin main", Verdict::Deny),
        ("pachctl delete pipeline edges", Verdict::Deny),
        ("datahub delete --urn x --hard", Verdict::Deny),
        // a read followed by a drop is judged by the drop, as psql's is
        ("dolt sql -q 'SELECT 1; DROP TABLE prices'", Verdict::Deny),
        // twins that stay confined: a plain delete of one object, a push
        (
            "lakectl fs rm lakefs://dev-lake/feature/raw/a.csv",
            Verdict::Sandbox,
        ),
        ("dolt push origin feature-x", Verdict::Sandbox),
    ]);
}

#[test]
fn fault_injection_stays_in_the_test_rig() {
    decide(&[
        (
            "toxiproxy-cli toxic add -t latency -a latency=250 pg_test",
            Verdict::Allow,
        ),
        ("toxiproxy-cli toxic remove -n lag pg_test", Verdict::Allow),
        ("tc -s qdisc show dev veth-test0", Verdict::Allow),
        ("pumba kill --signal SIGTERM 're2:^api'", Verdict::Deny),
        ("pumba rm web-1", Verdict::Deny),
        ("stress-ng --cpu 0 --timeout 0", Verdict::Deny),
        (
            "tc qdisc add dev eth0 root netem delay 500ms",
            Verdict::Deny,
        ),
        (
            "tc qdisc replace dev wlan0 root tbf rate 1kbit",
            Verdict::Deny,
        ),
        (
            "tc qdisc change dev enp3s0 root netem loss 50%",
            Verdict::Deny,
        ),
        // twins: a bounded load run and shaping of a test interface stay confined
        ("stress-ng --cpu 2 --timeout 20s", Verdict::Sandbox),
        (
            "tc qdisc add dev veth-test0 root netem delay 50ms",
            Verdict::Sandbox,
        ),
    ]);
}

#[test]
fn proxies_and_sensors_are_read_and_not_reconfigured_or_stopped() {
    decide(&[
        ("varnishadm vcl.list", Verdict::Allow),
        ("varnishstat -1", Verdict::Allow),
        ("caddy validate --config deploy/Caddyfile", Verdict::Allow),
        ("caddy fmt --overwrite deploy/Caddyfile", Verdict::Allow),
        ("curl -s localhost:2019/config/", Verdict::Allow),
        ("suricata -T -c deploy/suricata.yaml", Verdict::Allow),
        (
            "suricata -r captures/a.pcap -c deploy/suricata.yaml -l build/ids/",
            Verdict::Allow,
        ),
        ("zeek -r captures/a.pcap local", Verdict::Allow),
        (
            "zeek-cut id.orig_h < build/conn.log | sort | uniq -c",
            Verdict::Allow,
        ),
        ("sigma check rules/", Verdict::Allow),
        (
            "curl -X POST localhost:2019/load -H 'Content-Type: application/json' -d @deploy/caddy.json",
            Verdict::Sandbox,
        ),
        ("curl -X POST localhost:9901/quitquitquit", Verdict::Sandbox),
        (
            "zeek -r captures/a.pcap -e 'event zeek_init() { print 1; }'",
            Verdict::Sandbox,
        ),
        (
            "suricata -r captures/a.pcap -l /var/log/suricata/",
            Verdict::Sandbox,
        ),
        ("zeekctl stop", Verdict::Deny),
        ("suricatasc -c shutdown", Verdict::Deny),
        ("manage_agents -r 007", Verdict::Deny),
        ("zeekctl status", Verdict::Allow),
        // a load balancer's runtime API: taking servers out is denied, reading is not
        (
            "echo 'disable server be_web/w2' | socat stdio /run/haproxy/admin.sock",
            Verdict::Deny,
        ),
        (
            "echo 'set server be_web/w1 state drain' | socat stdio tcp4-connect:lb.internal:9999",
            Verdict::Deny,
        ),
        (
            "echo 'show stat' | socat stdio /run/haproxy/admin.sock",
            Verdict::Sandbox,
        ),
        (
            "echo 'set server be_web/w1 state ready' | socat stdio /run/haproxy/admin.sock",
            Verdict::Sandbox,
        ),
    ]);
}

#[test]
fn images_are_built_in_the_project_and_never_written_over_a_disk() {
    decide(&[
        (
            "dd if=/dev/zero of=build/disk.img bs=1M count=16",
            Verdict::Allow,
        ),
        ("mkfs.ext4 -F build/disk.img", Verdict::Allow),
        ("bmaptool create build/sd.img", Verdict::Allow),
        (
            "bmaptool copy build/sd.img.bz2 build/sd.img",
            Verdict::Allow,
        ),
        ("mender-artifact read build/app.mender", Verdict::Allow),
        ("bmaptool copy build/sd.img.bz2 /dev/mmcblk0", Verdict::Deny),
        ("rpi-imager --cli build/os.img /dev/sdb", Verdict::Deny),
        ("dd if=build/os.img of=/dev/sdb bs=4M", Verdict::Deny),
        ("mkfs.ext4 -F /dev/sdb1", Verdict::Deny),
    ]);
}

#[test]
fn catalogs_trackers_and_automation_exports() {
    decide(&[
        (
            "datahub ingest -c recipes/dev.yml --dry-run",
            Verdict::Allow,
        ),
        ("datahub ingest -c recipes/dev.yml", Verdict::Sandbox),
        (
            "gpsbabel -i gpx -f tracks/a.gpx -o kml -F build/a.kml",
            Verdict::Allow,
        ),
        ("timew summary :week", Verdict::Allow),
        ("timew export :week > reports/week.json", Verdict::Allow),
        ("gramps -i fixtures/t.ged -e build/t.gramps", Verdict::Allow),
        ("gramps -i fixtures/t.ged -e /tmp/t.gramps", Verdict::Allow),
        ("gramps -i fixtures/t.ged -e ~/t.gramps", Verdict::Sandbox),
        (
            "n8n export:workflow --all --output=automation/workflows/",
            Verdict::Allow,
        ),
        (
            "n8n export:workflow --all --output=/srv/n8n/workflows/",
            Verdict::Sandbox,
        ),
        (
            "n8n export:credentials --all --decrypted --output=creds.json",
            Verdict::Deny,
        ),
        (
            "n8n export:credentials --all --output=creds.json",
            Verdict::Sandbox,
        ),
        (
            "curl -fsS https://hc-ping.com/$HC_PING_UUID",
            Verdict::Allow,
        ),
    ]);
}
