//! A lease push of another ref onto a shared branch (`git push --force-with-lease origin
//! HEAD:main`). A lease only refuses to overwrite commits this clone has not fetched; after a
//! fetch it overwrites the branch everyone builds on, as `--force` does. Pushing one's own
//! branch, or the shared branch itself after rebasing it (`origin main`), is the careful force
//! push; putting another branch's history in the main branch's place rewrites it under every
//! clone, CI run and release: judged as `git push --force` there.

/// Branch names that are shared by convention: the default and integration branches.
const SHARED_BRANCHES: &[&str] = &[
    "main",
    "master",
    "trunk",
    "mainline",
    "develop",
    "development",
    "production",
    "prod",
    "release",
    "stable",
];

/// git push options that take the next word as their value.
const PUSH_VALUE_OPTIONS: &[&str] = &["--repo", "-o", "--push-option", "--receive-pack", "--exec"];

/// For `git push` with a lease (`--force-with-lease`, `--force-with-lease=REF[:EXPECT]`) and a
/// refspec that puts another ref onto a shared branch or forces it (`HEAD:main`,
/// `+x:refs/heads/main`, `+main`), that branch.
pub(super) fn lease_push_to_shared_branch(rest: &[String]) -> Option<String> {
    // git's own options before the subcommand; `-C DIR` and `-c KEY=VALUE` take a word.
    let mut push = 0;
    while rest.get(push)?.starts_with('-') {
        push += 1 + usize::from(matches!(rest[push].as_str(), "-C" | "-c"));
    }
    if rest[push] != "push" {
        return None;
    }
    let words = &rest[push + 1..];
    if !words
        .iter()
        .any(|w| w == "--force-with-lease" || w.starts_with("--force-with-lease="))
    {
        return None;
    }
    let mut operands = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        if w == "--" {
            operands.extend(words[i + 1..].iter().map(String::as_str));
            break;
        }
        if w.starts_with('-') {
            i += 1 + usize::from(PUSH_VALUE_OPTIONS.contains(&w));
            continue;
        }
        operands.push(w);
        i += 1;
    }
    // The first operand is the remote; the rest are refspecs. The shared branch's own lease
    // push (`main`, `main:main`, after a rebase of it) stays the careful force push; another
    // ref put in its place (`HEAD:main`, `fix:main`) or a `+` that forces it is denied.
    operands.iter().skip(1).find_map(|spec| {
        let forced = spec.starts_with('+');
        let spec = spec.trim_start_matches('+');
        let (src, dst) = spec.rsplit_once(':').unwrap_or((spec, spec));
        let branch = |r: &'_ str| r.strip_prefix("refs/heads/").unwrap_or(r).to_string();
        let (src, dst) = (branch(src), branch(dst));
        (SHARED_BRANCHES.contains(&dst.as_str()) && (forced || src != dst)).then_some(dst)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lease_pushes_onto_shared_branches() {
        let cases = [
            ("push --force-with-lease origin HEAD:main", Some("main")),
            ("push --force-with-lease origin master", None),
            ("push --force-with-lease origin main:main", None),
            ("push --force-with-lease origin +master", Some("master")),
            ("push --force-with-lease origin fix:master", Some("master")),
            (
                "push --force-with-lease=main:abc123 origin +HEAD:refs/heads/main",
                Some("main"),
            ),
            (
                "-C repo push --force-with-lease upstream feature:develop",
                Some("develop"),
            ),
            ("push --force-with-lease origin feature", None),
            ("push --force-with-lease origin HEAD:feature/main", None),
            ("push --force-with-lease", None),
            ("push origin main", None),
            ("push --force-with-lease -o ci.skip origin fix-1", None),
            ("log --force-with-lease origin main", None),
        ];
        for (line, want) in cases {
            let rest: Vec<String> = line.split_whitespace().map(String::from).collect();
            assert_eq!(
                lease_push_to_shared_branch(&rest).as_deref(),
                want,
                "{line}"
            );
        }
    }
}
