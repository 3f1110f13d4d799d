//! docs/bindings.md shows the crate's documentation example: every line of the page's
//! Rust block must be a line of src/lib.rs's example, in the same order.

#[test]
fn docs_show_the_crate_example() {
    let manifest = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = match std::fs::read_to_string(manifest.join("../../docs/bindings.md")) {
        Ok(page) => page,
        Err(error) => {
            return eprintln!(
                "skipped: docs/bindings.md is not beside this crate: {}",
                error
            )
        }
    };
    let library = std::fs::read_to_string(manifest.join("src/lib.rs")).unwrap();
    let block = page
        .split("```rust\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let mut rest = library.as_str();
    for line in block.lines() {
        let wanted = if line.is_empty() {
            "//!\n".to_string()
        } else {
            format!("//! {}\n", line)
        };
        let at = rest.find(&wanted).unwrap_or_else(|| {
            panic!(
                "docs/bindings.md's line {:?} is not next in src/lib.rs",
                line
            )
        });
        rest = &rest[at + wanted.len()..];
    }
}
