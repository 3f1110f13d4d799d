//! Agreement with the C++ command-line tool on the corpus (tests/data/corpus): for the
//! first few hundred hosts, every URL for five agents, through the batch call here and
//! through `robotstxt check --as-written FILE AGENT -` there (as written: the library
//! matches URLs as given, where the command matches them as a crawler requests them).

mod common;

use robotstxt::{Agent, Robots};
use std::io::Write;
use std::process::{Command, Stdio};

const AGENTS: [&str; 5] = [
    "googlebot",
    "bingbot",
    "Googlebot-Image",
    "AhrefsBot",
    "FooBot",
];
const HOSTS: usize = 300;

#[test]
fn corpus_agrees_with_the_command_line_tool() {
    let cli = std::env::var_os("ROBOTSTXT_CLI")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../build/robotstxt")
        });
    if !cli.exists() {
        eprintln!(
            "skipped: no robotstxt command to compare with at {} (set ROBOTSTXT_CLI)",
            cli.display()
        );
        return;
    }
    let corpus = common::test_data_dir().join("corpus");
    let mut hosts: Vec<String> = std::fs::read_dir(corpus.join("urls"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|host| corpus.join("robots").join(host).exists())
        .collect();
    hosts.sort();
    assert!(hosts.len() >= HOSTS, "{} corpus hosts", hosts.len());
    let mut checks = 0;
    for host in &hosts[..HOSTS] {
        let robots_file = corpus.join("robots").join(host);
        let robots = Robots::parse(&std::fs::read(&robots_file).unwrap()).unwrap();
        let url_list = std::fs::read(corpus.join("urls").join(host)).unwrap();
        let urls: Vec<&[u8]> = url_list
            .strip_suffix(b"\n")
            .unwrap_or(&url_list)
            .split(|&b| b == b'\n')
            .collect();
        for token in AGENTS {
            let ours = robots.allowed_urls(&urls, &Agent::tokens(&[token]).unwrap());
            let mut child = Command::new(&cli)
                .arg("check")
                .arg("--as-written")
                .arg(&robots_file)
                .arg(token)
                .arg("-")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            child.stdin.take().unwrap().write_all(&url_list).unwrap();
            let output = child.wait_with_output().unwrap(); // exit 1: some disallowed
            let lines: Vec<&[u8]> = output
                .stdout
                .strip_suffix(b"\n")
                .unwrap_or(&output.stdout)
                .split(|&b| b == b'\n')
                .collect();
            assert_eq!(lines.len(), urls.len(), "{} {}: line count", host, token);
            for (i, line) in lines.iter().enumerate() {
                assert_eq!(
                    ours[i],
                    line.starts_with(b"allowed\t"),
                    "{} {} {}",
                    host,
                    token,
                    String::from_utf8_lossy(urls[i])
                );
                checks += 1;
            }
        }
    }
    println!("{} hosts, {} checks agree", HOSTS, checks);
}
