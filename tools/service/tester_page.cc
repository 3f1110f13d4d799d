// The tester page's files as answers (see tester_page.h).
#include "service/tester_page.h"

#include <string>

#include "service/tester_files.h"

namespace robotstxt::service {
namespace {

std::string media_type(std::string_view name) {
  if (name.ends_with(".html")) return "text/html; charset=utf-8";
  if (name.ends_with(".css")) return "text/css; charset=utf-8";
  if (name.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (name.ends_with(".svg")) return "image/svg+xml";
  if (name.ends_with(".ico")) return "image/x-icon";
  return "application/octet-stream";
}

const EmbeddedFile* tester_file(std::string_view path) {
  if (!path.starts_with("/")) return nullptr;
  const std::string_view name = path == "/" ? "index.html" : path.substr(1);
  for (const EmbeddedFile& file : tester_files()) {
    if (file.name == name) return &file;
  }
  return nullptr;
}

}  // namespace

bool is_tester_file(std::string_view path) { return tester_file(path) != nullptr; }

std::optional<HttpResponse> tester_page(std::string_view path) {
  const EmbeddedFile* file = tester_file(path);
  if (file == nullptr) return std::nullopt;
  HttpResponse response;
  response.content_type = media_type(file->name);
  response.body = std::string(file->bytes);
  // The page is the service's own: no inline script or style, no other host, no
  // framing by another site (a draft robots.txt may be private).
  response.headers.emplace_back("Content-Security-Policy",
                                "default-src 'self'; base-uri 'none'; form-action 'none'; "
                                "frame-ancestors 'none'");
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  response.headers.emplace_back("Referrer-Policy", "no-referrer");
  response.headers.emplace_back("Cache-Control", "no-cache");
  return response;
}

}  // namespace robotstxt::service
