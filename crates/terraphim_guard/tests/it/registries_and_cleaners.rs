//! Session 41, issue 15: schema registries (`rover`, `buf registry`), remote workspaces
//! (`coder`), brokers and their coordination stores (`pulsar-admin`, ZooKeeper's shell) read
//! like other platform CLIs and their delete verbs are denied; account cleaners (`aws-nuke
//! --no-dry-run`, `cloud-nuke`) are denied, their listing forms stay confined.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

#[test]
fn registry_workspace_and_broker_reads_run_and_deletes_are_denied() {
    decide_in_project(&[
        ("rover subgraph list inventory@staging", Allow),
        (
            "rover graph check inventory@staging --schema api.graphql",
            Allow,
        ),
        ("rover subgraph fetch inventory@staging --name stock", Allow),
        (
            "rover subgraph delete inventory@prod --name stock --confirm",
            Deny,
        ),
        ("buf registry module delete buf.build/shop/orders", Deny),
        ("coder list --all", Allow),
        ("coder delete dana/build-box --yes", Deny),
        ("pulsar-admin namespaces list shop", Allow),
        ("pulsar-admin namespaces delete shop/events", Deny),
        ("zkCli.sh -server 127.0.0.1:2181 get /app/flags", Allow),
        ("zkCli.sh -server zk.internal:2181 deleteall /app", Deny),
        ("zkCli -server zk.internal:2181 delete /app/lock", Deny),
        ("distrobox list --root", Allow),
        // A write that deletes nothing stays with the default sandbox.
        (
            "pulsar-admin topics create persistent://shop/events/orders",
            Sandbox,
        ),
        (
            "rover subgraph publish inventory@dev --name stock --schema s.graphql",
            Sandbox,
        ),
    ]);
}

#[test]
fn account_cleaners_are_denied_unless_they_only_list() {
    decide_in_project(&[
        ("aws-nuke -c nuke.yml", Sandbox),
        ("aws-nuke run -c nuke.yml --no-dry-run", Deny),
        ("aws-nuke -c nuke.yml --no-dry-run --force", Deny),
        ("cloud-nuke inspect-aws", Sandbox),
        ("cloud-nuke aws --resource-type ec2", Deny),
        ("cloud-nuke defaults-aws", Deny),
        ("cloud-nuke gcp", Deny),
    ]);
}
