//! One parsed file, two agents, many threads: the same answers as one thread, and the
//! types that promise it are Send + Sync (checked at compile time).

use robotstxt::{Agent, Client, Matcher, Robots};
use std::sync::Arc;

fn assert_send_sync_static<T: Send + Sync + 'static>() {}

#[test]
fn the_thread_safe_types_are_send_and_sync() {
    assert_send_sync_static::<Robots>();
    assert_send_sync_static::<Agent>();
    assert_send_sync_static::<Matcher>();
    assert_send_sync_static::<Client>();
}

#[test]
fn many_threads_share_one_parsed_file() {
    let robots = Arc::new(Robots::parse(b"User-agent: *\nDisallow: /odd/\nAllow: /odd/ok\n\nUser-agent: Googlebot\nDisallow: /even/\n").unwrap());
    let matchers = [
        robots.matcher(Agent::tokens(&["FooBot"]).unwrap()),
        robots.matcher(Agent::crawler("Googlebot").unwrap()),
    ];
    let urls: Vec<String> = (0..50)
        .map(|i| {
            if i % 2 == 0 {
                format!("https://example.com/even/{}", i)
            } else {
                format!("https://example.com/odd/{}", i)
            }
        })
        .collect();
    let want = [
        matchers[0].allowed_urls(&urls),
        matchers[1].allowed_urls(&urls),
    ];
    assert!(
        want[0].iter().zip(&want[1]).all(|(a, b)| a != b),
        "the two agents must disagree on every URL"
    );
    // Bounded: 32 threads x 200 rounds of a 50-URL batch and a single check.
    let threads: Vec<_> = (0..32)
        .map(|t| {
            let matcher = matchers[t % 2].clone();
            let (urls, want) = (urls.clone(), want[t % 2].clone());
            std::thread::spawn(move || {
                for round in 0..200 {
                    assert_eq!(
                        matcher.allowed_urls(&urls),
                        want,
                        "thread {} round {}",
                        t,
                        round
                    );
                    let i = (t + round) % urls.len();
                    assert_eq!(matcher.allowed(&urls[i]), want[i]);
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("a thread answered differently");
    }
}
