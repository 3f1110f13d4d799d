// The corpus work in Node: robotstxt-wasm (the npm package, built by scripts/build-npm)
// against robots-parser (js/package.json's pinned dev dependency: `npm ci` in js/), in
// one run, with the native library's figure from corpus_bench beside them, so that the
// cost of WebAssembly is visible. Each round parses every host's robots.txt once and
// checks each of its URLs for the five corpus agents. Timing only; nothing fails on it.
//
//   (cd js && npm ci) && node bench/js_bench.mjs [DATA_DIR] [ROUNDS]
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = process.argv[2] ?? join(root, "tests", "data");
const rounds = Number(process.argv[3] ?? 5);
const packageEntry = join(root, "build", "npm", "package", "index.js");
if (!existsSync(packageEntry)) {
  console.error("js_bench: build the package first: scripts/build-npm");
  process.exit(2);
}
const { parse } = await import(pathToFileURL(packageEntry).href);
const require = createRequire(join(root, "js", "package.json"));
let robotsParser;
try {
  robotsParser = require("robots-parser");
} catch {
  console.error("js_bench: install the pinned robots-parser first: (cd js && npm ci)");
  process.exit(2);
}
const robotsParserVersion = require("robots-parser/package.json").version;

// bench/corpus_loader.h kCorpusAgents.
const agents = ["googlebot", "bingbot", "Googlebot-Image", "AhrefsBot", "FooBot"];
const decoder = new TextDecoder();
const hosts = readdirSync(join(dataDir, "corpus", "robots")).sort().map((name) => {
  const bytes = new Uint8Array(readFileSync(join(dataDir, "corpus", "robots", name)));
  const urlsPath = join(dataDir, "corpus", "urls", name);
  const urls = existsSync(urlsPath)
    ? readFileSync(urlsPath, "utf8").split("\n")
        .map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line))
        .filter((line) => line !== "")
    : [];
  // robots-parser answers only for URLs of the robots.txt's own origin.
  const origin = urls.length > 0 ? new URL(urls[0]).origin : `https://${name}`;
  return { name, bytes, text: decoder.decode(bytes), urls, robotsUrl: origin + "/robots.txt" };
});
const checks = hosts.reduce((sum, host) => sum + host.urls.length * agents.length, 0);

function time(work) {
  const seconds = [];
  let result;
  for (let round = 0; round < rounds; ++round) {
    const start = process.hrtime.bigint();
    result = work();
    seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  seconds.sort((a, b) => a - b);
  return { min: seconds[0], median: seconds[Math.floor(seconds.length / 2)], result };
}

const ours = time(() => {
  let disallowed = 0;
  for (const host of hosts) {
    const robots = parse(host.bytes);
    for (const url of host.urls) {
      for (const agent of agents) disallowed += robots.isAllowed(url, agent) ? 0 : 1;
    }
    robots.free();
  }
  return disallowed;
});
const oursEach = time(() => {
  let disallowed = 0;
  for (const host of hosts) {
    const robots = parse(host.bytes);
    if (host.urls.length > 0) {
      for (const agent of agents) {
        for (const allowed of robots.isAllowedEach(host.urls, agent)) disallowed += allowed ? 0 : 1;
      }
    }
    robots.free();
  }
  return disallowed;
});
const parseOnly = time(() => {
  for (const host of hosts) parse(host.bytes).free();
});
const theirs = time(() => {
  let disallowed = 0;
  let unanswered = 0;
  for (const host of hosts) {
    const robots = robotsParser(host.robotsUrl, host.text);
    for (const url of host.urls) {
      for (const agent of agents) {
        const allowed = robots.isAllowed(url, agent);
        if (allowed === undefined) ++unanswered;
        else disallowed += allowed ? 0 : 1;
      }
    }
  }
  return { disallowed, unanswered };
});

let native = "not built (cmake --build build --target corpus_bench)";
const corpusBench = join(root, "build", "bench", "corpus_bench");
if (existsSync(corpusBench)) {
  const output = execFileSync(corpusBench, [dataDir, String(rounds)], { encoding: "utf8" });
  native = output.split("\n").filter((line) => /^(parse\+compile|checks|corpus work)/.test(line)).join("\n  ");
}

const ms = (seconds) => (seconds * 1000).toFixed(1) + " ms";
const perSecond = (seconds) => (checks / seconds / 1e6).toFixed(2) + " million checks/s";
console.log(`machine: ${cpus().length} hardware threads, Node ${process.version}; ` +
            `${rounds} rounds: min / median`);
console.log(`corpus: ${hosts.length} robots.txt files, ${checks} checks (${agents.length} agents)`);
console.log(`robotstxt-wasm parse only: ${ms(parseOnly.min)} / ${ms(parseOnly.median)}`);
console.log(`robotstxt-wasm, isAllowed per check: ${ms(ours.min)} / ${ms(ours.median)}, ` +
            `${perSecond(ours.min)}; ${ours.result} disallowed`);
console.log(`robotstxt-wasm, isAllowedEach per host and agent: ${ms(oursEach.min)} / ` +
            `${ms(oursEach.median)}, ${perSecond(oursEach.min)}; ${oursEach.result} disallowed`);
console.log(`robots-parser ${robotsParserVersion}: ${ms(theirs.min)} / ${ms(theirs.median)}, ` +
            `${perSecond(theirs.min)}; ${theirs.result.disallowed} disallowed, ` +
            `${theirs.result.unanswered} unanswered (URL off the robots.txt's origin)`);
console.log(`speed-up, whole corpus work (min): ${(theirs.min / ours.min).toFixed(1)}x ` +
            `isAllowed, ${(theirs.min / oursEach.min).toFixed(1)}x isAllowedEach`);
console.log(`native library (build/bench/corpus_bench, same rounds):\n  ${native}`);
