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
    /// Load FILE as a script, after the initialisation file and before FILES (repeatable);
    /// `-l FILE` is the same, as in swipl, and both keep their order on the command line.
    #[arg(short = 's', short_alias = 'l', value_name = "FILE")]
    scripts: Vec<String>,
    /// Add paths for a `file_search_path/2` alias, ahead of its others, as swipl's `-p`:
    /// `-p library=lib:../other/prolog` (repeatable).
    #[arg(short = 'p', value_name = "ALIAS=PATHS")]
    search_paths: Vec<String>,
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
    /// The file to consult and the arguments after it: as in swipl, the files are the first
    /// one and those after it that end in `.pl`; the rest (after a `--` that may follow the
    /// files) are the program's own, the `argv` flag, not ply's options.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    files: Vec<String>,
}

/// Split the arguments from the first file on into the files to consult and the program's
/// own arguments, as swipl does: the first is a file whatever its name, then, when it ends in
/// `.pl`, every one that does too; the first that does not, and all after it, are the
/// program's, so that
/// `ply script.pl input.txt -v` passes `[input.txt, -v]` in `argv`.
fn split_files(args: Vec<String>) -> (Vec<String>, Vec<String>) {
    let n = match args.split_first() {
        Some((first, tail)) if first.ends_with(".pl") => {
            1 + tail.iter().take_while(|a| a.ends_with(".pl")).count()
        }
        Some(_) => 1,
        None => 0,
    };
    let mut files = args;
    let rest = files.split_off(n);
    (files, rest)
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
    // As in swipl, what follows a `--` among the options or right after the files is the
    // program's (the `argv` flag); a `--` among the program's own arguments stays one of them.
    let (ours, mut argv, dashes) = match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], args[i + 1..].to_vec(), true),
        None => (&args[..], Vec::new(), false),
    };
    let program = std::env::args().next().unwrap_or_else(|| "ply".into());
    let mut cli = Cli::parse_from(std::iter::once(program).chain(ours.iter().cloned()));
    let (files, rest) = split_files(std::mem::take(&mut cli.files));
    if !rest.is_empty() {
        let dashes = dashes.then(|| "--".to_string());
        argv = rest.into_iter().chain(dashes).chain(argv).collect();
    }
    let script = cli.scripts.first().cloned();
    let files = cli
        .init_file
        .into_iter()
        .filter(|f| f != "none")
        .chain(cli.scripts)
        .chain(files)
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
        script,
        search_paths: cli.search_paths,
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
