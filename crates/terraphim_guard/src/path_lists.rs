//! Reading the class lists of `kg/paths/path-classes.md` into their items: shared by the
//! library (`paths.rs`, which parses the lists it is given) and the build script (which reads
//! the embedded lists once, so a process starts with the spans of their items and scans no
//! line of the file). No I/O, and nothing of the crate: the build script includes this file.

/// The lists, by the key of their lines (`trust_anchor:: ~/.claude/**, ...`).
pub(crate) const LISTS: [&str; 6] = [
    "trust_anchor",
    "build_output",
    "temp",
    "secret",
    "system",
    "key_file",
];

/// Every item of the lists in `text`, in order: the index of its list in [`LISTS`] and the item
/// (a slice of `text`). The `trust_anchor::`, `build_output::`, `temp::`, `secret::`, `system::`
/// and `key_file::` lines hold comma-separated globs (a `system` directory written without its
/// `/**`); other lines are prose.
pub(crate) fn list_items(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .filter_map(list_line)
        .filter_map(|(key, value)| Some((LISTS.iter().position(|l| *l == key)?, value)))
        .flat_map(|(list, value)| {
            value
                .split(',')
                .map(move |g| match LISTS[list] {
                    "system" => g.trim().trim_end_matches("/**"),
                    _ => g.trim(),
                })
                .filter(|g| !g.is_empty())
                .map(move |g| (list, g))
        })
}

/// A line of the class lists, `KEY:: VALUE` (the key a word of lowercase letters and `_`,
/// blanks around it): the key and the value. What `line.split_once("::")` with the key trimmed
/// gives for such a line, without a substring search of every line of prose.
pub(crate) fn list_line(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim_start();
    let end = rest
        .bytes()
        .position(|b| !(b.is_ascii_lowercase() || b == b'_'))
        .unwrap_or(rest.len());
    let (key, after) = rest.split_at(end);
    let value = after.trim_start().strip_prefix("::")?;
    (!key.is_empty()).then_some((key, value))
}
