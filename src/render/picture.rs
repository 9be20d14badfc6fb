//! A drawing as a list of painted items in user units: the one layout that both painters (SVG
//! and direct raster) read, and that an animation plays step by step.

use super::theme::{Join, Rgb};

/// One piece of an outline, in user units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Seg {
    /// Start a new subpath.
    Move(f64, f64),
    /// A straight line.
    Line(f64, f64),
    /// A quadratic curve: control point, end.
    Quad(f64, f64, f64, f64),
    /// A cubic curve: two control points, end.
    Cubic(f64, f64, f64, f64, f64, f64),
    /// Close the subpath.
    Close,
    /// A whole circle: centre and radius.
    Circle(f64, f64, f64),
}

/// A path: subpaths of lines and curves.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outline {
    /// Its pieces in order.
    pub segs: Vec<Seg>,
}

impl Outline {
    /// An empty outline.
    pub fn new() -> Outline {
        Outline::default()
    }

    /// Whether nothing is drawn.
    pub fn is_empty(&self) -> bool {
        self.segs.is_empty()
    }

    /// Starts a subpath at (x, y).
    pub fn move_to(&mut self, x: f64, y: f64) {
        self.segs.push(Seg::Move(x, y));
    }

    /// A line to (x, y).
    pub fn line_to(&mut self, x: f64, y: f64) {
        self.segs.push(Seg::Line(x, y));
    }

    /// Closes the subpath.
    pub fn close(&mut self) {
        self.segs.push(Seg::Close);
    }

    /// A rectangle as a closed subpath.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64) {
        self.move_to(x, y);
        self.line_to(x + w, y);
        self.line_to(x + w, y + h);
        self.line_to(x, y + h);
        self.close();
    }

    /// A circle as a closed subpath.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64) {
        self.segs.push(Seg::Circle(cx, cy, r));
    }

    /// A polygon through `points`, closed.
    pub fn polygon(&mut self, points: &[(f64, f64)]) {
        if let Some(&(x, y)) = points.first() {
            self.move_to(x, y);
            for &(x, y) in &points[1..] {
                self.line_to(x, y);
            }
            self.close();
        }
    }

    /// The same outline scaled by (sx, sy) about the origin.
    pub fn scaled(&self, sx: f64, sy: f64) -> Outline {
        self.mapped(|x, y| (x * sx, y * sy), sx.abs())
    }

    /// The same outline moved by (dx, dy).
    pub fn translated(&self, dx: f64, dy: f64) -> Outline {
        self.mapped(|x, y| (x + dx, y + dy), 1.0)
    }

    /// Every point moved by `p`; a circle's radius times `r`.
    fn mapped(&self, p: impl Fn(f64, f64) -> (f64, f64), r: f64) -> Outline {
        let segs = self
            .segs
            .iter()
            .map(|s| match *s {
                Seg::Move(x, y) => {
                    let (x, y) = p(x, y);
                    Seg::Move(x, y)
                }
                Seg::Line(x, y) => {
                    let (x, y) = p(x, y);
                    Seg::Line(x, y)
                }
                Seg::Quad(a, b, x, y) => {
                    let ((a, b), (x, y)) = (p(a, b), p(x, y));
                    Seg::Quad(a, b, x, y)
                }
                Seg::Cubic(a, b, c, d, x, y) => {
                    let ((a, b), (c, d), (x, y)) = (p(a, b), p(c, d), p(x, y));
                    Seg::Cubic(a, b, c, d, x, y)
                }
                Seg::Close => Seg::Close,
                Seg::Circle(x, y, radius) => {
                    let (x, y) = p(x, y);
                    Seg::Circle(x, y, radius * r)
                }
            })
            .collect();
        Outline { segs }
    }
}

/// Ends of stroked lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cap {
    /// Flat, at the end point.
    Butt,
    /// Rounded.
    Round,
    /// Squared off past the end point.
    Square,
}

/// How a shape is painted.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Paint {
    /// Filled (non-zero winding).
    Fill(Rgb),
    /// Stroked.
    Stroke {
        /// Colour.
        colour: Rgb,
        /// Width in user units.
        width: f64,
        /// Corner joins.
        join: Join,
        /// Line ends.
        cap: Cap,
    },
}

/// One use of a stamp: which outline, where its origin goes, and the step it appears at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stamp {
    /// Index into the item's outlines.
    pub def: u32,
    /// Origin, x.
    pub x: f64,
    /// Origin, y.
    pub y: f64,
    /// Step at which it appears (0: from the start).
    pub step: u32,
}

/// What an item draws.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    /// A path, all at once at the item's step.
    Outline(Outline),
    /// The tour's line through `points`: point `i` is reached at step `first + i`, so an
    /// animation draws it move by move. `closed` joins the last point to the first.
    Line {
        /// The points in order.
        points: Vec<(f64, f64)>,
        /// Step of the first point.
        first: u32,
        /// Whether a last move joins the last point to the first (at step `first + len`).
        closed: bool,
        /// Radius of the bends: each corner is cut by a curve of this radius (at most half
        /// of either side), as a wire is drawn; 0 for sharp corners.
        bend: f64,
    },
    /// The dark squares of a checkerboard: those with `row + col` odd, from the top-left
    /// corner (x, y); kept as one shape because huge boards have millions of them.
    Checker {
        /// Left edge.
        x: f64,
        /// Top edge.
        y: f64,
        /// Side of a square.
        cell: f64,
        /// Rows.
        rows: u32,
        /// Columns.
        cols: u32,
    },
    /// Words (a title, a caption): real text in SVG and PDF, its outline in pixels.
    Text(Words),
    /// Few outlines placed many times: digits, labels, arrow heads.
    Stamps {
        /// The outlines, each with its origin at (0, 0).
        defs: Vec<Outline>,
        /// Where they go.
        uses: Vec<Stamp>,
    },
}

/// A line of text and its outline.
#[derive(Debug, Clone, PartialEq)]
pub struct Words {
    /// Left end of the baseline.
    pub x: f64,
    /// The baseline.
    pub y: f64,
    /// Font size (em).
    pub size: f64,
    /// Bold or regular.
    pub bold: bool,
    /// The text.
    pub text: String,
    /// Its outline at (x, y), for the raster painters.
    pub outline: Outline,
}

/// A painted shape.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Its geometry.
    pub shape: Shape,
    /// Fill or stroke.
    pub paint: Paint,
    /// Step at which an `Outline` appears (0: from the start).
    pub step: u32,
    /// The text its outlines spell, for writers that set text in the document's font (TikZ).
    pub lettering: Option<Box<Lettering>>,
}

/// Text that an item's outlines spell: each mark's text centred on its point.
#[derive(Debug, Clone, PartialEq)]
pub struct Lettering {
    /// Centre and text of each mark.
    pub marks: Vec<(f64, f64, String)>,
    /// Height of the digits, in user units.
    pub size: f64,
    /// Widest a mark may be, in user units (a square's width for numbers).
    pub width: f64,
}

/// One piece of a line with bent corners: straight to a point, or a quadratic curve whose
/// control point is the corner.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Bend {
    /// A straight line to the point.
    To(f64, f64),
    /// A curve through the corner's neighbourhood: control point, then end point.
    Curve((f64, f64), (f64, f64)),
}

/// The line through `points` (closed back to the first when `closed`) with each corner cut by
/// a curve of radius `r`, at most half of either side beside it: where to start, and the
/// pieces after. Straight-on points and a radius of 0 give plain lines.
pub(crate) fn bends(points: &[(f64, f64)], closed: bool, r: f64) -> ((f64, f64), Vec<Bend>) {
    let n = points.len();
    let Some(&first) = points.first() else {
        return ((0.0, 0.0), Vec::new());
    };
    let toward = |a: (f64, f64), b: (f64, f64), d: f64| {
        let len = (b.0 - a.0).hypot(b.1 - a.1);
        if len == 0.0 {
            return a;
        }
        (a.0 + (b.0 - a.0) * d / len, a.1 + (b.1 - a.1) * d / len)
    };
    let half = |a: (f64, f64), b: (f64, f64)| (b.0 - a.0).hypot(b.1 - a.1) / 2.0;
    // The corner at point i between its neighbours: where the curve begins and ends, or None
    // where the line runs straight on (or r is 0).
    let corner = |prev: (f64, f64), at: (f64, f64), next: (f64, f64)| {
        let cross = (at.0 - prev.0) * (next.1 - at.1) - (at.1 - prev.1) * (next.0 - at.0);
        let k = r.min(half(prev, at)).min(half(at, next));
        (cross.abs() > 1e-9 && k > 0.0).then(|| (toward(at, prev, k), toward(at, next, k)))
    };
    let mut out = Vec::with_capacity(2 * n);
    let turn = |out: &mut Vec<Bend>, i: usize| {
        let (prev, at, next) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
        match corner(prev, at, next) {
            Some((a, b)) => {
                out.push(Bend::To(a.0, a.1));
                out.push(Bend::Curve(at, b));
            }
            None => out.push(Bend::To(at.0, at.1)),
        }
    };
    if closed && n > 2 {
        // Start where the curve around the first corner ends, and come back to it.
        let start = corner(points[n - 1], first, points[1]).map_or(first, |(_, b)| b);
        for i in 1..n {
            turn(&mut out, i);
        }
        turn(&mut out, 0);
        if let Some(Bend::To(..)) = out.last() {
            out.pop();
        }
        return (start, out);
    }
    for i in 1..n.saturating_sub(1) {
        turn(&mut out, i);
    }
    if n > 1 {
        out.push(Bend::To(points[n - 1].0, points[n - 1].1));
    }
    (first, out)
}

impl Paint {
    /// The colour it paints with, filled or stroked.
    pub fn colour(&self) -> Rgb {
        match *self {
            Paint::Fill(c) | Paint::Stroke { colour: c, .. } => c,
        }
    }
}

impl Item {
    /// A shape painted from the start.
    pub fn new(shape: Shape, paint: Paint) -> Item {
        Item {
            shape,
            paint,
            step: 0,
            lettering: None,
        }
    }

    /// The same item, telling the text its outlines spell.
    pub fn spelling(mut self, lettering: Lettering) -> Item {
        self.lettering = Some(Box::new(lettering));
        self
    }

    /// A filled outline painted from the start.
    pub fn fill(outline: Outline, colour: Rgb) -> Item {
        Item::new(Shape::Outline(outline), Paint::Fill(colour))
    }

    /// The same item appearing at `step`.
    pub fn at(mut self, step: u32) -> Item {
        self.step = step;
        self
    }

    /// The last step at which this item changes.
    pub fn last_step(&self) -> u32 {
        match &self.shape {
            Shape::Outline(_) | Shape::Checker { .. } | Shape::Text(_) => self.step,
            Shape::Line {
                points,
                first,
                closed,
                ..
            } => first + (points.len() as u32).saturating_sub(1) + *closed as u32,
            Shape::Stamps { uses, .. } => uses.iter().map(|u| u.step).max().unwrap_or(0),
        }
    }

    /// Whether anything of this item appears after step 0.
    pub fn moves(&self) -> bool {
        match &self.shape {
            Shape::Outline(_) | Shape::Checker { .. } | Shape::Text(_) => self.step > 0,
            Shape::Line { points, closed, .. } => points.len() > 1 || *closed,
            Shape::Stamps { uses, .. } => uses.iter().any(|u| u.step > 0),
        }
    }
}

/// A whole drawing.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    /// Width in user units (CSS pixels).
    pub width: f64,
    /// Height in user units.
    pub height: f64,
    /// A title for viewers and screen readers.
    pub title: String,
    /// The page colour, or `None` for transparent.
    pub background: Option<Rgb>,
    /// Items, painted in order.
    pub items: Vec<Item>,
    /// Steps in the whole drawing: the moves of the tour.
    pub steps: u32,
    /// Where the knight stands after each step, for animations to mark.
    pub head: Option<Head>,
}

/// The knight's square during an animation: a ring on the square it has just reached.
#[derive(Debug, Clone, PartialEq)]
pub struct Head {
    /// Centre of the square reached at each step.
    pub track: Vec<(f64, f64)>,
    /// Ring radius (to the middle of its stroke).
    pub radius: f64,
    /// Ring stroke width.
    pub width: f64,
    /// Ring colour.
    pub colour: Rgb,
}

impl Picture {
    /// The drawing as it stands after `upto` steps: later stamps dropped, lines cut short.
    pub fn upto(&self, upto: u32) -> Picture {
        let items = self
            .items
            .iter()
            .filter(|it| {
                !matches!(it.shape, Shape::Outline(_) | Shape::Checker { .. }) || it.step <= upto
            })
            .map(|it| {
                let shape = match &it.shape {
                    Shape::Line {
                        points,
                        first,
                        closed,
                        bend,
                    } => {
                        let keep = (upto.saturating_sub(*first) as usize + 1).min(points.len());
                        Shape::Line {
                            points: if upto >= *first {
                                points[..keep].to_vec()
                            } else {
                                Vec::new()
                            },
                            first: *first,
                            closed: *closed && upto >= it.last_step(),
                            bend: *bend,
                        }
                    }
                    Shape::Stamps { defs, uses } => Shape::Stamps {
                        defs: defs.clone(),
                        uses: uses.iter().filter(|u| u.step <= upto).copied().collect(),
                    },
                    other => other.clone(),
                };
                Item {
                    shape,
                    paint: it.paint,
                    step: it.step,
                    lettering: it.lettering.clone(),
                }
            })
            .collect();
        Picture {
            items,
            steps: self.steps.min(upto),
            title: self.title.clone(),
            head: self.head.clone(),
            ..*self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bends_cut_corners_and_leave_straight_runs() {
        // An L: one corner, cut 0.3 back on each side.
        let (start, pieces) = bends(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)], false, 0.3);
        assert_eq!(start, (0.0, 0.0));
        assert_eq!(
            pieces,
            vec![
                Bend::To(0.7, 0.0),
                Bend::Curve((1.0, 0.0), (1.0, 0.3)),
                Bend::To(1.0, 1.0)
            ]
        );
        // Straight on: no curve. Radius 0: none either.
        let (_, pieces) = bends(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)], false, 0.3);
        assert_eq!(pieces, vec![Bend::To(1.0, 0.0), Bend::To(2.0, 0.0)]);
        let (_, pieces) = bends(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)], false, 0.0);
        assert!(pieces.iter().all(|p| matches!(p, Bend::To(..))));
        // A short side limits the radius to half of it.
        let (_, pieces) = bends(&[(0.0, 0.0), (1.0, 0.0), (1.0, 0.25)], false, 0.3);
        assert_eq!(pieces[1], Bend::Curve((1.0, 0.0), (1.0, 0.125)));
        // A closed square: four curves, starting just after the first corner and ending on
        // the curve back into it.
        let sq = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
        let (start, pieces) = bends(&sq, true, 0.25);
        assert_eq!(start, (0.25, 0.0));
        let curves = pieces
            .iter()
            .filter(|p| matches!(p, Bend::Curve(..)))
            .count();
        assert_eq!(curves, 4);
        assert_eq!(pieces.last(), Some(&Bend::Curve((0.0, 0.0), (0.25, 0.0))));
    }

    #[test]
    fn upto_cuts_lines_and_drops_later_stamps() {
        let line = Item::new(
            Shape::Line {
                points: vec![(0.0, 0.0), (1.0, 2.0), (3.0, 3.0), (5.0, 4.0)],
                first: 0,
                closed: false,
                bend: 0.0,
            },
            Paint::Fill(Rgb(0, 0, 0, 255)),
        );
        let stamps = Item::new(
            Shape::Stamps {
                defs: vec![Outline::new()],
                uses: (0..4)
                    .map(|s| Stamp {
                        def: 0,
                        x: 0.0,
                        y: 0.0,
                        step: s,
                    })
                    .collect(),
            },
            Paint::Fill(Rgb(0, 0, 0, 255)),
        );
        let end = Item::fill(Outline::new(), Rgb(1, 2, 3, 255)).at(3);
        let p = Picture {
            width: 10.0,
            height: 10.0,
            title: String::new(),
            background: None,
            items: vec![line, stamps, end],
            steps: 3,
            head: None,
        };
        let q = p.upto(1);
        assert_eq!(q.items.len(), 2);
        match &q.items[0].shape {
            Shape::Line { points, .. } => assert_eq!(points.len(), 2),
            _ => unreachable!(),
        }
        match &q.items[1].shape {
            Shape::Stamps { uses, .. } => assert_eq!(uses.len(), 2),
            _ => unreachable!(),
        }
        assert_eq!(p.upto(3), p);
        assert_eq!(p.items[0].last_step(), 3);
    }
}
