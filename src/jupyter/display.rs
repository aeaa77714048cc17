//! Pictures in the notebook: inside the kernel, `show/1` (`показать/1`) draws a library
//! game's position as SVG (the board the search trees draw, `games/picture.rs`) instead of its
//! text, and a search tree `search_tree/3,4` writes to an `.svg` file is shown as well as
//! written. Both are the system's own natives, wrapped: the wrapper calls the original and adds
//! the picture, so a program that defines its own `show/1` keeps its own.
//!
//! A picture goes to the notebook only when output goes to standard output; inside
//! `with_output_to/2` or after `set_output/1` the text form is written as everywhere else.

use crate::machine::db::{NativeFn, PredKind};
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::Cell;

/// The natives the kernel wraps, as they were before.
#[derive(Default)]
struct Originals {
    show: Option<NativeFn>,
    tree_write: Option<NativeFn>,
}

impl crate::machine::native_state::NativeState for Originals {
    crate::machine::native_state_any!();
}

/// The native `name/arity` currently is, if it is one.
fn native(m: &mut Machine, name: &str, arity: usize) -> Option<NativeFn> {
    let a = m.atoms_mut().intern(name);
    let pid = m.lookup_pred(a, arity)?;
    match m.pred(pid).kind {
        PredKind::Native(f) => Some(f),
        _ => None,
    }
}

/// Wrap `show/1` and the search tree writer so that they put pictures in the notebook.
pub fn install(m: &mut Machine) {
    let show = native(m, "show", 1);
    let tree_write = native(m, "$st_write", 1);
    m.native_states().put(Originals { show, tree_write });
    if show.is_some() {
        m.def_native("show", 1, show_svg);
    }
    if tree_write.is_some() {
        m.def_native("$st_write", 1, tree_svg);
    }
}

/// Whether output goes to the notebook itself: standard output, no capture open.
fn to_notebook(m: &mut Machine) -> bool {
    m.output().capture_depth() == 0 && m.output().current_number() == 1
}

/// A board fragment as a whole SVG document, `scale` pixels to its unit.
fn document(b: &crate::games::picture::Board, scale: f64) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" viewBox="0 0 {} {}">{}</svg>"#,
        b.width * scale,
        b.height * scale,
        b.width,
        b.height,
        b.body
    )
}

/// The picture of the position `pos`, when it is one of a library game.
pub fn board_svg(m: &Machine, pos: Cell) -> Option<String> {
    let t = crate::game_predicates::from_heap(m, pos).ok()?;
    let b = crate::games::picture::of_position(&t)?;
    // Boards are drawn in units of about one square; a square of 40 pixels reads well.
    let scale = 240.0 / b.width.max(b.height).max(1.0);
    Some(document(&b, scale))
}

/// `show(+Pos)` in the kernel: the board as a picture, or the text `show/1` writes.
fn show_svg(m: &mut Machine, a: &[Cell]) -> Res {
    if to_notebook(m) {
        if let Some(svg) = board_svg(m, a[0]) {
            super::emit(m, "svg", &svg);
            return Ok(true);
        }
    }
    let original = m.native_states().get::<Originals>().show;
    match original {
        Some(f) => f(m, a),
        None => Ok(false),
    }
}

/// `'$st_write'(-Count)` in the kernel: write the file, then show it when it is an SVG.
fn tree_svg(m: &mut Machine, a: &[Cell]) -> Res {
    let file = m
        .native_states()
        .get::<crate::tree::record::Recording>()
        .file
        .clone();
    let original = m.native_states().get::<Originals>().tree_write;
    let written = match original {
        Some(f) => f(m, a)?,
        None => return Ok(false),
    };
    let is_svg = crate::tree::write::format_of(&file) == Some(crate::tree::write::Format::Svg);
    if written && is_svg && to_notebook(m) {
        if let Ok(svg) = std::fs::read_to_string(&file) {
            super::emit(m, "svg", &svg);
        }
    }
    Ok(written)
}
