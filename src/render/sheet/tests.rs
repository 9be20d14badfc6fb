use super::*;

#[test]
fn chinese_wraps_between_characters_and_keeps_punctuation_with_them() {
    let text = "在棋盘上填入缺少的数字，使每个数字与下一个数字相差一步马步。Knight 马步";
    let p = pieces(text);
    assert!(p.len() > 20, "{p:?}");
    assert!(p.iter().any(|(w, _)| *w == "字，"), "{p:?}");
    assert!(
        p.contains(&("Knight", false)) && p.contains(&("马", true)),
        "{p:?}"
    );
    let joined: String = p
        .iter()
        .map(|(w, spaced)| {
            if *spaced {
                format!(" {w}")
            } else {
                w.to_string()
            }
        })
        .collect();
    assert_eq!(joined.trim_start(), text);
}

#[test]
fn wrapping_respects_the_width() {
    let lines = wrap(
        "one two three four five six seven eight nine ten",
        4.0,
        40.0,
    );
    assert!(lines.len() > 1);
    for l in &lines {
        assert!(glyphs::text_width(l, 4.0, false) <= 40.0, "{l}");
    }
    assert_eq!(
        lines.join(" "),
        "one two three four five six seven eight nine ten"
    );
}

#[test]
fn long_titles_wrap_then_shrink_and_never_overflow() {
    let (lines, size) = title_lines("Knight's tours", 7.5, 180.0);
    assert_eq!((lines, size), (vec!["Knight's tours".to_string()], 7.5));
    let two = "Homework for the Easter holidays: knight's tours for class 4b";
    let (lines, size) = title_lines(two, 7.5, 182.0);
    assert_eq!((lines.len(), size), (2, 7.5), "{lines:?}");
    let long = two.repeat(4);
    let (lines, size) = title_lines(&long, 7.5, 120.0);
    assert!((3.75..7.5).contains(&size), "{size}");
    assert_eq!(
        lines.join(" ").split_whitespace().count(),
        long.split_whitespace().count()
    );
    let word = "x".repeat(400);
    for (title, width) in [(long.as_str(), 120.0), (word.as_str(), 60.0)] {
        let (lines, size) = title_lines(title, 7.5, width);
        for l in &lines {
            assert!(glyphs::text_width(l, size, true) <= width, "{l}");
        }
        assert_eq!(lines.concat().replace(' ', ""), title.replace(' ', ""));
    }
}

#[test]
fn default_layouts_fill_the_page_with_writable_squares() {
    let mut seen = Vec::new();
    for page in ["a4", "letter", "a3", "a5", "legal", "300x200mm"] {
        let t = Template::builtin(page).unwrap();
        let (_, top) = header(Document::new(), &t, &t.title, None, false);
        for n in [5u32, 6, 8, 10, 12, 16, 20, 30] {
            let facts = Facts {
                board: Board::new(n, n).unwrap(),
                last: (n * n) as usize,
                holes: false,
                closed: false,
            };
            let (_, top) = header(Document::new(), &t, &t.title, Some(&facts), false);
            let layout = |per| {
                let (w, h) = (t.width - 2.0 * t.margin, t.height - t.margin - top);
                grid_of(per, w, h, t.gap, label_margin(&t), n, n)
            };
            let per = default_per_page(&t, &t.title, &facts);
            let (c, r, cell) = layout(per);
            let scale = (t.width * t.height / (210.0 * 297.0)).sqrt().max(1.0);
            let min = scale * if n * n >= 100 { 8.0 } else { 7.2 };
            assert!(cell >= min || per == 1, "{page} {n}x{n}: {cell} mm");
            assert!(
                per == MAX_PER_PAGE || layout(per + 1).2 < min,
                "{page} {n}x{n}: room for more"
            );
            assert_eq!(c * r, per, "{page} {n}x{n}: a slot left empty");
            seen.push((page, n, per));
        }
        assert!(top > t.margin);
    }
    for want in [("a4", 6, 9), ("a4", 8, 6), ("a3", 6, 12), ("a5", 6, 4)] {
        assert!(seen.contains(&want), "{want:?} in {seen:?}");
    }
}

#[test]
fn layout_prefers_larger_boards() {
    // Six 8x8 boards on A4's inner area: two columns of three.
    let (c, r, cell) = grid_of(6, 182.0, 220.0, 7.0, 10.0, 8, 8);
    assert_eq!((c, r), (2, 3));
    assert!(cell > 7.0);
    let (c, _, _) = grid_of(1, 182.0, 220.0, 7.0, 10.0, 8, 8);
    assert_eq!(c, 1);
}
