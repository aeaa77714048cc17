//! The textbook erratum, end to end: figure 15.3's `выбор/6` as printed, linted and rendered.
//!
//! The figure (`programs/textbook/bratko_15_3_minimax_verbatim.pl`, a byte-for-byte copy with
//! its U+00A0 no-break spaces) reads `Оц > Оц1` where `Оц0 > Оц1` is meant; SWI-Prolog 9 loads it
//! with "Singleton variable in branch: Оц" (see `programs/README.md`). The clause
//! is built over the real file text with [`super::test_clause::locate`], so every span and every
//! rendered column refers to the file as published.

use super::lint_clause;
use super::swipl_cases::textbook_choice_term;
use super::test_clause::{locate, Built};
use crate::render::{line_col, render};

const FILE: &str = "bratko_15_3_minimax_verbatim.pl";

fn textbook() -> Built {
    let source = include_str!("../../../../programs/textbook/bratko_15_3_minimax_verbatim.pl");
    let start = source.find("выбор( Поз0").expect("the clause of выбор/6");
    locate(source, start, &textbook_choice_term())
}

#[test]
fn the_branch_singleton_is_on_lines_22_and_23() {
    let built = textbook();
    let diags = lint_clause(&built.ast);
    let messages: Vec<&str> = diags.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "Singleton variables: [Поз1]",
            "Singleton variable in branch: Оц"
        ]
    );
    let places: Vec<(usize, usize)> = diags[1]
        .labels
        .iter()
        .map(|(s, _)| line_col(&built.text, s.start))
        .collect();
    // Line 22 is 16 no-break spaces and `ход_мина( Поз0), ` before `Оц`; line 23 likewise with
    // `ход_макса( Поз0), `. Columns count characters.
    assert_eq!(places, [(22, 34), (23, 35)]);
}

#[test]
fn the_rendered_warning_points_under_both_occurrences() {
    let built = textbook();
    let diags = lint_clause(&built.ast);
    let text = render(&diags[1], FILE, &built.text, false);
    assert!(text.contains(&format!("[{FILE}:22:34]")), "{text}");
    assert!(text.contains("Singleton variable in branch: Оц"));
    assert!(text.contains("help: did you mean `Оц0`?"));
    assert!(
        !text.contains('\u{1b}'),
        "no colour codes when not asked for"
    );
    for line_no in [22, 23] {
        let source_line = built.text.lines().nth(line_no - 1).unwrap();
        let rendered = text
            .lines()
            .position(|l| l.starts_with(&format!(" {line_no} │ ")))
            .unwrap_or_else(|| panic!("line {line_no} shown in\n{text}"));
        let lines: Vec<&str> = text.lines().collect();
        let shown = lines[rendered];
        // The source is shown as it is, no-break spaces included.
        assert!(shown.ends_with(source_line.trim_end()), "{shown:?}");
        // The underline starts in the column of the `О` of `Оц` on the shown line.
        let at = shown.chars().collect::<Vec<_>>();
        let col = (0..at.len())
            .find(|&k| at[k] == 'О' && at.get(k + 1) == Some(&'ц') && at.get(k + 2) == Some(&' '))
            .unwrap();
        let marks: Vec<char> = lines[rendered + 1].chars().collect();
        assert!(
            matches!(marks.get(col), Some('┬') | Some('─')),
            "{:?}",
            lines[rendered + 1]
        );
        assert_eq!(
            marks[..col]
                .iter()
                .filter(|c| !c.is_whitespace()
                    && **c != '·'
                    && **c != '│'
                    && **c != '╰'
                    && **c != '├')
                .count(),
            0
        );
    }
}

#[test]
fn an_unused_head_argument_gets_no_guess_from_its_neighbours() {
    let built = textbook();
    let diags = lint_clause(&built.ast);
    assert_eq!(diags[0].message, "Singleton variables: [Поз1]");
    assert_eq!(diags[0].help, None);
}
