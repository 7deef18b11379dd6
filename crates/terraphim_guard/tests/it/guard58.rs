//! Session 58 (guard58): destructive commands of tools and shapes nobody tuned the guard to,
//! each by a general rule with its ordinary twin beside it: a destroyer asked only for its
//! usage, a directory delete aimed at the configured server, backup retention runs of profiles
//! and exclusive prunes, SurrealQL's whole-table delete, a schema applied unasked to a deployed
//! database, client-library destroyers in inline code aimed at another machine, money spent with
//! a production key by an httpie client, cloud credentials written into the project, forced
//! rotations of the system's logs, snapshots of virtual machines deleted, and cluster launchers'
//! teardowns with a reason of their own.

use crate::decide_in_project as decide;
use terraphim_guard::Verdict;

#[test]
fn a_destroyer_asked_only_for_its_usage_is_allowed() {
    decide(&[
        ("kubeadm reset --help", Verdict::Allow),
        ("talosctl reset --help", Verdict::Allow),
        ("ray down --help", Verdict::Allow),
        ("zfs destroy --help", Verdict::Allow),
        // Through sudo the usage stays confined, as every root command is.
        ("sudo kubeadm reset -f --help", Verdict::Sandbox),
        // Twins: the destroyer itself, help after an operand, help with a write.
        ("kubeadm reset -f", Verdict::Deny),
        ("zfs destroy -r tank/home --help", Verdict::Deny),
        ("kubeadm reset --help > ~/.bashrc", Verdict::Deny),
        ("ray down cluster.yaml --yes", Verdict::Deny),
    ]);
}

#[test]
fn a_directory_delete_without_a_server_is_denied() {
    decide(&[
        (
            "ldapdelete -x -D cn=admin,dc=example,dc=com -w secret uid=alice,ou=people,dc=example,dc=com",
            Verdict::Deny,
        ),
        (
            "ldapdelete -H ldap://ldap.corp.example.com uid=bob,dc=corp",
            Verdict::Deny,
        ),
        // Twins: a test server on this machine, a search, a modify with its file.
        (
            "ldapdelete -x -H ldap://localhost:3890 uid=alice,ou=people,dc=example,dc=com",
            Verdict::Allow,
        ),
        (
            "ldapsearch -x -H ldap://ldap.internal -b dc=example,dc=com uid=alice",
            Verdict::Allow,
        ),
    ]);
}

#[test]
fn backup_retention_runs_of_profiles_and_exclusive_prunes_are_denied() {
    decide(&[
        ("duplicacy prune -exclusive -exhaustive", Verdict::Deny),
        ("duplicacy prune -keep 0:360", Verdict::Deny),
        ("resticprofile prod.forget --prune", Verdict::Deny),
        (
            "resticprofile nightly.forget --keep-last 1 --prune",
            Verdict::Deny,
        ),
        ("autorestic2 nas.prune --keep-daily 3", Verdict::Deny),
        ("sudo sanoid --prune-snapshots --force-prune", Verdict::Deny),
        ("VBoxManage snapshot build-vm delete base", Verdict::Deny),
        // Twins: dry runs, listings, a snapshot taken.
        ("duplicacy prune -keep 0:30 -dry-run", Verdict::Allow),
        ("resticprofile prod.snapshots", Verdict::Sandbox),
        (
            "resticprofile prod.forget --prune --dry-run",
            Verdict::Sandbox,
        ),
        (
            "VBoxManage snapshot build-vm take before-upgrade",
            Verdict::Sandbox,
        ),
    ]);
}

#[test]
fn surrealql_deleting_a_whole_table_is_denied() {
    decide(&[
        (
            "surreal sql --conn http://db.internal:8000 --user root --pass root --ns app --db app <<< 'DELETE user;'",
            Verdict::Deny,
        ),
        (
            "echo 'DELETE account;' | surreal sql --endpoint http://db.internal:8000 --ns app --db app",
            Verdict::Deny,
        ),
        // Twins: a delete with a WHERE, a select, prose.
        (
            "surreal sql --conn http://db.internal:8000 --ns app --db app <<< 'DELETE user WHERE age < 18;'",
            Verdict::Sandbox,
        ),
        (
            "surreal sql --conn http://db.internal:8000 --ns app --db app <<< 'SELECT * FROM user;'",
            Verdict::Sandbox,
        ),
        ("mytool note add 'delete user later;'", Verdict::Sandbox),
    ]);
}

#[test]
fn a_schema_applied_unasked_to_a_deployed_database_is_denied() {
    decide(&[
        (
            "atlas schema apply -u 'postgres://app@pg-main.internal:5432/app' --to file://schema.hcl --auto-approve",
            Verdict::Deny,
        ),
        (
            "atlas migrate apply --url 'mysql://root:pw@db.prod.example.net:3306/shop'",
            Verdict::Deny,
        ),
        // Twins: this machine's database, the prompt kept, a dry run, an inspection.
        (
            "atlas schema apply -u 'postgres://dev@localhost:5432/app?sslmode=disable' --to file://schema.hcl --auto-approve",
            Verdict::Sandbox,
        ),
        (
            "atlas schema apply -u 'postgres://app@pg-main.internal:5432/app' --to file://schema.hcl",
            Verdict::Sandbox,
        ),
        (
            "atlas schema apply -u 'postgres://app@pg-main.internal:5432/app' --to file://schema.hcl --dry-run",
            Verdict::Sandbox,
        ),
        (
            "atlas schema inspect -u 'postgres://app@pg-main.internal:5432/app'",
            Verdict::Allow,
        ),
    ]);
}

#[test]
fn a_client_library_destroyer_in_inline_code_aimed_elsewhere_is_denied() {
    decide(&[
        (
            "python3 -c \"from pymongo import MongoClient; MongoClient('mongodb://mongo.internal:27017').drop_database('app')\"",
            Verdict::Deny,
        ),
        (
            "python3 -c \"import redis; redis.Redis(host='cache.prod.example.net').flushall()\"",
            Verdict::Deny,
        ),
        (
            "python3 -c \"from elasticsearch import Elasticsearch; Elasticsearch('https://es.internal:9200').indices.delete(index='*')\"",
            Verdict::Deny,
        ),
        (
            "node -e \"require('redis').createClient({url:'redis://cache.internal:6379'}).connect().then(c=>c.flushAll())\"",
            Verdict::Deny,
        ),
        (
            "python3 -c \"from pymilvus import connections, utility; connections.connect(host='milvus.internal'); [utility.drop_collection(n) for n in utility.list_collections()]\"",
            Verdict::Deny,
        ),
        (
            "ruby -e \"require 'redis'; Redis.new(host: 'cache.internal').flushall\"",
            Verdict::Deny,
        ),
        // Twins: this machine's store, a compose service, a read, no host at all.
        (
            "python3 -c \"import redis; redis.Redis(host='localhost').flushall()\"",
            Verdict::Sandbox,
        ),
        (
            "python3 -c \"import redis; redis.Redis(host='redis').flushall()\"",
            Verdict::Sandbox,
        ),
        (
            "python3 -c \"import redis; print(redis.Redis(host='cache.internal').info())\"",
            Verdict::Sandbox,
        ),
        (
            "python3 -c \"import redis; redis.Redis().flushdb()\"",
            Verdict::Sandbox,
        ),
    ]);
}

#[test]
fn money_spent_with_a_production_key_by_an_httpie_client_is_denied() {
    decide(&[
        (
            "http POST https://api.easypost.com/v2/shipments/shp_1/buy \"Authorization:Bearer $EASYPOST_PRODUCTION_API_KEY\" rate[id]=r",
            Verdict::Deny,
        ),
        (
            "xh POST https://connect.squareup.com/v2/payments \"Authorization:Bearer $SQUARE_PROD_TOKEN\" amount=100",
            Verdict::Deny,
        ),
        // Twins: a test key, a local server.
        (
            "http POST https://api.easypost.com/v2/shipments/shp_1/buy \"Authorization:Bearer $EASYPOST_TEST_API_KEY\" rate[id]=r",
            Verdict::Sandbox,
        ),
        (
            "xh POST http://localhost:8080/api/orders item=1",
            Verdict::Allow,
        ),
    ]);
}

#[test]
fn cloud_credentials_written_into_the_project_are_denied() {
    decide(&[
        (
            "aws configure export-credentials --profile prod --format env > public/creds.env",
            Verdict::Deny,
        ),
        (
            "aws configure export-credentials > static/aws.json",
            Verdict::Deny,
        ),
        (
            "gcloud auth print-access-token > dist/token.txt",
            Verdict::Deny,
        ),
        // Twins: printed for a pipe or the environment, a project file nothing serves, an
        // identity written.
        (
            "aws configure export-credentials > .secrets/aws.env",
            Verdict::Sandbox,
        ),
        (
            "aws configure export-credentials --profile dev --format env",
            Verdict::Sandbox,
        ),
        (
            "aws sts get-caller-identity > build/whoami.json",
            Verdict::Allow,
        ),
    ]);
}

#[test]
fn a_forced_rotation_of_the_systems_logs_is_denied() {
    decide(&[
        ("sudo logrotate -f /etc/logrotate.conf", Verdict::Deny),
        ("logrotate --force /etc/logrotate.d/nginx", Verdict::Deny),
        // Twins: a debug run, the project's own config.
        ("logrotate -d /etc/logrotate.conf", Verdict::Allow),
        (
            "logrotate -f deploy/logrotate/worker.conf",
            Verdict::Sandbox,
        ),
    ]);
}
