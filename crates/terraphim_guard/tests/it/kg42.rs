//! Families of commands the blind18 round brought (KG only): Maven goals, registry and signature
//! reads, local model stores, editor and OCaml reads. Each table holds the forms the entries
//! allow and the nearby forms that stay confined or denied.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// Maven goals that rewrite or print the project's own build run; a goal that runs a program
/// named on the line is confined whichever other goals come with it.
#[test]
fn maven_version_and_tree_goals_run_and_the_exec_goal_is_confined() {
    decide_in_project(&[
        ("mvn versions:set -DnewVersion=7.0.1", Allow),
        ("./mvnw -q dependency:tree", Allow),
        ("mvn help:effective-pom", Allow),
        ("mvn -q package", Allow),
        ("mvn exec:exec -Dexec.executable=ruby", Sandbox),
        ("mvn package exec:exec -Dexec.executable=node", Sandbox),
        (
            "./mvnw versions:set exec:exec -Dexec.executable=perl",
            Sandbox,
        ),
        ("mvn deploy", Sandbox),
    ]);
}

/// Registry reads and signature checks run; deleting images, tags or signatures is denied.
#[test]
fn registry_reads_run_and_registry_deletes_are_denied() {
    decide_in_project(&[
        ("crane digest ghcr.io/acme/api:9.1.0", Allow),
        ("crane manifest ghcr.io/acme/api:9.1.0", Allow),
        ("skopeo list-tags docker://quay.io/acme/api", Allow),
        (
            "cosign verify --key ci/cosign.pub ghcr.io/acme/api:9.1.0",
            Allow,
        ),
        (
            "cosign verify-blob --key ci/cosign.pub --signature dist/a.sig dist/a.tgz",
            Allow,
        ),
        (
            "cosign sign --key ci/cosign.key ghcr.io/acme/api:9.1.0",
            Sandbox,
        ),
        ("skopeo delete docker://quay.io/acme/api:9.1.0", Deny),
        ("crane delete ghcr.io/acme/api:9.1.0", Deny),
        ("regctl tag delete ghcr.io/acme/api:9.1.0", Deny),
        ("cosign clean ghcr.io/acme/api:9.1.0", Deny),
    ]);
}

/// Asking a local model and reading model stores run; pulling is confined; removing models or
/// the hub's home (which holds the hub login) is denied, while other caches stay cleanable.
#[test]
fn local_model_reads_run_and_removing_model_stores_is_denied() {
    decide_in_project(&[
        ("ollama list", Allow),
        ("ollama ps", Allow),
        ("ollama run phi3:mini 'summarise CHANGES.md'", Allow),
        ("huggingface-cli scan-cache", Allow),
        ("hf cache scan", Allow),
        ("ollama pull phi3:mini", Sandbox),
        ("ollama rm phi3:mini", Deny),
        (
            "ollama list | awk 'NR>1 {print $1}' | xargs -n1 ollama rm",
            Deny,
        ),
        ("huggingface-cli delete-cache", Deny),
        ("rm -rf ~/.cache/huggingface", Deny),
        ("rm -rf $HOME/.cache/huggingface/hub", Deny),
        ("rm -rf ~/.ollama/models", Deny),
        ("rm -rf ~/.cache/pip", Allow),
    ]);
}

/// Editor, OCaml and gem reads and builds of the project run; installing an extension from a
/// file or a package from the network stays confined.
#[test]
fn editor_opam_gem_and_cross_reads_and_builds_run() {
    decide_in_project(&[
        ("code --list-extensions --show-versions", Allow),
        ("code --version", Allow),
        ("opam switch list", Allow),
        ("opam list --installed", Allow),
        ("gem build shipyard.gemspec", Allow),
        (
            "cross build --target aarch64-unknown-linux-musl --release",
            Allow,
        ),
        // A package in a temporary place is a dropped or downloaded file (`recall43`).
        ("code --install-extension /tmp/helper.vsix", Deny),
        ("opam install dream", Sandbox),
        ("gem push shipyard-1.0.0.gem", Deny),
    ]);
}
