//! The fetching client: fetches robots.txt files, applies Google's fetch policy, caches
//! the rules (optionally in a fleet's shared Redis tier) and decides.

use crate::{
    check, expect_ok, name_of, new_error, verdict_of, view_of, word_of, Agent, Error, Verdict,
};
use robotstxt_sys as sys;
use std::os::raw::c_char;
use std::ptr::{self, NonNull};
use std::time::Duration;

/// Options of a [`Client`]; `Default` is the library's defaults.
#[derive(Clone, Debug, Default)]
pub struct ClientOptions {
    /// The User-Agent header sent.
    pub user_agent_header: Option<String>,
    /// Bounds a whole fetch (default 30 s; rounded up to whole seconds).
    pub timeout: Option<Duration>,
    /// HOST:PORT:CONNECT_HOST:CONNECT_PORT entries, as curl's --connect-to.
    pub connect_to: Vec<String>,
    /// A PEM file of the CAs to trust.
    pub ca_file: Option<String>,
    /// Also fetch from loopback, private and other non-public addresses.
    pub allow_private: bool,
    /// redis://[[USER]:PASSWORD@]HOST:PORT/DB, the fleet's shared cache tier.
    pub redis: Option<String>,
    /// Instead of `redis`: [[USER]:PASSWORD@]HOST:PORT[,HOST:PORT...][/DB], the sentinels
    /// asked for `redis_master`'s address (docs/serve.md "Redis Sentinel").
    pub redis_sentinel: Option<String>,
    /// The name the sentinels know the master by.
    pub redis_master: Option<String>,
    /// A file holding the Redis password, read once when the client is made.
    pub redis_password_file: Option<String>,
    /// Bounds of the client's cache (defaults 512 MiB, 100000 origins).
    pub cache_bytes: Option<u64>,
    pub cache_entries: Option<u64>,
}

impl ClientOptions {
    fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        if let Some(header) = &self.user_agent_header {
            pairs.push(("user-agent-header", header.clone()));
        }
        if let Some(timeout) = self.timeout {
            let seconds = timeout.as_secs() + u64::from(timeout.subsec_nanos() > 0);
            pairs.push(("timeout", seconds.to_string()));
        }
        for entry in &self.connect_to {
            pairs.push(("connect-to", entry.clone()));
        }
        if let Some(file) = &self.ca_file {
            pairs.push(("ca-file", file.clone()));
        }
        if self.allow_private {
            pairs.push(("allow-private", "true".to_string()));
        }
        if let Some(redis) = &self.redis {
            pairs.push(("redis", redis.clone()));
        }
        if let Some(sentinels) = &self.redis_sentinel {
            pairs.push(("redis-sentinel", sentinels.clone()));
        }
        if let Some(master) = &self.redis_master {
            pairs.push(("redis-master", master.clone()));
        }
        if let Some(file) = &self.redis_password_file {
            pairs.push(("redis-password-file", file.clone()));
        }
        if let Some(bytes) = self.cache_bytes {
            pairs.push(("cache-bytes", bytes.to_string()));
        }
        if let Some(entries) = self.cache_entries {
            pairs.push(("cache-entries", entries.to_string()));
        }
        pairs
    }
}

/// A client; `Send + Sync`: any number of threads may decide at once. `decide` blocks
/// while fetching (from async code, call it on a blocking thread).
pub struct Client {
    handle: NonNull<sys::robotstxt_client>,
}

// SAFETY: the C ABI states that a client is thread-safe; Drop needs ownership, so no
// other thread can be using it then.
unsafe impl Send for Client {}
unsafe impl Sync for Client {}

/// The client's answer for a URL. Its fields, in this order, and their words are
/// schemas/answer.schema.json's "decision", as in every binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// Always `verdict.allowed`: false also when the access is undecided or the URL has
    /// no origin.
    pub allowed: bool,
    /// Why the URL has no origin ("not-absolute", "unsupported-scheme", "invalid-host",
    /// "invalid-port", "invalid-idn"); None when it has one.
    pub url_error: Option<String>,
    /// The robots.txt asked for; None when the URL has no origin.
    pub robots_url: Option<String>,
    /// "full-allow", "full-disallow", "rules" or "undecided"; None when the URL has no
    /// origin, so nothing was looked up.
    pub access: Option<String>,
    /// Why: "parsed", "no-robots-txt", "recent-server-error"... (docs/semantics.md 7);
    /// None when the URL has no origin.
    pub access_reason: Option<String>,
    pub verdict: Verdict,
    /// HTTP status of the robots.txt fetch; 0 when none arrived.
    pub status: i32,
    /// "memory", "shared" or "fetched"; None when the URL has no origin.
    pub cache_tier: Option<String>,
    /// Why the fetch failed, one line; None when it did not.
    pub fetch_error: Option<String>,
}

impl Client {
    /// A client; `Status::InvalidArgument` naming the option when one is bad.
    pub fn new(options: &ClientOptions) -> Result<Client, Error> {
        let pairs = options.pairs();
        let names: Vec<sys::robotstxt_string> =
            pairs.iter().map(|p| view_of(p.0.as_bytes())).collect();
        let values: Vec<sys::robotstxt_string> =
            pairs.iter().map(|p| view_of(p.1.as_bytes())).collect();
        let mut handle = ptr::null_mut();
        let mut error = new_error();
        // SAFETY: the views point into `pairs`, alive for the call.
        let status = unsafe {
            sys::robotstxt_client_new(
                names.as_ptr(),
                values.as_ptr(),
                pairs.len(),
                &mut handle,
                &mut error,
            )
        };
        check(status, &error)?;
        Ok(Client {
            handle: NonNull::new(handle).expect("the library returned no client"),
        })
    }

    /// Fetches (or finds cached) `url`'s robots.txt and decides for `agent`. Blocks while
    /// fetching, at most the client's timeout.
    pub fn decide(&self, url: &str, agent: &Agent) -> Result<Decision, Error> {
        let mut decision = ptr::null_mut();
        let mut error = new_error();
        // SAFETY: live handles; the client is thread-safe; `url` is alive for the call.
        let status = unsafe {
            sys::robotstxt_client_decide(
                self.handle.as_ptr(),
                url.as_ptr() as *const c_char,
                url.len(),
                agent.as_ptr(),
                &mut decision,
                &mut error,
            )
        };
        check(status, &error)?;
        struct Owned(*mut sys::robotstxt_decision);
        impl Drop for Owned {
            fn drop(&mut self) {
                // SAFETY: owned here.
                unsafe { sys::robotstxt_decision_free(self.0) }
            }
        }
        let decision = Owned(decision);
        let mut info = std::mem::MaybeUninit::<sys::robotstxt_decision_info>::uninit();
        let mut verdict = std::mem::MaybeUninit::<sys::robotstxt_verdict>::uninit();
        // SAFETY: a live decision; both structs are written on success, and their views
        // copied before the decision is freed.
        unsafe {
            expect_ok(
                sys::robotstxt_decision_get_info(decision.0, info.as_mut_ptr(), &mut error),
                &error,
            );
            expect_ok(
                sys::robotstxt_decision_verdict(decision.0, verdict.as_mut_ptr(), &mut error),
                &error,
            );
            let info = info.assume_init();
            Ok(Decision {
                allowed: info.allowed == 1,
                url_error: word_of(info.url_error, sys::robotstxt_url_error_name),
                robots_url: text_or_none(info.robots_url),
                access: word_of(info.access, sys::robotstxt_access_name),
                access_reason: word_of(info.access_reason, sys::robotstxt_access_reason_name),
                verdict: verdict_of(&verdict.assume_init()),
                status: info.status,
                cache_tier: word_of(info.cache_tier, sys::robotstxt_cache_tier_name),
                fetch_error: text_or_none(info.fetch_error),
            })
        }
    }
}

// The C ABI gives an empty view for a text that is absent.
fn text_or_none(view: sys::robotstxt_string) -> Option<String> {
    Some(name_of(view)).filter(|text| !text.is_empty())
}

impl Drop for Client {
    fn drop(&mut self) {
        // SAFETY: owned; Drop has the only reference.
        unsafe { sys::robotstxt_client_free(self.handle.as_ptr()) }
    }
}
