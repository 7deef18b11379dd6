//! INI text as `configparser` reads it: sections of options, and the `%(name)s` interpolation
//! that makes an option's value from other options of its section or of `DEFAULT`
//! (`settings = %(home)s/.claude/settings.json` with `home` a default).

use crate::engine::Val;

/// The sections of `text`: each section's name and its options (names lowercased, as
/// `configparser` keeps them), values raw (not yet interpolated). A continuation line (indented)
/// adds a line to the value before it.
pub(super) fn sections(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if raw.starts_with([' ', '\t'])
            && let Some((_, opts)) = out.last_mut()
            && let Some((_, v)) = opts.last_mut()
        {
            v.push('\n');
            v.push_str(line);
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            out.push((name.trim().to_owned(), Vec::new()));
            continue;
        }
        let Some((_, opts)) = out.last_mut() else {
            continue;
        };
        let at = line.find(['=', ':']);
        let (k, v) = match at {
            Some(i) => (&line[..i], line[i + 1..].trim()),
            None => (line, ""),
        };
        opts.push((k.trim().to_lowercase(), v.to_owned()));
    }
    out
}

/// The parser `recv` with the sections of `text` read into it: each section a member holding
/// its options.
pub(super) fn read_into(recv: &Val, text: &str) -> Val {
    let mut v = recv.clone();
    if v.field("DEFAULT").is_none() {
        v.set_field(&["DEFAULT"], Val::unknown());
    }
    for (section, opts) in sections(text) {
        for (k, value) in opts {
            v.set_field(&[section.as_str(), k.as_str()], Val::lit(value));
        }
    }
    v
}

/// What `parser.get(section, option)` gives: the option's value (of the section, else of
/// `DEFAULT`) with each `%(name)s` replaced by the value it names, or `None` when the parser
/// holds no such option.
pub(super) fn get(parser: &Val, section: &str, option: &str) -> Option<Val> {
    value(parser, section, &option.to_lowercase(), 0)
}

/// [`get`] with the section and option as the call's values: both must be known texts.
/// Only a parser answers: a value holding a `DEFAULT` section (what [`read_into`] and the
/// parser's constructor give it), not a dictionary's `get(key, default)`.
pub(super) fn get_known(parser: &Val, section: &Val, option: &Val) -> Option<Val> {
    parser.field("DEFAULT")?;
    get(parser, section.known()?, option.known()?)
}

/// What `parser[section]` gives: a section holding every option of its own and of `DEFAULT`,
/// each interpolated as [`get`] gives it, so `section.get("work")` and `section["work"]` are
/// the option's value. `None` when the value is no parser (it holds no `DEFAULT`).
pub(super) fn section(parser: &Val, section: &str) -> Option<Val> {
    let defaults = parser.field("DEFAULT")?;
    let mut names: Vec<String> = defaults.fields.iter().map(|(k, _)| k.clone()).collect();
    if let Some(own) = parser.field(section) {
        for (k, _) in &own.fields {
            if !names.contains(k) {
                names.push(k.clone());
            }
        }
    }
    let mut out = Val::unknown().with_taint(&parser.taint);
    for name in names.iter().take(64) {
        if let Some(v) = get(parser, section, name) {
            out.set_field(&[name.as_str()], v);
        }
    }
    Some(out)
}

fn value(parser: &Val, section: &str, option: &str, depth: usize) -> Option<Val> {
    let raw = parser
        .field_at(&[section, option])
        .or_else(|| parser.field_at(&["DEFAULT", option]))?;
    if depth > 8 {
        return Some(Val::unknown().with_taint(&raw.taint));
    }
    let Some(text) = raw.known().filter(|t| t.contains('%')) else {
        return Some(raw.clone());
    };
    let mut out = Val::lit("");
    let mut rest = text;
    while let Some(i) = rest.find('%') {
        out = out.concat(&Val::lit(&rest[..i]));
        let after = &rest[i + 1..];
        if let Some(r) = after.strip_prefix('%') {
            out = out.concat(&Val::lit("%"));
            rest = r;
        } else if let Some(r) = after.strip_prefix('(')
            && let Some(close) = r.find(")s")
        {
            let name = r[..close].to_lowercase();
            let part = value(parser, section, &name, depth + 1).unwrap_or_else(Val::unknown);
            out = out.concat(&part);
            rest = &r[close + 2..];
        } else {
            out = out.concat(&Val::lit("%"));
            rest = after;
        }
    }
    Some(out.concat(&Val::lit(rest)).with_taint(&raw.taint))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_and_interpolated() {
        let mut parser = Val::unknown();
        assert!(get_known(&parser, &Val::lit("paths"), &Val::lit("cache")).is_none());
        let mut defaults = Val::unknown();
        defaults.set_field(&["home"], Val::lit("/home/u"));
        parser.set_field(&["DEFAULT"], defaults);
        let parser = read_into(
            &parser,
            "[paths]\nCache = %(home)s/.cache/tool\nbase: %(root)s\nroot = /srv\n; note\nlog = %(cache)s/log\n  more\npct = 100%%\n[other]\nx = %(nothing)s/y\n",
        );
        let text = |s: &str, k: &str| get(&parser, s, k).map(|v| v.text_or_unknown());
        assert_eq!(
            text("paths", "cache").as_deref(),
            Some("/home/u/.cache/tool")
        );
        assert_eq!(text("paths", "base").as_deref(), Some("/srv"));
        assert_eq!(
            text("paths", "log").as_deref(),
            Some("/home/u/.cache/tool/log\nmore")
        );
        assert_eq!(text("paths", "pct").as_deref(), Some("100%"));
        assert_eq!(text("other", "home").as_deref(), Some("/home/u"));
        assert!(text("other", "x").is_some_and(|t| t.contains(crate::places::UNKNOWN)));
        assert_eq!(text("paths", "missing"), None);
    }
}
