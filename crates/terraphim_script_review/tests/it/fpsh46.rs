//! Rows of session 46's shell precision rules, each with its twin that stays flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{CommandJudge, CommandTier, CommandVerdict, Context, Verdict};

use Verdict::{Clean, Dangerous, Suspicious};

/// A stand-in for the command guard: a command whose name is an expansion is opaque;
/// removing containers or builders (`docker rm`, `docker container rm`, `podman rm`, `docker
/// buildx rm`) is denied whatever it names, as the KG's container removal is; everything else
/// is allowed.
#[derive(Debug)]
struct ContainerRemovalDenied;

impl CommandJudge for ContainerRemovalDenied {
    fn judge(&self, command: &str, _: &Context) -> CommandVerdict {
        let words: Vec<&str> = command
            .split_whitespace()
            .map(|w| w.trim_matches('\''))
            .collect();
        if words
            .first()
            .is_some_and(|w| w.trim_start_matches('"').starts_with('$'))
        {
            return CommandVerdict {
                tier: CommandTier::Opaque,
                reason: "the command name is an expansion".into(),
                rule: "opaque".into(),
                pattern: None,
                operands: Vec::new(),
            };
        }
        let removes = words.windows(2).any(|w| {
            matches!(w[0], "docker" | "podman" | "container" | "buildx") && w[1] == "rm"
                || w == ["docker", "container"] && words.contains(&"rm")
        });
        if !removes {
            return CommandVerdict::allow();
        }
        CommandVerdict {
            tier: CommandTier::Deny,
            reason: "removes containers, images or build caches".into(),
            rule: "container removal".into(),
            pattern: None,
            operands: Vec::new(),
        }
    }

    fn identity(&self) -> String {
        "fpsh46-stand-in".into()
    }
}

/// Every row, all failures reported at once (see [`crate::judged_shell_rows`]).
#[track_caller]
fn check_rows(rows: &[(&str, bool, Verdict, &str)]) {
    crate::judged_shell_rows(rows, &ContainerRemovalDenied);
}

/// The ids a quiet container listing prints when it is filtered by a label or a name the
/// script spells (`docker ps -aq --filter label=KEY=VALUE`, `-f name=NAME`) are the
/// containers the script picked out by its own mark: removing them is its own cleanup. An
/// unfiltered listing, one filtered by state alone, by a mark the caller chooses, or a
/// removal that names more than those ids, still removes somebody's containers.
#[test]
fn containers_removed_by_the_scripts_own_mark() {
    check_rows(&[
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nleft=\"$(docker ps -aq --filter 'label=org.example.suite=e2e' 2>/dev/null || true)\"\nif [[ -n \"$left\" ]]; then\n  docker rm -f $left >/dev/null\nfi\n",
            true,
            Clean,
            "",
        ),
        (
            "#!/bin/sh\nstale=$(podman ps -a -q -f name=orders-itest)\n[ -z \"$stale\" ] || podman rm -f $stale\n",
            true,
            Clean,
            "",
        ),
        (
            "#!/bin/sh\nbench=$(docker container ls --all --quiet --filter label=job=nightly-bench)\ndocker container rm --force $bench\n",
            true,
            Clean,
            "",
        ),
        (
            "#!/bin/sh\ndocker rm -f $(docker ps -aq --filter label=org.example.suite=e2e 2>/dev/null) 2>/dev/null || true\n",
            true,
            Clean,
            "",
        ),
        // Twins: every container on the machine, or every stopped one.
        (
            "#!/bin/sh\ndocker rm -f $(docker ps -aq)\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        (
            "#!/bin/sh\ngone=$(docker ps -aq --filter status=exited)\ndocker rm -v $gone\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        (
            "#!/bin/sh\ndocker rm -f $(docker ps -aq --filter status=exited)\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        (
            "#!/bin/sh\ndocker rm -f $(docker ps -aq --filter \"label=$1\")\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        // Twin: the mark is the caller's word, not the script's.
        (
            "#!/bin/sh\nids=$(docker ps -aq --filter \"label=$1\")\ndocker rm -f $ids\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        // Twin: a listing that prints a table, not ids.
        (
            "#!/bin/sh\nids=$(docker ps -a --filter label=org.example.suite=e2e)\ndocker rm -f $ids\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        // Twin: the marked ids and every other container besides.
        (
            "#!/bin/sh\nids=$(docker ps -aq --filter label=org.example.suite=e2e)\ndocker rm -f $ids $(docker ps -aq)\n",
            true,
            Dangerous,
            "guard-rule",
        ),
    ]);
}

/// A system configuration file's shape inside the project (a rootfs or a package staging
/// tree under `build/`: `build/rootfs/etc/apt/sources.list`, `.../etc/resolv.conf`)
/// configures that tree, which nothing on this machine reads as its own. The same file
/// reached through a path that climbs back out to `/`, or the machine's own file, still
/// changes this machine's configuration.
#[test]
fn system_config_inside_a_project_tree() {
    check_rows(&[
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nrootfs=build/chroot\nmkdir -p \"$rootfs/etc/apt\"\nprintf 'deb %s %s main\\n' http://deb.debian.org/debian trixie > \"$rootfs/etc/apt/sources.list\"\ncp /etc/resolv.conf \"$rootfs/etc/resolv.conf\"\necho 'build-box' > \"$rootfs/etc/hostname\"\n",
            false,
            Clean,
            "",
        ),
        // Twin: the same path climbing back out of the project to `/`.
        (
            "#!/usr/bin/env bash\nrootfs=build/chroot/../../../../..\nprintf 'deb %s %s main\\n' http://deb.example.org/debian trixie > \"$rootfs/etc/apt/sources.list\"\n",
            false,
            Dangerous,
            "config-tampering",
        ),
        // Twin: the machine's own resolver.
        (
            "#!/bin/sh\ncp build/chroot/etc/resolv.conf /etc/resolv.conf\n",
            false,
            Dangerous,
            "config-tampering",
        ),
        // Twin: a project's own tool configuration is still its tool configuration.
        (
            "#!/bin/sh\necho 'registry=http://10.1.2.3:4873/' > build/chroot/.npmrc\n",
            false,
            Dangerous,
            "config-tampering",
        ),
    ]);
}

/// An array run as a command (`"${cmd[@]}"`) whose program the script set is shown to the
/// guard as its words, an element known only at run time (`cmd+=(--limit "$LIMIT")`) as a
/// variable's value, as the same words written out would be: the guard judges the program,
/// which is no longer an expansion it cannot see through. An array whose program is known
/// only at run time stays opaque, and one whose known words the guard denies is denied.
#[test]
fn arrays_with_run_time_arguments_run_their_program() {
    check_rows(&[
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nplay=(ansible-playbook -i inventories/qa site.yml)\nif [[ -n \"${HOSTS:-}\" ]]; then\n  play+=(--limit \"$HOSTS\")\nfi\n\"${play[@]}\" --check --diff\n",
            true,
            Clean,
            "",
        ),
        (
            "#!/usr/bin/env bash\nbuild_cmd() {\n  local -n _into=$1\n  _into=(terraform -chdir=infra plan -input=false)\n  [[ -n \"${VARFILE:-}\" ]] && _into+=(-var-file \"$VARFILE\")\n}\nplan() {\n  local -a c\n  build_cmd c\n  \"${c[@]}\" -out build/plan.bin\n}\nplan\n",
            true,
            Clean,
            "",
        ),
        // Twin: the program itself is the caller's.
        (
            "#!/usr/bin/env bash\ntool=(\"$1\" --check)\ntool+=(\"$2\")\n\"${tool[@]}\"\n",
            true,
            Suspicious,
            "remote-code",
        ),
        // Twin: the known words are a removal the guard denies, whatever the rest holds.
        (
            "#!/usr/bin/env bash\ndrop=(docker rm -f)\ndrop+=(\"$1\")\n\"${drop[@]}\"\n",
            true,
            Dangerous,
            "guard-rule",
        ),
    ]);
}

/// A runner function that logs what it runs (`"$@" 2>&1 | tee "$log"`): the command of each
/// call is judged where the function is called, and the stages that take its output are
/// walked and judged as statements of their own (a log in the project is clean, a startup
/// file is still written). A stage that runs what it reads (`"$@" | sh`) keeps the pipeline
/// one statement the guard cannot see through.
#[test]
fn runner_pipelines_that_log_their_command() {
    check_rows(&[
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nlogged() {\n  local step=\"$1\"; shift\n  mkdir -p build/logs\n  CI=1 \"$@\" 2>&1 | tee \"build/logs/$step.log\"\n}\nlogged lint cargo clippy --all-targets\nlogged test cargo test --workspace\n",
            true,
            Clean,
            "",
        ),
        // Twin: the stage after it is a shell running what the command prints.
        (
            "#!/usr/bin/env bash\npiped() {\n  \"$@\" | sh\n}\npiped cat build/steps.txt\n",
            true,
            Suspicious,
            "remote-code",
        ),
        // Twin: the log is a shell startup file.
        (
            "#!/usr/bin/env bash\nlogged() {\n  \"$@\" 2>&1 | tee -a ~/.bashrc\n}\nlogged make build\n",
            true,
            Dangerous,
            "persistence",
        ),
    ]);
}

/// A BuildKit builder the script made (`docker buildx create --name N`) and removes again
/// (`docker buildx rm N`, in an exit trap) is its own: the teardown of what it brought up. A
/// builder it did not make, or every inactive one, is somebody's build cache.
#[test]
fn buildx_builders_the_script_made() {
    check_rows(&[
        (
            "#!/usr/bin/env bash\nset -euo pipefail\nB=multiarch-ci-$$\nteardown() { docker buildx rm \"$B\" >/dev/null 2>&1 || true; }\ntrap teardown EXIT\ndocker buildx create --name \"$B\" --driver docker-container --bootstrap\ndocker buildx build --builder \"$B\" --platform linux/amd64,linux/arm64 -t app:ci .\n",
            true,
            Clean,
            "",
        ),
        // Twin: a builder named by the caller, which the script never made.
        (
            "#!/usr/bin/env bash\ndocker buildx rm \"$1\"\n",
            true,
            Dangerous,
            "guard-rule",
        ),
        // Twin: the script made one builder and removes another.
        (
            "#!/usr/bin/env bash\ndocker buildx create --name ci-builder\ndocker buildx rm shared-builder\n",
            true,
            Dangerous,
            "guard-rule",
        ),
    ]);
}
