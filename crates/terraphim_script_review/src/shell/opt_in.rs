//! Branches only the user's explicit opt-in reaches: an option flag off by default and turned
//! on only by a command-line option (`execute=0` ... `--execute) execute=1 ;;` ... `if ((
//! execute ))`), or the script's argument compared with an option (`[[ $1 == --publish ]]`).

use crate::scope::Map;
use crate::ts::Node;

/// A variable set to one literal by default and to another only in a `case` item matching
/// command-line options: (default, value an option gives).
pub(super) type Flags = Map<String, (String, String)>;

/// A variable's literal values so far, by default and in option items; `None` once it was
/// given anything else.
type Seen = Option<(Option<String>, Option<String>)>;

/// The script's option flags (see [`Flags`]). A variable assigned anything else, anywhere, or
/// from the environment (`${EXECUTE:-0}`), is none.
pub(super) fn option_flags(root: Node<'_>, src: &str) -> Flags {
    let mut seen: Map<String, Seen> = Map::default();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        stack.extend(n.named_children());
        if n.kind() != "variable_assignment" {
            continue;
        }
        let Some(name) = n.field("name").map(|v| text(v, src).to_owned()) else {
            continue;
        };
        let value = n.field("value").map(|v| literal(text(v, src)));
        let entry = seen.entry(name).or_insert(Some((None, None)));
        let Some((value, (default, on))) = value.unwrap_or(Some(String::new())).zip(entry.as_mut())
        else {
            *entry = None;
            continue;
        };
        let slot = if in_option_item(n, src) { on } else { default };
        let differs = slot.as_ref().is_some_and(|held| *held != value);
        *slot = Some(value);
        if differs {
            *entry = None;
        }
    }
    seen.into_iter()
        .filter_map(|(name, v)| match v {
            Some((Some(default), Some(on))) if default != on && off(&default) => {
                Some((name, (default, on)))
            }
            _ => None,
        })
        .collect()
}

/// Whether a test holds only when the user opted in: a flag of [`option_flags`] at its on
/// value, or an argument of the script equal to an option.
pub(super) fn requested(cond: Node<'_>, src: &str, flags: &Flags) -> bool {
    let raw = text(cond, src).trim().trim_end_matches(';').trim();
    if raw.contains("||") || raw.starts_with('!') || raw.contains("! ") {
        return false;
    }
    let inner = raw
        .trim_start_matches("[[")
        .trim_end_matches("]]")
        .trim_start_matches("((")
        .trim_end_matches("))")
        .trim_start_matches('[')
        .trim_end_matches(']');
    let words: Vec<String> = inner
        .split_whitespace()
        .map(|w| w.trim_matches(['"', '\'']).to_owned())
        .collect();
    let name = |w: &str| -> Option<String> {
        let w = w.strip_prefix('$').unwrap_or(w);
        let w = w
            .strip_prefix('{')
            .and_then(|r| r.strip_suffix('}'))
            .map(|r| r.split_once(":-").map_or(r, |(name, _)| name))
            .unwrap_or(w);
        (!w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .then(|| w.to_owned())
    };
    let arithmetic = raw.starts_with("((");
    match words.as_slice() {
        // `(( execute ))`, `$publish` run as `true`/`false`.
        [w] => name(w).and_then(|n| flags.get(&n)).is_some_and(|(d, on)| {
            (arithmetic && d == "0" && on != "0")
                || (!raw.starts_with('[') && w.starts_with('$') && d == "false" && on == "true")
        }),
        // `[[ -n $upload ]]`.
        [op, w] if op == "-n" => name(w)
            .and_then(|n| flags.get(&n))
            .is_some_and(|(d, _)| d.is_empty()),
        [a, op, b] => {
            let (var, value) = match name(a) {
                Some(n) if a.starts_with('$') || arithmetic => (n, b.as_str()),
                _ => match name(b) {
                    Some(n) if b.starts_with('$') || arithmetic => (n, a.as_str()),
                    _ => return false,
                },
            };
            let equal = matches!(op.as_str(), "==" | "=" | "-eq");
            let unequal = matches!(op.as_str(), "!=" | "-ne");
            // `[[ $1 == --publish ]]`: the user passed that option.
            if var.chars().all(|c| c.is_ascii_digit()) {
                return equal && value.starts_with('-') && value.len() > 1;
            }
            flags
                .get(&var)
                .is_some_and(|(d, on)| (equal && value == on) || (unequal && value == d))
        }
        _ => false,
    }
}

/// A `case` item whose every pattern is an option (`--execute)`, `-x|--execute)`).
pub(super) fn option_item(item: Node<'_>, src: &str) -> bool {
    let mut patterns = item.children_by_field_name("value").peekable();
    patterns.peek().is_some()
        && patterns.all(|p| {
            let p = text(p, src).trim_matches(['"', '\'']);
            p.starts_with('-') && p.len() > 1 && !p.contains('*')
        })
}

/// Whether an assignment is made only when the user passed an option: in a `case` item of
/// options, or after `&&` behind a test that an argument of the script is an option
/// (`[[ "${2:-}" == --publish ]] && PUBLISH=1`).
fn in_option_item(n: Node<'_>, src: &str) -> bool {
    let mut at = n.parent();
    let mut from = n;
    while let Some(p) = at {
        match p.kind() {
            "case_item" => return option_item(p, src),
            "function_definition" | "program" => return false,
            "list" => {
                let mut named = p.named_children();
                let first = named.next();
                let and = p.children().any(|c| !c.is_named() && text(c, src) == "&&")
                    && !p.children().any(|c| !c.is_named() && text(c, src) == "||");
                return and
                    && first.is_some_and(|t| {
                        t.byte_range() != from.byte_range()
                            && t.kind() == "test_command"
                            && requested(t, src, &Flags::default())
                    });
            }
            _ => {
                from = p;
                at = p.parent();
            }
        }
    }
    false
}

/// A value's literal text (quotes gone); `None` when it is built at run time.
fn literal(value: &str) -> Option<String> {
    let v = value.trim_matches(['"', '\'']);
    (!v.contains(['$', '`', '(', ' '])).then(|| v.to_owned())
}

/// A default that leaves the branch off.
fn off(value: &str) -> bool {
    matches!(value, "" | "0" | "false" | "no" | "off")
}

fn text<'s>(n: Node<'_>, src: &'s str) -> &'s str {
    src.get(n.start_byte()..n.end_byte()).unwrap_or("")
}
