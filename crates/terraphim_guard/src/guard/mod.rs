//! The guard: KG entries compiled into one matcher per tier, and the decision rules.

mod away;
mod cloud_output;
mod compile;
mod contact_host;
mod data;
mod data_output;
mod decide;
mod destroy_subcommand;
mod device_mount;
mod env_filter;
mod export_sent;
mod flood;
mod in_place;
mod inline_store;
mod install_host;
mod kernel_module;
mod key_meta;
mod local_reset;
mod local_service;
mod loopback;
mod option_code;
mod orm_read;
mod outside_data;
mod package_tasks;
mod place;
mod port_probe;
mod port_process;
mod printed_secret;
mod profile;
mod project_delete;
mod prose_value;
mod proxy;
mod sed;
mod sent_key;
mod sql_text;
mod store;
mod test_output;
mod transfer_batch;
mod types;
mod typo;
mod validate;
mod xml_transform;

use std::fmt;
use std::path::Path;

use crate::error::Result;
use crate::kg::Kg;
use crate::replace::Replacer;

use compile::{ClassHeads, CompiledEntry, TierSet};
pub use profile::{ProfileRank, ProfileRanks};
pub use types::{Decision, Match, Part, Verdict};
pub use validate::{SynonymPlace, check_examples, cross_tier_duplicates};

/// Longest command the guard reads; anything longer is denied unread.
pub const MAX_COMMAND_BYTES: usize = 1 << 20;

/// The profile for sandboxed commands that no KG entry names a profile for.
pub const DEFAULT_PROFILE: &str = "workspace";

/// The profile for code the parser cannot see through (dynamic code, a pipe into a shell,
/// unparsable input, injected environment): it runs read-only, never on a workspace whose
/// changes would be applied, unless the default profile is stricter still.
pub const OPAQUE_PROFILE: &str = "readonly";

/// A built guard: immutable, cheap to share between threads.
pub struct Guard {
    entries: Vec<CompiledEntry>,
    destructive: TierSet,
    suspicious: TierSet,
    safe: TierSet,
    replacer: Option<Replacer>,
    default_profile: String,
    /// How strict each sandbox profile is.
    ranks: ProfileRanks,
    /// Command names with patterns that name a class of an operand (`rm <outside>`), and
    /// whether a `*` pattern does: only their operands are classed (redirects always are).
    class_heads: ClassHeads,
}

impl fmt::Debug for Guard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Guard")
            .field("entries", &self.entries.len())
            .finish_non_exhaustive()
    }
}

/// Builds a [`Guard`] from KG sources.
#[derive(Debug, Default)]
pub struct GuardBuilder {
    kg: Kg,
    embedded: bool,
    default_profile: Option<String>,
    ranks: Option<ProfileRanks>,
}

impl GuardBuilder {
    /// Start from the embedded default KG.
    pub fn with_default_kg(mut self) -> Self {
        self.embedded = true;
        self
    }

    /// Add a KG (entries merge; order never changes a decision).
    pub fn kg(mut self, kg: Kg) -> Self {
        self.kg.extend(kg);
        self
    }

    /// Add the tier directories under `dir` (or `dir` itself when it is a tier directory).
    pub fn dir(mut self, dir: &Path) -> Result<Self> {
        self.kg.add_dir(dir)?;
        Ok(self)
    }

    /// The profile for sandboxed commands with no profile of their own (default `readonly`).
    pub fn default_profile(mut self, profile: impl Into<String>) -> Self {
        self.default_profile = Some(profile.into());
        self
    }

    /// How strict each sandbox profile is (default: the embedded profiles'; a caller that
    /// loaded the user's profiles passes theirs on top).
    pub fn profile_ranks(mut self, ranks: ProfileRanks) -> Self {
        self.ranks = Some(ranks);
        self
    }

    /// Compile every active entry.
    pub fn build(self) -> Result<Guard> {
        Guard::compile(
            &self.kg,
            self.embedded,
            self.default_profile
                .unwrap_or_else(|| DEFAULT_PROFILE.to_string()),
            self.ranks.unwrap_or_default(),
        )
    }
}

impl Guard {
    /// A guard over `kg` alone.
    pub fn new(kg: &Kg) -> Result<Guard> {
        Guard::compile(
            kg,
            false,
            DEFAULT_PROFILE.to_string(),
            ProfileRanks::embedded(),
        )
    }

    /// A builder; `Guard::builder().with_default_kg().dir(user)?.build()` is the usual start.
    pub fn builder() -> GuardBuilder {
        GuardBuilder::default()
    }
}

/// Compile-time check that a guard can be shared between threads.
#[allow(dead_code)]
fn assert_send_sync() {
    fn is<T: Send + Sync>() {}
    is::<Guard>();
}
