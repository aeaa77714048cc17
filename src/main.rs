//! The `ply` command line: parse options (clap, swipl-compatible where it matters) and hand
//! over to the toplevel. It must never contain Prolog semantics of its own.

use clap::Parser;

/// ply — a Prolog system for game-tree search.
#[derive(Parser, Debug)]
#[command(
    name = "ply",
    version,
    about,
    after_help = "Matches: `ply match GAME PLAYER1 PLAYER2 [options]` and `ply match-merge FILES...` \
                  (`ply match --help`, docs/match.md). Editors: `ply lsp` runs the language \
                  server over standard input and output (editors/README.md). Jupyter: `ply jupyter \
                  install [--user]` (docs/jupyter.md)."
)]
struct Cli {
    /// Run GOAL after loading the files (repeatable); exit 1 if it fails, 2 if it raises.
    #[arg(short = 'g', value_name = "GOAL")]
    goals: Vec<String>,
    /// Run GOAL instead of the interactive toplevel (`-t halt` to exit).
    #[arg(short = 't', value_name = "GOAL")]
    toplevel: Option<String>,
    /// Do not print the banner.
    #[arg(short = 'q')]
    quiet: bool,
    /// Limit the memory of the Prolog stacks (bytes, or a number with k, m or g), as swipl's
    /// `--stack-limit`; past it a goal raises `resource_error(stack)`.
    #[arg(long = "stack-limit", value_name = "SIZE", value_parser = stack_limit)]
    stack_limit: Option<usize>,
    /// Load FILE first, as swipl's initialisation file (`-f none`: nothing).
    #[arg(short = 'f', value_name = "FILE")]
    init_file: Option<String>,
    /// Load FILE as a script, after the initialisation file and before FILES (repeatable).
    #[arg(short = 's', value_name = "FILE")]
    scripts: Vec<String>,
    /// What errors printed do to the exit status, as swipl's: `print` (nothing), `halt` or
    /// `status` (a halt with status 0 becomes status 1 when an error was printed).
    #[arg(long = "on-error", value_name = "STYLE", value_parser = ["print", "halt", "status"])]
    on_error: Option<String>,
    /// The same as `--on-error` for warnings.
    #[arg(long = "on-warning", value_name = "STYLE", value_parser = ["print", "halt", "status"])]
    on_warning: Option<String>,
    /// Read double quotes as code lists (the `double_quotes` flag `codes`), as swipl's
    /// `--traditional`; without it they read as strings, as in SWI-Prolog 7 and later.
    #[arg(long = "traditional")]
    traditional: bool,
    /// Prolog files to consult, in order; the arguments after `--` are the program's own
    /// (the `argv` flag).
    files: Vec<String>,
}

/// A `--stack-limit` value: a size as swipl writes one.
fn stack_limit(text: &str) -> Result<usize, String> {
    ply::machine::limits::parse_size(text).ok_or_else(|| format!("not a size: {text}"))
}

fn main() {
    // `ply match ...`, `ply match-merge ...`, `ply lsp` and `ply jupyter ...` are subcommands with options of their own; any
    // other first argument is a file to consult, as for swipl.
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("match" | "tournament") => std::process::exit(ply::matches::main_match(&args[1..])),
        Some("match-merge") => std::process::exit(ply::matches::main_merge(&args[1..])),
        Some("lsp") => std::process::exit(ply::lsp::run()),
        Some("jupyter") => std::process::exit(ply::jupyter::main(&args[1..])),
        _ => {}
    }
    // As in swipl, what follows `--` is the program's (the `argv` flag), not ply's.
    let (ours, argv) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], args[i + 1..].to_vec()),
        None => (&args[..], Vec::new()),
    };
    let program = std::env::args().next().unwrap_or_else(|| "ply".into());
    let cli = Cli::parse_from(std::iter::once(program).chain(ours.iter().cloned()));
    let files = cli
        .init_file
        .into_iter()
        .filter(|f| f != "none")
        .chain(cli.scripts)
        .chain(cli.files)
        .collect();
    let opts = ply::toplevel::Options {
        files,
        argv,
        status_on_error: cli.on_error.as_deref() == Some("status"),
        status_on_warning: cli.on_warning.as_deref() == Some("status"),
        goals: cli.goals,
        toplevel: cli.toplevel,
        quiet: cli.quiet,
        stack_limit: cli.stack_limit,
        traditional: cli.traditional,
    };
    // The Prolog thread allocates from the main arena, as swipl's single thread does.
    ply::malloc_arena::use_main_arena();
    // The machine never recurses on program data, but the parser of command-line goals and
    // rustyline run on this thread; a larger stack is cheap insurance.
    let child = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || ply::toplevel::run(&opts))
        .expect("spawn main thread");
    let code = child.join().unwrap_or(70);
    std::process::exit(code);
}
