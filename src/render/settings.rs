//! The `key = value` format that themes and page templates share: one setting a line, blank
//! lines and lines starting with `#` ignored. Each caller owns its keys and its error type;
//! this module owns the syntax, so the two file kinds cannot drift apart.

use super::colour::Rgb;

/// One `key = value` line.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Setting<'a> {
    /// 1-based line number.
    pub(crate) line: usize,
    /// The key, trimmed.
    pub(crate) key: &'a str,
    /// Everything after the first `=`, trimmed.
    pub(crate) value: &'a str,
}

/// Each setting of `text` in order; a line that is not one gives its 1-based number and why.
pub(crate) fn settings(text: &str) -> impl Iterator<Item = Result<Setting<'_>, (usize, String)>> {
    text.lines().enumerate().filter_map(|(i, raw)| {
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            return None;
        }
        Some(match content.split_once('=') {
            Some((key, value)) => Ok(Setting {
                line: i + 1,
                key: key.trim(),
                value: value.trim(),
            }),
            None => Err((i + 1, format!("expected 'key = value', found '{content}'"))),
        })
    })
}

impl<'a> Setting<'a> {
    /// The value as one word, which a comment (`#` after a space) may follow.
    pub(crate) fn word(&self) -> Result<&'a str, String> {
        let mut words = self.value.split_whitespace();
        let first = words.next().unwrap_or("");
        if words.next().is_some_and(|w| !w.starts_with('#')) {
            return Err(format!(
                "expected one value after '{}', found '{}'",
                self.key, self.value
            ));
        }
        Ok(first)
    }

    /// `v` as a finite number within `lo..=hi`.
    pub(crate) fn number(v: &str, lo: f64, hi: f64) -> Option<f64> {
        v.parse::<f64>()
            .ok()
            .filter(|x| x.is_finite() && (lo..=hi).contains(x))
    }

    /// `v` as a colour: `#rrggbb`, `#rgb`, with an opacity `#rrggbbaa`, `#rgba`, or a CSS name.
    pub(crate) fn colour(v: &str) -> Option<Rgb> {
        Rgb::parse(v)
    }

    /// `v` as one of the named options.
    pub(crate) fn choice<T: Copy>(v: &str, options: &[(&str, T)]) -> Option<T> {
        options.iter().find(|(n, _)| *n == v).map(|&(_, t)| t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_comments_and_errors() {
        let text = "# a comment\n\n  a = 1  \nb=two words\nno equals sign\n";
        let got: Vec<_> = settings(text).collect();
        assert_eq!(got.len(), 3);
        let a = got[0].as_ref().unwrap();
        assert_eq!((a.line, a.key, a.value), (3, "a", "1"));
        let b = got[1].as_ref().unwrap();
        assert_eq!(b.value, "two words");
        assert!(b.word().unwrap_err().contains("one value after 'b'"));
        assert_eq!(got[2].as_ref().unwrap_err().0, 5);
        let c = Setting {
            line: 1,
            key: "c",
            value: "#123456 # note",
        };
        assert_eq!(c.word().unwrap(), "#123456");
        assert_eq!(Setting::number("0.5", 0.0, 1.0), Some(0.5));
        assert_eq!(Setting::number("NaN", 0.0, 1.0), None);
        assert_eq!(Setting::number("2", 0.0, 1.0), None);
        assert_eq!(Setting::choice("b", &[("a", 1), ("b", 2)]), Some(2));
        assert_eq!(Setting::colour("#0a0B0c"), Some(Rgb(10, 11, 12, 255)));
        assert_eq!(Setting::colour("#0a0B0"), None);
    }
}
