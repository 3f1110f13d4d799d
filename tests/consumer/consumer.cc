// Exits 0 only if the installed core library answers as documented in the README and
// says the version its package was installed as (PACKAGE_VERSION, when given).
#include <robotstxt/robotstxt.h>
#include <robotstxt/version.h>

int main() {
  const auto robots = robotstxt::RobotsTxt::parse("User-agent: *\nDisallow: /private\n");
  const bool parses = !robots.allowed("https://example.com/private/a", "Googlebot") &&
                      robots.allowed("https://example.com/public", "Googlebot");
#ifdef PACKAGE_VERSION
  const bool same_version = robotstxt::kVersion == PACKAGE_VERSION;
#else
  const bool same_version = !robotstxt::kVersion.empty();
#endif
  return parses && same_version ? 0 : 1;
}
