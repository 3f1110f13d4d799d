// The robots.txt tester page (docs/serve.md "The robots.txt tester") as HTTP answers: "/" is
// its index.html, "/tester.js" and the like its other files, each with its media type
// and a Content-Security-Policy that lets the page reach nothing but this service.
#ifndef ROBOTSTXT_TOOLS_SERVICE_TESTER_PAGE_H_
#define ROBOTSTXT_TOOLS_SERVICE_TESTER_PAGE_H_

#include <optional>
#include <string_view>

#include "service/http_server.h"

namespace robotstxt::service {

/// The answer for `path` when it names a file of the page, else nullopt.
std::optional<HttpResponse> tester_page(std::string_view path);

/// Whether `path` names a file of the page ("/" its index.html).
bool is_tester_file(std::string_view path);

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_TESTER_PAGE_H_
