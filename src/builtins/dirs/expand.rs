//! `expand_file_name/2`, as SWI-Prolog gives it: `~` and `~user`-less home directories and
//! `$VAR` environment variables are replaced, `{a,b}` alternatives are spelled out, and a
//! pattern with `*`, `?`, `[...]` or braces becomes the sorted list of the files that match it
//! (none when nothing does); a name without any is given back as it is, whether or not such a
//! file exists. Names starting with a dot match only a pattern component that does too.

use crate::machine::cell_text::Accept;
use crate::machine::error::Res;
use crate::machine::Machine;
use crate::term::{Cell, Tag};

/// What SWI-Prolog takes as a file pattern: text of any kind but a number.
const TEXT: Accept = Accept {
    atom: true,
    string: true,
    number: false,
    list: true,
};

/// `expand_file_name(+Spec, -List)`.
pub fn expand_file_name(m: &mut Machine, a: &[Cell]) -> Res {
    if m.stacks.heap.deref(a[0]).tag() == Tag::Ref {
        return Err(m.inst_err());
    }
    let spec = m.text_arg(a[0], TEXT, "text")?;
    let names = match expand(&spec) {
        Ok(names) => names,
        Err(var) => {
            let culprit = Cell::atom(m.atoms.intern(&var));
            return Err(m.existence_err("variable", culprit));
        }
    };
    let cells: Vec<Cell> = names
        .iter()
        .map(|n| Cell::atom(m.atoms.intern(n)))
        .collect();
    let list = m
        .stacks
        .heap
        .list_from(&cells, Cell::atom(crate::term::atom::NIL));
    Ok(m.unify(a[1], list))
}

/// The names `spec` stands for, or the name of an environment variable it uses that is not
/// set.
pub fn expand(spec: &str) -> Result<Vec<String>, String> {
    let spec = substitute(spec)?;
    // As in SWI-Prolog, `{a,b}` is a pattern too: its spellings are kept only if they exist.
    let wild = spec.contains(['*', '?', '[', '{']);
    let mut out = Vec::new();
    for pattern in alternatives(&spec) {
        if !wild {
            out.push(pattern);
            continue;
        }
        if !pattern.contains(['*', '?', '[']) {
            if std::fs::symlink_metadata(&pattern).is_ok() {
                out.push(pattern);
            }
            continue;
        }
        let mut found = Vec::new();
        let (root, rest) = match pattern.strip_prefix('/') {
            Some(rest) => ("/".to_string(), rest),
            None => (String::new(), pattern.as_str()),
        };
        let parts: Vec<&str> = rest.split('/').filter(|p| !p.is_empty()).collect();
        walk(&root, &parts, &mut found);
        found.sort();
        out.extend(found);
    }
    Ok(out)
}

/// `~` at the start becomes the home directory and `$NAME` (or `${NAME}`) the variable's value.
fn substitute(spec: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut rest = spec;
    if let Some(r) = rest.strip_prefix('~') {
        if r.is_empty() || r.starts_with('/') {
            out.push_str(&std::env::var("HOME").map_err(|_| "HOME".to_string())?);
            rest = r;
        }
    }
    let mut chars = rest.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '$' {
            out.push(c);
            continue;
        }
        let braced = chars.peek() == Some(&'{');
        if braced {
            chars.next();
        }
        let mut name = String::new();
        while let Some(&n) = chars.peek() {
            if n.is_ascii_alphanumeric() || n == '_' {
                name.push(n);
                chars.next();
            } else {
                break;
            }
        }
        if braced && chars.peek() == Some(&'}') {
            chars.next();
        }
        if name.is_empty() {
            out.push('$');
            continue;
        }
        out.push_str(&std::env::var(&name).map_err(|_| name.clone())?);
    }
    Ok(out)
}

/// Every spelling of `{a,b}` groups, in order; braces may nest.
fn alternatives(pattern: &str) -> Vec<String> {
    let Some(open) = pattern.find('{') else {
        return vec![pattern.to_string()];
    };
    let bytes = pattern.as_bytes();
    let (mut depth, mut close, mut commas) = (0, None, Vec::new());
    for (i, &b) in bytes.iter().enumerate().skip(open) {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    close = Some(i);
                    break;
                }
            }
            b',' if depth == 1 => commas.push(i),
            _ => {}
        }
    }
    let Some(close) = close else {
        return vec![pattern.to_string()];
    };
    let mut bounds = vec![open];
    bounds.extend(commas);
    bounds.push(close);
    let (head, tail) = (&pattern[..open], &pattern[close + 1..]);
    let mut out = Vec::new();
    for w in bounds.windows(2) {
        let choice = &pattern[w[0] + 1..w[1]];
        out.extend(alternatives(&format!("{head}{choice}{tail}")));
    }
    out
}

/// The files under `base` that match the components `parts`, one directory level each.
fn walk(base: &str, parts: &[&str], found: &mut Vec<String>) {
    let Some((first, rest)) = parts.split_first() else {
        found.push(base.to_string());
        return;
    };
    let join = |name: &str| {
        if base.is_empty() {
            name.to_string()
        } else if base.ends_with('/') {
            format!("{base}{name}")
        } else {
            format!("{base}/{name}")
        }
    };
    if !first.contains(['*', '?', '[']) {
        let next = join(first);
        if rest.is_empty() || std::path::Path::new(&next).is_dir() {
            if rest.is_empty() && std::fs::symlink_metadata(&next).is_err() {
                return;
            }
            walk(&next, rest, found);
        }
        return;
    }
    let dir = if base.is_empty() { "." } else { base };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| (!n.starts_with('.') || first.starts_with('.')) && matches(first, n))
        .collect();
    names.sort();
    for name in names {
        let next = join(&name);
        if rest.is_empty() || std::path::Path::new(&next).is_dir() {
            walk(&next, rest, found);
        }
    }
}

/// Whether `name` matches the wildcard pattern `pat` (`*`, `?`, `[abc]`, `[a-z]`).
fn matches(pat: &str, name: &str) -> bool {
    let (p, n): (Vec<char>, Vec<char>) = (pat.chars().collect(), name.chars().collect());
    // The classic two-pointer match with one backtrack point for the last `*` seen.
    let (mut pi, mut ni, mut star, mut mark) = (0, 0, None, 0);
    while ni < n.len() {
        if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ni;
            pi += 1;
            continue;
        }
        if pi < p.len() {
            if let Some(len) = one(&p[pi..], n[ni]) {
                pi += len;
                ni += 1;
                continue;
            }
        }
        match star {
            Some(s) => {
                pi = s + 1;
                mark += 1;
                ni = mark;
            }
            None => return false,
        }
    }
    p[pi..].iter().all(|&c| c == '*')
}

/// How many pattern characters the first element of `p` takes when it matches `c`.
fn one(p: &[char], c: char) -> Option<usize> {
    match p[0] {
        '?' => Some(1),
        '[' => {
            let end = p.iter().skip(1).position(|&x| x == ']')? + 1;
            let set = &p[1..end];
            let mut i = 0;
            let mut hit = false;
            while i < set.len() {
                if i + 2 < set.len() && set[i + 1] == '-' {
                    hit |= set[i] <= c && c <= set[i + 2];
                    i += 3;
                } else {
                    hit |= set[i] == c;
                    i += 1;
                }
            }
            hit.then_some(end + 1)
        }
        x => (x == c).then_some(1),
    }
}

#[cfg(test)]
mod tests {
    use super::{alternatives, matches};

    #[test]
    fn wildcards() {
        assert!(matches("*.pl", "a.pl"));
        assert!(!matches("*.pl", "a.plx"));
        assert!(matches("a?c", "abc"));
        assert!(matches("[a-c]x*", "bxyz"));
        assert!(!matches("[a-c]x", "dx"));
        assert!(matches("*", ""));
    }

    #[test]
    fn braces() {
        assert_eq!(alternatives("/e/{a,b}/c"), ["/e/a/c", "/e/b/c"]);
        assert_eq!(alternatives("{x,{y,z}}1"), ["x1", "y1", "z1"]);
    }
}
