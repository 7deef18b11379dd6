//! Building the guard a command uses: embedded KG, then the user's KG, then `--kg` dirs, then
//! upstream JSON thesauri.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use terraphim_guard::{Guard, Kg, ProfileRank, ProfileRanks, Tier};
use terraphim_sandbox::ProfileSet;

use crate::upstream_json;

/// KG sources given on the command line.
#[derive(Debug, Default, Clone, clap::Args)]
pub(crate) struct KgArgs {
    /// Extra KG directory (holding guard-* tier directories, or a tier directory itself); repeatable.
    #[arg(long = "kg", value_name = "DIR")]
    pub(crate) kg: Vec<PathBuf>,
    /// Do not read the user's KG (`$XDG_CONFIG_HOME/terraphim/kg`).
    #[arg(long, hide = true)]
    pub(crate) no_user_kg: bool,
}

/// Upstream JSON thesauri to add to the tiers.
#[derive(Debug, Default, Clone)]
pub(crate) struct UpstreamThesauri {
    pub(crate) destructive: Option<PathBuf>,
    pub(crate) allowlist: Option<PathBuf>,
    pub(crate) suspicious: Option<PathBuf>,
}

/// The guard, and a text of everything it was built from beyond the embedded KG and profiles
/// (the entries of the user's KG, `--kg` directories and upstream thesauri, the user's
/// profiles' ranks): what a cached verdict that used the guard depends on.
pub(crate) fn guard_with_sources(
    args: &KgArgs,
    upstream: &UpstreamThesauri,
) -> anyhow::Result<(Guard, String)> {
    let mut kg = Kg::new();
    if !args.no_user_kg
        && let Some(user) = crate::paths::user_kg_dir()
    {
        kg.add_dir(&user)
            .with_context(|| format!("failed to load the user KG in {}", user.display()))?;
    }
    for dir in &args.kg {
        if !dir.is_dir() {
            anyhow::bail!("KG directory {} does not exist", dir.display());
        }
        kg.add_dir(dir)
            .with_context(|| format!("failed to load the KG in {}", dir.display()))?;
    }
    for (path, tier) in [
        (&upstream.destructive, Tier::Destructive),
        (&upstream.allowlist, Tier::Safe),
        (&upstream.suspicious, Tier::Suspicious),
    ] {
        if let Some(path) = path {
            add_upstream(&mut kg, path, tier)?;
        }
    }
    let ranks = profile_ranks()?;
    let sources = format!("{:?}\0{ranks:?}", kg.entries());
    let guard = Guard::builder()
        .with_default_kg()
        .kg(kg)
        .profile_ranks(ranks)
        .build()?;
    Ok((guard, sources))
}

/// How strict each sandbox profile is: the embedded profiles' ranks (compiled into the guard),
/// with the user's profile files on top, read the way `guard exec` reads them.
fn profile_ranks() -> anyhow::Result<ProfileRanks> {
    let mut ranks = ProfileRanks::embedded();
    let dir = ProfileSet::default_user_dir();
    let user = ProfileSet::user_profiles(dir.as_deref())
        .context("failed to load the user's sandbox profiles")?;
    for p in user {
        let rank = ProfileRank {
            strictness: p.strictness,
            single_program: !p.fits(2),
        };
        ranks.set(p.name, rank);
    }
    Ok(ranks)
}

fn add_upstream(kg: &mut Kg, path: &Path, tier: Tier) -> anyhow::Result<()> {
    let text = fs_err::read_to_string(path)?;
    let converted = upstream_json::convert(&text, tier)
        .with_context(|| format!("failed to read the thesaurus {}", path.display()))?;
    for c in converted.entries {
        let source = path.join(format!("{}.md", c.concept));
        let entry = terraphim_guard::Entry::parse(&source, tier, &c.markdown)
            .with_context(|| format!("failed to convert {}", path.display()))?;
        kg.push(entry);
    }
    for w in converted.warnings {
        eprintln!("warning: {}: {w}", path.display());
    }
    Ok(())
}
