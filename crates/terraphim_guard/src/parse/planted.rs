//! Install hooks planted in a `package.json`: npm, pnpm, yarn and bun run a package's
//! `preinstall`, `install`, `postinstall`, `prepare` (and pack/publish) scripts by themselves,
//! on the next install, on every machine and CI runner that installs the project, outside any
//! sandbox. A command that writes such a script (`npm pkg set scripts.postinstall=CMD`, a jq
//! filter `.scripts.postinstall = "CMD"` or `{"postinstall": "CMD"}` over `package.json`, an
//! `echo`/heredoc/sed that puts `"postinstall": "CMD"` into one) is judged as if `CMD` ran: the
//! hook's command is added to the parse as code a program runs (the package manager, from the
//! manifest, where nobody reads it), so the KG and every rule judge it: `curl | sh` there is
//! denied like in `git -c core.sshCommand=...`, `node -e` code is walked, an unknown program is
//! confined. A hook whose command is ordinary (`"prepare": "npm run build"`) changes nothing.
//! The scripts run by name (`test`, `build`, `start`, `lint`: `manifest::RUN_SCRIPTS`) are
//! followed the same way: the next `npm test` of the agent or CI runs them unread.

use terraphim_shell_vocab::manifest::{INSTALL_HOOKS, names_manifest, scripts_written};

use super::walker::Walker;
use crate::canon::WordKind;

impl Walker {
    /// Add the commands of the install hooks the line's commands write into a `package.json`
    /// (see the module docs).
    pub(super) fn follow_planted_hooks(&mut self, depth: u32) {
        let mut planted: Vec<(String, Vec<String>)> = Vec::new();
        for c in &self.out.commands {
            let manifest = c.argv.iter().skip(1).any(|w| names_manifest(w))
                || c.words
                    .iter()
                    .any(|w| w.kind == WordKind::Redirect && names_manifest(&w.text))
                || c.name() == "npm" && c.argv.iter().any(|w| w == "pkg");
            let texts = c.argv.iter().skip(1).chain(c.stdin_text.as_ref());
            for (hook, command) in scripts_written(manifest, texts.map(String::as_str)) {
                let mut layers = c.layers.clone();
                layers.push(if INSTALL_HOOKS.contains(&hook) {
                    format!(
                        "the `{hook}` script it writes into package.json, run by every later install"
                    )
                } else {
                    format!(
                        "the `{hook}` script it writes into package.json, run by the next `npm run {hook}`"
                    )
                });
                planted.push((command, layers));
            }
        }
        // The planted command runs later, not after this line's writes: the manifest it comes
        // from is no build input this line wrote for it.
        let wrote = (self.wrote_build_input, self.wrote_runner_source);
        (self.wrote_build_input, self.wrote_runner_source) = (false, false);
        for (command, layers) in planted {
            self.parse_option_code(&command, depth + 1, &layers);
        }
        (self.wrote_build_input, self.wrote_runner_source) = wrote;
    }
}
