//! Turning a sandbox decision into the command that runs it confined. Pure string work, so
//! upstream terraphim-agent's own hook can rewrite a command exactly as `guard hook` does.

/// Quote one word for a POSIX shell so it reaches the program byte for byte.
///
/// ```
/// assert_eq!(terraphim_guard::shell_quote("ls"), "ls");
/// assert_eq!(terraphim_guard::shell_quote("it's"), r"'it'\''s'");
/// ```
pub fn shell_quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:@+,%".contains(&b))
    {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// The sandbox wrapper: `BINARY guard exec --profile PROFILE [--id ID] -- 'COMMAND'`. The
/// command is one argument, so the outer shell interprets none of its pipes or redirections.
///
/// ```
/// let w = terraphim_guard::sandbox_command("/usr/bin/terraphim-agent", "readonly", Some("toolu_1"), "ls | wc -l");
/// assert_eq!(w, "/usr/bin/terraphim-agent guard exec --profile readonly --id toolu_1 -- 'ls | wc -l'");
/// ```
pub fn sandbox_command(binary: &str, profile: &str, id: Option<&str>, command: &str) -> String {
    let mut s = format!(
        "{} guard exec --profile {}",
        shell_quote(binary),
        shell_quote(profile)
    );
    if let Some(id) = id {
        s.push_str(" --id ");
        s.push_str(&shell_quote(id));
    }
    s.push_str(" -- ");
    s.push_str(&shell_quote(command));
    s
}
