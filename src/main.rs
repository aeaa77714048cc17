//! The `ply` command line.

fn main() {
    println!("ply {}", env!("CARGO_PKG_VERSION"));
}
