//! Print the Prolog translation of a KIF rule sheet, or its diagnostics: `cargo run -p ply-gdl
//! --example gdl2pl -- rules.kif` prints the plain translation (the state a sorted list), with
//! `--indexed` before the file the indexed one that ply loads (the state held as facts).

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let indexed = args.first().is_some_and(|a| a == "--indexed");
    if indexed {
        args.remove(0);
    }
    let path = args.first().cloned().expect("a rule sheet");
    let text = std::fs::read_to_string(&path).expect("a readable file");
    match ply_gdl::translate(&text) {
        Ok(t) if indexed => print!("{}", t.indexed),
        Ok(t) => print!("{}", t.prolog),
        Err(ds) => {
            for d in ds {
                eprint!("{}", ply_diag::render(&d, &path, &text, false));
            }
            std::process::exit(1);
        }
    }
}
