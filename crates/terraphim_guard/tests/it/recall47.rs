//! Session 47: data stores the line aims at this machine (dumps, loads, restores, consumer
//! offsets rewound, a flush of a port's instance), reads of a store on a public host, a server
//! stopped by the port its command line names, a command run in a foreground scope, pid files,
//! and the machine's own filesystems unmounted. Each table holds the lowered forms beside the
//! near-identical ones that stay confined or denied.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// A dump or a load between a store on this machine and the project runs; a store elsewhere, or
/// one the line does not name (the client's default and the environment decide), stays confined,
/// and a dump written outside the project keeps its decision.
#[test]
fn dumps_and_loads_of_a_store_on_this_machine() {
    decide_in_project(&[
        (
            "pg_dump -Fc -f backups/shop.dump postgresql://127.0.0.1:5433/shop_dev",
            Allow,
        ),
        (
            "pg_dump -h localhost -U dev -d ledger -f db/ledger.dump",
            Allow,
        ),
        (
            "mongodump --uri=mongodb://localhost:27017/catalog --out dumps/catalog",
            Allow,
        ),
        (
            "mongorestore --uri mongodb://127.0.0.1:27017 fixtures/mongo",
            Allow,
        ),
        ("mysqldump -h 127.0.0.1 -r build/app.sql app_test", Allow),
        // no server named, a host elsewhere, one of several elsewhere, a file outside
        ("pg_dump -Fc -f backups/shop.dump shop_dev", Sandbox),
        (
            "pg_dump -Fc -f backups/shop.dump postgresql://db.example.net/shop",
            Sandbox,
        ),
        (
            "pg_dump -Fc -f backups/shop.dump postgresql://pg.internal/shop",
            Sandbox,
        ),
        (
            "mongodump --host rs0/localhost:27017,mongo.example.net:27017 --out dumps/x",
            Sandbox,
        ),
        (
            "pg_dump -h localhost -f /home/u/other/shop.dump shop_dev",
            Sandbox,
        ),
        ("psql -h localhost -d shop_dev -f db/seed.sql", Sandbox),
        // a full dump into a temporary directory, which the machine's other users read
        (
            "pg_dump -h localhost -f /tmp/dumps/shop.sql shop_dev",
            Sandbox,
        ),
        (
            "pg_dump -h 127.0.0.1 shop_dev > /tmp/dumps/shop.sql",
            Sandbox,
        ),
    ]);
}

/// A restore that drops what the dump recreates, and a consumer group moved to another offset,
/// aimed at this machine: allowed. The same aimed elsewhere, at no named server, or deleting a
/// topic or a consumer group stays denied.
#[test]
fn restores_and_rewinds_of_a_store_on_this_machine() {
    decide_in_project(&[
        (
            "pg_restore --clean --if-exists -d postgresql://localhost:5433/shop_dev backups/shop.dump",
            Allow,
        ),
        (
            "pg_restore -c -h 127.0.0.1 -d shop_dev backups/shop.dump",
            Allow,
        ),
        (
            "mongorestore --drop --uri mongodb://127.0.0.1:27018 fixtures/mongo",
            Allow,
        ),
        (
            "kafka-consumer-groups --bootstrap-server 127.0.0.1:29092 --group etl-dev --reset-offsets --to-latest --topic clicks --execute",
            Allow,
        ),
        // elsewhere, unnamed, a delete beside the rewind, a topic deleted on this machine
        (
            "pg_restore --clean --if-exists -d postgresql://pg.internal/shop backups/shop.dump",
            Deny,
        ),
        ("pg_restore --clean -d shop_dev backups/shop.dump", Deny),
        (
            "mongorestore --drop --uri mongodb://mongo.example.net:27017 fixtures/mongo",
            Deny,
        ),
        ("mongorestore --drop fixtures/mongo", Deny),
        (
            "kafka-consumer-groups --bootstrap-server kafka-2.corp.internal:9092 --group etl --reset-offsets --to-latest --all-topics --execute",
            Deny,
        ),
        (
            "kafka-consumer-groups --bootstrap-server localhost:29092 --group etl-dev --delete",
            Deny,
        ),
        (
            "kafka-topics --bootstrap-server localhost:29092 --delete --topic clicks",
            Deny,
        ),
        (
            "mongosh mongodb://localhost:27017/catalog --eval 'db.dropDatabase()'",
            Deny,
        ),
    ]);
}

/// redis-cli picks a server of this machine by `-p PORT` alone (its host is 127.0.0.1 unless
/// `-h`/`-u` say otherwise); with no server option, or another host, a flush stays denied.
#[test]
fn a_flush_of_an_instance_this_machine_serves_on_a_port() {
    decide_in_project(&[
        ("redis-cli -p 6390 FLUSHDB", Allow),
        ("redis-cli -p 6390 -n 4 flushall", Allow),
        ("redis-cli FLUSHDB", Deny),
        ("redis-cli -p 6390 -h cache.example.net FLUSHDB", Deny),
        ("redis-cli -h 10.1.2.3 -p 6390 FLUSHDB", Deny),
        ("redis-cli -p \"$PORT\" FLUSHDB", Deny),
    ]);
}

/// A read of a store on a public host (a name outside the private network, a public address)
/// contacts a server nobody answers for: confined. The same read of this machine, the private
/// network or a one-label name stays allowed.
#[test]
fn reads_of_a_store_on_a_public_host_are_confined() {
    decide_in_project(&[
        ("redis-cli -h 203.0.113.77 INFO", Sandbox),
        ("kcat -b kafka.example.org:9092 -L", Sandbox),
        ("kafkacat -b 198.51.100.9:9092 -C -t orders -e", Sandbox),
        (
            "psql -h pg.example.com -U ro -d shop -c 'SELECT count(*) FROM orders'",
            Sandbox,
        ),
        ("redis-cli -h 127.0.0.1 INFO", Allow),
        ("redis-cli -h cache.corp.internal INFO memory", Allow),
        ("redis-cli -h 10.20.0.4 PING", Allow),
        ("kcat -b localhost:9092 -L", Allow),
        (
            "psql -h db -U ro -d shop -c 'SELECT count(*) FROM orders'",
            Allow,
        ),
    ]);
}

/// `pkill -f` whose pattern names a program and the port it serves stops that one server; a
/// bare name, a subcommand, a forced kill or another user's processes keep their decision.
#[test]
fn a_server_stopped_by_the_port_its_command_line_names() {
    decide_in_project(&[
        ("pkill -f 'webpack serve --port 8081'", Allow),
        ("pkill -f \"astro dev --port=4321\"", Allow),
        ("pkill -INT -f 'next dev -p 3002'", Allow),
        ("pkill -f 'cargo test'", Sandbox),
        ("pkill -9 -f 'webpack serve --port 8081'", Sandbox),
        ("pkill -u builder -f 'webpack serve --port 8081'", Deny),
        ("pkill -f node", Deny),
        ("killall -9 node", Deny),
        ("kill -9 -1", Deny),
    ]);
}

/// `systemd-run --scope` runs the command in the foreground: judged as the command. A transient
/// service (no `--scope`) stays confined, a timer stays denied, and the command keeps its own
/// decision inside the scope.
#[test]
fn a_command_run_in_a_foreground_scope_is_judged_as_the_command() {
    decide_in_project(&[
        (
            "systemd-run --user --scope -p MemoryMax=3G cargo build --release",
            Allow,
        ),
        ("systemd-run --scope --user -p CPUQuota=50% npm test", Allow),
        ("systemd-run --user ./scripts/watch.sh", Sandbox),
        (
            "systemd-run --user --scope --on-active=30s make report",
            Deny,
        ),
        ("systemd-run --user --scope rm -rf ~", Deny),
    ]);
}

/// A project's pid file is removed once its process is stopped; other project files removed
/// recursively stay confined (a file named one by one is allowed since session 58:
/// `project_delete.rs`).
#[test]
fn a_pid_file_is_removed_with_its_process() {
    decide_in_project(&[
        ("kill \"$(cat tmp/web.pid)\" && rm -f tmp/web.pid", Allow),
        ("rm -f .api-server.pid", Allow),
        ("rm -f .env", Sandbox),
        ("rm -rf src/pid.rs", Sandbox),
        ("rm -f /var/run/nginx.pid", Deny),
    ]);
}

/// The root, the homes and the operating system's directories unmounted: denied. A mount of the
/// developer's own stays confined.
#[test]
fn the_machines_own_filesystems_unmounted_are_denied() {
    decide_in_project(&[
        ("sudo umount -l /home", Deny),
        ("umount -f /usr", Deny),
        ("sudo umount --all", Deny),
        ("sudo umount /mnt/usb", Sandbox),
        ("umount build/mnt", Sandbox),
    ]);
}

/// A size given to `truncate -s` is no path (`<size>`): a disposable file resized runs, the same
/// size given to a project source, the home or a file outside keeps its decision.
#[test]
fn a_size_value_is_no_path() {
    decide_in_project(&[
        ("truncate -s 512M build/images/data.img", Allow),
        ("truncate -s +64K /tmp/t1/scratch.bin", Allow),
        ("truncate -s 0 target/debug/app.log", Allow),
        ("truncate -s 512M src/lib.rs", Sandbox),
        ("truncate -s 0 ~/notes.txt", Deny),
        ("truncate -s 0 /home/u/other/notes.txt", Deny),
    ]);
}
