//! The integration tests, gathered into one test binary: each module is one suite (the golden
//! programs, the conformance suite, the toplevel through a pseudo-terminal, the tidy checks, ...)
//! and `support` holds what several suites share. One binary links the program once, where a
//! binary per suite linked it once per suite; `cargo test --test it -- golden_programs::` runs
//! one suite. No suite changes its own process's state (environment variables, panic hook,
//! current directory): the ones that need another environment give it to the `ply` they start.

mod support;

mod arg_functor_fast;
mod bad_input;
mod bigint_golden;
mod bigint_modular;
mod bigint_nested;
mod bigint_printing;
mod cleanup;
mod clpfd;
mod cluster;
mod compound_pairs;
mod concat_text;
mod conformance;
mod consult_replace;
mod coroutining;
mod crate_graph;
mod doc_commands;
mod error_reports;
mod exit_status;
mod fast_paths;
mod float_golden;
mod fresh_results;
mod fuzz;
mod game_protocol;
mod games_eval;
mod games_prolog;
mod gdl;
mod golden_programs;
mod help_coverage;
mod index_select;
mod inline_control;
mod inline_goals;
mod jiti;
mod jupyter;
mod lsp;
mod matches;
mod mcts;
mod memory;
mod modules;
mod neck_cut;
mod perft_diff;
mod play;
mod repl_golden;
mod repl_pty;
mod resources;
mod retract;
mod search_algorithms;
mod search_tree;
mod search_tree_limits;
mod search_tree_view;
mod seeds_claims;
mod shallow_clauses;
mod single_key_columns;
mod sorting;
mod sub_text;
mod swi_habits;
mod swipl_diff;
mod swipl_lines;
mod switch_alt;
mod tabling_passes;
mod term_goals;
mod text_fast_paths;
mod tidy;
mod toplevel_messages;
mod tournaments;
mod write_depth;
