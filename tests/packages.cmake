# Each language's package as its registry delivers it (docs/install.md, "Packages for
# each language's registry"): packages_build runs scripts/build-packages into
# build/packages/, reusing this tree's libraries, jar and JNI library; then each
# packages_FORM test runs that form's commands of the document against it (label
# packaging). packages_build comes after js_install, which builds the npm tarball with
# the same folders: build-npm then only packs again.
set(packages_forms python npm goproxy cargo maven)
add_test(NAME packages_build
         COMMAND ${CMAKE_COMMAND} -E env BUILD_DIR=${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR}/scripts/build-packages ${packages_forms})
set_tests_properties(packages_build PROPERTIES LABELS packaging TIMEOUT 900 PROCESSORS 2
                     FIXTURES_SETUP packages FIXTURES_REQUIRED js_package)
foreach(form ${packages_forms})
  add_test(NAME packages_${form}
           COMMAND ${ROBOTSTXT_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/packaging/packages_test.py
                   ${PROJECT_SOURCE_DIR} ${PROJECT_BINARY_DIR} ${form})
  set_tests_properties(packages_${form} PROPERTIES LABELS packaging TIMEOUT 300
                       FIXTURES_REQUIRED packages SKIP_RETURN_CODE 77)
endforeach()
