// The corpus work in Node: robotstxt-wasm (the npm package, built by scripts/build-npm)
// against robots-parser (js/package.json's pinned dev dependency: `npm ci` in js/), in
// one run, with the native library's figure from corpus_bench beside them, so that the
// cost of WebAssembly is visible. Each round parses every host's robots.txt once and
// checks each of its URLs for the five corpus agents. Timing only; nothing fails on it.
//
//   (cd js && npm ci) && node bench/js_bench.mjs [DATA_DIR] [ROUNDS]
//   JS_BENCH_BASELINE=DIR node bench/js_bench.mjs ...  # also DIR's build, same rounds
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
const api = await import(pathToFileURL(packageEntry).href);
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

// Every round runs each work once, in turn, so that all of them meet the same machine
// state (a shared machine's load moves between rounds); min and median per work. Beside
// the time, the least CPU time the process spent on it: on a machine shared with other
// work, waiting for a core counts in the first but not in the second, which moves far
// less from run to run.
const works = [];
function work(label, run) {
  const entry = { label, run, seconds: [], cpuSeconds: [], result: undefined };
  works.push(entry);
  return entry;
}

// The corpus work through one build of the package: isAllowed per check, isAllowedEach
// per host and agent, isAllowedEachAgent per host (when the build has it), parse alone.
function packageWorks(api, name) {
  const { parse } = api;
  const perCheck = work(`${name}, isAllowed per check`, () => {
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
  const perAgent = work(`${name}, isAllowedEach per host and agent`, () => {
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
  const hasGrid = typeof api.RobotsTxt.prototype.isAllowedEachAgent === "function";
  const perHost = !hasGrid ? null : work(`${name}, isAllowedEachAgent per host`, () => {
    let disallowed = 0;
    for (const host of hosts) {
      const robots = parse(host.bytes);
      if (host.urls.length > 0) {
        for (const row of robots.isAllowedEachAgent(host.urls, agents)) {
          for (const allowed of row) disallowed += allowed ? 0 : 1;
        }
      }
      robots.free();
    }
    return disallowed;
  });
  const parseOnly = work(`${name}, parse only`, () => {
    for (const host of hosts) parse(host.bytes).free();
  });
  return { perCheck, perAgent, perHost, parseOnly };
}

const ours = packageWorks(api, "robotstxt-wasm");
// JS_BENCH_BASELINE=DIR (an unpacked package, e.g. a copy of build/npm/package made
// before a change) runs that build too, in the same rounds: a paired before/after.
const baselineDir = process.env.JS_BENCH_BASELINE;
const baseline = baselineDir
  ? packageWorks(await import(pathToFileURL(join(baselineDir, "index.js")).href), "baseline")
  : null;
const theirs = work(`robots-parser ${robotsParserVersion}`, () => {
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

for (let round = 0; round < rounds; ++round) {
  for (const entry of works) {
    const start = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    entry.result = entry.run();
    const cpu = process.cpuUsage(cpuStart);
    entry.seconds.push(Number(process.hrtime.bigint() - start) / 1e9);
    entry.cpuSeconds.push((cpu.user + cpu.system) / 1e6);
  }
}
for (const entry of works) {
  entry.seconds.sort((a, b) => a - b);
  entry.min = entry.seconds[0];
  entry.cpuMin = Math.min(...entry.cpuSeconds);
  entry.median = entry.seconds[Math.floor(entry.seconds.length / 2)];
}

let native = "not built (cmake --build build --target corpus_bench)";
const corpusBench = join(root, "build", "bench", "corpus_bench");
if (existsSync(corpusBench)) {
  const output = execFileSync(corpusBench, [dataDir, String(rounds)], { encoding: "utf8" });
  native = output.split("\n").filter((line) => /^(parse\+compile|checks|corpus work)/.test(line)).join("\n  ");
}

const ms = (seconds) => (seconds * 1000).toFixed(1) + " ms";
const perSecond = (seconds) => (checks / seconds / 1e6).toFixed(2) + " million checks/s";
console.log(`machine: ${cpus().length} hardware threads, Node ${process.version}; ` +
            `${rounds} rounds, each running every work in turn: min / median (least CPU time)`);
console.log(`corpus: ${hosts.length} robots.txt files, ${checks} checks (${agents.length} agents)`);
for (const entry of works) {
  let line = `${entry.label}: ${ms(entry.min)} / ${ms(entry.median)} (CPU ${ms(entry.cpuMin)})`;
  if (entry === theirs) {
    line += `, ${perSecond(entry.min)}; ${entry.result.disallowed} disallowed, ` +
            `${entry.result.unanswered} unanswered (URL off the robots.txt's origin)`;
  } else if (entry.result !== undefined) {
    line += `, ${perSecond(entry.min)}; ${entry.result} disallowed, ` +
            `${(theirs.min / entry.min).toFixed(1)}x robots-parser`;
  }
  console.log(line);
}
console.log(`native library (build/bench/corpus_bench, same rounds):\n  ${native}`);
