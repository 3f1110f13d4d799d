// Exits 0 only if the core library, built as a subproject, answers as documented.
#include <robotstxt/robots_txt.h>

int main() {
  const auto robots = robotstxt::RobotsTxt::parse("User-agent: *\nDisallow: /private\n");
  const bool answers = !robots.allowed("https://example.com/private/a", "Googlebot") &&
                       robots.allowed("https://example.com/public", "Googlebot");
  return answers ? 0 : 1;
}
