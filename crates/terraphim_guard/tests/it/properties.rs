//! Properties: decisions are deterministic, monotone in the destructive tier, independent of KG
//! file order; canonicalising twice changes nothing.

use proptest::prelude::*;
use terraphim_guard::{Entry, Guard, Kg, Tier, canonical_text, parse};

const WORDS: &[&str] = &[
    "rm", "git", "push", "ls", "-rf", "-f", "--force", "/", "~", "x", "sudo", "build", "-r", "cat",
];
const GLUE: &[&str] = &[" ", " ", " ", " && ", " | ", "; "];

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

    #[test]
    fn canonicalising_twice_changes_nothing(cmd in command()) {
        let once: Vec<String> = parse(&cmd).commands.iter().map(|c| canonical_text(&c.words)).collect();
        for c in &once {
            let twice: Vec<String> = parse(c).commands.iter().map(|c| canonical_text(&c.words)).collect();
            prop_assert_eq!(&twice, &vec![c.clone()], "from `{}`", cmd);
        }
    }
}
