//! The pattern matcher over commands as the guard parses them, and over the default KG's
//! compiled tables.

#![allow(clippy::unwrap_used, reason = "test code")]
use terraphim_guard_kg::pattern::*;
use terraphim_guard_kg::{Kg, Tier};

use crate::parse;

#[track_caller]
fn check(pattern: &str, command: &str, expected: bool) {
    let p = Pattern::compile(pattern).unwrap();
    let m = TierMatcher::build(&[(0, pattern, p)]).unwrap();
    let parsed = parse::parse(command);
    let hit = parsed
        .commands
        .iter()
        .any(|c| !m.stage_hits(&c.words).is_empty());
    assert_eq!(hit, expected, "pattern `{pattern}` on `{command}`");
}

#[test]
fn pattern_semantics() {
    for (pattern, command, expected) in [
        ("rm -rf /", "rm -rf /", true),
        ("rm -rf /", "rm -r -f /", true),
        ("rm -rf /", "rm --recursive --force /", true),
        ("rm -rf /", "rm -rfv /tmp/x /", true),
        ("rm -rf /", "rm -rf /tmp/x", false),
        ("rm -rf /", "echo rm -rf /", false),
        ("rm -r /etc/**", "rm -r /etc/nginx", true),
        ("rm -r /etc/**", "rm -r /etcetera", false),
        ("git push -f", "git push origin main --force", true),
        ("git push -f", "git -C repo push --force", true),
        ("git push -f", "git push --force-with-lease", false),
        ("git push -f", "git commit -m push --force", false),
        ("git push +*", "git push origin +main", true),
        ("git branch -D", "git branch -d x", false),
        ("git branch -D", "git branch --delete --force x", true),
        ("kubectl delete", "kubectl -n prod delete pod x", true),
        ("psql '*drop table*'", "psql -c 'DROP TABLE users'", true),
        ("psql '*drop table*'", "psql -c 'select 1'", false),
        ("* >~/.bashrc", "echo x >> ~/.bashrc", true),
        ("* >~/.ssh/**", "cat k > ~/.ssh/authorized_keys", true),
        ("dd of=/dev/*", "dd if=x of=/dev/sda bs=1M", true),
        ("find -delete", "find . -name x -delete", true),
        ("rm -rf *", "rm -rf *", true),
        ("rm -rf *", "rm -rf build", false),
        ("cargo test", "cargo test -p foo --release", true),
        ("rm -r ~/\\*", "rm -rf ~/*", true),
        ("rm -r ~/\\*", "rm -rf ~/project", false),
        ("git grep -O", "git grep -O'sh -c id' x", true),
        (
            "git restore --staged **",
            "git restore --staged src/a.rs",
            true,
        ),
        ("git restore --staged **", "git restore src/a.rs", false),
    ] {
        check(pattern, command, expected);
    }
}

#[test]
fn a_bare_star_stage_hits_every_command() {
    let p = Pattern::compile("* | sh").unwrap();
    let m = TierMatcher::build(&[(0, "* | sh", p)]).unwrap();
    for cmd in ["echo hi", "ls -la /", "sh"] {
        let parsed = parse::parse(cmd);
        let hits: Vec<_> = m
            .stage_hits(&parsed.commands[0].words)
            .iter()
            .map(|h| (h.pattern, h.stage))
            .collect();
        // Stages named by the command come first.
        let want: &[(usize, usize)] = if cmd == "sh" {
            &[(0, 1), (0, 0)]
        } else {
            &[(0, 0)]
        };
        assert_eq!(hits, want, "{cmd}");
    }
}

/// Listing `*` stages under one atom each needs loses no hit: on every example of the
/// default KG, each tier reports what it reports when every `*` stage is checked.
#[test]
fn the_star_stage_index_loses_no_hit() {
    let kg = Kg::from_embedded(crate::embedded::default_kg()).unwrap();
    let commands: Vec<&str> = kg
        .entries()
        .iter()
        .flat_map(|e| e.examples.iter().chain(&e.not_examples))
        .map(|ex| ex.text.as_str())
        .collect();
    assert!(commands.len() > 300);
    for tier in [Tier::Destructive, Tier::Suspicious, Tier::Safe] {
        let tables = crate::embedded::tier(tier).unwrap();
        let mut unindexed = tables.clone();
        let mut ids = unindexed.ids.to_vec();
        let start = ids.len();
        ids.extend(
            (0..tables.stages.len())
                .filter(|&i| tables.stages[i].name.is_none())
                .map(|i| u32::try_from(i).unwrap()),
        );
        unindexed.any_always = Span::new(
            u32::try_from(start).unwrap(),
            u32::try_from(ids.len()).unwrap(),
        );
        unindexed.any_by_atom = List::Owned(Vec::new());
        unindexed.ids = List::Owned(ids);
        let (indexed, unindexed) = (
            TierMatcher::new(tables).unwrap(),
            TierMatcher::new(unindexed).unwrap(),
        );
        let mut hits = 0;
        for cmd in &commands {
            for c in &parse::parse(cmd).commands {
                let got = indexed.stage_hits(&c.words);
                assert_eq!(got, unindexed.stage_hits(&c.words), "{tier}: `{cmd}`");
                hits += got.len();
            }
        }
        assert!(hits > 100, "{tier}: only {hits} hits");
    }
}
