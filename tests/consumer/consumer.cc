// Exits 0 only if the installed library answers as documented in the README.
#include <robotstxt/robotstxt.h>

int main() {
  const auto robots = robotstxt::RobotsTxt::parse("User-agent: *\nDisallow: /private\n");
  const bool ok = !robots.allowed("https://example.com/private/a", "Googlebot") &&
                  robots.allowed("https://example.com/public", "Googlebot");
  return ok ? 0 : 1;
}
