// One crawl of a site by crawlee's CheerioCrawler with robots.txt respected, as a crawlee
// user runs it: crawlee reads the site's robots.txt through whatever package is installed
// as `robots-parser`. crawlee_override.test.mjs runs it in a process of its own.
// Usage: node crawl.mjs ORIGIN
import { CheerioCrawler, Configuration } from "@crawlee/cheerio";

const origin = process.argv[2];
const crawler = new CheerioCrawler(
  {
    respectRobotsTxtFile: true,
    maxRequestsPerCrawl: 100,
    maxConcurrency: 2,
    maxRequestRetries: 0,
    requestHandlerTimeoutSecs: 20,
    async requestHandler({ enqueueLinks }) {
      await enqueueLinks({ strategy: "same-origin" });
    },
  },
  // Nothing written to disk: the request queue stays in memory.
  new Configuration({ persistStorage: false, purgeOnStart: true }),
);
await crawler.run([`${origin}/`]);
