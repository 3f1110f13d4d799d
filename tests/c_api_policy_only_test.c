/* The policy's C functions (robotstxt_entry_next, robotstxt_entry_access) linked from the
 * core library, src/fetch/policy.cc and src/fetch/c_api_policy.cc alone, without libcurl
 * or anything else of the fetch library: the set a WebAssembly build compiles. If one of
 * those files comes to need more, this program no longer links. */
#include <stdio.h>
#include <string.h>

#include "robotstxt/c_api.h"

int main(void) {
  static const char body[] = "User-agent: *\nDisallow: /private\n";
  robotstxt_fetch_result result;
  memset(&result, 0, sizeof result);
  result.kind = ROBOTSTXT_FETCH_RESPONSE;
  result.status = 200;
  result.body.data = body;
  result.body.size = sizeof body - 1;
  robotstxt_entry* entry = NULL;
  robotstxt_access access;
  robotstxt_robots* rules = NULL;
  if (robotstxt_entry_next(NULL, &result, 0, &entry, NULL) != ROBOTSTXT_OK ||
      robotstxt_entry_access(entry, 0, &access, &rules, NULL) != ROBOTSTXT_OK ||
      access.access != ROBOTSTXT_ACCESS_RULES || rules == NULL) {
    fprintf(stderr, "c_api_policy_only_test: the 200 did not give its rules\n");
    return 1;
  }
  robotstxt_robots_free(rules);
  robotstxt_entry_free(entry);
  printf("c_api_policy_only_test: the policy answers without the fetch library\n");
  return 0;
}
