"""Random programs that assert, retract, call and backtrack into rules with nested control
constructs, for a differential test of code-space reuse (crates/ply-engine/src/code_space.rs).

    python3 tests/fuzz/code_reuse_gen.py SEED > prog.pl

Each program defines three clause templates for r/2 with random bodies (comparisons,
unifications with compound terms, member/2, disjunctions, if-then-elses, negations, cuts, and
calls of churn/0, which asserts and retracts clauses of r/2 while r/2 is running), then runs
sixty random steps and prints what every call of r/2 found. tests/fuzz/code_reuse.sh runs it
under SWI-Prolog and under ply with PLY_CODE_SCAN_GAP=1 and compares the outputs.
"""
import random, sys
seed = int(sys.argv[1]); rnd = random.Random(seed)
def cmp(v):
    return rnd.choice([f"{v} > N", f"{v} < N", f"{v} =:= N", f"{v} >= 0"])
def goal(depth):
    k = rnd.randrange(10 if depth < 2 else 5)
    if k == 0: return cmp("X")
    if k == 1: return f"Y = {rnd.choice(['a','b','f(N)','g(X, [N])','N','h(1.5, X)'])}"
    if k == 2: return "true"
    if k == 3: return "member(Y, [p, q(N)])"
    if k == 4: return "churn"
    if k == 5: return f"({goal(depth+1)} ; {goal(depth+1)})"
    if k == 6: return f"({goal(depth+1)} -> {goal(depth+1)} ; {goal(depth+1)})"
    if k == 7: return f"\\+ {goal(depth+1)}"
    if k == 8: return f"({goal(depth+1)}, !)"
    return f"({goal(depth+1)}, {goal(depth+1)})"
templates = []
for t in range(3):
    body = ", ".join(goal(0) for _ in range(rnd.randrange(1, 4)))
    templates.append(body)
print(":- style_check(-singleton).\n:- dynamic r/2.\n:- dynamic cnt/1.\ncnt(0).")
for i, b in enumerate(templates):
    print(f"tpl({i}, N, (r(X, Y) :- {b})).")
print("""
churn :- cnt(C), C < 400, !, retract(cnt(C)), C1 is C + 1, assertz(cnt(C1)),
    T is C mod 3, tpl(T, C, Cl), assertz(Cl), ( retract((r(_, _) :- _)) -> true ; true ).
churn.
show(L) :- write(L), nl.
run(Y, G) :- catch(findall(Y, G, L0), E, L0 = caught(E)), copy_term(L0, L), numbervars(L, 0, _), show(L).
""")
steps = []
for s in range(60):
    k = rnd.randrange(5)
    if k == 0: steps.append(f"tpl({rnd.randrange(3)}, {rnd.randrange(5)}, C{s}), assertz(C{s})")
    elif k == 1: steps.append("( retract((r(_, _) :- _)) -> true ; true )")
    elif k == 2: steps.append(f"run(Y{s}, r({rnd.randrange(-1, 5)}, Y{s}))")
    elif k == 3: steps.append(f"run(Y{s}, (r({rnd.randrange(-1,5)}, Y{s}), churn, churn, churn))")
    else: steps.append("forall(between(1, 20, _), churn)")
print("main :- " + ",\n    ".join(steps) + ",\n    findall(B, clause(r(_, _), B), Bs), length(Bs, Len), show(Len).")
