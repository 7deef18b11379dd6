//! Misses of blind34's dev half (issue 17): a list a command splits at its own `IFS=:` into an
//! array whose elements are then deleted (each element a path of its own, the home's among
//! them). Its twin: the list of project paths alone stays clean.

use terraphim_script_review::Language;
use terraphim_script_review::Verdict::{Clean, Dangerous};

use crate::{has_rule, verdict};

use Language::Shell as Sh;

fn split_delete(list: &str) -> String {
    format!(
        "#!/usr/bin/env bash\nset -euo pipefail\nSTATE_DIRS=\"{list}\"\nIFS=: read -r -a dirs <<< \"$STATE_DIRS\"\nfor dir in \"${{dirs[@]}}\"; do\n  [[ -n \"$dir\" ]] || continue\n  rm -rf -- \"$dir\"\ndone\n"
    )
}

#[test]
fn an_array_split_at_the_commands_own_separator_holds_each_field() {
    // The home's `projects` among the fields: its deletion, not one odd project path.
    let home = verdict(
        Sh,
        &split_delete("build/crawls:build/items:$HOME/projects"),
        Dangerous,
    );
    has_rule(&home, "delete-outside");
    // Twin: fields inside the project alone.
    verdict(
        Sh,
        &split_delete("build/crawls:.scrapy/httpcache:build/items"),
        Clean,
    );
}
