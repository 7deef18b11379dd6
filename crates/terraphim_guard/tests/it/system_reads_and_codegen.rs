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

/// A file system made in an image file of the project or a temp directory overwrites that
/// file; on a device, a path outside the project or one known only at run time it erases
/// whatever was there.
#[test]
fn file_systems_are_made_in_local_images_only() {
    decide_in_project(&[
        ("mkfs.ext4 -F target/img/root.ext4", Allow),
        ("mkfs.vfat -C /tmp/work/esp.img 32768", Allow),
        ("mke2fs -t ext4 -d staging/ images/rootfs.img", Allow),
        ("mkswap out/swap.img", Allow),
        ("mkfs.ext4 /dev/sdc1", Deny),
        ("mkfs -t btrfs /dev/mapper/vg0-data", Deny),
        ("mkfs.ext4 -F \"$DEVICE\"", Deny),
        ("mkswap ../shared/swapfile", Deny),
        ("mkfs.xfs ~/scratch.img", Deny),
    ]);
}
