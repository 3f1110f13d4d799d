//! The corpus work from Rust (docs/performance.md): parse every corpus host's robots.txt
//! once, then check each of its URLs for five agents, single-threaded, with `allowed`
//! (one call into the library per check) and `allowed_urls` (one per host and agent).
//! Prints the best of REPEATS rounds; compare with build/bench/corpus_bench for the
//! native library. The Rust ports of Google's matcher (robotstxt, Folyd's) are not in
//! Debian and crates.io is not reachable here, so they are not measured.
//!
//! Usage: cd bench/rust_corpus && PKG_CONFIG_PATH=$PWD/../../build/bindings-pkgconfig \
//!        cargo run --offline --release -- [DATA_DIR] [REPEATS]

use robotstxt::{Agent, Robots};
use std::time::{Duration, Instant};

const AGENTS: [&str; 5] = ["googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot"];

fn best(repeats: usize, mut round: impl FnMut()) -> Duration {
    (0..repeats)
        .map(|_| {
            let start = Instant::now();
            round();
            start.elapsed()
        })
        .min()
        .unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let data_dir = std::path::PathBuf::from(args.get(1).map(String::as_str).unwrap_or("../../tests/data"));
    let repeats: usize = args.get(2).map(|r| r.parse().unwrap()).unwrap_or(5);
    let corpus = data_dir.join("corpus");
    let mut hosts: Vec<(Vec<u8>, Vec<String>)> = Vec::new();
    for entry in std::fs::read_dir(corpus.join("robots")).unwrap() {
        let name = entry.unwrap().file_name();
        if let Ok(list) = std::fs::read_to_string(corpus.join("urls").join(&name)) {
            let body = std::fs::read(corpus.join("robots").join(&name)).unwrap();
            hosts.push((body, list.trim_end_matches('\n').split('\n').map(String::from).collect()));
        }
    }
    let bytes: usize = hosts.iter().map(|h| h.0.len()).sum();
    let checks: usize = hosts.iter().map(|h| h.1.len() * AGENTS.len()).sum();
    let agents: Vec<Agent> = AGENTS.iter().map(|a| Agent::tokens(&[*a]).unwrap()).collect();
    let mut parsed: Vec<Robots> = Vec::new();
    let parse = best(repeats, || {
        parsed = hosts.iter().map(|h| Robots::parse(&h.0).unwrap()).collect();
    });
    let (mut disallowed_single, mut disallowed_batch) = (0, 0);
    let single = best(repeats, || {
        disallowed_single = 0;
        for (robots, host) in parsed.iter().zip(&hosts) {
            for agent in &agents {
                disallowed_single += host.1.iter().filter(|url| !robots.allowed(url.as_str(), agent)).count();
            }
        }
    });
    let batch = best(repeats, || {
        disallowed_batch = 0;
        for (robots, host) in parsed.iter().zip(&hosts) {
            for agent in &agents {
                disallowed_batch += robots.allowed_urls(&host.1, agent).iter().filter(|a| !**a).count();
            }
        }
    });
    assert_eq!(disallowed_single, disallowed_batch, "allowed and allowed_urls disagree");
    let per_check = |d: Duration| d.as_nanos() as f64 / checks as f64;
    let rate = |d: Duration| checks as f64 / 1e6 / d.as_secs_f64();
    println!("rust: {} hosts, {:.2} MB, {} checks ({} disallowed), best of {}", hosts.len(),
             bytes as f64 / 1e6, checks, disallowed_single, repeats);
    println!("parse:                {:7.1} ms  {:6.0} MB/s", parse.as_secs_f64() * 1e3,
             bytes as f64 / 1e6 / parse.as_secs_f64());
    println!("allowed per check:    {:7.1} ms  {:5.2} million/s  {:5.0} ns/check",
             single.as_secs_f64() * 1e3, rate(single), per_check(single));
    println!("allowed_urls batches: {:7.1} ms  {:5.2} million/s  {:5.0} ns/check",
             batch.as_secs_f64() * 1e3, rate(batch), per_check(batch));
    println!("whole work (parse + batches): {:.3} s", (parse + batch).as_secs_f64());
}
