// robotstxt-wasm: robots.txt answered exactly as Google's crawlers answer it, from the
// robotstxt C++ library compiled to WebAssembly. docs/javascript.md is the guide;
// docs/semantics.md says why each answer is what it is.
export {
  RobotsTxt,
  RobotstxtError,
  UNKNOWN_CRAWLER,
  NO_CRAWLER_IN_USER_AGENT,
  abiVersion,
  agentCacheLimit,
  cachedAgentCount,
  crawlers,
  lint,
  lintCodes,
  parse,
  version,
} from "./robots_txt.js";
export { RobotsClient } from "./client.js";
