//! The capability summary of inline code in languages the review has no syntax tree for (Ruby,
//! Perl, PHP, Elixir, the MongoDB shell): does the code do nothing but read files inside the
//! project or a temporary directory, compute and print?
//!
//! Like [`crate::inline_capabilities`] it is an allow-list, read token by token: every name the
//! code uses must be one the language's rows of [`LEX_NAMES`] (data) list as computing or
//! printing, a read of the file its literal first argument names, a method that computes, or a
//! local variable the code binds itself. Strings and regular expressions are data unless they
//! run code (Ruby's `#{...}`, Perl's `@{[...]}` and `s///e`, backquotes, `%x()`); a variable
//! of the environment, an unknown name, a built path or anything the tokenizer does not know is
//! named as the capability beyond, so the answer fails closed.

use crate::inline_caps::InlineCapabilities;
use crate::places::{Context, Place, secret_kind};

/// What a listed name does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Computes or prints (also keywords and constants).
    Pure,
    /// Reads the file (or lists the directory glob) its first literal string argument names.
    Read,
    /// A method that computes, called on any value (`.keys`, `->{...}`).
    Method,
}

/// Per language: what its names do. A qualified name (`YAML.load_file`, `Gem::Version`) is
/// listed whole; a name ending in `.*` allows every function of that module.
const LEX_NAMES: &[(&str, Kind, &str)] = &[
    (
        "ruby",
        Kind::Pure,
        "puts print p pp printf sprintf format require if unless else elsif end do then case \
         when while until and or not in return next break begin rescue ensure true false nil \
         RUBY_VERSION RUBY_PLATFORM RUBY_RELEASE_DATE RUBY_PATCHLEVEL RUBY_ENGINE \
         JSON.parse JSON.generate JSON.pretty_generate JSON.dump YAML.dump YAML.safe_load \
         File.basename File.dirname File.extname File.join File.exist? File.file? \
         File.directory? Gem::Version.new Gem::Specification.find_by_name Gem::VERSION \
         Gem.loaded_specs Time.now Date.today Math.* Integer Float String Array Hash \
         Rational Comparable Set.new",
    ),
    (
        "ruby",
        Kind::Read,
        "File.read File.readlines File.foreach File.size IO.readlines YAML.load_file \
         YAML.safe_load_file JSON.load_file Dir.glob Dir.children Dir.entries Dir.exist? Dir",
    ),
    (
        "perl",
        Kind::Pure,
        "print printf say if unless else elsif while until for foreach my our local and or \
         not eq ne lt gt le ge cmp x last next return defined scalar length join split sort \
         reverse keys values each exists lc uc lcfirst ucfirst substr index rindex sprintf \
         abs int sqrt chomp chop chr ord hex oct push pop shift unshift grep map uniq sum \
         max min use strict warnings List::Util STDOUT STDERR STDIN ARGV",
    ),
    (
        "php",
        Kind::Pure,
        "echo print print_r var_dump var_export printf sprintf json_decode json_encode \
         count array_keys array_values implode explode trim strlen \
         strtoupper strtolower str_replace preg_match preg_replace sort ksort in_array \
         array_key_exists isset empty if else foreach as true false null PHP_VERSION \
         PHP_EOL PHP_OS PHP_OS_FAMILY PHP_INT_MAX JSON_PRETTY_PRINT JSON_UNESCAPED_SLASHES \
         phpversion php_uname extension_loaded get_loaded_extensions ini_get date time \
         version_compare basename dirname pathinfo is_file is_dir file_exists",
    ),
    (
        "php",
        Kind::Read,
        "file_get_contents file parse_ini_file simplexml_load_file glob",
    ),
    (
        "elixir",
        Kind::Pure,
        "IO.puts IO.inspect IO.write System.version System.otp_release Enum.* String.* Map.* \
         List.* Integer.* Float.* Kernel.* Jason.decode! Jason.encode! do end fn if else \
         true false nil",
    ),
    (
        "elixir",
        Kind::Read,
        "File.read! File.read File.ls! File.ls Path.wildcard",
    ),
    (
        "mongosh",
        Kind::Pure,
        "db print printjson console.log JSON.stringify true false null Math.* ObjectId \
         ISODate Date",
    ),
    (
        "mongosh",
        Kind::Method,
        "countDocuments estimatedDocumentCount count find findOne distinct getCollectionNames \
         getCollectionInfos stats getIndexes limit sort skip toArray projection pretty \
         forEach map length getName version serverStatus hostInfo explain log",
    ),
];

/// Ruby's own libraries that compute or parse only (no process, network or file writes).
const RUBY_PURE_LIBRARIES: &str = "json yaml psych set date time pp csv digest bigdecimal English";

/// Methods that compute, in every language (on strings, arrays, hashes, numbers).
const METHODS: &str = "keys values each map select reject sort sort_by uniq first last size length \
     count to_s to_i to_f to_a to_h to_sym inspect join split strip chomp upcase downcase \
     capitalize include? start_with? end_with? empty? nil? any? all? sum min max group_by \
     each_with_index with_index flat_map reverse compact tally find detect zip slice take drop \
     version name basename fetch dig key? has_key? lines chars bytes gsub sub match scan freeze \
     sort! each_line round abs floor ceil grep grep_v filter_map each_slice each_cons min_by \
     max_by minmax partition find_all each_char transform_values transform_keys";

/// Operator keys of MongoDB queries that write or run server-side JavaScript.
const MONGO_EFFECT_OPERATORS: &str = "$out $merge $where $function $accumulator";

/// Summarise what `code` of `interpreter` (`ruby`, `perl`, `php`, `elixir`, `mongosh`) does.
pub fn lexical_capabilities(code: &str, interpreter: &str, ctx: &Context) -> InlineCapabilities {
    let mut caps = InlineCapabilities::default();
    if let Err(why) = Lex::new(code, interpreter, ctx, &mut caps).run() {
        caps.beyond = Some(why);
    }
    caps
}

/// Whether `interpreter`'s inline code can be summarised by [`lexical_capabilities`].
pub fn lexical_language(interpreter: &str) -> bool {
    LEX_NAMES.iter().any(|(l, _, _)| *l == interpreter)
}

struct Lex<'a> {
    code: &'a str,
    lang: &'a str,
    ctx: &'a Context,
    caps: &'a mut InlineCapabilities,
    locals: Vec<String>,
}

type Step = Result<(), String>;

impl<'a> Lex<'a> {
    fn new(
        code: &'a str,
        lang: &'a str,
        ctx: &'a Context,
        caps: &'a mut InlineCapabilities,
    ) -> Self {
        Lex {
            code,
            lang,
            ctx,
            caps,
            locals: Vec::new(),
        }
    }

    fn listed(&self, kind: Kind, name: &str) -> bool {
        // Functions that reach any function by a name made at run time (Elixir's
        // `apply(String.to_atom("Elixir.System"), ...)`): never listed, whatever a glob says.
        if matches!(
            name.rsplit(['.', ':']).next(),
            Some("apply" | "to_atom" | "to_existing_atom" | "spawn" | "send")
        ) {
            return false;
        }
        LEX_NAMES
            .iter()
            .filter(|(l, k, _)| *l == self.lang && *k == kind)
            .flat_map(|(_, _, names)| names.split_ascii_whitespace())
            .any(|n| {
                n == name
                    || n.strip_suffix('*').is_some_and(|m| {
                        name.strip_prefix(m)
                            .is_some_and(|f| !f.is_empty() && !f.contains(['.', ':']))
                    })
            })
    }

    fn read(&mut self, raw: &str) -> Step {
        // PHP's readers open URLs and stream wrappers (`https://`, `php://`, `phar://`,
        // `expect://`): a fetch or worse, not a file of the project.
        if raw.contains("://") {
            return Err(format!("reads `{raw}`, a URL or stream wrapper"));
        }
        let r = self.ctx.resolve(raw);
        if !matches!(r.place, Place::WorkTree | Place::WorkTreeRoot | Place::Tmp) {
            return Err(format!("reads `{raw}` outside the project"));
        }
        if let Some(what) = secret_kind(&r.text) {
            return Err(format!("reads `{raw}` ({what})"));
        }
        self.caps.reads.push(raw.to_owned());
        Ok(())
    }

    /// Names the code binds itself: Ruby block parameters (`|f, i|`) and assignments
    /// (`x = ...`), Elixir's `fn x ->` parameters.
    fn collect_locals(&mut self) {
        let b = self.code.as_bytes();
        let ident = |s: &str| {
            s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && s.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
        };
        // |a, b|
        let mut i = 0;
        while i < b.len() {
            if b[i] == b'|'
                && let Some(end) = self.code[i + 1..].find('|')
            {
                let inner = &self.code[i + 1..i + 1 + end];
                let names: Vec<&str> = inner.split(',').map(str::trim).collect();
                if !names.is_empty() && names.iter().all(|n| ident(n)) {
                    self.locals.extend(names.iter().map(|n| n.to_string()));
                    i += end + 2;
                    continue;
                }
            }
            i += 1;
        }
        // x = ..., fn x ->
        for (at, _) in self.code.match_indices('=') {
            let before = self.code[..at].trim_end();
            let after = &self.code[at + 1..];
            if after.starts_with(['=', '~', '>']) || before.ends_with(['=', '!', '<', '>']) {
                continue;
            }
            let name: String = before
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            if ident(&name) {
                self.locals.push(name);
            }
        }
        let mut rest = self.code;
        while let Some(at) = rest.find("fn ") {
            let after = &rest[at + 3..];
            if let Some(end) = after.find("->") {
                for n in after[..end].split([',', '(', ')', ' ']) {
                    if ident(n) && !n.is_empty() {
                        self.locals.push(n.to_string());
                    }
                }
            }
            rest = after;
        }
    }

    fn run(&mut self) -> Step {
        if !lexical_language(self.lang) {
            return Err(format!("{} inline code", self.lang));
        }
        self.collect_locals();
        let code = self.code;
        let b = code.as_bytes();
        let mut i = 0;
        // Whether the last token ends a value (then `/` divides rather than starts a regex).
        let mut after_value = false;
        // Whether the last token was a method-call dot or arrow.
        let mut after_dot = false;
        // A value called as a function (PHP's `$f('id')`, `('sys'.'tem')('id')`, Perl's
        // `$f->('id')`, Ruby's `f.('id')`): what runs is known only at run time.
        let called = |at: usize| code[at..].trim_start().starts_with('(');
        while i < b.len() {
            let c = b[i] as char;
            if c.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            if c == '#' && self.lang != "php" && self.lang != "mongosh" {
                i += code[i..].find('\n').unwrap_or(code.len() - i);
                continue;
            }
            if c == '`' {
                return Err("backquotes run a shell command".into());
            }
            if c == '\'' || c == '"' {
                let end = code[i + 1..].find(c).ok_or("a string left open")?;
                let text = &code[i + 1..i + 1 + end];
                if c == '"' {
                    self.interpolation(text)?;
                }
                i += end + 2;
                if self.lang == "php" && called(i) {
                    return Err("calls a string as a function".into());
                }
                after_value = true;
                after_dot = false;
                continue;
            }
            if c == '/' && !after_value && matches!(self.lang, "perl" | "ruby") {
                i = self.regex(i, 1, false)?;
                after_value = true;
                continue;
            }
            if c == '$' || c == '@' || c == '%' {
                let rest = &code[i + 1..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                match (self.lang, c) {
                    ("ruby", '%') if rest.starts_with(['x', 'X']) => {
                        return Err("`%x()` runs a shell command".into());
                    }
                    (_, '%') if name.is_empty() || self.lang != "perl" => {
                        i += 1;
                        after_value = false;
                        continue;
                    }
                    ("mongosh", '$')
                        if MONGO_EFFECT_OPERATORS
                            .split_ascii_whitespace()
                            .any(|o| o[1..] == name) =>
                    {
                        return Err(format!("the query operator `${name}`"));
                    }
                    _ => {}
                }
                let upper = name.to_ascii_uppercase();
                if matches!(
                    upper.as_str(),
                    "ENV" | "_ENV" | "_SERVER" | "GLOBALS" | "LOAD_PATH"
                ) || (c == '$' && rest.starts_with([':', '{', '(', '$']))
                    || (c == '@' && rest.starts_with(['{', '[']))
                {
                    return Err(format!("uses `{c}{}`", &rest[..rest.len().min(8)]));
                }
                if name.is_empty() {
                    // Perl's punctuation variables (`$_`, `$.`, `$0`, `$/`) and `@ARGV`.
                    if c == '@' && self.lang == "ruby" {
                        return Err("a Ruby `@`".into());
                    }
                    i += 1 + rest.chars().next().map_or(0, char::len_utf8);
                } else {
                    i += 1 + name.len();
                }
                if self.lang == "php" && called(i) {
                    return Err("calls a variable as a function".into());
                }
                after_value = true;
                after_dot = false;
                continue;
            }
            if c.is_ascii_alphabetic() || c == '_' {
                let start = i;
                // A qualified name: `A::B.c`, `YAML.load_file`, `File.exist?`.
                let mut end = i;
                loop {
                    while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_') {
                        end += 1;
                    }
                    if end < b.len()
                        && matches!(b[end], b'?' | b'!')
                        && self.lang != "php"
                        && !code[end + 1..].starts_with('=')
                    {
                        end += 1;
                    }
                    let qualified = b[start].is_ascii_uppercase()
                        || (self.lang == "mongosh" && &code[start..end] == "db")
                        || matches!(&code[start..end], "console" | "JSON" | "Math");
                    let sep = if code[end..].starts_with("::") {
                        2
                    } else if code[end..].starts_with('.')
                        && code[end + 1..].starts_with(|c: char| c.is_ascii_alphabetic())
                    {
                        1
                    } else {
                        0
                    };
                    if qualified && sep > 0 {
                        end += sep;
                        continue;
                    }
                    break;
                }
                let word = &code[start..end];
                i = end;
                // A key of an object or hash literal (`{status: "open"}`) is data.
                if matches!(self.lang, "mongosh" | "ruby" | "elixir")
                    && code[end..].starts_with(':')
                    && !code[end..].starts_with("::")
                    && !word.contains(['.', ':'])
                {
                    i += 1;
                    after_value = false;
                    continue;
                }
                // Perl's quote-like operators.
                if self.lang == "perl" {
                    let delim = code[end..].chars().next();
                    let is_delim = delim.is_some_and(|d| "/|{(#!,[<".contains(d));
                    match word {
                        "s" | "tr" | "y" if is_delim => {
                            i = self.regex(end, 2, word == "s")?;
                            after_value = true;
                            continue;
                        }
                        "m" | "qr" | "q" | "qw" if is_delim => {
                            i = self.regex(end, 1, false)?;
                            after_value = true;
                            continue;
                        }
                        "qq" if is_delim => {
                            let next = self.regex(end, 1, false)?;
                            self.interpolation(&code[end + 1..next - 1])?;
                            i = next;
                            after_value = true;
                            continue;
                        }
                        _ => {}
                    }
                }
                // `db.orders.countDocuments`: the collection's name, then the method.
                let word = if self.lang == "mongosh" && word.starts_with("db.") {
                    let parts: Vec<&str> = word.split('.').collect();
                    match parts.as_slice() {
                        [_, m] if self.listed(Kind::Method, m) => "db",
                        [_, _coll, m] if self.listed(Kind::Method, m) => "db",
                        // A collection, whose method follows.
                        [_, _coll] if code[end..].starts_with('.') => "db",
                        _ => return Err(format!("calls `{word}`")),
                    }
                } else {
                    word
                };
                self.name(word, end, after_dot)?;
                after_dot = false;
                after_value = !matches!(
                    word,
                    "if" | "unless"
                        | "and"
                        | "or"
                        | "not"
                        | "split"
                        | "grep"
                        | "when"
                        | "return"
                        | "print"
                        | "puts"
                        | "say"
                );
                continue;
            }
            if c.is_ascii_digit() {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_')
                {
                    i += 1;
                }
                after_value = true;
                after_dot = false;
                continue;
            }
            // Punctuation.
            if code[i..].starts_with("->") {
                if called(i + 2) {
                    return Err("calls a value as a function".into());
                }
                after_dot = !code[i + 2..].trim_start().starts_with(['{', '[', '(']);
                after_value = false;
                i += 2;
                continue;
            }
            if c == '.' && matches!(self.lang, "ruby" | "elixir") && code[i + 1..].starts_with('(')
            {
                return Err("calls a value as a function".into());
            }
            if matches!(c, ')' | ']') && matches!(self.lang, "php" | "mongosh") && called(i + 1) {
                return Err("calls a value computed at run time".into());
            }
            if c == '.' && code[i + 1..].starts_with(|c: char| c.is_ascii_alphabetic()) {
                after_dot = true;
                i += 1;
                continue;
            }
            if !";,()[]{}+-*/%=<>!&|?:~^.".contains(c) {
                return Err(format!("the character `{c}`"));
            }
            after_value = matches!(c, ')' | ']' | '}');
            after_dot = false;
            i += 1;
        }
        Ok(())
    }

    /// A name the code uses: a method after `.`, a listed name, a read (its first literal
    /// argument checked), or a local variable.
    fn name(&mut self, word: &str, end: usize, method: bool) -> Step {
        if method {
            // PHP's `$obj->name` without a call reads a property (`json_decode(...)->require`):
            // data, whatever it is named. (Perl calls a method with or without parentheses.)
            if self.lang == "php" && !self.code[end..].trim_start().starts_with('(') {
                return Ok(());
            }
            // The MongoDB shell's methods are its own list (`drop` there drops a collection).
            let generic = self.lang != "mongosh" && listed_in(METHODS, word);
            return if generic || self.listed(Kind::Method, word) {
                Ok(())
            } else {
                Err(format!("calls the method `{word}`"))
            };
        }
        // Ruby's `require NAME` loads and runs NAME: only a library of Ruby's own that computes
        // (`require "json"`), never a file (`require "/tmp/p"`, `require "./lib/x"`).
        if self.lang == "ruby" && word == "require" {
            let rest = self.code[end..].trim_start();
            let rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
            let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'');
            let lib = quote
                .and_then(|q| rest[1..].find(q).map(|e| &rest[1..1 + e]))
                .ok_or("`require` of a name known only at run time")?;
            return match listed_in(RUBY_PURE_LIBRARIES, lib) {
                true => Ok(()),
                false => Err(format!(
                    "`require` of `{lib}`, code this review does not know"
                )),
            };
        }
        if self.listed(Kind::Read, word) {
            let rest = self.code[end..].trim_start();
            // Ruby's `Dir[PATTERN]` is `Dir.glob(PATTERN)`.
            let rest = match rest.strip_prefix('(') {
                Some(r) => r,
                None if word == "Dir" => rest.strip_prefix('[').ok_or("`Dir` as a value")?,
                None => rest,
            }
            .trim_start();
            let quote = rest.chars().next().filter(|c| *c == '"' || *c == '\'');
            let path = quote
                .and_then(|q| rest[1..].find(q).map(|e| &rest[1..1 + e]))
                .filter(|p| !p.contains(['$', '#', '{']))
                .ok_or(format!("`{word}` of a path known only at run time"))?;
            return self.read(path);
        }
        if self.listed(Kind::Pure, word) || self.locals.iter().any(|l| l == word) {
            return Ok(());
        }
        Err(format!("uses `{word}`"))
    }

    /// Interpolation in a double-quoted string: plain variables are data, code is not.
    fn interpolation(&self, text: &str) -> Step {
        let runs = match self.lang {
            "ruby" | "elixir" => text.contains("#{"),
            "perl" => text.contains("@{") || text.contains("${") || text.contains("$ENV"),
            "php" => text.contains("{$") || text.contains("${") || text.contains("$_"),
            _ => text.contains("${"),
        };
        if runs {
            return Err("a string that runs code or reads the environment".into());
        }
        Ok(())
    }

    /// A Perl or Ruby quote-like operator or regex at `at` (its delimiter), with `parts`
    /// delimited parts (`s/a/b/` has 2); the index after its flags. `s///e` runs code.
    fn regex(&self, at: usize, parts: usize, subst: bool) -> Result<usize, String> {
        let code = self.code;
        let open = code[at..].chars().next().ok_or("a regex left open")?;
        let close = match open {
            '{' => '}',
            '(' => ')',
            '[' => ']',
            '<' => '>',
            c => c,
        };
        let mut i = at + open.len_utf8();
        let mut done = 0;
        let mut body = String::new();
        while done < parts {
            let rest = &code[i..];
            let mut end = None;
            let mut escaped = false;
            for (k, ch) in rest.char_indices() {
                if escaped {
                    escaped = false;
                    continue;
                }
                if ch == '\\' {
                    escaped = true;
                    continue;
                }
                if ch == close {
                    end = Some(k);
                    break;
                }
            }
            let end = end.ok_or("a regex left open")?;
            body.push_str(&rest[..end]);
            i += end + close.len_utf8();
            done += 1;
            if done < parts && open != close {
                // `s{a}{b}`: the second part has its own delimiters.
                let r = code[i..].trim_start();
                i = code.len() - r.len() + r.chars().next().map_or(0, char::len_utf8);
            }
        }
        let flags: String = code[i..]
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if subst && flags.contains('e') {
            return Err("a substitution whose replacement runs as code (`s///e`)".into());
        }
        if body.contains("(?{") || body.contains("(??{") || body.contains("@{") {
            return Err("a regex that runs code".into());
        }
        Ok(i + flags.len())
    }
}

fn listed_in(list: &str, word: &str) -> bool {
    list.split_ascii_whitespace().any(|w| w == word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> Context {
        Context {
            cwd: "/home/u/proj".into(),
            home: "/home/u".into(),
            tmp_dirs: vec!["/tmp".into()],
        }
    }

    #[test]
    fn read_only_one_liners_are_summarised_and_the_rest_is_beyond() {
        let cases: &[(&str, &str, bool)] = &[
            ("ruby", "puts RUBY_VERSION", true),
            (
                "ruby",
                "puts JSON.parse(File.read('package.json'))['name']",
                true,
            ),
            ("ruby", "puts YAML.load_file(\"config/app.yml\").keys", true),
            (
                "ruby",
                "Dir.glob('lib/**/*.rb').each { |f| puts File.basename(f) }",
                true,
            ),
            (
                "ruby",
                "puts Gem::Specification.find_by_name('rake').version",
                true,
            ),
            ("ruby", "x = [3, 1, 2].sort; puts x.first", true),
            ("ruby", "puts Dir[\"spec/**/*_spec.rb\"].size", true),
            (
                "ruby",
                "puts File.read('Gemfile').lines.grep(/rails/)",
                true,
            ),
            ("ruby", "puts Dir['/home/u/.ssh/*']", false),
            ("ruby", "d = Dir; puts d", false),
            ("ruby", "puts File.read('/home/u/.ssh/id_rsa')", false),
            ("ruby", "puts File.read(ARGV[0])", false),
            (
                "ruby",
                "puts File.read('a.txt'); puts File.read(ARGV[0])",
                false,
            ),
            ("ruby", "system('id')", false),
            ("ruby", "puts `id`", false),
            ("ruby", "puts %x(id)", false),
            ("ruby", "puts \"#{`id`}\"", false),
            ("ruby", "puts ENV['HOME']", false),
            ("ruby", "File.write('x', 'y')", false),
            ("ruby", "eval('1')", false),
            ("ruby", "x.send(:system, 'id')", false),
            ("perl", "print if /TODO/", true),
            ("perl", "print \"$.: $_\" if /^\\s*fn /", true),
            ("perl", "print $F[0]", true),
            ("perl", "s/\\bcolour\\b/color/g", true),
            ("perl", "s{a}{b}g", true),
            ("perl", "s/x/`id`/e", false),
            ("perl", "print \"@{[ system('id') ]}\"", false),
            ("perl", "system('id')", false),
            ("perl", "print $ENV{AWS_SECRET_ACCESS_KEY}", false),
            ("perl", "print qx(id)", false),
            ("perl", "unlink 'x'", false),
            ("perl", "open(my $f, '>', 'x')", false),
            ("php", "echo PHP_VERSION, PHP_EOL;", true),
            (
                "php",
                "print_r(json_decode(file_get_contents(\"composer.json\"), true)[\"require\"]);",
                true,
            ),
            (
                "php",
                "echo json_encode(json_decode(file_get_contents(\"composer.json\"))->require, JSON_PRETTY_PRINT), PHP_EOL;",
                true,
            ),
            (
                "php",
                "$c = json_decode(file_get_contents('composer.json')); $c->exec('id');",
                false,
            ),
            ("php", "echo file_get_contents('/etc/shadow');", false),
            (
                "php",
                "echo file_get_contents('https://example.com/x');",
                false,
            ),
            (
                "php",
                "echo file_get_contents('compress.zlib://data.gz');",
                false,
            ),
            ("php", "$f = 'system'; $f('id');", false),
            ("php", "('sys' . 'tem')('id');", false),
            ("php", "echo 'id'('x');", false),
            ("php", "print_r(array_map('system', ['id']));", false),
            ("perl", "my $f = sub { 1 }; $f->('id');", false),
            ("ruby", "f = method(:puts); f.('id')", false),
            ("perl", "foreach my $k (sort keys %ENV) { print $k }", false),
            ("perl", "foreach my $l (1..3) { print $l }", true),
            ("php", "echo getenv('API_TOKEN');", false),
            ("php", "echo $_SERVER['HOME'];", false),
            ("php", "system('id');", false),
            ("php", "file_put_contents('x', 'y');", false),
            ("elixir", "IO.puts System.version()", true),
            ("elixir", "IO.inspect(System.version())", true),
            ("elixir", "File.rm_rf!(\"build\")", false),
            ("elixir", "System.cmd(\"id\", [])", false),
            ("ruby", "require \"/tmp/p\"", false),
            ("ruby", "require './lib/tasks'; puts 1", false),
            ("ruby", "require 'open3'", false),
            (
                "ruby",
                "require 'json'; puts JSON.parse(File.read('package.json'))['name']",
                true,
            ),
            (
                "elixir",
                "Kernel.apply(String.to_atom(\"Elixir.System\"), String.to_atom(\"cmd\"), [\"id\", []])",
                false,
            ),
            ("elixir", "IO.puts Kernel.inspect([1, 2])", true),
            (
                "mongosh",
                "db.orders.countDocuments({status: \"open\"})",
                true,
            ),
            ("mongosh", "db.users.find({age: {$gt: 30}}).limit(5)", true),
            ("mongosh", "db.users.drop()", false),
            ("mongosh", "db.dropDatabase()", false),
            ("mongosh", "db.getCollectionNames()", true),
            ("mongosh", "db.users.deleteMany({})", false),
            ("mongosh", "db.a.aggregate([{$out: 'b'}])", false),
            ("mongosh", "db.a.find({$where: 'sleep(1)'})", false),
            ("lua", "print(1)", false),
        ];
        for (lang, code, read_only) in cases {
            let caps = lexical_capabilities(code, lang, &ctx());
            assert_eq!(caps.read_only(), *read_only, "{lang}: {code}: {caps:?}");
        }
    }
}
