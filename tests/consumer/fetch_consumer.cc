// Exits 0 only if the installed fetch library locates a robots.txt as documented.
#include <robotstxt/url.h>

int main() {
  const auto robots_url = robotstxt::robots_url_for("HTTPS://Example.com:443/a?b");
  return robots_url && *robots_url == "https://example.com/robots.txt" ? 0 : 1;
}
