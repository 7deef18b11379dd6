//! Integration tests of the guard library: routing over the default KG, and properties.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "test code: a failed setup should panic loudly"
)]

use std::path::Path;
use std::sync::OnceLock;

use terraphim_guard::{Guard, Verdict};

/// The guard on the default KG, built once for every test of this binary.
fn guard() -> &'static Guard {
    static GUARD: OnceLock<Guard> = OnceLock::new();
    GUARD.get_or_init(|| {
        Guard::builder()
            .with_default_kg()
            .build()
            .expect("the default KG builds")
    })
}

/// Each command gets its verdict, decided with no working directory.
#[track_caller]
fn decide(cases: &[(&str, Verdict)]) {
    decide_where(None, cases);
}

/// Each command gets its verdict, decided in `/home/u/src/app` for the user `/home/u`.
#[track_caller]
fn decide_in_project(cases: &[(&str, Verdict)]) {
    decide_where(
        Some((Path::new("/home/u/src/app"), Path::new("/home/u"))),
        cases,
    );
}

#[track_caller]
fn decide_where(place: Option<(&Path, &Path)>, cases: &[(&str, Verdict)]) {
    let mut wrong = Vec::new();
    for (command, want) in cases {
        let d = match place {
            None => guard().check(command),
            Some((cwd, home)) => guard().check_in(command, Some(cwd), Some(home)),
        };
        if d.verdict != *want {
            wrong.push(format!(
                "`{}`: want {want:?}, got {:?} ({}; {:?})",
                command.escape_debug(),
                d.verdict,
                d.reason,
                d.matches.iter().map(|m| &m.concept).collect::<Vec<_>>()
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

mod allow38;
mod awk_values;
mod cluster_forge_network_and_media_tools;
mod command_knowledge;
mod credentials_committed;
mod developer_work;
mod domain_projects;
mod download_options;
mod egress_and_reach;
mod flows;
mod fpsh48;
mod fpsh49;
mod friction52;
mod friction53;
mod friction54;
mod friction55;
mod friction56;
mod friction57;
mod friction58;
mod generated_names;
mod gpu_wasm_tracing_and_boot_keys;
mod graph_storage_and_simulation_tools;
mod group_jails_and_perl_quotes;
mod guard52;
mod guard53;
mod guard54;
mod guard55;
mod guard56;
mod guard57;
mod guard58;
mod guests;
mod harvest;
mod hidden_forms;
mod in_place_rewriters;
mod inline_effects;
mod keys_wallets_and_service_desks;
mod kg39;
mod kg41;
mod kg42;
mod kg43;
mod local_environments;
mod native_toolchains;
mod option_shells_and_toolchains;
mod outside_data_and_field_tools;
mod pki_saas_and_workflow_tools;
mod platforms_devices_and_data;
mod probes;
mod project_work;
mod properties;
mod recall;
mod recall43;
mod recall44;
mod recall46;
mod recall47;
mod recall48;
mod recall49;
mod recall50;
mod recall51;
mod red_team;
mod registries_and_cleaners;
mod root_shells;
mod routing;
mod runners;
mod science_and_workspace_tools;
mod session18;
mod shared_lists;
mod staged_keys_and_local_tools;
mod syntax;
mod system_reads_and_codegen;
mod templates_hooks_and_env;
mod tool_families;
mod unknown_deletes_and_platform_instances;
mod unseen_kinds;
mod versioned_data_and_fault_injection;
mod whole_project_and_cd_globs;
mod wrap;
