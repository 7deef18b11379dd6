//! JavaScript file calls: writes, streams, deletions, copies, modes.

use super::Js;
use super::call::Call;
use crate::engine::{Handle, Val};
use crate::model::{Category, Verdict};
use crate::places::UNKNOWN;

impl Js<'_, '_, '_> {
    /// `fs.writeFileSync(path, data, {flag})`.
    pub(super) fn write_file(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let tail = c.tail();
        let arg_nodes = &c.arg_nodes;
        let first = c.first();
        let second = c.second();
        let append = tail.starts_with("append")
            || self.prop(arg_nodes.get(2).copied(), "append").is_some()
            || self
                .prop(arg_nodes.get(2).copied(), "flag")
                .is_some_and(|(v, _)| v.known() == Some("a"));
        self.sink.write(ln, first, second, append);
        if let Some((mode, node)) = self.prop(arg_nodes.get(2).copied(), "mode") {
            // `writeFileSync(path, data, {mode: 0o755})`: written with that mode.
            let written = self.text(node).to_owned();
            let literal =
                written.starts_with(|ch: char| ch.is_ascii_digit() || ch == '\'' || ch == '"');
            let text = if literal {
                written
            } else {
                mode.known().unwrap_or("").to_owned()
            };
            self.mode_effects(ln, first, &text);
        }
        Val::unknown()
    }

    /// What a file mode (`0o777`, `'755'`, `493`) does to the files at `path`.
    fn mode_effects(&mut self, ln: u32, path: &Val, mode_text: &str) {
        let Some(mode) = crate::command::octal_mode(mode_text) else {
            return;
        };
        for p in path.path_alternatives() {
            crate::command::chmod_effects(self.sink, ln, &p, mode & 0o002 != 0, mode & 0o111 != 0);
        }
    }

    /// `fs.createWriteStream(path, {flags})`.
    pub(super) fn write_stream(&mut self, c: &Call<'_>) -> Val {
        let arg_nodes = &c.arg_nodes;
        let first = c.first();
        let append = self
            .prop(arg_nodes.get(1).copied(), "flags")
            .is_some_and(|(v, _)| v.known().is_some_and(|f| f.contains('a')));
        // A path with several values (`join(home, RCS[shell] || '.profile')`): the stream
        // writes to any of them.
        let alts = first.path_alternatives();
        Val {
            handle: Some(Handle::File {
                path: first.path_text().unwrap_or_else(|| UNKNOWN.to_string()),
                write: true,
                append,
                confined: false,
            }),
            alts: if alts.len() > 1 { alts } else { Vec::new() },
            ..Val::default()
        }
    }

    /// `fs.rmSync(path, {recursive})`, `rimraf(path)`.
    pub(super) fn delete(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let tail = c.tail();
        let module = c.module();
        let arg_nodes = &c.arg_nodes;
        let mut first = c.first();
        // `shell.rm('-rf', path)`: options come first.
        let flags = match first.known() {
            Some(f) if module == "shelljs" && f.starts_with('-') => {
                let f = f.to_owned();
                first = c.second();
                f
            }
            _ => String::new(),
        };
        let recursive = tail.starts_with("rm")
            && arg_nodes
                .get(1)
                .is_some_and(|o| self.text(*o).contains("recursive"))
            || tail.starts_with("remove")
            || tail.starts_with("rimraf")
            || module == "rimraf"
            // `fse.emptyDir(dir)` (and its `emptydir` spellings, promise or sync): every
            // entry under the directory.
            || tail.to_ascii_lowercase().starts_with("emptydir")
            // `del` takes globs of trees.
            || tail == "del"
            || module == "del"
            || flags.contains(['r', 'R']);
        match &first.items {
            // `del([a, b])`: each element.
            Some(items) if !items.is_empty() => {
                for i in items.clone() {
                    self.sink.delete(ln, &i, recursive);
                }
            }
            _ => self.sink.delete(ln, first, recursive),
        }
        Val::unknown()
    }

    /// `fs.copyFileSync(src, dst)`: the destination gets the source's content.
    pub(super) fn copy(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let first = c.first();
        let second = c.second();
        let mut content = Val::unknown();
        // Each path the source may be (a helper called with several names, a loop over
        // profile directories): any of them is what the copy reads.
        if first.path_text().is_some() || !first.alts.is_empty() {
            for s in first.path_alternatives() {
                let t = self.sink.read_path(ln, &s);
                content.taint.join(&t);
                if self.sink.is_remote_file(&s) {
                    content.taint.remote = true;
                }
                // `fs.cpSync(sshDir, 'site/.deploy', { recursive: true })`: the credentials
                // now lie where the script put them, as `shutil.copy` and `cp` leave them.
                if let Some(what) = &t.secret {
                    self.sink.copy_secret(ln, what, &s, second);
                    break;
                }
            }
        }
        self.sink.copied(ln, first, second, &content);
        if c.tail().starts_with("rename") || c.tail().starts_with("move") {
            self.sink.moved(ln, first, second);
        }
        Val::unknown()
    }

    /// `fs.openSync(path, flags)`: a descriptor of the file, which holds what the file does
    /// when it is opened for reading.
    pub(super) fn open_fd(&mut self, c: &Call<'_>) -> Val {
        let flags = c.second().known().unwrap_or("r").to_owned();
        let path = c.first();
        let write = flags.contains(['w', 'a', '+']);
        let taint = if write && !flags.contains('+') {
            crate::engine::Taint::default()
        } else {
            self.sink.read_val(c.ln, path)
        };
        Val {
            handle: Some(Handle::File {
                path: path
                    .path_text()
                    .unwrap_or_else(|| crate::places::UNKNOWN.to_string()),
                write,
                append: flags.contains('a'),
                confined: false,
            }),
            ..Val::default()
        }
        .with_taint(&taint)
    }

    /// `fs.chmodSync(path, mode)`.
    pub(super) fn chmod(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let arg_nodes = &c.arg_nodes;
        let mode = arg_nodes
            .get(1)
            .map(|n| self.text(*n).to_owned())
            .unwrap_or_default();
        // A literal as written (a string is octal, a number as JavaScript reads it), else the
        // value a variable holds.
        let literal = mode.starts_with(|ch: char| ch.is_ascii_digit() || ch == '\'' || ch == '"');
        let second = c.second();
        let known = second.known().map(str::to_owned).or_else(|| {
            // Several modes flowed here (a table of directories and their modes walked in a
            // loop): each may meet each path, so the most open of them.
            let modes: Vec<u32> = second
                .alts
                .iter()
                .filter_map(|a| crate::command::octal_mode(a))
                .collect();
            (!modes.is_empty()).then(|| format!("0o{:o}", modes.iter().fold(0, |a, m| a | m)))
        });
        let text = if literal { Some(mode.clone()) } else { known };
        self.mode_effects(ln, c.first(), text.as_deref().unwrap_or(""));
        // The mode as written, or the value it holds (`MODES.daemon` of a table of modes).
        let held_special = !literal
            && text
                .as_deref()
                .is_some_and(crate::places::held_mode_is_special);
        if held_special || crate::places::mode_sets_special_bits(&mode) {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "sets the setuid or setgid bit (privilege escalation)",
            );
        }
        Val::unknown()
    }
}
