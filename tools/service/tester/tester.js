// The robots.txt tester: talks to this service's /v1/ API only (same origin), keeps its
// state in the URL fragment so a link shares it, and stores nothing anywhere else.
"use strict";

const $ = (id) => document.getElementById(id);
const editor = $("robots-input");
const render = $("robots-render");

let liveBody = null;      // the live file as last loaded, for the diff
let liveBase64 = null;    // its exact bytes: a file that is not UTF-8 decides on those
let catalogueLoaded = false;
let sharedTestWaiting = false;  // a shared link's test, waiting for the access token
let lintByLine = new Map();
let decisiveLines = new Set();

function element(tag, attributes = {}, text = "") {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text) node.textContent = text;
  return node;
}

function setStatus(id, text, isError = false) {
  const node = $(id);
  node.textContent = text;
  node.classList.toggle("error", isError);
}

// The rendering under the textarea: one element per line, marked for lint and decisions.
function renderEditor() {
  const lines = editor.value.split("\n");
  render.replaceChildren();
  lines.forEach((text, index) => {
    const number = index + 1;
    const line = element("div", { class: "line", "data-line": String(number) });
    line.textContent = text;
    if (decisiveLines.has(number)) line.classList.add("decisive");
    const codes = lintByLine.get(number);
    if (codes) {
      line.classList.add("has-lint");
      line.setAttribute("data-lint", codes.join(", "));
    }
    render.appendChild(line);
  });
  syncScroll();
}

function syncScroll() {
  render.scrollTop = editor.scrollTop;
  render.scrollLeft = editor.scrollLeft;
}

async function api(path, options = {}) {
  const headers = Object.assign({}, options.headers || {});
  const token = $("token-input").value.trim();
  if (token) headers["Authorization"] = "Bearer " + token;
  const response = await fetch(path, Object.assign({}, options, { headers }));
  let body = null;
  try {
    body = await response.json();
  } catch (error) {
    body = { error: "the service answered " + response.status + " without JSON" };
  }
  if (!response.ok) throw new Error(body && body.error ? body.error : "HTTP " + response.status);
  return body;
}

function siteOrigin() {
  const site = $("site-input").value.trim();
  if (!site) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(site) ? site : "https://" + site).origin;
  } catch (error) {
    return null;
  }
}

// One URL per line; a path alone is taken on the site.
function testedUrls() {
  const origin = siteOrigin() || "https://example.com";
  return $("url-input").value.split("\n").map((line) => line.trim()).filter((line) => line)
    .map((line) => (line.startsWith("/") ? origin + line : line));
}

// Who is asked, as the requests that ask them: a selection of the catalogue (one request),
// the crawler a typed User-Agent header names, or the typed product tokens, each its own
// crawler (one request per token) unless they are merged into one crawler (every group
// that names any of them applies).
function askerRequests() {
  const crawler = $("crawler-select").value;
  if (crawler === "all" || crawler === "search" || crawler === "ai") return [{ crawlers: crawler }];
  if (crawler) return [{ crawler }];
  const header = $("user-agent-input").value.trim();
  if (header) return [{ user_agent: header }];
  const typed = $("agent-input").value;
  const tokens = typed.split(",").map((token) => token.trim()).filter((token) => token);
  // No token at all goes as typed: the service says what is wrong with it.
  if ($("merge-input").checked || tokens.length < 2) return [{ agent: typed }];
  return tokens.map((token) => ({ agent: token }));
}

// `file`: { robots_txt: text } for the draft, { robots_txt_base64: bytes } for the live file.
// The answers as a grid, as `audit` prints them: one row per crawler or agent, one column
// per URL (`urls[i]` is column i, a URL typed twice included). The lint is the file's, the
// same in every answer.
async function evaluate(file, urls) {
  const grid = { rows: [], lint: null };
  // As written, the service takes URLs and tokens as given instead of as a crawler asks.
  const path = "/v1/evaluate" + ($("as-written-input").checked ? "?as_written=1" : "");
  for (const asker of askerRequests()) {
    const answer = await api(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.assign({}, file, { urls }, asker)),
    });
    grid.lint = answer.lint;
    // The service answers URL by URL, each URL for every crawler it was asked about.
    const perUrl = answer.results.length / urls.length;
    for (let column = 0; column < perUrl; ++column) {
      const cells = urls.map((url, index) => answer.results[index * perUrl + column]);
      const name = cells[0].crawler || asker.agent || asker.user_agent;
      for (const cell of cells) cell.asker = name;
      grid.rows.push({ name, isCrawler: Boolean(cells[0].crawler), cells });
    }
  }
  return grid;
}

// The known usage preferences in `audit`'s words ("train-ai=n"); nothing when none is.
function usageText(usage) {
  if (!usage) return "";
  const words = [];
  for (const name of ["train-ai", "search"]) {
    if (usage[name] === "allowed") words.push(name + "=y");
    if (usage[name] === "disallowed") words.push(name + "=n");
  }
  return words.join(" ");
}

// A URL that a narrow column may wrap after a slash, an equals sign, a plus or a comma, or
// before a query, parameter or fragment, rather than in the middle of a name.
function urlWithBreaks(url) {
  const fragment = document.createDocumentFragment();
  for (const piece of url.split(/(?<=[\/=+,])|(?=[?&#])/)) {
    if (fragment.childNodes.length) fragment.appendChild(element("wbr"));
    fragment.appendChild(document.createTextNode(piece));
  }
  return fragment;
}

function showExplanation(cell, result) {
  for (const chosen of document.querySelectorAll("#results .result.chosen")) chosen.classList.remove("chosen");
  cell.classList.add("chosen");
  // The chosen cell with its URL (the sticky column heading) and its crawler (the sticky
  // row heading) in sight, on a phone too.
  cell.scrollIntoView({ block: "nearest", inline: "nearest" });
  $("results").scrollIntoView({ block: "nearest" });
  const box = $("explanation");
  box.replaceChildren();
  const title = box.appendChild(element("strong", {}, (result.allowed ? "Allowed: " : "Disallowed: ")));
  title.appendChild(urlWithBreaks(result.url));
  box.appendChild(element("p", {}, result.verdict_explanation || ""));
  if (result.rule !== null && result.rule !== undefined) {
    box.appendChild(element("p", {}, "Decisive rule (line " + result.line + "): " + result.kind + ": " + result.rule));
  }
  if (result.crawler) {
    box.appendChild(element("p", {}, "Crawler " + result.crawler + (result.crawler_token ? ", through the group of " + result.crawler_token : "")));
  }
  const usage = usageText(result.content_usage);
  if (usage) box.appendChild(element("p", {}, "Usage preferences: " + usage));
  for (const line of render.querySelectorAll(".line.chosen")) line.classList.remove("chosen");
  if (result.line) {
    const line = render.querySelector('.line[data-line="' + result.line + '"]');
    if (line) {
      line.classList.add("chosen");
      editor.scrollTop = Math.max(0, line.offsetTop - editor.clientHeight / 2);
      syncScroll();
    }
  }
}

// The scheme and host that every URL shares, or "" when they do not share one.
function sharedOrigin(urls) {
  const origins = urls.map((url) => (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url) || [""])[0]);
  return origins.every((origin) => origin && origin === origins[0]) ? origins[0] : "";
}

function showResults(grid, urls) {
  const table = element("table");
  const answers = grid.rows.length * urls.length;
  // URLs on one site are headed by their paths, the site said once: narrower columns.
  const origin = sharedOrigin(urls);
  table.appendChild(element("caption", { class: "hint" },
    answers + " answers: " + grid.rows.length + " crawlers or agents x " + urls.length +
    " URLs" + (origin ? " on " + origin : "") + "; choose a cell for its explanation"));
  const head = element("tr");
  head.appendChild(element("th", { scope: "col", class: "asker" }, "Crawler or agent"));
  urls.forEach((typed, index) => {
    // The URL as matched: as a crawler requests it, unless taken as written.
    const url = grid.rows.length ? grid.rows[0].cells[index].url : typed;
    const heading = head.appendChild(element("th", { scope: "col", class: "url", "data-url": url }));
    if (url !== typed) heading.setAttribute("title", "typed as " + typed);
    heading.appendChild(urlWithBreaks(origin && url.startsWith(origin) ? url.slice(origin.length) || "/" : url));
  });
  table.appendChild(element("thead")).appendChild(head);
  const body = table.appendChild(element("tbody"));
  for (const row of grid.rows) {
    const line = body.appendChild(element("tr", { class: "asker" }));
    line.setAttribute(row.isCrawler ? "data-crawler" : "data-agent", row.name);
    line.appendChild(element("th", { scope: "row", class: "asker" }, row.name));
    for (const result of row.cells) line.appendChild(resultCell(row, result));
  }
  const box = $("results");
  box.replaceChildren(table);
  // A cell scrolled into view lands beside the sticky headings, not under them.
  box.style.scrollPaddingTop = head.offsetHeight + "px";
  box.style.scrollPaddingLeft = head.firstChild.offsetWidth + "px";
  $("explanation").replaceChildren();
}

// One answer: "disallowed L2", then the usage preferences that are known.
function resultCell(row, result) {
  const verdict = result.allowed ? "allowed" : "disallowed";
  const cell = element("td", {
    class: "result verdict-" + verdict, tabindex: "0", "data-url": result.url,
    "data-verdict": verdict, "data-line": result.line ? String(result.line) : "",
  });
  cell.setAttribute(row.isCrawler ? "data-crawler" : "data-agent", row.name);
  cell.appendChild(document.createTextNode(verdict));
  if (result.line) cell.appendChild(element("span", { class: "line-number" }, " L" + result.line));
  const usageWords = usageText(result.content_usage);
  if (usageWords) {
    const usage = cell.appendChild(element("span", { class: "usage" }, usageWords));
    usage.setAttribute("data-train-ai", result.content_usage["train-ai"]);
    usage.setAttribute("data-search", result.content_usage.search);
  }
  cell.addEventListener("click", () => showExplanation(cell, result));
  cell.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      showExplanation(cell, result);
    }
  });
  return cell;
}

function showLint(lint) {
  lintByLine = new Map();
  const list = $("lint");
  list.replaceChildren();
  const findings = (lint && lint.findings) || [];
  if (findings.length === 0) list.appendChild(element("li", { class: "hint" }, "No findings."));
  for (const finding of findings) {
    const codes = lintByLine.get(finding.line) || [];
    codes.push(finding.code);
    lintByLine.set(finding.line, codes);
    const item = element("li", { "data-code": finding.code, "data-line": String(finding.line) });
    item.appendChild(element("span", { class: "code" }, finding.code));
    item.appendChild(document.createTextNode(" line " + finding.line + ": " + (finding.message || "")));
    list.appendChild(item);
  }
}

function showDiff(draft, live) {
  const box = $("diff");
  box.replaceChildren();
  const key = (result) => result.url + "\u0000" + result.asker;
  const before = new Map(live.map((result) => [key(result), result]));
  const changes = draft.filter((result) => {
    const old = before.get(key(result));
    return old && old.allowed !== result.allowed;
  });
  if (changes.length === 0) {
    box.appendChild(element("p", { class: "hint" }, "No tested URL changes verdict against the live file."));
    return;
  }
  const table = element("table");
  const head = element("tr");
  for (const title of ["URL", "Crawler or agent", "Live", "Draft"]) head.appendChild(element("th", { scope: "col" }, title));
  table.appendChild(element("thead")).appendChild(head);
  const body = table.appendChild(element("tbody"));
  for (const result of changes) {
    const was = before.get(key(result)).allowed ? "allowed" : "disallowed";
    const now = result.allowed ? "allowed" : "disallowed";
    const row = element("tr", { class: "change", "data-url": result.url, "data-before": was, "data-after": now });
    row.setAttribute(result.crawler ? "data-crawler" : "data-agent", result.asker);
    row.appendChild(element("td", { class: "url" })).appendChild(urlWithBreaks(result.url));
    row.appendChild(element("td", {}, result.asker));
    row.appendChild(element("td", { class: "verdict-" + was }, was));
    row.appendChild(element("td", { class: "verdict-" + now }, now));
    body.appendChild(row);
  }
  box.appendChild(table);
}

async function runTest() {
  const urls = testedUrls();
  if (urls.length === 0) {
    setStatus("test-status", "Give at least one URL.", true);
    return;
  }
  saveState();
  setStatus("test-status", "Testing…");
  try {
    const draft = await evaluate({ robots_txt: editor.value }, urls);
    const results = draft.rows.flatMap((row) => row.cells);
    decisiveLines = new Set(results.filter((result) => result.line).map((result) => result.line));
    showLint(draft.lint);
    showResults(draft, urls);
    renderEditor();
    if (liveBase64 !== null) {
      const live = await evaluate({ robots_txt_base64: liveBase64 }, urls);
      showDiff(results, live.rows.flatMap((row) => row.cells));
    }
    const disallowed = results.filter((result) => !result.allowed).length;
    setStatus("test-status", results.length + " answers, " + disallowed + " disallowed.");
  } catch (error) {
    setStatus("test-status", "The test failed: " + error.message, true);
  }
}

async function loadLive() {
  const origin = siteOrigin();
  if (!origin) {
    setStatus("fetch-status", "Give the site first, e.g. https://www.example.com", true);
    return;
  }
  setStatus("fetch-status", "Fetching " + origin + "/robots.txt…");
  try {
    const live = await api("/v1/robots.txt?url=" + encodeURIComponent(origin + "/"));
    const parts = [live.robots_url + ": " + (live.status ? "HTTP " + live.status : live.outcome)];
    for (const hop of live.redirects) parts.push("redirect " + hop.status + " to " + hop.to);
    if (live.fetch_error) parts.push(live.fetch_error);
    parts.push("access: " + live.access + " (" + live.access_explanation + ")");
    setStatus("fetch-status", parts.join("; "));
    liveBody = live.body === null ? "" : live.body;
    liveBase64 = live.body_base64 === null ? "" : live.body_base64;
    editor.value = liveBody;
    renderEditor();
  } catch (error) {
    setStatus("fetch-status", "Cannot load it: " + error.message, true);
  }
}

// The state in the fragment: shared by copying the link, never sent to any server.
function saveState() {
  const state = new URLSearchParams();
  state.set("robots", editor.value);
  state.set("urls", $("url-input").value);
  state.set("crawler", $("crawler-select").value);
  state.set("agent", $("agent-input").value);
  state.set("merge", $("merge-input").checked ? "1" : "0");
  state.set("user_agent", $("user-agent-input").value);
  state.set("as_written", $("as-written-input").checked ? "1" : "0");
  state.set("site", $("site-input").value);
  history.replaceState(null, "", "#" + state.toString());
}

function restoreState() {
  if (location.hash.length < 2) return false;
  const state = new URLSearchParams(location.hash.slice(1));
  if (state.has("robots")) editor.value = state.get("robots");
  if (state.has("urls")) $("url-input").value = state.get("urls");
  if (state.has("agent")) $("agent-input").value = state.get("agent");
  if (state.has("merge")) $("merge-input").checked = state.get("merge") === "1";
  if (state.has("user_agent")) $("user-agent-input").value = state.get("user_agent");
  if (state.has("as_written")) $("as-written-input").checked = state.get("as_written") === "1";
  if (state.has("site")) $("site-input").value = state.get("site");
  if (state.has("crawler")) $("crawler-select").value = state.get("crawler");
  return state.has("robots");
}

// Once, when it can be had: with --token-file, only after the token is typed.
async function loadCrawlers() {
  if (catalogueLoaded) return true;
  try {
    const catalogue = await api("/v1/crawlers");
    const group = $("crawler-names");
    for (const crawler of catalogue.crawlers) {
      group.appendChild(element("option", { value: crawler.name }, crawler.name + " (" + crawler.operator + ", " + crawler.purpose + ")"));
    }
    catalogueLoaded = true;
    return true;
  } catch (error) {
    setStatus("test-status", "The crawler list is not available: " + error.message, true);
    return false;
  }
}

// A token typed: the catalogue it unlocks, then the shared test that waited for it (its
// crawler is chosen again, now that the list holds it).
async function tokenEntered() {
  if (!$("token-input").value.trim()) return;
  if (!(await loadCrawlers())) return;
  setStatus("test-status", "");
  if (sharedTestWaiting) {
    sharedTestWaiting = false;
    restoreState();
    await runTest();
  }
}

async function start() {
  editor.addEventListener("input", renderEditor);
  editor.addEventListener("scroll", syncScroll);
  $("test-button").addEventListener("click", runTest);
  $("fetch-button").addEventListener("click", loadLive);
  $("site-input").addEventListener("keydown", (event) => {
    if (event.key === "Enter") loadLive();
  });
  for (const id of ["robots-input", "url-input", "agent-input", "user-agent-input"]) {
    $(id).addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) runTest();
    });
  }
  $("share-button").addEventListener("click", async () => {
    saveState();
    try {
      await navigator.clipboard.writeText(location.href);
      setStatus("test-status", "Link copied: it holds the draft, the URLs and the crawler.");
    } catch (error) {
      setStatus("test-status", "The address bar now holds the link to this test.");
    }
  });
  $("token-input").addEventListener("change", tokenEntered);
  $("token-input").addEventListener("keydown", (event) => {
    if (event.key === "Enter") tokenEntered();
  });
  const loaded = await loadCrawlers();
  const restored = restoreState();
  renderEditor();
  document.body.setAttribute("data-ready", "true");
  if (restored && loaded) {
    await runTest();
  } else if (restored) {
    // The link holds no token (it is never put there): ask for it, then run.
    sharedTestWaiting = true;
    $("token-input").closest("details").open = true;
    setStatus("test-status", "This service needs its access token: type it under Access token to run the shared test.", true);
  }
}

start();
