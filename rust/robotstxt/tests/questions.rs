//! What a parsed file answers besides `allowed`.

use robotstxt::{lint, Agent, Preference, Robots};

#[test]
fn sitemaps_in_file_order_as_written() {
    let robots = Robots::parse(b"Sitemap: https://example.com/b.xml\nUser-agent: *\nsitemap:https://example.com/\xff.xml\n").unwrap();
    assert_eq!(
        robots.sitemaps(),
        vec![
            b"https://example.com/b.xml".to_vec(),
            b"https://example.com/\xff.xml".to_vec()
        ]
    );
}

#[test]
fn crawl_delay_of_the_group_that_applies() {
    let robots = Robots::parse(b"User-agent: *\nCrawl-delay: 2.5\nDisallow: /y\n\nUser-agent: FooBot\nCrawl-delay: 1\nDisallow: /x\n").unwrap();
    assert_eq!(
        robots.crawl_delay(&Agent::tokens(&["BarBot"]).unwrap()),
        Some(2.5)
    );
    assert_eq!(
        robots.crawl_delay(&Agent::tokens(&["FooBot"]).unwrap()),
        Some(1.0)
    );
    let none = Robots::parse(b"User-agent: *\nDisallow: /x\n").unwrap();
    assert_eq!(none.crawl_delay(&Agent::tokens(&["FooBot"]).unwrap()), None);
}

#[test]
fn content_usage_preferences_and_lines() {
    let robots = Robots::parse(b"User-agent: *\nContent-Usage: train-ai=n\nDisallow: /never/\nContent-Usage: /ai-ok/ train-ai=y\n").unwrap();
    let gpt = Agent::tokens(&["GPTBot"]).unwrap();
    let usage = robots.content_usage("https://example.com/articles/1", &gpt);
    assert!(usage.fetchable);
    assert_eq!(
        (usage.train_ai, usage.search, usage.lines.as_slice()),
        (Preference::Disallowed, Preference::Unknown, &[2u32][..])
    );
    assert_eq!(
        robots
            .content_usage("https://example.com/ai-ok/x", &gpt)
            .train_ai,
        Preference::Allowed
    );
    assert!(
        !robots
            .content_usage("https://example.com/never/x", &gpt)
            .fetchable
    );
}

#[test]
fn verdict_names_the_decisive_rule() {
    let robots = Robots::parse(b"User-agent: *\nDisallow: /private\nAllow: /private/ok\n").unwrap();
    let verdict = robots.verdict(
        "https://example.com/private/ok/1",
        &Agent::tokens(&["FooBot"]).unwrap(),
    );
    assert!(verdict.allowed);
    assert_eq!(
        (
            verdict.line,
            verdict.kind.as_deref(),
            verdict.rule.as_slice(),
            verdict.applied.as_str()
        ),
        (3, Some("allow"), &b"/private/ok"[..], "global")
    );
    assert_eq!(verdict.crawler_rule, None);
}

#[test]
fn nul_bytes_do_not_end_the_body() {
    let robots = Robots::parse(b"User-agent: *\nDisallow: /a\x00b\nDisallow: /after\n").unwrap();
    assert!(!robots.allowed(
        "https://example.com/after",
        &Agent::tokens(&["FooBot"]).unwrap()
    ));
}

#[test]
fn lint_finds_a_rule_outside_a_group() {
    let findings = lint(b"Disallow: /x\nUser-agent: *\nDisallow: /y\n").unwrap();
    assert!(
        findings
            .iter()
            .any(|f| f.code == "rule-outside-group" && f.line == 1 && !f.message.is_empty()),
        "{:?}",
        findings
    );
}

#[test]
fn versions() {
    assert_eq!(robotstxt::abi_version(), 2);
    assert_eq!(
        robotstxt::abi_version(),
        robotstxt_sys::ROBOTSTXT_ABI_VERSION
    );
    assert!(!robotstxt::version().is_empty());
}
