//! Graph files read back by the libraries they are for: networkx reads the DOT (through
//! pydot), GraphML and CSV files with the right numbers of nodes and edges, and Graphviz lays
//! the DOT out. `.ci/test` installs graphviz, networkx and pydot; these tests fail without
//! them.

mod common;

use common::kt;
use std::process::Command;

/// Runs a Python snippet, which prints its answer.
fn python(code: &str) -> String {
    let out = Command::new("python3")
        .args(["-c", code])
        .output()
        .expect("python3 must be installed (bash .ci/test installs networkx and pydot)");
    assert!(
        out.status.success(),
        "python failed (bash .ci/test installs networkx and pydot): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Nodes and edges of a graph file as networkx reads it.
fn networkx(path: &std::path::Path) -> (usize, usize) {
    let p = path.display();
    let read = match path.extension().and_then(|e| e.to_str()) {
        Some("graphml") => format!("nx.read_graphml('{p}')"),
        Some("csv") => format!("nx.read_edgelist('{p}', delimiter=',', comments='source')"),
        _ => format!("nx.nx_pydot.read_dot('{p}')"),
    };
    let answer = python(&format!(
        "import networkx as nx\ng = {read}\nprint(g.number_of_nodes(), g.number_of_edges())"
    ));
    let mut it = answer.split(' ').map(|v| v.parse().unwrap());
    (it.next().unwrap(), it.next().unwrap())
}

#[test]
fn the_knights_graph_loads_in_networkx_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    // 4mn - 6(m+n) + 8 edges: 168 on 8x8, 4*60 - 6*16 + 8 = 152 on 6x10.
    for (board, nodes, edges) in [("8x8", 64, 168), ("6x10", 60, 152)] {
        for ext in ["dot", "graphml", "csv"] {
            let path = dir.path().join(format!("g-{board}.{ext}"));
            kt().args(["graph", board, "-o"])
                .arg(&path)
                .assert()
                .success();
            assert_eq!(networkx(&path), (nodes, edges), "{board} .{ext}");
        }
    }
    // Other pieces and holes: the king's graph on 5x5 less its centre has 24 squares and
    // 72 - 8 = 64 moves (2*(4*5) + 2*(4*4) = 72 on the full board; the centre had 8).
    let path = dir.path().join("king.graphml");
    kt().args(["graph", "5x5", "--piece", "king", "--holes", "c3", "-o"])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(networkx(&path), (24, 64));
}

#[test]
fn a_tour_loads_as_its_path_and_graphviz_draws_it() {
    let dir = tempfile::tempdir().unwrap();
    let open = dir.path().join("open.graphml");
    let closed = dir.path().join("closed.dot");
    kt().args(["solve", "8x8", "-o"])
        .arg(&open)
        .assert()
        .success();
    kt().args(["solve", "6x6", "--closed", "-o"])
        .arg(&closed)
        .assert()
        .success();
    // An open tour: 64 squares, 63 moves; a closed one: as many moves as squares.
    assert_eq!(networkx(&open), (64, 63));
    assert_eq!(networkx(&closed), (36, 36));
    // The moves in order: networkx finds the one path from move 1 to move 64.
    let order = python(&format!(
        "import networkx as nx\ng = nx.read_graphml('{}')\n\
         first = [n for n, d in g.nodes(data=True) if d['move'] == 1][0]\n\
         moves = [g.nodes[n]['move'] for n in nx.dfs_preorder_nodes(g, first)]\n\
         print(moves == list(range(1, 65)), nx.is_directed(g))",
        open.display()
    ));
    assert_eq!(order, "True True");
    let svg = Command::new("neato")
        .args(["-n", "-Tsvg"])
        .arg(&closed)
        .output()
        .expect("Graphviz must be installed (bash .ci/test installs graphviz)");
    assert!(
        svg.status.success(),
        "{}",
        String::from_utf8_lossy(&svg.stderr)
    );
    let svg = String::from_utf8(svg.stdout).unwrap();
    assert_eq!(svg.matches("class=\"node\"").count(), 36);
    assert_eq!(svg.matches("class=\"edge\"").count(), 36);
}

#[test]
fn graph_refuses_what_it_cannot_write() {
    kt().args(["graph", "8x8", "--format", "svg"])
        .assert()
        .code(2);
    kt().args(["graph", "8x8", "-o", "x.png"]).assert().code(2);
    kt().args(["graph", "10000x10000"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("hint: a smaller board"));
}
