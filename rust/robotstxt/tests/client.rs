//! The fetching client against loopback origins started here (std::net): the policy's
//! answers for a 2xx, a 404 and a 503, and the cache.

use robotstxt::{Agent, Client, ClientOptions, Status};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// An origin on 127.0.0.1 answering every request with one status and body; stopped and
/// joined when dropped, whatever the test did.
struct Origin {
    port: u16,
    requests: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Origin {
    fn start(status: u16, body: &'static str) -> Origin {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let (requests, stop) = (
            Arc::new(AtomicUsize::new(0)),
            Arc::new(AtomicBool::new(false)),
        );
        let (count, stopped) = (Arc::clone(&requests), Arc::clone(&stop));
        let thread = std::thread::spawn(move || {
            while !stopped.load(Ordering::SeqCst) {
                match listener.accept() {
                    Ok((stream, _)) => {
                        count.fetch_add(1, Ordering::SeqCst);
                        answer(stream, status, body);
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Origin {
            port,
            requests,
            stop,
            thread: Some(thread),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{}", self.port, path)
    }
}

fn answer(mut stream: TcpStream, status: u16, body: &str) {
    stream.set_nonblocking(false).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut request = Vec::new();
    let mut buffer = [0u8; 1024];
    // Bounded: a request head of at most 64 KiB.
    while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 65536 {
        match stream.read(&mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(n) => request.extend_from_slice(&buffer[..n]),
        }
    }
    let response = format!("HTTP/1.1 {} X\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
                           status, body.len(), body);
    let _ = stream.write_all(response.as_bytes());
}

impl Drop for Origin {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn client() -> Client {
    Client::new(&ClientOptions {
        allow_private: true,
        timeout: Some(Duration::from_secs(5)),
        ..Default::default()
    })
    .unwrap()
}

#[test]
fn fetches_applies_the_policy_and_caches() {
    let origin = Origin::start(200, "User-agent: *\nDisallow: /private\n");
    let client = client();
    let agent = Agent::tokens(&["FooBot"]).unwrap();
    let decision = client.decide(&origin.url("/private/x"), &agent).unwrap();
    assert!(!decision.allowed);
    assert_eq!(
        (
            decision.access.as_deref(),
            decision.access_reason.as_deref(),
            decision.status,
            decision.cache_tier.as_deref(),
            decision.verdict.line
        ),
        (Some("rules"), Some("parsed"), 200, Some("fetched"), 2)
    );
    assert_eq!(decision.url_error, None);
    assert_eq!(decision.robots_url, Some(origin.url("/robots.txt")));
    assert_eq!(decision.fetch_error, None);
    let again = client.decide(&origin.url("/public"), &agent).unwrap();
    assert!(again.allowed);
    assert_eq!(again.cache_tier.as_deref(), Some("memory"));
    assert_eq!(
        origin.requests.load(Ordering::SeqCst),
        1,
        "robots.txt fetched once"
    );
}

#[test]
fn status_codes_decide_access() {
    for (status, allowed, access) in [(404, true, "full-allow"), (503, false, "full-disallow")] {
        let origin = Origin::start(status, "");
        let decision = client()
            .decide(&origin.url("/x"), &Agent::tokens(&["FooBot"]).unwrap())
            .unwrap();
        assert_eq!(
            (
                decision.allowed,
                decision.access.as_deref(),
                decision.status
            ),
            (allowed, Some(access), status as i32)
        );
    }
}

#[test]
fn many_threads_decide_on_one_client() {
    let origin = Origin::start(200, "User-agent: *\nDisallow: /private\n");
    let client = Arc::new(client());
    let agent = Arc::new(Agent::tokens(&["FooBot"]).unwrap());
    let threads: Vec<_> = (0..8)
        .map(|i| {
            let (client, agent, url) = (
                Arc::clone(&client),
                Arc::clone(&agent),
                origin.url(&format!("/private/{}", i)),
            );
            std::thread::spawn(move || client.decide(&url, &agent).unwrap().allowed)
        })
        .collect();
    for thread in threads {
        assert!(!thread.join().unwrap());
    }
}

#[test]
fn loopback_is_refused_by_default_and_bad_options_are_errors() {
    let origin = Origin::start(200, "User-agent: *\nDisallow: /\n");
    let strict = Client::new(&ClientOptions::default()).unwrap();
    let decision = strict
        .decide(&origin.url("/x"), &Agent::tokens(&["FooBot"]).unwrap())
        .unwrap();
    assert!(
        !decision.allowed && decision.fetch_error.is_some(),
        "{:?}",
        decision
    );
    assert_eq!(origin.requests.load(Ordering::SeqCst), 0);
    let bad = Client::new(&ClientOptions {
        redis: Some("not a url".into()),
        ..Default::default()
    });
    assert_eq!(bad.err().map(|e| e.status), Some(Status::InvalidArgument));
}

#[test]
fn a_url_with_no_origin_is_not_allowed_and_nothing_is_looked_up() {
    let client = client();
    let agent = Agent::tokens(&["FooBot"]).unwrap();
    for (url, url_error) in [
        ("not a url", "not-absolute"),
        ("gopher://example.com/x", "unsupported-scheme"),
        ("https://example.com:99999/x", "invalid-port"),
    ] {
        let decision = client.decide(url, &agent).unwrap();
        assert_eq!(decision.url_error.as_deref(), Some(url_error), "{}", url);
        // Not "full-allow": no robots.txt was asked for, so nothing grants access.
        assert!(
            !decision.allowed && !decision.verdict.allowed,
            "{:?}",
            decision
        );
        assert_eq!(
            (
                decision.access.as_deref(),
                decision.access_reason.as_deref(),
                decision.cache_tier.as_deref(),
                decision.robots_url.as_deref(),
                decision.status
            ),
            (None, None, None, None, 0),
            "{}",
            url
        );
        assert_eq!((decision.verdict.line, decision.verdict.kind), (0, None));
    }
}
