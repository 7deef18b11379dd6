//! The capability summary of inline code (`python3 -c CODE`, `node -e CODE`, a heredoc fed to
//! an interpreter): does the code do nothing but read files inside the project or a temporary
//! directory, compute and print?
//!
//! It is an allow-list, not a search for risk signals: every construct, call, method, module
//! and name the code uses must be one this module knows to be free of effects beyond reading
//! and printing. Anything else, a parse error included, is named as the capability beyond
//! (`beyond`), so the answer fails closed: a write, a deletion, a process, the network, the
//! environment, dynamic code or a construct this module does not know keeps the code out.

use std::collections::BTreeSet;

use tree_sitter::Node;

use crate::model::Language;
use crate::places::{Context, Place, anchor_named, secret_kind};

/// What inline code does, as far as the allow-list can tell.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct InlineCapabilities {
    /// The files it reads (as written), each inside the project or a temporary directory and no
    /// credential.
    pub reads: Vec<String>,
    /// The modules it imports (Python: each must not be shadowed by a file of the same name in
    /// the directory the code runs in, which Python imports first; the caller checks).
    pub imports: Vec<String>,
    /// The first thing it does beyond reading and printing, in a few words; `None` when it only
    /// reads and prints.
    pub beyond: Option<String>,
}

impl InlineCapabilities {
    /// The code only reads project or temporary files, computes and prints.
    pub fn read_only(&self) -> bool {
        self.beyond.is_none()
    }
}

/// Summarise what `code` in `lang` does. Python and JavaScript are summarised; other languages
/// are reported as beyond (not summarised).
pub fn inline_capabilities(code: &str, lang: Language, ctx: &Context) -> InlineCapabilities {
    let mut walk = Walk {
        ctx,
        code,
        caps: InlineCapabilities::default(),
        modules: Vec::new(),
        callables: BTreeSet::new(),
        imported: Vec::new(),
        path_fns: Vec::new(),
        libraries: false,
        probes: Vec::new(),
    };
    let Some(tree) = crate::analyze::parse_tree(lang, code) else {
        walk.caps.beyond = Some(format!("the {lang} parser gave no syntax tree"));
        return walk.caps;
    };
    let root = tree.root_node();
    if root.has_error() {
        walk.caps.beyond = Some(format!("code that is not valid {lang}"));
        return walk.caps;
    }
    let result = match lang {
        Language::Python => {
            walk.collect_defs(root, "function_definition");
            walk.libraries = walk.imports_a_library(root);
            walk.python(root).and_then(|()| {
                // A module imported only to be asked its version must be asked it.
                match walk.probes.iter().find(|(_, asked)| !asked) {
                    Some((name, _)) => Err(format!("imports `{name}`")),
                    None => Ok(()),
                }
            })
        }
        Language::JavaScript => {
            walk.collect_js_defs(root);
            walk.js(root)
        }
        Language::Shell | Language::TypeScript => Err(format!("{lang} inline code")),
    };
    if let Err(why) = result {
        walk.caps.beyond = Some(why);
    }
    walk.caps
}

type Step = Result<(), String>;

struct Walk<'a> {
    ctx: &'a Context,
    code: &'a str,
    caps: InlineCapabilities,
    /// Names bound to an imported module (name, module).
    modules: Vec<(String, &'static str)>,
    /// Names of functions the code defines (or imports from an allowed module).
    callables: BTreeSet<String>,
    /// Functions an ES module import binds (local name, module, function).
    imported: Vec<(String, &'static str, String)>,
    /// Names bound to a path maker of `pathlib` (`Path`) or a lister of `glob` (`glob`).
    path_fns: Vec<(String, PathFn)>,
    /// The code imports one of [`PY_COMPUTING_LIBRARIES`]: the methods of the objects it makes
    /// are many and unlisted, so names are judged by what they say ([`py_effect_name`]) and
    /// every string of the code by what it names ([`Walk::py_library_string`]).
    libraries: bool,
    /// Names bound to a module imported only to be asked its version ([`PY_PROBE`]), and
    /// whether the code asks it.
    probes: Vec<(String, bool)>,
}

/// What a name bound from `pathlib` or `glob` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PathFn {
    /// `pathlib.Path(...)`: a path of the project named by literal parts.
    Path,
    /// `glob.glob(PATTERN)`: the names a literal pattern in the project matches.
    Glob,
}

/// Python modules that name and list files: only their path maker and lister are used, with
/// literal project paths and patterns (`pathlib.Path('src').rglob('*.py')`, `glob.glob(...)`).
const PY_PATH_MODULES: &str = "pathlib glob";

/// What `pathlib` and `glob` export that the walk understands.
const PY_PATH_NAMES: &[(&str, &str, PathFn)] = &[
    ("pathlib", "Path", PathFn::Path),
    ("pathlib", "PurePath", PathFn::Path),
    ("pathlib", "PurePosixPath", PathFn::Path),
    ("glob", "glob", PathFn::Glob),
    ("glob", "iglob", PathFn::Glob),
];

/// Methods of a `pathlib` path that list, test or read it (and the paths under it) and
/// change nothing. Every path the code holds comes from [`PathFn`] with literal project parts
/// or from listing one, and a path joined with `/` takes only a literal part that stays below.
const PATH_METHODS: &str = "glob rglob iterdir read_text read_bytes exists is_file is_dir as_posix \
     relative_to with_suffix match";

/// Python builtins that compute or print only.
const PY_BUILTINS: &str = "print len sum min max sorted reversed list dict set frozenset tuple str int \
     float bool range enumerate zip map filter any all abs round repr format \
     isinstance chr ord hex oct bin divmod pow iter next hash exit quit";

/// Python names that run or reach code (never allowed anywhere, even as a value).
const PY_FORBIDDEN: &str = "eval exec compile getattr setattr delattr globals locals vars breakpoint help \
     memoryview type object super classmethod staticmethod property";

/// Python modules whose every function computes (none writes, deletes, runs or connects).
const PY_PURE_MODULES: &str = "json re math statistics collections itertools datetime string textwrap \
     decimal fractions pprint heapq bisect difflib unicodedata hashlib \
     tomllib csv secrets random uuid";

/// Third-party libraries of numerical, scientific and data work (arrays, tables, units,
/// coordinates, molecules, spectra, circuits, images, graphs, geometries) whose functions
/// compute on values and read the files they are given: an inline line that imports one to
/// print what a project file holds or what a formula gives (`from astropy.io import fits;
/// print(fits.getheader('data/m31.fits')['NAXIS1'])`) does what the project's own scripts do.
/// Their writers, savers, downloaders and runners are named by what they do and stay out
/// ([`py_effect_name`]); libraries whose ordinary calls reach the network, a database, the
/// cloud or other processes (HTTP clients, SDKs, drivers, `torch.load`'s pickles) are not listed.
const PY_COMPUTING_LIBRARIES: &str = "numpy scipy pandas polars xarray netCDF4 h5py astropy rdkit \
     openmm mdtraj MDAnalysis Bio pysam qiskit cirq sympy networkx shapely pyproj uproot awkward \
     pint skimage PIL imageio tifffile pydicom nibabel healpy ase pymatgen spglib statsmodels \
     sklearn";

/// What an import of a module no list here names is bound to: a module whose version the code
/// asks (`import torch; print(torch.__version__, torch.cuda.is_available())`, `import django;
/// print(django.get_version())`). Importing an installed package runs its own top-level code,
/// as the project's tests and tools do every run; what the walk cannot know is what its
/// functions do, so the code may only read the module's version attributes
/// ([`VERSION_ATTRS`]) and call its argument-free probes ([`PROBE_CALLS`]), through
/// attributes that are neither private nor named for an effect. Any other use of the name (a
/// call with arguments, a function, the module as a value, `from M import f`) keeps the code
/// out, as before.
const PY_PROBE: &str = "<module whose version is asked>";

/// Modules whose import alone does something beyond the interpreter (`antigravity` opens a
/// web browser) or reaches the interpreter's own machinery.
const PY_UNPROBED: &str = "antigravity __main__ builtins importlib ctypes";

/// Attributes that hold a module's or package's version (Python's `__version__`, lodash's
/// `VERSION`, a package manifest's `version`).
const VERSION_ATTRS: &str =
    "__version__ __version_info__ version version_info VERSION VERSION_INFO";

/// Argument-free calls that report a version or what the library finds on this machine.
const PROBE_CALLS: &str = "get_version version is_available is_built device_count \
     get_device_name current_device";

/// Whether one attribute on the way to a version or a probe is a plain public name that names
/// no effect (`cuda`, `backends`, `mps`; not `_C`, `system`, `run`).
fn plain_segment(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('_')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !py_effect_name(name)
}

/// Stems of a library name that say it does more than compute and read: writes, deletes,
/// moves, downloads, sends, logs in, runs code or programs, shows a window, evaluates text.
const PY_EFFECT_STEMS: &str = "write save dump export delete remove unlink rmtree rmdir mkdir makedirs \
     rename replace touch chmod chown symlink hardlink truncate fetch download upload request \
     urlopen urlretrieve connect socket submit exec system popen spawn subprocess terminate \
     install publish deploy commit login logout token password account service cancel \
     transfer withdraw email smtp pickle sympify parse_expr lambdify autowrap preview report \
     record clipboard browser server listen daemon show store persist sql query";

/// Whole words (between `_` and case changes) of a library name that say the same.
const PY_EFFECT_WORDS: &str = "post put run call kill link drop push mail ftp ssh auth send eval";

/// `to_*` conversions that return a value in memory (others write a file, a database or the
/// clipboard: `to_csv(path)`, `to_sql`, `to_netcdf`).
const PY_TO_VALUES: &str = "to_string to_numpy to_list to_dict to_value to_records to_frame to_series \
     to_datetime to_numeric to_timedelta to_pandas to_dataframe to_array to_unit to_period \
     to_timestamp to_pydatetime to_tuples to_flat_index to_xarray to_dataset to_dataarray \
     to_index to_masked_array to_offset";

/// Whether a name of a library's function, method, attribute or keyword says it does more than
/// compute and read ([`PY_EFFECT_STEMS`], [`PY_EFFECT_WORDS`], a `to_*` that is not one of
/// [`PY_TO_VALUES`], a `...To...File` writer).
fn py_effect_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let mut words: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        if c == '_' || !c.is_ascii_alphanumeric() {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower && !cur.is_empty() {
            words.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        cur.push(c.to_ascii_lowercase());
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    let has = |w: &str| words.iter().any(|x| x == w);
    PY_EFFECT_STEMS
        .split_ascii_whitespace()
        .any(|stem| lower.contains(stem))
        || words.iter().any(|w| listed(PY_EFFECT_WORDS, w))
        || (lower.starts_with("to_") && !listed(PY_TO_VALUES, &lower))
        || (has("to") && (has("file") || has("disk") || has("path")))
}

/// Modules of which only some names compute or read: the names listed. Of `sys`, those that
/// read arguments, standard streams and the interpreter's version (not `path` or `modules`,
/// which change what an import loads); of `platform`, those that read the interpreter and
/// `uname` (not `architecture` or `processor`, which may run programs); of YAML, TOML and
/// `ast`, the safe loaders (not `yaml.load`, which can build any object); of `importlib`, the
/// installed packages' metadata.
const PY_LISTED_MODULES: &[(&str, &str)] = &[
    (
        "sys",
        "argv stdin stdout stderr version version_info platform exit maxsize byteorder executable",
    ),
    (
        "platform",
        "python_version python_version_tuple python_implementation machine system release \
         node",
    ),
    ("yaml", "safe_load safe_load_all safe_dump"),
    ("toml", "load loads"),
    ("tomli", "load loads"),
    ("ast", "literal_eval"),
    ("shlex", "split quote join"),
    ("importlib.metadata", "version requires metadata"),
];

/// The names of `module` that compute or read only, when only some do.
fn listed_names(module: &str) -> Option<&'static str> {
    PY_LISTED_MODULES
        .iter()
        .find(|(m, _)| *m == module)
        .map(|(_, names)| *names)
}

/// Methods that compute, read an open read-only file or write to standard output. No writable
/// file can be opened by code the walk accepts, so `write` reaches standard output only.
const METHODS: &str = "read readline readlines split rsplit splitlines strip lstrip rstrip lower upper \
     title capitalize startswith endswith join format items keys values get count \
     index find rfind append extend insert pop sort copy update add setdefault \
     most_common isdigit isalpha isalnum isspace zfill ljust rjust center partition \
     rpartition encode decode hexdigest group groups groupdict strftime isoformat \
     total_seconds now today fromisoformat strptime fromtimestamp write writerow \
     writerows flush close log map reduce forEach some every includes indexOf slice \
     trim trimStart trimEnd toString toUpperCase toLowerCase toFixed padStart padEnd \
     startsWith endsWith concat flat flatMap reverse at has entries localeCompare \
     repeat charAt charCodeAt test match matchAll filter push fill json text";

/// JavaScript globals whose named functions compute or print.
const JS_OBJECTS: &[(&str, &[&str])] = &[
    (
        "console",
        &["log", "error", "info", "warn", "table", "dir", "debug"],
    ),
    ("JSON", &["parse", "stringify"]),
    ("Math", &["*"]),
    (
        "Object",
        &["keys", "values", "entries", "fromEntries", "assign"],
    ),
    ("Array", &["isArray", "from", "of"]),
    (
        "Number",
        &["isInteger", "isFinite", "parseInt", "parseFloat", "isNaN"],
    ),
    ("String", &["fromCharCode"]),
    ("Date", &["now"]),
    ("process", &["cwd", "exit", "uptime"]),
    (
        "path",
        &[
            "join",
            "resolve",
            "basename",
            "dirname",
            "extname",
            "relative",
            "normalize",
        ],
    ),
    (
        "fs",
        &["readFileSync", "existsSync", "readdirSync", "statSync"],
    ),
];

/// Properties of `process` that are read (not `env`, `binding`, `mainModule`, ...).
const JS_PROCESS: &str = "version versions platform arch argv stdout stderr exitCode";

/// Properties of Deno's and Bun's runtime objects that are read (not `env`, `run`, `spawn`,
/// `file`, `write`, ...).
const JS_RUNTIMES: &[(&str, &str)] = &[
    ("Deno", "version build args pid noColor"),
    ("Bun", "version revision main argv"),
];

/// JavaScript functions that compute.
const JS_BUILTINS: &str = "parseInt parseFloat String Number Boolean isNaN isFinite require";

/// JavaScript names that run code or reach the global object, the module system or the
/// prototype chain.
const JS_FORBIDDEN: &str = "eval Function globalThis global module exports Buffer setTimeout setInterval \
     setImmediate Reflect Proxy WebAssembly fetch constructor prototype __proto__ \
     arguments import";

impl<'a> Walk<'a> {
    fn text(&self, n: Node<'_>) -> &'a str {
        n.utf8_text(self.code.as_bytes()).unwrap_or("")
    }

    fn collect_defs(&mut self, n: Node<'_>, kind: &str) {
        if n.kind() == kind
            && let Some(name) = n.child_by_field_name("name")
        {
            self.callables.insert(self.text(name).to_owned());
        }
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            self.collect_defs(child, kind);
        }
    }

    fn module_of(&self, name: &str) -> Option<&'static str> {
        self.modules
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, m)| *m)
    }

    /// An attribute chain `m.a.b` rooted at a name bound to a module: the module and the
    /// attribute names (`["a", "b"]`).
    fn attr_chain(&self, mut n: Node<'_>) -> Option<(&'static str, Vec<&'a str>)> {
        let mut names = Vec::new();
        while n.kind() == "attribute" {
            names.push(self.text(n.child_by_field_name("attribute")?));
            n = n.child_by_field_name("object")?;
        }
        if n.kind() != "identifier" || names.is_empty() {
            return None;
        }
        let m = self.module_of(self.text(n))?;
        names.reverse();
        Some((m, names))
    }

    /// The name an attribute chain starts at (`torch` of `torch.cuda.is_available`).
    fn chain_root(&self, mut n: Node<'_>) -> &'a str {
        while n.kind() == "attribute" {
            match n.child_by_field_name("object") {
                Some(o) => n = o,
                None => break,
            }
        }
        self.text(n)
    }

    /// Record that the module bound to the name a chain starts at was asked its version.
    fn asked(&mut self, chain: Node<'_>) {
        let root = self.chain_root(chain);
        if let Some(p) = self.probes.iter_mut().rev().find(|(n, _)| n == root) {
            p.1 = true;
        }
    }

    /// A literal string's text, when it has no interpolation.
    fn literal(&self, n: Node<'_>) -> Option<String> {
        match n.kind() {
            "string" => {
                let mut c = n.walk();
                let mut out = String::new();
                for part in n.named_children(&mut c) {
                    match part.kind() {
                        "string_start" | "string_end" => {}
                        "string_content" | "string_fragment" => out.push_str(self.text(part)),
                        _ => return None,
                    }
                }
                if n.named_child_count() == 0 {
                    // tree-sitter-javascript: `''` has no fragment.
                    let t = self.text(n);
                    return Some(t.get(1..t.len().saturating_sub(1))?.to_owned());
                }
                Some(out)
            }
            _ => None,
        }
    }

    /// A file read: inside the project or a temporary directory, and no credential.
    fn read(&mut self, raw: &str) -> Step {
        let r = self.ctx.resolve(raw);
        let inside = matches!(r.place, Place::WorkTree | Place::WorkTreeRoot | Place::Tmp);
        if !inside {
            return Err(format!("reads `{raw}` outside the project"));
        }
        if let Some(what) = secret_kind(&r.text) {
            return Err(format!("reads `{raw}` ({what})"));
        }
        self.caps.reads.push(raw.to_owned());
        Ok(())
    }

    // ---- Python ----

    fn python(&mut self, n: Node<'_>) -> Step {
        match n.kind() {
            "identifier" => {
                let t = self.text(n);
                if listed(PY_FORBIDDEN, t)
                    || t.starts_with("__")
                    || t == "open"
                    || self.path_fn(t).is_some()
                    || self.module_of(t) == Some(PY_PROBE)
                {
                    return Err(format!("uses `{t}`"));
                }
                return Ok(());
            }
            "import_statement" => return self.py_import(n),
            "import_from_statement" => return self.py_import_from(n),
            "call" => return self.py_call(n),
            "attribute" => return self.py_attribute(n),
            "binary_operator" if !self.path_fns.is_empty() || self.uses_path_module() => {
                self.py_path_join(n)?;
            }
            "string" if self.libraries => self.py_library_string(n)?,
            "string" | "concatenated_string" | "interpolation" | "format_specifier" => {}
            "string_content" if self.text(n).contains("__") => {
                // `operator.attrgetter('__globals__')`, `'{0.__class__}'.format(x)`, `d['__import__']`:
                // a dunder name in a string reaches what the names themselves may not.
                return Err("a string naming a dunder attribute".into());
            }
            "string_start" | "string_content" | "string_end" | "escape_sequence"
            | "type_conversion" | "integer" | "float" | "true" | "false" | "none" | "comment"
            | "pass_statement" | "break_statement" | "continue_statement" | "ellipsis" => {
                return Ok(());
            }
            "module"
            | "expression_statement"
            | "block"
            | "with_statement"
            | "with_clause"
            | "with_item"
            | "as_pattern"
            | "as_pattern_target"
            | "for_statement"
            | "while_statement"
            | "if_statement"
            | "elif_clause"
            | "else_clause"
            | "try_statement"
            | "except_clause"
            | "finally_clause"
            | "raise_statement"
            | "assert_statement"
            | "return_statement"
            | "assignment"
            | "augmented_assignment"
            | "list"
            | "tuple"
            | "dictionary"
            | "pair"
            | "set"
            | "subscript"
            | "slice"
            | "binary_operator"
            | "boolean_operator"
            | "comparison_operator"
            | "not_operator"
            | "unary_operator"
            | "conditional_expression"
            | "list_comprehension"
            | "dictionary_comprehension"
            | "set_comprehension"
            | "generator_expression"
            | "for_in_clause"
            | "if_clause"
            | "parenthesized_expression"
            | "keyword_argument"
            | "expression_list"
            | "pattern_list"
            | "tuple_pattern"
            | "list_pattern"
            | "list_splat"
            | "dictionary_splat"
            | "argument_list"
            | "lambda"
            | "lambda_parameters"
            | "function_definition"
            | "parameters"
            | "default_parameter" => {}
            other => return Err(format!("python `{other}`")),
        }
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            self.python(child)?;
        }
        Ok(())
    }

    fn py_module(&mut self, dotted: &str, probe: bool) -> Result<&'static str, String> {
        let top = dotted.split('.').next().unwrap_or(dotted);
        let known = PY_PURE_MODULES
            .split_ascii_whitespace()
            .chain(PY_LISTED_MODULES.iter().map(|(m, _)| *m))
            .chain(PY_PATH_MODULES.split_ascii_whitespace())
            .find(|m| *m == dotted);
        match known {
            Some(m) => {
                self.caps.imports.push(top.to_owned());
                Ok(m)
            }
            None => match PY_COMPUTING_LIBRARIES
                .split_ascii_whitespace()
                .find(|l| *l == top)
            {
                Some(lib) if !dotted.split('.').any(py_effect_name) => {
                    self.caps.imports.push(top.to_owned());
                    Ok(lib)
                }
                // `import torch`: bound as a module whose version alone may be read.
                None if probe
                    && !listed(PY_UNPROBED, top)
                    && dotted.split('.').all(|p| {
                        !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
                    }) =>
                {
                    self.caps.imports.push(top.to_owned());
                    Ok(PY_PROBE)
                }
                _ => Err(format!("imports `{dotted}`")),
            },
        }
    }

    /// Whether the code imports one of [`PY_COMPUTING_LIBRARIES`] anywhere.
    fn imports_a_library(&self, n: Node<'_>) -> bool {
        let named = |m: Node<'_>| {
            let dotted = match m.kind() {
                "aliased_import" => m.child_by_field_name("name").map(|x| self.text(x)),
                _ => Some(self.text(m)),
            };
            dotted.is_some_and(|d| is_library(d.split('.').next().unwrap_or(d)))
        };
        match n.kind() {
            "import_statement" => {
                let mut c = n.walk();
                n.children_by_field_name("name", &mut c).any(named)
            }
            "import_from_statement" => n.child_by_field_name("module_name").is_some_and(named),
            _ => {
                let mut c = n.walk();
                n.named_children(&mut c).any(|x| self.imports_a_library(x))
            }
        }
    }

    /// Whether an attribute chain starts at a module the walk lists by name (`sys.stdout`),
    /// whose attributes were checked one by one, not at a library or a value.
    fn rooted_in_listed_module(&self, mut n: Node<'_>) -> bool {
        while n.kind() == "attribute" {
            match n.child_by_field_name("object") {
                Some(o) => n = o,
                None => return false,
            }
        }
        n.kind() == "identifier"
            && self
                .module_of(self.text(n))
                .is_some_and(|m| !is_library(m) && listed_names(m).is_some())
    }

    /// A library call's arguments: no keyword that names a file, a place or an effect
    /// (`filename=`, `path_or_buf=`, `allow_pickle=`), and no mode that writes in the second
    /// place or `mode=` (`h5py.File('x.h5', 'w')`). Strings are checked where the walk meets
    /// them ([`Walk::py_library_string`]).
    fn py_library_args(&mut self, args: Option<Node<'_>>) -> Step {
        let Some(args) = args else {
            return Ok(());
        };
        let mut c = args.walk();
        let mut positional = 0;
        for a in args.named_children(&mut c) {
            match a.kind() {
                "comment" => {}
                "keyword_argument" => {
                    let key = a
                        .child_by_field_name("name")
                        .map(|k| self.text(k))
                        .unwrap_or_default();
                    let lower = key.to_ascii_lowercase();
                    if py_effect_name(key)
                        || ["file", "path", "out", "dest", "buf", "dir", "url", "host"]
                            .iter()
                            .any(|w| lower.contains(w))
                    {
                        return Err(format!("a library call with `{key}=`"));
                    }
                    if key == "mode" {
                        let v = a.child_by_field_name("value").and_then(|v| self.literal(v));
                        if v.is_none() {
                            return Err("a library call with a computed mode".into());
                        }
                        Self::py_read_mode(v)?;
                    }
                }
                _ => {
                    positional += 1;
                    if positional == 2 && a.kind() == "string" {
                        Self::py_read_mode(self.literal(a))?;
                    }
                }
            }
        }
        Ok(())
    }

    /// A mode string that opens for reading only (a word that is no mode passes; one that
    /// updates, appends or writes does not: `fits.open(f, 'update')`).
    fn py_read_mode(text: Option<String>) -> Step {
        let Some(t) = text else {
            return Ok(());
        };
        let mode_like = !t.is_empty()
            && t.len() <= 3
            && t.chars()
                .all(|c| matches!(c, 'r' | 'w' | 'a' | 'x' | 'b' | 't' | '+'));
        let lower = t.to_ascii_lowercase();
        if (mode_like && t.contains(['w', 'a', 'x', '+']))
            || ["update", "append", "write", "stream", "create"]
                .iter()
                .any(|w| lower.contains(w))
        {
            return Err(format!("a library call with mode `{t}`"));
        }
        Ok(())
    }

    /// An escape that stands for itself or a line break (`\n`, `\t`, `\\`, quotes); others
    /// (`\x2f`, `\057`, `\u002f`, `\N{...}`) spell characters a path check would not see.
    fn plain_escape(text: &str) -> Step {
        if matches!(text, "\\n" | "\\t" | "\\\\" | "\\'" | "\\\"") {
            Ok(())
        } else {
            Err("a string with a character escape".into())
        }
    }

    /// A string of code that imports a library: a URL is the network, a path must be one the
    /// code may read (inside the project or a temporary directory, no credential, no trust
    /// anchor), and a string must not be built from character codes or escapes that hide one.
    fn py_library_string(&mut self, n: Node<'_>) -> Step {
        let mut c = n.walk();
        for part in n.named_children(&mut c) {
            match part.kind() {
                "string_start" | "string_end" | "interpolation" => {}
                "escape_sequence" => Self::plain_escape(self.text(part))?,
                _ => {
                    let t = self.text(part);
                    // tree-sitter-python keeps a string's escapes inside its content.
                    let mut escapes = t.match_indices('\\');
                    while let Some((i, _)) = escapes.next() {
                        Self::plain_escape(t.get(i..i + 2).unwrap_or(t))?;
                        if t.get(i + 1..i + 2) == Some("\\") {
                            escapes.next();
                        }
                    }
                    if t.contains("://") {
                        return Err(format!("a URL `{t}`"));
                    }
                    if t.contains("%c") || t.contains(":c}") {
                        return Err("a string that makes characters from codes".into());
                    }
                    if let Some(what) = anchor_named(t) {
                        return Err(format!("names `{t}` ({what})"));
                    }
                    if looks_like_path(t) {
                        self.read(t)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn py_import(&mut self, n: Node<'_>) -> Step {
        let mut c = n.walk();
        for child in n.children_by_field_name("name", &mut c) {
            let (module, alias) = match child.kind() {
                "dotted_name" => (self.text(child), self.text(child)),
                "aliased_import" => {
                    let name = child.child_by_field_name("name").map(|x| self.text(x));
                    let alias = child.child_by_field_name("alias").map(|x| self.text(x));
                    match (name, alias) {
                        (Some(n), Some(a)) => (n, a),
                        _ => return Err("an import".into()),
                    }
                }
                other => return Err(format!("python `{other}` import")),
            };
            let m = self.py_module(module, true)?;
            if m == PY_PROBE {
                self.probes.push((alias.to_owned(), false));
            }
            self.modules.push((alias.to_owned(), m));
        }
        Ok(())
    }

    fn py_import_from(&mut self, n: Node<'_>) -> Step {
        let module = n
            .child_by_field_name("module_name")
            .map(|m| self.text(m))
            .ok_or("an import")?;
        // `from M import f` binds a function of M the walk would then call as known.
        let m = self.py_module(module, false)?;
        let mut c = n.walk();
        let names: Vec<Node<'_>> = n.children_by_field_name("name", &mut c).collect();
        if names.is_empty() {
            return Err(format!("imports every name of `{module}`"));
        }
        for name in names {
            let (orig, bound) = match name.kind() {
                "dotted_name" => (self.text(name), self.text(name)),
                "aliased_import" => {
                    let o = name.child_by_field_name("name").map(|x| self.text(x));
                    let a = name.child_by_field_name("alias").map(|x| self.text(x));
                    match (o, a) {
                        (Some(o), Some(a)) => (o, a),
                        _ => return Err("an import".into()),
                    }
                }
                other => return Err(format!("python `{other}` import")),
            };
            if listed_names(m).is_some_and(|names| !listed(names, orig)) {
                return Err(format!("uses `{m}.{orig}`"));
            }
            if orig.starts_with("__") {
                return Err(format!("imports `{orig}`"));
            }
            if is_library(m) {
                if py_effect_name(orig) {
                    return Err(format!("imports `{m}.{orig}`"));
                }
                // `from astropy.io import fits`, `from rdkit import Chem`: a submodule or a
                // class whose attributes are the library's own.
                self.modules.push((bound.to_owned(), m));
            }
            if listed(PY_PATH_MODULES, m) {
                let made = PY_PATH_NAMES
                    .iter()
                    .find(|(pm, n, _)| *pm == m && *n == orig)
                    .map(|(_, _, f)| *f)
                    .ok_or(format!("imports `{m}.{orig}`"))?;
                self.path_fns.push((bound.to_owned(), made));
                continue;
            }
            self.callables.insert(bound.to_owned());
        }
        Ok(())
    }

    fn py_attribute(&mut self, n: Node<'_>) -> Step {
        let obj = n.child_by_field_name("object").ok_or("an attribute")?;
        let attr = n
            .child_by_field_name("attribute")
            .map(|a| self.text(a))
            .ok_or("an attribute")?;
        // A module's version (`numpy.__version__`, `torch.version.cuda` is not one).
        if let Some((m, names)) = self.attr_chain(n) {
            let (last, path) = names.split_last().ok_or("an attribute")?;
            if listed(VERSION_ATTRS, last)
                && (path.is_empty() || m == PY_PROBE && path.iter().all(|p| plain_segment(p)))
            {
                self.asked(n);
                return Ok(());
            }
            if m == PY_PROBE {
                return Err(format!(
                    "uses `{}` of a module it only imports",
                    names.join(".")
                ));
            }
        }
        if attr.starts_with("__") {
            return Err(format!("uses `{attr}`"));
        }
        if self.libraries && py_effect_name(attr) && !self.rooted_in_listed_module(obj) {
            return Err(format!("uses `{attr}`"));
        }
        if obj.kind() == "identifier" {
            let name = self.text(obj);
            if let Some(m) = self.module_of(name) {
                if listed_names(m).is_some_and(|names| !listed(names, attr)) {
                    return Err(format!("uses `{m}.{attr}`"));
                }
                return Ok(());
            }
        }
        self.python(obj)
    }

    fn py_call(&mut self, n: Node<'_>) -> Step {
        let f = n.child_by_field_name("function").ok_or("a call")?;
        let args = n.child_by_field_name("arguments");
        match f.kind() {
            "identifier" => {
                let name = self.text(f);
                if name == "open" {
                    self.py_open(args)?;
                } else if let Some(made) = self.path_fn(name) {
                    return self.py_path_call(made, args);
                } else if self.libraries && name == "chr" {
                    // A character made from its code hides a path from the string check.
                    return Err(format!("calls `{name}`"));
                } else if !(listed(PY_BUILTINS, name)
                    || self.callables.contains(name)
                    || is_exception_name(name))
                {
                    return Err(format!("calls `{name}`"));
                }
                if self.module_of(name).is_some_and(is_library) {
                    self.py_library_args(args)?;
                }
            }
            "attribute" => {
                if let Some((m, names)) = self.attr_chain(f).filter(|(m, _)| *m == PY_PROBE) {
                    let (last, path) = names.split_last().ok_or("a call")?;
                    let no_args = args.is_none_or(|a| a.named_child_count() == 0);
                    return match no_args
                        && listed(PROBE_CALLS, last)
                        && path.iter().all(|p| plain_segment(p))
                    {
                        true => {
                            self.asked(f);
                            Ok(())
                        }
                        false => Err(format!(
                            "calls `{}` of a module it only imports ({m})",
                            names.join(".")
                        )),
                    };
                }
                let obj = f.child_by_field_name("object").ok_or("a call")?;
                let attr = f
                    .child_by_field_name("attribute")
                    .map(|a| self.text(a))
                    .ok_or("a call")?;
                let module = (obj.kind() == "identifier")
                    .then(|| self.module_of(self.text(obj)))
                    .flatten();
                if attr == "format" && self.text(obj).contains("__") {
                    return Err("a format string that reads attributes".into());
                }
                if self.libraries && py_effect_name(attr) && !self.rooted_in_listed_module(obj) {
                    return Err(format!("calls `{attr}`"));
                }
                match module {
                    Some(m) if listed_names(m).is_some_and(|names| !listed(names, attr)) => {
                        return Err(format!("calls `{m}.{attr}`"));
                    }
                    Some(m) if listed(PY_PATH_MODULES, m) => {
                        let made = PY_PATH_NAMES
                            .iter()
                            .find(|(pm, n, _)| *pm == m && *n == attr)
                            .map(|(_, _, f)| *f)
                            .ok_or(format!("calls `{m}.{attr}`"))?;
                        return self.py_path_call(made, args);
                    }
                    None if matches!(attr, "glob" | "rglob") => {
                        self.py_pattern(args)?;
                        return self.python(obj);
                    }
                    None if listed(PATH_METHODS, attr) => self.python(obj)?,
                    Some(_) if attr.starts_with("__") => return Err(format!("calls `{attr}`")),
                    Some(m) if is_library(m) => self.py_library_args(args)?,
                    Some(_) => {}
                    None if listed(METHODS, attr) => self.python(obj)?,
                    // A method of an object a library made (`m.GetNumAtoms()`, `qc.draw()`):
                    // its name said it only computes or reads, its strings are checked.
                    None if self.libraries && !listed(PY_FORBIDDEN, attr) => {
                        self.python(obj)?;
                        self.py_library_args(args)?;
                    }
                    None => return Err(format!("calls the method `{attr}`")),
                }
            }
            other => return Err(format!("calls a `{other}`")),
        }
        if let Some(args) = args {
            self.python(args)?;
        }
        Ok(())
    }

    fn path_fn(&self, name: &str) -> Option<PathFn> {
        self.path_fns
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, f)| *f)
    }

    fn uses_path_module(&self) -> bool {
        self.modules.iter().any(|(_, m)| listed(PY_PATH_MODULES, m))
    }

    /// `Path('src', 'app')` (literal parts, read as the project path they join to) or
    /// `glob.glob('src/**/*.py', recursive=True)` (a literal pattern that stays in the project).
    fn py_path_call(&mut self, made: PathFn, args: Option<Node<'_>>) -> Step {
        let mut parts = Vec::new();
        if let Some(args) = args {
            let mut c = args.walk();
            for a in args.named_children(&mut c) {
                match (made, a.kind()) {
                    (_, "comment") => {}
                    (PathFn::Glob, "keyword_argument") => {
                        let key = a.child_by_field_name("name").map(|k| self.text(k));
                        let value = a.child_by_field_name("value").map(|v| v.kind());
                        if !(key == Some("recursive") && matches!(value, Some("true" | "false"))) {
                            return Err("`glob` with an option".into());
                        }
                    }
                    _ => parts.push(self.literal(a).ok_or("a path known only at run time")?),
                }
            }
        }
        match made {
            PathFn::Path => {
                let joined = parts.join("/");
                if joined.is_empty() {
                    return Ok(());
                }
                Self::stays_below(&joined)?;
                self.read(&joined)
            }
            PathFn::Glob => match parts.as_slice() {
                [pattern] => {
                    Self::stays_below(pattern)?;
                    self.read(pattern)
                }
                _ => Err("`glob` of a pattern known only at run time".into()),
            },
        }
    }

    /// A path part or pattern that stays under the directory it starts from: relative, with
    /// no `..` and no home.
    fn stays_below(part: &str) -> Step {
        if part.starts_with(['/', '~'])
            || part.split(['/', '\\']).any(|c| c == "..")
            || part.contains(['$', '\0'])
        {
            return Err(format!("a path `{part}` that leaves the directory"));
        }
        Ok(())
    }

    /// `path.glob(PATTERN)`, `path.rglob(PATTERN)`: one literal pattern below the path.
    fn py_pattern(&mut self, args: Option<Node<'_>>) -> Step {
        let args = args.ok_or("a listing")?;
        let mut c = args.walk();
        let named: Vec<Node<'_>> = args
            .named_children(&mut c)
            .filter(|a| a.kind() != "comment")
            .collect();
        match named.as_slice() {
            [p] => {
                let pattern = self
                    .literal(*p)
                    .ok_or("a listing of a pattern known only at run time")?;
                Self::stays_below(&pattern)
            }
            _ => Err("a listing with options".into()),
        }
    }

    /// Where `pathlib` or `glob` is used, `/` joins paths: its right side must be a number or
    /// a literal part that stays below (`Path('src') / 'app'`, never `/ '..'` or a value).
    fn py_path_join(&mut self, n: Node<'_>) -> Step {
        let slash = n
            .child_by_field_name("operator")
            .is_some_and(|o| self.text(o) == "/");
        if slash {
            let right = n.child_by_field_name("right").ok_or("a join")?;
            match right.kind() {
                "integer" | "float" => {}
                _ => {
                    let part = self
                        .literal(right)
                        .ok_or("a path joined with a value known only at run time")?;
                    Self::stays_below(&part)?;
                }
            }
        }
        Ok(())
    }

    fn py_open(&mut self, args: Option<Node<'_>>) -> Step {
        let args = args.ok_or("`open`")?;
        let mut c = args.walk();
        let mut positional = Vec::new();
        let mut mode = None;
        for a in args.named_children(&mut c) {
            match a.kind() {
                "keyword_argument" => {
                    let key = a.child_by_field_name("name").map(|k| self.text(k));
                    let value = a.child_by_field_name("value").ok_or("`open`")?;
                    match key {
                        Some("mode") if mode.is_none() => mode = Some(value),
                        Some("encoding" | "errors" | "newline") => {
                            self.literal(value).ok_or("`open` with a computed option")?;
                        }
                        _ => return Err("`open` with an option".into()),
                    }
                }
                "comment" => {}
                _ => positional.push(a),
            }
        }
        let path = positional
            .first()
            .and_then(|p| self.literal(*p))
            .ok_or("`open` of a path known only at run time")?;
        match (positional.get(1).copied(), mode) {
            (Some(_), Some(_)) => return Err("`open` with two modes".into()),
            (Some(m), None) | (None, Some(m)) => self.open_mode(m)?,
            (None, None) => {}
        }
        if positional.len() > 2 {
            return Err("`open` with more options".into());
        }
        self.read(&path)
    }

    fn open_mode(&self, mode: Node<'_>) -> Step {
        let text = self.literal(mode).ok_or("`open` with a computed mode")?;
        if text.chars().all(|c| matches!(c, 'r' | 'b' | 't')) {
            Ok(())
        } else {
            Err(format!("opens a file with mode `{text}`"))
        }
    }

    // ---- JavaScript ----

    fn collect_js_defs(&mut self, n: Node<'_>) {
        match n.kind() {
            "function_declaration" => {
                if let Some(name) = n.child_by_field_name("name") {
                    self.callables.insert(self.text(name).to_owned());
                }
            }
            "variable_declarator" => {
                if let (Some(name), Some(value)) = (
                    n.child_by_field_name("name"),
                    n.child_by_field_name("value"),
                ) && name.kind() == "identifier"
                    && matches!(value.kind(), "arrow_function" | "function_expression")
                {
                    self.callables.insert(self.text(name).to_owned());
                }
            }
            _ => {}
        }
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            self.collect_js_defs(child);
        }
    }

    fn js(&mut self, n: Node<'_>) -> Step {
        match n.kind() {
            "identifier"
            | "property_identifier"
            | "shorthand_property_identifier"
            | "shorthand_property_identifier_pattern" => {
                let t = self.text(n);
                if listed(JS_FORBIDDEN, t)
                    || t == "process"
                    || t == "require"
                    || JS_RUNTIMES.iter().any(|(r, _)| *r == t)
                {
                    return Err(format!("uses `{t}`"));
                }
                return Ok(());
            }
            "call_expression" => return self.js_call(n),
            "member_expression" => return self.js_member(n),
            "import_statement" => return self.js_import(n),
            "variable_declarator" => return self.js_declarator(n),
            "assignment_expression" | "augmented_assignment_expression" => {
                let left = n.child_by_field_name("left").ok_or("an assignment")?;
                if left.kind() == "identifier" && self.callables.contains(self.text(left)) {
                    return Err(format!("rebinds `{}`", self.text(left)));
                }
            }
            "subscript_expression" => {
                let index = n.child_by_field_name("index").ok_or("a subscript")?;
                if let Some(key) = self.literal(index)
                    && listed(JS_FORBIDDEN, key.as_str())
                {
                    return Err(format!("uses `{key}`"));
                }
                if !matches!(index.kind(), "number" | "string") {
                    return Err("a computed property name".into());
                }
            }
            "string_fragment"
                if ["constructor", "prototype", "__proto__"]
                    .iter()
                    .any(|w| self.text(n).contains(w)) =>
            {
                return Err("a string naming the prototype chain".into());
            }
            "string_fragment" | "escape_sequence" | "number" | "true" | "false" | "null"
            | "undefined" | "comment" | "regex" | "regex_pattern" | "regex_flags"
            | "empty_statement" | "break_statement" | "continue_statement" => return Ok(()),
            "program"
            | "expression_statement"
            | "string"
            | "template_string"
            | "template_substitution"
            | "arguments"
            | "object"
            | "pair"
            | "array"
            | "arrow_function"
            | "function_declaration"
            | "function_expression"
            | "formal_parameters"
            | "statement_block"
            | "lexical_declaration"
            | "variable_declaration"
            | "binary_expression"
            | "unary_expression"
            | "ternary_expression"
            | "parenthesized_expression"
            | "for_in_statement"
            | "for_statement"
            | "while_statement"
            | "if_statement"
            | "else_clause"
            | "return_statement"
            | "spread_element"
            | "sequence_expression"
            | "update_expression"
            | "object_pattern"
            | "array_pattern"
            | "pair_pattern"
            | "assignment_pattern"
            | "try_statement"
            | "catch_clause"
            | "finally_clause"
            | "throw_statement"
            | "await_expression" => {}
            other => return Err(format!("javascript `{other}`")),
        }
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            self.js(child)?;
        }
        Ok(())
    }

    /// `import {readFileSync} from 'fs'`, `import * as fs from 'node:fs'`, `import path from
    /// 'path'`: the names are bound to the module or its functions; any other module is beyond.
    fn js_import(&mut self, n: Node<'_>) -> Step {
        let source = n.child_by_field_name("source").ok_or("an import")?;
        let spec = self.literal(source).ok_or("an import")?;
        let module: &'static str = match spec.trim_start_matches("node:") {
            "fs" => "fs",
            "path" => "path",
            _ => return Err(format!("imports `{spec}`")),
        };
        let mut c = n.walk();
        for clause in n.named_children(&mut c) {
            if clause.kind() != "import_clause" {
                continue;
            }
            let mut cc = clause.walk();
            for part in clause.named_children(&mut cc) {
                match part.kind() {
                    "identifier" => self.modules.push((self.text(part).to_owned(), module)),
                    "namespace_import" => {
                        let mut nc = part.walk();
                        let name = part
                            .named_children(&mut nc)
                            .find(|x| x.kind() == "identifier")
                            .ok_or("an import")?;
                        self.modules.push((self.text(name).to_owned(), module));
                    }
                    "named_imports" => {
                        let mut nc = part.walk();
                        for spec in part.named_children(&mut nc) {
                            if spec.kind() != "import_specifier" {
                                continue;
                            }
                            let name = spec.child_by_field_name("name").ok_or("an import")?;
                            let local = spec.child_by_field_name("alias").unwrap_or(name);
                            let f = self.text(name).to_owned();
                            let allowed = JS_OBJECTS
                                .iter()
                                .find(|(o, _)| *o == module)
                                .is_some_and(|(_, fns)| fns.contains(&f.as_str()));
                            if !allowed {
                                return Err(format!("imports `{f}` from `{spec}`"));
                            }
                            self.imported.push((self.text(local).to_owned(), module, f));
                        }
                    }
                    other => return Err(format!("javascript `{other}`")),
                }
            }
        }
        Ok(())
    }

    /// `const fs = require('fs')`: the name is bound to the module.
    fn js_declarator(&mut self, n: Node<'_>) -> Step {
        let name = n.child_by_field_name("name").ok_or("a declaration")?;
        if let Some(value) = n.child_by_field_name("value") {
            if name.kind() == "identifier"
                && let Some(m) = self.js_require(value)?
            {
                if listed(JS_FORBIDDEN, self.text(name)) {
                    return Err(format!("binds `{}`", self.text(name)));
                }
                self.modules.push((self.text(name).to_owned(), m));
                return Ok(());
            }
            self.js(value)?;
        }
        self.js(name)
    }

    /// A `require(LITERAL)` call: `Some(module)` for `fs` and `path`, `Some("json")` for a JSON
    /// file read (checked), an error for anything else; `None` when `n` is no `require` call.
    fn js_require(&mut self, n: Node<'_>) -> Result<Option<&'static str>, String> {
        if n.kind() != "call_expression" {
            return Ok(None);
        }
        let f = n.child_by_field_name("function").ok_or("a call")?;
        if f.kind() != "identifier" || self.text(f) != "require" {
            return Ok(None);
        }
        let args = n.child_by_field_name("arguments").ok_or("`require`")?;
        let mut c = args.walk();
        let list: Vec<Node<'_>> = args.named_children(&mut c).collect();
        let [arg] = list.as_slice() else {
            return Err("`require` of a module known only at run time".into());
        };
        let spec = self
            .literal(*arg)
            .ok_or("`require` of a module known only at run time")?;
        match spec.trim_start_matches("node:") {
            "fs" => Ok(Some("fs")),
            "path" => Ok(Some("path")),
            s if s.ends_with(".json") && (s.starts_with("./") || s.starts_with('/')) => {
                self.read(&spec)?;
                Ok(Some("json"))
            }
            // An installed package's manifest (`require('react/package.json')`): a JSON
            // file under the project's `node_modules`, which runs nothing.
            s if bare_package(s).is_some_and(|rest| rest == "package.json") => Ok(Some("json")),
            _ => Err(format!("requires `{spec}`")),
        }
    }

    fn js_object_name(&self, obj: Node<'_>) -> Option<&'static str> {
        if obj.kind() != "identifier" {
            return None;
        }
        let name = self.text(obj);
        if let Some(m) = self.module_of(name) {
            return Some(m);
        }
        JS_OBJECTS
            .iter()
            .find(|(o, _)| *o == name && *o != "fs" && *o != "path")
            .map(|(o, _)| *o)
    }

    fn js_member(&mut self, n: Node<'_>) -> Step {
        let obj = n.child_by_field_name("object").ok_or("a member")?;
        let prop = n
            .child_by_field_name("property")
            .map(|p| self.text(p))
            .ok_or("a member")?;
        if listed(JS_FORBIDDEN, prop) {
            return Err(format!("uses `{prop}`"));
        }
        if obj.kind() == "identifier" && self.text(obj) == "process" {
            return match listed(JS_PROCESS, prop) {
                true => Ok(()),
                false => Err(format!("uses `process.{prop}`")),
            };
        }
        if obj.kind() == "identifier"
            && let Some((runtime, props)) = JS_RUNTIMES.iter().find(|(r, _)| *r == self.text(obj))
        {
            return match listed(props, prop) {
                true => Ok(()),
                false => Err(format!("uses `{runtime}.{prop}`")),
            };
        }
        if self.js_object_name(obj).is_some() {
            return Ok(());
        }
        // `require('lodash').VERSION`: the version of an installed package, whose own
        // top-level code runs as the project's does (see [`PY_PROBE`]).
        if listed(VERSION_ATTRS, prop) && self.js_required_package(obj).is_some() {
            return Ok(());
        }
        if self.js_require(obj)?.is_some() {
            return Ok(());
        }
        self.js(obj)
    }

    /// The package a `require('NAME')` call names, when `NAME` is a bare package name (no
    /// path into it, no file).
    fn js_required_package(&self, n: Node<'_>) -> Option<&'a str> {
        if n.kind() != "call_expression" {
            return None;
        }
        let f = n.child_by_field_name("function")?;
        if f.kind() != "identifier" || self.text(f) != "require" {
            return None;
        }
        let args = n.child_by_field_name("arguments")?;
        let mut c = args.walk();
        let list: Vec<Node<'_>> = args.named_children(&mut c).collect();
        let [arg] = list.as_slice() else {
            return None;
        };
        let text = self.text(*arg);
        let spec = text.get(1..text.len().checked_sub(1)?)?;
        (arg.kind() == "string" && bare_package(spec) == Some("")).then_some(spec)
    }

    fn js_call(&mut self, n: Node<'_>) -> Step {
        if self.js_require(n)?.is_some() {
            return Ok(());
        }
        let f = n.child_by_field_name("function").ok_or("a call")?;
        let args = n.child_by_field_name("arguments");
        match f.kind() {
            "identifier" => {
                let name = self.text(f);
                if let Some((_, module, _)) = self.imported.iter().find(|(l, _, _)| l == name) {
                    if *module == "fs" {
                        self.js_fs_read(args)?;
                    }
                } else if !(listed(JS_BUILTINS, name) && name != "require"
                    || self.callables.contains(name))
                {
                    return Err(format!("calls `{name}`"));
                }
            }
            "member_expression" => {
                let obj = f.child_by_field_name("object").ok_or("a call")?;
                let prop = f
                    .child_by_field_name("property")
                    .map(|p| self.text(p))
                    .ok_or("a call")?;
                // Deno's and Bun's file readers (`await Deno.readTextFile('deno.json')`,
                // `await Bun.file('package.json').json()`): a read of the literal path.
                if obj.kind() == "identifier"
                    && matches!(
                        (self.text(obj), prop),
                        (
                            "Deno",
                            "readTextFile" | "readTextFileSync" | "readFile" | "readFileSync"
                        ) | ("Bun", "file")
                    )
                {
                    self.js_fs_read(args)?;
                    if let Some(args) = args {
                        self.js(args)?;
                    }
                    return Ok(());
                }
                let object = match self.js_object_name(obj) {
                    Some(o) => Some(o),
                    None => self.js_require(obj)?,
                };
                match object {
                    Some(o) => {
                        let allowed = JS_OBJECTS
                            .iter()
                            .find(|(name, _)| *name == o)
                            .is_some_and(|(_, fns)| fns.contains(&"*") || fns.contains(&prop));
                        if !allowed {
                            return Err(format!("calls `{o}.{prop}`"));
                        }
                        if o == "fs" {
                            self.js_fs_read(args)?;
                        }
                    }
                    None if listed(METHODS, prop) && !listed(JS_FORBIDDEN, prop) => self.js(obj)?,
                    None => return Err(format!("calls the method `{prop}`")),
                }
            }
            other => return Err(format!("calls a `{other}`")),
        }
        if let Some(args) = args {
            self.js(args)?;
        }
        Ok(())
    }

    fn js_fs_read(&mut self, args: Option<Node<'_>>) -> Step {
        let args = args.ok_or("an `fs` call")?;
        let mut c = args.walk();
        let first = args
            .named_children(&mut c)
            .next()
            .ok_or("an `fs` call without a path")?;
        let path = self
            .literal(first)
            .ok_or("an `fs` read of a path known only at run time")?;
        self.read(&path)
    }
}

/// Whether `word` is one of the blank-separated words of `list` (the lists are one string each:
/// no table of pointers for the loader to relocate at every start).
fn listed(list: &str, word: &str) -> bool {
    list.split_ascii_whitespace().any(|w| w == word)
}

/// For a bare npm specifier (`lodash`, `@scope/pkg`, `react/package.json`), the path inside
/// the package after its name (`""`, `""`, `"package.json"`); `None` for a relative, absolute
/// or `node:` specifier or one with characters npm names do not have.
fn bare_package(spec: &str) -> Option<&str> {
    let ok = |p: &str| {
        !p.is_empty()
            && !p.starts_with('.')
            && p.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-_.".contains(&b))
    };
    let (scope, tail) = match spec.strip_prefix('@') {
        Some(scoped) => scoped.split_once('/').map(|(s, t)| (Some(s), t))?,
        None => (None, spec),
    };
    let (name, rest) = tail.split_once('/').unwrap_or((tail, ""));
    (scope.is_none_or(ok) && ok(name) && !rest.contains("..") && !rest.starts_with('/'))
        .then_some(rest)
}

/// Whether `module` (as the walk binds it) is one of [`PY_COMPUTING_LIBRARIES`].
fn is_library(module: &str) -> bool {
    listed(PY_COMPUTING_LIBRARIES, module)
}

/// A string that names a file or directory: a `/`, a leading `~` or `.`, or a name with an
/// extension (`m31_r.fits`); not a message or a formula (white space, brackets, `=`).
fn looks_like_path(t: &str) -> bool {
    if t.contains('/') || t.starts_with(['~', '.']) {
        return true;
    }
    if t.is_empty() || t.contains(|c: char| c.is_whitespace() || "()[]{}=,;:<>".contains(c)) {
        return false;
    }
    t.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=8).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
    })
}

/// `ValueError`, `KeyError`, `Exception`: raising one runs nothing.
fn is_exception_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && (name.ends_with("Error") || name.ends_with("Exception"))
        && name.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Whether a path as written (relative to the working directory, `~` the home) is inside the
/// project or a temporary directory and no credential.
pub fn path_stays_inside(ctx: &Context, raw: &str) -> bool {
    read_stays_inside(ctx, raw)
}

/// Whether a file the code reads, named by its real path (a symlink followed), is still inside
/// the project or a temporary directory and no credential.
pub fn read_stays_inside(ctx: &Context, real_path: &str) -> bool {
    let r = ctx.resolve(real_path);
    matches!(r.place, Place::WorkTree | Place::WorkTreeRoot | Place::Tmp)
        && secret_kind(&r.text).is_none()
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

    fn caps(code: &str, lang: Language) -> InlineCapabilities {
        inline_capabilities(code, lang, &ctx())
    }

    /// Reads of project and temporary files, computing and printing: read-only.
    #[test]
    fn reads_and_prints_are_read_only() {
        for (code, lang, reads) in [
            ("print('hello')", Language::Python, vec![]),
            (
                "import pathlib; print(len(list(pathlib.Path('src').rglob('*.py'))))",
                Language::Python,
                vec!["src"],
            ),
            (
                "import re,pathlib; print(sum(len(re.findall(r'def test_', p.read_text())) for p in pathlib.Path('tests').rglob('*.py')))",
                Language::Python,
                vec!["tests"],
            ),
            (
                "from pathlib import Path\nfor p in sorted(Path('docs').glob('**/*.md')):\n    print(p, len(p.read_text().splitlines()))",
                Language::Python,
                vec!["docs"],
            ),
            (
                "import glob; print(glob.glob('src/**/*.py', recursive=True))",
                Language::Python,
                vec!["src/**/*.py"],
            ),
            (
                "from pathlib import Path; print((Path('src') / 'app' / 'main.py').exists())",
                Language::Python,
                vec!["src"],
            ),
            (
                "import json; print(json.load(open(\"package.json\"))[\"version\"])",
                Language::Python,
                vec!["package.json"],
            ),
            (
                "import csv\nwith open('data/users.csv') as f:\n    print(sum(1 for _ in csv.reader(f)))\n",
                Language::Python,
                vec!["data/users.csv"],
            ),
            (
                "import sys, json\nfor line in sys.stdin:\n    print(json.loads(line).get('id'))\n",
                Language::Python,
                vec![],
            ),
            (
                "from collections import Counter\nc = Counter(open('/tmp/x.log', 'r').read().split())\nprint(c.most_common(3))",
                Language::Python,
                vec!["/tmp/x.log"],
            ),
            (
                "import secrets; print(secrets.token_urlsafe(24))",
                Language::Python,
                vec![],
            ),
            (
                "import sys, random; print(sys.executable, random.randint(1, 6))",
                Language::Python,
                vec![],
            ),
            (
                "def f(x):\n    return x * 2\nprint([f(i) for i in range(3)])",
                Language::Python,
                vec![],
            ),
            // modules of which only some names are used: the listed ones
            (
                "import platform; print(platform.python_version(), platform.machine())",
                Language::Python,
                vec![],
            ),
            (
                "import yaml; print(yaml.safe_load(open('config/app.yaml'))['port'])",
                Language::Python,
                vec!["config/app.yaml"],
            ),
            (
                "from importlib.metadata import version; print(version('django'))",
                Language::Python,
                vec![],
            ),
            (
                "import ast, shlex; print(ast.literal_eval('[1, 2]'), shlex.split('a b'))",
                Language::Python,
                vec![],
            ),
            (
                "if len('ab') > 3:\n    raise ValueError('long')\nprint('ok')",
                Language::Python,
                vec![],
            ),
            (
                "console.log(require('./package.json').version)",
                Language::JavaScript,
                vec!["./package.json"],
            ),
            (
                "console.log(process.versions)",
                Language::JavaScript,
                vec![],
            ),
            (
                "console.log(Deno.version.deno)",
                Language::JavaScript,
                vec![],
            ),
            (
                "console.log(JSON.parse(await Deno.readTextFile('deno.json')).tasks)",
                Language::JavaScript,
                vec!["deno.json"],
            ),
            (
                "console.log(Object.keys((await Bun.file('package.json').json()).dependencies ?? {}).length)",
                Language::JavaScript,
                vec!["package.json"],
            ),
            (
                "import {readFileSync as r} from 'node:fs'; console.log(JSON.parse(r('package.json')).name)",
                Language::JavaScript,
                vec!["package.json"],
            ),
            (
                "const fs = require('fs'); const d = JSON.parse(fs.readFileSync('tsconfig.json', 'utf8')); console.log(Object.keys(d).join(','))",
                Language::JavaScript,
                vec!["tsconfig.json"],
            ),
            (
                "const add = (a, b) => a + b; console.log([1, 2].map(x => add(x, 1)))",
                Language::JavaScript,
                vec![],
            ),
        ] {
            let c = caps(code, lang);
            assert_eq!(c.beyond, None, "{code}");
            assert_eq!(c.reads, reads, "{code}");
        }
    }

    /// Anything beyond reading and printing is named, and keeps the code out.
    #[test]
    fn effects_beyond_reading_are_named() {
        for (code, lang) in [
            ("open('out.txt', 'w').write('x')", Language::Python),
            // the names of a listed module that are not listed
            (
                "import yaml; print(yaml.load(open('a.yaml'), Loader=yaml.Loader))",
                Language::Python,
            ),
            (
                "import platform; print(platform.architecture())",
                Language::Python,
            ),
            ("from sys import modules; print(modules)", Language::Python),
            (
                "from pathlib import Path; Path('x').unlink()",
                Language::Python,
            ),
            (
                "from pathlib import Path; Path('out.txt').write_text('x')",
                Language::Python,
            ),
            (
                "from pathlib import Path; print(Path('/home/u/.ssh/id_rsa').read_text())",
                Language::Python,
            ),
            (
                "from pathlib import Path; print((Path('src') / '..' / '..' / '.ssh').read_text())",
                Language::Python,
            ),
            (
                "import sys; from pathlib import Path; print((Path('.') / sys.argv[1]).read_text())",
                Language::Python,
            ),
            (
                "from pathlib import Path; print(Path.home())",
                Language::Python,
            ),
            (
                "import pathlib; print(pathlib.Path('src').resolve().parent.parent)",
                Language::Python,
            ),
            (
                "from pathlib import Path; print([p.read_text() for p in map(Path, ['/etc/passwd'])])",
                Language::Python,
            ),
            (
                "from pathlib import Path; print(list(Path('src').glob('../../*')))",
                Language::Python,
            ),
            (
                "import glob; print(glob.glob('/home/u/.ssh/*'))",
                Language::Python,
            ),
            (
                "import glob; print(glob.glob('*', root_dir='/home/u'))",
                Language::Python,
            ),
            (
                "from pathlib import Path; print(Path('.env').read_text())",
                Language::Python,
            ),
            (
                "import pathlib; p = pathlib.Path; print(p('/etc').iterdir())",
                Language::Python,
            ),
            ("open('log.txt', mode='a')", Language::Python),
            ("open(name)", Language::Python),
            ("print(open('/etc/shadow').read())", Language::Python),
            ("print(open('.env').read())", Language::Python),
            ("print(open('../other/x').read())", Language::Python),
            ("import os; os.remove('x')", Language::Python),
            (
                "import subprocess; subprocess.run(['ls'])",
                Language::Python,
            ),
            ("import shutil", Language::Python),
            ("import urllib.request", Language::Python),
            (
                "import base64; print(base64.b64decode('eA=='))",
                Language::Python,
            ),
            (
                "import sys; sys.path.insert(0, '/tmp/x'); import json",
                Language::Python,
            ),
            ("from os import environ", Language::Python),
            ("print(__import__('os').getcwd())", Language::Python),
            ("eval('1+1')", Language::Python),
            ("f = open; f('x', 'w')", Language::Python),
            ("print(().__class__.__bases__)", Language::Python),
            ("print('{0.__class__}'.format(1))", Language::Python),
            ("class A: pass", Language::Python),
            ("import operator", Language::Python),
            ("import functools", Language::Python),
            (
                "b = {}\nprint(list(map(b['__import__'], ['os'])))",
                Language::Python,
            ),
            ("print(sorted(x, key=str)['__len__'])", Language::Python),
            (
                "const o = {a: 'constructor'}; console.log(o)",
                Language::JavaScript,
            ),
            ("@x\ndef f(): pass", Language::Python),
            ("del x", Language::Python),
            ("x.unlink()", Language::Python),
            ("print(", Language::Python),
            (
                "require('child_process').execSync('id')",
                Language::JavaScript,
            ),
            (
                "require('fs').writeFileSync('x', 'y')",
                Language::JavaScript,
            ),
            (
                "console.log(Deno.env.get('GITHUB_TOKEN'))",
                Language::JavaScript,
            ),
            ("console.log(Bun.env.NPM_TOKEN)", Language::JavaScript),
            ("console.log(Deno)", Language::JavaScript),
            (
                "import {writeFileSync} from 'fs'; writeFileSync('x', 'y')",
                Language::JavaScript,
            ),
            (
                "import {execSync} from 'child_process'; execSync('id')",
                Language::JavaScript,
            ),
            (
                "import {readFileSync} from 'fs'; readFileSync(process.argv[2])",
                Language::JavaScript,
            ),
            ("Bun.write('x', 'y')", Language::JavaScript),
            (
                "console.log(await Deno.readTextFile(Deno.args[0]))",
                Language::JavaScript,
            ),
            (
                "console.log(await Bun.file('/home/u/.npmrc').text())",
                Language::JavaScript,
            ),
            (
                "await Deno.writeTextFile('deno.json', '{}')",
                Language::JavaScript,
            ),
            (
                "const fs = require('fs'); fs.rmSync('src', {recursive: true})",
                Language::JavaScript,
            ),
            ("console.log(process.env.HOME)", Language::JavaScript),
            ("console.log({process})", Language::JavaScript),
            ("eval('1')", Language::JavaScript),
            ("new Function('return 1')()", Language::JavaScript),
            (
                "''['constructor']['constructor']('x')()",
                Language::JavaScript,
            ),
            (
                "const k = 'constructor'; console.log(''[k])",
                Language::JavaScript,
            ),
            ("import('fs')", Language::JavaScript),
            ("fetch('https://example.com')", Language::JavaScript),
            ("console.log(require('./secrets.js'))", Language::JavaScript),
            (
                "console.log(require('fs').readFileSync(process.argv[2]))",
                Language::JavaScript,
            ),
            (
                "console.log(require('fs').readFileSync('/home/u/.ssh/id_rsa'))",
                Language::JavaScript,
            ),
            ("process.kill(1)", Language::JavaScript),
            ("echo hi", Language::Shell),
        ] {
            let c = caps(code, lang);
            assert!(c.beyond.is_some(), "{code}: {c:?}");
            assert!(!c.read_only(), "{code}");
        }
    }

    /// A read that is fine alone stays fine only while nothing else is added: appending any
    /// statement with an effect makes the whole code beyond.
    #[test]
    fn adding_an_effect_never_keeps_code_read_only() {
        let reads = [
            "print(open('README.md').read())",
            "import json\nprint(json.dumps({'a': 1}))",
        ];
        let effects = [
            "open('README.md', 'w')",
            "import os\nos.system('id')",
            "exec('x')",
            "import socket",
            "print(open('/home/u/.aws/credentials').read())",
        ];
        for r in reads {
            assert!(caps(r, Language::Python).read_only(), "{r}");
            for e in effects {
                for code in [format!("{r}\n{e}\n"), format!("{e}\n{r}\n")] {
                    assert!(!caps(&code, Language::Python).read_only(), "{code}");
                }
            }
        }
    }

    #[test]
    fn a_real_path_outside_is_no_inside_read() {
        let c = ctx();
        assert!(read_stays_inside(&c, "/home/u/proj/data.json"));
        assert!(read_stays_inside(&c, "/tmp/x.txt"));
        assert!(!read_stays_inside(&c, "/home/u/.ssh/id_rsa"));
        assert!(!read_stays_inside(&c, "/home/u/proj/.env"));
        assert!(!read_stays_inside(&c, "/etc/passwd"));
    }
}
