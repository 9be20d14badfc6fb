"""Knight's tours (and other pieces') from Python: exact existence with the theorem's reason,
tours built in linear time on boards of 10^8 squares, exact counts, and drawings.

>>> import knight_tour as kt
>>> bool(kt.exists("5x5", closed=True))
False
>>> tour = kt.solve("34x34", closed=True)
>>> tour.numbers().shape
(34, 34)
>>> kt.count("6x6", closed=True)
9862
>>> p = kt.puzzle("6x6", difficulty="easy", seed=5)
>>> bool(p.check(p.solution.numbers().tolist()))
True

The work is done by the `knight-tour` Rust library (the same as the command line), with the
interpreter released while it runs. Errors are `KnightTourError` with the library's message.
"""

from __future__ import annotations

import os
from typing import Iterable, Optional, Sequence, Union

from ._knight_tour import Answer, KnightTourError, Marking, Puzzle, Tour
from ._knight_tour import puzzles as _puzzles
from ._knight_tour import worksheet as _worksheet
from ._knight_tour import count as _count
from ._knight_tour import exists as _exists
from ._knight_tour import solve as _solve
from ._knight_tour import verify_json as _verify_json

__all__ = [
    "Answer", "KnightTourError", "Marking", "Puzzle", "Tour",
    "count", "exists", "puzzle", "puzzles", "save", "solve", "verify", "worksheet",
]

Square = Union[str, Sequence[int]]


def _square(s: Optional[Square]) -> Optional[str]:
    """A square as the library reads it: algebraic ("a1") or a (row, col) pair."""
    if s is None or isinstance(s, str):
        return s
    row, col = s
    return f"{int(row)},{int(col)}"


def _squares(holes: Optional[Iterable[Square]]) -> Optional[list]:
    return None if holes is None else [_square(h) for h in holes]


def _board(board: Union[str, int, Sequence[int]]) -> str:
    """A board as "ROWSxCOLS", from the string, one number, or a (rows, cols) pair."""
    if isinstance(board, str):
        return board
    if isinstance(board, int):
        return f"{board}x{board}"
    rows, cols = board
    return f"{int(rows)}x{int(cols)}"


def exists(board, closed=False, start=None, end=None, piece="knight", holes=None) -> Answer:
    """Whether a tour exists: an `Answer`, truthy when one does, with `.reason` saying why."""
    return _exists(_board(board), closed, _square(start), _square(end), piece, _squares(holes))


def solve(board, closed=False, start=None, end=None, piece="knight", holes=None,
          method="auto", seed=None) -> Tour:
    """A verified tour (closed: a cycle), from `start` to `end` where given, around `holes`."""
    return _solve(_board(board), closed, _square(start), _square(end), piece,
                  _squares(holes), method, seed)


def verify(tour) -> Tour:
    """Reads a knight-tour/1 JSON tour (a `Tour`, its JSON text, or a file's path) and checks
    it: the tour, or `KnightTourError` naming the first fault."""
    if isinstance(tour, Tour):
        text = tour.to_json()
    elif isinstance(tour, (str, os.PathLike)) and not str(tour).lstrip().startswith("{"):
        with open(tour, encoding="utf-8") as f:
            text = f.read()
    else:
        text = str(tour)
    return _verify_json(text)


def count(board, closed=False, start=None, end=None, piece="knight", holes=None,
          directed=False) -> int:
    """The exact number of tours, each once whichever way round (`directed`: each direction),
    by frontier dynamic programming."""
    return int(_count(_board(board), closed, _square(start), _square(end), piece,
                      _squares(holes), directed))


def puzzles(
    board, count=1, difficulty="medium", seed=1, closed=False, holes=None, piece="knight"
) -> list:
    """`count` tour puzzles with exactly one solution each, graded `difficulty` (easy, medium,
    hard); puzzle i comes from seed `seed + i`. `piece="king"` makes Hidato puzzles,
    `piece="wazir"` Numbrix."""
    return _puzzles(_board(board), count, difficulty, seed, closed, _squares(holes), piece)


def puzzle(board, difficulty="medium", seed=1, closed=False, holes=None, piece="knight") -> Puzzle:
    """One puzzle with exactly one solution: `puzzles(...)[0]`."""
    return puzzles(board, 1, difficulty, seed, closed, holes, piece)[0]


def worksheet(puzzles, key=False, title=None, lang="en", page="a4", path=None) -> bytes:
    """The worksheet's pages (the answer key's, with `key`) as one PDF, in `lang` (en or zh),
    written to `path` when given."""
    pdf = _worksheet(list(puzzles), key, title, lang, page)
    if path is not None:
        with open(path, "wb") as f:
            f.write(pdf)
    return pdf


def save(tour: Tour, path, style="numbers", theme="classic") -> None:
    """Writes a tour in the format of the file's extension: .json, .txt, .svg or .png."""
    ext = os.path.splitext(str(path))[1].lower()
    if ext == ".json":
        data = tour.to_json().encode()
    elif ext == ".txt":
        data = tour.to_text().encode()
    elif ext == ".svg":
        data = tour.to_svg(style=style, theme=theme).encode()
    elif ext == ".png":
        data = tour.to_png(style=style, theme=theme)
    else:
        raise KnightTourError(f"cannot tell the format of '{path}'; use .json, .txt, .svg or .png")
    with open(path, "wb") as f:
        f.write(data)


def _tour_save(self: Tour, path, style="numbers", theme="classic") -> None:
    save(self, path, style=style, theme=theme)


def _to_networkx(self: Tour):
    """The tour as a networkx DiGraph: squares with their move number, moves in order."""
    import networkx as nx

    g = nx.DiGraph()
    path = self.path
    for k, (r, c) in enumerate(path):
        g.add_node((r, c), move=k + 1)
    for k in range(len(path) - 1):
        g.add_edge(path[k], path[k + 1], move=k + 1)
    if self.closed and len(path) > 1:
        g.add_edge(path[-1], path[0], move=len(path))
    return g


Tour.save = _tour_save  # type: ignore[attr-defined]
Tour.to_networkx = _to_networkx  # type: ignore[attr-defined]
