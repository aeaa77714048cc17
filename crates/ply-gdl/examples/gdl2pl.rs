//! Print the Prolog translation of a KIF rule sheet, or its diagnostics: `cargo run -p ply-gdl
//! --example gdl2pl -- rules.kif`.

fn main() {
    let path = std::env::args().nth(1).expect("a rule sheet");
    let text = std::fs::read_to_string(&path).expect("a readable file");
    match ply_gdl::translate(&text) {
        Ok(t) => print!("{}", t.prolog),
        Err(ds) => {
            for d in ds {
                eprint!("{}", ply_diag::render(&d, &path, &text, false));
            }
            std::process::exit(1);
        }
    }
}
