// Exits 0 only if the installed libraries answer as documented in the README.
#include <robotstxt/robotstxt.h>
#include <robotstxt/url.h>

int main() {
  const auto robots = robotstxt::RobotsTxt::parse("User-agent: *\nDisallow: /private\n");
  const bool parses = !robots.allowed("https://example.com/private/a", "Googlebot") &&
                      robots.allowed("https://example.com/public", "Googlebot");
  const auto robots_url = robotstxt::robots_url_for("HTTPS://Example.com:443/a?b");
  const bool locates = robots_url && *robots_url == "https://example.com/robots.txt";
  return parses && locates ? 0 : 1;
}
