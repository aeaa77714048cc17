//! ply's lint against SWI-Prolog's, clause by clause.
//!
//! `swipl_cases.pl` holds one clause per line and `swipl_cases.txt` what SWI-Prolog 9 printed
//! when loading it (regenerate with `swipl_cases.sh`). Here the same clauses are built by hand
//! (see [`super::test_clause`]), linted, and the SWI-Prolog kinds of warning ply produces for
//! each line are compared with SWI's lines. When the reader's parser is available, an
//! integration test can read `swipl_cases.pl` directly instead of these hand-built copies.

use super::lint_clause;
use super::test_clause::*;

/// The clause on each line of `swipl_cases.pl`, built by hand.
fn cases() -> Vec<(usize, Built)> {
    let y = || v("Y");
    let g = |name: &str, args: Vec<T>| c(name, args);
    vec![
        (
            1,
            rule(
                g("c01", vec![v("X")]),
                or(g("a", vec![y()]), g("b", vec![y()])),
            ),
        ),
        (2, rule(a("c02"), or(g("a", vec![y()]), a("b")))),
        (3, rule(a("c03"), g("a", vec![y()]))),
        (4, fact(g("c04", vec![v("_X"), v("_X")]))),
        (
            5,
            rule(
                a("c05"),
                and(or(g("a", vec![y()]), g("b", vec![y()])), g("c", vec![y()])),
            ),
        ),
        (
            6,
            rule(
                a("c06"),
                or(and(g("a", vec![y()]), g("b", vec![y()])), g("c", vec![y()])),
            ),
        ),
        (
            7,
            rule(a("c07"), ite(g("a", vec![y()]), a("b"), g("c", vec![y()]))),
        ),
        (
            8,
            rule(a("c08"), ite(a("a"), g("b", vec![y()]), g("c", vec![y()]))),
        ),
        (9, rule(a("c09"), not(g("a", vec![y()])))),
        (
            10,
            rule(a("c10"), or(g("a", vec![y()]), g("b", vec![v("Z")]))),
        ),
        (11, rule(a("c11"), ite(g("a", vec![y()]), a("b"), a("c")))),
        (
            12,
            rule(a("c12"), ite(g("a", vec![y()]), g("b", vec![y()]), a("c"))),
        ),
        (
            13,
            rule(
                a("c13"),
                and(g("a", vec![y()]), or(g("b", vec![y()]), a("c"))),
            ),
        ),
        (
            14,
            rule(
                a("c14"),
                or(or(g("a", vec![y()]), g("b", vec![y()])), g("c", vec![y()])),
            ),
        ),
        (
            15,
            rule(
                a("c15"),
                and(or(g("a", vec![y()]), a("b")), or(g("c", vec![y()]), a("d"))),
            ),
        ),
        (
            16,
            rule(
                a("c16"),
                g("call", vec![or(g("a", vec![y()]), g("b", vec![y()]))]),
            ),
        ),
        (
            17,
            rule(
                a("c17"),
                and(
                    g(
                        "findall",
                        vec![v("X"), or(g("a", vec![v("X")]), g("b", vec![y()])), v("L")],
                    ),
                    g("c", vec![v("L")]),
                ),
            ),
        ),
        (
            18,
            rule(
                a("c18"),
                or(g("*->", vec![g("a", vec![y()]), a("b")]), g("c", vec![y()])),
            ),
        ),
        (
            19,
            rule(a("c19"), or(g("a", vec![v("_Y")]), g("b", vec![v("_Y")]))),
        ),
        (
            20,
            rule(a("c20"), and(not(g("a", vec![y()])), g("b", vec![y()]))),
        ),
        (
            21,
            rule(
                a("c21"),
                or(g("a", vec![v("X"), y()]), g("b", vec![y(), v("X")])),
            ),
        ),
        (22, fact(g("c22", vec![v("_X"), v("_Y"), v("_X"), v("_Y")]))),
        (23, rule(a("c23"), or(g("=", vec![y(), i(1)]), a("b")))),
        (
            24,
            rule(
                a("c24"),
                ite(
                    a("a"),
                    a("b"),
                    ite(g("c", vec![y()]), a("d"), g("e", vec![y()])),
                ),
            ),
        ),
        (
            25,
            rule(
                a("c25"),
                and(
                    or(g("a", vec![y()]), g("b", vec![y()])),
                    or(g("c", vec![v("Z")]), g("d", vec![v("Z")])),
                ),
            ),
        ),
        (
            26,
            rule(
                a("c26"),
                or(
                    and(or(g("b", vec![y()]), g("c", vec![y()])), a("e")),
                    a("d"),
                ),
            ),
        ),
        (
            27,
            rule(a("c27"), or(not(g("a", vec![y()])), g("b", vec![y()]))),
        ),
        (
            28,
            rule(a("c28"), not(or(g("a", vec![y()]), g("b", vec![y()])))),
        ),
        (29, rule(a("c29"), g("->", vec![g("a", vec![y()]), a("b")]))),
        (
            30,
            rule(
                a("c30"),
                ite(or(g("a", vec![y()]), g("b", vec![y()])), a("c"), a("d")),
            ),
        ),
        (
            31,
            rule(
                a("c31"),
                and(or(g("a", vec![y()]), a("b")), or(a("c"), g("d", vec![y()]))),
            ),
        ),
        (
            32,
            rule(
                a("c32"),
                or(and(g("a", vec![v("_Y")]), g("b", vec![v("_Y")])), a("c")),
            ),
        ),
        (
            33,
            rule(
                a("c33"),
                or(
                    g("a", vec![g("f", vec![y(), v("Z")])]),
                    g("b", vec![v("Z")]),
                ),
            ),
        ),
        (
            34,
            rule(
                a("c34"),
                and(
                    or(g("a", vec![v("B")]), g("b", vec![v("A")])),
                    or(g("c", vec![v("C")]), g("d", vec![v("C")])),
                ),
            ),
        ),
        (
            35,
            rule(
                a("c35"),
                and(or(g("a", vec![v("_Y")]), a("b")), g("c", vec![v("_Y")])),
            ),
        ),
        (36, fact(g("c36", vec![v("__X"), v("__X")]))),
        (37, fact(g("c37", vec![v("_1"), v("_1")]))),
        (
            38,
            fact(g("c38", vec![v("A"), v("B"), v("_C"), v("_C"), v("D")])),
        ),
        (
            39,
            rule(
                a("c39"),
                and(not(g("a", vec![y()])), not(g("b", vec![y()]))),
            ),
        ),
        (40, rule(a("c40"), not(not(g("a", vec![y()]))))),
        (
            41,
            rule(
                a("c41"),
                or(and(g("a", vec![y()]), a("fail")), g("b", vec![y()])),
            ),
        ),
        (
            42,
            rule(a("c42"), and(g("a", vec![y()]), not(g("b", vec![y()])))),
        ),
        (43, fact(g("c43", vec![v("_a")]))),
        (44, fact(g("c44", vec![v("_Ж"), v("_Ж")]))),
        (45, rule(a("c45"), or(g("a", vec![v("_a")]), a("b")))),
        (
            46,
            fact(g(
                "c46",
                vec![g("f", vec![v("_A")]), v("_B"), v("_B"), v("_A")],
            )),
        ),
        (
            47,
            rule(
                a("c47"),
                and(
                    or(g("a", vec![y()]), g("b", vec![y()])),
                    not(g("c", vec![v("Z")])),
                ),
            ),
        ),
        (
            48,
            rule(
                a("c48"),
                and(
                    not(g("a", vec![v("Z")])),
                    or(g("a", vec![y()]), g("b", vec![y()])),
                ),
            ),
        ),
        (
            49,
            rule(a("c49"), or(g("a", vec![y()]), not(g("b", vec![y()])))),
        ),
        (
            50,
            rule(a("c50"), g("|", vec![g("a", vec![y()]), g("b", vec![y()])])),
        ),
        (
            51,
            rule(
                a("c51"),
                g(":", vec![a("m"), or(g("a", vec![y()]), g("b", vec![y()]))]),
            ),
        ),
        (
            52,
            rule(
                a("c52"),
                and(or(or(g("a", vec![y()]), a("b")), a("c")), g("d", vec![y()])),
            ),
        ),
        (
            53,
            grammar(a("c53"), or(g("b", vec![y()]), g("c", vec![y()]))),
        ),
        (
            54,
            grammar(a("c54"), and(g("{}", vec![g("a", vec![y()])]), a("b"))),
        ),
        (55, grammar(g("c55", vec![v("_X")]), g("b", vec![v("_X")]))),
        (
            56,
            grammar(a("c56"), and(not(g("b", vec![y()])), g("c", vec![y()]))),
        ),
        (57, directive(g("=", vec![v("X"), i(1)]))),
        (58, textbook_choice()),
        (
            59,
            rule(
                g("c59", vec![v("X")]),
                and(
                    or(g("=", vec![v("X"), i(1)]), g("=", vec![y(), i(2)])),
                    g("c", vec![y()]),
                ),
            ),
        ),
        (
            60,
            rule(
                a("c60"),
                g("catch", vec![g("a", vec![y()]), v("_"), g("b", vec![y()])]),
            ),
        ),
        (
            61,
            rule(
                g("c61", vec![v("Поз"), v("СписПоз")]),
                or(
                    all(vec![
                        g("ходы", vec![v("Поз"), v("СписПоз")]),
                        a("!"),
                        g("лучш", vec![v("СписПоз"), v("_ЛучшПоз"), v("Оц")]),
                    ]),
                    g("стат_оц", vec![v("Поз"), v("Оц")]),
                ),
            ),
        ),
        (
            62,
            rule(
                g("c62", vec![v("X"), y()]),
                ite(
                    g(">", vec![v("X"), y()]),
                    g("=", vec![v("Max"), v("X")]),
                    g("=", vec![v("Max"), y()]),
                ),
            ),
        ),
    ]
}

/// Figure 15.3's `выбор/6` clause with the erratum `Оц` for `Оц0`.
pub(crate) fn textbook_choice_term() -> T {
    rule_term(
        c(
            "выбор",
            vec![
                v("Поз0"),
                v("Оц0"),
                v("Поз1"),
                v("Оц1"),
                v("Поз0"),
                v("Оц0"),
            ],
        ),
        or(
            all(vec![
                c("ход_мина", vec![v("Поз0")]),
                c(">", vec![v("Оц"), v("Оц1")]),
                a("!"),
            ]),
            all(vec![
                c("ход_макса", vec![v("Поз0")]),
                c("<", vec![v("Оц"), v("Оц1")]),
                a("!"),
            ]),
        ),
    )
}

fn rule_term(head: T, body: T) -> T {
    c(":-", vec![head, body])
}

fn textbook_choice() -> Built {
    write(&textbook_choice_term())
}

/// SWI-Prolog's warning lines per source line, from the golden file.
fn golden() -> Vec<(usize, Vec<String>)> {
    let mut out: Vec<(usize, Vec<String>)> = Vec::new();
    for line in include_str!("swipl_cases.txt").lines() {
        let body = line.trim_start_matches("Warning: ");
        if let Some(rest) = body.strip_prefix("cases.pl:") {
            let n: usize = rest.trim_end_matches(':').parse().expect("line number");
            if out.last().map(|(l, _)| *l) != Some(n) {
                out.push((n, Vec::new()));
            }
        } else if let Some((_, lines)) = out.last_mut() {
            lines.push(body.trim_start().to_string());
        }
    }
    out
}

const SWI_KINDS: &[&str] = &[
    "singleton",
    "branch_singleton",
    "negation_singleton",
    "multiton",
];

#[test]
fn ply_warns_about_the_same_clauses_as_swi_prolog() {
    let golden = golden();
    let cases = cases();
    assert!(cases.len() >= 25);
    assert_eq!(cases.len(), include_str!("swipl_cases.pl").lines().count());
    for (line, built) in &cases {
        let ours: Vec<String> = lint_clause(&built.ast)
            .into_iter()
            .filter(|d| d.code.as_deref().is_some_and(|c| SWI_KINDS.contains(&c)))
            .map(|d| d.message)
            .collect();
        let theirs = golden
            .iter()
            .find(|(l, _)| l == line)
            .map(|(_, w)| w.clone())
            .unwrap_or_default();
        assert_eq!(ours, theirs, "line {line}: {}", built.text);
    }
}

#[test]
fn the_textbook_branch_singleton_points_at_both_branches() {
    let built = textbook_choice();
    let diags = lint_clause(&built.ast);
    let branch = diags
        .iter()
        .find(|d| d.code.as_deref() == Some("branch_singleton"))
        .expect("branch singleton");
    assert_eq!(branch.message, "Singleton variable in branch: Оц");
    assert_eq!(branch.labels.len(), 2);
    for (span, _) in &branch.labels {
        assert_eq!(&built.text[span.start..span.end], "Оц");
    }
    assert!(branch.labels[0].0.start < branch.labels[1].0.start);
    assert_eq!(branch.help.as_deref(), Some("did you mean `Оц0`?"));
}
