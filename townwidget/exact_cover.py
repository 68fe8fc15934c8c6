"""Exact cover by Knuth's Algorithm X with dancing links (DLX).

An *exact cover* problem has a set of **columns** (the things to cover) and a family of **rows**
(the options), each row naming the columns it covers. A solution is a set of rows that covers every
*primary* column exactly once and every *secondary* column at most once. Sudoku, the n queens, pentomino
tilings and, in this package, the transversals and orthogonal mates of Latin squares (the complete
boards of Town) are all exact cover problems.

Algorithm X is plain backtracking: pick a primary column that is still uncovered, try in turn each row
that covers it, delete every row that clashes with the chosen one, and recurse; a dead end is a column
that no remaining row covers. Two ideas make it fast:

* **Minimum remaining values.** Branch on the column with the fewest remaining rows. A column with one
  row is a forced move, a column with none is an immediate dead end, so the search tree stays small.
* **Dancing links.** Every 1 of the 0/1 matrix is a node in two circular doubly linked lists, one along
  its row and one down its column. Deleting a node is ``L[R[x]] = L[x]; R[L[x]] = R[x]``; because ``x``
  still remembers its neighbours, ``L[R[x]] = x; R[L[x]] = x`` puts it back. Backtracking undoes the
  deletions in the reverse order, so each step costs time proportional to the nodes it touches, and
  nothing is copied.

Here the links live in flat Python lists indexed by node number (node 0 is the root, nodes ``1..k`` the
column headers, then one node per 1 of the matrix), and the recursion is an explicit stack, so a search
is one generator that can stop after any solution and can report every step it takes.

>>> problem = ExactCover("abc", {"x": "ab", "y": "c", "z": "bc", "w": "a"})
>>> sorted(sorted(rows) for rows in problem.solutions())
[['w', 'z'], ['x', 'y']]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from itertools import islice
from typing import Generic, Literal, NamedTuple, TypeVar

RowName = TypeVar("RowName", bound=Hashable)

Action = Literal["choose", "select", "retreat", "solution"]

_ROOT = 0


class TraceStep(NamedTuple):
    """One step of a search, recorded by :meth:`ExactCover.trace` so that a lesson can animate it.

    ``depth`` is the number of rows in the partial solution when the step starts.

    * ``("choose", depth, column, candidates)``: the search branches on ``column``; ``rows`` holds the
      rows still able to cover it (empty: a dead end).
    * ``("select", depth, column, (row,))``: ``row`` joins the partial solution.
    * ``("retreat", depth, column, (row,))``: ``row`` leaves it again (``depth`` is that of its select).
    * ``("solution", depth, None, rows)``: ``rows`` form a solution.
    """

    action: Action
    depth: int
    column: Hashable | None
    rows: tuple[Hashable, ...]


class _Links:
    """The dancing-links arrays: node 0 is the root, then the column headers, then one node per 1."""

    def __init__(self) -> None:
        self.left, self.right, self.up, self.down = [_ROOT], [_ROOT], [_ROOT], [_ROOT]
        self.column, self.row, self.size = [_ROOT], [-1], [0]

    def copy(self) -> _Links:
        """Fresh link arrays for one search (the node-to-column and node-to-row maps never change)."""
        links = _Links()
        links.left, links.right = list(self.left), list(self.right)
        links.up, links.down, links.size = list(self.up), list(self.down), list(self.size)
        links.column, links.row = self.column, self.row
        return links

    def add_header(self, primary: bool) -> None:
        """Append a column header: primary ones join the root's list, secondary ones link to themselves."""
        node = len(self.left)
        if primary:
            self.left.append(self.left[_ROOT])
            self.right.append(_ROOT)
            self.right[self.left[_ROOT]] = node
            self.left[_ROOT] = node
        else:
            self.left.append(node)
            self.right.append(node)
        self.up.append(node)
        self.down.append(node)
        self.column.append(node)
        self.row.append(-1)
        self.size.append(0)

    def add_row(self, row_index: int, headers: list[int]) -> None:
        """Append the nodes of one row: a circular list across, each node at the foot of its column."""
        first, last = len(self.left), len(self.left) + len(headers) - 1
        for node, header in enumerate(headers, start=first):
            self.left.append(node - 1 if node > first else last)
            self.right.append(node + 1 if node < last else first)
            self.up.append(self.up[header])
            self.down.append(header)
            self.down[self.up[header]] = node
            self.up[header] = node
            self.column.append(header)
            self.row.append(row_index)
            self.size[header] += 1

    def cover(self, header: int) -> None:
        """Unlink a column header and every row that meets the column from the other columns."""
        left, right, up, down = self.left, self.right, self.up, self.down
        column, size = self.column, self.size
        left[right[header]] = left[header]
        right[left[header]] = right[header]
        i = down[header]
        while i != header:
            j = right[i]
            while j != i:
                up[down[j]] = up[j]
                down[up[j]] = down[j]
                size[column[j]] -= 1
                j = right[j]
            i = down[i]

    def uncover(self, header: int) -> None:
        """Exactly undo :meth:`cover` (the same nodes, in the reverse order)."""
        left, right, up, down = self.left, self.right, self.up, self.down
        column, size = self.column, self.size
        i = up[header]
        while i != header:
            j = left[i]
            while j != i:
                size[column[j]] += 1
                up[down[j]] = j
                down[up[j]] = j
                j = left[j]
            i = up[i]
        left[right[header]] = header
        right[left[header]] = header

    def select(self, node: int) -> None:
        """Cover the other columns of ``node``'s row (its own column is already covered)."""
        j = self.right[node]
        while j != node:
            self.cover(self.column[j])
            j = self.right[j]

    def deselect(self, node: int) -> None:
        """Exactly undo :meth:`select`."""
        j = self.left[node]
        while j != node:
            self.uncover(self.column[j])
            j = self.left[j]

    def fewest_rows_column(self) -> int:
        """The uncovered primary column with the fewest rows left (the first such one on ties)."""
        best, best_size = _ROOT, -1
        header = self.right[_ROOT]
        while header != _ROOT:
            if best_size < 0 or self.size[header] < best_size:
                best, best_size = header, self.size[header]
                if best_size == 0:
                    break
            header = self.right[header]
        return best

    def rows_of(self, header: int) -> list[int]:
        """The row indices still present in a column, top to bottom."""
        rows = []
        node = self.down[header]
        while node != header:
            rows.append(self.row[node])
            node = self.down[node]
        return rows


class ExactCover(Generic[RowName]):
    """An exact cover problem, solved by Algorithm X with dancing links.

    ``columns`` are the primary columns (each must be covered exactly once), ``secondary`` the columns
    that may be covered at most once, and ``rows`` maps each row name to the columns it covers, at least
    one of them primary (as in Knuth's formulation: a row of secondary columns only could join any
    solution). Column names may be any hashable values. The problem is immutable: every call of
    :meth:`solutions`, :meth:`count`, :meth:`first` or :meth:`trace` runs a fresh search on its own copy
    of the links, so searches may be interleaved or abandoned half-way.

    Building costs O(total size of the rows); each search step costs O(nodes it unlinks). Exact cover is
    NP-complete, so the number of steps can grow exponentially in the worst case.

    >>> queens = ExactCover(
    ...     [("rank", 0), ("rank", 1), ("file", 0), ("file", 1)],
    ...     {(r, f): [("rank", r), ("file", f)] for r in range(2) for f in range(2)},
    ... )
    >>> queens.count()
    2
    >>> queens.first()
    [(0, 0), (1, 1)]
    """

    def __init__(
        self,
        columns: Iterable[Hashable],
        rows: Mapping[RowName, Iterable[Hashable]],
        secondary: Iterable[Hashable] = (),
    ) -> None:
        primary, optional = list(columns), list(secondary)
        self.columns: tuple[Hashable, ...] = tuple(primary + optional)
        if len(set(self.columns)) != len(self.columns):
            raise ValueError("column names must be distinct (and not both primary and secondary)")
        self.row_names: tuple[RowName, ...] = tuple(rows)
        header_of = {name: index + 1 for index, name in enumerate(self.columns)}
        self._links = _Links()
        for index in range(len(self.columns)):
            self._links.add_header(primary=index < len(primary))
        for row_index, name in enumerate(self.row_names):
            self._links.add_row(row_index, self._headers(name, rows[name], header_of, len(primary)))

    @staticmethod
    def _headers(
        name: Hashable, covered: Iterable[Hashable], header_of: Mapping[Hashable, int], primary_count: int
    ) -> list[int]:
        covered = list(covered)
        if len(set(covered)) != len(covered):
            raise ValueError(f"row {name!r} names a column twice")
        unknown = [column for column in covered if column not in header_of]
        if unknown:
            raise ValueError(f"row {name!r} covers unknown columns {unknown!r}")
        headers = [header_of[column] for column in covered]
        if not any(header <= primary_count for header in headers):
            raise ValueError(f"row {name!r} covers no primary column, so it could join any solution")
        return headers

    def solutions(self, limit: int | None = None) -> Iterator[list[RowName]]:
        """Yield at most ``limit`` solutions, each a list of row names in the order the search chose them.

        >>> list(ExactCover("ab", {"x": "a", "y": "b", "xy": "ab"}).solutions())
        [['x', 'y'], ['xy']]
        """
        _check_limit(limit)
        return ([self.row_names[i] for i in step[3]] for step in islice(self._search(record=False), limit))

    def count(self, limit: int | None = None) -> int:
        """The number of solutions, counting no further than ``limit``.

        >>> ExactCover("ab", {"x": "a", "y": "b", "xy": "ab"}).count(limit=1)
        1
        """
        return sum(1 for _ in self.solutions(limit))

    def first(self) -> list[RowName] | None:
        """The first solution found, or None if there is none.

        >>> print(ExactCover("ab", {"x": "a"}).first())
        None
        """
        return next(self.solutions(limit=1), None)

    def trace(self, limit: int | None = None, max_steps: int = 10_000) -> list[TraceStep]:
        """Record the search step by step (see :class:`TraceStep`), to animate it in a lesson.

        The recording stops after ``limit`` solutions, when the search ends, or after ``max_steps`` steps,
        whichever comes first; if it was cut short, some selects have no matching retreat.

        >>> for step in ExactCover("ab", {"x": "a", "y": "b", "xy": "ab"}).trace(limit=1):
        ...     print(step.action, step.depth, step.column, step.rows)
        choose 0 a ('x', 'xy')
        select 0 a ('x',)
        choose 1 b ('y',)
        select 1 b ('y',)
        solution 2 None ('x', 'y')
        """
        _check_limit(limit)
        if max_steps < 0:
            raise ValueError(f"max_steps must be >= 0, got {max_steps}")
        steps: list[TraceStep] = []
        found = 0
        for step in islice(self._search(record=True), max_steps):
            if found == limit:
                break
            steps.append(self._named(step))
            found += step[0] == "solution"
        return steps

    def _named(self, step: tuple[Action, int, int, list[int]]) -> TraceStep:
        action, depth, header, row_indices = step
        column = self.columns[header - 1] if header else None
        return TraceStep(action, depth, column, tuple(self.row_names[i] for i in row_indices))

    def _search(self, record: bool) -> Iterator[tuple[Action, int, int, list[int]]]:
        """Algorithm X on a fresh copy of the links, with an explicit stack instead of recursion.

        Yields ``(action, depth, column header, row indices)``; with ``record`` false only the solutions.
        """
        links = self._links.copy()
        headers: list[int] = []  # the column branched on at each depth
        nodes: list[int] = []  # the node of the row selected at each depth (its header: none yet)
        while True:
            if links.right[_ROOT] == _ROOT:
                yield ("solution", len(nodes), _ROOT, [links.row[node] for node in nodes])
            else:
                header = links.fewest_rows_column()
                if record:
                    yield ("choose", len(nodes), header, links.rows_of(header))
                links.cover(header)
                headers.append(header)
                nodes.append(header)
            while headers:  # move to the next untried row of the deepest column, retreating as needed
                header, node = headers[-1], nodes[-1]
                if node != header:
                    links.deselect(node)
                    if record:
                        yield ("retreat", len(nodes) - 1, header, [links.row[node]])
                node = links.down[node]
                if node != header:
                    nodes[-1] = node
                    links.select(node)
                    if record:
                        yield ("select", len(nodes) - 1, header, [links.row[node]])
                    break
                links.uncover(header)
                headers.pop()
                nodes.pop()
            else:
                return


def _check_limit(limit: int | None) -> None:
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be None or >= 0, got {limit}")
