//! Session 51 (guard56): destroyers of classes nobody tuned the guard to, written as shapes
//! rather than tools. A known platform CLI's subcommand that names its deletion last
//! (`service-instance-delete`) and a cloud API action (`DeleteInstance`) are `<destroy-verb>`s;
//! an unknown tool's deletion two nouns deep (`exo compute instance delete`), its `remove`
//! with the confirmation skipped, and a backup tool's retention run given its policy are
//! deletions; other version control systems' discards; what the machine runs on removed by
//! its package manager. Each beside the twin that stays where it was.

use crate::decide_in_project as decide;
use terraphim_guard::Verdict;

#[test]
fn compound_and_api_action_deletes_of_platform_and_unknown_clis_are_denied() {
    decide(&[
        (
            "ibmcloud resource service-instance-delete prod-db -f --recursive",
            Verdict::Deny,
        ),
        (
            "aliyun ecs DeleteInstance --InstanceId i-bp1 --Force true",
            Verdict::Deny,
        ),
        (
            "tccli cvm TerminateInstances --InstanceIds ins-1",
            Verdict::Deny,
        ),
        ("exo compute instance delete web-1 --force", Verdict::Deny),
        ("ovhcloud cloud instance delete 1234 --yes", Verdict::Deny),
        ("gitea admin user delete alice --yes", Verdict::Deny),
        ("civo kubernetes remove prod -y", Verdict::Deny),
        // Twins: the reads of the same tools, an API action that reads or creates, the
        // deletion two nouns deep asked as a rehearsal, `remove` without the confirmation
        // skipped or of a cache, a setting's value that names a deletion.
        ("ibmcloud resource service-instances", Verdict::Sandbox),
        (
            "aliyun ecs DescribeInstances --RegionId cn-hangzhou",
            Verdict::Sandbox,
        ),
        (
            "tccli cvm RunInstances --cli-input-json file://x.json",
            Verdict::Sandbox,
        ),
        ("exo compute instance list", Verdict::Sandbox),
        (
            "exo compute instance delete web-1 --dry-run",
            Verdict::Sandbox,
        ),
        ("civo kubernetes remove prod", Verdict::Sandbox),
        ("civo kubernetes list", Verdict::Sandbox),
        ("mytool cache rm -f wheels", Verdict::Sandbox),
        ("mytool config set on-delete cascade", Verdict::Sandbox),
        ("mytool hooks add delete", Verdict::Sandbox),
        // A wrapper function's program and subcommands, the confirmation not skipped.
        (
            "run git annex drop --numcopies 2 -- data/raw/a.wav",
            Verdict::Sandbox,
        ),
        ("exo compute instance delete web-1", Verdict::Sandbox),
    ]);
}

#[test]
fn a_backup_tools_retention_run_given_its_policy_is_denied() {
    decide(&[
        ("autorestic forget --all --prune", Verdict::Deny),
        ("resticprofile forget --prune", Verdict::Deny),
        ("duplicacy prune -exclusive -keep 0:1", Verdict::Deny),
        (
            "pgbackrest --stanza=main expire --repo1-retention-full=1",
            Verdict::Deny,
        ),
        // Twins: the same runs as rehearsals, a list of snapshots, a file untracked.
        (
            "autorestic forget --all --prune --dry-run",
            Verdict::Sandbox,
        ),
        ("duplicacy list", Verdict::Sandbox),
        ("hg forget src/generated.py", Verdict::Sandbox),
        ("pgbackrest --stanza=main info", Verdict::Sandbox),
    ]);
}

#[test]
fn other_version_control_systems_discarding_history_or_work_are_denied() {
    decide(&[
        ("hg strip -r 0 --no-backup", Verdict::Deny),
        ("hg purge --all", Verdict::Deny),
        ("hg update -C default", Verdict::Deny),
        ("hg revert --all --no-backup", Verdict::Deny),
        ("bzr uncommit --force -r 1", Verdict::Deny),
        ("svn revert -R .", Verdict::Deny),
        (
            "svn delete https://svn.example.org/repo/trunk -m cleanup",
            Verdict::Deny,
        ),
        ("fossil scrub --verily --force", Verdict::Deny),
        ("jj git push --branch main --deleted", Verdict::Deny),
        // Twins: a strip that keeps its bundle, a purge that prints, one file reverted or
        // deleted in the working copy, reads.
        ("hg strip -r 5", Verdict::Sandbox),
        ("hg purge -p", Verdict::Allow),
        ("hg update default", Verdict::Sandbox),
        ("svn revert src/main.c", Verdict::Sandbox),
        ("svn delete src/old.c", Verdict::Sandbox),
        ("hg log -l 5", Verdict::Sandbox),
        ("jj git push --branch main", Verdict::Sandbox),
    ]);
}

#[test]
fn what_the_machine_runs_on_removed_by_its_package_manager_is_denied() {
    decide(&[
        ("sudo apt-get purge -y openssh-server", Verdict::Deny),
        ("sudo apt-get purge -y nginx openssh-server", Verdict::Deny),
        (
            "sudo apt remove linux-image-6.8.0-45-generic",
            Verdict::Deny,
        ),
        ("sudo dnf remove -y systemd", Verdict::Deny),
        ("sudo pacman -Rns --noconfirm linux", Verdict::Deny),
        ("apk del --purge busybox", Verdict::Deny),
        (
            "sudo dpkg --purge --force-remove-essential coreutils",
            Verdict::Deny,
        ),
        ("sudo rpm -e --nodeps bash", Verdict::Deny),
        ("sudo emerge --unmerge sys-apps/portage", Verdict::Deny),
        ("sudo port -f uninstall installed", Verdict::Deny),
        ("winget uninstall --all --silent", Verdict::Deny),
        ("nix-env --uninstall '.*'", Verdict::Deny),
        // Twins: an ordinary package removed or installed stays confined, a simulation prints.
        ("sudo apt-get remove -y nginx", Verdict::Sandbox),
        ("sudo apt-get install -y openssh-server", Verdict::Sandbox),
        ("sudo pacman -Rns --noconfirm firefox", Verdict::Sandbox),
        ("brew uninstall jq", Verdict::Sandbox),
        ("apt-get -s remove nginx", Verdict::Allow),
        ("apt-get -s purge openssh-server", Verdict::Allow),
        ("apt list --installed", Verdict::Allow),
    ]);
}
