//! The JavaScript/TypeScript API knowledge: rows of (modules, function names) saying what kind
//! of call each is. A module `""` is a global function (`fetch`, `eval`); a name `*` is any
//! function of the module. Calls not listed here fall back to the shared capability rows
//! ([`crate::caps::CALL_ROWS`]).

use std::sync::LazyLock;

use crate::scope::Map;

/// What a call is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Api {
    // Modules and code.
    /// `require(name)`.
    Require,
    /// `require.resolve(spec)`: the file `require(spec)` would load, so loading it later is
    /// loading `spec`.
    RequireResolve,
    /// `createRequire(import.meta.url)` (`node:module`): a `require` function, what it loads
    /// judged as `require` does.
    CreateRequire,
    /// JavaScript code run from a string (`eval`, `Function`, `vm`, string timers).
    EvalCode,
    /// A shell command line run (`child_process.exec`).
    ShellCommand,
    /// A program started with an argument list (`spawn(prog, args, opts)`).
    Spawn,
    /// A Node script started (`child_process.fork`).
    Fork,
    /// `new Worker(code, {eval: true})` runs its first argument as code; without `eval` it
    /// starts the script file (or URL) it names, as `fork` does.
    Worker,
    /// `Bun.spawn([argv])`.
    BunSpawn,
    /// `new Deno.Command(prog, {args})`.
    DenoCommand,
    /// `Deno.run({cmd: [argv]})`.
    DenoRun,
    /// Native code loaded into the process.
    NativeCode,
    /// `Reflect.get(obj, name)`.
    ReflectGet,
    // Data.
    /// Console or standard stream output.
    Output,
    /// The home directory.
    HomeDir,
    /// The temporary directory.
    TmpDir,
    /// The working directory.
    Cwd,
    /// Host information; `identity`: it says who or which machine this is.
    HostInfo { identity: bool },
    /// Path parts joined.
    PathJoin,
    /// The directory part of a path.
    Dirname,
    /// `path.relative(from, to)`: the way from one path to the other.
    PathRelative,
    /// `fileURLToPath(url)`: the path of a `file://` URL.
    FileUrlPath,
    /// `pathToFileURL(path)`: the `file://` URL of a path (`href` is its text, `pathname`
    /// the path), so `import(pathToFileURL(file).href)` loads that file.
    PathFileUrl,
    /// `new URL(url)`, `new URL(path, base)`: the URL's text.
    UrlNew,
    /// A certificate parsed (`new crypto.X509Certificate(pem)`): public by design (its subject,
    /// dates and fingerprint are what a TLS server shows every client); a private key given
    /// instead makes the call fail, so what it returns holds no secret of its input.
    PublicCertificate,
    /// One environment variable read.
    EnvGet,
    /// The whole environment.
    EnvAll,
    /// A serialisation or merge of its arguments (`JSON.stringify`, `Object.assign`).
    Collection,
    /// A deep copy of its argument (`structuredClone(obj)`, lodash's `cloneDeep`): the same
    /// value, members and all.
    DeepCopy,
    /// `Buffer.from(data, encoding)`.
    BufferFrom,
    /// Data decoded (`atob`, `fromCharCode`, zlib).
    Decode,
    /// A URL-encoded text decoded (`decodeURIComponent`, `unescape`): a literal's text with
    /// its escapes decoded, judged by what it says; any other value passes through.
    UrlDecode,
    /// Arguments quoted as shell words and joined by blanks (`quote(argv)` of shell-quote).
    ShellQuote,
    /// `JSON.parse(text)`: a literal JSON text is read as the value it spells.
    JsonParse,
    // Files.
    /// A file read.
    ReadFile,
    /// Paths matching a pattern (`fast-glob`, `glob`, `globby`, `fs.globSync`).
    Glob,
    /// A new temporary directory.
    MkTemp,
    /// `Bun.file(path)`.
    BunFile,
    /// A file written (path, content, options).
    WriteFile,
    /// A write stream opened.
    WriteStream,
    /// A file or tree deleted.
    Delete,
    /// A directory made.
    MakeDir,
    /// A directory's entries listed (`fs.readdirSync(dir)`).
    ListDir,
    /// A file copied, moved or linked (source, destination).
    Copy,
    /// A file's mode set.
    Chmod,
    /// A file's owner changed.
    Chown,
    /// A file descriptor opened (`fs.openSync(path, flags)`).
    OpenFd,
    /// Bytes read from a descriptor into a buffer (`fs.readSync(fd, buf)`): the buffer holds
    /// what the file holds.
    ReadFd,
    // Network.
    /// `fetch(url, {method, body, headers})`.
    Fetch,
    /// axios and its look-alikes.
    Axios,
    /// `http.request(url or options, …)`.
    HttpRequest,
    /// A TCP or TLS connection; `opens`: the call connects at once.
    NetConnect { opens: bool },
    /// A datagram socket.
    Datagram,
    /// A WebSocket opened to a URL (`new WebSocket(url)`, the `ws` package): what is sent on
    /// it goes to the URL's host.
    WebSocket,
    /// A host name resolved (DNS).
    Resolve,
}

use Api::*;

const FS: &[&str] = &["fs", "fs.promises", "Deno"];
const GLOBAL: &[&str] = &[""];

/// The rows: (modules, function names, kind). Each (module, name) pair appears once (a unit
/// test checks it).
pub(super) const CALLS: &[(&[&str], &[&str], Api)] = &[
    (GLOBAL, &["require"], Require),
    (&["require"], &["resolve"], RequireResolve),
    (&["module"], &["createRequire"], CreateRequire),
    (
        &["console"],
        &[
            "log", "info", "warn", "error", "debug", "dir", "table", "trace",
        ],
        Output,
    ),
    (&["process.stdout", "process.stderr"], &["write"], Output),
    (&["os"], &["homedir"], HomeDir),
    (&["os"], &["tmpdir"], TmpDir),
    (&["process", "Deno"], &["cwd"], Cwd),
    (
        &["os"],
        &["hostname", "userInfo", "networkInterfaces"],
        HostInfo { identity: true },
    ),
    (&["os"], &["release"], HostInfo { identity: false }),
    (&["Deno"], &["hostname"], HostInfo { identity: true }),
    (
        &["path", "path.posix"],
        &["join", "resolve", "normalize"],
        PathJoin,
    ),
    (&["path"], &["dirname"], Dirname),
    (&["path", "path.posix"], &["relative"], PathRelative),
    (&["url"], &["fileURLToPath"], FileUrlPath),
    (&["url"], &["pathToFileURL"], PathFileUrl),
    (&["Deno.env"], &["get"], EnvGet),
    (&["Deno.env"], &["toObject"], EnvAll),
    (&["JSON"], &["stringify"], Collection),
    (&["crypto"], &["X509Certificate"], PublicCertificate),
    (&["JSON"], &["parse"], JsonParse),
    (
        &["Object"],
        &["entries", "keys", "values", "assign"],
        Collection,
    ),
    (&["Buffer"], &["concat"], Collection),
    (GLOBAL, &["structuredClone"], DeepCopy),
    (&["lodash"], &["cloneDeep", "clone"], DeepCopy),
    (
        FS,
        &[
            "readFileSync",
            "readFile",
            "readTextFile",
            "readTextFileSync",
            "readFileStr",
            "readJsonSync",
            "readJson",
            "createReadStream",
        ],
        ReadFile,
    ),
    (
        FS,
        &["mkdtempSync", "mkdtemp", "makeTempDirSync", "makeTempDir"],
        MkTemp,
    ),
    (&["fs", "fs.promises"], &["glob", "globSync"], Glob),
    (
        &["fast-glob", "glob", "tinyglobby"],
        &["default", "glob", "globSync", "sync", "async"],
        Glob,
    ),
    (&["globby"], &["default", "globby", "globbySync"], Glob),
    // Their default exports (`import fg from 'fast-glob'; await fg(...)`).
    (GLOBAL, &["fast-glob", "glob", "globby"], Glob),
    (&["Bun"], &["file"], BunFile),
    (
        &["fs", "fs.promises", "Deno", "Bun"],
        &[
            "writeFileSync",
            "writeFile",
            "appendFileSync",
            "appendFile",
            "writeTextFile",
            "writeTextFileSync",
            "outputFileSync",
            "outputFile",
            "writeJsonSync",
            "writeJson",
            "write",
            "writeSync",
        ],
        WriteFile,
    ),
    (&["fs"], &["createWriteStream"], WriteStream),
    (
        FS,
        &[
            "rmSync",
            "rm",
            "rmdirSync",
            "rmdir",
            "unlinkSync",
            "unlink",
            "remove",
            "removeSync",
            "emptyDir",
            "emptyDirSync",
            "emptydir",
            "emptydirSync",
        ],
        Delete,
    ),
    (GLOBAL, &["rimraf", "rimrafSync", "del"], Delete),
    (&["del"], &["deleteAsync", "deleteSync"], Delete),
    (&["shelljs"], &["rm"], Delete),
    (
        FS,
        &["truncateSync", "truncate", "ftruncateSync", "ftruncate"],
        Delete,
    ),
    (
        FS,
        &["chownSync", "chown", "lchownSync", "lchown", "fchownSync"],
        Chown,
    ),
    (&["fs"], &["openSync"], OpenFd),
    (&["fs"], &["readSync"], ReadFd),
    (
        FS,
        &[
            "mkdirSync",
            "mkdir",
            "ensureDirSync",
            "ensureDir",
            "mkdirpSync",
            "mkdirp",
        ],
        MakeDir,
    ),
    (FS, &["readdirSync", "readdir"], ListDir),
    (&["rimraf"], &["*"], Delete),
    (
        FS,
        &[
            "copyFileSync",
            "copyFile",
            "cpSync",
            "cp",
            "renameSync",
            "rename",
            "copySync",
            "copy",
            "moveSync",
            "move",
            "symlinkSync",
            "linkSync",
        ],
        Copy,
    ),
    (FS, &["chmodSync", "chmod"], Chmod),
    (&["Buffer"], &["from"], BufferFrom),
    (GLOBAL, &["atob"], Decode),
    (
        GLOBAL,
        &["decodeURIComponent", "decodeURI", "unescape"],
        UrlDecode,
    ),
    (&["querystring"], &["unescape", "unescapeBuffer"], UrlDecode),
    (&["shell-quote"], &["quote"], ShellQuote),
    (&["shell-escape"], &["default"], ShellQuote),
    (&["shescape"], &["quote", "quoteAll"], ShellQuote),
    (&["String"], &["fromCharCode", "fromCodePoint"], Decode),
    (
        &["zlib"],
        &[
            "inflateSync",
            "gunzipSync",
            "inflateRawSync",
            "brotliDecompressSync",
            "unzipSync",
            "inflate",
            "gunzip",
        ],
        Decode,
    ),
    (
        GLOBAL,
        &["eval", "Function", "setTimeout", "setInterval"],
        EvalCode,
    ),
    (
        &["vm"],
        &[
            "runInThisContext",
            "runInNewContext",
            "runInContext",
            "Script",
            "compileFunction",
        ],
        EvalCode,
    ),
    (
        &["child_process"],
        &["exec", "execSync", "execaCommand", "execaCommandSync"],
        ShellCommand,
    ),
    (&["shelljs"], &["exec"], ShellCommand),
    (
        &["child_process"],
        &[
            "spawn",
            "spawnSync",
            "execFile",
            "execFileSync",
            "execa",
            "execaSync",
        ],
        Spawn,
    ),
    (GLOBAL, &["execa", "execaSync"], Spawn),
    (&["child_process"], &["fork"], Fork),
    (&["worker_threads"], &["Worker"], Worker),
    (&["Bun"], &["spawn", "spawnSync"], BunSpawn),
    (&["Deno"], &["Command"], DenoCommand),
    (&["Deno"], &["run"], DenoRun),
    (GLOBAL, &["fetch"], Fetch),
    (&["", "url"], &["URL"], UrlNew),
    (&["fetch"], &["default", "request"], Fetch),
    (&["navigator"], &["sendBeacon"], Fetch),
    (&["axios"], &["*"], Axios),
    (GLOBAL, &["axios"], Axios),
    (&["http", "https"], &["request", "get"], HttpRequest),
    (
        &["net", "tls"],
        &["connect", "createConnection"],
        NetConnect { opens: true },
    ),
    (&["net"], &["Socket"], NetConnect { opens: false }),
    // `http2.connect(origin)`: a session to the origin; its streams (`session.request(headers)`)
    // send what is written to them there.
    (&["http2"], &["connect"], NetConnect { opens: true }),
    // A mail transport (`nodemailer.createTransport({host})`): what `sendMail` gets goes to
    // the mail server.
    (
        &["nodemailer"],
        &["createTransport"],
        NetConnect { opens: false },
    ),
    (&["dgram"], &["createSocket"], Datagram),
    (GLOBAL, &["WebSocket", "ws"], WebSocket),
    (&["ws"], &["WebSocket"], WebSocket),
    (&["dns", "dns.promises"], &["*"], Resolve),
    (&["process"], &["binding", "dlopen"], NativeCode),
    (&["Reflect"], &["get"], ReflectGet),
];

static BY_NAME: LazyLock<Map<(&'static str, &'static str), Api>> = LazyLock::new(|| {
    let mut map = Map::default();
    for (modules, names, api) in CALLS {
        for m in *modules {
            for n in *names {
                map.insert((*m, *n), *api);
            }
        }
    }
    map
});

/// The kind of the call of `name` from `module`, if a row names it.
pub(super) fn lookup(module: &str, name: &str) -> Option<Api> {
    let map: &Map<(&str, &str), Api> = &BY_NAME;
    map.get(&(module, name))
        .or_else(|| map.get(&(module, "*")))
        .copied()
}

/// Calls whose result is derived from the text they are handed, not the text (a parsed
/// document, a number, the names of an object's members): see
/// [`crate::engine::Taint::derived`].
pub(super) const DERIVING_CALLS: &[&str] = &[
    "JSON.parse",
    "yaml.parse",
    "yaml.load",
    "YAML.parse",
    "toml.parse",
    "Number",
    "parseInt",
    "parseFloat",
    "Object.keys",
    "Math.round",
    "Math.max",
    "Math.min",
];

/// Methods whose result is derived from the text they are called on (a pattern's match, a
/// digest): see [`crate::engine::Taint::derived`].
pub(super) const DERIVING_METHODS: &[&str] = &["match", "matchAll", "exec", "digest", "test"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pair_has_one_row() {
        let mut seen = std::collections::HashSet::new();
        for (modules, names, _) in CALLS {
            for m in *modules {
                for n in *names {
                    assert!(seen.insert((*m, *n)), "{m}.{n} has two rows");
                }
            }
        }
    }
}
