//! The search tree as the writers see it: the recorded calls turned into nodes with their
//! texts, values, windows, boards, the chosen line, and the successors the search never
//! visited. Building it reads the recorded terms back onto the heap one at a time and asks the
//! game library about positions; the writers (`dot.rs`, `svg.rs`, `html.rs`) then need no
//! machine.

use super::record::{Outcome, Recording};
use super::roles::Roles;
use crate::games::picture::{self, Board};
use crate::games::{game_of_position, GTerm};
use crate::machine::Machine;
use crate::term::{Cell, StoredTerm, Tag};
use std::collections::HashMap;

/// Labels longer than this many characters are cut, with an ellipsis.
const LABEL_CHARS: usize = 28;

/// A recorded search, ready to be written.
#[derive(Default)]
pub struct Tree {
    /// The nodes in the order the calls were made; a parent comes before its children.
    pub nodes: Vec<Node>,
    /// The distinct boards the nodes show, each drawn once.
    pub boards: Vec<Board>,
    /// Calls made after the recording was full, counted only.
    pub dropped: u64,
    /// The predicate recorded, as `Name/Arity`.
    pub pred: String,
    /// Whether the calls carry an alpha-beta window.
    pub windowed: bool,
    /// The depth below which the page opens closed, when the recording says.
    pub open_depth: Option<usize>,
}

/// One recorded call.
#[derive(Default)]
pub struct Node {
    /// The enclosing call.
    pub parent: Option<usize>,
    /// The calls made inside it, in order.
    pub children: Vec<usize>,
    /// Its distance from the root.
    pub depth: usize,
    /// The goal as called, quoted.
    pub call: String,
    /// The goal at its exit, quoted.
    pub exit: Option<String>,
    /// How it ended.
    pub outcome: Option<Outcome>,
    /// The short text shown on the node.
    pub label: String,
    /// The value it returned.
    pub value: Option<String>,
    /// The window (alpha, beta) it was called with.
    pub window: Option<(String, String)>,
    /// Its board, an index into [`Tree::boards`].
    pub board: Option<usize>,
    /// Whether MAX is to move in its position, when the position is a library game's.
    pub max_to_move: Option<bool>,
    /// On the chosen line: the root and, below each chosen node, the best successor it returned.
    pub chosen: bool,
    /// Successors of its position that the search never called the predicate on.
    pub unvisited: Vec<Unvisited>,
}

/// A successor never visited.
pub struct Unvisited {
    /// The move leading to it.
    pub label: String,
    /// Its board.
    pub board: Option<usize>,
    /// Why it was not visited, when the window says so (`v > β = 3`).
    pub bound: Option<String>,
}

/// What building a node learns about its position, kept for the second pass.
#[derive(Default)]
struct Scratch {
    /// The position, read as a game term.
    pos: Option<GTerm>,
    /// The best successor returned, as a game term.
    best: Option<GTerm>,
    /// The moves of a library game's position: notation and successor.
    moves: Vec<(String, GTerm)>,
    /// The parent's position, for a tree linked by `parent(N)`.
    parent_pos: Option<String>,
    /// The position written out, for a tree linked by `parent(N)`.
    pos_text: Option<String>,
}

/// Cut `s` to [`LABEL_CHARS`] characters.
pub fn abbreviate(s: &str) -> String {
    if s.chars().count() <= LABEL_CHARS {
        return s.to_string();
    }
    let mut out: String = s.chars().take(LABEL_CHARS - 1).collect();
    out.push('…');
    out
}

/// Argument `i` of the goal `g` on the heap.
fn arg_of(m: &Machine, g: Cell, i: Option<usize>) -> Option<Cell> {
    let i = i?;
    let g = m.heap().deref(g);
    (g.tag() == Tag::Str && i < m.heap().functor_of(g).functor_arity())
        .then(|| m.heap().deref(m.heap().arg(g, i)))
}

/// Builds the tree, deduplicating boards.
struct Builder {
    tree: Tree,
    board_index: HashMap<String, usize>,
    /// The board of each position drawn so far: a search meets most positions many times.
    by_position: HashMap<GTerm, Option<usize>>,
}

impl Builder {
    /// The index of `b` among the tree's boards.
    fn board(&mut self, b: Board) -> usize {
        if let Some(&i) = self.board_index.get(&b.body) {
            return i;
        }
        let i = self.tree.boards.len();
        self.board_index.insert(b.body.clone(), i);
        self.tree.boards.push(b);
        i
    }

    /// The index of the board of `pos`, drawn at its first sight.
    fn board_of(&mut self, pos: &GTerm) -> Option<usize> {
        if let Some(&k) = self.by_position.get(pos) {
            return k;
        }
        let k = picture::of_position(pos).map(|p| self.board(p));
        self.by_position.insert(pos.clone(), k);
        k
    }
}

/// Build the tree of recording `r` on machine `m` (whose heap is used for a moment per node).
pub fn build(m: &mut Machine, r: &Recording) -> Tree {
    let roles: Roles = r.roles;
    let mut b = Builder {
        tree: Tree {
            dropped: r.dropped,
            pred: format!("{}/{}", m.atoms().name(r.pred.0), r.pred.1),
            windowed: roles.alpha.is_some() && roles.beta.is_some(),
            open_depth: roles.open_depth,
            ..Tree::default()
        },
        board_index: HashMap::new(),
        by_position: HashMap::new(),
    };
    let mut scratch: Vec<Scratch> = Vec::with_capacity(r.calls.len());
    let h0 = m.heap().top();
    // A game written in Prolog is asked about its positions through its own predicates.
    let prolog_game = crate::game_predicates::prolog_game(m);
    for c in &r.calls {
        let mut node = Node {
            parent: c.parent,
            outcome: Some(c.outcome),
            ..Node::default()
        };
        let mut sc = Scratch::default();
        let g = c.at_call.to_heap(m.heap_mut());
        node.call = m.format_term(g, true, 0);
        if let Some(p) = arg_of(m, g, roles.position) {
            sc.pos = crate::game_predicates::from_heap(m, p).ok();
            if sc.pos.is_none() {
                node.label = abbreviate(&m.format_term(p, true, 0));
            }
        } else {
            node.label = abbreviate(&node.call);
        }
        if roles.parent.is_some() {
            sc.parent_pos = arg_of(m, g, roles.parent).map(|p| m.format_term(p, true, 0));
            sc.pos_text = arg_of(m, g, roles.position).map(|p| m.format_term(p, true, 0));
        }
        if let (Some(a), Some(bt)) = (arg_of(m, g, roles.alpha), arg_of(m, g, roles.beta)) {
            node.window = Some((m.format_term(a, true, 0), m.format_term(bt, true, 0)));
        }
        if let Some(e) = &c.at_exit {
            let g = e.to_heap(m.heap_mut());
            node.exit = Some(m.format_term(g, true, 0));
            node.value = arg_of(m, g, roles.value).map(|v| m.format_term(v, true, 0));
            sc.best =
                arg_of(m, g, roles.best).and_then(|v| crate::game_predicates::from_heap(m, v).ok());
        }
        m.heap_mut().truncate(h0);
        if let Some(pos) = &sc.pos {
            if let Ok(game) = game_of_position(pos) {
                node.max_to_move = game.max_to_move(pos).ok();
                sc.moves = game.moves(pos).unwrap_or_default();
                node.board = b.board_of(pos);
            } else if prolog_game {
                let facts = super::prolog_game::facts(m, pos);
                node.max_to_move = facts.max_to_move;
                sc.moves = facts.moves;
                node.board = facts.board.map(|board| b.board(board));
            }
            if node.board.is_none() && node.label.is_empty() {
                node.label = abbreviate(&display(pos));
            }
        }
        if let Some(l) = &c.label {
            node.label = abbreviate(l);
        }
        b.tree.nodes.push(node);
        scratch.push(sc);
    }
    if roles.parent.is_some() {
        link_by_data(&mut b.tree, &scratch);
    }
    link(&mut b, &scratch, r);
    b.tree
}

/// For `parent(N)`: each call's parent is the latest earlier call at the position its argument
/// N names; a call with no such call keeps the parent its nesting gave it.
fn link_by_data(t: &mut Tree, scratch: &[Scratch]) {
    let mut latest: HashMap<&str, usize> = HashMap::new();
    for (i, sc) in scratch.iter().enumerate() {
        if let Some(p) = sc.parent_pos.as_deref().and_then(|p| latest.get(p)) {
            t.nodes[i].parent = Some(*p);
        }
        if let Some(pos) = &sc.pos_text {
            latest.insert(pos, i);
        }
    }
}

/// A game term written for people (the writer's quoting is not needed for a label).
fn display(t: &GTerm) -> String {
    match t {
        GTerm::Int(i) => i.to_string(),
        GTerm::Atom(a) => a.to_string(),
        GTerm::Str(s) => format!("{s:?}"),
        GTerm::Compound(f, a) => {
            let args: Vec<String> = a.iter().map(display).collect();
            format!("{f}({})", args.join(","))
        }
        GTerm::List(v) => {
            let items: Vec<String> = v.iter().map(display).collect();
            format!("[{}]", items.join(","))
        }
    }
}

/// The second pass: children, depths, move names, the successors never visited, and the
/// chosen line.
fn link(b: &mut Builder, scratch: &[Scratch], r: &Recording) {
    let n = b.tree.nodes.len();
    for i in 0..n {
        if let Some(p) = b.tree.nodes[i].parent {
            b.tree.nodes[p].children.push(i);
            b.tree.nodes[i].depth = b.tree.nodes[p].depth + 1;
        }
    }
    for i in 0..n {
        let moves = &scratch[i].moves;
        if moves.is_empty() {
            continue;
        }
        let children = b.tree.nodes[i].children.clone();
        let mut seen = vec![false; moves.len()];
        for &c in &children {
            let Some(pos) = &scratch[c].pos else { continue };
            if let Some(k) = moves.iter().position(|(_, s)| s == pos) {
                seen[k] = true;
                if r.calls[c].label.is_none() {
                    b.tree.nodes[c].label = abbreviate(&moves[k].0);
                }
            }
        }
        if seen.iter().all(|&s| s) || r.dropped > 0 {
            continue;
        }
        let bound = cut_bound(&b.tree, i, &children);
        for (k, (notation, succ)) in moves.iter().enumerate() {
            if seen[k] {
                continue;
            }
            let board = b.board_of(succ);
            b.tree.nodes[i].unvisited.push(Unvisited {
                label: abbreviate(notation),
                board,
                bound: bound.clone(),
            });
        }
    }
    chosen_line(b, scratch, &r.roles);
}

/// The bound that stopped the search of node `i` after its last visited child, read off that
/// child's window and value: after a MAX move a value above β, after a MIN move one below α.
fn cut_bound(t: &Tree, i: usize, children: &[usize]) -> Option<String> {
    let last = &t.nodes[*children.last()?];
    let (alpha, beta) = last.window.as_ref()?;
    let v = last.value.as_ref()?;
    match t.nodes[i].max_to_move? {
        true => Some(format!("{v} > β = {beta}")),
        false => Some(format!("{v} < α = {alpha}")),
    }
}

/// Mark the chosen line. With a best successor known: each root, and below a chosen node the
/// child whose position is the best successor the node returned. Without one, in a tree linked
/// by `parent(N)`: the last call and its ancestors (the line to where the search stopped).
/// Otherwise the proof: the calls that exited and were never retried into failure, below a
/// root that did (an AND/OR search's solution graph).
fn chosen_line(b: &mut Builder, scratch: &[Scratch], roles: &Roles) {
    if roles.best.is_none() {
        let nodes = &mut b.tree.nodes;
        if roles.parent.is_some() {
            let mut at = nodes.len().checked_sub(1);
            while let Some(i) = at {
                nodes[i].chosen = true;
                at = nodes[i].parent;
            }
        } else {
            for i in 0..nodes.len() {
                let parent_chosen = nodes[i].parent.is_none_or(|p| nodes[p].chosen);
                nodes[i].chosen = parent_chosen && nodes[i].outcome == Some(Outcome::Exit);
            }
        }
        return;
    }
    let mut todo: Vec<usize> = (0..b.tree.nodes.len())
        .filter(|&i| b.tree.nodes[i].parent.is_none())
        .collect();
    while let Some(i) = todo.pop() {
        b.tree.nodes[i].chosen = true;
        let Some(best) = &scratch[i].best else {
            continue;
        };
        let next = b.tree.nodes[i]
            .children
            .iter()
            .copied()
            .rfind(|&c| scratch[c].pos.as_ref() == Some(best));
        if let Some(c) = next {
            todo.push(c);
        }
    }
}

/// The stored term `t` written out as `writeq` would, using the heap for a moment.
pub fn stored_text(m: &mut Machine, t: &StoredTerm) -> String {
    let h0 = m.heap().top();
    let c = t.to_heap(m.heap_mut());
    let s = m.format_term(c, true, 0);
    m.heap_mut().truncate(h0);
    s
}
