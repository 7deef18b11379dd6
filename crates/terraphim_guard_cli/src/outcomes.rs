//! Appending to the learning loop's outcome store.

/// Append one outcome record under the store's lock. Errors are the caller's to print as a
/// warning: recording never changes a decision.
pub(crate) fn append(record: terraphim_learn::OutcomeRecord) -> anyhow::Result<()> {
    terraphim_learn::Learn::from_env()?.append_outcome(record)?;
    Ok(())
}

/// A decision's wire name as the outcome store reads it (`unknown` and newer names: `Other`).
pub(crate) fn decision(name: &str) -> terraphim_learn::Decision {
    serde_json::from_value(serde_json::Value::String(name.to_owned()))
        .unwrap_or(terraphim_learn::Decision::Other)
}
