//! robotstxt-sys's #[repr(C)] structs are written by hand: each is held here, field by
//! field, against the layout the C compiler gives the header. A small C program,
//! generated from the struct definitions of the robotstxt/c_api.h that pkg-config names
//! and built with the `cc` program, prints every field's offset and size and every
//! struct's size; the Rust structs must have the same fields, in the same order, at the
//! same offsets, with the same sizes. Its constants, copied by hand too, must have the
//! header's values.

use robotstxt_sys as sys;
use std::collections::BTreeMap;
use std::mem::{size_of, MaybeUninit};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A struct's size and its fields: (name, offset, size), in declaration order.
#[derive(Debug, PartialEq, Eq)]
struct Layout {
    size: usize,
    fields: Vec<(String, usize, usize)>,
}

/// The size of what `_pointer` points to, which is never read.
fn pointee_size<T>(_pointer: *const T) -> usize {
    size_of::<T>()
}

/// The Rust layout of each struct named, its fields listed in declaration order. Each
/// list is also a pattern without `..`: a field added to a struct and not listed here
/// does not compile.
macro_rules! rust_layouts {
    ($($name:ident { $($field:ident),* $(,)? })*) => {{
        let mut layouts = BTreeMap::new();
        $(
            let _every_field = |value: sys::$name| {
                let sys::$name { $($field: _),* } = value;
            };
            let value = MaybeUninit::<sys::$name>::uninit();
            let base = value.as_ptr();
            let mut fields = Vec::new();
            $(
                // SAFETY: addr_of! computes the field's address without reading the
                // uninitialised value or making a reference to it.
                let field = unsafe { std::ptr::addr_of!((*base).$field) };
                fields.push((
                    stringify!($field).to_string(),
                    field as usize - base as usize,
                    pointee_size(field),
                ));
            )*
            layouts.insert(
                stringify!($name).to_string(),
                Layout { size: size_of::<sys::$name>(), fields },
            );
        )*
        layouts
    }};
}

fn rust_layouts() -> BTreeMap<String, Layout> {
    rust_layouts! {
        robotstxt_string { data, size }
        robotstxt_error { code, message }
        robotstxt_verdict {
            allowed, line, kind, strength, via_index_htm, applied, crawler_rule, reserved,
            pattern, rule, crawler_token,
        }
        robotstxt_rate { found, reserved, requests, seconds, window }
        robotstxt_usage { fetchable, train_ai, search, line_count }
        robotstxt_finding { severity, line, column, reserved, code, text, message }
        robotstxt_rule_match { line, kind, strength, via_index_htm, pattern, written }
        robotstxt_crawler {
            purpose, flags, crawl_delay, token_count, name, operator_name,
            user_agent_substring,
        }
        robotstxt_fetch_result {
            kind, status, truncated, reserved, body, cache_control, robots_url, final_url,
            error,
        }
        robotstxt_access { access, access_reason, fresh_until_unix_ms }
        robotstxt_decision_info {
            allowed, access, access_reason, url_error, cache_tier, status, robots_url,
            fetch_error,
        }
    }
}

fn pkg_config(flag: &str) -> String {
    let output = Command::new("pkg-config")
        .args([flag, "robotstxt-fetch"])
        .output()
        .unwrap_or_else(|error| panic!("cannot run pkg-config: {}", error));
    assert!(
        output.status.success(),
        "pkg-config cannot find robotstxt-fetch (set PKG_CONFIG_PATH as for the build): {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The robotstxt/c_api.h the crate is built against: the first include directory of
/// pkg-config's flags that has one.
fn header() -> PathBuf {
    let flags = pkg_config("--cflags-only-I");
    flags
        .split_whitespace()
        .filter_map(|flag| flag.strip_prefix("-I"))
        .map(|directory| Path::new(directory).join("robotstxt/c_api.h"))
        .find(|path| path.is_file())
        .unwrap_or_else(|| panic!("no robotstxt/c_api.h under {}", flags))
}

/// Every `typedef struct NAME { ... } NAME;` of the header with its field names in
/// order. The header's structs declare one field per line; anything else stops the test
/// rather than being misread.
fn header_structs(text: &str) -> Vec<(String, Vec<String>)> {
    let mut structs = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in text.lines() {
        let code = line.split("/*").next().unwrap().trim();
        match current.as_mut() {
            None => {
                if let Some(rest) = code.strip_prefix("typedef struct ") {
                    if let Some(name) = rest.strip_suffix('{') {
                        current = Some((name.trim().to_string(), Vec::new()));
                    }
                }
            }
            Some((name, fields)) => {
                if code.starts_with('}') {
                    assert!(!fields.is_empty(), "struct {} has no fields", name);
                    structs.push(current.take().unwrap());
                } else if !code.is_empty() {
                    let declaration = code
                        .strip_suffix(';')
                        .unwrap_or_else(|| panic!("unexpected line in {}: {:?}", name, line));
                    assert!(
                        !declaration.contains(','),
                        "one field per line expected in {}: {:?}",
                        name,
                        line
                    );
                    let declarator = declaration.split('[').next().unwrap();
                    let field = declarator
                        .rsplit(|c: char| c.is_whitespace() || c == '*')
                        .next()
                        .unwrap();
                    fields.push(field.to_string());
                }
            }
        }
    }
    assert!(current.is_none(), "unterminated struct in the header");
    structs
}

/// The C layout of the header's structs, as `cc` lays them out on this machine.
fn c_layouts() -> BTreeMap<String, Layout> {
    let header = header();
    let structs = header_structs(&std::fs::read_to_string(&header).unwrap());
    assert!(
        structs.iter().any(|(name, _)| name == "robotstxt_verdict"),
        "no structs read from {}",
        header.display()
    );
    let mut program = String::from(
        "#include <stddef.h>\n#include <stdio.h>\n#include <robotstxt/c_api.h>\n\
         #define FIELD(s, f) printf(\"field %s %s %zu %zu\\n\", #s, #f, offsetof(s, f), \
         sizeof(((s*)0)->f));\n\
         int main(void) {\n",
    );
    for (name, fields) in &structs {
        program.push_str(&format!(
            "  printf(\"struct %s %zu\\n\", \"{0}\", sizeof({0}));\n",
            name
        ));
        for field in fields {
            program.push_str(&format!("  FIELD({}, {});\n", name, field));
        }
    }
    program.push_str("  return 0;\n}\n");

    let directory = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let stem = directory.join(format!("c_api_layout_{}", std::process::id()));
    let (source, binary) = (stem.with_extension("c"), stem.with_extension("out"));
    std::fs::write(&source, &program).unwrap();
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let compiled = Command::new(&compiler)
        .args(pkg_config("--cflags").split_whitespace())
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {}", compiler, error));
    assert!(
        compiled.status.success(),
        "{} cannot build the layout program {}: {}",
        compiler,
        source.display(),
        String::from_utf8_lossy(&compiled.stderr)
    );
    let run = Command::new(&binary).output().unwrap();
    assert!(run.status.success());
    let _ = std::fs::remove_file(&source);
    let _ = std::fs::remove_file(&binary);

    let mut layouts = BTreeMap::new();
    for line in String::from_utf8(run.stdout).unwrap().lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let number = |word: &str| word.parse::<usize>().unwrap();
        match words.as_slice() {
            ["struct", name, size] => {
                layouts.insert(
                    name.to_string(),
                    Layout {
                        size: number(size),
                        fields: Vec::new(),
                    },
                );
            }
            ["field", name, field, offset, size] => {
                let layout: &mut Layout = layouts.get_mut(*name).unwrap();
                layout
                    .fields
                    .push((field.to_string(), number(offset), number(size)));
            }
            _ => panic!("unexpected line from the layout program: {:?}", line),
        }
    }
    layouts
}

#[test]
fn every_struct_is_laid_out_as_in_c() {
    let (c, rust) = (c_layouts(), rust_layouts());
    assert_eq!(
        c.keys().collect::<Vec<_>>(),
        rust.keys().collect::<Vec<_>>(),
        "the header's structs (left) and those robotstxt-sys mirrors (right)"
    );
    let mut differences = Vec::new();
    for (name, c_layout) in &c {
        let rust_layout = &rust[name];
        if c_layout.size != rust_layout.size {
            differences.push(format!(
                "{}: size {} in C, {} in Rust",
                name, c_layout.size, rust_layout.size
            ));
        }
        let names = |layout: &Layout| -> Vec<String> {
            layout.fields.iter().map(|f| f.0.clone()).collect()
        };
        if names(c_layout) != names(rust_layout) {
            differences.push(format!(
                "{}: fields {:?} in C, {:?} in Rust",
                name,
                names(c_layout),
                names(rust_layout)
            ));
            continue;
        }
        for (c_field, rust_field) in c_layout.fields.iter().zip(&rust_layout.fields) {
            if c_field != rust_field {
                differences.push(format!(
                    "{}.{}: offset {} size {} in C, offset {} size {} in Rust",
                    name, c_field.0, c_field.1, c_field.2, rust_field.1, rust_field.2
                ));
            }
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
fn the_header_is_read_field_by_field() {
    let structs = header_structs(
        "typedef struct a {\n  int32_t x; /**< one */\n  const char* data;\n  \
         char message[256];\n} a;\n/* typedef struct b { */\ntypedef struct c c;\n",
    );
    assert_eq!(
        structs,
        vec![(
            "a".to_string(),
            vec!["x".to_string(), "data".to_string(), "message".to_string()]
        )]
    );
}

/// The integer constants named ROBOTSTXT_* in `text`, by name: each line that `split`
/// turns into a name and a value, the value with C's parentheses, `u` suffix and the
/// line's `;` or `,` taken away.
fn integer_constants(
    text: &str,
    split: impl Fn(&str) -> Option<(String, String)>,
) -> BTreeMap<String, i64> {
    let mut constants = BTreeMap::new();
    for line in text.lines() {
        let code = line.split("/*").next().unwrap().trim();
        if let Some((name, value)) = split(code) {
            let value = value.trim().trim_end_matches(&[';', ','][..]);
            let value = value
                .trim_start_matches('(')
                .trim_end_matches(')')
                .trim_end_matches('u');
            if let Ok(number) = value.parse::<i64>() {
                constants.insert(name.trim().to_string(), number);
            }
        }
    }
    constants
}

#[test]
fn every_constant_has_the_headers_value() {
    // The header's `#define ROBOTSTXT_X 1` lines and robotstxt_status's `ROBOTSTXT_X = 1,`.
    let header = integer_constants(&std::fs::read_to_string(header()).unwrap(), |code| {
        let (name, value) = match code.strip_prefix("#define ") {
            Some(definition) => definition.split_once(' ')?,
            None => code.split_once('=')?,
        };
        name.trim()
            .starts_with("ROBOTSTXT_")
            .then(|| (name.to_string(), value.to_string()))
    });
    // robotstxt-sys's `pub const ROBOTSTXT_X: i32 = 1;`, copied from the header by hand.
    let sys_source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../robotstxt-sys/src/lib.rs");
    let rust = integer_constants(&std::fs::read_to_string(sys_source).unwrap(), |code| {
        let (declaration, value) = code.strip_prefix("pub const ")?.split_once('=')?;
        let name = declaration.split(':').next()?;
        name.starts_with("ROBOTSTXT_")
            .then(|| (name.to_string(), value.to_string()))
    });
    assert!(
        rust.contains_key("ROBOTSTXT_ABI_VERSION"),
        "no constants read: {:?}",
        rust
    );
    assert!(
        header.contains_key("ROBOTSTXT_ACCESS_NONE"),
        "no constants read: {:?}",
        header
    );
    let differences: Vec<String> = rust
        .iter()
        .filter(|(name, value)| header.get(*name) != Some(*value))
        .map(|(name, value)| format!("{} = {} in Rust, {:?} in C", name, value, header.get(name)))
        .collect();
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
