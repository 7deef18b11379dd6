//! Families of developer tools the KG did not know (the blind15 round): debuggers and
//! profilers of the project's programs, security scanners of the project, static site builds,
//! load tests of this machine, schema migrations with the project's own configuration and
//! release previews. Each table holds the forms the entries allow and the nearby forms that
//! stay confined or denied.

use terraphim_guard::Verdict::{Deny, Sandbox};

use super::decide_in_project;

#[test]
fn a_package_manager_running_a_project_program_is_no_typosquat() {
    decide_in_project(&[
        // pnpm, yarn and bun run the project's installed program by name and fetch nothing:
        // the program is judged as itself (unknown here)
        ("pnpm changeset status --verbose", Sandbox),
        ("yarn changeset status", Sandbox),
        // fetch-and-run and installs still compare the names
        ("pnpm dlx changeset status", Deny),
        ("npx changeset status", Deny),
        ("yarn dlx changeset", Deny),
        ("bunx esilnt .", Deny),
        ("uvx ruffe check .", Deny),
        ("pnpm add changeset", Deny),
    ]);
}
