//! Reuse of the parser's vectors and strings from one clause to the next: what a clause the
//! loader is done with leaves behind (`recycle`), and how a new parser takes it up and fills it
//! (`Parser::owned`, `Parser::arg_list`). Reading a file then allocates little beyond its first
//! clauses. Nothing here may keep what a caller still holds: only emptied, unshared buffers are
//! kept, and big ones are freed.

use super::{Frame, Parser};
use crate::ast::{Ast, Node, NodeId, NodeKind, VarInfo};

/// Spare vectors never kept longer than this many entries.
const SPARE_KEEP: usize = 1 << 12;

/// Names and argument lists longer than this are freed rather than kept for reuse.
const SPARE_SMALL: usize = 64;

/// What a clause the loader is done with leaves for the next one (see [`recycle`]): its node
/// and variable vectors, emptied, and its names and argument lists, to be filled anew. Reading
/// a file then allocates little beyond its first clauses.
#[derive(Default)]
pub(super) struct Spare {
    /// The node vector, emptied.
    pub(super) nodes: Vec<Node>,
    /// The variable vector, emptied.
    pub(super) vars: Vec<VarInfo>,
    /// Short strings to hold names.
    pub(super) names: Vec<String>,
    /// Short vectors to hold argument lists.
    pub(super) arg_lists: Vec<Vec<NodeId>>,
    /// The parser's stack of pending constructs, emptied.
    pub(super) stack: Vec<Frame>,
}

thread_local! {
    static SPARE: std::cell::Cell<Spare> = const {
        std::cell::Cell::new(Spare {
            nodes: Vec::new(),
            vars: Vec::new(),
            names: Vec::new(),
            arg_lists: Vec::new(),
            stack: Vec::new(),
        })
    };
}

/// Give the vectors and strings of `ast` back for the next clause to be read.
pub(crate) fn recycle(ast: Ast) {
    let (mut nodes, mut vars) = (ast.nodes, ast.vars);
    if nodes.capacity() > SPARE_KEEP || vars.capacity() > SPARE_KEEP {
        return;
    }
    let Ok(mut spare) = SPARE.try_with(std::cell::Cell::take) else {
        return;
    };
    let keep_name = |spare: &mut Spare, s: String| {
        if s.capacity() <= SPARE_SMALL && spare.names.len() < SPARE_KEEP {
            spare.names.push(s);
        }
    };
    for node in nodes.drain(..) {
        match node.kind {
            NodeKind::Atom(s) | NodeKind::Str(s) => keep_name(&mut spare, s),
            NodeKind::Compound { name, args } => {
                keep_name(&mut spare, name);
                if args.capacity() <= SPARE_SMALL && spare.arg_lists.len() < SPARE_KEEP {
                    spare.arg_lists.push(args);
                }
            }
            _ => {}
        }
    }
    for v in vars.drain(..) {
        keep_name(&mut spare, v.name);
    }
    spare.nodes = nodes;
    spare.vars = vars;
    let _ = SPARE.try_with(|s| s.set(spare));
}

/// The spares the last clause left, or empty ones.
pub(super) fn take() -> Spare {
    SPARE.try_with(std::cell::Cell::take).unwrap_or_default()
}

impl Parser<'_, '_> {
    /// Give the node and variable vectors back for the next clause (at the end of the input,
    /// where nothing was read into them).
    pub fn recycle_vectors(&mut self) {
        self.give_back_spares();
        recycle(Ast {
            nodes: std::mem::take(&mut self.nodes),
            vars: std::mem::take(&mut self.vars),
            ..Ast::default()
        });
    }

    /// Put the unused spare names and argument lists back for the next clause.
    pub(super) fn give_back_spares(&mut self) {
        let names = std::mem::take(&mut self.spare_names);
        let arg_lists = std::mem::take(&mut self.spare_arg_lists);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        let _ = SPARE.try_with(|s| {
            let mut spare = s.take();
            spare.names = names;
            spare.arg_lists = arg_lists;
            if stack.capacity() <= SPARE_KEEP {
                spare.stack = stack;
            }
            s.set(spare);
        });
    }

    /// `text` as an owned string, in a spare one when there is one.
    pub(super) fn owned(&mut self, text: &str) -> String {
        match self.spare_names.pop() {
            Some(mut s) => {
                s.clear();
                s.push_str(text);
                s
            }
            None => text.to_owned(),
        }
    }

    /// An argument list holding `items`, in a spare vector when there is one.
    pub(super) fn arg_list(&mut self, items: &[NodeId]) -> Vec<NodeId> {
        match self.spare_arg_lists.pop() {
            Some(mut v) => {
                v.clear();
                v.extend_from_slice(items);
                v
            }
            None => items.to_vec(),
        }
    }
}
