//! Graphs for graph libraries: a piece's whole graph on a (shaped) board, or a tour as the
//! path through it, as Graphviz DOT, GraphML or a CSV edge list (networkx, igraph, Graphviz
//! and JGraphT read all three).
//!
//! Nodes are the open squares, named as the board names them (`a1` bottom left) and carrying
//! their zero-based `row` and `col`; in DOT also a `pos` (an inch a square), so `neato -n`
//! lays the graph out as the board. A tour's nodes carry their move number and its edges run from each
//! move to the next (a closed tour's last edge back to 1).

use std::io::{self, Write};

use crate::board::{Board, Square};
use crate::piece::Piece;
use crate::tour::Tour;

/// Graph file formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// Graphviz DOT (`.dot`, `.gv`).
    Dot,
    /// GraphML (`.graphml`).
    GraphMl,
    /// `source,target` lines (`.csv`).
    Csv,
}

/// A piece's graph on a board with some squares blocked: what [`write_graph`] writes.
pub struct PieceGraph<'a> {
    /// The board.
    pub board: Board,
    /// The piece whose moves are the edges.
    pub piece: Piece,
    /// Blocked squares by linear index (empty: none).
    pub blocked: &'a [bool],
}

impl PieceGraph<'_> {
    fn open(&self, i: u32) -> bool {
        !self.blocked.get(i as usize).copied().unwrap_or(false)
    }

    /// Each edge once, from the lower index to the higher.
    fn edges(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let b = &self.board;
        (0..b.area() as u32)
            .filter(move |&i| self.open(i))
            .flat_map(move |i| {
                b.moves_from(self.piece, b.square(i))
                    .map(move |s| (i, b.index(s)))
                    .filter(move |&(i, j)| j > i && self.open(j))
            })
    }

    /// Number of nodes (open squares).
    pub fn nodes(&self) -> usize {
        (0..self.board.area() as u32)
            .filter(|&i| self.open(i))
            .count()
    }
}

fn name(b: Board, i: u32) -> String {
    b.algebraic(b.square(i))
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Position of a square for Graphviz, in points (what `neato -n` reads): an inch a square,
/// files across, ranks up.
fn pos(b: Board, s: Square) -> String {
    format!("{},{}!", 72 * s.col, 72 * (b.rows - 1 - s.row))
}

/// Writes a piece's whole graph on the board.
pub fn write_graph(
    w: &mut (impl Write + ?Sized),
    g: &PieceGraph<'_>,
    format: GraphFormat,
) -> io::Result<()> {
    let b = g.board;
    let title = format!("{} graph of {}", g.piece.name(), b);
    let nodes = (0..b.area() as u32).filter(|&i| g.open(i));
    match format {
        GraphFormat::Dot => {
            writeln!(w, "graph \"{title}\" {{")?;
            writeln!(w, "  node [shape=circle, fontsize=10];")?;
            for i in nodes {
                let s = b.square(i);
                writeln!(
                    w,
                    "  \"{}\" [row={}, col={}, pos=\"{}\"];",
                    name(b, i),
                    s.row,
                    s.col,
                    pos(b, s)
                )?;
            }
            for (i, j) in g.edges() {
                writeln!(w, "  \"{}\" -- \"{}\";", name(b, i), name(b, j))?;
            }
            writeln!(w, "}}")
        }
        GraphFormat::GraphMl => {
            graphml_head(w, &title, "undirected", false)?;
            for i in nodes {
                let s = b.square(i);
                graphml_node(w, &name(b, i), s, None)?;
            }
            for (i, j) in g.edges() {
                writeln!(
                    w,
                    "    <edge source=\"{}\" target=\"{}\"/>",
                    name(b, i),
                    name(b, j)
                )?;
            }
            graphml_tail(w)
        }
        GraphFormat::Csv => {
            writeln!(w, "source,target")?;
            for (i, j) in g.edges() {
                writeln!(w, "{},{}", name(b, i), name(b, j))?;
            }
            Ok(())
        }
    }
}

/// Writes a tour as a directed path (or cycle): its squares as nodes with their move number,
/// its moves as edges from each move to the next, with the number of the move.
pub fn write_tour_graph(
    w: &mut (impl Write + ?Sized),
    tour: &Tour,
    format: GraphFormat,
) -> io::Result<()> {
    let b = tour.board();
    let n = tour.path.len();
    let moves = tour
        .path
        .windows(2)
        .map(|p| (p[0], p[1]))
        .chain((tour.is_closed() && n > 1).then(|| (tour.path[n - 1], tour.path[0])))
        .enumerate();
    let title = format!("{} {} tour of {}", tour.piece().name(), tour.kind(), b);
    match format {
        GraphFormat::Dot => {
            writeln!(w, "digraph \"{title}\" {{")?;
            writeln!(w, "  node [shape=circle, fontsize=10];")?;
            for (k, &i) in tour.path.iter().enumerate() {
                let s = b.square(i);
                writeln!(
                    w,
                    "  \"{}\" [label=\"{}\", move={}, row={}, col={}, pos=\"{}\"];",
                    name(b, i),
                    k + 1,
                    k + 1,
                    s.row,
                    s.col,
                    pos(b, s)
                )?;
            }
            for (k, (i, j)) in moves {
                writeln!(
                    w,
                    "  \"{}\" -> \"{}\" [move={}];",
                    name(b, i),
                    name(b, j),
                    k + 1
                )?;
            }
            writeln!(w, "}}")
        }
        GraphFormat::GraphMl => {
            graphml_head(w, &title, "directed", true)?;
            for (k, &i) in tour.path.iter().enumerate() {
                graphml_node(w, &name(b, i), b.square(i), Some(k + 1))?;
            }
            for (k, (i, j)) in moves {
                writeln!(
                    w,
                    "    <edge source=\"{}\" target=\"{}\"><data key=\"emove\">{}</data></edge>",
                    name(b, i),
                    name(b, j),
                    k + 1
                )?;
            }
            graphml_tail(w)
        }
        GraphFormat::Csv => {
            writeln!(w, "source,target,move")?;
            for (k, (i, j)) in moves {
                writeln!(w, "{},{},{}", name(b, i), name(b, j), k + 1)?;
            }
            Ok(())
        }
    }
}

fn graphml_head(
    w: &mut (impl Write + ?Sized),
    title: &str,
    direction: &str,
    numbered: bool,
) -> io::Result<()> {
    writeln!(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
    writeln!(
        w,
        "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">"
    )?;
    writeln!(
        w,
        "  <key id=\"row\" for=\"node\" attr.name=\"row\" attr.type=\"int\"/>"
    )?;
    writeln!(
        w,
        "  <key id=\"col\" for=\"node\" attr.name=\"col\" attr.type=\"int\"/>"
    )?;
    if numbered {
        writeln!(
            w,
            "  <key id=\"move\" for=\"node\" attr.name=\"move\" attr.type=\"int\"/>"
        )?;
        writeln!(
            w,
            "  <key id=\"emove\" for=\"edge\" attr.name=\"move\" attr.type=\"int\"/>"
        )?;
    }
    writeln!(
        w,
        "  <graph id=\"{}\" edgedefault=\"{direction}\">",
        xml_escape(title)
    )
}

fn graphml_node(
    w: &mut (impl Write + ?Sized),
    id: &str,
    s: Square,
    number: Option<usize>,
) -> io::Result<()> {
    write!(
        w,
        "    <node id=\"{id}\"><data key=\"row\">{}</data><data key=\"col\">{}</data>",
        s.row, s.col
    )?;
    if let Some(k) = number {
        write!(w, "<data key=\"move\">{k}</data>")?;
    }
    writeln!(w, "</node>")
}

fn graphml_tail(w: &mut (impl Write + ?Sized)) -> io::Result<()> {
    writeln!(w, "  </graph>")?;
    writeln!(w, "</graphml>")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(f: impl FnOnce(&mut Vec<u8>) -> io::Result<()>) -> String {
        let mut out = Vec::new();
        f(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_knights_graph_has_the_textbook_edge_count() {
        // 4mn - 6(m+n) + 8 edges on an m x n board (m, n >= 2): 168 on 8x8, 20 on 3x5.
        for (m, n, edges) in [(8, 8, 168), (3, 5, 20), (5, 6, 4 * 30 - 6 * 11 + 8)] {
            let b = Board::new(m, n).unwrap();
            let g = PieceGraph {
                board: b,
                piece: Piece::KNIGHT,
                blocked: &[],
            };
            let csv = text(|w| write_graph(w, &g, GraphFormat::Csv));
            assert_eq!(csv.lines().count() - 1, edges, "{m}x{n}");
            let dot = text(|w| write_graph(w, &g, GraphFormat::Dot));
            assert_eq!(dot.matches(" -- ").count(), edges);
            let ml = text(|w| write_graph(w, &g, GraphFormat::GraphMl));
            assert_eq!(ml.matches("<edge ").count(), edges);
            assert_eq!(ml.matches("<node ").count(), (m * n) as usize);
        }
    }

    #[test]
    fn blocked_squares_have_no_node_and_no_edge() {
        let b = Board::new(3, 3).unwrap();
        let mut blocked = vec![false; 9];
        blocked[4] = true; // the centre, which the knight never reaches anyway
        blocked[0] = true; // a corner with two moves
        let g = PieceGraph {
            board: b,
            piece: Piece::KNIGHT,
            blocked: &blocked,
        };
        assert_eq!(g.nodes(), 7);
        let csv = text(|w| write_graph(w, &g, GraphFormat::Csv));
        assert_eq!(csv.lines().count() - 1, 8 - 2);
        assert!(!csv.contains("a3"));
    }
}
