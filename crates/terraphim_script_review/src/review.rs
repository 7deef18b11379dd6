//! The high-level reviewer: language detection, the cache, the second opinion, and the plan for
//! a command (what the hook calls).

use std::path::Path;
use std::sync::Arc;

use crate::analyze::review_source_judged;
use crate::cache::{VerdictCache, content_hash};
use crate::config::Config;
use crate::error::{Error, Result};
use crate::llm::{self, SecondOpinion};
use crate::model::{Category, Finding, Language, Report, Verdict};
use crate::places::Context;
use crate::shell_judge::CommandJudge;
use crate::target::{Plan, Script, ScriptSource, SkipReason, is_committed, plan_without_git};

/// The outcome of reviewing one script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// The report (with the second opinion merged in, if one was asked).
    pub report: Report,
    /// SHA-256 of the script's text.
    pub sha256: String,
    /// Whether the report came from the cache.
    pub cached: bool,
}

impl Review {
    /// The verdict.
    pub fn verdict(&self) -> Verdict {
        self.report.verdict
    }

    /// The line always shown: `pre-review: <verdict> — <reason>`.
    pub fn line(&self) -> String {
        self.report.line()
    }
}

/// What the hook learns about one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandReview {
    /// The command does not run a script through an interpreter.
    NotAScript,
    /// It runs a script that is not reviewed.
    Skipped {
        /// The script, if identified.
        script: Option<Script>,
        /// Why.
        reason: SkipReason,
    },
    /// It runs a script that was reviewed.
    Reviewed {
        /// The script.
        script: Script,
        /// The review.
        review: Review,
    },
}

/// Reviews scripts with one configuration, an optional cache and an optional second opinion.
#[derive(Debug, Clone)]
pub struct Reviewer {
    config: Config,
    cache: Option<VerdictCache>,
    llm_command: Option<String>,
    judge: Option<Arc<dyn CommandJudge>>,
}

impl Reviewer {
    /// A reviewer with `config`, no cache, and the second opinion from `config.llm_command`.
    pub fn new(config: Config) -> Reviewer {
        let llm_command = config.llm_command.clone();
        Reviewer {
            config,
            cache: None,
            llm_command,
            judge: None,
        }
    }

    /// The configuration from `$XDG_CONFIG_HOME` (or defaults) and the cache in
    /// `$XDG_CACHE_HOME`. An invalid configuration file is an error.
    pub fn from_env() -> Result<Reviewer> {
        let mut r = Reviewer::new(Config::load_default()?);
        r.cache = VerdictCache::default_location();
        Ok(r)
    }

    /// Use `cache` (or none).
    pub fn with_cache(mut self, cache: Option<VerdictCache>) -> Reviewer {
        self.cache = cache;
        self
    }

    /// Use `command` as the second-opinion reviewer (overrides the configuration).
    pub fn with_llm_command(mut self, command: Option<String>) -> Reviewer {
        if command.is_some() {
            self.llm_command = command;
        }
        self
    }

    /// Judge every shell command a script runs with `judge` too (the command-line guard, with
    /// the KG it uses): a command it denies makes the script dangerous, one it would confine
    /// beyond the project suspicious. Its [`CommandJudge::identity`] is part of the cache key.
    pub fn with_judge(mut self, judge: Option<Arc<dyn CommandJudge>>) -> Reviewer {
        self.judge = judge;
        self
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Review script text.
    pub fn review_text(&self, text: &str, language: Language, ctx: &Context) -> Review {
        let sha256 = content_hash(text);
        let mut context = format!(
            "{language}\0{}\0{:?}\0{:?}",
            ctx.cwd.display(),
            self.config,
            self.llm_command
        );
        if let Some(judge) = &self.judge {
            // The guard's verdicts depend on its KG and on the home it resolves `~` against.
            context.push_str(&format!(
                "\0judge\0{}\0{}",
                judge.identity(),
                ctx.home.display()
            ));
        }
        let key = VerdictCache::key(&sha256, &context);
        if let Some(report) = self.cache.as_ref().and_then(|c| c.get(&key)) {
            return Review {
                report,
                sha256,
                cached: true,
            };
        }
        let mut report =
            review_source_judged(text, language, ctx, &self.config, self.judge.as_deref());
        let mut cacheable = true;
        if let Some(cmd) = &self.llm_command
            && report.verdict < Verdict::Dangerous
        {
            let opinion: SecondOpinion =
                llm::ask(cmd, text, language, &report, self.config.llm_timeout);
            cacheable = opinion.verdict.is_some();
            llm::merge(&mut report, &opinion);
        }
        if cacheable
            && let Some(c) = &self.cache
            && let Err(e) = c.put(&key, &report)
        {
            report.notes.push(format!("verdict not cached: {e}"));
        }
        Review {
            report,
            sha256,
            cached: false,
        }
    }

    /// Review a script file. Its language comes from `language`, else the extension, else the
    /// shebang; a file in no known language is suspicious.
    pub fn review_file(
        &self,
        path: &Path,
        language: Option<Language>,
        ctx: &Context,
    ) -> Result<Review> {
        let bytes = fs_err::read(path).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })?;
        let text = String::from_utf8_lossy(&bytes);
        let language = language
            .or_else(|| Language::from_extension(path))
            .or_else(|| Language::from_shebang(&text));
        match language {
            Some(lang) => Ok(self.review_text(&text, lang, ctx)),
            None => {
                let finding = Finding {
                    category: Category::Unreviewable,
                    severity: Verdict::Suspicious,
                    line: 0,
                    snippet: String::new(),
                    why: "the script's language is not python, shell, javascript or typescript"
                        .into(),
                    rule: "unknown-language".into(),
                    chain: vec!["review: unknown language".into()],
                };
                let report = Report::from_findings(Language::Shell, vec![finding]);
                Ok(Review {
                    report,
                    sha256: content_hash(&text),
                    cached: false,
                })
            }
        }
    }

    /// Plan and, if needed, review the script one simple command runs. This is the hook's entry:
    /// `argv` is the command after wrappers were removed, `stdin_text` a heredoc or here-string
    /// fed to it, `cwd` its working directory. A script that cannot be read is reviewed as
    /// suspicious (fail closed). A committed, unmodified script is skipped; since that takes a
    /// git process, it is checked only when the review is not clean (a clean committed script
    /// comes back as reviewed and clean).
    pub fn review_command(
        &self,
        argv: &[String],
        stdin_text: Option<&str>,
        cwd: &Path,
    ) -> CommandReview {
        match self.plan_command(argv, stdin_text, cwd) {
            Plan::NotAScript => CommandReview::NotAScript,
            Plan::Skip { script, reason } => CommandReview::Skipped { script, reason },
            Plan::Review(script) => self.review_script(script, cwd),
        }
    }

    /// The first, cheap half of [`Reviewer::review_command`]: whether the command runs a script
    /// to review (no git process, no reading of the script beyond a shebang). A committed
    /// script is planned for review; [`Reviewer::review_script`] skips it if its review is not
    /// clean. A caller can start the review early, or beside other work.
    pub fn plan_command(&self, argv: &[String], stdin_text: Option<&str>, cwd: &Path) -> Plan {
        plan_without_git(argv, stdin_text, cwd, &self.config)
    }

    /// The second half of [`Reviewer::review_command`]: review a script that
    /// [`Reviewer::plan_command`] planned for review, run in `cwd`.
    pub fn review_script(&self, script: Script, cwd: &Path) -> CommandReview {
        let ctx = Context::for_cwd(cwd);
        let review = match &script.source {
            ScriptSource::Inline(code) => self.review_text(code, script.language, &ctx),
            ScriptSource::File(path) => self
                .review_file(path, Some(script.language), &ctx)
                .unwrap_or_else(|e| {
                    let finding = Finding {
                        category: Category::Unreviewable,
                        severity: Verdict::Suspicious,
                        line: 0,
                        snippet: String::new(),
                        why: format!("{e}"),
                        rule: "review-failed".into(),
                        chain: vec!["review: failed".into()],
                    };
                    Review {
                        report: Report::from_findings(script.language, vec![finding]),
                        sha256: String::new(),
                        cached: false,
                    }
                }),
        };
        // Committed scripts are skipped. Git is asked only when the verdict is not clean:
        // a clean script runs the same whether it is committed or not.
        if review.verdict() > Verdict::Clean
            && let ScriptSource::File(path) = &script.source
            && is_committed(path)
        {
            return CommandReview::Skipped {
                script: Some(script),
                reason: SkipReason::Committed,
            };
        }
        CommandReview::Reviewed { script, review }
    }
}
