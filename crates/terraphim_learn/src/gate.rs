//! The learning loop as one handle: run the engine into `guard-staging/`, and the review gate
//! (approve, reject, edit) that alone moves entries into the active KG, always with a review
//! record.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::engine::EngineInput;
use crate::proposal::{Action, Proposal, check_text, slug};
use crate::record::{ReviewAction, ReviewRecord, SCHEMA};
use crate::stats::{LineRecord, Tally};
use crate::store::write_atomic;
use crate::{
    ActiveKg, DestructiveCheck, Error, LearnConfig, LearnPaths, OutcomeRecord, ReadWarning, Record,
    Result, ScanReport, Store, Tier, Timestamp, candidate_pattern,
};

/// A proposal waiting in `guard-staging/`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Staged {
    /// The proposal.
    #[serde(flatten)]
    pub proposal: Proposal,
    /// Its staging file.
    pub path: PathBuf,
}

/// What a refresh (an engine run) did.
#[derive(Debug, Clone, Default)]
pub struct Refresh {
    /// Everything now waiting in staging, sorted by id.
    pub staged: Vec<Staged>,
    /// Ids staged for the first time (or again after a rejection, with new evidence).
    pub new: Vec<String>,
    /// Ids whose evidence was updated.
    pub updated: Vec<String>,
    /// Ids of ALLOW proposals withdrawn because a violation arrived.
    pub withdrawn: Vec<String>,
    /// The counts the engine ran on.
    pub tally: Tally,
    /// Skipped lines of the store and the review log.
    pub warnings: Vec<ReadWarning>,
}

/// The result of an approval.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Approved {
    /// The proposal as approved.
    pub proposal: Proposal,
    /// The active KG file written.
    pub path: PathBuf,
}

/// The learning loop of one user: store, config, staging and the user KG.
#[derive(Debug, Clone)]
pub struct Learn {
    paths: LearnPaths,
    config: LearnConfig,
    store: Store,
}

impl Learn {
    /// The loop for `paths`, with `learn.toml` read from the config dir.
    pub fn open(paths: LearnPaths) -> Result<Learn> {
        let config = LearnConfig::load(&paths.config_file())?;
        Ok(Learn::with_config(paths, config))
    }

    /// The loop for the XDG directories of the environment.
    pub fn from_env() -> Result<Learn> {
        Learn::open(LearnPaths::from_env()?)
    }

    /// The loop with an explicit config.
    pub fn with_config(paths: LearnPaths, config: LearnConfig) -> Learn {
        let store = Store::new(&paths, &config);
        Learn {
            paths,
            config,
            store,
        }
    }

    /// The directories.
    pub fn paths(&self) -> &LearnPaths {
        &self.paths
    }

    /// The config.
    pub fn config(&self) -> &LearnConfig {
        &self.config
    }

    /// The outcome store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Append one outcome record (see [`Store::append`]).
    pub fn append_outcome(&self, record: OutcomeRecord) -> Result<()> {
        self.store.append(&Record::Outcome(record))
    }

    /// The user KG (`guard-safe/`, `guard-suspicious/`, `guard-destructive/`).
    pub fn user_kg(&self) -> Result<ActiveKg> {
        ActiveKg::load_user(&self.paths.kg_dir())
    }

    /// Run the engine over the whole store and bring `guard-staging/` up to date: new proposals
    /// are written (with a `staged` / `demotion-proposed` review record), existing ones get fresh
    /// evidence (keeping a reviewer's edits), ALLOW proposals that met a violation are withdrawn.
    pub fn refresh(&self, kg: &ActiveKg, destructive: &dyn DestructiveCheck) -> Result<Refresh> {
        self.refresh_with(kg, destructive, &mut |_, _| {})
    }

    pub(crate) fn refresh_with(
        &self,
        kg: &ActiveKg,
        destructive: &dyn DestructiveCheck,
        visit: &mut dyn FnMut(&LineRecord<'_>, Timestamp),
    ) -> Result<Refresh> {
        let _gate = self.store.lock("learn.lock")?;
        self.store.compact()?;
        let mut tally = Tally::default();
        let ScanReport { mut warnings, .. } = self.store.scan(&mut tally, visit)?;
        let (reviews, review_warnings) = self.store.read_reviews()?;
        warnings.extend(review_warnings);
        let engine = EngineInput {
            tally: &tally,
            kg,
            reviews: &reviews,
            config: &self.config,
            destructive,
        };
        let proposals = engine.propose();
        let mut existing: BTreeMap<String, Staged> = self
            .staged()?
            .into_iter()
            .map(|s| (s.proposal.id.clone(), s))
            .collect();
        let mut refresh = Refresh::default();
        let mut fresh = Vec::new();
        for mut p in proposals {
            match existing.remove(&p.id) {
                Some(old) => {
                    // A reviewer's edits survive; only the evidence is the engine's.
                    p.synonyms = old.proposal.synonyms.clone();
                    p.reason = old.proposal.reason.clone();
                    if p != old.proposal {
                        write_atomic(&old.path, p.to_staged_markdown().as_bytes())?;
                        refresh.updated.push(p.id.clone());
                    }
                    refresh.staged.push(Staged {
                        proposal: p,
                        path: old.path,
                    });
                }
                None => fresh.push(p),
            }
        }
        for (id, old) in existing {
            if old.proposal.action == Action::Allow && engine.withdraws_allow(&old.proposal.pattern)
            {
                let archived = self.archive(&old.path, ".withdrawn")?;
                self.review(
                    ReviewAction::Withdrawn,
                    &old.proposal,
                    "terraphim-learn",
                    None,
                    Some(&archived),
                    BTreeMap::new(),
                )?;
                refresh.withdrawn.push(id);
            } else {
                refresh.staged.push(old);
            }
        }
        for p in fresh {
            let path = self.staging_path(&p)?;
            write_atomic(&path, p.to_staged_markdown().as_bytes())?;
            let action = if p.action == Action::Demote {
                ReviewAction::DemotionProposed
            } else {
                ReviewAction::Staged
            };
            self.review(
                action,
                &p,
                "terraphim-learn",
                None,
                Some(&path),
                BTreeMap::new(),
            )?;
            refresh.new.push(p.id.clone());
            refresh.staged.push(Staged { proposal: p, path });
        }
        refresh
            .staged
            .sort_by(|a, b| a.proposal.id.cmp(&b.proposal.id));
        refresh.tally = tally;
        refresh.warnings = warnings;
        Ok(refresh)
    }

    fn staging_path(&self, p: &Proposal) -> Result<PathBuf> {
        let dir = self.paths.staging_dir();
        let base = format!("{}-{}", p.action.as_str(), slug(&p.pattern));
        let path = dir.join(format!("{base}.md"));
        if path.exists() {
            Ok(dir.join(format!("{base}-{}.md", p.id)))
        } else {
            Ok(path)
        }
    }

    /// Every proposal in `guard-staging/`, sorted by id. A file that does not parse is an error
    /// naming it.
    pub fn staged(&self) -> Result<Vec<Staged>> {
        let dir = self.paths.staging_dir();
        let entries = match fs_err::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(Error::io("list", &dir, e)),
        };
        let mut out = Vec::new();
        for entry in entries {
            let path = entry.map_err(|e| Error::io("list", &dir, e))?.path();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if name.starts_with('.') || !name.ends_with(".md") || !path.is_file() {
                continue;
            }
            let text = fs_err::read_to_string(&path).map_err(|e| Error::io("read", &path, e))?;
            out.push(Staged {
                proposal: Proposal::parse_staged(&path, &text)?,
                path,
            });
        }
        out.sort_by(|a, b| a.proposal.id.cmp(&b.proposal.id));
        Ok(out)
    }

    fn find(&self, id: &str) -> Result<Staged> {
        self.staged()?
            .into_iter()
            .find(|s| s.proposal.id == id)
            .ok_or_else(|| Error::UnknownProposal(id.to_owned()))
    }

    /// Approve a staged proposal: write its entry atomically into the active user KG dir of its
    /// tier (or mark the demoted entry `status:: deprecated`), append an `approved` review record,
    /// and remove it from staging.
    ///
    /// The staged file is checked again (it lives in a user-writable directory): every synonym
    /// must be one plain line, and an ALLOW may not hold a destructive, shell or wrapper pattern.
    pub fn approve(
        &self,
        id: &str,
        who: &str,
        destructive: &dyn DestructiveCheck,
    ) -> Result<Approved> {
        let _gate = self.store.lock("learn.lock")?;
        let staged = self.find(id)?;
        let p = staged.proposal;
        self.check_synonyms(&p, destructive)?;
        check_text("reason", &p.reason, true)?;
        let kg = self.user_kg()?;
        let now = Timestamp::now();
        let (path, bytes) = match p.action {
            Action::Allow | Action::Deny => {
                for synonym in &p.synonyms {
                    for other in [Tier::Safe, Tier::Suspicious, Tier::Destructive] {
                        if let Some(e) = kg.find(other, synonym) {
                            let at = e
                                .file()
                                .map(|p| p.display().to_string())
                                .unwrap_or_default();
                            let hint = if other == Tier::Safe {
                                "; approve or write its demotion first"
                            } else {
                                ""
                            };
                            return Err(Error::Refused(format!(
                                "pattern `{synonym}` is already active in {} ({at}){hint}",
                                other.dir_name()
                            )));
                        }
                    }
                }
                let dir = self.paths.kg_dir().join(p.tier().dir_name());
                let mut path = dir.join(format!("{}.md", slug(&p.pattern)));
                if path.exists() {
                    path = dir.join(format!("{}-{}.md", slug(&p.pattern), p.id));
                }
                (path, p.to_active_markdown(who, now))
            }
            Action::Demote => self.demoted_entry(&p, who, now)?,
        };
        // The review record comes first: an active KG file never exists without one.
        let mut extra = BTreeMap::new();
        extra.insert(
            "action_kind".to_owned(),
            serde_json::Value::String(p.action.as_str().to_owned()),
        );
        self.review(ReviewAction::Approved, &p, who, None, Some(&path), extra)?;
        write_atomic(&path, bytes.as_bytes())?;
        fs_err::remove_file(&staged.path).map_err(|e| Error::io("remove", &staged.path, e))?;
        Ok(Approved { proposal: p, path })
    }

    /// The deprecated form of the entry a demotion targets: the user file itself, or a user
    /// override of an entry that is not in the user KG.
    fn demoted_entry(&self, p: &Proposal, who: &str, now: Timestamp) -> Result<(PathBuf, String)> {
        let note = format!(
            "deprecated_by:: {}\ndeprecated_at:: {now}\ndeprecated_reason:: learned: permission violations after approval (proposal {})\n",
            who.chars()
                .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '@'))
                .collect::<String>(),
            p.id
        );
        let kg_dir = self.paths.kg_dir();
        if let Some(target) = p
            .target
            .as_ref()
            .filter(|t| t.starts_with(&kg_dir) && t.is_file())
        {
            let text = fs_err::read_to_string(target).map_err(|e| Error::io("read", target, e))?;
            let mut out = String::new();
            let mut replaced = false;
            for (line, (_, kind)) in text.lines().zip(terraphim_guard_kg::lines(&text)) {
                let key = match &kind {
                    terraphim_guard_kg::Line::Directive { key, .. } => key.as_str(),
                    _ => "",
                };
                if key == "status" {
                    if !replaced {
                        out.push_str("status:: deprecated\n");
                        out.push_str(&note);
                        replaced = true;
                    }
                    continue;
                }
                out.push_str(line);
                out.push('\n');
                if !replaced && key == "synonyms" {
                    out.push_str("status:: deprecated\n");
                    out.push_str(&note);
                    replaced = true;
                }
            }
            return Ok((target.clone(), out));
        }
        let name = if p
            .pattern
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " ._-".contains(c))
            && !p.pattern.starts_with('.')
        {
            p.pattern.clone()
        } else {
            slug(&p.pattern)
        };
        let path = kg_dir
            .join(Tier::Safe.dir_name())
            .join(format!("{name}.md"));
        let md = format!(
            "# {}\n\nsynonyms:: {}\nstatus:: deprecated\n{note}\nOverride: demoted after sandbox violations.\n",
            p.pattern,
            p.synonyms.join(", ")
        );
        Ok((path, md))
    }

    /// Reject a staged proposal: archive it in `guard-staging/.rejected/` and append a `rejected`
    /// review record; the engine will not stage it again until new evidence arrives.
    pub fn reject(&self, id: &str, who: &str, why: &str) -> Result<PathBuf> {
        check_text("reason", why, true)?;
        let _gate = self.store.lock("learn.lock")?;
        let staged = self.find(id)?;
        self.review(
            ReviewAction::Rejected,
            &staged.proposal,
            who,
            Some(why),
            Some(&staged.path),
            BTreeMap::new(),
        )?;
        self.archive(&staged.path, ".rejected")
    }

    /// Edit a staged proposal's synonyms and/or reason (it stays staged). An ALLOW proposal may
    /// not be edited into a destructive, shell or wrapper pattern.
    pub fn edit(
        &self,
        id: &str,
        who: &str,
        synonyms: Option<Vec<String>>,
        reason: Option<String>,
        destructive: &dyn DestructiveCheck,
    ) -> Result<Proposal> {
        let _gate = self.store.lock("learn.lock")?;
        let staged = self.find(id)?;
        let mut p = staged.proposal;
        let previous = p.synonyms.clone();
        if let Some(synonyms) = synonyms {
            let synonyms: Vec<String> = synonyms
                .into_iter()
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect();
            if synonyms.is_empty() {
                return Err(Error::Refused("an entry needs at least one synonym".into()));
            }
            for s in &synonyms {
                check_text("synonym", s, false)?;
                if p.action == Action::Allow
                    && (destructive.is_destructive(s)
                        || candidate_pattern(s, &self.config).is_none())
                {
                    return Err(Error::Refused(format!(
                        "`{s}` cannot be allowed: it is destructive, a shell, an interpreter or a wrapper"
                    )));
                }
            }
            p.synonyms = synonyms;
        }
        if let Some(reason) = reason {
            check_text("reason", &reason, true)?;
            p.reason = reason.trim().to_owned();
        }
        write_atomic(&staged.path, p.to_staged_markdown().as_bytes())?;
        let mut extra = BTreeMap::new();
        extra.insert("previous_synonyms".to_owned(), serde_json::json!(previous));
        self.review(
            ReviewAction::Edited,
            &p,
            who,
            None,
            Some(&staged.path),
            extra,
        )?;
        Ok(p)
    }

    fn check_synonyms(&self, p: &Proposal, destructive: &dyn DestructiveCheck) -> Result<()> {
        if p.synonyms.is_empty() {
            return Err(Error::Refused("an entry needs at least one synonym".into()));
        }
        for s in &p.synonyms {
            check_text("synonym", s, false)?;
            if p.action == Action::Allow
                && (destructive.is_destructive(s) || candidate_pattern(s, &self.config).is_none())
            {
                return Err(Error::Refused(format!(
                    "`{s}` cannot be allowed: it is destructive, a shell, an interpreter or a wrapper"
                )));
            }
        }
        Ok(())
    }

    fn archive(&self, path: &Path, dir_name: &str) -> Result<PathBuf> {
        let dir = self.paths.staging_dir().join(dir_name);
        fs_err::create_dir_all(&dir).map_err(|e| Error::io("create", &dir, e))?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let target = dir.join(format!("{stem}-{}.md", Timestamp::now().unix_millis()));
        fs_err::rename(path, &target).map_err(|e| Error::io("archive", path, e))?;
        Ok(target)
    }

    fn review(
        &self,
        action: ReviewAction,
        p: &Proposal,
        who: &str,
        why: Option<&str>,
        path: Option<&Path>,
        extra: BTreeMap<String, serde_json::Value>,
    ) -> Result<()> {
        let evidence = serde_json::to_value(&p.evidence).map_err(|source| Error::Serialise {
            what: "evidence",
            source,
        })?;
        let mut extra = extra;
        extra.insert(
            "pattern".into(),
            serde_json::Value::String(p.pattern.clone()),
        );
        extra.insert("rule".into(), serde_json::Value::String(p.rule.clone()));
        let record = ReviewRecord {
            schema: SCHEMA,
            time: Timestamp::now(),
            action,
            proposal_id: p.id.clone(),
            tier: p.tier().as_str().to_owned(),
            synonyms: p.synonyms.clone(),
            who: who.to_owned(),
            evidence,
            why: why.map(str::to_owned),
            path: path.map(|p| p.display().to_string()),
            extra,
        };
        self.store.append_review(&record)
    }
}
