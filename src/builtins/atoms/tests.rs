//! Unit tests for the atom and string builtins and their enumerating modes: each case collects
//! every solution with findall/3 and compares the written list with what SWI-Prolog 9.0.4
//! answers for the same goal (ISO errors where ply follows ISO instead, as marked).

use crate::machine::solve::Answer;

/// `findall(T, G, L)` written with writeq, or `err(Formal)` for an error.
fn all(template: &str, goal: &str) -> String {
    let mut m = crate::system::machine();
    let text =
        format!("catch((findall({template}, ({goal}), L), R = L), error(E, _), R = err(E)).");
    let (r, _) = m.read_from(&text, 0).expect("syntax").expect("term");
    let result = r
        .vars
        .iter()
        .find(|(n, _)| n == "R")
        .map(|(_, v)| *v)
        .expect("R");
    match m.solve_once(r.term) {
        Answer::True => m.format_term(result, true, 0),
        Answer::False => "false".to_string(),
        Answer::Error(_) => "uncaught".to_string(),
    }
}

#[test]
fn atom_concat_modes() {
    assert_eq!(all("X", "atom_concat(ab, cd, X)"), "[abcd]");
    assert_eq!(
        all("X+Y", "atom_concat(X, Y, abc)"),
        "[''+abc,a+bc,ab+c,abc+'']"
    );
    assert_eq!(all("X", "atom_concat(X, cd, abcd)"), "[ab]");
    assert_eq!(all("X", "atom_concat(X, b, Y)"), "err(instantiation_error)");
    assert_eq!(
        all("X", "atom_concat(f(a), b, X)"),
        "err(type_error(atomic,f(a)))"
    );
}

#[test]
fn sub_atom_order() {
    assert_eq!(
        all("B-L-A", "sub_atom(abc, B, L, A, _)"),
        "[0-0-3,0-1-2,0-2-1,0-3-0,1-0-2,1-1-1,1-2-0,2-0-1,2-1-0,3-0-0]"
    );
    assert_eq!(all("B-A", "sub_atom(abcab, B, 2, A, ab)"), "[0-3,3-0]");
    assert_eq!(
        all("S", "sub_atom(hello, B, L, 0, S)"),
        "[hello,ello,llo,lo,o,'']"
    );
    assert_eq!(all("B", "sub_atom(aaa, B, _, _, aa)"), "[0,1]");
    assert_eq!(
        all("S", "sub_atom(abc, a, _, _, S)"),
        "err(type_error(integer,a))"
    );
}

#[test]
fn conversions() {
    assert_eq!(all("L", "atom_codes(ab, L)"), "[[97,98]]");
    assert_eq!(all("X", "number_codes(X, \" 12\")"), "[12]");
    assert_eq!(
        all("X", "number_codes(X, \"1 \")"),
        "err(syntax_error(illegal_number))"
    );
    assert_eq!(all("X", "atom_number('0x10', X)"), "[16]");
    assert_eq!(all("X", "char_code(X, 0'a)"), "[a]");
    // A negative code is a type error as in SWI-Prolog (ISO: a representation error).
    assert_eq!(
        all("X", "char_code(X, -1)"),
        "err(type_error(character_code,-1))"
    );
    assert_eq!(all("X", "upcase_atom('aBc1', X)"), "['ABC1']");
    assert_eq!(all("L", "atomic_list_concat(L, '-', 'a-b-c')"), "[[a,b,c]]");
    assert_eq!(all("X", "atomic_list_concat([a, 1, 2.5], X)"), "['a12.5']");
}

#[test]
fn strings_and_types() {
    assert_eq!(
        all("L", "split_string(\"/home//jan\", \"/\", \"\", L)"),
        "[[\"\",\"home\",\"\",\"jan\"]]"
    );
    assert_eq!(
        all("X", "sub_string(\"hello world\", 6, 5, _, X)"),
        "[\"world\"]"
    );
    assert_eq!(all("I-C", "string_code(I, \"ab\", C)"), "[1-97,2-98]");
    assert_eq!(all("X", "char_type(X, to_lower(a))"), "[a]");
    assert_eq!(all("X", "char_type(X, upper(a))"), "['A']");
    assert_eq!(all("W", "code_type(0'7, digit(W))"), "[7]");
    assert_eq!(
        all(
            "ok",
            "term_to_atom(f(_, 'b c', \"it's\"), A), term_to_atom(T, A), T = f(V, 'b c', \"it's\"), var(V)"
        ),
        "[ok]"
    );
    assert_eq!(
        all("A", "term_to_atom(f('A', 'it''s'), A)"),
        "['f(\\'A\\',\\'it\\'\\'s\\')']"
    );
}
