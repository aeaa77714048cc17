//! `sub_atom/5` and `sub_string/5` give the same solutions, in the same order, whether the
//! native enumeration (`'$sub_text_enum'/7`) or the library's general clauses run them: every
//! mode of B, L, A and Sub (free, each position bound to every value up to one past the text's
//! length, Sub bound to texts that occur and do not) on ASCII and non-ASCII texts, with the
//! fast paths on and off.

use crate::support::capture::{assert_same, loaded};

const PROGRAM: &str = r#"
val(T, X) :- atom_length(T, N), M is N + 1, between(0, M, X).
mode(T, B, L, A, S) :-
    member(MB, [f, b]), member(ML, [f, b]), member(MA, [f, b]), member(MS, [f, b, s]),
    ( MB == b -> val(T, B) ; true ),
    ( ML == b -> val(T, L) ; true ),
    ( MA == b -> val(T, A) ; true ),
    ( MS == b -> member(S, ['', a, ab, b, 'ку', zz]) ; MS == s -> atom_string(ab, S) ; true ).
all(P, T) :-
    forall(mode(T, B, L, A, S),
           ( copy_term(B-L-A-S, C),
             catch(findall(B-L-A-S, call(P, T, B, L, A, S), R), E, R = ex(E)),
             print(C-R), nl )).
"#;

#[test]
fn sub_atom_and_sub_string_answer_the_same_with_the_fast_paths_on_and_off() {
    let mut on = loaded(PROGRAM, "sub_text.pl", true);
    let mut off = loaded(PROGRAM, "sub_text.pl", false);
    let mut goals = Vec::new();
    for p in ["sub_atom", "sub_string"] {
        for t in ["abcab", "''", "a", "'aЖкуab'", "aaa"] {
            goals.push(format!("all({p}, {t})"));
        }
    }
    // Texts given as string objects (their parts are copied from the heap in place).
    for t in ["abcab", "'aЖкуab'", "''"] {
        for p in ["sub_atom", "sub_string"] {
            goals.push(format!("atom_string({t}, S), all({p}, S)"));
        }
    }
    goals.push("sub_atom(hello, B, 2, A, S), B >= 2, !, print(B-A-S), nl".to_owned());
    goals.push("catch(sub_atom(X, _, _, _, _), E, (print(E), nl))".to_owned());
    goals.push("catch(sub_atom(abc, a, _, _, _), E, (print(E), nl))".to_owned());
    assert_same(&mut on, &mut off, goals);
}
