// robots-parser's own test cases (its test/Robots.js, 3.0.1), as a table of facts: the
// robots.txt URL, the body, and what each call returns there. `google` holds our answer
// where Google's semantics differ, with `why`; docs/javascript.md lists the same cases.
const lines = (...text) => text.join("\n");
const site = "http://www.example.com/robots.txt";
const page = (path) => "http://www.example.com" + path;

const fishBody = lines("User-agent: *", "Disallow: /fish/", "Disallow: /test.html");
const fishAllowed = [page("/fish"), page("/Test.html")];
const fishDisallowed = [page("/fish/index.php"), page("/fish/"), page("/test.html")];
const fishChecks = [
  ...fishAllowed.map((url) => ["isAllowed", [url], true]),
  ...fishDisallowed.map((url) => ["isDisallowed", [url], true]),
];

const secretBody = lines("User-agent: *", "Disallow: /secret.html", "Disallow: /test");
const delayBody = lines(
  "user-agent: *", "crawl-delay: 1", "user-agent: b", "crawl-delay: 12",
  "user-agent: c", "user-agent: d", "crawl-delay: 10",
);

function allowedAndDisallowed(allowed, disallowed) {
  return [
    ...allowed.map((url) => ["isAllowed", [url], true]),
    ...disallowed.map((url) => ["isDisallowed", [url], true]),
  ];
}

export const cases = [
  {
    name: "parses the disallow directive",
    url: site,
    body: fishBody,
    checks: fishChecks,
  },
  {
    name: "parses the allow directive",
    url: site,
    body: lines(
      "User-agent: *", "Disallow: /fish/", "Disallow: /test.html",
      "Allow: /fish/test.html", "Allow: /test.html",
    ),
    checks: allowedAndDisallowed(
      [page("/fish"), page("/fish/test.html"), page("/Test.html"), page("/test.html")],
      [page("/fish/index.php"), page("/fish/")],
    ),
  },
  {
    name: "parses patterns",
    url: site,
    body: lines("User-agent: *", "Disallow: /fish*.php", "Disallow: /*.dext$", "Disallow: /dir*"),
    checks: allowedAndDisallowed(
      [page("/Fish.PHP"), page("/Fish.dext1"), page("/folder/dir.html"), page("/folder/dir/test.html")],
      [
        page("/fish.php"), page("/fishheads/catfish.php?parameters"), page("/AnYthInG.dext"),
        page("/Fish.dext.dext"), page("/dir/test.html"), page("/directory.html"),
      ],
    ),
  },
  {
    name: "orders allow and disallow by precedence",
    url: site,
    body: lines(
      "User-agent: *", "Disallow: /fish*.php", "Allow: /fish/index.php", "Disallow: /test",
      "Allow: /test/", "Disallow: /aa/", "Allow: /aa/", "Allow: /bb/", "Disallow: /bb/",
    ),
    checks: allowedAndDisallowed(
      [page("/test/index.html"), page("/fish/index.php"), page("/test/"), page("/aa/"),
        page("/bb/"), page("/x/")],
      [page("/fish.php"), page("/fishheads/catfish.php?parameters"), page("/test")],
    ),
  },
  {
    name: "orders wildcards by precedence",
    url: site,
    body: lines("User-agent: *", "Disallow: /*/", "Allow: /x/"),
    checks: allowedAndDisallowed(
      [page("/x/"), page("/fish.php"), page("/test")],
      [page("/a/"), page("/xx/"), page("/test/index.html")],
    ),
  },
  {
    name: "reads lines ended by CR",
    url: site,
    body: fishBody.replaceAll("\n", "\r"),
    checks: fishChecks,
  },
  {
    name: "reads lines ended by CR LF",
    url: site,
    body: fishBody.replaceAll("\n", "\r\n"),
    checks: fishChecks,
  },
  {
    name: "reads lines with mixed line ends",
    url: site,
    body: "User-agent: *\rDisallow: /fish/\r\nDisallow: /test.html\n\n",
    checks: fishChecks,
  },
  {
    name: "ignores rules outside a group",
    url: site,
    body: lines("Disallow: /secret.html", "Disallow: /test"),
    checks: [page("/secret.html"), page("/test/index.html"), page("/test/")].map((url) => [
      "isAllowed", [url], true,
    ]),
  },
  {
    name: "ignores comments",
    url: site,
    body: lines(
      "#", "# This is a comment", "#", "User-agent: *", "# This is a comment",
      "Disallow: /fish/ # ignore", "# Disallow: fish", "Disallow: /test.html",
    ),
    checks: fishChecks,
  },
  {
    name: "ignores invalid lines",
    url: site,
    body: lines(
      "invalid line", "User-agent: *", "Disallow: /fish/", ":::::another invalid line:::::",
      "Disallow: /test.html", "Unknown: tule",
    ),
    checks: fishChecks,
  },
  {
    name: "ignores empty user-agent lines",
    url: site,
    body: lines("User-agent:", "Disallow: /fish/", "Disallow: /test.html"),
    checks: [...fishAllowed, ...fishDisallowed].map((url) => ["isAllowed", [url], true]),
  },
  {
    name: "matches any of a group's user agents, ignoring case",
    url: site,
    body: lines("User-agent: agenta", "User-agent: agentb", "Disallow: /fish"),
    checks: [["isAllowed", [page("/fish"), "agenta"], false]],
  },
  {
    name: "answers undefined for URLs out of scope or invalid",
    url: site,
    body: secretBody,
    checks: [
      "http://example.com/secret.html",
      "http://www.example.net/test/index.html",
      "http://www.examsple.com/test/",
      "example.com/test/",
      ":::::;;`\\|/.example.com/test/",
    ].map((url) => ["isAllowed", [url], undefined]),
  },
  ...[
    "http://www.m\u00fcnich.com/robots.txt",
    "http://www.xn--mnich-kva.com/robots.txt",
    "http://www.m%C3%BCnich.com/robots.txt",
  ].map((url) => ({
    name: `handles Unicode, percent-encoded and punycode hosts (${url})`,
    url,
    body: secretBody,
    checks: allowedAndDisallowed(
      [
        "http://www.m\u00fcnich.com/index.html",
        "http://www.xn--mnich-kva.com/index.html",
        "http://www.m%C3%BCnich.com/index.html",
      ],
      [
        "http://www.m\u00fcnich.com/secret.html",
        "http://www.xn--mnich-kva.com/secret.html",
        "http://www.m%C3%BCnich.com/secret.html",
      ],
    ),
  })),
  {
    name: "handles Unicode and percent-encoded paths",
    url: site,
    body: lines(
      "User-agent: *", "Disallow: /%CF%80", "Disallow: /%e2%9d%83", "Disallow: /%a%a",
      "Disallow: /\u{1F4A9}", "Disallow: /\u273C*t$", "Disallow: /%E2%9C%A4*t$",
      "Disallow: /\u273F%a", "Disallow: /http%3A%2F%2Fexample.org",
    ),
    checks: allowedAndDisallowed(
      [
        page("/\u273Ctesting"), page("/%E2%9C%BCtesting"), page("/\u2724testing"),
        page("/%E2%9C%A4testing"), page("/http://example.org"), page("/http:%2F%2Fexample.org"),
      ],
      [
        page("/%CF%80"), page("/%CF%80/index.html"), page("/\u03C0"), page("/\u03C0/index.html"),
        page("/%e2%9d%83"), page("/%E2%9D%83/index.html"), page("/\u2743"),
        page("/\u2743/index.html"), page("/%F0%9F%92%A9"), page("/%F0%9F%92%A9/index.html"),
        page("/\u{1F4A9}"), page("/\u{1F4A9}/index.html"), page("/%a%a"),
        page("/%a%a/index.html"), page("/\u273Ctest"), page("/%E2%9C%BCtest"),
        page("/\u2724test"), page("/%E2%9C%A4testt"), page("/\u273F%a"),
        page("/%E2%9C%BF%atest"), page("/http%3A%2F%2Fexample.org"),
      ],
    ),
  },
  {
    name: "handles lone high and low surrogates",
    url: site,
    body: lines("User-agent: *", "Disallow: /\uD800", "Disallow: /\uDC00"),
    checks: [page("/\uDC00"), page("/\uD800")].map((url) => ["isAllowed", [url], true]),
  },
  {
    name: "ignores the host's case",
    url: "http://www.eXample.com/robots.txt",
    body: secretBody,
    checks: allowedAndDisallowed(
      [page("/index.html"), "http://www.ExAmPlE.com/index.html", "http://www.EXAMPLE.com/index.html"],
      [page("/secret.html"), "http://www.ExAmPlE.com/secret.html", "http://www.EXAMPLE.com/secret.html"],
    ),
  },
  {
    name: "allows everything for an empty robots.txt",
    url: site,
    body: "",
    checks: [page("/secret.html"), page("/test/index.html"), page("/test/")].map((url) => [
      "isAllowed", [url], true,
    ]),
  },
  {
    name: "treats null as allowing everything",
    url: site,
    body: null,
    checks: [
      ["isAllowed", [page("/"), "userAgent"], true],
      ["isAllowed", [page("/")], true],
    ],
  },
  ...[undefined, null, "null", ":/wom/test/"].map((url) => ({
    name: `handles an invalid robots.txt URL (${url})`,
    url,
    body: lines("user-agent: *", "disallow: /", "host: www.example.com", "sitemap: /sitemap.xml"),
    checks: [
      ["isAllowed", [page("/index.html")], undefined],
      ["getPreferredHost", [], "www.example.com"],
      ["getSitemaps", [], ["/sitemap.xml"]],
    ],
  })),
  {
    name: "parses the crawl-delay directive",
    url: site,
    body: lines(
      "user-agent: a", "crawl-delay: 1", "user-agent: b", "disallow: /d",
      "user-agent: c", "user-agent: d", "crawl-delay: 10",
    ),
    checks: [
      ["getCrawlDelay", ["a"], 1],
      ["getCrawlDelay", ["b"], undefined],
      ["getCrawlDelay", ["c"], 10],
      ["getCrawlDelay", ["d"], 10],
      ["getCrawlDelay", [], undefined],
    ],
  },
  {
    name: "ignores invalid crawl-delay directives",
    url: site,
    body: lines(
      "user-agent: a", "crawl-delay: 1.2.1", "user-agent: b", "crawl-delay: 1.a0",
      "user-agent: c", "user-agent: d", "crawl-delay: 10a",
    ),
    checks: ["a", "b", "c", "d"].map((agent) => ["getCrawlDelay", [agent], undefined]),
  },
  {
    name: "parses the sitemap directive",
    url: site,
    body: lines(
      "user-agent: a", "crawl-delay: 1", "sitemap: http://example.com/test.xml",
      "user-agent: b", "disallow: /d", "sitemap: /sitemap.xml",
      "sitemap:     http://example.com/test/sitemap.xml     ",
    ),
    checks: [
      ["getSitemaps", [], [
        "http://example.com/test.xml", "/sitemap.xml", "http://example.com/test/sitemap.xml",
      ]],
    ],
  },
  {
    name: "parses the host directive",
    url: site,
    body: lines(
      "user-agent: a", "crawl-delay: 1", "host: www.example.net",
      "user-agent: b", "disallow: /d", "host: example.com",
    ),
    checks: [["getPreferredHost", [], "example.com"]],
  },
  {
    name: "parses empty and invalid directives without failing",
    url: site,
    body: lines(
      "user-agent:", "user-agent:::: a::", "crawl-delay:", "crawl-delay:::: 0:", "host:",
      "host:: example.com", "sitemap:", "sitemap:: site:map.xml", "disallow:",
      "disallow::: /:", "allow:", "allow::: /:",
    ),
    checks: [],
  },
  {
    name: "takes the last host directive",
    url: site,
    body: lines(
      "user-agent: a", "crawl-delay: 1", "host: www.example.net", "user-agent: b",
      "disallow: /d", "host: example.net", "host: example.com",
    ),
    checks: [["getPreferredHost", [], "example.com"]],
  },
  {
    name: "gives null without a host directive",
    url: site,
    body: lines("user-agent: a", "crawl-delay: 1", "user-agent: b", "disallow: /d"),
    checks: [["getPreferredHost", [], null]],
  },
  {
    name: "falls back to * when an agent has no group of its own",
    url: site,
    body: delayBody,
    checks: [
      ["getCrawlDelay", ["should-fall-back"], 1],
      ["getCrawlDelay", ["d"], 10],
      ["getCrawlDelay", ["dd"], 1],
    ],
  },
  {
    name: "does not fall back to * when the agent has a group",
    url: site,
    body: lines("user-agent: *", "crawl-delay: 1", "user-agent: b", "disallow:"),
    checks: [["getCrawlDelay", ["b"], undefined]],
  },
  {
    name: "ignores version numbers in the user agent",
    url: site,
    body: delayBody,
    checks: [
      ["getCrawlDelay", ["should-fall-back/1.0.0"], 1],
      ["getCrawlDelay", ["d/12"], 10],
      ["getCrawlDelay", ["dd / 0-32-3"], 1],
      ["getCrawlDelay", ["b / 1.0"], 12],
    ],
  },
  {
    name: "gives the line number of the deciding rule",
    url: site,
    body: lines(
      "", "User-agent: *", "", "Disallow: /fish/", "Disallow: /test.html",
      "Allow: /fish/test.html", "Allow: /test.html", "", "User-agent: a", "allow: /", "",
      "User-agent: b", "disallow: /test", "disallow: /t*t", "", "User-agent: c",
      "Disallow: /fish*.php", "Allow: /fish/index.php",
    ),
    checks: [
      ["getMatchingLineNumber", [page("/fish")], -1],
      ["getMatchingLineNumber", [page("/fish/test.html")], 6],
      ["getMatchingLineNumber", [page("/Test.html")], -1],
      ["getMatchingLineNumber", [page("/fish/index.php")], 4],
      ["getMatchingLineNumber", [page("/fish/")], 4],
      ["getMatchingLineNumber", [page("/test.html")], 7],
      ["getMatchingLineNumber", [page("/test.html"), "a"], 10],
      ["getMatchingLineNumber", [page("/fish.php"), "c"], 17],
      ["getMatchingLineNumber", [page("/fish/index.php"), "c"], 18],
    ],
  },
  {
    name: "handles very long wildcards",
    url: "http://www.eXample.com/robots.txt",
    body: lines("User-agent: *", "Disallow: /" + "*".repeat(2048) + ".html"),
    checks: allowedAndDisallowed(
      [page("/" + "sub".repeat(2048) + "folder/index.php")],
      [page("/secret.html")],
    ),
  },
];
