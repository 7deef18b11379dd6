//! Operations tools that the line itself aims at a server, by the tool's own variable or
//! option: `CONSUL_HTTP_ADDR=127.0.0.1:8500 consul kv put ...`, `NOMAD_ADDR=http://localhost:4646
//! nomad job run ...`, `vault kv get -address=http://127.0.0.1:8200 ...`, `ldapadd -H
//! ldap://localhost:3890 -f fixtures/x.ldif`.
//!
//! Aimed at this machine (every address the line gives is a loopback one), a write goes to the
//! developer's own development server (`consul agent -dev`, `vault server -dev`, a test LDAP
//! container): ordinary work, allowed where no KG entry says more (`local_service`). The tool's
//! destroying verbs keep their KG decision there too: a dev server may still hold what the
//! developer made by hand, and the KG's destroy entries are not lifted. Without an address the
//! server is whatever the environment says (a shell with `VAULT_ADDR` of production), and with
//! another host it is somebody's server: both stay as the KG says (confined).
//!
//! A directory service is shared infrastructure: its entries are the organisation's users and
//! groups. `ldapmodify`, `ldapdelete` and `ldapmodrdn` aimed at a server other than this machine
//! change or delete them (an LDIF file's changes are not on the line): denied
//! (`remote_directory_change`), and so is an `ldapdelete` that names no server, which deletes on
//! the one `ldap.conf` names.

use crate::parse::SimpleCommand;
use terraphim_shell_vocab::hosts::{host_of, is_loopback_host};

/// Each tool, the variables that name its server, and its options that do (`-opt VALUE`,
/// `-opt=VALUE`, also spelt with two dashes).
const SERVICE_ADDRESSES: &[(&str, &[&str], &[&str])] = &[
    ("consul", &["CONSUL_HTTP_ADDR"], &["-http-addr"]),
    ("nomad", &["NOMAD_ADDR"], &["-address"]),
    ("vault", &["VAULT_ADDR"], &["-address"]),
    ("etcdctl", &["ETCDCTL_ENDPOINTS"], &["-endpoints"]),
    ("ldapadd", &["LDAPURI"], &["-H", "-h"]),
    ("ldapmodify", &["LDAPURI"], &["-H", "-h"]),
    ("ldapdelete", &["LDAPURI"], &["-H", "-h"]),
    ("ldapmodrdn", &["LDAPURI"], &["-H", "-h"]),
    ("ldappasswd", &["LDAPURI"], &["-H", "-h"]),
];

/// The directory clients that change or delete entries.
const DIRECTORY_CHANGES: &[&str] = &["ldapmodify", "ldapdelete", "ldapmodrdn"];

/// The servers the line names for `cmd`'s tool (its variables, then its options), as hosts;
/// `None` for a tool not in [`SERVICE_ADDRESSES`]. A value whose host cannot be read is the
/// empty string (no loopback).
fn servers(cmd: &SimpleCommand) -> Option<Vec<String>> {
    let name = cmd.name();
    let (_, vars, options) = SERVICE_ADDRESSES.iter().find(|(n, _, _)| *n == name)?;
    let mut values: Vec<&str> = cmd
        .env
        .iter()
        .filter(|(k, _)| vars.contains(&k.as_str()))
        .map(|(_, v)| v.as_str())
        .collect();
    let mut words = cmd.argv.iter().skip(1);
    while let Some(w) = words.next() {
        for opt in *options {
            let long = opt.len() > 2;
            let spelt =
                |o: &str| w == o || (long && w.strip_prefix('-').is_some_and(|rest| rest == o));
            if spelt(opt) {
                if let Some(v) = words.next() {
                    values.push(v);
                }
            } else if let Some(v) = w
                .strip_prefix(opt)
                .or_else(|| w.strip_prefix('-').and_then(|r| r.strip_prefix(opt)))
                .filter(|_| long)
                .and_then(|r| r.strip_prefix('='))
            {
                values.push(v);
            } else if !long && w.len() > 2 && w.starts_with(opt) {
                // A one-letter option with its value attached (`-Hldap://localhost`).
                values.push(&w[2..]);
            }
        }
    }
    Some(
        values
            .iter()
            .flat_map(|v| v.split([',', ' ']))
            .filter(|a| !a.is_empty())
            .map(address_host)
            .collect(),
    )
}

/// The host of a server address: a URL (`http://127.0.0.1:8200`, `ldaps://ldap.internal`) or
/// `HOST[:PORT]` (`127.0.0.1:8500`, `[::1]:8500`), as [`host_of`] reads both; `ldapi://` is a
/// local socket. An address whose host cannot be read is the empty string (no loopback).
fn address_host(address: &str) -> String {
    if address.to_ascii_lowercase().starts_with("ldapi://") {
        return "localhost".to_string();
    }
    host_of(address).unwrap_or_default()
}

/// Whether the line aims `cmd`'s tool at this machine: it names its server, and every server it
/// names is a loopback address.
pub(crate) fn local_service(cmd: &SimpleCommand) -> bool {
    servers(cmd).is_some_and(|s| !s.is_empty() && s.iter().all(|h| is_loopback_host(h)))
}

/// The server a directory change (`ldapmodify`, `ldapdelete`, `ldapmodrdn`) is aimed at when the
/// line names one other than this machine.
pub(crate) fn remote_directory_change(cmd: &SimpleCommand) -> Option<String> {
    if !DIRECTORY_CHANGES.contains(&cmd.name()) {
        return None;
    }
    let servers = servers(cmd)?;
    // Without an address `ldapdelete` deletes on the server of `ldap.conf` (`URI`), the
    // organisation's directory, as surely as one named: a test server on this machine is
    // named on the line. `ldapmodify` without one stays confined (its changes are a file's).
    if servers.is_empty() && cmd.name() == "ldapdelete" && !cmd.argv.iter().any(|w| w == "--help") {
        return Some("the server ldap.conf names (no -H on the line)".into());
    }
    servers.into_iter().find(|h| !is_loopback_host(h)).map(|h| {
        if h.is_empty() {
            "an unreadable address".into()
        } else {
            h
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::parse::first_command as first;

    #[test]
    fn the_line_names_a_server_on_this_machine() {
        for (line, want) in [
            (
                "CONSUL_HTTP_ADDR=127.0.0.1:8500 consul kv put app/x 1",
                true,
            ),
            (
                "consul kv put -http-addr=http://localhost:8500 app/x 1",
                true,
            ),
            (
                "NOMAD_ADDR=http://[::1]:4646 nomad job run jobs/a.nomad",
                true,
            ),
            ("vault kv get -address http://127.0.0.1:8200 secret/x", true),
            ("ldapadd -x -H ldap://localhost:3890 -f seed.ldif", true),
            ("ldapadd -x -Hldapi:/// -f seed.ldif", true),
            (
                "ETCDCTL_ENDPOINTS=http://127.0.0.1:2379 etcdctl put k v",
                true,
            ),
            // no address, another host, or one of several elsewhere
            ("consul kv put app/x 1", false),
            (
                "CONSUL_HTTP_ADDR=consul.internal:8500 consul kv put app/x 1",
                false,
            ),
            (
                "VAULT_ADDR=http://127.0.0.1:8200 vault kv put -address=https://vault.example.net secret/x a=1",
                false,
            ),
            (
                "ldapadd -x -H 'ldap://localhost ldap://dir.example.net' -f seed.ldif",
                false,
            ),
            ("ldapadd -x -h dir.example.net -f seed.ldif", false),
            (
                "NOMAD_ADDR=http://localhost:4646 kubectl apply -f x.yml",
                false,
            ),
            ("VAULT_ADDR=$ADDR vault kv get secret/x", false),
        ] {
            assert_eq!(local_service(&first(line)), want, "{line}");
        }
    }

    #[test]
    fn directory_changes_aimed_elsewhere() {
        for (line, want) in [
            (
                "ldapmodify -x -H ldaps://dir.corp.internal -f changes.ldif",
                Some("dir.corp.internal"),
            ),
            (
                "ldapdelete -H ldap://203.0.113.8 uid=a,dc=x",
                Some("203.0.113.8"),
            ),
            (
                "ldapmodify -x -H ldap://127.0.0.1:3890 -f changes.ldif",
                None,
            ),
            ("ldapmodify -x -f changes.ldif", None),
            ("ldapadd -x -H ldaps://dir.corp.internal -f new.ldif", None),
            (
                "ldapsearch -x -H ldaps://dir.corp.internal -b dc=corp",
                None,
            ),
        ] {
            assert_eq!(
                remote_directory_change(&first(line)).as_deref(),
                want,
                "{line}"
            );
        }
    }
}
