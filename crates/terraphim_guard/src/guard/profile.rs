//! Sandbox profiles: their ranking, and the one profile for a line of several parts.

use super::types::{Part, Verdict};
use super::{Guard, OPAQUE_PROFILE};

impl Guard {
    /// [`OPAQUE_PROFILE`], or the default profile where that is stricter.
    pub(super) fn opaque_profile(&self) -> String {
        if profile_rank(&self.default_profile) > profile_rank(OPAQUE_PROFILE) {
            self.default_profile.clone()
        } else {
            OPAQUE_PROFILE.to_string()
        }
    }
}

pub(super) fn profile_rank(p: &str) -> u8 {
    match p {
        "strict" => 3,
        "readonly" => 2,
        "build" => 0,
        _ => 1,
    }
}

/// Several sandboxed parts run in one sandbox: take the most restrictive profile among them.
/// `strict` forbids spawning, so it only fits a command of one part.
pub(super) fn pick_profile(parts: &[Part], fallback: String) -> String {
    let rank = |p: &str| (profile_rank(p), p.to_string());
    let sandboxed: Vec<&str> = parts
        .iter()
        .filter(|p| p.verdict == Verdict::Sandbox)
        .filter_map(|p| p.profile.as_deref())
        .collect();
    let best = sandboxed
        .iter()
        .copied()
        .max_by_key(|p| rank(p))
        .map(str::to_string)
        .unwrap_or(fallback);
    if best == "strict" && parts.len() > 1 {
        "readonly".to_string()
    } else {
        best
    }
}
