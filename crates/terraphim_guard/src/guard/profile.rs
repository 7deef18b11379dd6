//! Sandbox profiles: their ranking, and the one profile for a line of several parts.
//!
//! How strict a profile is, and whether it runs a single program, is data of the profile
//! (`strictness` and `max_processes` in `kg/profiles/*.toml`, `terraphim_sandbox`'s files):
//! `build.rs` reads the embedded profiles' values, and a caller that loaded the user's profiles
//! hands theirs over ([`GuardBuilder::profile_ranks`](super::GuardBuilder::profile_ranks)).

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::types::{Part, Verdict};
use super::{Guard, OPAQUE_PROFILE};

/// What the guard needs to know of a sandbox profile to pick one for a command whose parts name
/// several: the most restrictive one that can run the command wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProfileRank {
    /// The profile's `strictness` (higher is stricter).
    pub strictness: u8,
    /// Whether it runs one program only (`max_processes = 1`): it cannot run a line of several
    /// parts.
    pub single_program: bool,
}

/// The rank of a profile no table names: a profile file without `strictness` ranks 1.
const UNKNOWN: ProfileRank = ProfileRank {
    strictness: 1,
    single_program: false,
};

// `profile_ranks.rs` defines `embedded_ranks()`, the rank of every profile of `kg/profiles/`.
include!(concat!(env!("OUT_DIR"), "/profile_ranks.rs"));

/// The ranks of the known sandbox profiles, by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileRanks {
    by_name: BTreeMap<Cow<'static, str>, ProfileRank>,
}

impl Default for ProfileRanks {
    /// The embedded profiles' ranks.
    fn default() -> Self {
        ProfileRanks::embedded()
    }
}

impl ProfileRanks {
    /// The ranks of the embedded profiles (`kg/profiles/*.toml`, read at build time).
    pub fn embedded() -> ProfileRanks {
        ProfileRanks {
            by_name: embedded_ranks()
                .into_iter()
                .map(|(name, rank)| (Cow::Borrowed(name), rank))
                .collect(),
        }
    }

    /// Set the rank of `name` (a user profile replacing or adding one).
    pub fn set(&mut self, name: impl Into<String>, rank: ProfileRank) {
        self.by_name.insert(Cow::Owned(name.into()), rank);
    }

    /// The rank of `name`; a profile no table names ranks as strictness 1, any number of
    /// programs.
    pub fn get(&self, name: &str) -> ProfileRank {
        self.by_name.get(name).copied().unwrap_or(UNKNOWN)
    }

    fn fits(&self, name: &str, parts: usize) -> bool {
        !self.get(name).single_program || parts <= 1
    }

    /// The strictest known profile that can run a line of `parts` parts (ties by name).
    fn strictest_fitting(&self, parts: usize) -> Option<&str> {
        self.by_name
            .iter()
            .filter(|(name, _)| self.fits(name, parts))
            .max_by_key(|(name, rank)| (rank.strictness, *name))
            .map(|(name, _)| name.as_ref())
    }

    /// Several sandboxed parts run in one sandbox: the most restrictive profile among them,
    /// or `fallback` when none names one. A single-program profile cannot run a line of
    /// several parts: the strictest profile that can takes its place.
    pub(super) fn pick(&self, parts: &[Part], fallback: String) -> String {
        let best = parts
            .iter()
            .filter(|p| p.verdict == Verdict::Sandbox)
            .filter_map(|p| p.profile.as_deref())
            .max_by_key(|p| (self.get(p).strictness, *p))
            .map_or(fallback, str::to_string);
        if self.fits(&best, parts.len()) {
            return best;
        }
        self.strictest_fitting(parts.len())
            .map_or(best, str::to_string)
    }
}

impl Guard {
    /// [`OPAQUE_PROFILE`], or the default profile where that is stricter.
    pub(super) fn opaque_profile(&self) -> String {
        if self.ranks.get(&self.default_profile).strictness
            > self.ranks.get(OPAQUE_PROFILE).strictness
        {
            self.default_profile.clone()
        } else {
            OPAQUE_PROFILE.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "test code")]
    use super::*;

    fn part(verdict: Verdict, profile: Option<&str>) -> Part {
        Part {
            canonical: String::new(),
            text: String::new(),
            layers: Vec::new(),
            verdict,
            reason: String::new(),
            profile: profile.map(str::to_string),
            matches: Vec::new(),
        }
    }

    /// The embedded profiles' data, as the sandbox reads it.
    #[test]
    fn embedded_ranks_are_the_profile_files() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kg/profiles");
        let ranks = ProfileRanks::embedded();
        let mut names = Vec::new();
        for entry in fs_err::read_dir(&root).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_str().unwrap().to_string();
            let text = fs_err::read_to_string(&path).unwrap();
            let value = |key: &str| {
                text.lines().find_map(|l| {
                    l.strip_prefix(key)?
                        .trim()
                        .strip_prefix('=')?
                        .trim()
                        .parse::<u8>()
                        .ok()
                })
            };
            let want = ProfileRank {
                strictness: value("strictness").unwrap_or(1),
                single_program: value("max_processes") == Some(1),
            };
            assert_eq!(ranks.get(&name), want, "{name}");
            names.push(name);
        }
        assert!(names.len() >= 4, "{names:?}");
    }

    /// Rows: the sandboxed parts' profiles, the number of parts, the user's ranks, the pick.
    #[test]
    fn the_strictest_profile_that_can_run_the_line_wins() {
        let strict_many = ProfileRank {
            strictness: 3,
            single_program: false,
        };
        let lax_build = ProfileRank {
            strictness: 9,
            single_program: false,
        };
        let rows: &[(&[&str], usize, &[(&str, ProfileRank)], &str)] = &[
            (&["workspace", "readonly"], 2, &[], "readonly"),
            (&["build", "workspace"], 2, &[], "workspace"),
            (&["strict"], 1, &[], "strict"),
            (&["strict", "workspace"], 2, &[], "readonly"),
            (&["strict"], 3, &[], "readonly"),
            (&["mine"], 2, &[], "mine"),
            (&["mine", "build"], 2, &[], "mine"),
            (&[], 1, &[], "workspace"),
            // A user's strict profile that may spawn keeps the line.
            (&["strict"], 2, &[("strict", strict_many)], "strict"),
            // Ranks are data: a user who ranks build highest gets build.
            (&["build", "readonly"], 2, &[("build", lax_build)], "build"),
        ];
        for (profiles, parts, user, want) in rows {
            let mut ranks = ProfileRanks::embedded();
            for (name, rank) in *user {
                ranks.set(*name, *rank);
            }
            let mut line: Vec<Part> = profiles
                .iter()
                .map(|p| part(Verdict::Sandbox, Some(p)))
                .collect();
            while line.len() < *parts {
                line.push(part(Verdict::Allow, None));
            }
            assert_eq!(
                ranks.pick(&line, "workspace".into()),
                *want,
                "{profiles:?} in {parts} parts with {user:?}"
            );
        }
    }
}
