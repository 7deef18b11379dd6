//! RFC 3339 timestamps in UTC, without a date-time dependency.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A point in time: milliseconds since the Unix epoch, UTC.
///
/// Serialised as RFC 3339 (`2025-06-01T12:00:00.000Z`); any RFC 3339 offset is accepted on input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Timestamp(i64);

impl Timestamp {
    /// The current time.
    pub fn now() -> Timestamp {
        let ms = match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => i64::try_from(d.as_millis()).unwrap_or(i64::MAX),
            Err(e) => -i64::try_from(e.duration().as_millis()).unwrap_or(i64::MAX),
        };
        Timestamp(ms)
    }

    /// From milliseconds since the Unix epoch.
    pub const fn from_unix_millis(ms: i64) -> Timestamp {
        Timestamp(ms)
    }

    /// Milliseconds since the Unix epoch.
    pub const fn unix_millis(self) -> i64 {
        self.0
    }

    /// This time minus `d` (saturating).
    pub fn minus(self, d: Duration) -> Timestamp {
        Timestamp(
            self.0
                .saturating_sub(i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
        )
    }

    /// Parse RFC 3339: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`; `t`/`z`/space are accepted too.
    pub fn parse(text: &str) -> Option<Timestamp> {
        let b = text.as_bytes();
        if b.len() < 20 {
            return None;
        }
        let num = |range: std::ops::Range<usize>| -> Option<i64> {
            let s = b.get(range)?;
            if !s.iter().all(u8::is_ascii_digit) {
                return None;
            }
            s.iter().try_fold(0i64, |acc, d| {
                acc.checked_mul(10)?.checked_add(i64::from(d - b'0'))
            })
        };
        let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
        if b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
            return None;
        }
        let (hour, min, sec) = (num(11..13)?, num(14..16)?, num(17..19)?);
        if b[13] != b':' || b[16] != b':' {
            return None;
        }
        if !(1..=12).contains(&month)
            || !(1..=31).contains(&day)
            || hour > 23
            || min > 59
            || sec > 60
        {
            return None;
        }
        let mut i = 19;
        let mut millis = 0i64;
        if b[i] == b'.' {
            i += 1;
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                if i - start < 3 {
                    millis = millis * 10 + i64::from(b[i] - b'0');
                }
                i += 1;
            }
            let digits = i - start;
            if digits == 0 {
                return None;
            }
            for _ in digits..3 {
                millis *= 10;
            }
        }
        let offset_min = match b.get(i)? {
            b'Z' | b'z' if i + 1 == b.len() => 0,
            sign @ (b'+' | b'-') if i + 6 == b.len() && b[i + 3] == b':' => {
                let m = num(i + 1..i + 3)? * 60 + num(i + 4..i + 6)?;
                if *sign == b'-' { -m } else { m }
            }
            _ => return None,
        };
        let days = days_from_civil(year, month, day);
        let secs = days * 86_400 + hour * 3600 + min * 60 + sec.min(59) - offset_min * 60;
        Some(Timestamp(secs * 1000 + millis))
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.0.div_euclid(1000);
        let millis = self.0.rem_euclid(1000);
        let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
        let (y, m, d) = civil_from_days(days);
        write!(
            f,
            "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{millis:03}Z",
            rem / 3600,
            rem % 3600 / 60,
            rem % 60
        )
    }
}

impl serde::Serialize for Timestamp {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Timestamp {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Timestamp::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("invalid RFC 3339 time `{text}`")))
    }
}

/// Parse a duration such as `24h`, `90m`, `7d`, `2w`, `30s` (one number, one unit).
pub fn parse_duration(text: &str) -> Option<Duration> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit())?;
    let (n, unit) = text.split_at(split);
    let n: u64 = n.parse().ok()?;
    let secs = match unit.trim() {
        "s" | "sec" | "secs" => 1,
        "m" | "min" | "mins" => 60,
        "h" | "hour" | "hours" => 3600,
        "d" | "day" | "days" => 86_400,
        "w" | "week" | "weeks" => 604_800,
        _ => return None,
    };
    Some(Duration::from_secs(n.checked_mul(secs)?))
}

// Howard Hinnant's civil calendar algorithms.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[track_caller]
    fn check(text: &str, expected: Option<&str>) {
        let got = Timestamp::parse(text).map(|t| t.to_string());
        pretty_assertions::assert_eq!(got.as_deref(), expected, "{text}");
    }

    #[test]
    fn parses_rfc3339() {
        check("2025-06-01T12:00:00Z", Some("2025-06-01T12:00:00.000Z"));
        check("2025-06-01T12:00:00.5Z", Some("2025-06-01T12:00:00.500Z"));
        check(
            "2025-06-01T12:00:00.123456789Z",
            Some("2025-06-01T12:00:00.123Z"),
        );
        check(
            "2025-06-01T14:00:00+02:00",
            Some("2025-06-01T12:00:00.000Z"),
        );
        check(
            "2025-06-01T00:30:00-01:00",
            Some("2025-06-01T01:30:00.000Z"),
        );
        check("1970-01-01T00:00:00Z", Some("1970-01-01T00:00:00.000Z"));
        check("2024-02-29T23:59:59Z", Some("2024-02-29T23:59:59.000Z"));
        check("2025-13-01T00:00:00Z", None);
        check("2025-06-01T12:00:00", None);
        check("2025-06-01T12:00:00.Z", None);
        check("yesterday", None);
        check("2025-06-01T12:00:00Zjunk", None);
    }

    #[test]
    fn parses_durations() {
        for (text, secs) in [
            ("24h", Some(86_400)),
            ("30m", Some(1800)),
            ("7d", Some(604_800)),
            ("2w", Some(1_209_600)),
            ("10s", Some(10)),
            ("h", None),
            ("5y", None),
            ("", None),
        ] {
            assert_eq!(parse_duration(text).map(|d| d.as_secs()), secs, "{text}");
        }
    }

    proptest! {
        #[test]
        fn display_then_parse_round_trips(ms in -62_135_596_800_000i64..253_402_300_799_999i64) {
            let t = Timestamp::from_unix_millis(ms);
            prop_assert_eq!(Timestamp::parse(&t.to_string()), Some(t));
        }
    }
}
