//! A tournament split into shards past one machine: the job script of `docs/match.md` run as a
//! Slurm job array on a one-node cluster that the test starts (munged, slurmctld and slurmd of
//! the distribution's `munge` and `slurm-wlm` packages, which `.ci/run` installs), and the same
//! script under GNU parallel; `ply match-merge` of the shards' records must be the tournament
//! run on one machine. Where a cluster or `parallel` cannot run, the test says so on a
//! `SKIPPED` line written past the test harness's capture of output.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A line on the real standard error, which `cargo test` shows even for a passing test.
/// The tournament every path plays: four players, six pairings of four games.
const MATCH: &str = "MATCH=(tictactoe alphabeta:3 alphabeta:1 minimax:2 random --games 4 --random-openings 2 --seed 13)";

/// The job script of docs/match.md with the tournament above in place of its example.
fn job_script() -> String {
    let doc = std::fs::read_to_string(root().join("docs/match.md")).expect("docs/match.md");
    let start = doc
        .find("```text\n#!/bin/bash\n# ply-match-array.sh")
        .expect("the job script in docs/match.md");
    let body = &doc[start + "```text\n".len()..];
    let body = &body[..body.find("```").expect("the script's end")];
    assert!(body.contains("\nMATCH=("), "{body}");
    body.lines()
        .map(|l| if l.starts_with("MATCH=(") { MATCH } else { l })
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A directory with the job script, and the `PATH` that finds the `ply` under test.
fn workdir(name: &str) -> (PathBuf, String) {
    let dir = std::env::temp_dir().join(format!("ply_cluster_{}_{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ply-match-array.sh"), job_script()).unwrap();
    let bin = Path::new(env!("CARGO_BIN_EXE_ply")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    (dir, path)
}

/// The tournament on one machine: its output (without `Started` lines) and its record.
fn local_run(dir: &Path) -> (String, String) {
    let rec = dir.join("local.jsonl");
    let args: Vec<&str> = MATCH
        .trim_start_matches("MATCH=(")
        .trim_end_matches(')')
        .split(' ')
        .collect();
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .arg("match")
        .args(&args)
        .args(["--record", rec.to_str().unwrap()])
        .current_dir(root())
        .output()
        .unwrap();
    assert!(out.status.success());
    let text: String = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| !l.starts_with("Started game "))
        .map(|l| format!("{l}\n"))
        .collect();
    (text, std::fs::read_to_string(rec).unwrap())
}

/// Merge the shards' records in `dir` and check that they make the local tournament.
fn check_merge(dir: &Path, shards: usize) {
    let (local_out, local_rec) = local_run(dir);
    let merged = dir.join("merged.jsonl");
    let mut args = vec![
        "match-merge".to_string(),
        "--record".into(),
        merged.display().to_string(),
    ];
    for i in 1..=shards {
        let f = dir.join(format!("shard-{i}.jsonl"));
        assert!(f.exists(), "shard {i} wrote no record");
        args.push(f.display().to_string());
    }
    let out = Command::new(env!("CARGO_BIN_EXE_ply"))
        .args(&args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), local_out);
    assert_eq!(std::fs::read_to_string(merged).unwrap(), local_rec);
}

/// A one-node Slurm cluster in a directory of its own, stopped when dropped.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    munged: Option<u32>,
}

impl Cluster {
    /// Start munged, slurmctld and slurmd, or say why not.
    fn start(dir: &Path) -> Result<Cluster, String> {
        for tool in [
            "munged",
            "slurmctld",
            "slurmd",
            "sbatch",
            "scontrol",
            "sinfo",
        ] {
            which(tool).ok_or_else(|| format!("{tool} is not installed"))?;
        }
        let key = std::fs::read("/etc/munge/munge.key")
            .map_err(|e| format!("cannot read the munge key: {e}"))?;
        let d = dir.join("slurm");
        for sub in ["state", "spool"] {
            std::fs::create_dir_all(d.join(sub)).unwrap();
        }
        std::fs::write(d.join("munge.key"), key).unwrap();
        set_mode(&d.join("munge.key"), 0o600);
        let mut cluster = Cluster {
            dir: d.clone(),
            conf: d.join("slurm.conf"),
            munged: None,
        };
        let sock = d.join("munge.sock");
        let status = Command::new("munged")
            .arg("--force")
            .arg(format!("--socket={}", sock.display()))
            .arg(format!("--key-file={}", d.join("munge.key").display()))
            .arg(format!("--log-file={}", d.join("munged.log").display()))
            .arg(format!("--pid-file={}", d.join("munged.pid").display()))
            .arg(format!("--seed-file={}", d.join("munged.seed").display()))
            .status()
            .map_err(|e| format!("munged: {e}"))?;
        if !status.success() {
            return Err(format!("munged did not start: {}", log(&d, "munged.log")));
        }
        cluster.munged = std::fs::read_to_string(d.join("munged.pid"))
            .ok()
            .and_then(|p| p.trim().parse().ok());
        let host = String::from_utf8_lossy(&Command::new("hostname").output().unwrap().stdout)
            .trim()
            .to_string();
        let user = String::from_utf8_lossy(&Command::new("id").arg("-un").output().unwrap().stdout)
            .trim()
            .to_string();
        let port = 20_000 + std::process::id() % 20_000;
        let conf = format!(
            "ClusterName=plytest\nSlurmctldHost={host}\nSlurmUser={user}\nSlurmdUser={user}\n\
             AuthType=auth/munge\nAuthInfo=socket={sock}\nCredType=cred/munge\n\
             SlurmctldPort={port}\nSlurmdPort={}\nStateSaveLocation={d}/state\n\
             SlurmdSpoolDir={d}/spool\nSlurmctldPidFile={d}/slurmctld.pid\n\
             SlurmdPidFile={d}/slurmd.pid\nSlurmctldLogFile={d}/slurmctld.log\n\
             SlurmdLogFile={d}/slurmd.log\nProctrackType=proctrack/linuxproc\n\
             TaskPlugin=task/none\nJobAcctGatherType=jobacct_gather/none\n\
             AccountingStorageType=accounting_storage/none\nSelectType=select/cons_tres\n\
             SelectTypeParameters=CR_Core\nReturnToService=2\nMpiDefault=none\n\
             NodeName={host} CPUs=2 State=UNKNOWN\n\
             PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n",
            port + 1,
            sock = sock.display(),
            d = d.display(),
        );
        std::fs::write(&cluster.conf, conf).unwrap();
        for daemon in ["slurmctld", "slurmd"] {
            let ok = cluster.command(daemon).status().is_ok_and(|s| s.success());
            if !ok {
                return Err(format!(
                    "{daemon} did not start: {}",
                    log(&d, &format!("{daemon}.log"))
                ));
            }
        }
        // The node registers within a few seconds.
        let start = Instant::now();
        loop {
            let out = cluster.command("sinfo").args(["-h", "-o", "%T"]).output();
            let state = out.map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
            if state.as_deref().is_ok_and(|s| s.starts_with("idle")) {
                return Ok(cluster);
            }
            if start.elapsed() > Duration::from_secs(30) {
                return Err(format!(
                    "the node did not come up ({state:?}): {}",
                    log(&d, "slurmd.log")
                ));
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    /// A Slurm command of this cluster.
    fn command(&self, tool: &str) -> Command {
        let mut c = Command::new(tool);
        c.env("SLURM_CONF", &self.conf);
        c
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self
            .command("scontrol")
            .arg("shutdown")
            .stderr(Stdio::null())
            .status();
        // The daemons this test started, by the process ids they wrote.
        std::thread::sleep(Duration::from_millis(500));
        for pid_file in ["slurmd.pid", "slurmctld.pid"] {
            if let Ok(pid) = std::fs::read_to_string(self.dir.join(pid_file)) {
                let _ = Command::new("kill")
                    .arg(pid.trim())
                    .stderr(Stdio::null())
                    .status();
            }
        }
        if let Some(pid) = self.munged {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
    }
}

/// The last lines of a daemon's log, to say why it did not start.
fn log(dir: &Path, name: &str) -> String {
    let text = std::fs::read_to_string(dir.join(name)).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(3)..].join(" | ")
}

fn which(tool: &str) -> Option<PathBuf> {
    let path = std::env::var("PATH").unwrap_or_default();
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    dirs.extend(["/usr/sbin", "/sbin"].map(PathBuf::from));
    dirs.into_iter().map(|d| d.join(tool)).find(|p| p.is_file())
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode));
}

#[test]
fn a_slurm_job_array_of_shards_merges_into_the_local_tournament() {
    let (dir, path) = workdir("slurm");
    let cluster = match Cluster::start(&dir) {
        Ok(c) => c,
        Err(why) => {
            crate::support::skip::skipped(
                "cluster::a_slurm_job_array_of_shards_merges_into_the_local_tournament",
                "slurm",
                &format!("no one-node Slurm cluster here: {why}; the GNU parallel test runs the same script"),
            );
            return;
        }
    };
    // One CPU a task: the node of the test has two, the example of the script asks for more.
    let mut sbatch = cluster
        .command("sbatch")
        .args(["--wait", "--array=1-3", "--cpus-per-task=1", "--quiet"])
        .arg(format!("--chdir={}", dir.display()))
        .arg(format!("--output={}/slurm-%a.out", dir.display()))
        .arg(dir.join("ply-match-array.sh"))
        .env("PATH", &path)
        .spawn()
        .expect("sbatch");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = sbatch.try_wait().expect("wait for sbatch") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = cluster.command("scancel").arg("--name=ply-match").status();
            let _ = sbatch.wait();
            panic!("the job array did not finish in two minutes");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success(), "the job array failed");
    check_merge(&dir, 3);
    drop(cluster);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn shards_under_gnu_parallel_merge_into_the_local_tournament() {
    let (dir, path) = workdir("parallel");
    if which("parallel").is_none() {
        crate::support::skip::skipped(
            "cluster::shards_under_gnu_parallel_merge_into_the_local_tournament",
            "parallel",
            "GNU parallel is not installed",
        );
        return;
    }
    let status = Command::new("parallel")
        .args(["--will-cite", "-j", "2"])
        .arg("SLURM_ARRAY_TASK_ID={} SLURM_ARRAY_TASK_COUNT=3 bash ply-match-array.sh")
        .args([":::", "1", "2", "3"])
        .current_dir(&dir)
        .env("PATH", &path)
        .stdout(Stdio::null())
        .status()
        .expect("parallel");
    assert!(status.success());
    check_merge(&dir, 3);
    let _ = std::fs::remove_dir_all(dir);
}
