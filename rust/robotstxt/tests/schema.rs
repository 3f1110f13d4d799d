//! schemas/answer.schema.json is the one description of the answer: the safe crate's
//! Verdict and Decision have exactly its fields, in its order, and every word the
//! binding gives is in its lists. The crates depend on nothing, so the schema is read
//! with the small JSON reader below.

use robotstxt::{Agent, Client, ClientOptions, Decision, Robots, Verdict};
use robotstxt_sys as sys;
use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::time::Duration;

/// A JSON value; an object keeps its keys in the file's order. Numbers, booleans and
/// null are read but not kept: the tests need none.
#[derive(Debug)]
enum Json {
    Scalar,
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn parse(text: &str) -> Json {
        let mut reader = Reader {
            bytes: text.as_bytes(),
            at: 0,
        };
        let value = reader.value();
        reader.skip_space();
        assert_eq!(reader.at, reader.bytes.len(), "text after the JSON value");
        value
    }

    fn get(&self, key: &str) -> &Json {
        match self {
            Json::Object(members) => members
                .iter()
                .find(|(name, _)| name == key)
                .map(|(_, value)| value)
                .unwrap_or_else(|| panic!("no {:?} in the schema object", key)),
            _ => panic!("{:?} asked of a value that is not an object", key),
        }
    }

    fn keys(&self) -> Vec<String> {
        match self {
            Json::Object(members) => members.iter().map(|(name, _)| name.clone()).collect(),
            _ => panic!("keys asked of a value that is not an object"),
        }
    }

    fn texts(&self) -> Vec<String> {
        match self {
            Json::List(items) => items
                .iter()
                .map(|item| match item {
                    Json::Text(text) => text.clone(),
                    other => panic!("{:?} is not a string", other),
                })
                .collect(),
            _ => panic!("texts asked of a value that is not a list"),
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn next(&mut self) -> u8 {
        let byte = *self.bytes.get(self.at).expect("the JSON text ends early");
        self.at += 1;
        byte
    }

    fn expect(&mut self, wanted: &str) {
        let end = self.at + wanted.len();
        assert!(
            self.bytes.get(self.at..end) == Some(wanted.as_bytes()),
            "{:?} expected at byte {}",
            wanted,
            self.at
        );
        self.at = end;
    }

    fn value(&mut self) -> Json {
        self.skip_space();
        match self.bytes.get(self.at).copied() {
            Some(b'{') => {
                self.at += 1;
                let mut members = Vec::new();
                self.skip_space();
                if self.bytes.get(self.at) == Some(&b'}') {
                    self.at += 1;
                    return Json::Object(members);
                }
                loop {
                    self.skip_space();
                    let key = self.text();
                    self.skip_space();
                    self.expect(":");
                    members.push((key, self.value()));
                    self.skip_space();
                    match self.next() {
                        b',' => continue,
                        b'}' => return Json::Object(members),
                        other => panic!("{:?} in an object at byte {}", other as char, self.at),
                    }
                }
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                self.skip_space();
                if self.bytes.get(self.at) == Some(&b']') {
                    self.at += 1;
                    return Json::List(items);
                }
                loop {
                    items.push(self.value());
                    self.skip_space();
                    match self.next() {
                        b',' => continue,
                        b']' => return Json::List(items),
                        other => panic!("{:?} in a list at byte {}", other as char, self.at),
                    }
                }
            }
            Some(b'"') => Json::Text(self.text()),
            Some(b't') => {
                self.expect("true");
                Json::Scalar
            }
            Some(b'f') => {
                self.expect("false");
                Json::Scalar
            }
            Some(b'n') => {
                self.expect("null");
                Json::Scalar
            }
            _ => {
                let start = self.at;
                while self.at < self.bytes.len()
                    && (self.bytes[self.at].is_ascii_digit()
                        || b"+-.eE".contains(&self.bytes[self.at]))
                {
                    self.at += 1;
                }
                let number = std::str::from_utf8(&self.bytes[start..self.at]).unwrap();
                number
                    .parse::<f64>()
                    .unwrap_or_else(|_| panic!("no JSON value at byte {}", start));
                Json::Scalar
            }
        }
    }

    fn text(&mut self) -> String {
        self.expect("\"");
        let mut bytes = Vec::new();
        loop {
            match self.next() {
                b'"' => return String::from_utf8(bytes).expect("UTF-8 text"),
                b'\\' => {
                    let unescaped = match self.next() {
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'u' => {
                            let hex = std::str::from_utf8(&self.bytes[self.at..self.at + 4])
                                .unwrap()
                                .to_string();
                            self.at += 4;
                            char::from_u32(u32::from_str_radix(&hex, 16).unwrap())
                                .unwrap_or('\u{fffd}')
                        }
                        other => other as char,
                    };
                    let mut buffer = [0u8; 4];
                    bytes.extend_from_slice(unescaped.encode_utf8(&mut buffer).as_bytes());
                }
                byte => bytes.push(byte),
            }
        }
    }
}

/// The repository's schema, found beside this crate as the tests find tests/data.
fn schema() -> Json {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schemas/answer.schema.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {}", path.display(), error));
    Json::parse(&text)
}

fn definition<'a>(schema: &'a Json, name: &str) -> &'a Json {
    schema.get("$defs").get(name)
}

/// The field names of `$name`, as listed here: the list is also a pattern without `..`,
/// so a field added to the struct and not listed here does not compile.
macro_rules! field_names {
    ($name:ident { $($field:ident),* $(,)? }) => {{
        let _every_field = |value: $name| {
            let $name { $($field: _),* } = value;
        };
        vec![$(stringify!($field).to_string()),*]
    }};
}

/// The top-level field names of a derived Debug text, `Name { a: .., b: .. }`, in the
/// struct's declaration order.
fn debug_field_names(debug: &str) -> Vec<String> {
    let (mut names, mut token) = (Vec::new(), String::new());
    let (mut depth, mut in_text, mut escaped) = (0, false, false);
    for c in debug.chars() {
        if in_text {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_text = false;
            }
            continue;
        }
        match c {
            '"' => in_text = true,
            '{' | '[' | '(' => {
                depth += 1;
                token.clear();
            }
            '}' | ']' | ')' => depth -= 1,
            ':' if depth == 1 => names.push(std::mem::take(&mut token).trim().to_string()),
            ',' if depth == 1 => token.clear(),
            _ if depth == 1 => token.push(c),
            _ => {}
        }
    }
    names
}

fn tokens(token: &str) -> Agent {
    Agent::tokens(&[token]).unwrap()
}

/// An origin on 127.0.0.1 that answers its one robots.txt request with `status`; its
/// port.
fn serve_once(status: u16, body: &'static str) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let (mut request, mut buffer) = (Vec::new(), [0u8; 1024]);
        while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 65536 {
            match stream.read(&mut buffer) {
                Ok(0) | Err(_) => return,
                Ok(n) => request.extend_from_slice(&buffer[..n]),
            }
        }
        let response = format!(
            "HTTP/1.1 {} X\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
            status,
            body.len(),
            body
        );
        let _ = stream.write_all(response.as_bytes());
    });
    port
}

/// Decisions of every kind the tests can make here: URLs with no origin, a loopback
/// origin refused by default without connecting, and loopback origins answering 200,
/// 404 and 503 (the first asked twice, to come from memory).
fn decisions() -> Vec<Decision> {
    let agent = tokens("FooBot");
    let strict = Client::new(&ClientOptions::default()).unwrap();
    let mut decisions: Vec<Decision> = [
        "not a url",
        "gopher://example.com/x",
        "https://example.com:99999/x",
        "http://127.0.0.1:9/x",
    ]
    .iter()
    .map(|url| strict.decide(url, &agent).unwrap())
    .collect();
    let client = Client::new(&ClientOptions {
        allow_private: true,
        timeout: Some(Duration::from_secs(5)),
        ..Default::default()
    })
    .unwrap();
    for (status, body) in [(200, "User-agent: *\nDisallow: /x\n"), (404, ""), (503, "")] {
        let url = format!("http://127.0.0.1:{}/x", serve_once(status, body));
        decisions.push(client.decide(&url, &agent).unwrap());
        if status == 200 {
            decisions.push(client.decide(&url, &agent).unwrap());
        }
    }
    decisions
}

#[test]
fn verdict_has_the_schemas_fields_in_its_order() {
    let schema = schema();
    let wanted = definition(&schema, "verdict").get("properties").keys();
    let listed = field_names!(Verdict {
        allowed,
        line,
        kind,
        pattern,
        strength,
        via_index_htm,
        applied,
        rule,
        crawler_rule,
        crawler_token,
    });
    assert_eq!(
        listed, wanted,
        "Verdict's fields (left), the schema's (right)"
    );
    let robots = Robots::parse(b"User-agent: *\nDisallow: /x\n").unwrap();
    let verdict = robots.verdict("https://example.com/x", &tokens("FooBot"));
    assert_eq!(
        debug_field_names(&format!("{:?}", verdict)),
        wanted,
        "Verdict's fields in declaration order (left), the schema's (right)"
    );
}

#[test]
fn decision_has_the_schemas_fields_in_its_order() {
    let schema = schema();
    let wanted = definition(&schema, "decision").get("properties").keys();
    let listed = field_names!(Decision {
        allowed,
        url_error,
        robots_url,
        access,
        access_reason,
        verdict,
        status,
        cache_tier,
        fetch_error,
    });
    assert_eq!(
        listed, wanted,
        "Decision's fields (left), the schema's (right)"
    );
    for decision in decisions() {
        assert_eq!(
            debug_field_names(&format!("{:?}", decision)),
            wanted,
            "Decision's fields in declaration order (left), the schema's (right)"
        );
    }
}

#[test]
fn the_debug_reader_reads_top_level_names_only() {
    assert_eq!(
        debug_field_names(r#"A { a: Some("x: {y, \"z\"}"), b: [1, 2], c: B { d: 1 }, e: None }"#),
        ["a", "b", "c", "e"]
    );
}

/// Checks that every word is one of the schema's words for `enumeration`.
fn assert_words_in(schema: &Json, enumeration: &str, words: &[String]) {
    let allowed = definition(schema, enumeration).get("enum").texts();
    for word in words {
        assert!(
            allowed.contains(word),
            "{:?} is not a word of the schema's {} {:?}",
            word,
            enumeration,
            allowed
        );
    }
}

#[test]
fn every_word_the_binding_gives_is_the_schemas() {
    let schema = schema();
    let (mut kinds, mut applied, mut crawler_rules) = (Vec::new(), Vec::new(), Vec::new());
    let files: [&[u8]; 4] = [
        b"User-agent: *\nDisallow: /x\nAllow: /x/y\n",
        b"User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n",
        b"User-agent: FooBot\nAllow: /\n",
        b"",
    ];
    let mut agents = vec![tokens("FooBot"), tokens("BarBot")];
    // SAFETY: indexes below the count; the strings are valid for the whole program.
    for index in 0..unsafe { sys::robotstxt_crawler_count() } {
        let mut crawler = std::mem::MaybeUninit::<sys::robotstxt_crawler>::uninit();
        let mut error = sys::robotstxt_error {
            code: 0,
            message: [0; 256],
        };
        let status = unsafe { sys::robotstxt_crawler_at(index, crawler.as_mut_ptr(), &mut error) };
        assert_eq!(status, sys::ROBOTSTXT_OK);
        let name = unsafe { crawler.assume_init() }.name;
        let name = unsafe { std::slice::from_raw_parts(name.data as *const u8, name.size) };
        agents.push(Agent::crawler(std::str::from_utf8(name).unwrap()).unwrap());
    }
    for file in files.iter() {
        let robots = Robots::parse(file).unwrap();
        for agent in &agents {
            for url in [
                "https://example.com/x/y",
                "https://example.com/x",
                "https://example.com/",
            ] {
                let verdict = robots.verdict(url, agent);
                kinds.extend(verdict.kind);
                applied.push(verdict.applied);
                crawler_rules.extend(verdict.crawler_rule);
            }
        }
    }
    assert!(!kinds.is_empty() && !crawler_rules.is_empty());
    assert_words_in(&schema, "rule_kind", &kinds);
    assert_words_in(&schema, "applied_groups", &applied);
    assert_words_in(&schema, "crawler_rule", &crawler_rules);

    let (mut url_errors, mut accesses, mut reasons, mut tiers) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for decision in decisions() {
        assert_eq!(decision.allowed, decision.verdict.allowed, "{:?}", decision);
        url_errors.extend(decision.url_error);
        accesses.extend(decision.access);
        reasons.extend(decision.access_reason);
        tiers.extend(decision.cache_tier);
        kinds.extend(decision.verdict.kind);
        applied.push(decision.verdict.applied);
    }
    for word in ["full-allow", "full-disallow", "rules"] {
        assert!(
            accesses.iter().any(|access| access == word),
            "{:?}",
            accesses
        );
    }
    assert!(!url_errors.is_empty() && tiers.len() > 1);
    assert_words_in(&schema, "url_error", &url_errors);
    assert_words_in(&schema, "access", &accesses);
    assert_words_in(&schema, "access_reason", &reasons);
    assert_words_in(&schema, "cache_tier", &tiers);
    assert_words_in(&schema, "rule_kind", &kinds);
    assert_words_in(&schema, "applied_groups", &applied);

    let severities: Vec<String> = robotstxt::lint(b"Disallow: /x\nUser-agent: *\nFoo: bar\n")
        .unwrap()
        .into_iter()
        .map(|finding| finding.severity)
        .collect();
    assert!(!severities.is_empty());
    assert_words_in(&schema, "severity", &severities);
}

#[test]
fn the_library_names_every_value_with_the_schemas_words() {
    let schema = schema();
    let names: [(&str, unsafe extern "C" fn(i32) -> sys::robotstxt_string); 12] = [
        ("rule_kind", sys::robotstxt_rule_kind_name),
        ("applied_groups", sys::robotstxt_applied_groups_name),
        ("crawler_rule", sys::robotstxt_crawler_rule_name),
        ("access", sys::robotstxt_access_name),
        ("access_reason", sys::robotstxt_access_reason_name),
        ("url_error", sys::robotstxt_url_error_name),
        ("cache_tier", sys::robotstxt_cache_tier_name),
        ("fetch_kind", sys::robotstxt_fetch_kind_name),
        ("purpose", sys::robotstxt_purpose_name),
        (
            "crawl_delay_support",
            sys::robotstxt_crawl_delay_support_name,
        ),
        ("severity", sys::robotstxt_severity_name),
        ("preference", sys::robotstxt_preference_name),
    ];
    for (enumeration, name) in names.iter() {
        let words: BTreeSet<String> = (-1..64)
            .map(|value| {
                // SAFETY: any value may be asked; names are valid for the whole program.
                let view = unsafe { name(value) };
                if view.size == 0 {
                    return String::new();
                }
                let bytes =
                    unsafe { std::slice::from_raw_parts(view.data as *const u8, view.size) };
                String::from_utf8(bytes.to_vec()).unwrap()
            })
            .filter(|word| !word.is_empty())
            .collect();
        let wanted: BTreeSet<String> = definition(&schema, enumeration)
            .get("enum")
            .texts()
            .into_iter()
            .collect();
        assert_eq!(
            words, wanted,
            "the library's words for {} (left), the schema's (right)",
            enumeration
        );
    }
}

#[test]
fn googlebot_image_falls_back_to_googlebots_group() {
    let robots = Robots::parse(b"User-agent: Googlebot\nDisallow: /drafts/\n").unwrap();
    let image = Agent::crawler("Googlebot-Image").unwrap();
    let verdict = robots.verdict("https://example.com/drafts/a", &image);
    assert_eq!(
        verdict,
        Verdict {
            allowed: false,
            line: 2,
            kind: Some("disallow".to_string()),
            pattern: b"/drafts/".to_vec(),
            strength: verdict.strength,
            via_index_htm: false,
            applied: "specific".to_string(),
            rule: b"/drafts/".to_vec(),
            crawler_rule: Some("fallback-token".to_string()),
            crawler_token: b"Googlebot".to_vec(),
        }
    );
    assert!(verdict.strength > 0);
}

#[test]
fn the_rule_is_the_value_as_written_and_the_pattern_as_matched() {
    let robots = Robots::parse(b"User-agent: *\nDisallow: /caf\xc3\xa9\n").unwrap();
    let verdict = robots.verdict("https://example.com/caf%C3%A9", &tokens("FooBot"));
    assert_eq!(
        (
            verdict.allowed,
            verdict.kind.as_deref(),
            verdict.rule.as_slice(),
            verdict.pattern.as_slice()
        ),
        (
            false,
            Some("disallow"),
            &b"/caf\xc3\xa9"[..],
            &b"/caf%C3%A9"[..]
        )
    );
    let none = robots.verdict("https://example.com/tea", &tokens("FooBot"));
    assert_eq!(
        (
            none.allowed,
            none.line,
            none.kind,
            none.rule.len(),
            none.pattern.len(),
            none.strength
        ),
        (true, 0, None, 0, 0, 0)
    );
}
