//! Session 41, issue 15: reads of the machine's settings (held packages, loop devices,
//! firewall rules, modules, alternatives) run on the host, their writing forms do not; API
//! generators and linters run when every path they name is in the project.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

#[test]
fn settings_are_read_on_the_host_and_changed_only_confined() {
    decide_in_project(&[
        ("apt-mark showhold", Allow),
        ("apt-mark unhold nginx", Sandbox),
        ("losetup -a", Allow),
        ("ufw status numbered", Allow),
        ("nft list ruleset", Allow),
        ("nft flush ruleset", Deny),
        ("iptables -L INPUT -n", Allow),
        ("ip6tables -S", Allow),
        ("lsmod", Allow),
        ("update-alternatives --display editor", Allow),
        (
            "update-alternatives --set editor /usr/bin/vim.basic",
            Sandbox,
        ),
        ("timedatectl show", Allow),
        ("timedatectl set-timezone UTC", Sandbox),
    ]);
}

#[test]
fn api_generators_and_linters_run_when_they_stay_in_the_project() {
    decide_in_project(&[
        ("graphql-codegen -c codegen.yml", Allow),
        (
            "openapi-generator generate -i api.yaml -g rust -o crates/api-client",
            Allow,
        ),
        (
            "openapi-generator generate -i api.yaml -g rust -o ../other-repo/client",
            Sandbox,
        ),
        ("openapi-generator-cli validate -i api.yaml", Allow),
        ("redocly lint api/openapi.yaml", Allow),
        ("spectral lint /etc/passwd", Sandbox),
        ("infracost breakdown --path terraform/envs/dev", Allow),
        ("reuse spdx -o reuse.spdx", Allow),
    ]);
}
