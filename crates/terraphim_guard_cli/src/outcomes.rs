//! Appending to the outcome store (`$XDG_DATA_HOME/terraphim/guard/outcomes.jsonl`).

use std::io::Write as _;

/// Append one record as one JSON line under an advisory lock.
pub(crate) fn append(record: &serde_json::Value) -> anyhow::Result<()> {
    let dir = crate::paths::data_dir()
        .ok_or_else(|| anyhow::anyhow!("no data directory (HOME and XDG_DATA_HOME are unset)"))?;
    fs_err::create_dir_all(&dir)?;
    let mut line = serde_json::to_vec(record)?;
    line.push(b'\n');
    let mut file = fs_err::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("outcomes.jsonl"))?;
    file.write_all(&line)?;
    Ok(())
}

/// The current UTC time as RFC 3339 (`2026-11-30T19:03:25Z`).
pub(crate) fn now_rfc3339() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    // Civil date from days since the epoch (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}
