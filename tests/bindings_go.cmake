# The Go binding (go/): `go test` compiled once with the race detector by the go_build
# test, then each Test and Example function run as its own ctest test (label bindings).
# The module finds the library with pkg-config, in this build tree's bindings-pkgconfig/.
find_program(ROBOTSTXT_GO go)
if(NOT ROBOTSTXT_GO)
  add_test(NAME go_bindings COMMAND sh -c
    "echo 'go_bindings: skipped: no Go toolchain (scripts/install-deps installs golang-go)'; exit 77")
  set_tests_properties(go_bindings PROPERTIES SKIP_RETURN_CODE 77 LABELS bindings)
  return()
endif()

set(go_dir ${PROJECT_SOURCE_DIR}/go)
set(go_test_binary ${PROJECT_BINARY_DIR}/go/robotstxt.test)
# Offline and inside the build tree: no module proxy, no cache in $HOME.
set(go_environment
  "PKG_CONFIG_PATH=${PROJECT_BINARY_DIR}/bindings-pkgconfig"
  "GOPROXY=off" "GOFLAGS=-mod=mod" "GOCACHE=${PROJECT_BINARY_DIR}/go/cache"
  "GOPATH=${PROJECT_BINARY_DIR}/go/path" "CGO_ENABLED=1"
  "ROBOTSTXT_TEST_DATA_DIR=${ROBOTSTXT_TEST_DATA_DIR}"
  "ROBOTSTXT_CLI=$<TARGET_FILE:robotstxt_cli>")
add_test(NAME go_build
         COMMAND ${ROBOTSTXT_GO} test -race -c -o ${go_test_binary} .
         WORKING_DIRECTORY ${go_dir})
set_tests_properties(go_build PROPERTIES FIXTURES_SETUP go_binary LABELS bindings TIMEOUT 600
                     ENVIRONMENT "${go_environment}")

file(GLOB go_test_files ${go_dir}/*_test.go)
foreach(go_test_file ${go_test_files})
  file(STRINGS "${go_test_file}" go_test_lines REGEX "^func (Test|Example)[A-Za-z0-9_]*\\(")
  foreach(line ${go_test_lines})
    string(REGEX REPLACE "^func ((Test|Example)[A-Za-z0-9_]*)\\(.*" "\\1" go_test "${line}")
    add_test(NAME go_${go_test}
             COMMAND ${go_test_binary} -test.run "^${go_test}$" -test.count=1 -test.v
             WORKING_DIRECTORY ${go_dir})
    set_tests_properties(go_${go_test} PROPERTIES FIXTURES_REQUIRED go_binary LABELS bindings
                         TIMEOUT 300 ENVIRONMENT "${go_environment}"
                         FAIL_REGULAR_EXPRESSION "^--- FAIL|^FAIL")
  endforeach()
endforeach()
