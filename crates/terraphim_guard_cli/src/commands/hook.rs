//! `guard hook --agent A [--event E]`: the agents' hook entry point.

use std::time::Duration;

use clap::Args;

use crate::hook::{
    self, HookOptions,
    protocol::{Agent, Event},
};
use crate::load::KgArgs;

#[derive(Debug, Args)]
pub(crate) struct HookArgs {
    /// The agent whose protocol to speak (never guessed from the input).
    #[arg(long, value_enum)]
    agent: Agent,
    /// The event, when the input does not name it (`hook_event_name`).
    #[arg(long, value_enum)]
    event: Option<Event>,
    /// On allow, print nothing and leave the agent's own permission flow in charge.
    #[arg(long)]
    defer_allow: bool,
    /// The hook's own deadline; past it the answer is deny. Keep it well under the agent's timeout.
    #[arg(long, value_name = "MS", default_value_t = 5000)]
    deadline_ms: u64,
    #[command(flatten)]
    kg: KgArgs,
}

pub(crate) fn run(args: HookArgs) -> anyhow::Result<u8> {
    Ok(hook::run(HookOptions {
        agent: args.agent,
        event: args.event,
        defer_allow: args.defer_allow,
        deadline: Duration::from_millis(args.deadline_ms),
        kg: args.kg,
    }))
}
