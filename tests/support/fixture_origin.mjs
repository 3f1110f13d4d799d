// A loopback HTTP origin for the npm package's fetch tests: each path answers with what
// the test set for it (status, headers, body, or a redirect), or a body without end
// (`endless`: 64 KiB chunks until the client stops reading, at most 256 MiB), and every
// request and body byte sent is counted. Listens on 127.0.0.1 on a port the system picks; close() stops it.
import { createServer } from "node:http";

export async function startFixtureOrigin() {
  const routes = new Map();
  const hits = new Map();
  const sent = new Map();
  const server = createServer((request, response) => {
    const path = new URL(request.url, "http://fixture").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (!route) {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not found");
      return;
    }
    const { status = 200, headers = {}, body = "", endless = false } =
      typeof route === "function" ? route(request) : route;
    response.writeHead(status, { "content-type": "text/plain", ...headers });
    if (!endless) {
      response.end(body);
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, "#");
    const kMaxBytes = 256 * 1024 * 1024;
    const writeMore = () => {
      while (!response.destroyed && (sent.get(path) ?? 0) < kMaxBytes) {
        sent.set(path, (sent.get(path) ?? 0) + chunk.length);
        if (!response.write(chunk)) return response.once("drain", writeMore);
      }
      response.end();
    };
    response.on("error", () => {});
    writeMore();
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
    /** Bytes of an endless body written to the connection. */
    sent(path) {
      return sent.get(path) ?? 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
