//! What a file given to `verify` holds, told from its first bytes, and how large a tour file
//! may be.

use crate::io::puzzle::PUZZLE_FORMAT;
use crate::io::TOUR_FORMAT;

/// Largest tour file read: 40 bytes a square of the largest board (a path entry as written
/// takes at most 18, plus room for tiles and whitespace).
pub const MAX_TOUR_FILE_BYTES: u64 = 1024 + 40 * crate::board::MAX_SQUARES;

/// What a file holds, told from its first bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileKind {
    /// A JSON object tagged `knight-tour/1`.
    Tour,
    /// A JSON object tagged `knight-tour-puzzle/1`, or a JSON array (of puzzles).
    Puzzles,
    /// Not JSON: a text grid of numbers and `.`.
    Grid,
    /// A JSON object with another tag, or none within the bytes seen.
    Other(Option<String>),
    /// Bytes that are not text.
    Binary,
}

/// Tells what a file holds from its first bytes (a few kilobytes are plenty): the `format`
/// tag of a JSON object at its top level, a JSON array, or text that is no JSON.
pub fn file_kind(head: &[u8]) -> FileKind {
    // A multi-byte character cut at the end of the head is still text.
    let text_ok = match std::str::from_utf8(head) {
        Ok(_) => true,
        Err(e) => e.error_len().is_none(),
    };
    if head.contains(&0) || !text_ok {
        return FileKind::Binary;
    }
    let text = String::from_utf8_lossy(head);
    let t = text.trim_start();
    if t.starts_with('[') {
        return FileKind::Puzzles;
    }
    if !t.starts_with('{') {
        return FileKind::Grid;
    }
    match top_level_tag(t) {
        Some(tag) if tag == TOUR_FORMAT => FileKind::Tour,
        Some(tag) if tag == PUZZLE_FORMAT => FileKind::Puzzles,
        other => FileKind::Other(other),
    }
}

/// The string value of the key `format` at the top level of a JSON object's text, if it is
/// there; nested objects and strings are stepped over.
fn top_level_tag(t: &str) -> Option<String> {
    let b = t.as_bytes();
    let (mut i, mut depth) = (0, 0usize);
    // The last string read at depth 1 and whether a ':' followed it (so it was a key).
    let mut key: Option<String> = None;
    let read_string = |i: &mut usize| -> Option<String> {
        let start = *i + 1;
        let mut j = start;
        while j < b.len() {
            match b[j] {
                b'\\' => j += 2,
                b'"' => {
                    *i = j + 1;
                    return Some(t[start..j].to_string());
                }
                _ => j += 1,
            }
        }
        None
    };
    while i < b.len() {
        match b[i] {
            b'{' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'"' => {
                let s = read_string(&mut i)?;
                if depth == 1 {
                    match key.take() {
                        Some(k) if k == "format" => return Some(s),
                        _ => {
                            // A key if a ':' follows.
                            let rest = t[i..].trim_start();
                            if rest.starts_with(':') {
                                key = Some(s);
                            }
                        }
                    }
                }
            }
            b',' => {
                key = None;
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_from_the_format_tag() {
        let tour = br#"{"format": "knight-tour/1", "rows": 1}"#;
        assert_eq!(file_kind(tour), FileKind::Tour);
        // The tag counts only at the top level, and only as the value of "format".
        let nested =
            br#"{"note": {"format": "knight-tour/1"}, "x": "format", "format": "other/2"}"#;
        assert_eq!(file_kind(nested), FileKind::Other(Some("other/2".into())));
        let late = br#"{"rows": 8, "path": [[0, 0]], "format": "knight-tour/1"}"#;
        assert_eq!(file_kind(late), FileKind::Tour);
        assert_eq!(file_kind(b"  [ {} ]"), FileKind::Puzzles);
        assert_eq!(file_kind(b"1 . .\n. 2 ."), FileKind::Grid);
        assert_eq!(file_kind(b"\0\0\0"), FileKind::Binary);
        assert_eq!(
            file_kind(br#"{"format": "knight-tour-puzzle/1"}"#),
            FileKind::Puzzles
        );
        assert_eq!(file_kind(br#"{"rows": 8"#), FileKind::Other(None));
        assert_eq!(
            file_kind(br#"{"a": "x\"format", "format": "knight-tour/1"}"#),
            FileKind::Tour
        );
    }
}
