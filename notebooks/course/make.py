"""Write the nbgrader course example: the assignment `minimax` and two submissions of it.

    python3 notebooks/course/make.py

writes source/minimax/minimax.ipynb (the instructor's version, solutions between
`% BEGIN SOLUTION` and `% END SOLUTION`) and submissions/right.ipynb and submissions/wrong.ipynb
(the cells a student hands in: one with every exercise right, one with a wrong evaluation and
an alpha-beta that never cuts off). notebooks/course/check.sh autogrades both.
"""

import copy
import hashlib
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def cell(kind, text, grade_id=None, solution=False, grade=False, points=0, locked=False):
    c = {"cell_type": kind, "metadata": {}, "source": text.strip("\n").splitlines(keepends=True)}
    if kind == "code":
        c["execution_count"] = None
        c["outputs"] = []
    if grade_id:
        nbg = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3, "solution": solution}
        if grade:
            nbg["points"] = points
        c["metadata"]["nbgrader"] = nbg
    c["id"] = grade_id or "text-" + hashlib.sha1(text.encode()).hexdigest()[:8]
    return c


def md(text):
    return cell("markdown", text)


def answer(grade_id, text):
    """A cell the student writes: the instructor's solution between the markers."""
    return cell("code", text, grade_id=grade_id, solution=True)


def tests(grade_id, unit, points):
    """A graded cell: full marks when the plunit unit passes, none when it raises."""
    text = "?- run_tests(%s) -> true ; throw(tests_failed(%s))." % (unit, unit)
    return cell("code", text, grade_id=grade_id, grade=True, points=points, locked=True)


EVALUATION = """
% lines_value(+Rows, -F): F is the number of lines (rows, columns, diagonals) still open for x
% (holding no o) minus the number still open for o (holding no x).
% BEGIN SOLUTION
lines_value(Rows, F) :-
        append(Rows, Squares),
        findall(L, line(L), Lines),
        open_lines(Lines, Squares, o, ForX),
        open_lines(Lines, Squares, x, ForO),
        F is ForX - ForO.

line([1,2,3]).  line([4,5,6]).  line([7,8,9]).
line([1,4,7]).  line([2,5,8]).  line([3,6,9]).
line([1,5,9]).  line([3,5,7]).

open_lines(Lines, Squares, Other, N) :-
        include(free_of(Squares, Other), Lines, Open),
        length(Open, N).

free_of(Squares, Other, Line) :-
        \\+ ( member(I, Line), nth1(I, Squares, Other) ).
% END SOLUTION
"""

MINIMAX = """
% minimax(+Pos, -BestSucc, -Val), over moves/2, staticval/2, min_to_move/1, max_to_move/1.
% BEGIN SOLUTION
minimax( Pos, BestSucc, Val)  :-
        moves( Pos, PosList),  !,
        best( PosList, BestSucc, Val);
        staticval( Pos, Val).

best( [Pos], Pos, Val)  :-
        minimax( Pos, _, Val),  !.
best( [Pos1 | PosList], BestPos, BestVal)  :-
        minimax( Pos1, _, Val1),
        best( PosList, Pos2, Val2),
        betterof( Pos1, Val1, Pos2, Val2, BestPos, BestVal).

betterof( Pos0, Val0, _, Val1, Pos0, Val0)  :-
        min_to_move( Pos0), Val0 > Val1,  !;
        max_to_move( Pos0), Val0 < Val1,  !.
betterof( _, _, Pos1, Val1, Pos1, Val1).
% END SOLUTION
"""

ALPHABETA = """
% alphabeta(+Pos, +Alpha, +Beta, -GoodPos, -Val); betterof/6 is the minimax cell's.
% BEGIN SOLUTION
alphabeta( Pos, Alpha, Beta, GoodPos, Val)  :-
        moves( Pos, PosList),  !,
        boundedbest( PosList, Alpha, Beta, GoodPos, Val);
        staticval( Pos, Val).

boundedbest( [Pos | PosList], Alpha, Beta, GoodPos, GoodVal)  :-
        alphabeta( Pos, Alpha, Beta, _, Val),
        goodenough( PosList, Alpha, Beta, Pos, Val, GoodPos, GoodVal).

goodenough( [], _, _, Pos, Val, Pos, Val)  :-  !.
goodenough( _, Alpha, Beta, Pos, Val, Pos, Val)  :-
        min_to_move( Pos), Val > Beta,  !;
        max_to_move( Pos), Val < Alpha,  !.
goodenough( PosList, Alpha, Beta, Pos, Val, GoodPos, GoodVal)  :-
        newbounds( Alpha, Beta, Pos, Val, NewAlpha, NewBeta),
        boundedbest( PosList, NewAlpha, NewBeta, Pos1, Val1),
        betterof( Pos, Val, Pos1, Val1, GoodPos, GoodVal).

newbounds( Alpha, Beta, Pos, Val, Val, Beta)  :-
        min_to_move( Pos), Val > Alpha,  !.
newbounds( Alpha, Beta, Pos, Val, Alpha, Val)  :-
        max_to_move( Pos), Val < Beta,  !.
newbounds( Alpha, Beta, _, _, Alpha, Beta).
% END SOLUTION
"""

GRADER = """
% The graders. Each unit compares the predicates above with stated values or with ply's native
% engines, which run the textbook's algorithms: the same best move and value, and as many
% positions visited (the calls search_tree/4 records against the engine's count).
grader_position(P) :- initial_position(tictactoe, 2, P).
grader_position(P) :-
        initial_position(tictactoe, 2, P0), move(P0, P1, 5), move(P1, P2, 1),
        with_depth(P2, 2, P).
grader_position(P) :-
        initial_position(tictactoe, 2, P0), move(P0, P1, 1), move(P1, P2, 5), move(P2, P3, 9),
        with_depth(P3, inf, P).

grader_visited(PI, Goal, N) :-
        search_tree(PI, Goal, 'visited.dot', [nodes(N)]),
        delete_file('visited.dot').

:- begin_tests(evaluation).
test(empty_board, true(F == 0)) :- lines_value([[e,e,e],[e,e,e],[e,e,e]], F).
test(x_in_the_centre, true(F == 4)) :- lines_value([[e,e,e],[e,x,e],[e,e,e]], F).
test(document_002_example, true(F == 2)) :- lines_value([[e,o,e],[e,x,e],[e,e,e]], F).
test(corner_against_centre, true(F == -1)) :- lines_value([[x,e,e],[e,o,e],[e,e,e]], F).
test(two_marks_each, true(F == -2)) :- lines_value([[x,x,e],[e,o,e],[e,e,o]], F).
:- end_tests(evaluation).

:- begin_tests(minimax).
test(best_move_and_value, [forall(grader_position(P)), true(B-V == B1-V1)]) :-
        minimax(P, B, V), native_minimax(P, B1, V1, _).
test(positions_visited, [forall(grader_position(P)), true(N == N1)]) :-
        grader_visited(minimax/3, minimax(P, _, _), N), native_minimax(P, _, _, N1).
:- end_tests(minimax).

:- begin_tests(alphabeta).
test(best_move_and_value, [forall(grader_position(P)), true(B-V == B1-V1)]) :-
        alphabeta(P, -1000, 1000, B, V), native_alphabeta(P, -1000, 1000, B1, V1, _).
test(positions_visited, [forall(grader_position(P)), true(N == N1)]) :-
        grader_visited(alphabeta/5, alphabeta(P, -1000, 1000, _, _), N),
        native_alphabeta(P, -1000, 1000, _, _, N1).
:- end_tests(alphabeta).
"""

CELLS = [
    md("""
# Exercise: minimax and alpha-beta over tic-tac-toe

Write three predicates in Prolog. The game is ply's tic-tac-toe (`moves/2`, `staticval/2`,
`min_to_move/1`, `max_to_move/1`, docs/games.md). The graded cells at the end run plunit
units against your predicates: a unit that fails makes its cell raise an error and gives no
marks.

1. **The evaluation** (2 points). `lines_value(+Rows, -F)` for a board given as three rows of
   `x`, `o` and `e` (empty): the lines still open for x minus the lines still open for o.
   Expected: the empty board 0; x in the centre 4; x in the centre and o above it 2
   (8 - 2 = 6 lines for x, 4 for o: the example of source document 002); x in a corner and o
   in the centre -1; x on squares 1 and 2, o on 5 and 9: 2 - 4 = -2.
2. **Minimax** (4 points). `minimax(+Pos, -BestSucc, -Val)` as Bratko's figure 15.3: the same
   best move and value as `native_minimax/4`, visiting as many positions.
3. **Alpha-beta** (4 points). `alphabeta(+Pos, +Alpha, +Beta, -GoodPos, -Val)` as figure 15.5,
   with `betterof/6` from your minimax: the same move and value as `native_alphabeta/6`,
   visiting as many positions (an alpha-beta that cuts off less visits more).
"""),
    answer("evaluation", EVALUATION),
    answer("minimax", MINIMAX),
    answer("alphabeta", ALPHABETA),
    md("## The graders"),
    cell("code", GRADER, grade_id="graders", locked=True),
    tests("grade_evaluation", "evaluation", 2),
    tests("grade_minimax", "minimax", 4),
    tests("grade_alphabeta", "alphabeta", 4),
]

WRONG = {
    # The lines open for x alone: o's open lines forgotten.
    "evaluation": """
lines_value(Rows, F) :-
        append(Rows, Squares),
        findall(L, line(L), Lines),
        include(free_of(Squares, o), Lines, Open),
        length(Open, F).

line([1,2,3]).  line([4,5,6]).  line([7,8,9]).
line([1,4,7]).  line([2,5,8]).  line([3,6,9]).
line([1,5,9]).  line([3,5,7]).

free_of(Squares, Other, Line) :-
        \\+ ( member(I, Line), nth1(I, Squares, Other) ).
""",
    # Alpha-beta without its cut-off clause: the right values, but every position visited.
    "alphabeta": "\n".join(
        line
        for line in ALPHABETA.splitlines()
        if "SOLUTION" not in line
        and not line.startswith("goodenough( _, Alpha")
        and "min_to_move( Pos), Val > Beta" not in line
        and "max_to_move( Pos), Val < Alpha" not in line
    ),
}


def strip_markers(text):
    return "\n".join(l for l in text.splitlines() if "SOLUTION" not in l)


def notebook(cells):
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": "ply", "display_name": "ply (Prolog)", "language": "prolog"},
            "language_info": {"name": "prolog", "file_extension": ".pl", "mimetype": "text/x-prolog"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def submission(answers):
    cells = copy.deepcopy(CELLS)
    for c in cells:
        gid = c["metadata"].get("nbgrader", {}).get("grade_id")
        if c["metadata"].get("nbgrader", {}).get("solution"):
            text = answers.get(gid) or strip_markers("".join(c["source"]))
            c["source"] = text.strip("\n").splitlines(keepends=True)
    return notebook(cells)


def write(path, nb):
    path = os.path.join(HERE, path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(nb, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    write("source/minimax/minimax.ipynb", notebook(copy.deepcopy(CELLS)))
    write("submissions/right.ipynb", submission({}))
    write("submissions/wrong.ipynb", submission(WRONG))
