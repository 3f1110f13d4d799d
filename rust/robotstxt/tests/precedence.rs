//! Crawlers of the catalogue follow their own precedence (docs/semantics.md 8), which
//! merged product tokens do not.

use robotstxt::{Agent, Robots, Status};

const ROBOTS: &[u8] =
    b"User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /drafts\n\n\
User-agent: Googlebot-Image\nDisallow: /photos\n";

#[test]
fn image_crawler_follows_only_its_own_group() {
    let robots = Robots::parse(ROBOTS).unwrap();
    let image = Agent::crawler("googlebot-image").unwrap();
    assert!(robots.allowed("https://example.com/drafts/plan", &image));
    assert!(!robots.allowed("https://example.com/photos/a.jpg", &image));
    let verdict = robots.verdict("https://example.com/photos/a.jpg", &image);
    assert_eq!(verdict.crawler_rule.as_deref(), Some("own-token"));
    assert_eq!(
        (
            verdict.line,
            verdict.kind.as_deref(),
            verdict.crawler_token.as_slice()
        ),
        (8, Some("disallow"), &b"Googlebot-Image"[..])
    );
    let merged = Agent::tokens(&["Googlebot", "Googlebot-Image"]).unwrap();
    assert!(
        !robots.allowed("https://example.com/drafts/plan", &merged),
        "merged tokens apply both groups"
    );
}

#[test]
fn image_crawler_falls_back_to_googlebot() {
    let robots =
        Robots::parse(b"User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /drafts\n")
            .unwrap();
    let image = Agent::crawler("Googlebot-Image").unwrap();
    assert!(!robots.allowed("https://example.com/drafts/x", &image));
    assert!(robots.allowed("https://example.com/photos/x", &image));
    assert_eq!(
        robots
            .verdict("https://example.com/drafts/x", &image)
            .crawler_rule
            .as_deref(),
        Some("fallback-token")
    );
}

#[test]
fn adsbot_ignores_the_global_group() {
    let robots = Robots::parse(b"User-agent: *\nDisallow: /\n").unwrap();
    assert!(robots.allowed(
        "https://example.com/landing",
        &Agent::crawler("AdsBot-Google").unwrap()
    ));
    assert!(!robots.allowed(
        "https://example.com/landing",
        &Agent::tokens(&["AdsBot-Google"]).unwrap()
    ));
}

#[test]
fn user_agent_header_names_its_crawler() {
    let agent = Agent::user_agent(
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    )
    .unwrap();
    assert_eq!(agent.crawler_name().as_deref(), Some("Googlebot"));
    assert_eq!(
        Agent::user_agent("curl/8.0").err().map(|e| e.status),
        Some(Status::NoCrawlerInUserAgent)
    );
    assert_eq!(Agent::tokens(&["FooBot"]).unwrap().crawler_name(), None);
}

#[test]
fn unknown_crawler_is_an_error_naming_close_names() {
    let error = Agent::crawler("Googlebot-Imag").err().unwrap();
    assert_eq!(error.status, Status::UnknownCrawler);
    assert!(
        error.message.contains("Googlebot-Image"),
        "{}",
        error.message
    );
}
