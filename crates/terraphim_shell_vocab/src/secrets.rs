//! Which environment variables hold credentials, and which hosts are the API of the service a
//! token is for (`GITHUB_TOKEN` -> `api.github.com`): one list for the command guard and the
//! script review, so both call the same flows a leak.

/// Whether an environment variable name looks like it holds a credential.
pub fn secret_env(name: &str) -> bool {
    let n = name.to_ascii_uppercase();
    const NOT: &[&str] = &[
        "PATH", "HOME", "USER", "SHELL", "LANG", "TERM", "PWD", "TMPDIR", "KEYBOARD",
    ];
    // Settings named after a service that hold no credential (`AWS_REGION`, `AWS_PROFILE`,
    // `GIT_AUTHOR_NAME`): where to go and as whom, not the key to get in.
    const SETTINGS: &[&str] = &[
        "_REGION",
        "_PROFILE",
        "_ENDPOINT",
        "_ENDPOINT_URL",
        "_ACCOUNT_ID",
        "_OUTPUT",
        "_PAGER",
        "_NAME",
        "_EMAIL",
    ];
    if NOT.contains(&n.as_str())
        || n.ends_with("_PATH")
        || n.ends_with("_DIR")
        || n.ends_with("_FILE") && !n.contains("CRED")
        || SETTINGS.iter().any(|s| n.ends_with(s))
            && !["TOKEN", "SECRET", "PASSWORD", "KEY"]
                .iter()
                .any(|c| n.contains(c))
    {
        return false;
    }
    // The public half of a key pair (`DISCORD_PUBLIC_KEY` that checks an interaction's
    // signature, `VAPID_PUBLIC_KEY`) and a key the vendor publishes for browsers
    // (`STRIPE_PUBLISHABLE_KEY`): meant to be shown, no credential, unless the name holds
    // another credential word (`PUBLIC_KEY_PASSPHRASE`, `PUBLIC_KEY_TOKEN`).
    if (n.ends_with("_PUBLIC_KEY")
        || n.ends_with("_PUBKEY")
        || n == "PUBLIC_KEY"
        || n.ends_with("_PUBLISHABLE_KEY"))
        && ![
            "TOKEN",
            "SECRET",
            "PASSWORD",
            "PASSWD",
            "PASSPHRASE",
            "PRIVATE",
            "AUTH",
            "CRED",
        ]
        .iter()
        .any(|c| n.contains(c))
    {
        return false;
    }
    n.contains("TOKEN")
        || n.contains("SECRET")
        || n.contains("PASSWORD")
        || n.contains("PASSWD")
        || n.contains("PASSPHRASE")
        || n.contains("CREDENTIAL")
        || n.contains("API_KEY")
        || n.contains("APIKEY")
        || n.contains("PRIVATE_KEY")
        || n.ends_with("_KEY")
        || n.starts_with("AWS_")
        || n.contains("AUTH")
        || n.ends_with("_PAT")
        || n == "NPM_TOKEN"
}

/// Programs that sign with a key whose password they take from their environment or standard
/// input: signing tools and the builds that sign release artifacts. A password handed to one of
/// them is its use.
pub const SIGNING_TOOLS: &[&str] = &[
    "minisign",
    "signify",
    "gpg",
    "gpg2",
    "cosign",
    "jarsigner",
    "apksigner",
    "gradle",
    "gradlew",
    "signtool",
    "osslsigncode",
    "rpmsign",
    "debsign",
    "keytool",
];

/// A command that prints a credential: the program, the words its arguments must hold, what it
/// prints, and the token variable of the service when the printed value is that variable's
/// value (`gh auth token` prints what `GH_TOKEN` would hold).
pub type CredentialPrint = (
    &'static str,
    &'static [&'static str],
    &'static str,
    Option<&'static str>,
);

/// Programs of [`CREDENTIAL_PRINTS`] that hand out the secrets a project keeps in a secrets
/// manager (a vault, a deployment platform's settings), which scripts read to do their work;
/// the others print the user's own credentials (the keychain, a CLI's login).
pub const SECRETS_MANAGERS: &[&str] =
    &["vault", "doppler", "infisical", "op", "bw", "ansible-vault"];

/// Whether `row` reads the user's own credentials rather than a project's secrets manager
/// ([`SECRETS_MANAGERS`], and the cloud secret stores' `get-secret-value`-like reads).
pub fn reads_user_credentials(row: &CredentialPrint) -> bool {
    let (prog, words, _, _) = row;
    !SECRETS_MANAGERS.contains(prog)
        && !matches!(
            (*prog, words.first().copied()),
            ("aws", Some("secretsmanager" | "ssm"))
                | ("gcloud", Some("secrets"))
                | ("az", Some("keyvault"))
                | ("heroku", Some("config" | "config:get"))
        )
}

/// Commands that print a credential or what a credential store holds: the one list the command
/// guard (a store's entry staged and sent away) and the script review (a subprocess whose output
/// is a secret) share. `pass show NAME`, macOS's `security find-generic-password`, the Secret
/// Service's `secret-tool lookup`, a CLI's own token (`gh auth token`), a vault's decrypted
/// file (`ansible-vault view`, `sops -d`), a secrets manager's values (`doppler secrets
/// download`, `op read`). The KG's `credential store sent away` names the same heads.
pub const CREDENTIAL_PRINTS: &[CredentialPrint] = &[
    ("pass", &["show"], "the password store", None),
    ("gopass", &["show"], "the password store", None),
    (
        "security",
        &["find-generic-password"],
        "the macOS keychain",
        None,
    ),
    (
        "security",
        &["find-internet-password"],
        "the macOS keychain",
        None,
    ),
    ("security", &["dump-keychain"], "the macOS keychain", None),
    ("security", &["export"], "the macOS keychain", None),
    ("secret-tool", &["lookup"], "the system keyring", None),
    ("secret-tool", &["search"], "the system keyring", None),
    ("heroku", &["config"], "Heroku's config vars", None),
    ("heroku", &["config:get"], "Heroku's config vars", None),
    (
        "heroku",
        &["auth:token"],
        "the Heroku CLI's token",
        Some("HEROKU_API_KEY"),
    ),
    (
        "gh",
        &["auth", "token"],
        "the GitHub CLI's token",
        Some("GH_TOKEN"),
    ),
    (
        "gh",
        &["auth", "status", "--show-token"],
        "the GitHub CLI's token",
        Some("GH_TOKEN"),
    ),
    // A new registry token, printed once (`npm token create`, `pnpm token create`).
    (
        "npm",
        &["token", "create"],
        "a new npm token",
        Some("NPM_TOKEN"),
    ),
    (
        "pnpm",
        &["token", "create"],
        "a new npm token",
        Some("NPM_TOKEN"),
    ),
    (
        "git",
        &["credential", "fill"],
        "the credentials git stores",
        None,
    ),
    (
        "aws",
        &["configure", "export-credentials"],
        "the AWS CLI's credentials",
        None,
    ),
    (
        "aws",
        &["configure", "get", "aws_secret_access_key"],
        "the AWS CLI's secret key",
        None,
    ),
    (
        "aws",
        &["secretsmanager", "get-secret-value"],
        "an AWS Secrets Manager secret",
        None,
    ),
    (
        "aws",
        &["ssm", "get-parameter", "--with-decryption"],
        "a decrypted AWS SSM parameter",
        None,
    ),
    (
        "aws",
        &["ssm", "get-parameters-by-path", "--with-decryption"],
        "decrypted AWS SSM parameters",
        None,
    ),
    (
        "gcloud",
        &["auth", "print-access-token"],
        "a Google Cloud access token",
        Some("GOOGLE_API_TOKEN"),
    ),
    (
        "gcloud",
        &["auth", "print-identity-token"],
        "a Google Cloud identity token",
        Some("GOOGLE_API_TOKEN"),
    ),
    (
        "gcloud",
        &["secrets", "versions", "access"],
        "a Google Secret Manager secret",
        None,
    ),
    (
        "az",
        &["account", "get-access-token"],
        "an Azure access token",
        None,
    ),
    (
        "az",
        &["keyvault", "secret", "show"],
        "an Azure Key Vault secret",
        None,
    ),
    (
        "kubectl",
        &["config", "view", "--raw"],
        "the kubeconfig's credentials",
        None,
    ),
    (
        "ansible-vault",
        &["view"],
        "an Ansible vault's decrypted text",
        None,
    ),
    (
        "doppler",
        &["secrets", "download"],
        "Doppler's secrets",
        None,
    ),
    ("doppler", &["secrets", "get"], "a Doppler secret", None),
    ("infisical", &["export"], "Infisical's secrets", None),
    ("op", &["read"], "a 1Password item", None),
    ("op", &["item", "get"], "a 1Password item", None),
    ("bw", &["get"], "a Bitwarden item", None),
    ("vault", &["kv", "get"], "a Vault secret", None),
    ("vault", &["read"], "a Vault secret", None),
    (
        "docker-credential-desktop",
        &["get"],
        "Docker's stored registry credentials",
        None,
    ),
    // A WireGuard interface's configuration with its private key.
    (
        "wg",
        &["showconf"],
        "a WireGuard interface's private key",
        None,
    ),
];

/// Commands of a credential store that print only what is public: macOS's `security`
/// listing the signing identities (`find-identity`: names and certificate hashes), the
/// certificates (`find-certificate`), the keychains (`list-keychains`, `default-keychain`,
/// `show-keychain-info`) or checking a certificate (`verify-cert`). The KG's `macos
/// inspection` names the same heads; passwords and keys are read by
/// [`CREDENTIAL_PRINTS`].
pub const CREDENTIAL_STORE_PUBLIC: &[(&str, &str)] = &[
    ("security", "find-identity"),
    ("security", "find-certificate"),
    ("security", "verify-cert"),
    ("security", "list-keychains"),
    ("security", "default-keychain"),
    ("security", "show-keychain-info"),
];

/// Whether `argv` is one of the [`CREDENTIAL_STORE_PUBLIC`] commands: the program and its
/// subcommand, the first word after the program that is no option.
pub fn credential_store_public<S: AsRef<str>>(argv: &[S]) -> bool {
    let Some((first, rest)) = argv.split_first() else {
        return false;
    };
    let prog = first.as_ref().rsplit('/').next().unwrap_or("");
    rest.iter()
        .map(AsRef::as_ref)
        .find(|w| !w.starts_with('-'))
        .is_some_and(|sub| {
            CREDENTIAL_STORE_PUBLIC
                .iter()
                .any(|(p, s)| *p == prog && *s == sub)
        })
}

/// The row of [`CREDENTIAL_PRINTS`] of the command `program` with these arguments (the program's
/// name without its directory): the row's options anywhere among `args`, its other words one
/// after another among the words that are no option (`vault kv get`, not `vault kv metadata
/// get`, which prints no secret).
pub fn credential_print<S: AsRef<str>>(
    program: &str,
    args: &[S],
) -> Option<&'static CredentialPrint> {
    let prog = program.rsplit('/').next().unwrap_or("");
    if !CREDENTIAL_PRINTS.iter().any(|(p, ..)| *p == prog) {
        return None;
    }
    let operands: Vec<&str> = args
        .iter()
        .map(AsRef::as_ref)
        .filter(|w| !w.starts_with('-'))
        .collect();
    CREDENTIAL_PRINTS.iter().find(|(p, need, _, _)| {
        let (options, words): (Vec<&str>, Vec<&str>) =
            need.iter().partition(|n| n.starts_with('-'));
        *p == prog
            && options
                .iter()
                .all(|o| args.iter().any(|w| w.as_ref() == *o))
            && (words.is_empty()
                || operands
                    .windows(words.len())
                    .any(|run| run == words.as_slice()))
    })
}

/// Fields of a secrets manager's item that say where and as whom, not the key to get in: an
/// item's user name, address, server or title (1Password's `username`, `website`, `server`).
const PLAIN_FIELDS: &[&str] = &[
    "username", "user", "email", "login", "url", "website", "server", "host", "hostname", "port",
    "database", "db", "title", "account", "region", "name",
];

/// Whether a field name (`username`, `Website`, `server_host`) is one of [`PLAIN_FIELDS`] or two
/// of them joined, compared in lower case without separators.
fn plain_field(name: &str) -> bool {
    let n: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    // One of them, or two joined (`db_user`, `server_host`).
    PLAIN_FIELDS.iter().any(|f| {
        n.strip_suffix(f)
            .is_some_and(|head| head.is_empty() || PLAIN_FIELDS.contains(&head))
    })
}

/// Whether a command of [`CREDENTIAL_PRINTS`] (`program` and its arguments) asks its secrets
/// manager only for fields whose names say they hold no secret: `op item get ITEM --fields
/// label=username,label=website`, `op read op://vault/item/username`, `vault kv get
/// -field=username secret/db`. What it prints is where and as whom, not the key: a
/// password, a token, a one-time code (`--otp`, `?attribute=otp`), a field picked by type or
/// by id, or no field named at all stays the secret it prints.
///
/// ```
/// use terraphim_shell_vocab::secrets::prints_plain_fields;
/// assert!(prints_plain_fields("op", &["item", "get", "DB", "--fields", "label=username"]));
/// assert!(prints_plain_fields("op", &["read", "op://Dev/DB/username"]));
/// assert!(!prints_plain_fields("op", &["item", "get", "DB", "--fields", "label=password"]));
/// assert!(!prints_plain_fields("op", &["item", "get", "DB", "--format", "json"]));
/// assert!(!prints_plain_fields("op", &["read", "op://Dev/DB/password"]));
/// assert!(prints_plain_fields("vault", &["kv", "get", "-field=username", "secret/db"]));
/// assert!(!prints_plain_fields("vault", &["kv", "get", "secret/db"]));
/// ```
pub fn prints_plain_fields<S: AsRef<str>>(program: &str, args: &[S]) -> bool {
    let prog = program.rsplit('/').next().unwrap_or("");
    let words: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    // The value of an option given as `--opt=v`, `-opt=v` or `--opt v`.
    let value = |names: &[&str]| -> Option<&str> {
        words.iter().enumerate().find_map(|(i, w)| {
            names.iter().find_map(|n| match w.strip_prefix(n) {
                Some("") => words.get(i + 1).copied(),
                Some(rest) => rest.strip_prefix('='),
                None => None,
            })
        })
    };
    match prog {
        "op" if words.contains(&"--otp") => false,
        "op" if words.iter().any(|w| w.starts_with("op://")) => {
            words.iter().filter(|w| w.starts_with("op://")).all(|w| {
                let (path, query) = w.split_once('?').unwrap_or((w, ""));
                query.is_empty() && path.rsplit('/').next().is_some_and(plain_field)
            })
        }
        "op" => value(&["--fields"]).is_some_and(|f| {
            f.split(',').all(|spec| {
                let name = spec.strip_prefix("label=").unwrap_or(spec);
                !name.contains('=') && plain_field(name)
            })
        }),
        "vault" => value(&["-field", "--field"]).is_some_and(plain_field),
        _ => false,
    }
}

/// The credential-store read `argv` is ([`CREDENTIAL_PRINTS`]): the program and the words that
/// name the read, as the KG's `credential store sent away` spells its head.
pub fn credential_store_read<S: AsRef<str>>(
    argv: &[S],
) -> Option<(&'static str, &'static [&'static str])> {
    let (first, rest) = argv.split_first()?;
    credential_print(first.as_ref(), rest).map(|(p, need, _, _)| (*p, *need))
}

/// Secret scanners: each finding they print or write holds the secret found (see the KG's
/// `secret scanner findings sent away`).
pub const SECRET_SCANNERS: &[&str] = &["trufflehog", "gitleaks", "noseyparker"];

/// Whether `argv` (the program `name`'s, program first) is a secret scanner printing or
/// writing the secrets it finds: gitleaks only without `--redact` (which masks them).
pub fn prints_secrets_found<S: AsRef<str>>(name: &str, argv: &[S]) -> bool {
    SECRET_SCANNERS.contains(&name)
        && !(name == "gitleaks" && argv.iter().any(|w| w.as_ref().starts_with("--redact")))
}

/// Programs that print a private key they keep when asked by an option (a program, the option's
/// prefix, and the option the KG names the read by): GnuPG's `--export-secret-keys` and
/// `--export-secret-subkeys` (gpg takes any unambiguous abbreviation, `--export-secret-k`).
/// A new key made on the spot (`age-keygen -o F`, `ssh-keygen -f F`) is no export of a key
/// the user has: it protects nothing yet.
pub const SECRET_KEY_EXPORTS: &[(&str, &str, &str)] = &[
    ("gpg", "--export-secret-s", "--export-secret-subkeys"),
    ("gpg2", "--export-secret-s", "--export-secret-subkeys"),
    ("gpg", "--export-secret-k", "--export-secret-keys"),
    ("gpg2", "--export-secret-k", "--export-secret-keys"),
];

/// The secret-key export `argv` is ([`SECRET_KEY_EXPORTS`]): the program (`gpg` for both of
/// GnuPG's names) and the option as the KG names it. Options only before `--`.
pub fn secret_key_export<S: AsRef<str>>(argv: &[S]) -> Option<(&'static str, &'static str)> {
    let (first, rest) = argv.split_first()?;
    let prog = first.as_ref().rsplit('/').next().unwrap_or("");
    rest.iter()
        .map(AsRef::as_ref)
        .take_while(|w| *w != "--")
        .find_map(|w| {
            let opt = w.split('=').next().unwrap_or(w);
            SECRET_KEY_EXPORTS
                .iter()
                .find(|(p, prefix, _)| *p == prog && opt.starts_with(prefix))
                .map(|(_, _, named)| ("gpg", *named))
        })
}

/// Whether a variable's name says it holds a password (`MINISIGN_PASSWORD`, `GPG_PASSPHRASE`,
/// `KEY_PASS`).
pub fn password_env(name: &str) -> bool {
    let n = name.to_ascii_uppercase();
    n.contains("PASSWORD") || n.contains("PASSPHRASE") || n.ends_with("_PASS")
}

/// Whether a variable's name says it holds a plain setting and no credential (`PORT`,
/// `API_PORT`, `NODE_ENV`, `LOG_LEVEL`, `WORKER_TIMEOUT`): read from a secrets file such as a
/// project's `.env`, its value is no secret. Any credential word in the name (`TOKEN`,
/// `SECRET`, `PASSWORD`, `KEY`, `AUTH`, `CRED`) keeps it a secret, as does a URL or DSN
/// (`DATABASE_URL` carries a password).
pub fn plain_setting(name: &str) -> bool {
    let n = name.to_ascii_uppercase();
    const EXACT: &[&str] = &[
        "PORT",
        "HOST",
        "HOSTNAME",
        "ENV",
        "ENVIRONMENT",
        "DEBUG",
        "LOG_LEVEL",
        "LOGLEVEL",
        "TZ",
        "LANG",
        "WORKERS",
        "CONCURRENCY",
        "NODE_ENV",
        "RAILS_ENV",
        "RACK_ENV",
        "APP_ENV",
        "FLASK_ENV",
        "MIX_ENV",
    ];
    const SUFFIXES: &[&str] = &[
        "_PORT",
        "_HOST",
        "_HOSTNAME",
        "_ENV",
        "_DEBUG",
        "_LOG_LEVEL",
        "_LEVEL",
        "_TIMEOUT",
        "_WORKERS",
        "_CONCURRENCY",
        "_MODE",
        "_REGION",
        "_DIR",
        "_PATH",
        "_VERSION",
        "_ENABLED",
        "_COUNT",
        "_SIZE",
        "_LIMIT",
        "_NAME",
        "_PROFILE",
        // Whom or what a credential is for, not the credential: an app's or account's
        // identifier (`GITHUB_APP_ID`, Twilio's `ACCOUNT_SID`, which its API URLs carry), the
        // organisation, project or user a token acts in.
        "_ID",
        "_SID",
        "_ORG",
        "_ORGANIZATION",
        "_PROJECT",
        "_USER",
        "_USERNAME",
    ];
    const CREDENTIAL: &[&str] = &["TOKEN", "SECRET", "PASS", "KEY", "AUTH", "CRED", "COOKIE"];
    !CREDENTIAL.iter().any(|c| n.contains(c))
        && (EXACT.contains(&n.as_str()) || SUFFIXES.iter().any(|s| n.ends_with(s)))
}

/// Whether a variable's name says nothing of a credential and names no connection string
/// (`JIRA_SITE`, `TWILIO_FROM`, `NOTION_PROTOCOLS_DB`, `GOOGLE_ADMIN_SUBJECT`): a setting whose
/// name no list knows. Read by that name from a secrets file such as a project's `.env`, its
/// value is that setting, as reading it from the environment gives it (no secret), not the
/// whole file. Only an upper-case name is a variable's. A credential word anywhere in the name
/// (`SMTP_PASS`, `SESSION_COOKIE`, `SIGNING_SALT`, a `_SK` or `_PAT` suffix) or a URL, URI, DSN
/// or connection string (`DATABASE_URL`, `REDIS_CONN` carry a password) is not one.
pub fn names_no_credential(name: &str) -> bool {
    let n = name.to_ascii_uppercase();
    const WORDS: &[&str] = &[
        "TOKEN", "SECRET", "PASS", "PWD", "KEY", "AUTH", "CRED", "COOKIE", "SESSION", "PRIVATE",
        "CERT", "SALT", "SIGN", "JWT", "BEARER", "OTP", "SEED", "MNEMONIC", "URL", "URI", "DSN",
        "CONN", "WEBHOOK", "LICENSE",
    ];
    const SUFFIXES: &[&str] = &["_SK", "_PAT", "_PW", "_PIN", "_HASH", "_SIG"];
    // An environment variable's name is upper case (`JIRA_SITE`); a member of a parsed file
    // (`schema["required"]`, `url.href`) is no variable of it.
    name.bytes().any(|b| b.is_ascii_uppercase())
        && name
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        && !WORDS.iter().any(|w| n.contains(w))
        && !SUFFIXES.iter().any(|s| n.ends_with(s))
        && !matches!(n.as_str(), "PAT" | "SK" | "PW" | "PIN")
        && !secret_env(name)
}

/// The documented API hosts of a token variable's service (`GITHUB_TOKEN` -> `api.github.com`).
/// A token sent to its own service's host is its use, not a leak.
pub const TOKEN_HOSTS: &[(&str, &[&str])] = &[
    // GitHub's API and its container registry (`docker login ghcr.io`).
    (
        "GITHUB",
        &[
            "api.github.com",
            "uploads.github.com",
            "github.com",
            "ghcr.io",
        ],
    ),
    (
        "GH_",
        &[
            "api.github.com",
            "uploads.github.com",
            "github.com",
            "ghcr.io",
        ],
    ),
    // GitHub's container registry alone (`echo "$GHCR_TOKEN" | docker login ghcr.io ...`).
    ("GHCR", &["ghcr.io"]),
    ("GITLAB", &["gitlab.com"]),
    ("OPENAI", &["api.openai.com"]),
    ("ANTHROPIC", &["api.anthropic.com"]),
    ("CLAUDE", &["api.anthropic.com"]),
    ("HF_", &["huggingface.co"]),
    ("HUGGING", &["huggingface.co"]),
    ("NPM", &["registry.npmjs.org"]),
    ("PYPI", &["upload.pypi.org", "test.pypi.org"]),
    ("TWINE", &["upload.pypi.org", "test.pypi.org"]),
    ("CARGO_REGISTRY", &["crates.io"]),
    ("SLACK", &["slack.com"]),
    ("STRIPE", &["api.stripe.com"]),
    ("SENTRY", &["sentry.io"]),
    ("CLOUDFLARE", &["api.cloudflare.com"]),
    // Cloudflare's own abbreviation (`CF_API_TOKEN`, `CF_TOKEN`, `CF_ZONE_ID` in its docs).
    ("CF_", &["api.cloudflare.com"]),
    ("DIGITALOCEAN", &["api.digitalocean.com"]),
    // Hetzner Cloud (`HCLOUD_TOKEN`, read by its `hcloud` CLI) and Linode (`LINODE_TOKEN`,
    // `LINODE_CLI_TOKEN` of `linode-cli`).
    ("HCLOUD", &["api.hetzner.cloud"]),
    ("LINODE", &["api.linode.com"]),
    // The Buf Schema Registry (`BUF_TOKEN`, read by the `buf` CLI).
    ("BUF_", &["buf.build"]),
    ("LINEAR", &["api.linear.app"]),
    ("NOTION", &["api.notion.com"]),
    ("JIRA", &["atlassian.net"]),
    ("ATLASSIAN", &["atlassian.net"]),
    ("TWILIO", &["api.twilio.com"]),
    ("SENDGRID", &["api.sendgrid.com"]),
    ("MISTRAL", &["api.mistral.ai"]),
    ("GROQ", &["api.groq.com"]),
    ("GEMINI", &["generativelanguage.googleapis.com"]),
    ("GOOGLE_API", &["googleapis.com"]),
    // A Google service account's or OAuth client's secrets (`GOOGLE_CLIENT_SECRET`,
    // `GOOGLE_SA_KEY`): exchanged at `oauth2.googleapis.com`, used at the APIs under
    // `googleapis.com`.
    ("GOOGLE", &["googleapis.com"]),
    ("VERCEL", &["api.vercel.com"]),
    ("NETLIFY", &["api.netlify.com"]),
    ("HEROKU", &["api.heroku.com"]),
    // Docker Hub's API and its registry (`docker login docker.io`).
    (
        "DOCKER",
        &[
            "hub.docker.com",
            "docker.io",
            "registry-1.docker.io",
            "index.docker.io",
        ],
    ),
    ("CODECOV", &["codecov.io"]),
    ("DATADOG", &["datadoghq.com", "datadoghq.eu"]),
    ("DD_API", &["datadoghq.com", "datadoghq.eu"]),
    ("PAGERDUTY", &["api.pagerduty.com"]),
    ("CIRCLE", &["circleci.com"]),
    ("BITBUCKET", &["api.bitbucket.org"]),
    ("COHERE", &["api.cohere.ai", "api.cohere.com"]),
    ("REPLICATE", &["api.replicate.com"]),
    ("PINECONE", &["pinecone.io"]),
    // Bot APIs: Telegram takes the bot token in the URL path (`/bot<TOKEN>/getMe`).
    ("TELEGRAM", &["api.telegram.org"]),
    ("DISCORD", &["discord.com", "discordapp.com"]),
    // Editor extension marketplaces (`vsce publish -p`, `ovsx publish -p`).
    ("VSCE", &["marketplace.visualstudio.com"]),
    ("OVSX", &["open-vsx.org"]),
    // Feature-flag services.
    ("LAUNCHDARKLY", &["app.launchdarkly.com"]),
    // LaunchDarkly's own abbreviation (`LD_API_TOKEN`, `LD_SDK_KEY` in its docs); only names
    // that hold a credential word are secrets, so `LD_PRELOAD` never reaches this table.
    ("LD_", &["app.launchdarkly.com"]),
    ("CONFIGCAT", &["api.configcat.com"]),
    ("SUPABASE", &["supabase.co"]),
    ("AIRTABLE", &["api.airtable.com"]),
    // Canvas LMS: every institution's instance is `NAME.instructure.com`.
    ("CANVAS", &["instructure.com"]),
    // Microsoft 365 and Entra ID app registrations: the client secret is exchanged at the
    // identity platform's token endpoint, the token used at Microsoft Graph.
    (
        "M365",
        &["login.microsoftonline.com", "graph.microsoft.com"],
    ),
    (
        "MSGRAPH",
        &["login.microsoftonline.com", "graph.microsoft.com"],
    ),
    (
        "MS_GRAPH",
        &["login.microsoftonline.com", "graph.microsoft.com"],
    ),
    (
        "AZURE_CLIENT",
        &[
            "login.microsoftonline.com",
            "graph.microsoft.com",
            "management.azure.com",
        ],
    ),
    (
        "ENTRA",
        &["login.microsoftonline.com", "graph.microsoft.com"],
    ),
    // The Internet Archive's S3-like keys (`IA_ACCESS`, `IA_SECRET`, read by the `ia` CLI).
    ("IA_", &["archive.org"]),
    // STScI's MAST archive (`MAST_TOKEN`, read by astroquery).
    ("MAST_", &["mast.stsci.edu"]),
    ("ASANA", &["app.asana.com"]),
    ("TODOIST", &["api.todoist.com"]),
    ("TRELLO", &["api.trello.com"]),
    ("OPENROUTER", &["openrouter.ai"]),
    ("DEEPSEEK", &["api.deepseek.com"]),
    ("TOGETHER", &["api.together.xyz"]),
    ("PERPLEXITY", &["api.perplexity.ai"]),
    ("XAI_", &["api.x.ai"]),
    ("ELEVENLABS", &["api.elevenlabs.io"]),
    ("FIREWORKS", &["api.fireworks.ai"]),
    ("VOYAGE", &["api.voyageai.com"]),
    ("MAILGUN", &["api.mailgun.net", "api.eu.mailgun.net"]),
    ("POSTMARK", &["api.postmarkapp.com"]),
    ("RESEND", &["api.resend.com"]),
    ("BUILDKITE", &["api.buildkite.com"]),
    ("RENDER", &["api.render.com"]),
    ("FLY_", &["api.fly.io", "api.machines.dev"]),
    ("SNYK", &["api.snyk.io", "snyk.io"]),
    ("FIGMA", &["api.figma.com"]),
    ("MAPBOX", &["api.mapbox.com"]),
    ("HUBSPOT", &["api.hubapi.com"]),
    ("ZENDESK", &["zendesk.com"]),
    ("SHOPIFY", &["myshopify.com"]),
    ("ALGOLIA", &["algolia.net", "algolianet.com"]),
    ("SONAR", &["sonarcloud.io"]),
    ("PLANETSCALE", &["api.planetscale.com"]),
    ("NEON", &["console.neon.tech"]),
    ("TAILSCALE", &["api.tailscale.com"]),
    ("TERRAFORM", &["app.terraform.io"]),
    ("TFE_", &["app.terraform.io"]),
    ("RTD_", &["readthedocs.org", "readthedocs.com"]),
    // Crowdin's API (an enterprise organisation's is `ORG.api.crowdin.com`).
    ("CROWDIN", &["api.crowdin.com"]),
    ("WANDB", &["api.wandb.ai"]),
    ("NUGET", &["api.nuget.org", "www.nuget.org"]),
    // RubyGems' push key (`GEM_HOST_API_KEY`).
    ("GEM_HOST", &["rubygems.org"]),
    ("HEX_", &["hex.pm"]),
    ("EXPO_", &["api.expo.dev", "exp.host"]),
    // addons.mozilla.org's API keys (`AMO_JWT_ISSUER`, `AMO_JWT_SECRET`).
    ("AMO_", &["addons.mozilla.org"]),
    ("READTHEDOCS", &["readthedocs.org", "readthedocs.com"]),
    // Research data repositories: Zenodo's REST API (`ZENODO_TOKEN`; `sandbox.zenodo.org` is
    // its test instance) and the Open Science Framework's API and file service (`OSF_TOKEN`).
    ("ZENODO", &["zenodo.org"]),
    // Reference managers, video and dataset platforms: Zotero's web API (`ZOTERO_API_KEY`,
    // sent as the `Zotero-API-Key` header), Mux's video API (`MUX_TOKEN_ID` and
    // `MUX_TOKEN_SECRET`, as basic auth) and Roboflow's (`ROBOFLOW_API_KEY`).
    ("ZOTERO", &["api.zotero.org"]),
    ("MUX_", &["api.mux.com"]),
    ("ROBOFLOW", &["api.roboflow.com"]),
    ("OSF_", &["api.osf.io", "files.osf.io"]),
    // Headless CMSs: Contentful's management, delivery, preview and upload APIs
    // (`CONTENTFUL_MANAGEMENT_TOKEN`) and Sanity's API, a project's own being
    // `<project id>.api.sanity.io` (`SANITY_API_TOKEN`).
    (
        "CONTENTFUL",
        &[
            "api.contentful.com",
            "cdn.contentful.com",
            "preview.contentful.com",
            "upload.contentful.com",
        ],
    ),
    ("SANITY", &["api.sanity.io", "apicdn.sanity.io"]),
    // Apollo GraphOS's platform API (`APOLLO_KEY`, read by the `rover` CLI).
    ("APOLLO", &["api.apollographql.io"]),
    // JFrog's cloud platform, each customer's at `<name>.jfrog.io` (`JFROG_ACCESS_TOKEN`, read
    // by the `jf` CLI).
    ("JFROG", &["jfrog.io"]),
    // Infracost's pricing API (`INFRACOST_API_KEY`, read by the `infracost` CLI).
    (
        "INFRACOST",
        &["pricing.api.infracost.io", "dashboard.api.infracost.io"],
    ),
    // Science data and compute services: Copernicus' Climate, Atmosphere and Early Warning
    // data stores (`CDSAPI_KEY`, read by `cdsapi`), and two whose clients keep their key in a
    // file of their own ([`KEY_FILE_SERVICES`]): IBM Quantum (`~/.qiskit/qiskit-ibm.json`,
    // read by `qiskit-ibm-runtime`) and the Internet Archive's S3-like API (`ia.ini`, read by
    // `ia`; its own variables are `IA_ACCESS_KEY_ID`/`IA_SECRET_ACCESS_KEY`).
    (
        "CDSAPI",
        &[
            "cds.climate.copernicus.eu",
            "ads.atmosphere.copernicus.eu",
            "ewds.climate.copernicus.eu",
        ],
    ),
    // Shipping label and carrier APIs: EasyPost (`EASYPOST_API_KEY`, as basic auth; its test
    // and live keys share the host), Shippo (`SHIPPO_TOKEN`, as `ShippoToken` authorisation)
    // and Sendcloud's panel API (`SENDCLOUD_PUBLIC_KEY`/`SENDCLOUD_SECRET_KEY`).
    ("EASYPOST", &["api.easypost.com"]),
    ("SHIPPO", &["api.goshippo.com"]),
    ("SENDCLOUD", &["panel.sendcloud.sc"]),
    // Music metadata: MusicBrainz's web service and AcoustID's lookup API (`ACOUSTID_API_KEY`,
    // read by beets' `chroma` plugin).
    // Payment gateways' APIs, test and live (`MOLLIE_API_KEY`, `ADYEN_API_KEY` as
    // `X-API-Key`, PayPal's OAuth client, Braintree's and GoCardless' access tokens); a live
    // key moving money is `live payment moved` in the KG.
    ("MOLLIE", &["api.mollie.com"]),
    (
        "ADYEN",
        &[
            "checkout-test.adyen.com",
            "management-test.adyen.com",
            "pal-test.adyen.com",
            "adyenpayments.com",
        ],
    ),
    (
        "PAYPAL",
        &[
            "api-m.sandbox.paypal.com",
            "api-m.paypal.com",
            "api.sandbox.paypal.com",
            "api.paypal.com",
        ],
    ),
    (
        "BRAINTREE",
        &[
            "api.sandbox.braintreegateway.com",
            "api.braintreegateway.com",
            "payments.sandbox.braintree-api.com",
            "payments.braintree-api.com",
        ],
    ),
    (
        "GOCARDLESS",
        &["api-sandbox.gocardless.com", "api.gocardless.com"],
    ),
    // Uptime pings and their management API (`HC_PING_UUID`, `HC_API_KEY`; healthchecks.io),
    // device fleet and firmware update services (balenaCloud, hosted Mender), and the hosted
    // Invoice Ninja API (`NINJA_TOKEN` as `X-Api-Token`).
    ("HC_", &["hc-ping.com", "healthchecks.io"]),
    ("HEALTHCHECKS", &["hc-ping.com", "healthchecks.io"]),
    ("BALENA", &["api.balena-cloud.com"]),
    ("MENDER", &["hosted.mender.io", "eu.hosted.mender.io"]),
    ("NINJA", &["invoicing.co"]),
    ("INVOICE_NINJA", &["invoicing.co"]),
    // Push notification services (an APNs provider token, a Segment write key, OneSignal's REST
    // key), rented GPU clouds and the ad platforms' APIs.
    (
        "APNS",
        &["api.push.apple.com", "api.sandbox.push.apple.com"],
    ),
    ("SEGMENT", &["api.segment.io", "events.eu1.segmentapis.com"]),
    ("ONESIGNAL", &["onesignal.com", "api.onesignal.com"]),
    ("FCM", &["fcm.googleapis.com"]),
    ("LAMBDA_API", &["cloud.lambdalabs.com", "cloud.lambda.ai"]),
    ("LAMBDALABS", &["cloud.lambdalabs.com", "cloud.lambda.ai"]),
    ("RUNPOD", &["api.runpod.io", "rest.runpod.io"]),
    ("VAST_API", &["console.vast.ai"]),
    ("VASTAI", &["console.vast.ai"]),
    ("MODAL_TOKEN", &["api.modal.com"]),
    ("GOOGLE_ADS", &["googleads.googleapis.com"]),
    ("META_ACCESS", &["graph.facebook.com"]),
    ("META_ADS", &["graph.facebook.com"]),
    ("FB_ACCESS", &["graph.facebook.com"]),
    ("MUSICBRAINZ", &["musicbrainz.org"]),
    // Ground station networks and weather station clouds.
    ("SATNOGS", &["network.satnogs.org", "db.satnogs.org"]),
    ("ECOWITT", &["api.ecowitt.net"]),
    ("ACOUSTID", &["api.acoustid.org"]),
    (
        "QISKIT_IBM",
        &[
            "quantum-computing.ibm.com",
            "quantum.cloud.ibm.com",
            "iam.cloud.ibm.com",
        ],
    ),
];

/// Credential files of one service (as [`SECRET_PATH_PARTS`] names them) and the token
/// variable of that service ([`TOKEN_HOSTS`]): the key such a file holds belongs to that
/// service's documented hosts, as the variable's value does. Sent there, it is used.
pub const KEY_FILE_SERVICES: &[(&str, &str)] = &[
    ("the IBM Quantum token file", "QISKIT_IBM_TOKEN"),
    ("the Internet Archive keys file", "IA_SECRET_ACCESS_KEY"),
];

/// The token variable whose service the credential file `what` (a [`SECRET_PATH_PARTS`]
/// name) is for, if it is one service's ([`KEY_FILE_SERVICES`]).
pub fn key_file_token_var(what: &str) -> Option<&'static str> {
    KEY_FILE_SERVICES
        .iter()
        .find(|(file, _)| *file == what)
        .map(|(_, var)| *var)
}

/// The command-line clients of a token variable's service whose name is not the service's word
/// (the prefix of [`TOKEN_HOSTS`] in lower case, `_` trimmed): `gh` for `GITHUB_TOKEN`, Mozilla's
/// `web-ext` for `AMO_JWT_SECRET`. A program named as the word itself (`vercel`, `stripe`,
/// `heroku`, `crowdin`) is that service's client too. A token handed to its own service's client
/// in its environment is its use.
pub const TOKEN_CLIS: &[(&str, &[&str])] = &[
    ("github", &["gh"]),
    ("gh", &["gh"]),
    ("gitlab", &["glab"]),
    ("amo", &["web-ext"]),
    ("linode", &["linode-cli"]),
    ("sentry", &["sentry-cli"]),
    ("cloudflare", &["wrangler"]),
    ("cf", &["wrangler"]),
    ("fly", &["flyctl", "fly"]),
    ("npm", &["npm", "pnpm", "yarn"]),
    ("pypi", &["twine", "uv", "poetry", "hatch", "flit"]),
    ("twine", &["twine"]),
    ("cargo_registry", &["cargo"]),
    ("hf", &["huggingface-cli", "hf"]),
    ("hugging", &["huggingface-cli", "hf"]),
    ("expo", &["eas", "expo"]),
    ("gem_host", &["gem"]),
    ("hex", &["mix"]),
    ("nuget", &["dotnet", "nuget"]),
    ("digitalocean", &["doctl"]),
    ("planetscale", &["pscale"]),
    ("neon", &["neonctl"]),
    ("datadog", &["datadog-ci"]),
    ("dd_api", &["datadog-ci"]),
    ("circle", &["circleci"]),
    ("buildkite", &["buildkite-agent"]),
    ("sonar", &["sonar-scanner"]),
    ("tfe", &["terraform"]),
    ("jfrog", &["jf"]),
];

/// Whether the program `program` (its base name) is the command-line client of the service the
/// token variable `name` is for ([`TOKEN_CLIS`], or the service's own word: `vercel` for
/// `VERCEL_TOKEN`).
pub fn token_cli(name: &str, program: &str) -> bool {
    let Some(service) = token_service(name) else {
        return false;
    };
    program == service
        || TOKEN_CLIS
            .iter()
            .any(|(s, clis)| *s == service && clis.contains(&program))
}

/// The service word of a token variable (`OPENAI_API_KEY` -> `openai`, `GH_TOKEN` -> `gh`):
/// the first row of [`TOKEN_HOSTS`] whose prefix the name starts with or holds after a `_`.
pub fn token_service(name: &str) -> Option<String> {
    let n = name.to_ascii_uppercase();
    TOKEN_HOSTS
        .iter()
        .find(|(prefix, _)| n.starts_with(prefix) || n.contains(&format!("_{prefix}")))
        .map(|(prefix, _)| prefix.trim_end_matches('_').to_ascii_lowercase())
}

/// The documented API hosts of the service the token variable `name` is for (every row of
/// [`TOKEN_HOSTS`] whose prefix the name starts with or holds after a `_`).
pub fn token_hosts(name: &str) -> impl Iterator<Item = &'static str> {
    let n = name.to_ascii_uppercase();
    TOKEN_HOSTS
        .iter()
        .filter(move |(prefix, _)| n.starts_with(prefix) || n.contains(&format!("_{prefix}")))
        .flat_map(|(_, hosts)| hosts.iter().copied())
}

/// Whether `host` is a documented API host of the service the token variable `name` is for.
/// A service whose documented hosts are Google APIs (`googleads.googleapis.com`,
/// `fcm.googleapis.com`) trades its OAuth client secret and refresh token for an access token at
/// Google's one token endpoint, which is documented for every one of them.
pub fn token_host_documented(name: &str, host: &str) -> bool {
    let n = name.to_ascii_uppercase();
    TOKEN_HOSTS.iter().any(|(prefix, hosts)| {
        (n.starts_with(prefix) || n.contains(&format!("_{prefix}")))
            && hosts.iter().any(|h| {
                host == *h
                    || host.strip_suffix(h).is_some_and(|p| p.ends_with('.'))
                    || host == GOOGLE_TOKEN_ENDPOINT && h.ends_with(".googleapis.com")
            })
    })
}

/// Google's OAuth 2.0 token endpoint, shared by every Google API.
const GOOGLE_TOKEN_ENDPOINT: &str = "oauth2.googleapis.com";

/// The model APIs whose clients (the coding agents among them) read their endpoint from a
/// setting named `<VENDOR>_BASE_URL` (or `_API_BASE`, `_API_URL`): `ANTHROPIC_BASE_URL`,
/// `OPENAI_BASE_URL`, `GOOGLE_GEMINI_BASE_URL`.
const MODEL_API_VENDORS: &[&str] = &[
    "ANTHROPIC",
    "CLAUDE",
    "OPENAI",
    "GEMINI",
    "GOOGLE_GEMINI",
    "MISTRAL",
    "GROQ",
    "DEEPSEEK",
    "OPENROUTER",
    "TOGETHER",
    "COHERE",
];

/// Gateways that serve the model APIs under another name (an Azure OpenAI resource, a cloud's
/// own endpoint, a documented router): where a team points its client on purpose.
const MODEL_API_GATEWAYS: &[&str] = &[
    ".openai.azure.com",
    ".azure-api.net",
    ".services.ai.azure.com",
    ".googleapis.com",
    ".amazonaws.com",
    "openrouter.ai",
    "gateway.ai.cloudflare.com",
    "api.portkey.ai",
    "api.together.xyz",
    "api.groq.com",
    "api.deepseek.com",
    "api.mistral.ai",
    "api.fireworks.ai",
];

/// Whether `name` is the endpoint setting of a model API client (`ANTHROPIC_BASE_URL`,
/// `OPENAI_API_BASE`, `ANTHROPIC_BEDROCK_BASE_URL`).
pub fn model_api_endpoint_setting(name: &str) -> bool {
    // Compared without case and without a copy: the names are ASCII, and this is asked of every
    // name a script assigns or reads.
    let Some(vendor) = ["_BASE_URL", "_API_BASE", "_API_BASE_URL", "_API_URL"]
        .iter()
        .find_map(|s| {
            let cut = name.len().checked_sub(s.len())?;
            let tail = name.as_bytes().get(cut..)?;
            tail.eq_ignore_ascii_case(s.as_bytes())
                .then(|| &name.as_bytes()[..cut])
        })
    else {
        return false;
    };
    MODEL_API_VENDORS.iter().any(|v| {
        let v = v.as_bytes();
        vendor.eq_ignore_ascii_case(v)
            || (vendor.len() > v.len()
                && vendor[v.len()] == b'_'
                && vendor[..v.len()].eq_ignore_ascii_case(v))
    })
}

/// Whether `host` is where a model API client's endpoint setting `name` may point: the
/// vendor's own API (a host its `<VENDOR>_API_KEY` is for) or a known gateway.
pub fn model_api_host(name: &str, host: &str) -> bool {
    let n = name.to_ascii_uppercase();
    let own = MODEL_API_VENDORS
        .iter()
        .filter(|v| n.starts_with(*v))
        .any(|v| token_host_documented(&format!("{v}_API_KEY"), host));
    own || MODEL_API_GATEWAYS
        .iter()
        .any(|g| host == g.trim_start_matches('.') || (g.starts_with('.') && host.ends_with(g)))
}

/// Path parts that name credential material, and what it is: the first in this order that a
/// path holds says what the path is. The script review's credential places; wallets' keystores
/// (`~/.foundry/keystores`, `~/.ethereum/keystore`, `~/.config/solana`) are keys as SSH keys are.
pub const SECRET_PATH_PARTS: &[(&str, &str)] = &[
    (".ssh/id_", "an SSH private key"),
    (".ssh/identity", "an SSH private key"),
    (".aws/credentials", "AWS credentials"),
    (".aws/config", "the AWS config"),
    (".git-credentials", "git credentials"),
    (".netrc", "the netrc credentials file"),
    (".npmrc", "the npm token file"),
    (".pypirc", "the PyPI token file"),
    (".pgpass", "the PostgreSQL password file"),
    (".my.cnf", "the MySQL client password file"),
    ("gcloud/credentials", "Google Cloud credentials"),
    (
        "gcloud/application_default_credentials",
        "Google Cloud credentials",
    ),
    (".azure/", "Azure credentials"),
    (".kube/config", "the Kubernetes config"),
    (".docker/config.json", "Docker registry credentials"),
    (".config/gh/hosts.yml", "GitHub CLI tokens"),
    (".gnupg/", "the GnuPG keyring"),
    (".password-store", "the password store"),
    (".vault-token", "a Vault token"),
    (
        ".bash_history",
        "the shell history (commands typed with tokens in them)",
    ),
    (
        ".zsh_history",
        "the shell history (commands typed with tokens in them)",
    ),
    (
        ".zhistory",
        "the shell history (commands typed with tokens in them)",
    ),
    (
        "fish/fish_history",
        "the shell history (commands typed with tokens in them)",
    ),
    (".python_history", "the Python history"),
    (".psql_history", "the psql history"),
    (".mysql_history", "the MySQL history"),
    (".node_repl_history", "the Node history"),
    ("PSReadLine/ConsoleHost_history", "the PowerShell history"),
    ("/etc/shadow", "the system password hashes"),
    ("/etc/passwd", "the system account list"),
    ("/etc/sudoers", "the sudoers file"),
    (".mozilla/firefox", "a Firefox profile store"),
    ("google-chrome/", "a Chrome profile store"),
    ("chromium/", "a Chromium profile store"),
    (
        "Local Storage/leveldb",
        "an app's local storage (Discord, Slack and other Electron apps keep session tokens there)",
    ),
    ("Login Data", "a browser password store"),
    ("logins.json", "a browser password store"),
    ("key4.db", "a browser key store"),
    ("cookies.sqlite", "a browser cookie store"),
    ("Keychains/", "the macOS keychain"),
    (".terraform.d/credentials", "Terraform credentials"),
    (".config/hub", "GitHub tokens"),
    (".foundry/keystores", "a Foundry wallet keystore"),
    (".ethereum/keystore", "an Ethereum wallet keystore"),
    (".config/solana", "the Solana CLI's keypairs"),
    (".sfdx/", "the Salesforce CLI's org auth files"),
    (".config/sf/", "the Salesforce CLI's org auth files"),
    (".near-credentials", "NEAR account keys"),
    (".brownie/accounts", "Brownie wallet accounts"),
    // One service's key, kept where its client reads it (see [`KEY_FILE_SERVICES`]).
    (".qiskit/qiskit-ibm.json", "the IBM Quantum token file"),
    (".qiskit/qiskitrc", "the IBM Quantum token file"),
    ("/ia.ini", "the Internet Archive keys file"),
    ("credentials.json", "a credentials file"),
    ("service-account", "a service-account key"),
    // Mail clients' account files, which hold the mailbox password or the command that
    // prints it (`Pass`, `PassCmd`, `password =`).
    (".mbsyncrc", "a mail account file"),
    ("isync/mbsyncrc", "a mail account file"),
    (".offlineimaprc", "a mail account file"),
    (".msmtprc", "a mail account file"),
    (".authinfo", "a mail and news password file"),
    ("himalaya/config", "a mail account file"),
    ("aerc/accounts.conf", "a mail account file"),
];

/// For each byte, the parts of [`SECRET_PATH_PARTS`] that start with it (bit `k` for part `k`).
const SECRET_PART_STARTS: [u64; 256] = {
    assert!(SECRET_PATH_PARTS.len() <= 64);
    let mut masks = [0u64; 256];
    let mut k = 0;
    while k < SECRET_PATH_PARTS.len() {
        let first = SECRET_PATH_PARTS[k].0.as_bytes()[0];
        masks[first as usize] |= 1 << k;
        k += 1;
    }
    masks
};

/// What the first part of [`SECRET_PATH_PARTS`] (in its order) that `path` holds names: one pass
/// over the path, trying at each byte only the parts that start with it.
pub fn secret_path_part(path: &str) -> Option<&'static str> {
    let h = path.as_bytes();
    let mut found = 0u64;
    for i in 0..h.len() {
        let mut candidates = SECRET_PART_STARTS[h[i] as usize] & !found;
        while candidates != 0 {
            let k = candidates.trailing_zeros() as usize;
            if h[i..].starts_with(SECRET_PATH_PARTS[k].0.as_bytes()) {
                found |= 1 << k;
            }
            candidates &= candidates - 1;
        }
    }
    (found != 0).then(|| SECRET_PATH_PARTS[found.trailing_zeros() as usize].1)
}

/// Command-line clients that send the login they keep (a token or signed credentials from
/// their own store) with every request they make to their service: a forge's, a cloud's or a
/// platform's CLI. Sent through a proxy, each request carries that login there.
pub const LOGIN_CLIS: &[&str] = &[
    "gh",
    "glab",
    "hub",
    "tea",
    "aws",
    "gcloud",
    "gsutil",
    "az",
    "doctl",
    "heroku",
    "vercel",
    "netlify",
    "fly",
    "flyctl",
    "wrangler",
    "hf",
    "huggingface-cli",
    "stripe",
];

/// Headers of an HTTP request that carry a credential (compared case-insensitively).
pub const CREDENTIAL_HEADERS: &[&str] = &[
    "authorization",
    "proxy-authorization",
    "cookie",
    "x-api-key",
    "api-key",
    "private-token",
    "x-auth-token",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_halves_of_key_pairs_are_no_credentials() {
        for (name, want) in [
            ("DISCORD_PUBLIC_KEY", false),
            ("VAPID_PUBLIC_KEY", false),
            ("SSH_PUBKEY", false),
            ("PUBLIC_KEY", false),
            ("STRIPE_PUBLISHABLE_KEY", false),
            // The private half, a key's passphrase, a token named beside it stay secrets.
            ("DISCORD_PRIVATE_KEY", true),
            ("VAPID_PRIVATE_KEY", true),
            ("SIGNING_PUBLIC_KEY_PASSPHRASE", true),
            ("DISCORD_BOT_TOKEN", true),
            ("STRIPE_SECRET_KEY", true),
            ("PUBLIC_KEY_AUTH_TOKEN", true),
            ("DISCORD_KEY", true),
        ] {
            assert_eq!(secret_env(name), want, "{name}");
        }
    }

    #[test]
    fn commands_printing_a_credential() {
        for (argv, want) in [
            (
                &["vault", "kv", "get", "-format=json", "secret/ci"][..],
                true,
            ),
            (&["vault", "kv", "metadata", "get", "secret/ci"][..], false),
            (&["vault", "kv", "put", "secret/ci", "k=-"][..], false),
            (
                &["/usr/bin/git", "-C", "repo", "credential", "fill"][..],
                true,
            ),
            (&["git", "credential", "approve"][..], false),
            (
                &[
                    "aws",
                    "ssm",
                    "get-parameter",
                    "--name",
                    "p",
                    "--with-decryption",
                ][..],
                true,
            ),
            (&["aws", "ssm", "get-parameter", "--name", "p"][..], false),
            (&["ansible-vault", "view", "vault.yml"][..], true),
            (&["ansible-vault", "encrypt", "vault.yml"][..], false),
            (&["pass", "show", "ci/token"][..], true),
            (&["pass", "ls"][..], false),
            (&["doppler", "--version"][..], false),
            (&["doppler", "secrets", "download", "--no-file"][..], true),
            (&["doppler", "secrets", "--only-names", "--json"][..], false),
        ] {
            assert_eq!(credential_store_read(argv).is_some(), want, "{argv:?}");
        }
    }

    #[test]
    fn user_credentials_and_secrets_managers() {
        let user = |argv: &[&str]| {
            credential_store_read(argv).map(|(p, w)| {
                let row = CREDENTIAL_PRINTS
                    .iter()
                    .find(|r| r.0 == p && r.1 == w)
                    .unwrap();
                reads_user_credentials(row)
            })
        };
        assert_eq!(user(&["gh", "auth", "token"]), Some(true));
        assert_eq!(
            user(&["security", "find-generic-password", "-w"]),
            Some(true)
        );
        assert_eq!(user(&["vault", "kv", "get", "x"]), Some(false));
        assert_eq!(
            user(&["aws", "secretsmanager", "get-secret-value"]),
            Some(false)
        );
        assert_eq!(
            user(&["gcloud", "secrets", "versions", "access", "1"]),
            Some(false)
        );
        assert_eq!(user(&["kubectl", "config", "view", "--raw"]), Some(true));
    }

    #[test]
    fn secret_path_parts_name_wallet_keystores() {
        for (path, want) in [
            ("~/.foundry/keystores/deployer", true),
            ("/home/u/.ethereum/keystore/UTC--x", true),
            ("~/.config/solana/id.json", true),
            ("~/.ssh/id_ed25519", true),
            ("~/.foundry/cache/x.json", false),
            ("src/solana/app.ts", false),
            ("~/.mbsyncrc", true),
            ("/home/u/.config/himalaya/config.toml", true),
            ("~/.authinfo.gpg", true),
            ("docs/himalaya.md", false),
            ("src/mail/accounts.ts", false),
        ] {
            assert_eq!(secret_path_part(path).is_some(), want, "{path}");
        }
    }

    #[test]
    fn scanners_printing_the_secrets_they_find() {
        assert!(prints_secrets_found("gitleaks", &["gitleaks", "detect"]));
        assert!(!prints_secrets_found(
            "gitleaks",
            &["gitleaks", "detect", "--redact"]
        ));
        assert!(prints_secrets_found(
            "trufflehog",
            &["trufflehog", "git", "file://."]
        ));
    }
}
