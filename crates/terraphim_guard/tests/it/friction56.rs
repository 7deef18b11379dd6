//! Session 56 (issue 15, friction on commands nobody tuned the guard to): a known filter of a
//! project file written into a scratch file that the line moves back over it (`jq F
//! package.json > p.tmp && mv p.tmp package.json`), and `sort -o FILE FILE`. Each table holds
//! the forms that keep their decision beside the near-identical ones that change.

use terraphim_guard::Verdict::{Allow, Deny, Sandbox};

use super::decide_in_project;

/// A known filter of a project file written into a scratch file that the line moves back over
/// that file is the in-place edit `sed -i` makes; a scratch file left in place, a program that
/// does not read what it replaces, a manifest given scripts, and a runner reading the moved
/// file stay confined.
#[test]
fn filter_through_a_scratch_file_moved_back() {
    decide_in_project(&[
        // lowered from sandbox
        (
            "jq '.version = \"3.1.0\"' package.json > package.json.tmp && mv package.json.tmp package.json",
            Allow,
        ),
        (
            "jq '.rules[\"no-eval\"] = \"error\"' .eslintrc.json > .eslintrc.tmp && mv .eslintrc.tmp .eslintrc.json",
            Allow,
        ),
        (
            "tr -d '\\r' < scripts/build.sh > scripts/build.sh.unix && mv scripts/build.sh.unix scripts/build.sh",
            Allow,
        ),
        (
            "sed 's/colour/color/g' docs/guide.md > docs/guide.md.new && mv -f docs/guide.md.new docs/guide.md",
            Allow,
        ),
        // as before
        ("mv package.json.tmp package.json", Allow),
        // twins: the scratch file is not moved back, or another file is
        (
            "jq '.version = \"3.1.0\"' package.json > package.json.tmp",
            Sandbox,
        ),
        (
            "jq '.version = \"3.1.0\"' package.json > package.json.tmp && mv other.json package.json",
            Sandbox,
        ),
        // twins: the program does not read the file it replaces
        (
            "printf 'x = 1\\n' > t.tmp && mv t.tmp src/config.py",
            Sandbox,
        ),
        (
            "jq '.version = \"3.1.0\"' other.json > p.tmp && mv p.tmp package.json",
            Sandbox,
        ),
        // twins: scripts written into the manifest, a runner reading the moved file
        (
            "jq '.scripts.postinstall = \"node x.js\"' package.json > p.tmp && mv p.tmp package.json",
            Sandbox,
        ),
        (
            "sed 's/a/b/' Makefile > m.tmp && mv m.tmp Makefile && make test",
            Sandbox,
        ),
        // twins: moved over a trust anchor
        (
            "jq '.mcpServers.x = {}' .mcp.json > .mcp.json.tmp && mv .mcp.json.tmp .mcp.json",
            Deny,
        ),
        (
            "sed 's/a/b/' .git/config > c.tmp && mv c.tmp .git/config",
            Deny,
        ),
    ]);
}

/// `sort -o FILE FILE` keeps the file's lines, reordered; another output, a second input, a
/// redirect or a trust anchor keep their decision.
#[test]
fn sort_of_a_project_file_into_itself() {
    decide_in_project(&[
        // lowered from sandbox
        ("sort -u data/wordlist.txt -o data/wordlist.txt", Allow),
        ("sort -o allowlist.txt -u allowlist.txt", Allow),
        // twins
        ("sort -u a.txt -o b.txt", Sandbox),
        ("sort -u a.txt b.txt -o a.txt", Sandbox),
        (
            "sort -u ~/.ssh/authorized_keys -o ~/.ssh/authorized_keys",
            Deny,
        ),
    ]);
}
