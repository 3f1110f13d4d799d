// robotstxt-robots-parser: robots-parser's function for robots-parser's place (npm
// `overrides`), answering as Google's crawlers answer. It is js/robots-parser.js itself:
// scripts/build-npm bundles this file, that one and what it imports into one CommonJS
// file, with the WebAssembly started synchronously (js/instance_sync.js), since require()
// cannot wait for a promise.
const robotsParser = require("./robots-parser.js").default;

// module.exports is the function, as robots-parser's is; `.default` too, for code compiled
// from `import robotsParser from "robots-parser"` that reads it there.
module.exports = robotsParser;
module.exports.default = robotsParser;
