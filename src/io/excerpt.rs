//! Short, one-line excerpts of untrusted text for messages: a file may hold
//! megabytes where a message should quote a few words.

/// Longest excerpt of the file quoted in a message, in characters.
pub const EXCERPT: usize = 40;

/// `s`, shortened to a few dozen characters for a message.
pub fn excerpt(s: &str) -> String {
    excerpt_n(s, EXCERPT)
}

/// `s`, shortened to `n` characters for a message, on one line (control
/// characters escaped).
pub fn excerpt_n(s: &str, n: usize) -> String {
    let mut chars = s.chars();
    let short: String = chars
        .by_ref()
        .take(n)
        .flat_map(|c| {
            let e: Vec<char> = if c.is_control() {
                c.escape_default().collect()
            } else {
                vec![c]
            };
            e
        })
        .collect();
    if chars.next().is_some() {
        format!("{short}… ({} bytes)", s.len())
    } else {
        short
    }
}
