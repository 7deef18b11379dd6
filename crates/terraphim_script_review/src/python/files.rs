//! Python calls on files and paths: output, opening, path objects, copies, modes, dumps.

use super::Py;
use super::call::Call;
use crate::engine::{Handle, Val, join_paths};
use crate::places::UNKNOWN;

/// The paths an open file writes to: the one it was opened by, or each of several (a helper
/// called with several paths opens any of them, see `open`).
/// What the function given to `functools.reduce` does with two values.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fold {
    /// `a / b` of path objects: a path object.
    Path,
    /// `os.path.join(a, b)`: a path string (an object when the first is one).
    Join,
    /// `a + b`: the texts one after the other.
    Concat,
    /// `lambda acc, stage: stage(acc)`: each element is a function applied to the value in
    /// turn (a pipeline of decoders).
    Apply,
}

pub(super) fn file_target(file: &Val) -> Val {
    match (&file.handle, file.alts.is_empty()) {
        (_, false) => Val {
            alts: file.alts.clone(),
            ..Val::default()
        },
        (Some(Handle::File { path, .. }), true) => Val::lit(path.clone()),
        _ => Val::unknown(),
    }
}

impl Py<'_, '_, '_> {
    /// `print(...)`, `logging.info(...)`: output, or a write with `file=`.
    pub(super) fn print(&mut self, c: &Call<'_>) -> Val {
        match c.kwargs.get("file") {
            Some(
                file @ Val {
                    handle: Some(Handle::File { append, .. }),
                    ..
                },
            ) => {
                let append = *append;
                let target = file_target(file);
                let mut content = Val::lit("");
                for a in &c.args {
                    content = content.concat(a);
                }
                self.sink.write(c.ln, &target, &content, append);
            }
            _ => {
                let mut data = Val::unknown();
                for a in &c.args {
                    data.taint.join(&a.taint);
                }
                self.sink.output(c.ln, &data);
            }
        }
        Val::unknown()
    }

    /// An archive: what is added to it is written to its file.
    pub(super) fn open_archive(&mut self, c: &Call<'_>) -> Val {
        // Over a file object rather than a path (`fileobj=buf`, or `ZipFile(buf)` of a
        // `BytesIO`): an archive in memory, its members kept in the buffer.
        let (obj, obj_node) = match c.kwargs.get("fileobj") {
            Some(v) => (Some(v.clone()), c.kw_nodes.get("fileobj").copied()),
            None => match (c.args.first(), c.kwargs.get("file")) {
                (Some(a), None) => (Some(a.clone()), c.arg_nodes.first().copied()),
                (None, Some(a)) => (Some(a.clone()), c.kw_nodes.get("file").copied()),
                _ => (None, None),
            },
        };
        if let Some(obj) = obj
            && obj.text.is_none()
            && obj.handle.is_none()
            && obj.alts.is_empty()
        {
            let into = obj_node
                .filter(|n| n.kind() == "identifier")
                .map(|n| self.text(n).to_owned());
            return Val {
                handle: Some(Handle::Memory { into }),
                ..Val::default()
            }
            .with_taint(&obj.taint);
        }
        let path = c.arg(0, "name");
        let path = if path.path_text().is_some() {
            path
        } else {
            c.arg(0, "file")
        };
        let mode = c.arg(1, "mode").known().unwrap_or("r").to_owned();
        let mut v = self.open(c.ln, &path, &mode);
        // `zipfile` extracts every member inside the target: it drops the `..` and absolute
        // parts of member names and makes no links (unlike `tarfile` without a filter).
        if let Some(Handle::File { confined, .. }) = &mut v.handle
            && matches!(c.q.as_str(), "zipfile.ZipFile" | "zipfile.PyZipFile")
        {
            *confined = true;
        }
        v
    }

    /// `pathlib.Path(a, b)`.
    pub(super) fn path_new(&mut self, c: &Call<'_>) -> Val {
        let args = &c.args;
        if args.len() == 1 && args[0].path_text().is_none() && !args[0].alts.is_empty() {
            // Several paths flow here (`os.environ.get("X", home)`): a path object that may be
            // any of them, its methods (`iterdir`, `glob`, `joinpath`) applied to each.
            return Val {
                handle: Some(Handle::Path(args[0].alts[0].clone())),
                alts: args[0].alts.clone(),
                taint: c.all.clone(),
                ..Val::default()
            };
        }
        let parts: Vec<String> = args
            .iter()
            .map(|a| a.path_text().unwrap_or_else(|| UNKNOWN.to_string()))
            .collect();
        let p = if parts.is_empty() {
            ".".to_owned()
        } else {
            join_paths(&parts)
        };
        Val {
            handle: Some(Handle::Path(p)),
            taint: c.all.clone(),
            ..Val::default()
        }
    }

    /// `shutil.copy(src, dst)`: the destination gets the source's content.
    pub(super) fn copy(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let src = c.arg(0, "src");
        let dst = c.arg(1, "dst");
        let mut content = Val::unknown().with_taint(&src.taint);
        // Each path the source may be (a helper called with several names): any of them is
        // what the copy reads.
        let sources = match src.path_text().is_some() || !src.alts.is_empty() {
            true => src.path_alternatives(),
            false => Vec::new(),
        };
        for s in sources {
            let t = self.sink.read_path(ln, &s);
            content.taint.join(&t);
            if self.sink.is_remote_file(&s) {
                content.taint.remote = true;
            }
            if let Some(what) = &t.secret {
                self.sink.copy_secret(ln, what, &s, &dst);
                break;
            }
        }
        self.sink.copied(ln, &src, &dst, &content);
        Val::unknown()
    }

    /// `os.chmod(path, mode)`.
    pub(super) fn chmod_call(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let mode_text = c
            .arg_nodes
            .get(1)
            .map(|n| self.text(*n).to_owned())
            .unwrap_or_default();
        let path = c.arg(0, "path");
        let mode_val = c.arg(1, "mode");
        let mode_val = match &mode_val.handle {
            Some(Handle::Module(m)) => m.clone(),
            _ => mode_val.every_text(),
        };
        self.chmod(ln, &path, &format!("{mode_text} {mode_val}"));
        // The mode as written, or a value it holds (`MODES["daemon"]` of a table of modes).
        let held_special = mode_val.contains("S_ISUID")
            || mode_val.contains("S_ISGID")
            || mode_val.split(' ').any(crate::places::held_mode_is_special);
        if mode_text.contains("S_ISUID")
            || mode_text.contains("S_ISGID")
            || crate::places::mode_sets_special_bits(&mode_text)
            || held_special
        {
            self.sink.add(
                ln,
                crate::model::Category::Escape,
                crate::model::Verdict::Dangerous,
                "sets the setuid or setgid bit (privilege escalation)",
            );
        }
        Val::unknown()
    }

    /// `json.dump(obj, fp)`: the object written to the file (`yaml.dump(obj)` returns it).
    pub(super) fn dump(&mut self, c: &Call<'_>) -> Val {
        let obj = c.first();
        // A manifest's dependencies or a lock file's sources among the members.
        self.sink.dependency_members_of(&obj);
        let target = c
            .args
            .get(1)
            .cloned()
            .or_else(|| c.kwargs.get("fp").cloned())
            .or_else(|| c.kwargs.get("stream").cloned())
            .unwrap_or_default();
        if let Some(Handle::File { append, .. }) = &target.handle {
            let append = *append;
            self.sink.write(c.ln, &file_target(&target), &obj, append);
        } else if c.args.len() <= 1 && !c.kwargs.contains_key("stream") {
            // `yaml.dump(obj)` returns the text.
            return obj;
        } else {
            self.sink.output(c.ln, &obj);
        }
        Val::unknown()
    }

    /// `functools.reduce(operator.truediv, [".config", "systemd"], Path.home())`: the
    /// elements folded by a function that joins paths (`operator.truediv`, `os.path.join`,
    /// `lambda a, b: a / b`) or strings (`operator.add`, `lambda a, b: a + b`), so the path
    /// or text built is known; another function gives a value nobody knows, with the data.
    pub(super) fn reduce(&mut self, c: &Call<'_>) -> Val {
        let unknown = Val::unknown().with_taint(&c.all);
        let op = c.arg_nodes.first().and_then(|n| self.fold_op(*n));
        let (Some(op), Some(items)) = (op, c.args.get(1).and_then(|v| v.items.clone())) else {
            return unknown;
        };
        let mut rest = items.into_iter();
        let Some(mut acc) = c
            .args
            .get(2)
            .or_else(|| c.kwargs.get("initial"))
            .cloned()
            .or_else(|| rest.next())
        else {
            return unknown;
        };
        for x in rest {
            acc = match op {
                Fold::Concat => acc.concat(&x),
                Fold::Apply => {
                    let decodes = matches!(&x.handle, Some(Handle::Module(m))
                        if super::api::lookup(m) == Some(super::api::Api::Decode));
                    match decodes {
                        true => Val::decoded(&acc.taint),
                        false => Val::unknown().with_taint(&acc.taint),
                    }
                }
                Fold::Path | Fold::Join => {
                    let joined = join_paths(&[
                        acc.path_text().unwrap_or_else(|| UNKNOWN.to_string()),
                        x.path_text().unwrap_or_else(|| UNKNOWN.to_string()),
                    ]);
                    let object = op == Fold::Path || matches!(acc.handle, Some(Handle::Path(_)));
                    let v = match object {
                        true => Val {
                            handle: Some(Handle::Path(joined)),
                            ..Val::default()
                        },
                        false => Val::lit(joined),
                    };
                    v.with_taint(&acc.taint).with_taint(&x.taint)
                }
            };
        }
        acc
    }

    /// What the function given to `reduce` does with its two arguments.
    fn fold_op(&self, f: crate::ts::Node<'_>) -> Option<Fold> {
        let by_name = |t: &str| match t {
            "operator.truediv"
            | "truediv"
            | "operator.itruediv"
            | "pathlib.Path.joinpath"
            | "Path.joinpath" => Some(Fold::Path),
            "os.path.join" | "posixpath.join" | "join" => Some(Fold::Join),
            "operator.add" | "operator.concat" | "add" | "concat" | "str.__add__" => {
                Some(Fold::Concat)
            }
            _ => None,
        };
        if f.kind() != "lambda" {
            return by_name(self.text(f));
        }
        let body = f.field("body")?;
        match body.kind() {
            "binary_operator" => match body.field("operator").map(|o| self.text(o)) {
                Some("/") => Some(Fold::Path),
                Some("+") => Some(Fold::Concat),
                _ => None,
            },
            "call" => {
                let func = body.field("function")?;
                if self.applies_second_to_first(f, body) {
                    return Some(Fold::Apply);
                }
                match self.text(func) {
                    t if t.ends_with(".joinpath") => Some(Fold::Path),
                    t => by_name(t),
                }
            }
            _ => None,
        }
    }

    /// `lambda acc, stage: stage(acc)`: the lambda calls its second parameter with its first.
    fn applies_second_to_first(&self, f: crate::ts::Node<'_>, call: crate::ts::Node<'_>) -> bool {
        let params: Vec<&str> = f
            .field("parameters")
            .map(|p| p.named_children().map(|n| self.text(n)).collect())
            .unwrap_or_default();
        let args: Vec<&str> = call
            .field("arguments")
            .map(|a| a.named_children().map(|n| self.text(n)).collect())
            .unwrap_or_default();
        let func = call.field("function").map(|n| self.text(n));
        params.len() == 2 && func == Some(params[1]) && args == [params[0]]
    }

    /// A mode set on a path: setuid, world-writable, executable.
    pub(super) fn chmod(&mut self, ln: u32, path: &Val, mode: &str) {
        // Every octal mode named (a mode with several values, one per grant of a loop, may
        // be any of them).
        let octals: Vec<&str> = mode
            .split_whitespace()
            .filter_map(|w| w.strip_prefix("0o"))
            .collect();
        let world_writable = mode.contains("S_IRWXO")
            || mode.contains("S_IWOTH")
            || octals.iter().any(|o| {
                o.chars()
                    .last()
                    .is_some_and(|c| matches!(c, '2' | '3' | '6' | '7'))
            });
        let executable = mode.contains("S_IX")
            || mode.contains("S_IRWXU")
            || octals
                .iter()
                .any(|o| o.chars().any(|c| matches!(c, '1' | '3' | '5' | '7')));
        for p in path.path_alternatives() {
            crate::command::chmod_effects(self.sink, ln, &p, world_writable, executable);
        }
    }

    /// A file opened with `mode`: a handle, carrying what was read.
    pub(super) fn open(&mut self, ln: u32, path: &Val, mode: &str) -> Val {
        let p = path.path_text().unwrap_or_else(|| UNKNOWN.to_string());
        let write =
            mode.contains('w') || mode.contains('a') || mode.contains('x') || mode.contains('+');
        let append = mode.contains('a');
        let taint = if write && !mode.contains('+') {
            crate::engine::Taint::default()
        } else {
            self.sink.read_val(ln, path)
        };
        let mut v = Val {
            handle: Some(Handle::File {
                path: p,
                write,
                append,
                confined: false,
            }),
            ..Val::default()
        };
        v.taint = taint;
        v.taint.join(&path.taint);
        // `open(home / ('.zshrc' if zsh else '.bashrc'), 'a')`: the paths it may open.
        let alts = path.path_alternatives();
        if alts.len() > 1 {
            v.alts = alts;
        }
        v
    }
}
