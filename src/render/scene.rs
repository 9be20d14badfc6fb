//! The layout every style and output format shares: pure geometry, no I/O.

use crate::board::Board;

/// Where everything goes, in SVG user units (CSS pixels at 96 dpi).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scene {
    /// The board drawn.
    pub board: Board,
    /// Side of one square.
    pub cell: f64,
    /// Blank border around everything.
    pub margin: f64,
    /// Width of the rank labels' band on the left and height of the file labels' band
    /// below (0 without labels).
    pub label: f64,
    /// Height of the title's band above the board (0 without a title).
    pub head: f64,
    /// Height of the caption's band below the board and its labels (0 without a caption).
    pub foot: f64,
}

impl Scene {
    /// A scene with squares `cell` units wide; `coords` adds rank and file labels.
    pub fn new(board: Board, cell: f64, coords: bool) -> Scene {
        let margin = (cell * 0.5).clamp(2.0, 24.0);
        let label = if coords {
            // Room for the longest rank number beside the board.
            let digits = board.rows.to_string().len() as f64;
            cell * (0.35 * digits + 0.35).max(0.8)
        } else {
            0.0
        };
        Scene {
            board,
            cell,
            margin,
            label,
            head: 0.0,
            foot: 0.0,
        }
    }

    /// The default side of a square for `board`: large on small boards, at least 2 units on
    /// huge ones (the command line's and the Python package's drawings).
    pub fn default_cell(board: Board) -> f64 {
        (1600.0 / board.rows.max(board.cols) as f64)
            .clamp(2.0, 48.0)
            .floor()
    }

    /// The scene with room for a title above the board and a caption below it: sized to
    /// the board (a sixteenth of its width for the title, within 10 to 48 units), smaller
    /// where the text would be wider than the drawing.
    pub fn with_words(mut self, title: Option<&str>, caption: Option<&str>) -> Scene {
        let across = self.width() - 2.0 * self.margin;
        let fit = |text: &str, size: f64, bold: bool| {
            let w = super::glyphs::text_width(text, size, bold);
            if w > across && w > 0.0 {
                (size * across / w).max(4.0)
            } else {
                size
            }
        };
        let size = (self.board.cols as f64 * self.cell / 16.0).clamp(10.0, 48.0);
        self.head = title.map_or(0.0, |t| fit(t, size, true) * 1.6);
        self.foot = caption.map_or(0.0, |c| fit(c, (size * 0.6).max(8.0), false) * 1.8);
        self
    }

    /// Font size of the title (em).
    pub fn title_size(&self) -> f64 {
        self.head / 1.6
    }

    /// Font size of the caption (em).
    pub fn caption_size(&self) -> f64 {
        self.foot / 1.8
    }

    /// Top-left corner of the board.
    pub fn origin(&self) -> (f64, f64) {
        (self.margin + self.label, self.margin + self.head)
    }

    /// Total width.
    pub fn width(&self) -> f64 {
        2.0 * self.margin + self.label + self.board.cols as f64 * self.cell
    }

    /// Total height.
    pub fn height(&self) -> f64 {
        2.0 * self.margin + self.head + self.label + self.board.rows as f64 * self.cell + self.foot
    }

    /// Centre of a square.
    pub fn centre(&self, row: u32, col: u32) -> (f64, f64) {
        let (x, y) = self.origin();
        (
            x + (col as f64 + 0.5) * self.cell,
            y + (row as f64 + 0.5) * self.cell,
        )
    }

    /// Top-left corner of a square.
    pub fn corner(&self, row: u32, col: u32) -> (f64, f64) {
        let (x, y) = self.origin();
        (x + col as f64 * self.cell, y + row as f64 * self.cell)
    }

    /// Centre of the rank label of `row` (left of the board).
    pub fn rank_label(&self, row: u32) -> (f64, f64) {
        let (x, _) = self.origin();
        (x - self.label / 2.0, self.centre(row, 0).1)
    }

    /// Centre of the file label of `col` (below the board).
    pub fn file_label(&self, col: u32) -> (f64, f64) {
        let (_, y) = self.origin();
        (
            self.centre(0, col).0,
            y + self.board.rows as f64 * self.cell + self.label / 2.0,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_adds_up() {
        let s = Scene::new(Board::new(8, 10).unwrap(), 40.0, true);
        assert_eq!(s.width(), 2.0 * s.margin + s.label + 400.0);
        assert_eq!(s.centre(0, 0), (s.margin + s.label + 20.0, s.margin + 20.0));
        assert!(s.rank_label(3).0 < s.origin().0);
        assert!(s.file_label(2).1 > s.origin().1 + 320.0);
        let plain = Scene::new(Board::new(8, 8).unwrap(), 40.0, false);
        assert_eq!(plain.label, 0.0);
    }
}
