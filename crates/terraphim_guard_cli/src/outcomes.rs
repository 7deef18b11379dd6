//! Appending to the learning loop's outcome store.

use anyhow::Context as _;

/// Append one outcome record (the JSON shape of `terraphim_learn::Record`), under the store's
/// lock. Errors are the caller's to print as a warning: recording never changes a decision.
pub(crate) fn append(record: &serde_json::Value) -> anyhow::Result<()> {
    let record: terraphim_learn::Record =
        serde_json::from_value(record.clone()).context("failed to build the outcome record")?;
    let terraphim_learn::Record::Outcome(outcome) = record else {
        anyhow::bail!("not an outcome record");
    };
    terraphim_learn::Learn::from_env()?.append_outcome(outcome)?;
    Ok(())
}

/// The current UTC time as RFC 3339.
pub(crate) fn now_rfc3339() -> String {
    terraphim_learn::Timestamp::now().to_string()
}
