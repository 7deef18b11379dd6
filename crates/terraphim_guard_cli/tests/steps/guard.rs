//! Steps for routing: checking commands and reading the decision.

use std::str::FromStr;

use cucumber::{Parameter, then, when};

use super::common::json_at;
use super::world::GuardWorld;

/// A decision, as scenarios write it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Parameter)]
#[param(name = "verdict", regex = "allow|sandbox|deny")]
pub enum Verdict {
    Allow,
    Sandbox,
    Deny,
}

impl FromStr for Verdict {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "allow" => Ok(Verdict::Allow),
            "sandbox" => Ok(Verdict::Sandbox),
            "deny" => Ok(Verdict::Deny),
            other => Err(format!("not a verdict: {other}")),
        }
    }
}

impl Verdict {
    fn as_str(self) -> &'static str {
        match self {
            Verdict::Allow => "allow",
            Verdict::Sandbox => "sandbox",
            Verdict::Deny => "deny",
        }
    }
}

fn check(world: &mut GuardWorld, command: &str) {
    let args = vec![
        "guard".to_string(),
        "check".into(),
        "--json".into(),
        "--".into(),
        command.to_string(),
    ];
    world.run(&args, None);
}

#[when(expr = "I check {string}")]
fn when_check(world: &mut GuardWorld, command: String) {
    let command = world.expand(&command);
    check(world, &command);
}

#[when(expr = "I check the command:")]
fn when_check_doc(world: &mut GuardWorld, step: &cucumber::gherkin::Step) -> Result<(), String> {
    let command = super::common::docstring(step)?
        .trim_end_matches('\n')
        .to_string();
    check(world, &command);
    Ok(())
}

#[when(expr = "I check a command of {int} bytes")]
fn when_check_long(world: &mut GuardWorld, bytes: usize) {
    let command = format!("echo {}", "a".repeat(bytes.saturating_sub(5)));
    let args = vec!["guard".to_string(), "check".into(), "--json".into()];
    world.run(&args, Some(&command));
}

#[then(expr = "the verdict is {verdict}")]
fn then_verdict(world: &mut GuardWorld, verdict: Verdict) -> Result<(), String> {
    let json = world.last_json()?;
    let got = json
        .get("decision")
        .and_then(|d| d.as_str())
        .unwrap_or("<none>");
    if got == verdict.as_str() {
        Ok(())
    } else {
        Err(format!(
            "verdict {got}, expected {}\n{json:#}",
            verdict.as_str()
        ))
    }
}

#[then(expr = "the verdict is not allow")]
fn then_not_allow(world: &mut GuardWorld) -> Result<(), String> {
    let json = world.last_json()?;
    match json.get("decision").and_then(|d| d.as_str()) {
        Some("sandbox" | "deny") => Ok(()),
        other => Err(format!(
            "verdict {other:?}, expected sandbox or deny\n{json:#}"
        )),
    }
}

#[then(expr = "the profile is {string}")]
fn then_profile(world: &mut GuardWorld, profile: String) -> Result<(), String> {
    let json = world.last_json()?;
    match json.get("profile").and_then(|d| d.as_str()) {
        Some(p) if p == profile => Ok(()),
        other => Err(format!("profile {other:?}, expected {profile}\n{json:#}")),
    }
}

#[then(expr = "a {word} match names concept {string}")]
fn then_match(world: &mut GuardWorld, tier: String, concept: String) -> Result<(), String> {
    let json = world.last_json()?;
    let found = json
        .get("matches")
        .and_then(|m| m.as_array())
        .is_some_and(|ms| {
            ms.iter().any(|m| {
                json_at(m, "tier").and_then(|t| t.as_str()) == Some(&tier)
                    && json_at(m, "concept").and_then(|c| c.as_str()) == Some(&concept)
            })
        });
    if found {
        Ok(())
    } else {
        Err(format!("no {tier} match for concept {concept}\n{json:#}"))
    }
}

#[then(expr = "no {word} match is reported")]
fn then_no_match(world: &mut GuardWorld, tier: String) -> Result<(), String> {
    let json = world.last_json()?;
    let found = json
        .get("matches")
        .and_then(|m| m.as_array())
        .is_some_and(|ms| {
            ms.iter().any(|m| {
                m.get("tier").and_then(|t| t.as_str()) == Some(&tier)
                    && m.get("covered_by").is_none()
            })
        });
    if found {
        Err(format!("a {tier} match is reported\n{json:#}"))
    } else {
        Ok(())
    }
}
