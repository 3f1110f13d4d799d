/* Exits 0 only if the installed library answers through the C ABI from a C11 program,
 * built the ways users build: CMake's find_package and pkg-config. */
#include <robotstxt/c_api.h>
#include <string.h>

int main(void) {
  static const char body[] = "User-agent: *\nDisallow: /private\n";
  static const char url[] = "https://example.com/private/a";
  robotstxt_robots* robots = NULL;
  robotstxt_agent* agent = NULL;
  int32_t allowed = 1;
  if (robotstxt_abi_version() != ROBOTSTXT_ABI_VERSION ||
      robotstxt_parse(body, sizeof body - 1, &robots, NULL) != ROBOTSTXT_OK ||
      robotstxt_agent_from_crawler("Googlebot", 9, &agent, NULL) != ROBOTSTXT_OK ||
      robotstxt_allowed(robots, url, strlen(url), agent, &allowed, NULL) != ROBOTSTXT_OK) {
    return 1;
  }
  robotstxt_agent_free(agent);
  robotstxt_robots_free(robots);
  return allowed == 0 ? 0 : 1;
}
