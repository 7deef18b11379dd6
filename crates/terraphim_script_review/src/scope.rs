//! What the Python and JavaScript walkers share: variables in scopes, user functions (their
//! parameters, the values passed to them, what they return), and the names whose indirect
//! lookup means hidden execution.

use crate::engine::Val;
use crate::places::UNKNOWN;

/// A hash map with a fast hasher (SipHash dominated the review's map lookups), randomly seeded.
pub(crate) type Map<K, V> = std::collections::HashMap<K, V, ahash::RandomState>;
/// A hash set with the same hasher.
pub(crate) type Set<K> = std::collections::HashSet<K, ahash::RandomState>;

/// Names whose indirect lookup (`globals()['ex' + 'ec']`, `globalThis[name]`) means hidden
/// execution.
pub(crate) const EXEC_NAMES: &[&str] = &[
    "exec",
    "eval",
    "compile",
    "system",
    "popen",
    "spawn",
    "execv",
    "execve",
    "execvp",
    "Popen",
    "run",
    "call",
    "check_output",
    "__import__",
    "execSync",
    "exec_command",
    "spawnSync",
    "Function",
    "execFile",
    "getoutput",
];

/// The variables of a script: module level, a stack of function scopes, and what is known
/// about the script's own functions.
#[derive(Debug, Default)]
pub(crate) struct Scope {
    globals: Map<String, Val>,
    /// Stack of (function name, local variables).
    locals: Vec<(String, Map<String, Val>)>,
    /// Each function's parameter names.
    pub(crate) funcs: Map<String, Vec<String>>,
    /// What each function returns (the union of its `return`s).
    pub(crate) returns: Map<String, Val>,
    /// Values passed to each function's parameters, by function name and parameter name.
    params: Map<String, Map<String, Val>>,
    /// Whether a function sees the variables of the functions around it (JavaScript closures).
    closures: bool,
    /// Data each function put into the objects passed to it, by parameter name
    /// (`def attach(msg): msg.add_attachment(key)`): its callers' objects hold it after the call.
    param_data: Map<String, Map<String, crate::engine::Taint>>,
    /// What each generator function yields (`yield p`), at most 8 values: a call's result is
    /// their list.
    pub(crate) yields: Map<String, Vec<Val>>,
    /// Functions that read the environment variable named by one of their parameters
    /// (`function env(name) { return process.env[name] }`), and its position: a call with a
    /// literal name reads that variable.
    env_getters: Map<String, usize>,
    /// Functions walked in this round.
    walked: Set<String>,
    /// Functions given new values after they were walked in this round.
    stale: Set<String>,
    /// Functions that returned a value in this round.
    returned: Set<String>,
    /// Functions whose returns so far were all found while a parameter had no value yet.
    provisional: Set<String>,
    /// A list a function returns in a round replaces the list earlier rounds found (Python:
    /// attributes are stored anywhere in the script, so a method walked again sees more).
    pub(crate) fresh_lists: bool,
    /// Functions that passed values to the script's functions in this round.
    callers: Set<String>,
    /// Functions with a rest parameter (`def run(*argv)`, `function sh(...args)`) and its
    /// position: a call's arguments from there on are one list in it.
    pub(crate) rest_params: Map<String, usize>,
    /// Parameters of other calls a function's parameters could not hold at once: a list
    /// argument of another program than the one kept (`run(["git", "status"])` and
    /// `run(["rm", "-rf", dir])`). The body is walked again with each (at most 4), so every
    /// call's command is judged, not only the first one's.
    param_alts: Map<String, Vec<Map<String, Val>>>,
    /// What the body returned when walked with each of a function's `param_alts` (by its
    /// place there): a call walked apart gets what its own command gave back
    /// (`doppler(["secrets", "--only-names"])` is not what `doppler(["secrets",
    /// "download"])` returned).
    alt_returns: Map<String, Map<usize, Val>>,
    /// The function and the place in its `param_alts` of the walk now going on, if it is one
    /// of an alternative's ([`Scope::walk_alternative`]).
    alt_walk: Option<(String, usize)>,
    /// How many of a function's `param_alts` are lists a union would have dropped
    /// ([`crate::engine::lists_unmerged`]): counted apart, so they take no room of the others.
    unmerged_alts: Map<String, usize>,
    /// Names several of the script's functions share (a method a subclass overrides, the same
    /// method in two classes): a call may run any of them, so the lists they return are
    /// kept side by side (any element of either), not blended as one call's argv.
    pub(crate) shared_names: Set<String>,
    /// Names a function declared `global` (Python), as `function\0name`: what it assigns to
    /// them is the module's variable.
    global_decls: Set<String>,
    /// Variables declared without a value (JavaScript `let tmp;`), as `function\0name` (the
    /// module's with no function): what the script assigns to them later is what a function
    /// written before the assignment sees when it runs (`const cleanup = () => rmSync(tmp)`).
    empty_decls: Set<String>,
    /// What the last round assigned to each of `empty_decls` (see [`Scope::declare_empty`]).
    assigned_later: Map<String, Val>,
    /// What this round assigned to each of `empty_decls` so far.
    assigned_now: Map<String, Val>,
    /// Rounds started so far ([`Scope::next_round`]): 0 in the first.
    round: u32,
    /// In this round, a call of the script's own function gave nothing back yet (its body not
    /// walked with its arguments, or walked after the call): a blank argument passed on later
    /// in the round may be that call's result, not a value nobody knows.
    blank_return: bool,
    /// A blank argument of a settled caller was kept blank in the first round (see
    /// [`Scope::call_user`]): the next round settles it.
    deferred: bool,
}

impl Scope {
    /// Scopes for a language whose functions see (`true`) or do not see the variables of the
    /// functions around them.
    pub(crate) fn new(closures: bool) -> Scope {
        Scope {
            closures,
            ..Scope::default()
        }
    }

    /// Walk into function `name`.
    pub(crate) fn enter(&mut self, name: String) {
        if !self.walked.contains(name.as_str()) {
            self.walked.insert(name.clone());
        }
        self.locals.push((name, Map::default()));
    }

    /// Start a round over the script: returns whether another round would see more than the
    /// next one: a function given new values after it was walked passes values on to another
    /// (`main` -> `update(file)` -> `write(file)`, the callees defined first).
    pub(crate) fn next_round(&mut self) -> bool {
        // A stale function that returned a value passes it on as well: a callback given its
        // element after it was walked (`DIRS.map(d => join(home, d))`) returns the joined
        // path only in the next round, and the caller's caller sees it one later.
        let more = self
            .stale
            .iter()
            .any(|f| self.callers.contains(f) || self.returned.contains(f))
            || std::mem::take(&mut self.deferred);
        self.round += 1;
        self.blank_return = false;
        // (Called twice between the last two walks: a round that assigned nothing keeps
        // what the one before it saw.)
        if !self.assigned_now.is_empty() {
            self.assigned_later = std::mem::take(&mut self.assigned_now);
        }
        self.walked.clear();
        self.returned.clear();
        self.stale.clear();
        self.callers.clear();
        more
    }

    /// Whether this round kept a settled caller's blank argument for the next (see
    /// [`Scope::call_user`]): the walk then takes one more round, so the value passes as many
    /// calls on as it would have.
    pub(crate) fn deferred_blank(&self) -> bool {
        self.deferred
    }

    /// Walk out of the innermost function.
    pub(crate) fn leave(&mut self) {
        self.locals.pop();
    }

    /// The value of a variable: a local, a parameter, (with closures) a variable of an
    /// enclosing function, or a global.
    pub(crate) fn lookup(&self, name: &str) -> Option<Val> {
        self.get(name).cloned()
    }

    /// [`Scope::lookup`] without the copy.
    pub(crate) fn get(&self, name: &str) -> Option<&Val> {
        if let Some((f, locals)) = self.locals.last() {
            if let Some(v) = locals.get(name) {
                return Some(v);
            }
            if let Some(v) = self.params.get(f).and_then(|p| p.get(name)) {
                return Some(v);
            }
        }
        if self.closures {
            // The innermost scope was looked in above.
            for (f, scope) in self.locals.iter().rev().skip(1) {
                if let Some(v) = scope.get(name) {
                    return Some(v);
                }
                // A parameter of the enclosing function (`url` of `getJson(url)` in the
                // `new Promise((resolve) => https.get(url, ...))` it returns).
                if let Some(v) = self.params.get(f).and_then(|p| p.get(name)) {
                    return Some(v);
                }
            }
        }
        self.globals.get(name)
    }

    /// Bind a variable in the innermost scope.
    pub(crate) fn bind(&mut self, name: &str, val: Val) {
        let map = match self.locals.last_mut() {
            Some((_, locals)) => locals,
            None => &mut self.globals,
        };
        set(map, name, val);
    }

    /// `global name` in the innermost function: its assignments to `name` set the module's
    /// variable.
    pub(crate) fn declare_global(&mut self, name: &str) {
        if let Some((f, _)) = self.locals.last() {
            self.global_decls.insert(format!("{f}\0{name}"));
        }
    }

    /// Bind a variable (Python): a name the innermost function declared `global` is the
    /// module's, which keeps what it held before as well (the assignment may not run: a
    /// branch, a function not called on every path); any other name is the innermost scope's.
    pub(crate) fn bind_declared(&mut self, name: &str, val: Val) {
        let global = self
            .locals
            .last()
            .is_some_and(|(f, _)| self.global_decls.contains(&format!("{f}\0{name}")));
        if !global {
            return self.bind(name, val);
        }
        let joined = match self.globals.get(name) {
            Some(old) => old.union(&val),
            None => val,
        };
        set(&mut self.globals, name, joined);
    }

    /// Assign a variable without declaring it (JavaScript `x = v`): the innermost scope that
    /// has it (a module-level `let tmp` set in `beforeEach` is what `afterEach` removes), or
    /// the module's when none has it.
    pub(crate) fn assign(&mut self, name: &str, val: Val) {
        let innermost = self.locals.last().is_some_and(|(f, locals)| {
            locals.contains_key(name) || self.params.get(f).is_some_and(|p| p.contains_key(name))
        });
        if innermost || !self.closures {
            if !self.empty_decls.is_empty() {
                let frame = self.locals.last().map_or(String::new(), |(f, _)| f.clone());
                self.assigned_later_to(&frame, name, &val);
            }
            return self.bind(name, val);
        }
        let depth = self.locals.len();
        if !self.empty_decls.is_empty() {
            let frame = self
                .locals
                .iter()
                .take(depth.saturating_sub(1))
                .rev()
                .find(|(_, scope)| scope.contains_key(name))
                .map_or(String::new(), |(f, _)| f.clone());
            self.assigned_later_to(&frame, name, &val);
        }
        for (_, scope) in self.locals.iter_mut().take(depth.saturating_sub(1)).rev() {
            if scope.contains_key(name) {
                return set(scope, name, val);
            }
        }
        set(&mut self.globals, name, val);
    }

    /// A variable declared without a value in the innermost scope (`let tmp;`, or an empty
    /// array `const made = []` the script pushes into later): marked so
    /// that what is assigned to it is kept for the next round, and its value what the last
    /// round assigned to it (unknown in the first): a function written between the
    /// declaration and the assignment runs after it (a cleanup handler, an `afterEach`) and
    /// sees that value, or none.
    pub(crate) fn declare_empty(&mut self, name: &str, empty: Val) -> Val {
        let frame = self.locals.last().map_or("", |(f, _)| f.as_str());
        let key = format!("{frame}\0{name}");
        let val = self.assigned_later.get(&key).cloned().unwrap_or(empty);
        self.empty_decls.insert(key);
        val
    }

    /// Keep `val` assigned to `name` of `frame` when it was declared without a value.
    fn assigned_later_to(&mut self, frame: &str, name: &str, val: &Val) {
        let key = format!("{frame}\0{name}");
        if !self.empty_decls.contains(&key) {
            return;
        }
        let joined = match self.assigned_now.get(&key) {
            Some(old) => old.union(val),
            None => val.clone(),
        };
        self.assigned_now.insert(key, joined);
    }

    /// The function being walked, if any.
    pub(crate) fn current_function(&self) -> Option<&str> {
        self.locals.last().map(|(f, _)| f.as_str())
    }

    /// The body of a function is walked now with its alternative `k` of
    /// [`Scope::param_alternatives`] (`Some((func, k))`; `None` or the walk's before: the walk
    /// is over): what it returns is also kept as that alternative's. Returns the walk before
    /// (a function defined inside another's body walked apart), to be put back after.
    pub(crate) fn walk_alternative(
        &mut self,
        walk: Option<(String, usize)>,
    ) -> Option<(String, usize)> {
        std::mem::replace(&mut self.alt_walk, walk)
    }

    /// Add a returned value to what the current function returns.
    pub(crate) fn add_return(&mut self, v: Val) {
        if let Some((f, _)) = self.locals.last() {
            if let Some((alt_f, k)) = &self.alt_walk
                && alt_f == f
            {
                let slot = self
                    .alt_returns
                    .entry(f.clone())
                    .or_default()
                    .entry(*k)
                    .or_default();
                *slot = match slot.is_blank() && slot.taint == Default::default() {
                    true => v.clone(),
                    false => slot.union(&v),
                };
            }
            // A list the function returns in this round stands for the one earlier rounds
            // found, walked with fewer values known (paths built from fields not stored yet):
            // the union of two lists keeps the first one's elements.
            let first = self.returned.insert(f.clone());
            // What a function returned while a parameter of it had no value yet (walked where
            // it is defined, before any call passed one: `def proj(p): return join(ROOT, p)`)
            // stands until a round walks it with what its calls pass; then that round's
            // returns are what it returns (not `ROOT/<unknown>` beside `ROOT/build`).
            let waiting = self.waiting(f);
            let provisional = self.provisional.contains(f.as_str());
            let had = self.returns.contains_key(f.as_str());
            // A shared name's lists accumulate over the rounds too: the definition walked
            // first in a round (a base class's method) must not replace what an override
            // walked later returned, or a caller walked between them never sees it.
            if self.shared_names.contains(f.as_str())
                && let Some(old) = self.returns.get_mut(f.as_str())
                && let (Some(a), Some(b)) = (&old.items, &v.items)
                && a != b
            {
                let mut all = a.clone();
                for e in b {
                    if !all.contains(e) && all.len() < 16 {
                        all.push(e.clone());
                    }
                }
                let mut u = old.union(&v);
                u.items = Some(all);
                *old = u;
                return;
            }
            match self.returns.get_mut(f.as_str()) {
                Some(old)
                    if !(self.fresh_lists && first && old.items.is_some() && v.items.is_some())
                        && !(first && provisional && !waiting) =>
                {
                    let mut u = old.union(&v);
                    // Lists of places returned by two branches: a loop over the result sees
                    // the elements of either.
                    if let Some(all) = crate::engine::union_place_lists(old, &v) {
                        u.items = Some(all);
                    }
                    *old = u;
                }
                _ => {
                    self.returns.insert(f.clone(), v);
                }
            }
            let f = f.clone();
            match waiting && (provisional || !had) {
                true => self.provisional.insert(f),
                false => self.provisional.remove(&f),
            };
        }
    }

    /// Whether a parameter of `func` has been given no value yet (no call passed one, or
    /// only values the walk knows nothing of while their callers wait on their own).
    fn waiting(&self, func: &str) -> bool {
        let Some(params) = self.funcs.get(func) else {
            return false;
        };
        let passed = self.params.get(func);
        // A rest parameter holds the list of what a call passed (`def proj(*parts)`).
        let blank = |v: &Val| {
            v.is_blank()
                || v.items
                    .as_ref()
                    .is_some_and(|items| items.iter().any(Val::is_blank))
        };
        params
            .iter()
            .any(|p| passed.and_then(|m| m.get(p.as_str())).is_none_or(blank))
    }

    /// Add a value the current function yields (`yield v`; `yield from v` yields its
    /// elements).
    pub(crate) fn add_yield(&mut self, v: Val, from: bool) {
        let Some((f, _)) = self.locals.last() else {
            return;
        };
        let vals = match (&v.items, from) {
            (Some(items), true) => items.clone(),
            (None, true) => vec![Val::any_of(&[v])],
            _ => vec![v],
        };
        let list = self.yields.entry(f.clone()).or_default();
        for v in vals {
            if list.len() < 8 && !list.contains(&v) {
                list.push(v);
            }
        }
    }

    /// A call of the script's own function `name`: the arguments flow into its parameters; the
    /// result is what it returns.
    pub(crate) fn call_user(&mut self, name: &str, args: &[Val]) -> Val {
        if name.contains(crate::engine::FUNCS_SEP) && !self.funcs.contains_key(name) {
            // One of several functions (see `Handle::Func`): each is called.
            return crate::engine::union_of(
                name.split(crate::engine::FUNCS_SEP)
                    .map(|f| self.call_user(f, args)),
            );
        }
        // `run("bash", script, "--prefix", dir)` of `def run(*argv)`: the rest parameter holds
        // the list of the arguments from its place on.
        let packed;
        let args = match self.rest_params.get(name) {
            Some(&i) if i < args.len() => {
                let mut all = args[..i].to_vec();
                all.push(Val::list(args[i..].to_vec()));
                packed = all;
                packed.as_slice()
            }
            _ => args,
        };
        // The place of this call's parameters among those walked apart, if they are.
        let mut alt_at: Option<usize> = None;
        if let Some(params) = self.funcs.get(name)
            && !params.is_empty()
            && !args.is_empty()
        {
            if !self.params.contains_key(name) {
                self.params.insert(name.to_owned(), Map::default());
            }
            if let Some((f, _)) = self.locals.last()
                && !self.callers.contains(f.as_str())
            {
                self.callers.insert(f.clone());
            }
            let mut changed = false;
            // A caller whose values wait on no parameter of its own (the module, a function
            // without parameters) passes what it has for good: an argument it knows nothing
            // of is a string nobody knows, which a literal from another call must not
            // replace (`wipe(args.dir)` and `wipe("dist")` may delete either). A blank from
            // a caller with parameters may only be waiting for them (a later round).
            let settled = match self.locals.last() {
                None => true,
                Some((f, _)) => self.funcs.get(f.as_str()).is_none_or(Vec::is_empty),
            };
            // In the first round a blank may be what a helper called earlier in the round
            // returns once its body was walked with its arguments (`dt = need("darktable-cli")`
            // then `previews(dt, files)`): passed as no value, and settled in the next round,
            // when that call's result is known.
            let defer = self.round == 0 && self.blank_return;
            let settled = match settled && defer && args.iter().any(Val::is_blank) {
                true => {
                    self.deferred = true;
                    false
                }
                false => settled,
            };
            let args: Vec<Val> = args
                .iter()
                .map(|a| match settled && a.is_blank() {
                    true => Val::lit(UNKNOWN.to_string()).with_taint(&a.taint),
                    false => a.clone(),
                })
                .collect();
            // A list of another program than the one a parameter keeps: this call's
            // parameters are walked as an alternative of their own, apart from the others
            // (the program a string parameter names stays with its arguments).
            let apart = self.params.get(name).is_some_and(|passed| {
                params.iter().zip(&args).any(|(p, a)| {
                    passed
                        .get(p.as_str())
                        .is_some_and(|old| crate::engine::lists_apart(old, a))
                })
            });
            // Two argv lists of one program that differ in more than one known word
            // (`run(py, "-m", "pip", "install", "x")` and `run(py, "-m", "build", "--wheel",
            // "x")`) are two commands: blended, each place would be either word and the
            // commands judged would be ones neither call spells. Walked apart while there is
            // room for the alternative; blended as before once there is none.
            // Alternatives of the next kind are counted apart: they take no room of these.
            let unmerged_n = self.unmerged_alts.get(name).copied().unwrap_or(0);
            let apart = apart
                || self.params.get(name).is_some_and(|passed| {
                    let room = self
                        .param_alts
                        .get(name)
                        .is_none_or(|alts| alts.len() - unmerged_n < 4);
                    room && params.iter().zip(&args).any(|(p, a)| {
                        passed
                            .get(p.as_str())
                            .is_some_and(|old| crate::engine::literal_lists_differ(old, a))
                    })
                });
            // A list the union would drop beside the one kept (another length, another
            // program: `kind(["get", "clusters"])` and `kind(["delete", "cluster", c])`): a
            // command of its own, walked apart while there is room for three such.
            // Not of a constructor: the lists it is given are stored as fields, whose places
            // are joined position by position (Python's `store_field_of`).
            let unmerged = !apart
                && unmerged_n < 3
                && !matches!(name, "__init__" | "constructor")
                && self.params.get(name).is_some_and(|passed| {
                    params.iter().zip(&args).any(|(p, a)| {
                        passed
                            .get(p.as_str())
                            .is_some_and(|old| crate::engine::lists_unmerged(old, a))
                    })
                });
            if apart || unmerged {
                let passed = self.params.get(name);
                let call: Map<String, Val> = params
                    .iter()
                    .zip(&args)
                    .map(|(p, a)| {
                        // Of a dropped list's call, only the list is its own: the other
                        // parameters hold what every call gave them, as when blended.
                        let old = passed
                            .and_then(|m| m.get(p.as_str()))
                            .filter(|old| unmerged && !crate::engine::lists_unmerged(old, a));
                        match old {
                            Some(old) => (p.clone(), old.union(a)),
                            None => (p.clone(), a.clone()),
                        }
                    })
                    .collect();
                let alts = self.param_alts.entry(name.to_owned()).or_default();
                let room = match unmerged {
                    true => unmerged_n < 3,
                    false => alts.len() - unmerged_n < 4,
                };
                if room && !alts.contains(&call) {
                    alts.push(call.clone());
                    changed = true;
                    if unmerged {
                        *self.unmerged_alts.entry(name.to_owned()).or_default() += 1;
                    }
                }
                alt_at = alts.iter().position(|a| *a == call);
            }
            let apart = apart || unmerged;
            if let Some(passed) = self.params.get_mut(name).filter(|_| !apart) {
                for (p, a) in params.iter().zip(&args) {
                    match passed.get_mut(p.as_str()) {
                        Some(old) => {
                            let new = old.union(a);
                            if new != *old || new.taint.file != old.taint.file {
                                changed = true;
                                *old = new;
                            }
                        }
                        None => {
                            changed |= *a != Val::unknown() || a.taint.file;
                            passed.insert(p.clone(), a.clone());
                        }
                    }
                }
            }
            if changed && self.walked.contains(name) && !self.stale.contains(name) {
                self.stale.insert(name.to_owned());
            }
        }
        match self.yields.get(name) {
            Some(ys) if !ys.is_empty() => Val::list(ys.clone()),
            _ => {
                // A call walked apart whose own walk returned: what its command gave back.
                if let Some(v) =
                    alt_at.and_then(|k| self.alt_returns.get(name).and_then(|m| m.get(&k)))
                {
                    return v.clone();
                }
                let v = self.returns.get(name).cloned().unwrap_or_default();
                if v.is_blank() && self.funcs.contains_key(name) {
                    self.blank_return = true;
                }
                v
            }
        }
    }

    /// The parameters of the calls of `func` walked as alternatives of their own (see
    /// `param_alts`).
    pub(crate) fn param_alternatives(&self, func: &str) -> Vec<Map<String, Val>> {
        self.param_alts.get(func).cloned().unwrap_or_default()
    }

    /// Put `vals` in place of `func`'s parameters of those names; returns the parameters
    /// before, for [`Scope::restore_params`].
    pub(crate) fn swap_params(
        &mut self,
        func: &str,
        vals: &Map<String, Val>,
    ) -> Option<Map<String, Val>> {
        let old = self.params.get(func).cloned();
        let mut new = old.clone().unwrap_or_default();
        for (k, v) in vals {
            new.insert(k.clone(), v.clone());
        }
        self.params.insert(func.to_owned(), new);
        old
    }

    /// Undo [`Scope::swap_params`].
    pub(crate) fn restore_params(&mut self, func: &str, old: Option<Map<String, Val>>) {
        match old {
            Some(m) => {
                self.params.insert(func.to_owned(), m);
            }
            None => {
                self.params.remove(func);
            }
        }
    }

    /// A value a function's parameter may hold (its default), besides those already known.
    pub(crate) fn add_param_value(&mut self, func: &str, param: &str, val: Val) {
        let passed = self.params.entry(func.to_owned()).or_default();
        match passed.get_mut(param) {
            Some(old) => *old = old.union(&val),
            None => {
                passed.insert(param.to_owned(), val);
            }
        }
    }

    /// The function walked calls a value it was given (a parameter holding a callback): it
    /// passes values on to that function once a call gives it one, so a round after that
    /// sees them.
    pub(crate) fn note_caller(&mut self) {
        if let Some((f, _)) = self.locals.last()
            && !self.callers.contains(f.as_str())
        {
            self.callers.insert(f.clone());
        }
    }

    /// A value a callback's parameter receives besides those already known (a call of a
    /// parameter holding the callback); a callback walked in this round with less sees it in
    /// the next.
    pub(crate) fn pass_param(&mut self, func: &str, param: &str, val: &Val) {
        let passed = self.params.entry(func.to_owned()).or_default();
        let changed = match passed.get_mut(param) {
            Some(old) => {
                let new = old.union(val);
                let changed = new != *old;
                *old = new;
                changed
            }
            None => {
                passed.insert(param.to_owned(), val.clone());
                true
            }
        };
        if changed && self.walked.contains(func) {
            self.stale.insert(func.to_owned());
        }
    }

    /// Set the value a function's parameter receives (a callback's argument); returns whether
    /// the function was walked in this round with another value.
    pub(crate) fn set_param(&mut self, func: String, param: String, val: Val) -> bool {
        let passed = self.params.entry(func.clone()).or_default();
        let changed = passed.get(param.as_str()) != Some(&val);
        passed.insert(param, val);
        // A callback walked before the call that gives it its argument (the usual order: the
        // arguments first) sees the value in the next round.
        if changed && self.walked.contains(func.as_str()) {
            self.stale.insert(func);
            return true;
        }
        false
    }

    /// `obj[key] = val`, `obj.field = val`: the object `name` now holds `val`; its text keeps
    /// what was stored (`target = value` lines), so a later write of the object shows it.
    /// `path`: the member names from the object to the place stored (`["a", "b"]` for
    /// `obj.a.b = v`), when all are literal: a later `obj.a.b` reads `val`.
    pub(crate) fn store_into(&mut self, name: &str, target: &str, val: &Val, path: &[&str]) {
        let mut new = self.lookup(name).unwrap_or_default();
        if new.handle.is_none() {
            new.taint.join(&val.taint);
            let fragment = format!("\n{target} = {}", val.text_or_unknown());
            new.text = Some(format!("{}{fragment}", new.text.unwrap_or_default()));
            if !path.is_empty() {
                new.set_field(path, val.clone());
            }
            self.assign(name, new);
        }
    }

    /// `lines.append(secret)`, `parser.read_string(secret)`: a method given private data on a
    /// plain object leaves the data in the object (never one of [`keeps_receiver`]).
    pub(crate) fn taint_object(&mut self, name: &str, recv: &Val, taint: &crate::engine::Taint) {
        let mut v = recv.clone();
        v.taint.join(taint);
        self.bind(name, v);
        if let Some((f, _)) = self.locals.last()
            && self
                .funcs
                .get(f.as_str())
                .is_some_and(|ps| ps.iter().any(|p| p == name))
        {
            let f = f.clone();
            self.param_data
                .entry(f)
                .or_default()
                .entry(name.to_owned())
                .or_default()
                .join(taint);
        }
    }

    /// The environment is read by the name the variable `name` holds: when `name` is a
    /// parameter of the function being walked, the function reads what its callers name.
    pub(crate) fn env_read_by_param(&mut self, name: &str) {
        if let Some((f, _)) = self.locals.last()
            && let Some(i) = self
                .funcs
                .get(f.as_str())
                .and_then(|ps| ps.iter().position(|p| p == name))
        {
            let f = f.clone();
            self.env_getters.insert(f, i);
        }
    }

    /// The position of the parameter naming the environment variable `func` reads.
    pub(crate) fn env_getter(&self, func: &str) -> Option<usize> {
        self.env_getters.get(func).copied()
    }

    /// The positions of `func`'s parameters whose objects it put data into, and the data.
    pub(crate) fn passed_back(&self, func: &str) -> Vec<(usize, crate::engine::Taint)> {
        let (Some(data), Some(params)) = (self.param_data.get(func), self.funcs.get(func)) else {
            return Vec::new();
        };
        params
            .iter()
            .enumerate()
            .filter_map(|(i, p)| data.get(p.as_str()).map(|t| (i, t.clone())))
            .collect()
    }
}

/// Set `name` in `map` (the key is copied only when it is new: walkers bind the same names
/// again in every round).
fn set(map: &mut Map<String, Val>, name: &str, val: Val) {
    match map.get_mut(name) {
        Some(old) => *old = val,
        None => {
            map.insert(name.to_owned(), val);
        }
    }
}

/// `module.name`: two names joined by a dot (built directly: through `format!` the join costs
/// ten times as much, and walkers join a name at every call and attribute).
pub(crate) fn dotted(module: &str, name: &str) -> String {
    let mut out = String::with_capacity(module.len() + 1 + name.len());
    out.push_str(module);
    out.push('.');
    out.push_str(name);
    out
}

/// The name a function without one is known by: `<anon@BYTE>`, where it starts (built without
/// `format!`, which costs ten times as much).
pub(crate) fn anon_name(start: usize) -> String {
    let mut digits = [0u8; 20];
    let mut n = start;
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let mut out = String::with_capacity(8 + digits.len() - i);
    out.push_str("<anon@");
    for &d in &digits[i..] {
        out.push(char::from(d));
    }
    out.push('>');
    out
}

/// Where the last `.` of a dotted name is (a byte loop: names are short).
pub(crate) fn last_dot(name: &str) -> Option<usize> {
    name.bytes().rposition(|b| b == b'.')
}

/// Decode a string literal's escapes (best effort): `\n`, `\t`, `\xHH`, with `unicode` also
/// `\uHHHH`; any other escaped character stands for itself. Returns the text and how many `\x`
/// escapes it had.
pub(crate) fn unescape(raw: &str, unicode: bool) -> (String, usize) {
    if !raw.contains('\\') {
        return (raw.to_owned(), 0);
    }
    let mut out = String::with_capacity(raw.len());
    let mut hex = 0;
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('x') => {
                let h: String = chars.by_ref().take(2).collect();
                hex += 1;
                if let Some(ch) = u32::from_str_radix(&h, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some('u') if unicode => {
                let h: String = chars.by_ref().take(4).collect();
                if let Some(ch) = u32::from_str_radix(&h, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(o) => out.push(o),
            None => {}
        }
    }
    (out, hex)
}

/// Methods of text (Python's `str`, JavaScript's `String`) that give a new value and never
/// change the one they are called on: `line.replace(token, "***")` or `msg.split(TOKEN)` leaves
/// `line` and `msg` as they were, so what the arguments hold does not go into the receiver
/// (only, where the method's rule says so, into the result). The names are no method of a
/// collection that stores what it is given (`append`, `push`, `set`, `update`, `add`).
pub(crate) fn keeps_receiver(method: &str) -> bool {
    const NAMES: &[&str] = &[
        // Python `str` and `bytes`.
        "replace",
        "split",
        "rsplit",
        "partition",
        "rpartition",
        "startswith",
        "endswith",
        "find",
        "rfind",
        "removeprefix",
        "removesuffix",
        "strip",
        "lstrip",
        "rstrip",
        // JavaScript `String`.
        "replaceAll",
        "startsWith",
        "endsWith",
        "includes",
        "indexOf",
        "lastIndexOf",
    ];
    NAMES.contains(&method)
}

#[cfg(test)]
mod tests {
    #[test]
    fn anon_names_are_the_start_in_decimal() {
        for at in [0, 7, 10, 99, 12_345, usize::MAX] {
            assert_eq!(super::anon_name(at), format!("<anon@{at}>"));
        }
    }
}
