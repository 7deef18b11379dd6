//! Python calls that read data: environment variables, secret stores, YAML.

use super::Py;
use super::call::Call;
use crate::engine::{Taint, Val};
use crate::model::{Category, Verdict};
use crate::places::UNKNOWN;

impl Py<'_, '_, '_> {
    /// `os.environ.get(name, default)`.
    pub(super) fn env_get(&mut self, c: &Call<'_>) -> Val {
        let key = c.arg(0, "key");
        if let Some(n) = c
            .arg_nodes
            .first()
            .or_else(|| c.kw_nodes.get("key"))
            .filter(|n| n.kind() == "identifier")
        {
            let name = self.text(*n).to_owned();
            self.scope.env_read_by_param(&name);
        }
        if key.text.is_none() && !key.alts.is_empty() {
            // Several names flow here (a loop over a literal list): read each.
            let mut v = Val::unknown();
            for k in key.alts {
                let r = self.sink.read_env(c.ln, &k);
                v.taint.join(&r.taint);
            }
            return v;
        }
        match key.known() {
            Some(k) => {
                let v = self.sink.read_env(c.ln, k);
                let default = c.arg(1, "default");
                // (An empty default, `""` or `None`, of a service's endpoint names no place:
                // the endpoint the user configured.)
                let blank = default
                    .known()
                    .is_some_and(|d| d.trim().is_empty() || d == "None");
                if crate::places::endpoint_setting(k)
                    && default.known().is_some()
                    && !(blank && crate::places::configured_service_url(k).is_some())
                {
                    // Where a service lives: the script's own default, which the user's
                    // environment may point elsewhere (their configuration, not the script's).
                    return default;
                }
                if let Some(d) = default.known()
                    && v.text.is_none()
                    && v.taint.secret.is_none()
                    && crate::places::program_setting(k, d)
                {
                    // Which program to run (`GODOT_BIN`, default `godot`): the user's own copy
                    // of the tool the default names, judged as that tool.
                    return default;
                }
                if v.text.is_none() && v.taint.secret.is_none() {
                    default.union(&Val::lit(UNKNOWN.to_string()))
                } else {
                    v
                }
            }
            None => Val::unknown(),
        }
    }

    /// A secret read from a keyring, the clipboard, a browser store or the user.
    pub(super) fn secret_store(
        &mut self,
        c: &Call<'_>,
        what: &'static str,
        clipboard: bool,
        finding: bool,
    ) -> Val {
        if clipboard {
            self.sink.cap(c.ln, crate::caps::Cap::ClipboardRead, &c.q);
        }
        if finding {
            self.sink.add(
                c.ln,
                Category::SecretRead,
                Verdict::Suspicious,
                format!("reads {what}"),
            );
        }
        Val::unknown().with_taint(&Taint {
            secret: Some(what.into()),
            ..Taint::default()
        })
    }

    /// `yaml.load(data, Loader=…)`: with an unsafe loader, data can run code.
    pub(super) fn yaml_load(&mut self, c: &Call<'_>) -> Val {
        let loader = c
            .kw_nodes
            .get("Loader")
            .or_else(|| c.arg_nodes.get(1))
            .map(|n| self.text(*n).to_owned());
        let unsafe_loader = loader
            .as_deref()
            .is_none_or(|l| l.contains("Unsafe") || l == "yaml.Loader" || l == "Loader");
        if unsafe_loader && crate::caps::deserialized_code(self.sink, c.ln, &c.q, &c.first()) {
            return Val::unknown();
        }
        if unsafe_loader {
            crate::caps::apply(self.sink, c.ln, &c.q, crate::caps::Effect::Deserialize);
        }
        c.all_val()
    }
}
