//! The 400 public conformance cases (tests/data/conformance/spec-test.jsonl): every
//! verdict must be Google's, by `allowed` and by the batch call.

mod common;

use robotstxt::{Agent, Robots};

#[test]
fn every_conformance_case_matches_google() {
    let path = common::test_data_dir().join("conformance/spec-test.jsonl");
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {}", path.display(), e));
    let mut cases = 0;
    let mut failures = Vec::new();
    for line in text.lines().filter(|l| !l.is_empty()) {
        cases += 1;
        let body = common::base64_decode(&common::json_string(line, "robotstxt_b64"));
        let url = common::json_string(line, "url");
        let token = common::json_string(line, "agent");
        let want = common::json_string(line, "expected") == "allowed";
        let robots = Robots::parse(&body).unwrap();
        let agent = Agent::tokens(&[token.as_str()]).unwrap();
        let single = robots.allowed(&url, &agent);
        let batch = robots.allowed_urls(&[url.as_str()], &agent)[0];
        if single != want || batch != want {
            failures.push(format!(
                "{}: agent {:?} url {:?}: {} {}, want {}",
                common::json_string(line, "file"),
                token,
                url,
                single,
                batch,
                want
            ));
        }
    }
    assert_eq!(cases, 400);
    assert!(
        failures.is_empty(),
        "{} of 400 differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
