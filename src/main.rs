//! The `ply` command line: parse options (clap, swipl-compatible where it matters) and hand
//! over to the toplevel. It must never contain Prolog semantics of its own.

use clap::Parser;

/// ply — a Prolog system for game-tree search.
#[derive(Parser, Debug)]
#[command(name = "ply", version, about, disable_help_subcommand = true)]
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
    /// `lsp`: run the language server on standard input and output instead (for editors).
    #[command(subcommand)]
    command: Option<Command>,
    /// Prolog files to consult, in order.
    files: Vec<String>,
}

/// What ply runs instead of the toplevel.
#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Run the language server over standard input and output.
    Lsp,
}

fn main() {
    let cli = Cli::parse();
    if let Some(Command::Lsp) = cli.command {
        std::process::exit(ply::lsp::run());
    }
    let opts = ply::toplevel::Options {
        files: cli.files,
        goals: cli.goals,
        toplevel: cli.toplevel,
        quiet: cli.quiet,
    };
    // The machine never recurses on program data, but the parser of command-line goals and
    // rustyline run on this thread; a larger stack is cheap insurance.
    let child = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || ply::toplevel::run(&opts))
        .expect("spawn main thread");
    let code = child.join().unwrap_or(70);
    std::process::exit(code);
}
