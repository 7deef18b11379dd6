//! The Python API knowledge: one row per function (its qualified name as the script imports
//! it) saying what kind of call it is. Calls not listed here fall back to the shared
//! capability rows ([`crate::caps::CALL_ROWS`]).

use std::sync::LazyLock;

use crate::scope::Map;

/// Where a process-starting call finds the program and its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Argv {
    /// The first argument or `args=` (a list, or a string split on blanks).
    First,
    /// The second argument (`os.execv(path, argv)`).
    Second,
    /// Every argument from this position on (`os.execl(path, arg0, arg1, …)`).
    From(usize),
}

/// What a call is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Api {
    // Output and files.
    /// Printing or logging (to a file when given `file=`).
    Output,
    /// A certificate parsed (`x509.load_pem_x509_certificate(data)`): public by design (its
    /// subject, dates and fingerprint are what a TLS server shows every client); a private key
    /// given instead makes the call fail, so what it returns holds no secret of its input.
    PublicCertificate,
    /// A logger object.
    Logger,
    /// A file opened (`open(path, mode)`).
    Open,
    /// A file descriptor opened (`os.open(path, flags)`): written when the flags say so.
    OsOpen,
    /// A file read by a library that parses it (`netrc.netrc(path)`, `fileinput.input(paths)`),
    /// `default` when no path is given.
    ReadsFile { default: Option<&'static str> },
    /// An archive or compressed file opened (`tarfile.open(name, mode)`).
    OpenArchive,
    /// A path object built from parts.
    PathNew,
    /// The home directory as a path object.
    PathHome,
    /// The working directory, as a path object or as a string.
    Cwd { path_object: bool },
    /// A path returned as it came in (`os.path.expanduser`, `str`).
    PathAsIs,
    /// Path parts joined.
    PathJoin,
    /// The directory part of a path.
    Dirname,
    /// Paths matching a pattern.
    Glob,
    /// A directory tree walked (`os.walk(top)`): `(root, dirs, files)` for each directory.
    Walk,
    /// A new temporary directory or file name.
    TempDir,
    /// A new temporary file object.
    TempFile,
    /// A file or tree deleted.
    Delete { recursive: bool },
    /// A directory made.
    MakeDir,
    /// A file copied or linked (source, destination).
    Copy,
    /// An archive made of a directory (`shutil.make_archive(base, fmt, root_dir, base_dir)`):
    /// the archive holds what the directory holds.
    MakeArchive,
    /// A file or tree moved (source, destination): gone from where it was.
    Move,
    /// A file's owner changed.
    Chown,
    /// A file's mode set.
    Chmod,
    /// An object serialised into a file (or returned as text).
    Dump,
    /// `functools.reduce(f, items, initial)`: `items` folded by `f`.
    Reduce,
    /// `map(f, items)` / `filter(f, items)`: `f` called with each element.
    MapFilter,
    /// A writer wrapping a file object.
    CsvWriter,
    /// Bytes written to a file descriptor.
    FdWrite,
    /// A `.env` file read into the environment.
    Dotenv,
    /// An INI parser (`configparser.ConfigParser(defaults={...})`): its `DEFAULT` section
    /// holds the defaults it is given.
    IniParser,
    // Data.
    /// One environment variable read.
    EnvGet,
    /// A collection or serialisation of its arguments: keeps their text (`json.dumps`), is
    /// the whole environment (`os.environ.copy`), keeps their elements (`list`).
    Collection {
        keeps_text: bool,
        env: bool,
        keeps_items: bool,
    },
    /// Host or user identity read.
    Identity,
    /// A secret read from a store: what it is, whether it is the clipboard, whether reading
    /// it is a finding of its own.
    SecretStore {
        what: &'static str,
        clipboard: bool,
        finding: bool,
    },
    /// Data decoded (base64, hex, zlib, `chr`, unpickled).
    Decode,
    /// `json.loads(text)`: a literal JSON text is read as the value it spells.
    JsonLoads,
    /// A sequence reversed (`reversed("lave")`): its elements in the other order.
    Reversed,
    /// Sequences one after another (`itertools.chain(a, b)`): the elements of each.
    Chain,
    /// `enumerate(seq)`: pairs of a count and each element of the sequence.
    Enumerate,
    /// A value quoted as one shell word (`shlex.quote(s)`), or each item of a list quoted and
    /// joined by blanks (`shlex.join(argv)`).
    ShellQuote { join: bool },
    /// How many elements a value has (`len(lines)`): a number, none of the data counted.
    Count,
    /// A regular expression substitution.
    ReSub,
    /// A line typed by the user.
    Input,
    /// YAML loaded (code runs with an unsafe loader).
    YamlLoad,
    // Code and processes.
    /// Python code run from a string.
    ExecCode,
    /// A Python interpreter object (`code.InteractiveInterpreter(locals)`): what its
    /// `runsource`, `runcode` and `push` are given runs.
    Interpreter,
    /// A Python file run.
    RunPath,
    /// An attribute looked up by name.
    Getattr,
    /// A module imported by name.
    Import,
    /// The namespace of names (`globals()`).
    Namespace,
    /// A shell command line run.
    ShellCommand,
    /// A program started with an argument vector.
    Subprocess(Argv),
    /// A file descriptor duplicated onto another.
    Dup2,
    /// The process detached from its session.
    Detach,
    // Network.
    /// An HTTP request (`requests.post(url, data=…)`).
    Http,
    /// An HTTP client object, whose methods are requests.
    HttpClient,
    /// A URL opened (`urllib.request.urlopen`).
    Urlopen,
    /// An HTTP request object built.
    UrlRequest,
    /// A URL downloaded into a file.
    UrlRetrieve,
    /// A remote-procedure proxy for the URL given (see `Handle::Rpc`).
    RpcProxy,
    /// A connection object to a host; `opens`: the constructor connects at once.
    Connection { opens: bool },
    /// A client over a connection given as the first argument (`SFTPClient.from_transport(t)`,
    /// `SCPClient(transport)`): the same host.
    SameConnection,
    /// A socket object.
    Socket,
    /// A socket connected to an address.
    CreateConnection,
    /// A host name resolved (DNS).
    Resolve,
    /// A server listening on an address.
    Server,
    /// A request handler that serves the files of a directory (`directory=`, else the
    /// working directory) to whoever connects.
    FileHandler,
    // Calls that call another.
    /// `functools.partial(f, **kw)`: `f` itself when no positional argument is fixed.
    Partial,
    /// A thread or process started on a function (`threading.Thread(target=f, args=(x,))`):
    /// `f(x)` runs.
    StartTarget,
    /// A function run once after a delay on a thread of its own (`threading.Timer(delay, f,
    /// args=(x,))`): `f(x)` runs.
    TimerTarget,
    /// A native library loaded into the process (`ctypes.CDLL(path)`).
    NativeLibrary,
}

use Api::*;

const COLLECTION: Api = Collection {
    keeps_text: false,
    env: false,
    keeps_items: false,
};
const ENV_COLLECTION: Api = Collection {
    keeps_text: false,
    env: true,
    keeps_items: false,
};
const SERIALISED: Api = Collection {
    keeps_text: true,
    env: false,
    keeps_items: false,
};
const SEQUENCE: Api = Collection {
    keeps_text: false,
    env: false,
    keeps_items: true,
};
const BROWSER_STORE: Api = SecretStore {
    what: "a browser credential store",
    clipboard: false,
    finding: true,
};

/// The rows: qualified call name -> kind. Each name appears once (a unit test checks it).
pub(super) const CALLS: &[(&str, Api)] = &[
    ("print", Output),
    (
        "cryptography.x509.load_pem_x509_certificate",
        PublicCertificate,
    ),
    (
        "cryptography.x509.load_der_x509_certificate",
        PublicCertificate,
    ),
    ("ssl.PEM_cert_to_DER_cert", PublicCertificate),
    ("sys.stdout.write", Output),
    ("sys.stderr.write", Output),
    ("sys.stdout.buffer.write", Output),
    ("pprint.pprint", Output),
    ("pprint.pp", Output),
    ("logging.info", Output),
    ("logging.debug", Output),
    ("logging.warning", Output),
    ("logging.error", Output),
    ("logging.critical", Output),
    ("logging.exception", Output),
    ("logging.log", Output),
    ("logging.getLogger", Logger),
    ("open", Open),
    ("io.open", Open),
    ("codecs.open", Open),
    ("os.fdopen", Open),
    ("tarfile.open", OpenArchive),
    ("zipfile.ZipFile", OpenArchive),
    ("tarfile.TarFile", OpenArchive),
    ("gzip.open", OpenArchive),
    ("bz2.open", OpenArchive),
    ("lzma.open", OpenArchive),
    ("pathlib.Path", PathNew),
    ("pathlib.PurePath", PathNew),
    ("pathlib.PosixPath", PathNew),
    ("pathlib.Path.home", PathHome),
    ("pathlib.Path.cwd", Cwd { path_object: true }),
    ("os.getcwd", Cwd { path_object: false }),
    ("os.path.expanduser", PathAsIs),
    ("os.path.abspath", PathAsIs),
    ("os.path.realpath", PathAsIs),
    ("os.path.normpath", PathAsIs),
    ("os.fspath", PathAsIs),
    ("str", PathAsIs),
    ("os.path.expandvars", PathAsIs),
    // Text reshaped, its words kept: code written from it stays visible.
    ("textwrap.dedent", PathAsIs),
    ("textwrap.indent", PathAsIs),
    ("inspect.cleandoc", PathAsIs),
    // `string.Template(text)`: the text, its `$name`s put in place by `substitute`.
    ("string.Template", PathAsIs),
    ("bytes", PathAsIs),
    ("bytearray", PathAsIs),
    ("repr", PathAsIs),
    ("os.path.join", PathJoin),
    ("posixpath.join", PathJoin),
    ("os.path.dirname", Dirname),
    ("glob.glob", Glob),
    ("functools.partial", Partial),
    ("functools.reduce", Reduce),
    ("map", MapFilter),
    ("filter", MapFilter),
    ("threading.Thread", StartTarget),
    ("multiprocessing.Process", StartTarget),
    ("threading.Timer", TimerTarget),
    ("ctypes.CDLL", NativeLibrary),
    ("ctypes.PyDLL", NativeLibrary),
    ("ctypes.cdll.LoadLibrary", NativeLibrary),
    ("ctypes.pydll.LoadLibrary", NativeLibrary),
    ("ctypes.LibraryLoader", NativeLibrary),
    ("cffi.FFI.dlopen", NativeLibrary),
    ("glob.iglob", Glob),
    ("os.walk", Walk),
    ("os.fwalk", Walk),
    ("tempfile.mkdtemp", TempDir),
    ("tempfile.gettempdir", TempDir),
    ("tempfile.mkstemp", TempDir),
    ("tempfile.TemporaryDirectory", TempDir),
    ("tempfile.NamedTemporaryFile", TempFile),
    ("tempfile.TemporaryFile", TempFile),
    ("tempfile.SpooledTemporaryFile", TempFile),
    ("shutil.rmtree", Delete { recursive: true }),
    ("os.makedirs", MakeDir),
    ("os.mkdir", MakeDir),
    ("os.removedirs", Delete { recursive: true }),
    ("os.remove", Delete { recursive: false }),
    ("os.unlink", Delete { recursive: false }),
    ("os.rmdir", Delete { recursive: false }),
    ("send2trash.send2trash", Delete { recursive: false }),
    ("shutil.copy", Copy),
    ("shutil.copy2", Copy),
    ("shutil.copyfile", Copy),
    ("shutil.copytree", Copy),
    ("shutil.make_archive", MakeArchive),
    ("shutil.move", Move),
    ("os.rename", Move),
    ("os.replace", Move),
    ("os.renames", Move),
    ("os.chown", Chown),
    ("os.lchown", Chown),
    ("os.fchown", Chown),
    ("shutil.chown", Chown),
    ("os.truncate", Delete { recursive: false }),
    ("os.ftruncate", Delete { recursive: false }),
    ("os.open", OsOpen),
    // The bytes read carry what the descriptor's file holds.
    ("os.read", COLLECTION),
    ("os.pread", COLLECTION),
    (
        "netrc.netrc",
        ReadsFile {
            default: Some("~/.netrc"),
        },
    ),
    ("fileinput.input", ReadsFile { default: None }),
    ("websocket.create_connection", Connection { opens: true }),
    ("websockets.connect", Connection { opens: true }),
    ("websockets.client.connect", Connection { opens: true }),
    ("websockets.sync.client.connect", Connection { opens: true }),
    ("os.link", Copy),
    ("os.symlink", Copy),
    ("shutil.copyfileobj", Copy),
    ("os.chmod", Chmod),
    ("os.fchmod", Chmod),
    ("os.lchmod", Chmod),
    ("json.dump", Dump),
    ("yaml.dump", Dump),
    ("yaml.safe_dump", Dump),
    ("pickle.dump", Dump),
    ("toml.dump", Dump),
    ("tomli_w.dump", Dump),
    ("marshal.dump", Dump),
    ("plistlib.dump", Dump),
    ("csv.writer", CsvWriter),
    ("csv.DictWriter", CsvWriter),
    ("os.write", FdWrite),
    ("dotenv.load_dotenv", Dotenv),
    ("configparser.ConfigParser", IniParser),
    ("configparser.RawConfigParser", IniParser),
    ("configparser.SafeConfigParser", IniParser),
    ("dotenv.dotenv_values", Dotenv),
    ("os.environ.get", EnvGet),
    ("os.getenv", EnvGet),
    ("os.environ.setdefault", EnvGet),
    ("os.environ.pop", EnvGet),
    ("os.environ.copy", ENV_COLLECTION),
    ("os.environ.items", ENV_COLLECTION),
    ("os.environ.keys", ENV_COLLECTION),
    ("os.environ.values", ENV_COLLECTION),
    ("dict", COLLECTION),
    ("copy.copy", COLLECTION),
    ("copy.deepcopy", COLLECTION),
    ("list", SEQUENCE),
    ("json.dumps", SERIALISED),
    ("json.loads", JsonLoads),
    ("str.join", COLLECTION),
    ("sorted", SEQUENCE),
    ("reversed", Reversed),
    ("itertools.chain", Chain),
    ("enumerate", Enumerate),
    ("len", Count),
    ("tuple", SEQUENCE),
    ("set", SEQUENCE),
    ("frozenset", SEQUENCE),
    ("urllib.parse.urlencode", COLLECTION),
    ("toml.dumps", SERIALISED),
    ("plistlib.dumps", SERIALISED),
    ("socket.gethostname", Identity),
    ("getpass.getuser", Identity),
    ("os.getlogin", Identity),
    ("platform.node", Identity),
    ("platform.uname", Identity),
    ("os.uname", Identity),
    ("socket.getfqdn", Identity),
    ("uuid.getnode", Identity),
    ("pwd.getpwuid", Identity),
    (
        "keyring.get_password",
        SecretStore {
            what: "the system keyring",
            clipboard: false,
            finding: true,
        },
    ),
    (
        "keyring.get_credential",
        SecretStore {
            what: "the system keyring",
            clipboard: false,
            finding: true,
        },
    ),
    (
        "pyperclip.paste",
        SecretStore {
            what: "the clipboard",
            clipboard: true,
            finding: true,
        },
    ),
    ("win32crypt.CryptUnprotectData", BROWSER_STORE),
    ("browser_cookie3.chrome", BROWSER_STORE),
    ("browser_cookie3.firefox", BROWSER_STORE),
    ("browser_cookie3.load", BROWSER_STORE),
    (
        "getpass.getpass",
        SecretStore {
            what: "a password typed by the user",
            clipboard: false,
            finding: false,
        },
    ),
    ("base64.b64decode", Decode),
    ("base64.b32decode", Decode),
    ("base64.b16decode", Decode),
    ("base64.a85decode", Decode),
    ("base64.b85decode", Decode),
    ("base64.urlsafe_b64decode", Decode),
    ("base64.decodebytes", Decode),
    ("base64.decodestring", Decode),
    ("binascii.unhexlify", Decode),
    ("binascii.a2b_base64", Decode),
    ("binascii.a2b_hex", Decode),
    ("zlib.decompress", Decode),
    ("gzip.decompress", Decode),
    ("bz2.decompress", Decode),
    ("lzma.decompress", Decode),
    ("marshal.loads", Decode),
    ("pickle.loads", Decode),
    ("codecs.decode", Decode),
    ("bytes.fromhex", Decode),
    ("bytearray.fromhex", Decode),
    ("chr", Decode),
    ("dill.loads", Decode),
    ("cloudpickle.loads", Decode),
    ("shlex.quote", ShellQuote { join: false }),
    ("pipes.quote", ShellQuote { join: false }),
    ("shlex.join", ShellQuote { join: true }),
    ("re.sub", ReSub),
    ("re.subn", ReSub),
    ("input", Input),
    ("raw_input", Input),
    ("yaml.load", YamlLoad),
    ("yaml.load_all", YamlLoad),
    ("exec", ExecCode),
    ("eval", ExecCode),
    ("compile", ExecCode),
    ("execfile", ExecCode),
    ("code.InteractiveInterpreter", Interpreter),
    ("code.InteractiveConsole", Interpreter),
    ("code.InteractiveInterpreter.runsource", ExecCode),
    ("code.InteractiveInterpreter.runcode", ExecCode),
    ("code.InteractiveConsole.runsource", ExecCode),
    ("code.InteractiveConsole.runcode", ExecCode),
    ("code.InteractiveConsole.push", ExecCode),
    ("runpy.run_path", RunPath),
    ("importlib.util.spec_from_file_location", RunPath),
    ("importlib.machinery.SourceFileLoader", RunPath),
    ("getattr", Getattr),
    ("__import__", Import),
    ("importlib.import_module", Import),
    ("globals", Namespace),
    ("vars", Namespace),
    ("locals", Namespace),
    ("os.system", ShellCommand),
    ("os.popen", ShellCommand),
    ("subprocess.getoutput", ShellCommand),
    ("subprocess.getstatusoutput", ShellCommand),
    ("commands.getoutput", ShellCommand),
    ("asyncio.create_subprocess_shell", ShellCommand),
    ("os.popen2", ShellCommand),
    ("os.popen3", ShellCommand),
    ("subprocess.run", Subprocess(Argv::First)),
    ("subprocess.call", Subprocess(Argv::First)),
    ("subprocess.check_call", Subprocess(Argv::First)),
    ("subprocess.check_output", Subprocess(Argv::First)),
    ("subprocess.Popen", Subprocess(Argv::First)),
    ("pty.spawn", Subprocess(Argv::First)),
    ("sh.Command", Subprocess(Argv::First)),
    ("plumbum.local", Subprocess(Argv::First)),
    ("asyncio.create_subprocess_exec", Subprocess(Argv::From(0))),
    ("os.execv", Subprocess(Argv::Second)),
    ("os.execve", Subprocess(Argv::Second)),
    ("os.execvp", Subprocess(Argv::Second)),
    ("os.execvpe", Subprocess(Argv::Second)),
    ("os.spawnv", Subprocess(Argv::Second)),
    ("os.spawnvp", Subprocess(Argv::Second)),
    ("os.posix_spawn", Subprocess(Argv::Second)),
    ("os.posix_spawnp", Subprocess(Argv::Second)),
    ("os.execl", Subprocess(Argv::From(1))),
    ("os.execlp", Subprocess(Argv::From(1))),
    ("os.execle", Subprocess(Argv::From(1))),
    ("os.spawnl", Subprocess(Argv::From(2))),
    ("os.spawnlp", Subprocess(Argv::From(2))),
    ("os.dup2", Dup2),
    ("os.setsid", Detach),
    ("os.daemon", Detach),
    ("daemon.DaemonContext", Detach),
    ("requests.get", Http),
    ("requests.post", Http),
    ("requests.put", Http),
    ("requests.patch", Http),
    ("requests.delete", Http),
    ("requests.head", Http),
    ("requests.options", Http),
    ("requests.request", Http),
    ("httpx.get", Http),
    ("httpx.post", Http),
    ("httpx.put", Http),
    ("httpx.patch", Http),
    ("httpx.delete", Http),
    ("httpx.request", Http),
    ("httpx.stream", Http),
    ("requests.Session.post", Http),
    ("requests.Session.get", Http),
    ("aiohttp.request", Http),
    ("requests.Session", HttpClient),
    ("requests.session", HttpClient),
    ("httpx.Client", HttpClient),
    ("httpx.AsyncClient", HttpClient),
    ("aiohttp.ClientSession", HttpClient),
    ("urllib3.PoolManager", HttpClient),
    ("urllib.request.urlopen", Urlopen),
    ("urllib2.urlopen", Urlopen),
    ("urllib.urlopen", Urlopen),
    ("urllib.request.Request", UrlRequest),
    ("urllib2.Request", UrlRequest),
    ("urllib.request.urlretrieve", UrlRetrieve),
    ("xmlrpc.client.ServerProxy", RpcProxy),
    ("xmlrpclib.ServerProxy", RpcProxy),
    ("http.client.HTTPSConnection", Connection { opens: false }),
    ("http.client.HTTPConnection", Connection { opens: false }),
    ("smtplib.SMTP", Connection { opens: true }),
    ("smtplib.SMTP_SSL", Connection { opens: true }),
    ("ftplib.FTP", Connection { opens: true }),
    ("ftplib.FTP_TLS", Connection { opens: true }),
    ("telnetlib.Telnet", Connection { opens: true }),
    // Logging handlers that ship every record they are given to a host (`HTTPHandler(host,
    // url)` POSTs or GETs each one, `SocketHandler`/`DatagramHandler(host, port)` send them
    // pickled): a logger with one added sends whatever the script logs there.
    ("logging.handlers.HTTPHandler", Connection { opens: true }),
    ("logging.handlers.SocketHandler", Connection { opens: true }),
    (
        "logging.handlers.DatagramHandler",
        Connection { opens: true },
    ),
    // Remote shells and file transfer: `put` sends a local file to the host, `exec_command`
    // and `run` send a command line.
    ("paramiko.SSHClient", Connection { opens: false }),
    ("paramiko.client.SSHClient", Connection { opens: false }),
    ("paramiko.Transport", Connection { opens: true }),
    ("paramiko.SFTPClient.from_transport", SameConnection),
    ("scp.SCPClient", SameConnection),
    ("pysftp.Connection", Connection { opens: true }),
    ("fabric.Connection", Connection { opens: true }),
    ("socket.socket", Socket),
    ("socket.create_connection", CreateConnection),
    ("socket.gethostbyname", Resolve),
    ("socket.getaddrinfo", Resolve),
    ("socket.gethostbyname_ex", Resolve),
    ("dns.resolver.resolve", Resolve),
    ("dns.resolver.query", Resolve),
    ("socketserver.TCPServer", Server),
    ("socketserver.ThreadingTCPServer", Server),
    ("socketserver.UDPServer", Server),
    ("http.server.HTTPServer", Server),
    ("http.server.ThreadingHTTPServer", Server),
    ("http.server.SimpleHTTPRequestHandler", FileHandler),
    ("http.server.CGIHTTPRequestHandler", FileHandler),
];

static BY_NAME: LazyLock<Map<&'static str, Api>> =
    LazyLock::new(|| CALLS.iter().copied().collect());

/// The kind of the call named `qual`, if a row names it.
pub(super) fn lookup(qual: &str) -> Option<Api> {
    BY_NAME.get(qual).copied()
}

/// Calls whose result is derived from a file's text, not the text (a parsed document, a
/// number, a count, the matches of a pattern): see [`crate::engine::Taint::derived`].
pub(super) const DERIVING_CALLS: &[&str] = &[
    "json.load",
    "json.loads",
    "yaml.safe_load",
    "yaml.load",
    "yaml.full_load",
    "tomllib.load",
    "tomllib.loads",
    "toml.load",
    "toml.loads",
    "int",
    "float",
    "round",
    "sum",
    "len",
    "re.search",
    "re.match",
    "re.fullmatch",
    "re.findall",
];

/// Methods whose result is derived from the text they are called on (a match's groups, a
/// count, a digest): see [`crate::engine::Taint::derived`].
pub(super) const DERIVING_METHODS: &[&str] = &[
    "group",
    "groups",
    "groupdict",
    "count",
    "hexdigest",
    "digest",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_name_has_one_row() {
        let mut seen = std::collections::HashSet::new();
        for (name, _) in CALLS {
            assert!(seen.insert(*name), "{name} has two rows");
        }
    }
}
