"""The Python package as a notebook uses it: exists, solve, the move numbers as an array, the
tiles drawn, counts, verification, errors, and big tours without a Python object a square."""

import json
import subprocess
import threading

import numpy as np
import pytest

import knight_tour as kt


def test_exists_is_truthy_with_the_theorems_reason():
    assert kt.exists("8x8", closed=True)
    no = kt.exists("5x5", closed=True)
    assert not no and no.exists is False
    assert "odd" in no.reason
    assert not kt.exists("8x8", piece="camel")
    assert "colour-bound" in kt.exists("8x8", piece="camel").reason
    assert kt.exists((3, 4), start="a1")
    assert kt.exists(6, holes=["c3"])


def test_a_notebook_session_with_a_34x34_cycle():
    tour = kt.solve("34x34", closed=True)
    assert tour.closed and tour.board == (34, 34) and len(tour) == 1156
    assert tour.method == "divide" and len(tour.tiles) == 16
    numbers = tour.numbers()
    assert numbers.shape == (34, 34) and numbers.dtype == np.int64
    assert sorted(numbers.ravel().tolist()) == list(range(1, 1157))
    # Consecutive numbers are a knight's move apart, and the last returns to the first.
    where = {int(n): (r, c) for (r, c), n in np.ndenumerate(numbers)}
    for k in range(1, 1157):
        (r1, c1), (r2, c2) = where[k], where[k % 1156 + 1]
        assert sorted((abs(r1 - r2), abs(c1 - c2))) == [1, 2]
    assert tour.path[0] == where[1]
    svg = tour.to_svg(style="tiles", theme="paper")
    assert svg.startswith("<svg") and "</svg>" in svg
    assert tour._repr_svg_().startswith("<svg")
    png = tour.to_png(style="tiles", width=300)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_holes_give_minus_one_and_other_pieces_tour_too():
    tour = kt.solve("6x6", holes=["c3", (0, 0)])
    numbers = tour.numbers()
    assert numbers[0, 0] == -1 and numbers[3, 2] == -1
    assert (numbers > 0).sum() == 34
    assert sorted(tour.holes) == [(0, 0), (3, 2)]
    king = kt.solve("5x5", piece="king", closed=False)
    assert king.piece == "king" and len(king) == 25


def test_counts_are_exact_integers_of_any_size():
    assert kt.count("6x6", closed=True) == 9862
    assert kt.count("6x6", closed=True, directed=True) == 2 * 9862
    # Luschny's table: 1728 directed open tours of 5x5, 55,488,142 closed tours of 6x8.
    assert kt.count("5x5") == 864 and kt.count("5x5", directed=True) == 1728
    big = kt.count((6, 8), closed=True)
    assert isinstance(big, int) and big == 55_488_142


def test_json_round_trip_and_verification(tmp_path):
    tour = kt.solve("8x8", start="a1")
    data = json.loads(tour.to_json())
    assert data["format"] == "knight-tour/1"
    again = kt.verify(tour.to_json())
    assert again.path == tour.path
    path = tmp_path / "t.json"
    tour.save(path)
    assert kt.verify(path).path == tour.path
    data["path"][3], data["path"][4] = data["path"][4], data["path"][3]
    with pytest.raises(kt.KnightTourError, match="move"):
        kt.verify(json.dumps(data))
    for ext in ["txt", "svg", "png"]:
        tour.save(tmp_path / f"t.{ext}")
        assert (tmp_path / f"t.{ext}").stat().st_size > 0


def test_errors_carry_the_librarys_message():
    with pytest.raises(kt.KnightTourError, match="both sides are odd"):
        kt.solve("5x5", closed=True)
    with pytest.raises(kt.KnightTourError):
        kt.solve("0x3")
    with pytest.raises(kt.KnightTourError):
        kt.exists("8x8", piece="dragon")
    with pytest.raises(kt.KnightTourError, match="style"):
        kt.solve("8x8").to_svg(style="sketch")


def test_a_big_tour_is_one_array_and_the_interpreter_runs_meanwhile():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            stop.wait(0.001)

    t = threading.Thread(target=tick)
    t.start()
    tour = kt.solve((3000, 3000), closed=True)
    numbers = tour.numbers()
    stop.set()
    t.join()
    assert numbers.shape == (3000, 3000) and numbers.dtype == np.int64
    assert numbers.max() == 9_000_000 and numbers.min() == 1
    # The other thread ran while the tour was built: the interpreter was released.
    assert len(ticks) > 5


def test_to_networkx_where_installed():
    nx = pytest.importorskip("networkx")
    g = kt.solve("6x6", closed=True).to_networkx()
    assert isinstance(g, nx.DiGraph)
    assert g.number_of_nodes() == 36 and g.number_of_edges() == 36


def test_a_puzzle_is_made_printed_and_checked(tmp_path):
    made = kt.puzzles("6x6", count=2, difficulty="easy", seed=5)
    assert len(made) == 2 and [p.seed for p in made] == [5, 6]
    p = made[0]
    assert p.grade == "easy"
    givens = p.givens()
    assert givens.shape == (6, 6) and (givens > 0).sum() == p.clues
    solution = p.solution.numbers()
    # The givens are the solution's numbers where given.
    assert ((givens == 0) | (givens == solution)).all()
    assert p.check(solution.tolist())
    wrong = solution.copy()
    blanks = np.argwhere(givens == 0)
    (r1, c1), (r2, c2) = blanks[0], blanks[1]
    wrong[r1, c1], wrong[r2, c2] = wrong[r2, c2], wrong[r1, c1]
    marking = p.check(wrong.tolist())
    assert not marking and marking.faults and "not a knight's move" in marking.faults[0]
    assert (int(r1), int(c1)) in marking.wrong or (int(r2), int(c2)) in marking.wrong
    assert json.loads(p.to_json())["difficulty"] == "easy"
    pdf = kt.worksheet(made, title="Homework", path=tmp_path / "sheet.pdf")
    assert pdf.startswith(b"%PDF-") and (tmp_path / "sheet.pdf").read_bytes() == pdf
    key = kt.worksheet(made, key=True, lang="zh", path=tmp_path / "key.pdf")
    assert key.startswith(b"%PDF-") and key != pdf
    # The key's Chinese heading reads back as text (the system's CJK font was found).
    text = subprocess.run(["pdftotext", str(tmp_path / "key.pdf"), "-"], capture_output=True,
                          check=True, text=True).stdout
    assert "答案：骑士巡游练习" in text, text
    with pytest.raises(kt.KnightTourError):
        kt.puzzles("6x6", difficulty="impossible")
    one = kt.puzzle("6x6", difficulty="easy", seed=5)
    assert one.to_json() == p.to_json()


def test_hidato_and_numbrix_puzzles(tmp_path):
    hidato = kt.puzzles("6x6", count=2, difficulty="medium", seed=2, piece="king")
    assert [p.piece for p in hidato] == ["king", "king"]
    assert "king" in repr(hidato[0])
    solution = hidato[0].solution.numbers()
    assert hidato[0].check(solution.tolist())
    assert json.loads(hidato[0].to_json())["piece"] == "king"
    kt.worksheet(hidato, path=tmp_path / "hidato.pdf")
    text = subprocess.run(["pdftotext", str(tmp_path / "hidato.pdf"), "-"], capture_output=True,
                          check=True, text=True).stdout
    assert "Hidato Puzzles" in text and "a king's move" in text, text
    numbrix = kt.puzzle("6x6", difficulty="easy", seed=2, piece="wazir")
    assert numbrix.piece == "wazir"
    # One worksheet is one piece's.
    with pytest.raises(kt.KnightTourError):
        kt.worksheet([hidato[0], numbrix])


def test_the_module_docstring_session_runs():
    import doctest

    failures, tried = doctest.testmod(kt, verbose=False)
    assert tried >= 5 and failures == 0
