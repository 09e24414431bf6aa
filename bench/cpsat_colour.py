#!/usr/bin/env python3
"""The CP-SAT peer for colour nonograms (../shared/peers/cpsat.py models black and white only).

Reads puzzles as JSON lines {"id", "puzzle"} on stdin, the JS API's colour shape
({"genre": "nonogram", "colors": [...], "rows": [[{"n", "color"} or a number, ...]], "cols"}),
and prints one JSON line per puzzle, as cpsat.py does: {"id", "count" (solutions found, at
most --max), "status" ("none" | "unique" | "multiple" | "unknown"), "ms", "solutions" (the
grids found, rows of colour indices, 0 the background)}. Needs `pip install ortools`.

    python3 bench/cpsat_colour.py [--max 2] [--time-limit-s 30] [--workers 1] < puzzles.jsonl

The model is the plain one a site would write: every cell an integer 0..K, every line an
automaton over its blocks (a block of colour c is c repeated; between two blocks of the same
colour at least one 0, between blocks of different colours any number of 0s, none included).
It shares no code with gridlogic: `npm run bench` and tests/js/colour_oracle.test.mjs use it as
an independent solver.
"""
import argparse, json, sys, time
from ortools.sat.python import cp_model


def blocks(clue):
    """A line's clue as (length, colour) pairs; a plain number is a block of colour 1."""
    out = []
    for b in clue:
        n, c = (b, 1) if isinstance(b, int) else (b["n"], b.get("color", 1))
        if n:
            out.append((n, c))
    return out


def line(m, cells, clue):
    """cells: IntVars 0..K; the automaton of the clue's blocks."""
    # States: 0 the start; block j's k-th cell is state first[j] + k; after block j's last
    # cell, gap[j] (at least one 0 read since) is its own state.
    trans, first, gap, state = [(0, 0, 0)], [], [], 1
    for n, _ in clue:
        first.append(state)
        state += n
        gap.append(state)
        state += 1
    for j, (n, c) in enumerate(clue):
        before = [0] if j == 0 else [gap[j - 1]]
        if j > 0 and clue[j - 1][1] != c:
            before.append(first[j - 1] + clue[j - 1][0] - 1)  # touching: straight after the last cell
        for s in before:
            trans.append((s, c, first[j]))
        for k in range(1, n):
            trans.append((first[j] + k - 1, c, first[j] + k))
        last = first[j] + n - 1
        trans.append((last, 0, gap[j]))
        trans.append((gap[j], 0, gap[j]))
    finals = [0] if not clue else [gap[-1], first[-1] + clue[-1][0] - 1]
    m.AddAutomaton(cells, 0, finals, trans)


def colour_nonogram(m, p):
    rows, cols, k = p["rows"], p["cols"], len(p["colors"])
    H, W = len(rows), len(cols)
    x = [[m.NewIntVar(0, k, "") for _ in range(W)] for _ in range(H)]
    for r in range(H):
        line(m, x[r], blocks(rows[r]))
    for c in range(W):
        line(m, [x[r][c] for r in range(H)], blocks(cols[c]))
    return x


def count(puzzle, most, limit_s, workers):
    m = cp_model.CpModel()
    x = colour_nonogram(m, puzzle)

    class Stop(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.found = []

        def on_solution_callback(self):
            self.found.append([[self.Value(v) for v in row] for row in x])
            if len(self.found) >= most:
                self.StopSearch()

    s = cp_model.CpSolver()
    s.parameters.enumerate_all_solutions = True
    s.parameters.num_workers = workers
    s.parameters.max_time_in_seconds = limit_s
    cb = Stop()
    t = time.perf_counter()
    code = s.Solve(m, cb)
    ms = (time.perf_counter() - t) * 1000
    n = len(cb.found)
    done = code in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or n >= most
    status = "unknown" if not done else ["none", "unique"][n] if n < 2 else "multiple"
    return cb.found, status, ms


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--max", type=int, default=2)
    ap.add_argument("--time-limit-s", type=float, default=30.0)
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args()
    for text in sys.stdin:
        if not text.strip():
            continue
        case = json.loads(text)
        found, status, ms = count(case["puzzle"], a.max, a.time_limit_s, a.workers)
        out = {"id": case.get("id"), "count": len(found), "status": status, "ms": round(ms, 3), "solutions": found}
        print(json.dumps(out), flush=True)
