"""Write the notebooks of notebooks/ from the programs they teach.

The algorithms' cells are the files of programs/ as they are, so a notebook never drifts from
the program the golden tests run. Run from the repository root:

    python3 notebooks/make.py

It needs only Python; the notebooks run on the ply kernel (docs/jupyter.md).
"""

import copy
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def program(path):
    """A cell holding the program file `path` (from the repository root)."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return code(f.read().rstrip("\n"))


def code(text):
    return {
        "cell_type": "code",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": text.strip("\n").splitlines(keepends=True),
    }


def md(text):
    return {"cell_type": "markdown", "metadata": {}, "source": text.strip("\n").splitlines(keepends=True)}


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


def write(name, cells):
    nb = notebook(copy.deepcopy(cells))
    for i, c in enumerate(nb["cells"]):
        c["id"] = "%s-%d" % (os.path.splitext(os.path.basename(name))[0][:20], i)
    with open(os.path.join(ROOT, "notebooks", name), "w", encoding="utf-8") as f:
        json.dump(nb, f, ensure_ascii=False, indent=1)
        f.write("\n")


MIDGAME = "example(P)"
MIDGAME_RU = "пример(П)"
EXAMPLE = code("""
% example(P): X took the centre, O a corner; X to move, searched 2 plies deep.
example(P) :-
        initial_position(tictactoe, 2, P0),
        move(P0, P1, 5),
        move(P1, P2, 1),
        with_depth(P2, 2, P).
""")
EXAMPLE_RU = code("""
% пример(П): крестик в центре, нолик в углу; ходят крестики, перебор на 2 полухода.
пример(П) :-
        начальная_позиция(крестики_нолики, 2, П0),
        ход(П0, П1, 5),
        ход(П1, П2, 1),
        с_глубиной(П2, 2, П).
""")

ENGLISH = [
    md("""
# Minimax and alpha-beta over tic-tac-toe

Bratko's minimax procedure (figure 15.3) and alpha-beta procedure (figure 15.5), with the
English names of the original, run over ply's tic-tac-toe. A cell of clauses is consulted;
running it again replaces what it defined. A cell of `?- Goal.` lines answers every query as
the toplevel does; `show/1` draws the board.
"""),
    md("## The minimax procedure (figure 15.3)"),
    program("programs/textbook/minimax_en.pl"),
    md("""
The game comes from ply's library: `moves/2`, `staticval/2`, `min_to_move/1` and
`max_to_move/1`. The position carries its horizon: here 2 plies, X (MAX) to move, after X took
the centre and O a corner.
"""),
    EXAMPLE,
    code("?- %s, show(P)." % MIDGAME),
    code("?- %s, minimax(P, Best, Val), show(Best)." % MIDGAME),
    md("""
The native engine runs the same algorithm in Rust and counts the positions it visits: the
program and the engine agree on the move and the value.
"""),
    code("?- %s, minimax(P, Best, Val), native_minimax(P, Best1, Val1, Visited), Best == Best1, Val == Val1." % MIDGAME),
    md("""
## The alpha-beta procedure (figure 15.5)

`betterof/6` is defined by both programs; this cell replaces the minimax cell's (ply says so).
"""),
    program("programs/textbook/alphabeta_en.pl"),
    code("?- %s, alphabeta(P, -1000, 1000, Good, Val), native_alphabeta(P, -1000, 1000, Good1, Val1, Visited), Good == Good1, Val == Val1." % MIDGAME),
    md("""
## The search, drawn

`search_tree/4` records every call of `alphabeta/5` and draws the tree; in the notebook an
`.svg` tree is shown where it is written. MAX's positions are blue, MIN's red, the chosen line
thick, the successors alpha-beta never looked at greyed with the bound that cut them off.
"""),
    code("?- %s, search_tree(alphabeta/5, alphabeta(P, -1000, 1000, Good, Val), 'alphabeta.svg', [nodes(Calls)]), delete_file('alphabeta.svg')." % MIDGAME),
    md("""
## A game

`programs/games/play.pl` plays against the alpha-beta procedure. The lines under the query are
its input: the human's moves, squares numbered 1 to 9 row by row.
"""),
    code(":- consult('../programs/games/play.pl')."),
    code("?- play(tictactoe, inf, human).\n5.\n2.\n4.\n"),
]

RUSSIAN = [
    md("""
# Минимакс и альфа-бета на крестиках-ноликах

Минимаксная процедура Братко (рис. 15.3, в исправленном виде) и альфа-бета процедура
(рис. 15.5) в именах русского перевода над крестиками-ноликами библиотеки ply. Ячейка с
предложениями загружается (consult); повторный запуск ячейки заменяет то, что она определила.
Ячейка со строками `?- Цель.` отвечает на каждый вопрос, как верхний уровень; `показать/1`
рисует доску.
"""),
    md("## Минимаксная процедура (рис. 15.3)"),
    program("programs/textbook/bratko_15_3_minimax_corrected.pl"),
    md("""
Игру дает библиотека ply: `ходы/2`, `стат_оц/2`, `ход_мина/1`, `ход_макса/1`. Горизонт едет в
самой позиции: 2 полухода, ходят крестики (МАКС), после того как крестик занял центр, а нолик
угол.
"""),
    EXAMPLE_RU,
    code("?- %s, показать(П)." % MIDGAME_RU),
    code("?- %s, минимакс(П, ЛучшПоз, Оц), показать(ЛучшПоз)." % MIDGAME_RU),
    md("Встроенная процедура делает то же на Rust и считает посещенные позиции: ход и оценка совпадают."),
    code("?- %s, минимакс(П, Л, Оц), натив_минимакс(П, Л1, Оц1, Узлы), Л == Л1, Оц == Оц1." % MIDGAME_RU),
    md("## Альфа-бета процедура (рис. 15.5)"),
    program("programs/textbook/alphabeta_ru.pl"),
    code("?- %s, альфабета(П, -1000, 1000, Хор, Оц), натив_альфабета(П, -1000, 1000, Хор1, Оц1, Узлы), Хор == Хор1, Оц == Оц1." % MIDGAME_RU),
    md("""
## Дерево перебора

`дерево_поиска/4` записывает каждый вызов `альфабета/5` и рисует дерево; в блокноте дерево в
файле `.svg` показывается сразу. Позиции МАКСа синие, МИНа красные, выбранный путь толстый,
отсеченные преемники серые.
"""),
    code("?- %s, дерево_поиска(альфабета/5, альфабета(П, -1000, 1000, Хор, Оц), 'alphabeta_ru.svg', [nodes(Вызовы)]), delete_file('alphabeta_ru.svg')." % MIDGAME_RU),
    md("""
## Партия

`programs/games/play.pl` играет против альфа-бета процедуры. Строки под вопросом - его ввод:
ходы человека, клетки с 1 по 9 по рядам.
"""),
    code(":- consult('../programs/games/play.pl')."),
    code("?- играть(крестики_нолики, inf, человек).\n5.\n2.\n4.\n"),
]

SEARCH = [
    md("""
# State-space search: the 8-puzzle

The blind and heuristic searches of the Russian lectures (source document 001, "Способы
формализации задач"): breadth-first, depth-limited and best-first search with
Est(V) = D(V) + K(V), over the 8-puzzle of figures 13-15. Each program is a cell as it is in
`programs/search/`.
"""),
    md("## The problem"),
    program("programs/search/eight_puzzle.pl"),
    md("The same start position as a position of ply's `puzzle8` game, drawn:"),
    code("?- initial_position(puzzle8([2,8,3,1,6,4,7,0,5]), inf, P), show(P)."),
    md("""
## Breadth-first search

A search may find its path again on backtracking: `?- 1: Goal.` asks for the first answer only.
"""),
    program("programs/search/breadth_first.pl"),
    code("?- 1: поиск_вширь(Путь, Раскрыто), length(Путь, Длина)."),
    md("## Depth-limited search"),
    program("programs/search/depth_limited.pl"),
    code("?- 1: поиск_вглубь(5, Путь, Раскрыто), length(Путь, Длина)."),
    md("## Best-first search"),
    program("programs/search/best_first.pl"),
    code("?- 1: эвристический_поиск(Путь, Раскрыто), length(Путь, Длина)."),
    md("All three side by side, as the lectures compare them:"),
    code("?- сравнение."),
]

TREES = [
    md("""
# Search trees

`search_tree/3,4` runs a goal once, records every call of one predicate and draws the tree
those calls form (docs/search_tree.md). In the notebook a tree written to an `.svg` file is
shown at once.
"""),
    md("## Minimax over tic-tac-toe (figure 15.3)"),
    program("programs/textbook/bratko_15_3_minimax_corrected.pl"),
    EXAMPLE_RU,
    code("?- %s, search_tree(минимакс/3, минимакс(П, Л, Оц), 'minimax.svg', [nodes(Вызовы)]), native_minimax(П, Л, Оц, Вызовы), delete_file('minimax.svg')." % MIDGAME_RU),
    md("""
The tree has as many calls as the native engine visits positions. Alpha-beta over the same
position looks at fewer:
"""),
    program("programs/textbook/alphabeta_ru.pl"),
    code("?- %s, search_tree(альфабета/5, альфабета(П, -1000, 1000, Л, Оц), 'alphabeta.svg', [nodes(Вызовы)]), delete_file('alphabeta.svg')." % MIDGAME_RU),
    md("""
## Best-first search over the 8-puzzle

`best_first_tree.pl` passes every vertex taken from Open through `выбрать/4`, whose arguments
are the position, its parent and Est(V): the tree of the search, with the successors never
taken from Open greyed.
"""),
    program("programs/search/best_first_tree.pl"),
    code("?- search_tree(выбрать/4, эвристический(Путь, Раскрыто), 'best_first.svg', [position(1), parent(2), value(3), nodes(Вершины)]), length(Путь, Длина), delete_file('best_first.svg')."),
]

AND_OR = [
    md("""
# Proving a win: AND/OR graphs and proof-number search

Source document 003 (the lectures "Искусственный интеллект – IV курс", lecture 19, "Деревья
игры. Поиск выигрышной стратегии") reduces a game to AND/OR problems: V(X), that MINUS can win
from X, and W(X), that PLUS can. Two players take one or two coins from a pile of seven; who
takes the last coin loses. The program proves V(7+), prints the solution graph and MINUS's
winning strategy read from it, shows that W(7+) has no solution, and which of V(N+), W(N+) are
solvable for N = 1..10.

Документ 003 сводит игру к задачам И/ИЛИ: V(X) - МИНУС может выиграть из X, W(X) - ПЛЮС.
Программа доказывает V(7+) и печатает решающий граф.
"""),
    program("programs/games/coins_and_or.pl"),
    code("?- пуск_монеты."),
    md("""
## The same proof by proof-number search

Allis's proof-number search asks the same question of ply's `coins` game: with seven coins
and PLUS (MAX) to move, MIN can force a win and MAX cannot. `native_pns/4` is the native
engine, `programs/search/pns_en.pl` the same search in Prolog; they expand the same positions
(docs/mcts.md).
"""),
    code("?- initial_position(coins(7), inf, P), show(P)."),
    code("?- initial_position(coins(7), inf, P), native_pns(P, min, V, Раскрыто), native_pns(P, max, W, _)."),
    program("programs/search/pns_en.pl"),
    code("?- initial_position(coins(7), inf, P), pns(P, min, V, Expanded), native_pns(P, min, V, Expanded)."),
]

if __name__ == "__main__":
    write("minimax_alphabeta_en.ipynb", ENGLISH)
    write("minimax_alphabeta_ru.ipynb", RUSSIAN)
    write("state_space_search.ipynb", SEARCH)
    write("search_trees.ipynb", TREES)
    write("and_or_games.ipynb", AND_OR)
