//! Properties: decisions are deterministic, monotone in the destructive tier, independent of KG
//! file order; canonicalising twice changes nothing.

use proptest::prelude::*;
use terraphim_guard::{Entry, Guard, Kg, Tier, canonical_text, parse};

const WORDS: &[&str] = &[
    "rm", "git", "push", "ls", "-rf", "-f", "--force", "/", "~", "x", "sudo", "build", "-r", "cat",
];
const GLUE: &[&str] = &[" ", " ", " ", " && ", " | ", "; "];

/// Places where bash runs a command (`CODE`), written without single quotes inside so that
/// a layer can wrap another in single quotes.
const LAYERS: &[&str] = &[
    "CODE",
    "ls && CODE",
    "ls; CODE | cat",
    "true || CODE",
    "echo $( CODE )",
    "diff <(CODE) x",
    "bash -c 'CODE'",
    "sh -lc 'CODE'",
    "eval 'CODE'",
    "sudo -u root CODE",
    "env A=1 timeout 5 CODE",
    "bash <<EOF\nCODE\nEOF",
    "cat <<EOF | bash\nCODE\nEOF",
    "cat <<'EOF' | sh -s\nCODE\nEOF",
    "cat <<EOF && CODE\nhello\nEOF",
    "cat <<EOF | cat && CODE\nhello\nEOF",
    "cat <<EOF > /tmp/a.sh && bash /tmp/a.sh\nCODE\nEOF",
    "echo 'CODE' | bash",
    "echo 'CODE' | xargs -I{} bash -c {}",
    "echo 'CODE' | parallel sh -c {}",
    "parallel bash -c {} ::: 'CODE'",
    "find . -exec CODE \\;",
    "find . -execdir sh -c 'CODE' \\;",
    "xargs -0 CODE",
    "printf -v 'a[$( CODE )]' x",
    "git -c core.pager='CODE' log",
    "git bisect run CODE",
    "ssh -o ProxyCommand='CODE' host",
    "tar --to-command='CODE' -xf a.tar",
    "rsync -e 'CODE' a b:",
    "vim -c '!CODE' f",
    "watch -n 1 CODE",
    "ssh host 'CODE'",
    "( CODE )",
    "{ CODE; }",
    "f() { CODE; }",
    "if true; then CODE; fi",
    "for i in 1 2; do CODE; done",
    "GIT_PAGER='CODE' git log",
];

fn command() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (prop::sample::select(WORDS), prop::sample::select(GLUE)),
        1..8,
    )
    .prop_map(|parts| {
        parts
            .iter()
            .map(|(w, g)| format!("{w}{g}"))
            .collect::<String>()
            .trim_end_matches([' ', '&', '|', ';'])
            .to_string()
    })
}

fn pattern() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 1..4)
        .prop_map(|w| w.join(" "))
        .prop_filter("a name first", |p| !p.starts_with('-'))
}

fn entry(tier: Tier, name: &str, synonyms: &[String]) -> Entry {
    let path = std::path::PathBuf::from(format!("kg/{}/{name}.md", tier.dir_name()));
    let text = format!("synonyms:: {}\nreason:: test\n", synonyms.join(", "));
    Entry::parse(&path, tier, &text).expect("test entry parses")
}

fn kg(entries: &[Entry]) -> Kg {
    let mut kg = Kg::new();
    for e in entries {
        kg.push(e.clone());
    }
    kg
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn adding_a_destructive_pattern_never_lowers_a_decision(
        cmd in command(),
        safe in prop::collection::vec(pattern(), 0..4),
        susp in prop::collection::vec(pattern(), 0..3),
        destructive in prop::collection::vec(pattern(), 0..3),
        extra in pattern(),
    ) {
        let mut base = Vec::new();
        if !safe.is_empty() { base.push(entry(Tier::Safe, "s", &safe)); }
        if !susp.is_empty() { base.push(entry(Tier::Suspicious, "u", &susp)); }
        if !destructive.is_empty() { base.push(entry(Tier::Destructive, "d", &destructive)); }
        let before = Guard::new(&kg(&base)).expect("builds").check(&cmd).verdict;
        base.push(entry(Tier::Destructive, "extra", std::slice::from_ref(&extra)));
        let after = Guard::new(&kg(&base)).expect("builds").check(&cmd).verdict;
        prop_assert!(after >= before, "`{cmd}`: {before} -> {after} after adding `{extra}`");
    }

    #[test]
    fn kg_order_never_changes_a_decision(
        cmd in command(),
        pats in prop::collection::vec((pattern(), 0..3usize), 1..8),
        seed in any::<u64>(),
    ) {
        let tiers = [Tier::Safe, Tier::Suspicious, Tier::Destructive];
        let entries: Vec<Entry> = pats.iter().enumerate().map(|(i, (p, t))| entry(tiers[*t], &format!("e{i}"), std::slice::from_ref(p))).collect();
        let mut shuffled = entries.clone();
        // A deterministic shuffle from the seed.
        let mut s = seed;
        for i in (1..shuffled.len()).rev() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            shuffled.swap(i, (s >> 33) as usize % (i + 1));
        }
        let a = Guard::new(&kg(&entries)).expect("builds").check(&cmd);
        let b = Guard::new(&kg(&shuffled)).expect("builds").check(&cmd);
        prop_assert_eq!(a.verdict, b.verdict);
        prop_assert_eq!(a.profile, b.profile);
        let mut ma: Vec<_> = a.matches.iter().map(|m| (m.concept.clone(), m.pattern.clone(), m.segment.clone())).collect();
        let mut mb: Vec<_> = b.matches.iter().map(|m| (m.concept.clone(), m.pattern.clone(), m.segment.clone())).collect();
        ma.sort();
        mb.sort();
        prop_assert_eq!(ma, mb);
    }

    #[test]
    fn decisions_are_deterministic(cmd in "\\PC{0,80}") {
        let g = Guard::new(&Kg::new()).expect("builds");
        prop_assert_eq!(g.check(&cmd), g.check(&cmd));
    }

    /// tree-sitter-bash#337: `{` before a high code point crashed the scanner.
    #[test]
    fn braces_before_any_code_point_parse(
        pre in "[a-z {}.0-9]{0,6}",
        digits in "[0-9]{0,3}(\\.\\.[0-9]{0,2})?",
        c in any::<char>(),
        post in "\\PC{0,6}",
    ) {
        let cmd = format!("echo {pre}{{{digits}{c}{post}");
        let g = Guard::new(&Kg::new()).expect("builds");
        prop_assert_eq!(g.check(&cmd), g.check(&cmd));
    }

    /// Every simple command bash would run appears in the parse, whatever code layer holds it:
    /// heredoc bodies fed to shells, the rest of a line after a heredoc, substitutions, `-c`
    /// strings, xargs/parallel/find templates, array subscripts, options that run programs.
    #[test]
    fn every_command_bash_runs_is_parsed(
        layers in prop::collection::vec(prop::sample::select(LAYERS), 1..3),
        n in 0u32..1000,
        arg in "[a-z]{1,6}",
    ) {
        // A wrapper (`sudo CODE`, `find -exec CODE`) runs a simple command, not a list.
        let compound = |l: &str| {
            ["&&", "||", "; ", " | ", "\n", "{ ", "( ", "f()", "if ", "for "]
                .iter()
                .any(|s| l.contains(s))
        };
        let prefix = |l: &str| !l.starts_with("CODE") && l.ends_with("CODE") || l.contains("-exec CODE");
        for w in layers.windows(2) {
            prop_assume!(!(prefix(w[1]) && compound(w[0])));
            // `watch` joins its words with spaces for `sh -c`: quotes inside are lost, as in bash.
            prop_assume!(!(w[1].starts_with("watch") && w[0].contains('\'')));
            // Two heredocs on one line take their bodies in order: not this composition.
            prop_assume!(!(w[1].contains("<<") && w[0].contains("<<")));
        }
        let marker = format!("marker{n} {arg}");
        let mut code = marker.clone();
        for layer in &layers {
            // Inside single quotes a quote is written `'\''`.
            let quoted = layer.find("CODE").is_some_and(|i| layer[..i].matches('\'').count() % 2 == 1);
            let inner = if quoted { code.replace('\'', "'\\''") } else { code.clone() };
            code = layer.replace("CODE", &inner);
        }
        let parsed = parse(&code);
        let found = parsed
            .commands
            .iter()
            .any(|c| canonical_text(&c.words) == marker);
        prop_assert!(found, "`{}` not in the parse of {:?}: {:?}", marker, code,
            parsed.commands.iter().map(|c| canonical_text(&c.words)).collect::<Vec<_>>());
    }

    #[test]
    fn canonicalising_twice_changes_nothing(cmd in command()) {
        let once: Vec<String> = parse(&cmd).commands.iter().map(|c| canonical_text(&c.words)).collect();
        for c in &once {
            let twice: Vec<String> = parse(c).commands.iter().map(|c| canonical_text(&c.words)).collect();
            // A privileged wrapper's part keeps the command it runs (`sudo rm`), which a parse
            // unwraps again as a part of its own after the wrapper's.
            let privileged = c
                .split(' ')
                .next()
                .is_some_and(|w| terraphim_shell_vocab::PRIVILEGED.contains(&w));
            if privileged {
                prop_assert_eq!(twice.first(), Some(c), "from `{}`", cmd);
            } else {
                prop_assert_eq!(&twice, &vec![c.clone()], "from `{}`", cmd);
            }
        }
    }
}
