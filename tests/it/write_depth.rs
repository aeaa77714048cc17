//! `max_depth` elides terms as SWI-Prolog does: each argument one level below its compound, and
//! each element of a list one level below the element before it, so long lists are cut off as
//! deep terms are. The expected lines are what swipl 9 prints for the same goals
//! (`swipl -g "write_term(T, [max_depth(D)]), nl" -t halt`).

use std::process::Command;

#[test]
fn max_depth_elides_lists_and_compounds_as_swipl_does() {
    let cases = [
        (1, "[...|...]"),
        (2, "[a|...]"),
        (3, "[a,[...|...]|...]"),
        (4, "[a,[b|...],f(...,...)]"),
        (5, "[a,[b,c|...],f(g(...),[...|...])]"),
    ];
    for (depth, want) in cases {
        let goal = format!("write_term([a,[b,c,d],f(g(h),[x,y,z,w])], [max_depth({depth})]), nl");
        let out = Command::new(env!("CARGO_BIN_EXE_ply"))
            .args(["-q", "-g", &goal, "-t", "halt"])
            .output()
            .expect("ply runs");
        assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{want}\n"));
    }
    let goal = "write_term(f([1,2,3,4,5,6,7,8,9,10,11,12,13,14], \
                g(h(i(j(k(l(m(n(o(p(q(r)))))))))))), [max_depth(10)]), nl";
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(["-q", "-g", goal, "-t", "halt"])
        .output()
        .expect("ply runs");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "f([1,2,3,4,5,6,7,8|...],g(h(i(j(k(l(m(n(o(...))))))))))\n"
    );
}
