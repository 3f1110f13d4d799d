// A loopback HTTP origin for the npm package's fetch tests: each path answers with what
// the test set for it (status, headers, body, or a redirect), and every request is
// counted. Listens on 127.0.0.1 on a port the system picks; close() stops it.
import { createServer } from "node:http";

export async function startFixtureOrigin() {
  const routes = new Map();
  const hits = new Map();
  const server = createServer((request, response) => {
    const path = new URL(request.url, "http://fixture").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
      return;
    }
    const { status = 200, headers = {}, body = "" } =
      typeof route === "function" ? route(request) : route;
    response.writeHead(status, { "content-type": "text/plain", ...headers });
    response.end(body);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    /** What `path` answers: {status, headers, body}, or a function of the request. */
    route(path, answer) {
      routes.set(path, answer);
    },
    hits(path) {
      return hits.get(path) ?? 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
