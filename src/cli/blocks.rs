//! `--blocks FILE`: blocked rectangles (a floor plan's macros, keep-out zones and pads), as
//! `row,col,height,width` lines or the same in JSON.

use crate::Board;

/// A blocked rectangle: top-left square (zero-based, rows from the top) and its size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// Top row.
    pub row: u32,
    /// Left column.
    pub col: u32,
    /// Rows it covers.
    pub height: u32,
    /// Columns it covers.
    pub width: u32,
}

/// Most blocks a file may list.
const MAX_BLOCKS: usize = 1_000_000;

/// The blocks a file lists, each checked to lie on `board`; the error says where and what.
pub fn parse(text: &str, board: Board) -> Result<Vec<Block>, String> {
    let rects = if text.trim_start().starts_with('[') {
        json(text)?
    } else {
        lines(text)?
    };
    if rects.len() > MAX_BLOCKS {
        return Err(format!(
            "{} blocks, more than the {MAX_BLOCKS} read",
            rects.len()
        ));
    }
    let mut covered: u64 = 0;
    for (i, b) in rects.iter().enumerate() {
        let n = i + 1;
        if b.height == 0 || b.width == 0 {
            return Err(format!(
                "block {n} is {}x{}: a block covers at least one square",
                b.height, b.width
            ));
        }
        if u64::from(b.row) + u64::from(b.height) > u64::from(board.rows)
            || u64::from(b.col) + u64::from(b.width) > u64::from(board.cols)
        {
            return Err(format!(
                "block {n} (rows {}-{}, columns {}-{}) runs off the {board} board",
                b.row,
                u64::from(b.row) + u64::from(b.height) - 1,
                b.col,
                u64::from(b.col) + u64::from(b.width) - 1
            ));
        }
        covered += u64::from(b.height) * u64::from(b.width);
    }
    // Overlaps are allowed, but a file that covers the board many times over is a mistake
    // that would cost time in proportion.
    if covered > 4 * board.area() as u64 {
        return Err(format!(
            "the blocks cover {covered} squares, more than four times the board's {}",
            board.area()
        ));
    }
    Ok(rects)
}

/// Appends the blocks' rows as runs of squares (first row-major index, length) for
/// [`crate::Shape::from_runs`]: a floor plan's 6 million squares are never listed one by one.
/// The runs come in board order, row by row and, in a row, by the blocks' columns, so that
/// the shape need not sort them (at 10^8 squares round 10^4 macros, 250,000 runs sorted in
/// 6-8 ms before anything else could start).
pub fn rows_of(rects: &[Block], board: Board, runs: &mut Vec<(u32, u32)>) {
    runs.reserve(rects.iter().map(|b| b.height as usize).sum());
    // (A block with no rows has no runs.)
    let mut order: Vec<usize> = (0..rects.len()).filter(|&i| rects[i].height > 0).collect();
    order.sort_unstable_by_key(|&i| (rects[i].row, rects[i].col));
    // The blocks over the row at hand, in column order.
    let mut over: Vec<usize> = Vec::new();
    let (mut next, mut r) = (0, 0);
    while next < order.len() || !over.is_empty() {
        if over.is_empty() {
            r = rects[order[next]].row;
        }
        while let Some(&b) = order.get(next).filter(|&&b| rects[b].row == r) {
            let at = over.partition_point(|&a| rects[a].col <= rects[b].col);
            over.insert(at, b);
            next += 1;
        }
        runs.extend(
            over.iter()
                .map(|&a| (r * board.cols + rects[a].col, rects[a].width)),
        );
        r += 1;
        over.retain(|&a| rects[a].row + rects[a].height > r);
    }
}

fn lines(text: &str) -> Result<Vec<Block>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let numbers: Option<Vec<u32>> = fields.iter().map(|f| f.parse().ok()).collect();
        match numbers.as_deref() {
            Some(&[row, col, height, width]) => out.push(Block {
                row,
                col,
                height,
                width,
            }),
            _ => {
                return Err(format!(
                    "line {}: '{line}' is not row,col,height,width (four whole numbers)",
                    i + 1
                ))
            }
        }
    }
    Ok(out)
}

fn json(text: &str) -> Result<Vec<Block>, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    let items = value
        .as_array()
        .ok_or("the JSON is not an array of blocks")?;
    let num = |v: Option<&serde_json::Value>| {
        v.and_then(|v| v.as_u64())
            .and_then(|v| u32::try_from(v).ok())
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let fields = match item {
                serde_json::Value::Array(a) if a.len() == 4 => {
                    [num(a.first()), num(a.get(1)), num(a.get(2)), num(a.get(3))]
                }
                serde_json::Value::Object(o) => ["row", "col", "height", "width"].map(|k| num(o.get(k))),
                _ => [None; 4],
            };
            match fields {
                [Some(row), Some(col), Some(height), Some(width)] => Ok(Block {
                    row,
                    col,
                    height,
                    width,
                }),
                _ => Err(format!(
                    "block {} is not [row, col, height, width] or {{\"row\", \"col\", \"height\", \"width\"}} with whole numbers",
                    i + 1
                )),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_json_give_the_same_blocks() {
        let b = Board::new(10, 12).unwrap();
        let text = parse("# two macros\n0,4,2,4\n 3 , 3 , 2, 4 # the second\n", b).unwrap();
        let arrays = parse("[[0,4,2,4],[3,3,2,4]]", b).unwrap();
        let objects = parse(
            r#"[{"row":0,"col":4,"height":2,"width":4},{"row":3,"col":3,"height":2,"width":4}]"#,
            b,
        )
        .unwrap();
        assert_eq!(text, arrays);
        assert_eq!(text, objects);
        let mut runs = Vec::new();
        rows_of(&text, b, &mut runs);
        assert_eq!(
            runs,
            vec![(4, 4), (12 + 4, 4), (3 * 12 + 3, 4), (4 * 12 + 3, 4)]
        );
    }

    #[test]
    fn the_blocks_rows_come_in_board_order() {
        // Blocks over and beside each other, overlapping, sharing a row or a column, in file
        // order: their rows as runs, every one, sorted by first square (row by row, and in a
        // row by column), with rows where no block is passed over; a block with no rows
        // gives none.
        let b = Board::new(300, 200).unwrap();
        let mut x = 11u64;
        let mut next = |n: u64| {
            x = crate::rng::mix64(x);
            (x % n) as u32
        };
        let rects: Vec<Block> = (0..400)
            .map(|_| {
                let (row, col) = (next(280), next(180));
                let (height, width) = (1 + next(20), 1 + next(20));
                Block {
                    row,
                    col,
                    height,
                    width,
                }
            })
            .chain([
                Block {
                    row: 5,
                    col: 7,
                    height: 3,
                    width: 2,
                },
                Block {
                    row: 5,
                    col: 7,
                    height: 1,
                    width: 9,
                },
                Block {
                    row: 299,
                    col: 0,
                    height: 1,
                    width: 200,
                },
                Block {
                    row: 10,
                    col: 3,
                    height: 0,
                    width: 4,
                },
            ])
            .collect();
        let mut runs = Vec::new();
        rows_of(&rects, b, &mut runs);
        assert!(runs.windows(2).all(|w| w[0].0 <= w[1].0));
        let mut want: Vec<(u32, u32)> = rects
            .iter()
            .flat_map(|r| (r.row..r.row + r.height).map(move |i| (i * 200 + r.col, r.width)))
            .collect();
        want.sort_unstable();
        runs.sort_unstable();
        assert_eq!(runs, want);
    }

    #[test]
    fn bad_blocks_are_named() {
        let b = Board::new(8, 9).unwrap();
        assert!(parse("0,0,2\n", b)
            .unwrap_err()
            .starts_with("line 1: '0,0,2'"));
        assert!(parse("7,0,2,2\n", b)
            .unwrap_err()
            .contains("block 1 (rows 7-8, columns 0-1) runs off"));
        assert!(parse("0,0,0,3\n", b)
            .unwrap_err()
            .contains("at least one square"));
        assert!(parse("[[0,0,1]]", b)
            .unwrap_err()
            .starts_with("block 1 is not"));
        assert!(parse(&"0,0,8,9\n".repeat(5), b)
            .unwrap_err()
            .contains("four times"));
    }
}
