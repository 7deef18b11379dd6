//! Session 45 (lead): programs that rewrite the files they are given in place (line-ending
//! converters, `sd`, `fastmod`, ImageMagick's `mogrify` and `-write`, `iconv -o`) write a trust
//! anchor or an operating system file as a redirect to it would; line-ending conversions and
//! `sd` substitutions in the project's own source files are the edit the agent's file tool
//! makes; an image tool's script (MSL, `gm batch`) is a program whose files the line does not
//! name.

use crate::decide_in_project as decide;
use terraphim_guard::Verdict;

#[test]
fn in_place_rewrites_of_trust_anchors_and_system_files_are_denied() {
    decide(&[
        ("dos2unix ~/.bashrc", Verdict::Deny),
        ("unix2dos -q .git/hooks/pre-push", Verdict::Deny),
        ("dos2unix -n notes/a.txt ~/.profile", Verdict::Deny),
        ("sd -F 'allow' 'deny' .claude/settings.json", Verdict::Deny),
        (
            "sd 'deny' 'allow' ~/.config/terraphim/kg/x.md",
            Verdict::Deny,
        ),
        ("mogrify -resize 50% ~/.zshrc", Verdict::Deny),
        ("magick mogrify -strip /etc/motd", Verdict::Deny),
        ("magick in.png -write ~/.bashrc out.png", Verdict::Deny),
        (
            "iconv -f latin1 -t utf-8 -o /etc/issue notes/a.txt",
            Verdict::Deny,
        ),
        ("fastmod --accept-all 'hooks' 'x' ~/.claude", Verdict::Deny),
        // Reading an anchor into a new file, or a preview, writes no anchor.
        ("dos2unix -n ~/.profile build/profile.txt", Verdict::Sandbox),
        ("sd -p 'a' 'b' .git/hooks/pre-push", Verdict::Sandbox),
    ]);
}

#[test]
fn line_endings_and_substitutions_in_project_sources_run() {
    decide(&[
        (
            "dos2unix scripts/build.sh scripts/release.sh",
            Verdict::Allow,
        ),
        ("unix2dos -q docs/install.md", Verdict::Allow),
        ("dos2unix -k src/*.c", Verdict::Allow),
        (
            "sd 'oldName' 'newName' src/app.ts src/util.ts",
            Verdict::Allow,
        ),
        ("sd -F 'v1.2.0' 'v1.3.0' Cargo.toml", Verdict::Allow),
        // Twins: a file of no project source kind, a place outside, a new-file pair, files a
        // search chose, an option that changes more than the text.
        ("dos2unix data/export.csv", Verdict::Sandbox),
        ("dos2unix ../other/scripts/build.sh", Verdict::Sandbox),
        ("dos2unix -n scripts/a.sh scripts/b.sh", Verdict::Sandbox),
        ("git ls-files '*.sh' | xargs dos2unix", Verdict::Sandbox),
        ("sd -f m 'a' 'b' src/app.ts", Verdict::Sandbox),
        ("sd 'a' 'b' ~/notes/todo.md", Verdict::Sandbox),
        ("sd 'a' 'b' .github/workflows/ci.yml", Verdict::Deny),
    ]);
}

#[test]
fn image_tool_scripts_are_programs() {
    decide(&[
        ("magick -script build/resize.msl", Verdict::Sandbox),
        ("convert -script /tmp/steps.msl", Verdict::Sandbox),
        ("gm batch tools/thumbs.gm", Verdict::Sandbox),
        // Twin: the same tool given images of the project.
        (
            "magick assets/logo.png -resize 50% build/logo.png",
            Verdict::Allow,
        ),
    ]);
}
