//! Shell checks that leave unless a path lies under a known directory:
//! `[[ $p == "$ROOT"/* ]] || exit 1`, `if ! inside "$p"; then return; fi`,
//! `case "$p" in "$ROOT"/*) ;; *) exit 1 ;; esac`. Past such a check, in the same block, the
//! variable holds a path under the directory (see [`Val::confined_under`]); inside the branch
//! of `if inside "$p"; then ... fi` or of a `case` item whose patterns all name the directory,
//! too.

use super::Shell;
use crate::engine::Val;
use crate::places::UNKNOWN;
use crate::ts::Node;

/// Whether two nodes are the same node.
pub(super) fn same(a: Node<'_>, b: Node<'_>) -> bool {
    a.byte_range() == b.byte_range() && a.kind() == b.kind()
}

/// Whether an `if` has one condition (`;` after it counts as a part of the field).
pub(super) fn single_condition(node: Node<'_>) -> bool {
    node.children_by_field_name("condition")
        .filter(|c| c.is_named())
        .count()
        == 1
}

/// The condition of a statement that leaves (the function, the loop or the script) on one of
/// its outcomes.
pub(super) enum Leaves<'t> {
    /// `COND || exit 1`: the script goes on only where the condition holds.
    UnlessHolds(Node<'t>),
    /// `if COND; then ...; exit 1; fi` (one condition, no other branch): it goes on only where
    /// the condition fails.
    WhenHolds(Node<'t>),
}

impl Shell<'_, '_, '_> {
    /// The items of a `case` after which the script goes on (their body does not leave), and
    /// whether its `*` item leaves.
    pub(super) fn going_on_items<'t>(&self, case: Node<'t>) -> (Vec<Node<'t>>, bool) {
        let mut going_on = Vec::new();
        let mut catch_all = false;
        for item in case.named_children().filter(|c| c.kind() == "case_item") {
            let pats: Vec<Node<'t>> = item.children_by_field_name("value").collect();
            let last = item
                .named_children()
                .filter(|c| !pats.iter().any(|p| same(*p, *c)) && c.kind() != "comment")
                .last();
            if last.is_some_and(|l| self.leaves(l)) {
                catch_all |= pats.iter().any(|p| self.text(*p) == "*");
            } else {
                going_on.push(item);
            }
        }
        (going_on, catch_all)
    }

    /// The condition a `list` (`A || LEAVE`) or an `if` without other branches whose body
    /// leaves checks, and on which outcome the script goes on.
    pub(super) fn leaving_condition<'t>(&self, node: Node<'t>) -> Option<Leaves<'t>> {
        match node.kind() {
            "list" => {
                let (l, r) = (node.named_child(0)?, node.named_child(1)?);
                let or = node
                    .children()
                    .any(|c| !c.is_named() && self.text(c) == "||");
                (or && node.named_children().count() == 2 && self.leaves(r))
                    .then_some(Leaves::UnlessHolds(l))
            }
            "if_statement" => {
                let cond = node.field("condition")?;
                if !single_condition(node)
                    || node
                        .named_children()
                        .any(|c| matches!(c.kind(), "elif_clause" | "else_clause"))
                {
                    return None;
                }
                let last = node
                    .named_children()
                    .filter(|c| c.start_byte() > cond.start_byte() && c.kind() != "comment")
                    .last()?;
                self.leaves(last).then_some(Leaves::WhenHolds(cond))
            }
            _ => None,
        }
    }
}

/// A variable and the directories a check confined it to.
pub(super) type Guard = (String, Vec<String>);

impl Shell<'_, '_, '_> {
    /// After statement `node` of a block: a check that leaves unless a variable is a path under
    /// known directories confines the variable for the rest of the block.
    pub(super) fn after_statement(&mut self, node: Node<'_>) {
        if let Some((name, dirs)) = self.leaving_guard(node) {
            self.confine(name, &dirs);
        } else if let Some((name, key)) = self.leaving_dotenv_test(node) {
            self.narrow_dotenv_line(name, &key);
        } else if let Some((name, words)) = self.leaving_choice(node) {
            self.narrow_to_words(name, &words);
        }
    }

    /// `[[ "$line" == "$key="* ]] || continue`: past it, in the same block, the line is that
    /// one setting of the project's `.env` (see `dotenv_line.rs`), as inside the branch of
    /// `if [[ "$line" == "$key="* ]]; then`.
    fn leaving_dotenv_test(&mut self, node: Node<'_>) -> Option<(String, String)> {
        if node.kind() != "list" || node.named_children().count() != 2 {
            return None;
        }
        let (l, r) = (node.named_child(0)?, node.named_child(1)?);
        let or = node
            .children()
            .any(|c| !c.is_named() && self.text(c) == "||");
        (or && self.leaves(r)).then(|| self.dotenv_line_test(l))?
    }

    /// The variable `name` holds a path under `dirs` until [`Shell::release`] (unless the
    /// script assigns it again before).
    pub(super) fn confine(&mut self, name: String, dirs: &[String]) {
        let before = self.vars.get(&name).cloned();
        let v = before
            .clone()
            .unwrap_or_else(|| Val::lit(UNKNOWN.to_string()));
        let after = v.confined_under(dirs);
        self.vars.insert(name.clone(), after.clone());
        self.confined.push((name, before, after));
    }

    /// The block the checks since the `keep`th were made in ends: each variable they confined
    /// and the script did not assign since holds again what it held before.
    pub(super) fn release(&mut self, keep: usize) {
        while self.confined.len() > keep {
            let Some((name, before, after)) = self.confined.pop() else {
                break;
            };
            if self.vars.get(&name) == Some(&after) {
                match before {
                    Some(b) => self.vars.insert(name, b),
                    None => self.vars.remove(&name),
                };
            }
        }
    }

    /// A statement that leaves (the function, the loop or the script) unless a variable is a
    /// path under known directories.
    fn leaving_guard(&mut self, node: Node<'_>) -> Option<Guard> {
        match node.kind() {
            // `[[ $p == "$ROOT"/* ]] || exit 1`, `inside "$p" || { echo skip; continue; }`;
            // `if [[ $p != "$ROOT"/* ]]; then echo no; exit 1; fi`, `if ! inside "$p"; ...`.
            "list" | "if_statement" => match self.leaving_condition(node)? {
                Leaves::UnlessHolds(cond) => self.holds_inside(cond),
                Leaves::WhenHolds(cond) => self.fails_outside(cond),
            },
            // `case "$p" in "$ROOT"/*) ;; *) exit 1 ;; esac`: every value no item for the
            // directory takes leaves, and `*` is one of them.
            "case_statement" => {
                let name = self.subject(node.field("value")?)?;
                let (going_on, catch_all) = self.going_on_items(node);
                let mut dirs = Vec::new();
                for item in going_on {
                    for p in item.children_by_field_name("value") {
                        dirs.push(self.pattern_dir(p)?);
                    }
                }
                (catch_all && !dirs.is_empty()).then_some((name, dirs))
            }
            _ => None,
        }
    }

    /// The items of a `case` on a variable whose patterns all name a directory: the variable
    /// and the directories (the item's statements see it under them).
    pub(super) fn case_item_guard(&mut self, item: Node<'_>) -> Option<Guard> {
        let case = item.parent().filter(|p| p.kind() == "case_statement")?;
        let name = self.subject(case.field("value")?)?;
        let mut dirs = Vec::new();
        for p in item.children_by_field_name("value") {
            dirs.push(self.pattern_dir(p)?);
        }
        (!dirs.is_empty()).then_some((name, dirs))
    }

    /// A test that succeeds only when a variable is a path under known directories.
    pub(super) fn holds_inside(&mut self, node: Node<'_>) -> Option<Guard> {
        match node.kind() {
            "test_command" if self.text(node).starts_with("[[") => {
                self.holds_inside(node.named_child(0)?)
            }
            "parenthesized_expression" => self.holds_inside(node.named_child(0)?),
            "binary_expression" | "list" => match self.operator(node).as_str() {
                "==" | "=" => {
                    let name = self.subject(node.field("left")?)?;
                    let dir = self.pattern_dir(node.field("right")?)?;
                    Some((name, vec![dir]))
                }
                // Both must hold: one of them is enough.
                "&&" => {
                    let (l, r) = (node.named_child(0)?, node.named_child(1)?);
                    self.holds_inside(l).or_else(|| self.holds_inside(r))
                }
                _ => None,
            },
            "command" => self.predicate_call(node),
            _ => None,
        }
    }

    /// A test that succeeds whenever a variable is not a path under known directories (its
    /// failing means the variable is under them).
    fn fails_outside(&mut self, node: Node<'_>) -> Option<Guard> {
        match node.kind() {
            "negated_command" => self.holds_inside(node.named_child(0)?),
            "test_command" if self.text(node).starts_with("[[") => {
                self.fails_outside(node.named_child(0)?)
            }
            "parenthesized_expression" => self.fails_outside(node.named_child(0)?),
            "binary_expression" | "list" => match self.operator(node).as_str() {
                "!=" => {
                    let name = self.subject(node.field("left")?)?;
                    let dir = self.pattern_dir(node.field("right")?)?;
                    Some((name, vec![dir]))
                }
                // Either succeeding leaves: each must fail past the check, one is enough.
                "||" => {
                    let (l, r) = (node.named_child(0)?, node.named_child(1)?);
                    self.fails_outside(l).or_else(|| self.fails_outside(r))
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The operator of a binary expression or list (`==`, `!=`, `&&`, `||`).
    fn operator(&self, node: Node<'_>) -> String {
        node.field("operator")
            .or_else(|| node.children().find(|c| !c.is_named()))
            .map(|o| self.text(o).to_owned())
            .unwrap_or_default()
    }

    /// The variable a test or `case` asks about: `$p`, `"$p"`, `${p}`, or its real path
    /// (`"$(realpath -e -- "$p")"`, `$(readlink -f "$p")`).
    fn subject(&self, node: Node<'_>) -> Option<String> {
        match node.kind() {
            "simple_expansion" | "expansion" => self.plain_expansion(node).map(str::to_owned),
            "string" => {
                let mut kids = node.named_children();
                match (kids.next(), kids.next()) {
                    (Some(k), None) => self.subject(k),
                    _ => None,
                }
            }
            "command_substitution" => {
                let mut kids = node.named_children();
                let (Some(cmd), None) = (kids.next(), kids.next()) else {
                    return None;
                };
                // `$(realpath -e -- "$1" 2>/dev/null)`: the command under its redirections.
                let cmd = match cmd.kind() {
                    "redirected_statement" => cmd.field("body")?,
                    _ => cmd,
                };
                let name = cmd.field("name").map(|n| self.text(n))?;
                let args: Vec<Node<'_>> = cmd.children_by_field_name("argument").collect();
                let canonical = match name {
                    "realpath" => true,
                    "readlink" => args
                        .iter()
                        .any(|a| matches!(self.text(*a), "-f" | "-e" | "-m")),
                    _ => false,
                };
                let operands: Vec<Node<'_>> = args
                    .into_iter()
                    .filter(|a| !self.text(*a).starts_with('-'))
                    .collect();
                match operands.as_slice() {
                    [one] if canonical => self.subject(*one),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The directory a glob pattern `"$ROOT"/*` (`"$ROOT/"*`, `$ROOT/*`) matches the entries
    /// under, when it is known and is neither `/` nor the home directory itself.
    fn pattern_dir(&mut self, node: Node<'_>) -> Option<String> {
        let text = self.text(node);
        if !text.ends_with("/*") && !text.ends_with("/\"*") {
            return self
                .named_prefix_dir(node)
                .or_else(|| self.temp_prefix_dir(node));
        }
        let v = self.word(node);
        let t = v.known()?;
        let dir = t.strip_suffix("/*")?;
        if dir.contains(['*', '?', '[']) {
            return None;
        }
        self.not_home_or_root(dir)
    }

    /// `dir` without its trailing `/`, unless it is the root, the home or empty: a pattern of
    /// entries there holds every file of the user.
    fn not_home_or_root(&self, dir: &str) -> Option<String> {
        let dir = dir.trim_end_matches('/');
        let home = self.sink.ctx.home.to_string_lossy();
        if dir.is_empty() || dir == "~" || dir == home.trim_end_matches('/') {
            return None;
        }
        Some(dir.to_owned())
    }

    /// The directory of a pattern of entries under it whose names start alike
    /// (`"$REPORT_ROOT"/20*`, `"$ROOT"/build-*`): every path it matches is under the directory
    /// as with `"$DIR"/*`. A name start that is a dot (`"$DIR"/.*` matches `..`) or holds a
    /// glob or a part known only at run time is none.
    fn named_prefix_dir(&mut self, node: Node<'_>) -> Option<String> {
        let v = self.word(node);
        let t = v.known()?.strip_suffix('*')?;
        let (dir, start) = t.rsplit_once('/')?;
        if start.is_empty()
            || start.starts_with('.')
            || start.contains(['*', '?', '[', '\\'])
            || start.contains(UNKNOWN)
            || dir.contains(['*', '?', '['])
            || dir.contains(UNKNOWN)
        {
            return None;
        }
        self.not_home_or_root(dir)
    }

    /// The temporary directory a prefix pattern without the slash names (`"${TMPDIR:-/tmp}"*`):
    /// what it matches besides the entries under it is the directory itself and names beside
    /// it that start alike, none of them a place of the project or the home.
    fn temp_prefix_dir(&mut self, node: Node<'_>) -> Option<String> {
        let v = self.word(node);
        let dir = v.known()?.strip_suffix('*')?.trim_end_matches('/');
        if dir.is_empty() || dir.contains(['*', '?', '[', '$']) || dir.contains(UNKNOWN) {
            return None;
        }
        // The directory is a temporary one when what lies under it is.
        let entry = format!("{dir}/entry");
        matches!(self.sink.resolve(&entry).place, crate::places::Place::Tmp).then(|| dir.to_owned())
    }

    /// A call of the script's own function that succeeds only when its parameter is a path
    /// under known directories (`inside_repo "$dir"`), with the variable passed there.
    fn predicate_call(&mut self, call: Node<'_>) -> Option<Guard> {
        let name = call.field("name").map(|n| self.text(n).to_owned())?;
        let body = self.function_body(call, &name)?;
        let (param, pattern) = self.predicate(body)?;
        let args: Vec<Node<'_>> = call.children_by_field_name("argument").collect();
        let subject = self.subject(*args.get(param.checked_sub(1)?)?)?;
        // The directory as the function sees it at this call (`"$2"/*` is its second
        // argument).
        const NAMES: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
        let values: Vec<Val> = args.iter().take(9).map(|a| self.word(*a)).collect();
        let saved: Vec<Option<Val>> = NAMES.iter().map(|n| self.vars.remove(n)).collect();
        for (n, v) in NAMES.iter().zip(values) {
            self.vars.insert((*n).to_owned(), v);
        }
        let dir = self.pattern_dir(pattern);
        for (n, v) in NAMES.iter().zip(saved) {
            match v {
                Some(v) => self.vars.insert((*n).to_owned(), v),
                None => self.vars.remove(n),
            };
        }
        Some((subject, vec![dir?]))
    }

    /// Whether the function `body` succeeds only when a parameter is a path under a
    /// directory: its last statement tests the parameter (or a variable it set from the
    /// parameter's real path) against `"$DIR"/*` (`[[ ... == ... ]]`, or a `case` whose other
    /// items, `*` among them, return a failure), and nothing before returns success. The
    /// parameter's position and the pattern.
    fn predicate<'t>(&self, body: Node<'t>) -> Option<(usize, Node<'t>)> {
        let stmts: Vec<Node<'t>> = body
            .named_children()
            .filter(|c| c.kind() != "comment")
            .collect();
        let (last, before) = stmts.split_last()?;
        if before.iter().any(|s| self.may_succeed_early(*s)) {
            return None;
        }
        let (subject, pattern) = match last.kind() {
            "test_command" if self.text(*last).starts_with("[[") => {
                let e = last.named_child(0)?;
                if e.kind() != "binary_expression"
                    || !matches!(self.operator(e).as_str(), "==" | "=")
                {
                    return None;
                }
                (self.subject(e.field("left")?)?, e.field("right")?)
            }
            "case_statement" => {
                let subject = self.subject(last.field("value")?)?;
                let mut pattern = None;
                let mut catch_all = false;
                for item in last.named_children().filter(|c| c.kind() == "case_item") {
                    let pats: Vec<Node<'t>> = item.children_by_field_name("value").collect();
                    let fails = item
                        .named_children()
                        .filter(|c| !pats.iter().any(|p| same(*p, *c)) && c.kind() != "comment")
                        .last()
                        .is_some_and(|l| self.fails(l));
                    if fails {
                        catch_all |= pats.iter().any(|p| self.text(*p) == "*");
                        continue;
                    }
                    match pats.as_slice() {
                        [p] if pattern.is_none() && self.text(*p).ends_with('*') => {
                            pattern = Some(*p)
                        }
                        _ => return None,
                    }
                }
                (subject, pattern.filter(|_| catch_all)?)
            }
            _ => return None,
        };
        let param = match subject.parse::<usize>() {
            Ok(n) if (1..=9).contains(&n) => n,
            _ => self.parameter_of(before, &subject)?,
        };
        Some((param, pattern))
    }

    /// The positional parameter whose value (or real path) the function's statements
    /// `before` gave the variable `name` (`local real; real="$(realpath -e -- "$1")"`), when
    /// they set it once.
    fn parameter_of(&self, before: &[Node<'_>], name: &str) -> Option<usize> {
        let mut found = None;
        let mut stack: Vec<Node<'_>> = before.to_vec();
        while let Some(n) = stack.pop() {
            if n.kind() == "variable_assignment"
                && n.field("name").is_some_and(|v| self.text(v) == name)
            {
                let value = n.field("value")?;
                let p = self.subject(value)?.parse::<usize>().ok()?;
                if found.replace(p).is_some() {
                    return None;
                }
                continue;
            }
            stack.extend(n.named_children());
        }
        found.filter(|p| (1..=9).contains(p))
    }

    /// Whether a statement before a predicate's last may end it with success (a `return`
    /// without a failing status, an `exit`).
    fn may_succeed_early(&self, node: Node<'_>) -> bool {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if n.kind() == "command" {
                let name = n.field("name").map_or("", |c| self.text(c));
                if name == "exit" {
                    return true;
                }
                if name == "return" && !self.fails(n) {
                    return true;
                }
            }
            stack.extend(n.named_children());
        }
        false
    }

    /// Whether a statement returns a failure: `return N` or `exit N` with `N` not 0, `false`.
    fn fails(&self, node: Node<'_>) -> bool {
        if node.kind() != "command" {
            return false;
        }
        let name = node.field("name").map_or("", |c| self.text(c));
        let mut args = node.children_by_field_name("argument");
        match name {
            "false" => true,
            "return" | "exit" => args
                .next()
                .and_then(|a| self.text(a).parse::<u32>().ok())
                .is_some_and(|n| n != 0),
            _ => false,
        }
    }

    /// Whether a branch (an `elif`/`else` clause, a `case` item) ends with a statement that
    /// [`leaves`](Self::leaves): its end is no way past the `if` or `case`.
    pub(super) fn branch_leaves(&self, branch: Node<'_>) -> bool {
        branch
            .named_children()
            .filter(|k| k.kind() != "comment")
            .last()
            .is_some_and(|k| self.leaves(k))
    }

    /// Whether a statement leaves the function, loop or script: `exit`, `return`,
    /// `continue`, `break`, a function of the script that ends in `exit` (`die "..."`), or a
    /// `{ ...; }` group (redirected or not) whose last statement does.
    pub(super) fn leaves(&self, node: Node<'_>) -> bool {
        match node.kind() {
            "command" => {
                let Some(name) = node.field("name").map(|c| self.text(c)) else {
                    return false;
                };
                if matches!(name, "exit" | "return" | "continue" | "break") {
                    return true;
                }
                self.function_body(node, name).is_some_and(|b| {
                    b.named_children()
                        .filter(|c| c.kind() != "comment")
                        .last()
                        .is_some_and(|l| {
                            l.kind() == "command"
                                && l.field("name").is_some_and(|n| self.text(n) == "exit")
                        })
                })
            }
            "compound_statement" => node
                .named_children()
                .filter(|c| c.kind() != "comment")
                .last()
                .is_some_and(|l| self.leaves(l)),
            "redirected_statement" => node.field("body").is_some_and(|b| self.leaves(b)),
            _ => false,
        }
    }
}
