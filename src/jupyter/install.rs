//! `ply jupyter install [--user | --prefix DIR] [--python PYTHON] [--name NAME]`: write the
//! kernelspec, a directory `kernels/NAME` (default `ply`) holding `kernel.json`, where Jupyter
//! looks for kernels: with `--user` under the user's Jupyter data directory
//! (`$JUPYTER_DATA_DIR`, else `~/.local/share/jupyter`), with `--prefix DIR` under
//! `DIR/share/jupyter`, else under `/usr/local/share/jupyter`, which every Jupyter searches.
//!
//! The kernel is this ply binary (`ply jupyter -f {connection_file}`), which runs the wrapper
//! with the Python named here, so the kernelspec keeps working wherever the notebook runs.

use serde_json::json;
use std::path::PathBuf;

/// Where the kernelspec goes and what it says.
#[derive(Debug, Default)]
struct Spec {
    user: bool,
    prefix: Option<PathBuf>,
    python: Option<String>,
    name: Option<String>,
}

/// Read the options; an error names the one not understood.
fn parse(args: &[String]) -> Result<Spec, String> {
    let mut spec = Spec::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--user" => spec.user = true,
            "--prefix" => spec.prefix = Some(PathBuf::from(value()?)),
            "--python" => spec.python = Some(value()?),
            "--name" => spec.name = Some(value()?),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(spec)
}

/// The Jupyter data directory the kernelspec goes under.
fn data_dir(spec: &Spec) -> PathBuf {
    if let Some(p) = &spec.prefix {
        return p.join("share/jupyter");
    }
    if spec.user {
        if let Some(d) = std::env::var_os("JUPYTER_DATA_DIR") {
            return PathBuf::from(d);
        }
        let home = std::env::var_os("HOME").unwrap_or_default();
        return PathBuf::from(home).join(".local/share/jupyter");
    }
    PathBuf::from("/usr/local/share/jupyter")
}

/// The text of `kernel.json` for the ply binary `ply`, run with the wrapper's Python `python`.
pub fn kernel_json(ply: &str, python: &str) -> String {
    let spec = json!({
        "argv": [ply, "jupyter", "-f", "{connection_file}"],
        "display_name": "ply (Prolog)",
        "language": "prolog",
        "interrupt_mode": "signal",
        "env": {"PLY_JUPYTER_PYTHON": python},
        "metadata": {"debugger": false}
    });
    serde_json::to_string_pretty(&spec).unwrap_or_default() + "\n"
}

/// `ply jupyter install ...`; returns the exit status.
pub fn main(args: &[String]) -> i32 {
    let spec = match parse(args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("ply jupyter install: {e}");
            return 2;
        }
    };
    let ply = match std::env::current_exe().and_then(std::fs::canonicalize) {
        Ok(p) => p.to_string_lossy().into_owned(),
        Err(e) => {
            eprintln!("ply jupyter install: where is this ply? {e}");
            return 1;
        }
    };
    let python = spec.python.clone().unwrap_or_else(super::python);
    let name = spec.name.clone().unwrap_or_else(|| "ply".to_string());
    let dir = data_dir(&spec).join("kernels").join(&name);
    let written = std::fs::create_dir_all(&dir)
        .and_then(|_| std::fs::write(dir.join("kernel.json"), kernel_json(&ply, &python)));
    match written {
        Ok(()) => {
            println!("Installed the ply kernel `{name}` in {}", dir.display());
            0
        }
        Err(e) => {
            eprintln!("ply jupyter install: cannot write {}: {e}", dir.display());
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernelspec_runs_this_ply_with_a_connection_file() {
        let v: serde_json::Value = serde_json::from_str(&kernel_json("/x/ply", "python3")).unwrap();
        assert_eq!(v["argv"][0], "/x/ply");
        assert_eq!(v["argv"][3], "{connection_file}");
        assert_eq!(v["language"], "prolog");
    }

    #[test]
    fn options_say_where_the_kernelspec_goes() {
        let s = parse(&["--prefix".into(), "/p".into()]).unwrap();
        assert_eq!(data_dir(&s), PathBuf::from("/p/share/jupyter"));
        assert!(parse(&["--nonsense".into()]).is_err());
    }
}
