# The Rust binding (rust/: robotstxt-sys and the safe crate): built once by rust_build,
# then each integration test file and the doc-test run as a ctest test (label bindings),
# offline. build.rs finds the library with pkg-config in this build tree's
# bindings-pkgconfig/.
find_program(ROBOTSTXT_CARGO cargo)
if(NOT ROBOTSTXT_CARGO)
  add_test(NAME rust_bindings COMMAND sh -c
    "echo 'rust_bindings: skipped: no cargo (scripts/install-deps installs rustc and cargo)'; exit 77")
  set_tests_properties(rust_bindings PROPERTIES SKIP_RETURN_CODE 77 LABELS bindings)
  return()
endif()

set(rust_dir ${PROJECT_SOURCE_DIR}/rust)
set(rust_environment
  "PKG_CONFIG_PATH=${PROJECT_BINARY_DIR}/bindings-pkgconfig"
  "CARGO_TARGET_DIR=${PROJECT_BINARY_DIR}/rust/target"
  "ROBOTSTXT_TEST_DATA_DIR=${ROBOTSTXT_TEST_DATA_DIR}"
  "ROBOTSTXT_CLI=$<TARGET_FILE:robotstxt_cli>")
add_test(NAME rust_build COMMAND ${ROBOTSTXT_CARGO} test --offline --locked --no-run
         WORKING_DIRECTORY ${rust_dir})
set_tests_properties(rust_build PROPERTIES FIXTURES_SETUP rust_binaries LABELS bindings
                     TIMEOUT 600 ENVIRONMENT "${rust_environment}")

file(GLOB rust_test_files ${rust_dir}/robotstxt/tests/*.rs)
foreach(rust_test_file ${rust_test_files})
  get_filename_component(rust_test ${rust_test_file} NAME_WE)
  add_test(NAME rust_${rust_test}
           COMMAND ${ROBOTSTXT_CARGO} test --offline --locked --test ${rust_test}
           WORKING_DIRECTORY ${rust_dir})
  set_tests_properties(rust_${rust_test} PROPERTIES FIXTURES_REQUIRED rust_binaries
                       LABELS bindings TIMEOUT 300 ENVIRONMENT "${rust_environment}")
endforeach()
# The crate's documented example (src/lib.rs), shown in docs/bindings.md.
add_test(NAME rust_doc_example COMMAND ${ROBOTSTXT_CARGO} test --offline --locked --doc
         WORKING_DIRECTORY ${rust_dir})
set_tests_properties(rust_doc_example PROPERTIES FIXTURES_REQUIRED rust_binaries
                     LABELS bindings TIMEOUT 300 ENVIRONMENT "${rust_environment}")
