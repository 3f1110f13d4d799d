//! robots.txt answered exactly as Google's crawlers do (RFC 9309 plus Google's documented
//! leniencies), through the robotstxt library's C ABI (`robotstxt-sys`).
//!
//! A file is parsed once into a [`Robots`], which is immutable, `Send` and `Sync`: ask it
//! from any number of threads. A [`Matcher`] binds a parsed file to an [`Agent`] and is
//! cheap to clone into async tasks; nothing needs `&mut`.
//!
//! ```
//! use robotstxt::{Agent, Robots};
//!
//! let robots = std::sync::Arc::new(Robots::parse(b"User-agent: *\nDisallow: /private\n\nUser-agent: Googlebot\nDisallow: /drafts\n")?);
//! let image = Agent::crawler("Googlebot-Image")?; // follows Googlebot's group here
//! assert!(robots.allowed("https://example.com/private/x", &image));
//! let verdict = robots.verdict("https://example.com/drafts/a", &image);
//! assert_eq!((verdict.allowed, verdict.line, verdict.rule.as_slice()), (false, 5, &b"/drafts"[..]));
//! assert_eq!(verdict.kind.as_deref(), Some("disallow"));
//! let foobot = robots.matcher(Agent::tokens(&["FooBot"])?); // Clone + Send + Sync + 'static
//! assert_eq!(foobot.allowed_urls(&["https://example.com/private/1", "https://example.com/"]), [false, true]);
//! # Ok::<(), robotstxt::Error>(())
//! ```
//!
//! Text from the file (rules, sitemaps, lint lines) comes back as bytes, as written:
//! a robots.txt need not be UTF-8, and nothing is altered on the way.

mod client;
pub use client::{Client, ClientOptions, Decision};

use robotstxt_sys as sys;
use std::fmt;
use std::os::raw::c_char;
use std::ptr::{self, NonNull};
use std::sync::Arc;

/// What a failing call of the library returns: its status and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub status: Status,
    pub message: String,
}

/// The library's status codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    InvalidArgument,
    UnknownCrawler,
    NoCrawlerInUserAgent,
    OutOfMemory,
    Internal,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "robotstxt: {}", self.message)
    }
}

impl std::error::Error for Error {}

pub(crate) fn new_error() -> sys::robotstxt_error {
    sys::robotstxt_error {
        code: 0,
        message: [0; 256],
    }
}

pub(crate) fn check(
    status: sys::robotstxt_status,
    error: &sys::robotstxt_error,
) -> Result<(), Error> {
    if status == sys::ROBOTSTXT_OK {
        return Ok(());
    }
    let status = match status {
        sys::ROBOTSTXT_INVALID_ARGUMENT => Status::InvalidArgument,
        sys::ROBOTSTXT_UNKNOWN_CRAWLER => Status::UnknownCrawler,
        sys::ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT => Status::NoCrawlerInUserAgent,
        sys::ROBOTSTXT_OUT_OF_MEMORY => Status::OutOfMemory,
        _ => Status::Internal,
    };
    let bytes: Vec<u8> = error
        .message
        .iter()
        .take_while(|&&c| c != 0)
        .map(|&c| c as u8)
        .collect();
    Err(Error {
        status,
        message: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

/// A failure only misuse or a bug can cause: the questions asked all the time return
/// plain values, so such a failure is a panic, as an out-of-bounds index is.
pub(crate) fn expect_ok(status: sys::robotstxt_status, error: &sys::robotstxt_error) {
    if let Err(error) = check(status, error) {
        panic!("{}", error);
    }
}

pub(crate) fn bytes_of(view: sys::robotstxt_string) -> Vec<u8> {
    if view.size == 0 {
        return Vec::new();
    }
    // SAFETY: the library hands out views of `size` bytes, valid while the handle lives;
    // they are copied here, before it can be freed.
    unsafe { std::slice::from_raw_parts(view.data as *const u8, view.size) }.to_vec()
}

/// Names the library gives are ASCII.
pub(crate) fn name_of(view: sys::robotstxt_string) -> String {
    String::from_utf8_lossy(&bytes_of(view)).into_owned()
}

pub(crate) fn view_of(bytes: &[u8]) -> sys::robotstxt_string {
    sys::robotstxt_string {
        data: bytes.as_ptr() as *const c_char,
        size: bytes.len(),
    }
}

/// The C ABI version of the library linked.
pub fn abi_version() -> i32 {
    // SAFETY: no arguments; any thread.
    unsafe { sys::robotstxt_abi_version() }
}

/// The library's version, e.g. "0.1.0".
pub fn version() -> String {
    // SAFETY: a view valid for the whole program.
    name_of(unsafe { sys::robotstxt_version() })
}

/// Who asks: product tokens, or a crawler of the catalogue, which follows its own
/// precedence rules (docs/semantics.md 8).
pub struct Agent {
    handle: NonNull<sys::robotstxt_agent>,
}

// SAFETY: the C ABI makes agents immutable once made; any thread may read them at once.
unsafe impl Send for Agent {}
unsafe impl Sync for Agent {}

impl Agent {
    fn made(
        status: sys::robotstxt_status,
        handle: *mut sys::robotstxt_agent,
        error: &sys::robotstxt_error,
    ) -> Result<Agent, Error> {
        check(status, error)?;
        Ok(Agent {
            handle: NonNull::new(handle).expect("the library returned no agent"),
        })
    }

    /// Product tokens, merged as Google merges them (docs/semantics.md 2.5): the rules of
    /// every group naming any of them apply together. At least one token.
    pub fn tokens<S: AsRef<[u8]>>(tokens: &[S]) -> Result<Agent, Error> {
        let views: Vec<sys::robotstxt_string> =
            tokens.iter().map(|t| view_of(t.as_ref())).collect();
        let mut handle = ptr::null_mut();
        let mut error = new_error();
        // SAFETY: the views point into `tokens`, alive for the call; the library copies them.
        let status = unsafe {
            sys::robotstxt_agent_from_tokens(views.as_ptr(), views.len(), &mut handle, &mut error)
        };
        Agent::made(status, handle, &error)
    }

    /// The catalogue crawler named `name`, ASCII case-insensitively ("googlebot-image");
    /// `Status::UnknownCrawler`, naming close names, when there is none.
    pub fn crawler(name: &str) -> Result<Agent, Error> {
        let mut handle = ptr::null_mut();
        let mut error = new_error();
        // SAFETY: `name` is alive for the call.
        let status = unsafe {
            sys::robotstxt_agent_from_crawler(
                name.as_ptr() as *const c_char,
                name.len(),
                &mut handle,
                &mut error,
            )
        };
        Agent::made(status, handle, &error)
    }

    /// The catalogue crawler whose User-Agent substring is in `header`;
    /// `Status::NoCrawlerInUserAgent` when none is.
    pub fn user_agent(header: &str) -> Result<Agent, Error> {
        let mut handle = ptr::null_mut();
        let mut error = new_error();
        // SAFETY: `header` is alive for the call.
        let status = unsafe {
            sys::robotstxt_agent_from_user_agent(
                header.as_ptr() as *const c_char,
                header.len(),
                &mut handle,
                &mut error,
            )
        };
        Agent::made(status, handle, &error)
    }

    /// The name of the catalogue crawler that asks; None for product tokens.
    pub fn crawler_name(&self) -> Option<String> {
        // SAFETY: a live handle.
        let index = unsafe { sys::robotstxt_agent_crawler_index(self.handle.as_ptr()) };
        if index < 0 {
            return None;
        }
        let mut crawler = std::mem::MaybeUninit::<sys::robotstxt_crawler>::uninit();
        let mut error = new_error();
        // SAFETY: an index the library gave; the struct is written on success.
        let status =
            unsafe { sys::robotstxt_crawler_at(index as usize, crawler.as_mut_ptr(), &mut error) };
        expect_ok(status, &error);
        // SAFETY: written on success, checked above.
        Some(name_of(unsafe { crawler.assume_init() }.name))
    }

    pub(crate) fn as_ptr(&self) -> *const sys::robotstxt_agent {
        self.handle.as_ptr()
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        // SAFETY: owned, and no borrow outlives self.
        unsafe { sys::robotstxt_agent_free(self.handle.as_ptr()) }
    }
}

/// A parsed robots.txt: immutable, `Send` and `Sync`.
pub struct Robots {
    handle: NonNull<sys::robotstxt_robots>,
}

// SAFETY: the C ABI makes parsed files immutable; any thread may read them at once.
unsafe impl Send for Robots {}
unsafe impl Sync for Robots {}

/// The answer with its reason (include/robotstxt/verdict.h). Its fields, in this
/// order, and their words are schemas/answer.schema.json's "verdict", as in every
/// binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub allowed: bool,
    /// Line of the decisive rule; 0 when no rule decided.
    pub line: u32,
    /// "allow" or "disallow": the decisive rule's kind; None when no rule decided.
    pub kind: Option<String>,
    /// The decisive rule's pattern as matched, percent-escapes normalised; empty when
    /// no rule decided.
    pub pattern: Vec<u8>,
    /// Of the decisive rule (docs/semantics.md 5.1); 0 when none.
    pub strength: u32,
    /// The allow matched only through the /index.htm rewrite.
    pub via_index_htm: bool,
    /// Whose rules decided: "none", "specific" or "global".
    pub applied: String,
    /// The decisive rule's value byte for byte as written in the file (`kind` says
    /// allow or disallow); empty when no rule decided.
    pub rule: Vec<u8>,
    /// How a crawler's groups were chosen ("own-token", "fallback-token", "global"...);
    /// None when product tokens asked.
    pub crawler_rule: Option<String>,
    /// The token whose groups applied, for a crawler; empty when none.
    pub crawler_token: Vec<u8>,
}

/// The stable word the library gives `value` (`name` is one of its name functions);
/// None for a _NONE value, which stands for "absent" and whose name is empty.
pub(crate) fn word_of(
    value: i32,
    name: unsafe extern "C" fn(i32) -> sys::robotstxt_string,
) -> Option<String> {
    // SAFETY: names are valid for the whole program; any value may be asked.
    let word = name_of(unsafe { name(value) });
    if word.is_empty() {
        None
    } else {
        Some(word)
    }
}

pub(crate) fn verdict_of(v: &sys::robotstxt_verdict) -> Verdict {
    let decided = v.line != 0;
    Verdict {
        allowed: v.allowed == 1,
        line: v.line,
        kind: if decided {
            word_of(v.kind, sys::robotstxt_rule_kind_name)
        } else {
            None
        },
        pattern: bytes_of(v.pattern),
        strength: v.strength,
        via_index_htm: v.via_index_htm == 1,
        // SAFETY: names are valid for the whole program.
        applied: name_of(unsafe { sys::robotstxt_applied_groups_name(v.applied) }),
        rule: bytes_of(v.rule),
        crawler_rule: word_of(v.crawler_rule, sys::robotstxt_crawler_rule_name),
        crawler_token: bytes_of(v.crawler_token),
    }
}

/// A Content-Usage category's value (docs/semantics.md 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preference {
    Unknown,
    Allowed,
    Disallowed,
}

fn preference_of(value: i32) -> Preference {
    match value {
        sys::ROBOTSTXT_PREFERENCE_ALLOWED => Preference::Allowed,
        sys::ROBOTSTXT_PREFERENCE_DISALLOWED => Preference::Disallowed,
        _ => Preference::Unknown,
    }
}

/// The AI usage preferences for a URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Usage {
    /// False when the URL may not be fetched; then there are no preferences.
    pub fetchable: bool,
    pub train_ai: Preference,
    pub search: Preference,
    /// The lines that decided.
    pub lines: Vec<u32>,
}

/// One lint finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// "error", "warning" or "info".
    pub severity: String,
    /// 1-based; 0 for the whole file.
    pub line: u32,
    /// 1-based byte column; 0 for the whole line.
    pub column: u32,
    /// Stable kebab-case, e.g. "rule-outside-group".
    pub code: String,
    /// The line as written (at most 200 bytes).
    pub text: Vec<u8>,
    pub message: String,
}

impl Robots {
    /// Parses any bytes as a robots.txt (only the first 500 KiB count, as at Google).
    /// Every byte sequence is a valid robots.txt: an error means memory ran out or a bug.
    pub fn parse(body: &[u8]) -> Result<Robots, Error> {
        let mut handle = ptr::null_mut();
        let mut error = new_error();
        // SAFETY: `body` is alive for the call and not kept.
        let status = unsafe {
            sys::robotstxt_parse(
                body.as_ptr() as *const c_char,
                body.len(),
                &mut handle,
                &mut error,
            )
        };
        check(status, &error)?;
        Ok(Robots {
            handle: NonNull::new(handle).expect("the library returned no parsed file"),
        })
    }

    /// May `agent` fetch `url`? URLs are matched as given: percent-encode them first.
    pub fn allowed<U: AsRef<[u8]> + ?Sized>(&self, url: &U, agent: &Agent) -> bool {
        let url = url.as_ref();
        let mut allowed = 0;
        let mut error = new_error();
        // SAFETY: live handles; `url` is alive for the call.
        let status = unsafe {
            sys::robotstxt_allowed(
                self.handle.as_ptr(),
                url.as_ptr() as *const c_char,
                url.len(),
                agent.as_ptr(),
                &mut allowed,
                &mut error,
            )
        };
        expect_ok(status, &error);
        allowed == 1
    }

    /// `allowed`'s answer with the rule that decided and why.
    pub fn verdict<U: AsRef<[u8]> + ?Sized>(&self, url: &U, agent: &Agent) -> Verdict {
        let url = url.as_ref();
        let mut verdict = std::mem::MaybeUninit::<sys::robotstxt_verdict>::uninit();
        let mut error = new_error();
        // SAFETY: as in allowed; the verdict is written on success and copied while
        // `self` (which its views point into) is borrowed.
        let status = unsafe {
            sys::robotstxt_verdict_of(
                self.handle.as_ptr(),
                url.as_ptr() as *const c_char,
                url.len(),
                agent.as_ptr(),
                verdict.as_mut_ptr(),
                &mut error,
            )
        };
        expect_ok(status, &error);
        verdict_of(unsafe { &verdict.assume_init() })
    }

    /// `allowed` for every URL, in one call into the library.
    pub fn allowed_urls<U: AsRef<[u8]>>(&self, urls: &[U], agent: &Agent) -> Vec<bool> {
        let views: Vec<sys::robotstxt_string> = urls.iter().map(|u| view_of(u.as_ref())).collect();
        let mut answers = vec![0u8; urls.len()];
        let mut error = new_error();
        // SAFETY: the views point into `urls`, alive for the call; `answers` holds
        // `urls.len()` bytes.
        let status = unsafe {
            sys::robotstxt_allowed_urls(
                self.handle.as_ptr(),
                views.as_ptr(),
                views.len(),
                agent.as_ptr(),
                answers.as_mut_ptr(),
                &mut error,
            )
        };
        expect_ok(status, &error);
        answers.into_iter().map(|a| a == 1).collect()
    }

    /// The Sitemap lines' values as written, in file order.
    pub fn sitemaps(&self) -> Vec<Vec<u8>> {
        // SAFETY: a live handle; indexes below the count.
        let count = unsafe { sys::robotstxt_sitemap_count(self.handle.as_ptr()) };
        (0..count)
            .map(|i| bytes_of(unsafe { sys::robotstxt_sitemap(self.handle.as_ptr(), i) }))
            .collect()
    }

    /// The crawl-delay, in seconds, of the groups that apply to `agent`.
    pub fn crawl_delay(&self, agent: &Agent) -> Option<f64> {
        let (mut found, mut seconds) = (0, 0.0);
        let mut error = new_error();
        // SAFETY: live handles.
        let status = unsafe {
            sys::robotstxt_crawl_delay(
                self.handle.as_ptr(),
                agent.as_ptr(),
                &mut found,
                &mut seconds,
                &mut error,
            )
        };
        expect_ok(status, &error);
        if found == 1 {
            Some(seconds)
        } else {
            None
        }
    }

    /// The Content-Usage preferences for `url`.
    pub fn content_usage<U: AsRef<[u8]> + ?Sized>(&self, url: &U, agent: &Agent) -> Usage {
        let url = url.as_ref();
        let mut lines = vec![0u32; 8];
        loop {
            let mut usage = sys::robotstxt_usage::default();
            let mut error = new_error();
            // SAFETY: live handles; `lines` holds `lines.len()` entries.
            let status = unsafe {
                sys::robotstxt_content_usage(
                    self.handle.as_ptr(),
                    url.as_ptr() as *const c_char,
                    url.len(),
                    agent.as_ptr(),
                    &mut usage,
                    lines.as_mut_ptr(),
                    lines.len(),
                    &mut error,
                )
            };
            expect_ok(status, &error);
            let count = usage.line_count as usize;
            if count > lines.len() {
                lines = vec![0; count];
                continue;
            }
            lines.truncate(count);
            return Usage {
                fetchable: usage.fetchable == 1,
                train_ai: preference_of(usage.train_ai),
                search: preference_of(usage.search),
                lines,
            };
        }
    }

    /// A [`Matcher`] for `agent`, sharing this file.
    pub fn matcher(self: &Arc<Self>, agent: Agent) -> Matcher {
        Matcher {
            robots: Arc::clone(self),
            agent: Arc::new(agent),
        }
    }
}

impl Drop for Robots {
    fn drop(&mut self) {
        // SAFETY: owned, and no borrow outlives self.
        unsafe { sys::robotstxt_robots_free(self.handle.as_ptr()) }
    }
}

/// A parsed file and who asks, bound together: `Clone` (two reference counts),
/// `Send + Sync + 'static`, every method `&self`. Clone one into each async task or
/// thread; the file is freed when the last clone goes.
#[derive(Clone)]
pub struct Matcher {
    robots: Arc<Robots>,
    agent: Arc<Agent>,
}

impl Matcher {
    /// Parses `body` and binds it to `agent`.
    pub fn new(body: &[u8], agent: Agent) -> Result<Matcher, Error> {
        Ok(Arc::new(Robots::parse(body)?).matcher(agent))
    }

    pub fn allowed<U: AsRef<[u8]> + ?Sized>(&self, url: &U) -> bool {
        self.robots.allowed(url, &self.agent)
    }

    pub fn verdict<U: AsRef<[u8]> + ?Sized>(&self, url: &U) -> Verdict {
        self.robots.verdict(url, &self.agent)
    }

    pub fn allowed_urls<U: AsRef<[u8]>>(&self, urls: &[U]) -> Vec<bool> {
        self.robots.allowed_urls(urls, &self.agent)
    }

    pub fn crawl_delay(&self) -> Option<f64> {
        self.robots.crawl_delay(&self.agent)
    }

    pub fn robots(&self) -> &Robots {
        &self.robots
    }
}

/// Lints `body`: the mistakes that make a robots.txt say something other than what its
/// author meant, sorted by line, then column.
pub fn lint(body: &[u8]) -> Result<Vec<Finding>, Error> {
    let mut report = ptr::null_mut();
    let mut error = new_error();
    // SAFETY: `body` is alive for the call.
    let status = unsafe {
        sys::robotstxt_lint(
            body.as_ptr() as *const c_char,
            body.len(),
            &mut report,
            &mut error,
        )
    };
    check(status, &error)?;
    struct Report(*mut sys::robotstxt_lint_report);
    impl Drop for Report {
        fn drop(&mut self) {
            // SAFETY: owned here.
            unsafe { sys::robotstxt_lint_report_free(self.0) }
        }
    }
    let report = Report(report);
    // SAFETY: a live report; indexes below its count; views copied before it is freed.
    let count = unsafe { sys::robotstxt_lint_finding_count(report.0) };
    let mut findings = Vec::with_capacity(count);
    for index in 0..count {
        let mut finding = std::mem::MaybeUninit::<sys::robotstxt_finding>::uninit();
        let status = unsafe {
            sys::robotstxt_lint_finding(report.0, index, finding.as_mut_ptr(), &mut error)
        };
        check(status, &error)?;
        let f = unsafe { finding.assume_init() };
        findings.push(Finding {
            severity: name_of(unsafe { sys::robotstxt_severity_name(f.severity) }),
            line: f.line,
            column: f.column,
            code: name_of(f.code),
            text: bytes_of(f.text),
            message: name_of(f.message),
        });
    }
    Ok(findings)
}
