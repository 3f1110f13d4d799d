/* Writes the package's layout.js: the size and the offset of every field the JavaScript
 * reads or writes of the C ABI's structs, and the constants it passes or compares, as
 * include/robotstxt/c_api.h gives them on wasm32. scripts/build-npm compiles it with
 * emscripten and runs it with Node, so that no offset is written by hand: a field renamed
 * or moved in the header changes layout.js, or stops this file compiling. */
#include <stddef.h>
#include <stdio.h>

#include "robotstxt/c_api.h"

static void begin(const char* name, size_t size) {
  printf("export const %s = Object.freeze({\n  sizeof: %zu,\n", name, size);
}
static void end(void) { printf("});\n"); }

#define STRUCT(name, type) begin(name, sizeof(type))
#define FIELD(type, field) printf("  %s: %zu,\n", #field, offsetof(type, field))
#define CONSTANT(name) printf("export const %s = %d;\n", #name, (int)(name))

int main(void) {
  printf("// The C ABI's struct layouts and constants on wasm32, written by js/layout.c from\n"
         "// include/robotstxt/c_api.h when the package was built (scripts/build-npm).\n");
  CONSTANT(ROBOTSTXT_ABI_VERSION);

  STRUCT("string", robotstxt_string);
  FIELD(robotstxt_string, data);
  FIELD(robotstxt_string, size);
  end();

  STRUCT("error", robotstxt_error);
  FIELD(robotstxt_error, code);
  FIELD(robotstxt_error, message);
  printf("  message_capacity: %zu,\n", sizeof(((robotstxt_error*)0)->message));
  end();

  STRUCT("verdict", robotstxt_verdict);
  FIELD(robotstxt_verdict, allowed);
  FIELD(robotstxt_verdict, line);
  FIELD(robotstxt_verdict, kind);
  FIELD(robotstxt_verdict, strength);
  FIELD(robotstxt_verdict, via_index_htm);
  FIELD(robotstxt_verdict, applied);
  FIELD(robotstxt_verdict, crawler_rule);
  FIELD(robotstxt_verdict, pattern);
  FIELD(robotstxt_verdict, rule);
  FIELD(robotstxt_verdict, crawler_token);
  end();

  STRUCT("rate", robotstxt_rate);
  FIELD(robotstxt_rate, found);
  FIELD(robotstxt_rate, requests);
  FIELD(robotstxt_rate, seconds);
  FIELD(robotstxt_rate, window);
  end();

  STRUCT("usage", robotstxt_usage);
  FIELD(robotstxt_usage, fetchable);
  FIELD(robotstxt_usage, train_ai);
  FIELD(robotstxt_usage, search);
  FIELD(robotstxt_usage, line_count);
  end();

  STRUCT("finding", robotstxt_finding);
  FIELD(robotstxt_finding, severity);
  FIELD(robotstxt_finding, line);
  FIELD(robotstxt_finding, column);
  FIELD(robotstxt_finding, code);
  FIELD(robotstxt_finding, text);
  FIELD(robotstxt_finding, message);
  end();

  STRUCT("ruleMatch", robotstxt_rule_match);
  FIELD(robotstxt_rule_match, line);
  FIELD(robotstxt_rule_match, kind);
  FIELD(robotstxt_rule_match, strength);
  FIELD(robotstxt_rule_match, via_index_htm);
  FIELD(robotstxt_rule_match, pattern);
  FIELD(robotstxt_rule_match, written);
  end();

  STRUCT("crawler", robotstxt_crawler);
  FIELD(robotstxt_crawler, purpose);
  FIELD(robotstxt_crawler, flags);
  FIELD(robotstxt_crawler, crawl_delay);
  FIELD(robotstxt_crawler, token_count);
  FIELD(robotstxt_crawler, name);
  FIELD(robotstxt_crawler, operator_name);
  FIELD(robotstxt_crawler, user_agent_substring);
  end();

  STRUCT("fetchResult", robotstxt_fetch_result);
  FIELD(robotstxt_fetch_result, kind);
  FIELD(robotstxt_fetch_result, status);
  FIELD(robotstxt_fetch_result, truncated);
  FIELD(robotstxt_fetch_result, body);
  FIELD(robotstxt_fetch_result, cache_control);
  FIELD(robotstxt_fetch_result, robots_url);
  FIELD(robotstxt_fetch_result, final_url);
  FIELD(robotstxt_fetch_result, error);
  end();

  STRUCT("access", robotstxt_access);
  FIELD(robotstxt_access, access);
  FIELD(robotstxt_access, access_reason);
  FIELD(robotstxt_access, fresh_until_unix_ms);
  end();

  CONSTANT(ROBOTSTXT_UNKNOWN_CRAWLER);
  CONSTANT(ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT);
  CONSTANT(ROBOTSTXT_OUT_OF_MEMORY);
  CONSTANT(ROBOTSTXT_APPLIED_NONE);
  CONSTANT(ROBOTSTXT_APPLIED_SPECIFIC);
  CONSTANT(ROBOTSTXT_CRAWLER_RULE_NONE);
  CONSTANT(ROBOTSTXT_CRAWLER_RULE_NOT_SUBJECT);
  CONSTANT(ROBOTSTXT_CRAWLER_IGNORES_GLOBAL_GROUP);
  CONSTANT(ROBOTSTXT_CRAWLER_OBEYS_ROBOTS_TXT);
  CONSTANT(ROBOTSTXT_CRAWLER_VERIFIED);
  CONSTANT(ROBOTSTXT_FETCH_RESPONSE);
  CONSTANT(ROBOTSTXT_FETCH_TOO_MANY_REDIRECTS);
  CONSTANT(ROBOTSTXT_FETCH_UNFOLLOWABLE_REDIRECT);
  CONSTANT(ROBOTSTXT_FETCH_NETWORK_ERROR);
  CONSTANT(ROBOTSTXT_ACCESS_FULL_ALLOW);
  CONSTANT(ROBOTSTXT_ACCESS_RULES);
  return 0;
}
