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

/// Commands that print what a credential store holds (a program and its subcommand): `pass
/// show NAME`, macOS's `security find-generic-password`, the Secret Service's `secret-tool
/// lookup`, Heroku's config vars. The KG's `credential store sent away` names the same heads.
pub const CREDENTIAL_STORE_READS: &[(&str, &str)] = &[
    ("pass", "show"),
    ("gopass", "show"),
    ("security", "find-generic-password"),
    ("security", "find-internet-password"),
    ("security", "dump-keychain"),
    ("security", "export"),
    ("secret-tool", "lookup"),
    ("secret-tool", "search"),
    ("heroku", "config"),
    ("heroku", "config:get"),
];

/// The credential-store read `argv` is ([`CREDENTIAL_STORE_READS`]): the program and its
/// subcommand, the first word after the program that is no option.
pub fn credential_store_read<S: AsRef<str>>(argv: &[S]) -> Option<(&'static str, &'static str)> {
    let (first, rest) = argv.split_first()?;
    let prog = first.as_ref().rsplit('/').next().unwrap_or("");
    let sub = rest
        .iter()
        .map(AsRef::as_ref)
        .find(|w| !w.starts_with('-'))?;
    CREDENTIAL_STORE_READS
        .iter()
        .find(|(p, s)| *p == prog && *s == sub)
        .copied()
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
    ("SUPABASE", &["supabase.co"]),
    ("AIRTABLE", &["api.airtable.com"]),
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
    // Infracost's pricing API (`INFRACOST_API_KEY`, read by the `infracost` CLI).
    (
        "INFRACOST",
        &["pricing.api.infracost.io", "dashboard.api.infracost.io"],
    ),
];

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

/// Whether `host` is a documented API host of the service the token variable `name` is for.
pub fn token_host_documented(name: &str, host: &str) -> bool {
    let n = name.to_ascii_uppercase();
    TOKEN_HOSTS.iter().any(|(prefix, hosts)| {
        (n.starts_with(prefix) || n.contains(&format!("_{prefix}")))
            && hosts
                .iter()
                .any(|h| host == *h || host.strip_suffix(h).is_some_and(|p| p.ends_with('.')))
    })
}

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
