//! Search trees a person can read, in a real browser: the HTML page's script lays out the
//! open part exactly where ply's own SVG puts it (the packed layout of `src/tree/layout.rs`,
//! done twice, in Rust and in the page's script), and its fit view shows the whole open part
//! in the window both ways; a screenshot of it is drawn across the tree's pane.
//!
//! The browser is headless Chromium (`search_tree::chromium`, which installs it when it can);
//! without one the browser parts are skipped with a note.

use crate::search_tree::chromium;
use crate::support::run;
use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The 226-call alpha-beta: tic-tac-toe after X1 O5 X8 O2, searched to the end.
const TTT: &str = "initial_position(tictactoe, inf, P0), ход(P0, P1, 1), ход(P1, P2, 5), \
                   ход(P2, P3, 8), ход(P3, P, 2)";

/// The translations `translate(X,Y)` following `marker` and a node number, by node number.
fn placed(text: &str, marker: &str) -> HashMap<usize, (f64, f64)> {
    let mut out = HashMap::new();
    for piece in text.split(marker).skip(1) {
        let digits: String = piece.chars().take_while(char::is_ascii_digit).collect();
        let Ok(i) = digits.parse() else { continue };
        let Some(rest) = piece.split_once("translate(").map(|(_, r)| r) else {
            continue;
        };
        let Some((xy, _)) = rest.split_once(')') else {
            continue;
        };
        let Some((x, y)) = xy.split_once(',') else {
            continue;
        };
        if let (Ok(x), Ok(y)) = (x.trim().parse(), y.trim().parse()) {
            out.insert(i, (x, y));
        }
    }
    out
}

/// The DOM of `page` after its script ran, in a 1200 by 800 window.
fn dom(browser: &str, dir: &std::path::Path, page: &std::path::Path) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
        ])
        .arg("--window-size=1200,800")
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .stderr(Stdio::null())
        .output()
        .expect("run chromium");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_page_lays_out_as_the_svg_and_fits_the_whole_tree_in_the_window() {
    let dir: PathBuf = std::env::temp_dir().join(format!("ply_st_view_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (svg, page) = (dir.join("t.svg"), dir.join("t.html"));
    let goal = format!(
        "{TTT}, search_tree(альфабета/5, альфабета(P, -inf, inf, _, _), '{}', []), \
         search_tree(альфабета/5, альфабета(P, -inf, inf, _, _), '{}', [open_depth(99)])",
        svg.display(),
        page.display()
    );
    let (_, err, code) = run::ply(
        &[
            "-q",
            "-g",
            &goal,
            "-t",
            "halt",
            "programs/textbook/alphabeta_ru.pl",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let svg_text = std::fs::read_to_string(&svg).unwrap();
    let head: Vec<f64> = svg_text
        .split("<svg ")
        .nth(1)
        .unwrap()
        .split('"')
        .skip(1)
        .step_by(2)
        .filter_map(|v| v.parse().ok())
        .take(2)
        .collect();
    let (width, height) = (head[0], head[1]);
    // The packed layout is narrower than one slot per leaf (8,032 px, 108 slots).
    assert!(width < 7500.0, "{width} px wide");
    let browser = match chromium() {
        Ok(b) => b,
        Err(why) => {
            crate::support::skip::skipped(
                "search_tree_view::the_page_lays_out_as_the_svg_and_fits_the_whole_tree_in_the_window",
                "chromium",
                &why,
            );
            return;
        }
    };
    let dom = dom(browser, &dir, &page);
    let by_svg = placed(&svg_text, "<g id=\"n");
    let by_page = placed(&dom, "class=\"nd\" data-i=\"");
    assert_eq!(by_svg.len(), 226);
    assert_eq!(by_page.len(), 226, "the page drew {} nodes", by_page.len());
    // The SVG writes one decimal.
    for (i, (x, y)) in &by_svg {
        let (px, py) = by_page[i];
        assert!(
            (x - px).abs() < 0.051 && (y - py).abs() < 0.051,
            "node {i}: svg ({x}, {y}), page ({px}, {py})"
        );
    }
    // The fit view: the whole drawing, scaled to the window both ways and centred in it.
    let view = dom
        .split("id=\"view\"")
        .nth(1)
        .and_then(|r| r.split("transform=\"").nth(1))
        .and_then(|r| r.split('"').next())
        .expect("the view's transform")
        .to_string();
    let nums: Vec<f64> = view
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == 'e'))
        .filter_map(|s| s.parse().ok())
        .collect();
    let (tx, ty, scale) = (nums[0], nums[1], nums[2]);
    assert!(tx >= -0.5 && ty >= 29.5, "{view}");
    assert!(
        width * scale <= 1200.0 && ty + height * scale <= 800.5,
        "{view}"
    );
    assert!(scale < 1.0, "{view}");
    // A screenshot of the fitted page: the tree's drawing reaches into the left and the right
    // quarter of the tree pane (the pane is the window less the side panel of about 300 px).
    let shot = dir.join("shot.png");
    let status = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
        ])
        .arg("--window-size=1200,800")
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run chromium");
    assert!(status.success());
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&shot).expect("screenshot written"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let (w, h, channels) = (
        info.width as usize,
        info.height as usize,
        info.color_type.samples(),
    );
    let pane = w.saturating_sub(300);
    let drawn_in = |from: usize, to: usize| {
        (60..h)
            .flat_map(|y| (from..to).map(move |x| (x, y)))
            .filter(|&(x, y)| {
                let p = &buf[(y * w + x) * channels..][..3];
                p.iter().any(|&c| c < 200)
            })
            .count()
    };
    assert!(
        drawn_in(0, pane / 4) > 200,
        "nothing drawn in the left quarter"
    );
    assert!(
        drawn_in(3 * pane / 4, pane) > 200,
        "nothing drawn in the right quarter"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
