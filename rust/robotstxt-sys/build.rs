//! Finds the robotstxt library with the `pkg-config` program (package
//! `robotstxt-fetch`, which brings `robotstxt`): the installed Debian packages, or a
//! build tree when PKG_CONFIG_PATH names its `bindings-pkgconfig/` folder.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    let output = Command::new("pkg-config")
        .args(["--libs", "robotstxt-fetch"])
        .output()
        .unwrap_or_else(|error| panic!("cannot run pkg-config: {}", error));
    if !output.status.success() {
        panic!(
            "pkg-config cannot find robotstxt-fetch (install librobotstxt-dev, or set \
             PKG_CONFIG_PATH to a build tree's bindings-pkgconfig/): {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    for flag in String::from_utf8_lossy(&output.stdout).split_whitespace() {
        if let Some(directory) = flag.strip_prefix("-L") {
            println!("cargo:rustc-link-search=native={}", directory);
        } else if let Some(library) = flag.strip_prefix("-l") {
            println!("cargo:rustc-link-lib={}", library);
        } else {
            println!("cargo:rustc-link-arg={}", flag);
        }
    }
}
