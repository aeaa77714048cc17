//! `atom_concat/3`, `string_concat/3` and `text_concat/3` of two atoms or strings build their
//! result from the parts where they are kept (`concat_in_place` in `builtins/atoms.rs`) with
//! the fast paths on, and through the general path's copies with them off: both must give the
//! same answers and errors, for ASCII and non-ASCII parts, empty parts, strings of more than
//! one heap word, numbers and non-text parts; a few answers are also checked against what
//! SWI-Prolog 9 prints for them.

use crate::support::capture::{assert_answers, assert_same, loaded};

const PROGRAM: &str = r#"
t(G) :- catch((findall(G, G, L), print(L)), error(E, _), print(ex(E))).
parts(['', ab, 'ж€x', abcdefgh, 'ЖЖЖЖЖЖЖЖЖ', 12, 1.5, [], f(x), _]).
part(P) :- parts(Ps), member(Q, Ps), ( atom(Q), Q \== [] -> ( P = Q ; atom_string(Q, P) ) ; P = Q ).
all(C) :-
    forall(( part(X), part(Y) ),
           ( G =.. [C, X, Y, _], copy_term(G, G0), t(G0), nl )).
"#;

#[test]
fn concatenations_answer_the_same_with_the_fast_paths_on_and_off() {
    let mut on = loaded(PROGRAM, "concat_text.pl", true);
    let mut off = loaded(PROGRAM, "concat_text.pl", false);
    let mut goals: Vec<String> = ["atom_concat", "string_concat", "text_concat"]
        .iter()
        .map(|c| format!("all({c})"))
        .collect();
    goals.push(
        "atom_string(abc, S), atom_concat(S, cd, abccd), atom_concat(S, cd, Z), print(Z)".into(),
    );
    goals.push("atom_string(abc, S), \\+ string_concat(S, cd, abcx)".into());
    assert_same(&mut on, &mut off, goals);
}

#[test]
fn concatenations_give_what_swipl_gives() {
    let mut on = loaded(PROGRAM, "concat_text.pl", true);
    assert_answers(
        &mut on,
        &[
            (
                "atom_string(abc, S), atom_string('ж€x', U), string_concat(S, U, Z), print(Z)",
                "\"abcж€x\"",
            ),
            (
                "atom_string(abc, S), atom_concat(ab, S, Z), print(Z)",
                "ababc",
            ),
            (
                "string_concat(abcdefgh, ijklmnopq, Z), string_length(Z, N), print(Z-N)",
                "\"abcdefghijklmnopq\"-17",
            ),
            (
                "atom_string('ж€x', U), string_concat(U, '', Z), string_code(2, Z, C), print(C)",
                "8364",
            ),
            (
                "atom_string(abc, S), string_concat(S, 1.5, Z), print(Z)",
                "\"abc1.5\"",
            ),
            ("atom_concat(12, ab, Z), print(Z)", "'12ab'"),
        ],
    );
}
