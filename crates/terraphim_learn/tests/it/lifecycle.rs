//! Staging, re-staging, withdrawal, rejection, edits, approval and demotion, on real files.

use pretty_assertions::assert_eq;
use terraphim_learn::{Action, DestructivePatterns, ReviewAction, ViolationKind};

use crate::{Env, append_all, clean, violation};

fn no_destructive(_: &str) -> bool {
    false
}

fn refresh(env: &Env) -> terraphim_learn::Refresh {
    let kg = env.learn.user_kg().unwrap();
    let mut list = DestructivePatterns::from_kg(&kg);
    list.extend(["rm -rf /", "git push --force"]);
    env.learn.refresh(&kg, &list).unwrap()
}

fn actions(env: &Env) -> Vec<(ReviewAction, String)> {
    let (reviews, warnings) = env.learn.store().read_reviews().unwrap();
    assert_eq!(warnings, []);
    reviews
        .into_iter()
        .map(|r| (r.action, r.synonyms.join(",")))
        .collect()
}

fn three_clean(env: &Env) {
    append_all(
        &env.learn,
        &[
            clean("1", "cargo test -p a"),
            clean("2", "cargo test"),
            clean("3", "cargo test --doc"),
        ],
    );
}

#[test]
fn staging_again_updates_evidence_and_never_duplicates() {
    let env = Env::new();
    three_clean(&env);
    let first = refresh(&env);
    assert_eq!(first.new.len(), 1);
    let path = first.staged[0].path.clone();
    assert!(
        path.ends_with("guard-staging/allow-cargo-test.md"),
        "{}",
        path.display()
    );
    let text = fs_err::read_to_string(&path).unwrap();
    for line in [
        "# cargo test",
        "synonyms:: cargo test",
        "tier:: safe",
        "status:: staged",
        "rule:: allow-after-clean-runs",
        "clean_runs:: 3",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing `{line}` in\n{text}"
        );
    }
    assert!(text.contains("```json\n\"cargo test -p a\"\n"), "{text}");

    append_all(&env.learn, &[clean("4", "cargo test")]);
    let second = refresh(&env);
    assert_eq!((second.new.len(), second.updated.len()), (0, 1));
    assert_eq!(fs_err::read_dir(path.parent().unwrap()).unwrap().count(), 1);
    assert!(
        fs_err::read_to_string(&path)
            .unwrap()
            .contains("clean_runs:: 4")
    );
    let third = refresh(&env);
    assert_eq!((third.new.len(), third.updated.len()), (0, 0));
    assert_eq!(actions(&env), [(ReviewAction::Staged, "cargo test".into())]);
}

#[test]
fn a_violation_after_an_allow_proposal_withdraws_it() {
    let env = Env::new();
    three_clean(&env);
    let id = refresh(&env).staged[0].proposal.id.clone();
    append_all(
        &env.learn,
        &[violation(
            "5",
            "cargo test -p net",
            &[ViolationKind::Network],
        )],
    );
    let r = refresh(&env);
    assert_eq!(r.withdrawn, [id]);
    assert_eq!(
        r.staged
            .iter()
            .map(|s| s.proposal.action)
            .collect::<Vec<_>>(),
        [Action::Deny]
    );
    let withdrawn = env.learn.paths().staging_dir().join(".withdrawn");
    assert_eq!(fs_err::read_dir(withdrawn).unwrap().count(), 1);
    assert_eq!(
        actions(&env)
            .into_iter()
            .map(|(a, _)| a)
            .collect::<Vec<_>>(),
        [
            ReviewAction::Staged,
            ReviewAction::Withdrawn,
            ReviewAction::Staged
        ]
    );
}

#[test]
fn rejection_archives_and_suppresses_until_new_evidence() {
    let env = Env::new();
    three_clean(&env);
    let id = refresh(&env).staged[0].proposal.id.clone();
    let archived = env
        .learn
        .reject(&id, "bob", "cargo test runs build scripts")
        .unwrap();
    assert!(archived.starts_with(env.learn.paths().staging_dir().join(".rejected")));
    assert_eq!(
        refresh(&env).staged.len(),
        0,
        "suppressed without new evidence"
    );
    assert_eq!(refresh(&env).staged.len(), 0);
    append_all(&env.learn, &[clean("9", "cargo test")]);
    let again = refresh(&env);
    assert_eq!(again.new, std::slice::from_ref(&id));
    let (reviews, _) = env.learn.store().read_reviews().unwrap();
    let rejected = reviews
        .iter()
        .find(|r| r.action == ReviewAction::Rejected)
        .unwrap();
    assert_eq!(
        (rejected.who.as_str(), rejected.why.as_deref()),
        ("bob", Some("cargo test runs build scripts"))
    );
    assert_eq!(rejected.evidence["clean_runs"], 3);
    assert!(
        env.learn
            .reject("nope", "bob", "x")
            .unwrap_err()
            .to_string()
            .contains("no staged proposal with id `nope`")
    );
}

#[test]
fn approval_moves_the_entry_into_the_active_tier_with_a_review_record() {
    let env = Env::new();
    three_clean(&env);
    let id = refresh(&env).staged[0].proposal.id.clone();
    let approved = env.learn.approve(&id, "alice", &no_destructive).unwrap();
    assert_eq!(
        approved.path,
        env.learn.paths().kg_dir().join("guard-safe/cargo-test.md")
    );
    let text = fs_err::read_to_string(&approved.path).unwrap();
    for line in [
        "synonyms:: cargo test",
        "status:: stable",
        "example:: cargo test",
        "approved_by:: alice",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing `{line}` in\n{text}"
        );
    }
    assert_eq!(env.learn.staged().unwrap(), []);
    let (reviews, _) = env.learn.store().read_reviews().unwrap();
    let last = reviews.last().unwrap();
    assert_eq!(
        (last.action, last.tier.as_str(), last.who.as_str()),
        (ReviewAction::Approved, "safe", "alice")
    );
    assert_eq!(last.path.as_deref(), Some(approved.path.to_str().unwrap()));
    assert_eq!(last.evidence["clean_runs"], 3);
    // Active now: nothing to propose.
    append_all(&env.learn, &[clean("7", "cargo test")]);
    assert_eq!(refresh(&env).staged, []);
}

#[test]
fn a_violated_approved_pattern_is_demoted_never_deleted() {
    let env = Env::new();
    three_clean(&env);
    let id = refresh(&env).staged[0].proposal.id.clone();
    let path = env
        .learn
        .approve(&id, "alice", &no_destructive)
        .unwrap()
        .path;
    append_all(
        &env.learn,
        &[violation("8", "cargo test -p x", &[ViolationKind::FsWrite])],
    );
    let r = refresh(&env);
    assert_eq!(
        r.staged
            .iter()
            .map(|s| (s.proposal.action, s.proposal.target.clone()))
            .collect::<Vec<_>>(),
        [(Action::Demote, Some(path.clone()))]
    );
    assert_eq!(
        actions(&env).last().unwrap().0,
        ReviewAction::DemotionProposed
    );
    env.learn
        .approve(&r.staged[0].proposal.id, "alice", &no_destructive)
        .unwrap();
    let text = fs_err::read_to_string(&path).unwrap();
    assert!(text.lines().any(|l| l == "status:: deprecated"), "{text}");
    assert!(!text.lines().any(|l| l == "status:: stable"), "{text}");
    assert!(text.contains("synonyms:: cargo test"));
    // Deprecated, so no longer active: the violation now proposes DENY.
    let after = refresh(&env);
    assert_eq!(
        after
            .staged
            .iter()
            .map(|s| s.proposal.action)
            .collect::<Vec<_>>(),
        [Action::Deny]
    );
    // ... and approving DENY while the safe entry is deprecated is allowed.
    let deny = env
        .learn
        .approve(&after.staged[0].proposal.id, "alice", &no_destructive)
        .unwrap();
    assert!(deny.path.ends_with("guard-destructive/cargo-test.md"));
}

#[test]
fn edits_survive_refresh_and_cannot_make_allow_destructive() {
    let env = Env::new();
    three_clean(&env);
    let id = refresh(&env).staged[0].proposal.id.clone();
    let list = DestructivePatterns::new(["rm -rf /"]);
    let p = env
        .learn
        .edit(
            &id,
            "carol",
            Some(vec!["cargo test -p a".into(), "cargo test --doc".into()]),
            Some("narrowed by review".into()),
            &list,
        )
        .unwrap();
    assert_eq!(p.synonyms, ["cargo test -p a", "cargo test --doc"]);
    append_all(&env.learn, &[clean("4", "cargo test")]);
    let r = refresh(&env);
    assert_eq!(
        r.staged[0].proposal.synonyms,
        ["cargo test -p a", "cargo test --doc"]
    );
    assert_eq!(r.staged[0].proposal.reason, "narrowed by review");
    assert_eq!(r.staged[0].proposal.evidence.clean_runs, 4);
    for bad in [
        vec!["rm -rf /tmp".to_owned()],
        vec!["bash -c x".to_owned()],
        vec!["a, b".to_owned()],
        vec!["x\nsynonyms:: rm".to_owned()],
        vec!["x:: y".to_owned()],
    ] {
        assert!(
            env.learn
                .edit(&id, "carol", Some(bad.clone()), None, &list)
                .is_err(),
            "{bad:?} accepted"
        );
    }
    assert_eq!(
        actions(&env)
            .iter()
            .filter(|(a, _)| *a == ReviewAction::Edited)
            .count(),
        1
    );
}

#[test]
fn approving_a_pattern_active_in_another_tier_is_refused() {
    let env = Env::new();
    let safe = env.learn.paths().kg_dir().join("guard-safe");
    fs_err::create_dir_all(&safe).unwrap();
    fs_err::write(safe.join("curl.md"), "# curl\nsynonyms:: curl\n").unwrap();
    fs_err::write(
        safe.join("old.md"),
        "# old\nsynonyms:: curl\nstatus:: deprecated\n",
    )
    .unwrap();
    append_all(
        &env.learn,
        &[violation("1", "curl https://x", &[ViolationKind::Network])],
    );
    // The active safe `curl` gets a demotion, not a DENY.
    let r = refresh(&env);
    assert_eq!(
        r.staged
            .iter()
            .map(|s| s.proposal.action)
            .collect::<Vec<_>>(),
        [Action::Demote]
    );
    // A hand-staged DENY for it is refused while the safe entry is active.
    let staging = env.learn.paths().staging_dir();
    let deny_id = terraphim_learn::proposal_id(Action::Deny, "curl");
    fs_err::write(
        staging.join("deny-curl.md"),
        format!("# curl\nsynonyms:: curl\naction:: deny\nstatus:: staged\nproposal_id:: {deny_id}\npattern:: curl\nreason:: r\n"),
    )
    .unwrap();
    let err = env
        .learn
        .approve(&deny_id, "alice", &no_destructive)
        .unwrap_err()
        .to_string();
    assert!(err.contains("already active in guard-safe"), "{err}");
}

#[test]
fn a_tampered_staged_allow_is_checked_again_on_approval() {
    let env = Env::new();
    three_clean(&env);
    let staged = refresh(&env).staged.remove(0);
    let list = DestructivePatterns::new(["rm -rf /"]);
    for (synonyms, reason) in [
        ("cargo test, rm -rf /tmp", "ok"),
        ("bash", "ok"),
        ("cargo test", ""),
    ] {
        let text = fs_err::read_to_string(&staged.path).unwrap();
        let text: String = text
            .lines()
            .map(|l| {
                if l.starts_with("synonyms::") {
                    format!("synonyms:: {synonyms}\n")
                } else if l.starts_with("reason::") {
                    format!("reason:: {reason}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        fs_err::write(&staged.path, text).unwrap();
        let err = env
            .learn
            .approve(&staged.proposal.id, "alice", &list)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("cannot be allowed") || err.contains("invalid reason"),
            "{synonyms}: {err}"
        );
        assert!(!env.learn.paths().kg_dir().join("guard-safe").exists());
    }
}
