//! Every part of the guard that finds its files under an XDG base directory follows the one
//! rule of `terraphim_shell_vocab::xdg`: an absolute value is used, an empty or relative one is
//! ignored (the XDG spec calls it invalid) and the default under an absolute HOME applies.

use std::ffi::OsString;
use std::path::PathBuf;

use pretty_assertions::assert_eq;
use terraphim_learn::LearnPaths;
use terraphim_sandbox::{ChangeStore, JsDeps, ProfileSet};
use terraphim_script_review::{CACHE_RELATIVE_PATH, Config, VerdictCache};
use terraphim_shell_vocab::xdg::{self, BaseDir};

type Env = &'static [(&'static str, &'static str)];

const ENVS: &[Env] = &[
    &[("HOME", "/h")],
    &[
        ("HOME", "/h"),
        ("XDG_CONFIG_HOME", "/c"),
        ("XDG_DATA_HOME", "/d"),
        ("XDG_CACHE_HOME", "/k"),
    ],
    &[
        ("HOME", "/h"),
        ("XDG_CONFIG_HOME", "rel/c"),
        ("XDG_DATA_HOME", "rel/d"),
        ("XDG_CACHE_HOME", "rel/k"),
    ],
    &[
        ("HOME", "/h"),
        ("XDG_CONFIG_HOME", ""),
        ("XDG_DATA_HOME", ""),
        ("XDG_CACHE_HOME", ""),
    ],
    &[
        ("XDG_CONFIG_HOME", "/c"),
        ("XDG_DATA_HOME", "/d"),
        ("XDG_CACHE_HOME", "/k"),
    ],
    &[("HOME", "rel"), ("XDG_CONFIG_HOME", "rel/c")],
    &[],
];

fn lookup(env: Env) -> impl Fn(&str) -> Option<OsString> {
    move |k: &str| env.iter().find(|(n, _)| *n == k).map(|(_, v)| v.into())
}

#[test]
fn every_crate_resolves_xdg_dirs_the_same_way() {
    for env in ENVS {
        let config = xdg::base_dir(BaseDir::Config, lookup(env));
        let data = xdg::base_dir(BaseDir::Data, lookup(env));
        let cache = xdg::base_dir(BaseDir::Cache, lookup(env));
        let under = |base: &Option<PathBuf>, rel: &str| base.as_ref().map(|b| b.join(rel));

        let learn = LearnPaths::from_env_with(lookup(env)).ok();
        let want_learn = match (&data, &config) {
            (Some(d), Some(c)) => Some(LearnPaths::new(d, c)),
            _ => None,
        };
        assert_eq!(learn, want_learn, "learn {env:?}");
        assert_eq!(
            ProfileSet::default_user_dir_with(lookup(env)),
            under(&config, "terraphim/guard/profiles"),
            "sandbox profiles {env:?}"
        );
        assert_eq!(
            ChangeStore::default_data_home_with(lookup(env)),
            data,
            "sandbox workspace store {env:?}"
        );
        assert_eq!(
            JsDeps::default_dir_with(lookup(env)).ok(),
            under(&data, "terraphim/guard/js"),
            "secure-exec deps {env:?}"
        );
        assert_eq!(
            Config::default_path_with(lookup(env)),
            under(&config, "terraphim/guard/script-review.toml"),
            "script review config {env:?}"
        );
        assert_eq!(
            VerdictCache::default_location_with(lookup(env)).map(|c| c.dir().to_path_buf()),
            under(&cache, CACHE_RELATIVE_PATH),
            "script review cache {env:?}"
        );
    }
}

#[test]
fn a_relative_xdg_config_home_is_ignored_everywhere() {
    let env: Env = &[("HOME", "/h"), ("XDG_CONFIG_HOME", "relative/config")];
    assert_eq!(
        ProfileSet::default_user_dir_with(lookup(env)),
        Some(PathBuf::from("/h/.config/terraphim/guard/profiles"))
    );
    assert_eq!(
        LearnPaths::from_env_with(lookup(env))
            .map(|p| p.kg_dir())
            .ok(),
        Some(PathBuf::from("/h/.config/terraphim/kg"))
    );
    assert_eq!(
        Config::default_path_with(lookup(env)),
        Some(PathBuf::from(
            "/h/.config/terraphim/guard/script-review.toml"
        ))
    );
}
