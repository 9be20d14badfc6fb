"""Typed interface of knight_tour (see the module's docstring)."""

import os
from typing import Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

Square = Union[str, Sequence[int]]
BoardSpec = Union[str, int, Sequence[int]]

class KnightTourError(ValueError):
    """A question the library refuses or cannot answer, with its message."""

class Answer:
    """Whether a tour exists: truthy when it does."""

    @property
    class Marking:
    """What is wrong with an answer: truthy when it is right."""

    @property
    def right(self) -> bool: ...
    @property
    def faults(self) -> List[str]: ...
    @property
    def wrong(self) -> List[Tuple[int, int]]: ...
    def __bool__(self) -> bool: ...

class Puzzle:
    """A puzzle with exactly one solution, graded."""

    def givens(self) -> npt.NDArray[np.int64]: ...
    @property
    def solution(self) -> Tour: ...
    @property
    def grade(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def clues(self) -> int: ...
    @property
    def piece(self) -> str: ...
    def to_json(self) -> str: ...
    def check(self, answer: Union[str, Sequence[Sequence[int]], npt.ArrayLike]) -> Marking: ...

def puzzles(
    board: BoardSpec,
    count: int = 1,
    difficulty: str = "medium",
    seed: int = 1,
    closed: bool = False,
    holes: Optional[Iterable[Square]] = None,
    piece: str = "knight",
) -> List[Puzzle]: ...
def puzzle(
    board: BoardSpec,
    difficulty: str = "medium",
    seed: int = 1,
    closed: bool = False,
    holes: Optional[Iterable[Square]] = None,
    piece: str = "knight",
) -> Puzzle: ...
def worksheet(
    puzzles: Iterable[Puzzle],
    key: bool = False,
    title: Optional[str] = None,
    lang: str = "en",
    page: str = "a4",
    path: Optional[Union[str, os.PathLike]] = None,
) -> bytes: ...
def exists(self) -> Optional[bool]: ...
    @property
    def reason(self) -> str: ...
    def __bool__(self) -> bool: ...

class Tour:
    """A verified tour."""

    @property
    def path(self) -> List[Tuple[int, int]]: ...
    @property
    def board(self) -> Tuple[int, int]: ...
    @property
    def closed(self) -> bool: ...
    @property
    def piece(self) -> str: ...
    @property
    def method(self) -> str: ...
    @property
    def tiles(self) -> List[Tuple[int, int, int, int]]: ...
    @property
    def holes(self) -> List[Tuple[int, int]]: ...
    def __len__(self) -> int: ...
    def numbers(self) -> npt.NDArray[np.int64]: ...
    def to_json(self) -> str: ...
    def to_text(self) -> str: ...
    def to_svg(self, style: str = "numbers", theme: str = "classic", coords: bool = False) -> str: ...
    def to_png(
        self,
        style: str = "numbers",
        theme: str = "classic",
        coords: bool = False,
        width: Optional[int] = None,
    ) -> bytes: ...
    def save(self, path: Union[str, os.PathLike], style: str = "numbers", theme: str = "classic") -> None: ...
    def to_networkx(self) -> "networkx.DiGraph": ...  # type: ignore[name-defined]
    def _repr_svg_(self) -> str: ...

def exists(
    board: BoardSpec,
    closed: bool = False,
    start: Optional[Square] = None,
    end: Optional[Square] = None,
    piece: str = "knight",
    holes: Optional[Iterable[Square]] = None,
) -> Answer: ...
def solve(
    board: BoardSpec,
    closed: bool = False,
    start: Optional[Square] = None,
    end: Optional[Square] = None,
    piece: str = "knight",
    holes: Optional[Iterable[Square]] = None,
    method: str = "auto",
    seed: Optional[int] = None,
) -> Tour: ...
def verify(tour: Union[Tour, str, os.PathLike]) -> Tour: ...
def count(
    board: BoardSpec,
    closed: bool = False,
    start: Optional[Square] = None,
    end: Optional[Square] = None,
    piece: str = "knight",
    holes: Optional[Iterable[Square]] = None,
    directed: bool = False,
) -> int: ...
def save(tour: Tour, path: Union[str, os.PathLike], style: str = "numbers", theme: str = "classic") -> None: ...
