//! What the integration tests share: where the repository's test data is, and small
//! readers for it (the crates depend on nothing, so no JSON or base64 crate).
#![allow(dead_code)]

use std::path::PathBuf;

/// tests/data of the repository, or $ROBOTSTXT_TEST_DATA_DIR.
pub fn test_data_dir() -> PathBuf {
    match std::env::var_os("ROBOTSTXT_TEST_DATA_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data"),
    }
}

/// The string value of `"key": "..."` in one flat JSON object (the conformance lines),
/// with the escapes those lines use.
pub fn json_string(line: &str, key: &str) -> String {
    let marker = format!("\"{}\": \"", key);
    let start = line
        .find(&marker)
        .unwrap_or_else(|| panic!("no {} in {}", key, line))
        + marker.len();
    let mut value = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return value,
            '\\' => match chars.next() {
                Some('n') => value.push('\n'),
                Some('t') => value.push('\t'),
                Some('r') => value.push('\r'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    value.push(char::from_u32(u32::from_str_radix(&hex, 16).unwrap()).unwrap());
                }
                Some(other) => value.push(other),
                None => break,
            },
            _ => value.push(c),
        }
    }
    panic!("unterminated {} in {}", key, line)
}

/// Standard base64 with padding.
pub fn base64_decode(text: &str) -> Vec<u8> {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bytes = Vec::new();
    let (mut buffer, mut bits) = (0u32, 0);
    for c in text.bytes().filter(|&c| c != b'=') {
        let value = alphabet
            .iter()
            .position(|&a| a == c)
            .expect("base64 character") as u32;
        buffer = (buffer << 6) | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            bytes.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    bytes
}
