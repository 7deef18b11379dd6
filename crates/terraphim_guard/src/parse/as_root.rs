//! What runs as root. A privileged wrapper (`sudo`, `doas`, `pkexec`, `run0`, `su -c`) keeps
//! its whole form as a part (`sudo vim /etc/hosts`), so the KG judges what it runs as root;
//! this module adds the same form for commands that reach root another way:
//!
//! - a command run as root through another program (`sudo find . -exec CMD \;`, `sudo env
//!   CMD`, `doas CMD`, `sudo awk 'BEGIN{system("CMD")}'`) is also judged as `sudo CMD`, so the
//!   KG's `sudo ...` patterns see it wherever it sits;
//! - an interactive shell as root (a shell or an interpreter given no script, code or input:
//!   `sudo bash`, `sudo find . -exec /bin/sh \;`, `sudo vim -c ':!sh'`; a bare `sudo -i`,
//!   `sudo -s`, `pkexec`, `run0`; `su` without `-c`) is the part `sudo sh -i`, the spelling
//!   of "a root shell" the KG's `root shell` entry denies: a shell hands every later command
//!   root without the guard ever seeing it.

use crate::canon;
use terraphim_shell_vocab::{PRINT_ONLY_OPTIONS, PRIVILEGED, is_interpreter, is_shell};

use super::walker::{Ctx, Walker};

/// The layer label of the parts this module adds.
const ROOT_LAYER: &str = "runs as root";

/// Whether a layer label is a privileged wrapper's (`sudo -u root --`, `doas`, `su -c`).
pub(super) fn privileged_layer(label: &str) -> bool {
    let first = label.split_whitespace().next().unwrap_or("");
    PRIVILEGED.contains(&first) || label == "su -c"
}

/// Whether `argv` (a shell or an interpreter) starts an interactive session: no script, no
/// code, no input on the line, and no option that only prints.
pub(super) fn interactive(argv: &[String], ctx: &Ctx) -> bool {
    let Some(first) = argv.first() else {
        return false;
    };
    let name = canon::program_name(first);
    if !(is_shell(&name) || is_interpreter(&name)) {
        return false;
    }
    if ctx.stdin_text.is_some()
        || !ctx.inputs.is_empty()
        || ctx.pipeline.is_some_and(|(_, stage)| stage > 0)
    {
        return false;
    }
    argv[1..].iter().all(|a| {
        a.len() > 1 && a.starts_with('-') && a != "--" && !PRINT_ONLY_OPTIONS.contains(&a.as_str())
    })
}

impl Walker {
    /// After `argv` was pushed with `ctx`: the parts that judge it as run by root, when one of
    /// its layers is a privileged wrapper's.
    pub(super) fn as_root(&mut self, argv: &[String], text: &str, ctx: &Ctx) {
        let Some(first) = argv.first() else { return };
        if ctx.layers.last().is_some_and(|l| l == ROOT_LAYER)
            || !ctx.layers.iter().any(|l| privileged_layer(l))
            || PRIVILEGED.contains(&canon::program_name(first).as_str())
        {
            return;
        }
        if interactive(argv, ctx) {
            self.root_shell(text, ctx);
            return;
        }
        // Directly under `sudo`, the wrapper's own part is `sudo ARGV` already.
        if ctx.layers.last().is_some_and(|l| l.starts_with("sudo")) {
            return;
        }
        let mut words = vec!["sudo".to_string()];
        words.extend(argv.iter().cloned());
        let mut c = ctx.clone();
        c.layers.push(ROOT_LAYER.into());
        self.push(words, text.to_string(), &c, Vec::new());
    }

    /// The part that stands for an interactive root shell (see the module's documentation).
    pub(super) fn root_shell(&mut self, text: &str, ctx: &Ctx) {
        let c = Ctx {
            layers: ctx
                .layers
                .iter()
                .cloned()
                .chain(std::iter::once(ROOT_LAYER.to_string()))
                .collect(),
            pipeline: ctx.pipeline,
            ..Ctx::default()
        };
        let words = ["sudo", "sh", "-i"].map(String::from).to_vec();
        self.push(words, text.to_string(), &c, Vec::new());
    }
}
