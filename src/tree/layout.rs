//! The tidy layout of a search tree, after Reingold and Tilford as Walker generalised it to
//! any number of children (in the linear time Buchheim, Jünger and Leipert showed it can run
//! in): every node of one depth on one row, each subtree laid out once and then pushed right
//! only as far as its contour must be from the contours of the subtrees left of it (one slot
//! between any two nodes of a row), small subtrees between two pushed apart spread evenly, and
//! each parent centred over its first and last child. So an uneven tree packs: a leaf beside a
//! bushy subtree takes one slot, not a column. Successors never visited are leaves after their
//! parent's visited children; a closed subtree is a leaf. Both walks are loops over explicit
//! orders, without recursion, so a path a million nodes long lays out. The HTML page's script
//! (`page.js`) does the same for the nodes left open.

use super::model::Tree;

/// Where everything goes, in slots (x) and rows (y).
pub struct Layout {
    /// Each node's (slot, row); `None` for a node inside a closed subtree.
    pub nodes: Vec<Option<(f64, usize)>>,
    /// Each node's never-visited successors' slots, on the row below it.
    pub unvisited: Vec<Vec<f64>>,
    /// How many slots the widest row needs.
    pub width: f64,
    /// How many rows.
    pub rows: usize,
}

/// No node.
const NONE: usize = usize::MAX;

/// The tree as the layout walks it: the open recorded nodes, then one leaf per never-visited
/// successor shown, then a root above the recorded roots; and what the walks compute.
struct Walk {
    kids: Vec<Vec<usize>>,
    parent: Vec<usize>,
    /// Place among its siblings.
    number: Vec<usize>,
    prelim: Vec<f64>,
    modifier: Vec<f64>,
    shift: Vec<f64>,
    change: Vec<f64>,
    /// The next node on a contour, for a leaf whose subtree's contour goes on elsewhere.
    thread: Vec<usize>,
    ancestor: Vec<usize>,
}

impl Walk {
    fn new(kids: Vec<Vec<usize>>) -> Walk {
        let n = kids.len();
        let mut w = Walk {
            parent: vec![NONE; n],
            number: vec![0; n],
            prelim: vec![0.0; n],
            modifier: vec![0.0; n],
            shift: vec![0.0; n],
            change: vec![0.0; n],
            thread: vec![NONE; n],
            ancestor: (0..n).collect(),
            kids,
        };
        for v in 0..n {
            for (k, &c) in w.kids[v].iter().enumerate() {
                w.parent[c] = v;
                w.number[c] = k;
            }
        }
        w
    }

    fn left_sibling(&self, v: usize) -> usize {
        match self.parent[v] {
            NONE => NONE,
            _ if self.number[v] == 0 => NONE,
            p => self.kids[p][self.number[v] - 1],
        }
    }

    fn next_left(&self, v: usize) -> usize {
        self.kids[v].first().copied().unwrap_or(self.thread[v])
    }

    fn next_right(&self, v: usize) -> usize {
        self.kids[v].last().copied().unwrap_or(self.thread[v])
    }

    /// The first walk at `v`, once its children are done: its preliminary place, and its
    /// subtree pushed clear of its left siblings' (returning the parent's default ancestor).
    fn place(&mut self, v: usize, default_ancestor: usize) -> usize {
        let left = self.left_sibling(v);
        if self.kids[v].is_empty() {
            self.prelim[v] = if left == NONE {
                0.0
            } else {
                self.prelim[left] + 1.0
            };
        } else {
            self.execute_shifts(v);
            let first = self.kids[v][0];
            let last = *self.kids[v].last().unwrap_or(&first);
            let mid = (self.prelim[first] + self.prelim[last]) / 2.0;
            if left == NONE {
                self.prelim[v] = mid;
            } else {
                self.prelim[v] = self.prelim[left] + 1.0;
                self.modifier[v] = self.prelim[v] - mid;
            }
        }
        if left == NONE {
            return default_ancestor;
        }
        self.apportion(v, default_ancestor)
    }

    /// Push the subtree of `v` right until, on every row, its left contour stands a slot or
    /// more right of the right contour of the subtrees left of it.
    fn apportion(&mut self, v: usize, mut default_ancestor: usize) -> usize {
        let p = self.parent[v];
        let (mut in_right, mut out_right) = (v, v);
        let mut in_left = self.left_sibling(v);
        let mut out_left = self.kids[p][0];
        let mut s_in_right = self.modifier[in_right];
        let mut s_out_right = self.modifier[out_right];
        let mut s_in_left = self.modifier[in_left];
        let mut s_out_left = self.modifier[out_left];
        while self.next_right(in_left) != NONE && self.next_left(in_right) != NONE {
            in_left = self.next_right(in_left);
            in_right = self.next_left(in_right);
            out_left = self.next_left(out_left);
            out_right = self.next_right(out_right);
            self.ancestor[out_right] = v;
            let shift =
                (self.prelim[in_left] + s_in_left) - (self.prelim[in_right] + s_in_right) + 1.0;
            if shift > 0.0 {
                let a = if self.parent[self.ancestor[in_left]] == p {
                    self.ancestor[in_left]
                } else {
                    default_ancestor
                };
                self.move_subtree(a, v, shift);
                s_in_right += shift;
                s_out_right += shift;
            }
            s_in_left += self.modifier[in_left];
            s_in_right += self.modifier[in_right];
            s_out_left += self.modifier[out_left];
            s_out_right += self.modifier[out_right];
        }
        if self.next_right(in_left) != NONE && self.next_right(out_right) == NONE {
            self.thread[out_right] = self.next_right(in_left);
            self.modifier[out_right] += s_in_left - s_out_right;
        }
        if self.next_left(in_right) != NONE && self.next_left(out_left) == NONE {
            self.thread[out_left] = self.next_left(in_right);
            self.modifier[out_left] += s_in_right - s_out_left;
            default_ancestor = v;
        }
        default_ancestor
    }

    /// Move the subtree of `right` by `shift`, and note that the siblings between `left` and
    /// it move by shares of it (done by `execute_shifts`).
    fn move_subtree(&mut self, left: usize, right: usize, shift: f64) {
        let between = (self.number[right] - self.number[left]) as f64;
        self.change[right] -= shift / between;
        self.shift[right] += shift;
        self.change[left] += shift / between;
        self.prelim[right] += shift;
        self.modifier[right] += shift;
    }

    fn execute_shifts(&mut self, v: usize) {
        let (mut shift, mut change) = (0.0, 0.0);
        for k in (0..self.kids[v].len()).rev() {
            let w = self.kids[v][k];
            self.prelim[w] += shift;
            self.modifier[w] += shift;
            change += self.change[w];
            shift += self.shift[w] + change;
        }
    }

    /// Both walks from `root`; each node's slot, unnormalised.
    fn run(&mut self, root: usize) -> Vec<f64> {
        // The first walk, children before their parent, siblings left to right.
        let mut default_ancestor = vec![NONE; self.kids.len()];
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        while let Some(&mut (v, ref mut next)) = stack.last_mut() {
            if *next < self.kids[v].len() {
                let c = self.kids[v][*next];
                *next += 1;
                if default_ancestor[v] == NONE {
                    default_ancestor[v] = c;
                }
                stack.push((c, 0));
                continue;
            }
            stack.pop();
            let p = self.parent[v];
            let da = if p == NONE { v } else { default_ancestor[p] };
            let da = self.place(v, da);
            if p != NONE {
                default_ancestor[p] = da;
            }
        }
        // The second walk: each node's slot is its preliminary one plus its ancestors'
        // modifiers.
        let mut x = vec![0.0; self.kids.len()];
        let mut todo = vec![(root, 0.0)];
        while let Some((v, m)) = todo.pop() {
            x[v] = self.prelim[v] + m;
            for &c in &self.kids[v] {
                todo.push((c, m + self.modifier[v]));
            }
        }
        x
    }
}

/// Lay out `t` with the subtrees below the nodes for which `closed` holds hidden.
pub fn layout(t: &Tree, closed: &dyn Fn(usize) -> bool) -> Layout {
    let n = t.nodes.len();
    let mut out = Layout {
        nodes: vec![None; n],
        unvisited: vec![Vec::new(); n],
        width: 1.0,
        rows: 1,
    };
    // The walk's tree: the open part, the successors shown, and a root over the roots.
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut shown: Vec<usize> = Vec::new();
    let mut roots = Vec::new();
    let mut todo: Vec<usize> = (0..n).filter(|&i| t.nodes[i].parent.is_none()).collect();
    roots.extend(&todo);
    while let Some(i) = todo.pop() {
        shown.push(i);
        let node = &t.nodes[i];
        out.rows = out.rows.max(node.depth + 1);
        if closed(i) {
            continue;
        }
        kids[i].extend(&node.children);
        todo.extend(&node.children);
        for _ in &node.unvisited {
            let u = kids.len();
            kids[i].push(u);
            kids.push(Vec::new());
        }
        if !node.unvisited.is_empty() {
            out.rows = out.rows.max(node.depth + 2);
        }
    }
    if shown.is_empty() {
        return out;
    }
    let root = kids.len();
    kids.push(roots);
    let mut walk = Walk::new(kids);
    let x = walk.run(root);
    let mut min = f64::INFINITY;
    let mut max = f64::NEG_INFINITY;
    for &i in &shown {
        for &v in std::iter::once(&i).chain(&walk.kids[i]) {
            min = min.min(x[v]);
            max = max.max(x[v]);
        }
    }
    for &i in &shown {
        out.nodes[i] = Some((x[i] - min, t.nodes[i].depth));
        out.unvisited[i] = walk.kids[i]
            .iter()
            .filter(|&&u| u >= n)
            .map(|&u| x[u] - min)
            .collect();
    }
    out.width = (max - min + 1.0).max(1.0);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::model::{Node, Unvisited};

    /// A tree from its parents (each before its children), with `cut[i]` successors of node i
    /// never visited.
    fn tree(parents: &[Option<usize>], cut: &[usize]) -> Tree {
        let mut t = Tree::default();
        for (i, &p) in parents.iter().enumerate() {
            let depth = p.map_or(0, |p| t.nodes[p].depth + 1);
            t.nodes.push(Node {
                parent: p,
                depth,
                unvisited: (0..cut.get(i).copied().unwrap_or(0))
                    .map(|_| Unvisited {
                        label: String::new(),
                        board: None,
                        bound: None,
                    })
                    .collect(),
                ..Node::default()
            });
            if let Some(p) = p {
                t.nodes[p].children.push(i);
            }
        }
        t
    }

    /// No two things on one row share a slot, each parent stands over the middle of its first
    /// child and its last child or cut-off successor, and leaves keep the search's order.
    #[test]
    fn the_layout_is_tidy() {
        //        0
        //    1       4
        //  2   3   5   (two cut off)
        let t = tree(
            &[None, Some(0), Some(1), Some(1), Some(0), Some(4)],
            &[0, 0, 0, 0, 2],
        );
        let l = layout(&t, &|_| false);
        let x = |i: usize| l.nodes[i].unwrap().0;
        assert_eq!([x(2), x(3), x(5)], [0.0, 1.0, 2.0]);
        assert_eq!(l.unvisited[4], vec![3.0, 4.0]);
        assert_eq!(x(1), 0.5);
        assert_eq!(x(4), 3.0);
        assert_eq!(x(0), (0.5 + 3.0) / 2.0);
        assert_eq!(l.width, 5.0);
        assert_eq!(l.rows, 3);
    }

    /// A closed subtree is one slot wide and hides its nodes.
    #[test]
    fn a_closed_subtree_hides_its_nodes() {
        let t = tree(&[None, Some(0), Some(1), Some(1), Some(0)], &[]);
        let l = layout(&t, &|i| i == 1);
        assert!(l.nodes[2].is_none() && l.nodes[3].is_none());
        assert_eq!(l.nodes[1].map(|p| p.0), Some(0.0));
        assert_eq!(l.nodes[4].map(|p| p.0), Some(1.0));
        assert_eq!(l.width, 2.0);
    }

    /// A leaf beside a bushy subtree takes one slot, not a column: the leaves of the middle
    /// child stand under their parent and its leaf siblings, and the tree is three slots wide
    /// where one slot per leaf would make it five.
    #[test]
    fn an_uneven_tree_packs() {
        //      0
        //  1   2   6
        //    3 4 5
        let t = tree(
            &[None, Some(0), Some(0), Some(2), Some(2), Some(2), Some(0)],
            &[],
        );
        let l = layout(&t, &|_| false);
        let x = |i: usize| l.nodes[i].unwrap().0;
        assert_eq!([x(1), x(2), x(6)], [0.0, 1.0, 2.0]);
        assert_eq!([x(3), x(4), x(5)], [0.0, 1.0, 2.0]);
        assert_eq!(x(0), 1.0);
        assert_eq!(l.width, 3.0);
    }

    /// On random trees: no two nodes of a row closer than a slot, every parent over the middle
    /// of its first and last child, and never wider than one slot per leaf.
    #[test]
    fn random_trees_lay_out_tidily() {
        let mut seed = 12345u64;
        let mut next = move |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        for _ in 0..200 {
            let size = 1 + next(60);
            let mut parents = vec![None];
            for i in 1..size {
                // Mostly deep and uneven: the parent is one of the last few nodes.
                parents.push(Some(i - 1 - next(i.min(4))));
            }
            let cut: Vec<usize> = (0..size).map(|_| usize::from(next(5) == 0)).collect();
            let t = tree(&parents, &cut);
            let l = layout(&t, &|_| false);
            let mut rows: Vec<Vec<f64>> = vec![Vec::new(); l.rows];
            for (i, n) in t.nodes.iter().enumerate() {
                let (x, row) = l.nodes[i].unwrap();
                rows[row].push(x);
                if let Some(r) = rows.get_mut(row + 1) {
                    r.extend(&l.unvisited[i]);
                }
                let below: Vec<f64> = n
                    .children
                    .iter()
                    .map(|&c| l.nodes[c].unwrap().0)
                    .chain(l.unvisited[i].iter().copied())
                    .collect();
                if let (Some(a), Some(b)) = (below.first(), below.last()) {
                    assert!((x - (a + b) / 2.0).abs() < 1e-9, "parent {i} off centre");
                }
            }
            for r in &mut rows {
                r.sort_by(f64::total_cmp);
                assert!(
                    r.windows(2).all(|w| w[1] - w[0] > 1.0 - 1e-9),
                    "overlap: {r:?}"
                );
                assert!(r.iter().all(|&x| x >= -1e-9 && x < l.width));
            }
            let leaves = t
                .nodes
                .iter()
                .map(|n| {
                    n.unvisited.len() + usize::from(n.children.is_empty() && n.unvisited.is_empty())
                })
                .sum::<usize>();
            assert!(l.width <= leaves as f64 + 1e-9);
        }
    }

    /// A path a million nodes long lays out without recursion.
    #[test]
    fn a_long_path_lays_out() {
        let parents: Vec<Option<usize>> = (0..1_000_000)
            .map(|i| if i == 0 { None } else { Some(i - 1) })
            .collect();
        let t = tree(&parents, &[]);
        let l = layout(&t, &|_| false);
        assert_eq!(l.rows, 1_000_000);
        assert_eq!(l.nodes[0].map(|p| p.0), Some(0.0));
    }
}
