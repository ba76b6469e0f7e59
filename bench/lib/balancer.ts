// A tiny loopback load balancer for the two-instance benchmarks: round robin over the
// backends, request and response bodies streamed through (never buffered), keep-alive to the
// backends, the client's address appended to X-Forwarded-For as a reverse proxy does. Listens
// on 127.0.0.1 only.
import http from "node:http";

export interface Balancer {
  base: string;
  /** Requests sent to each backend so far, in backend order. */
  counts(): number[];
  close(): Promise<void>;
}

export function startBalancer(port: number, backends: readonly string[]): Promise<Balancer> {
  const targets = backends.map((b) => new URL(b));
  // An idle backend socket is dropped after 4 s, before next start's 5 s keep-alive timeout
  // closes it under a request being sent on it (ECONNRESET under load otherwise).
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY, timeout: 4_000 });
  const sent = targets.map(() => 0);
  let next = 0;
  const server = http.createServer((req, res) => {
    const i = next;
    next = (next + 1) % targets.length;
    sent[i]!++;
    const target = targets[i]!;
    const forwarded = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...req.headers, "x-forwarded-for": forwarded },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders as unknown as http.OutgoingHttpHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`balancer: backend ${target.host}: ${error.message}`);
    });
    req.pipe(upstream);
  });
  // Clients' idle sockets are kept longer than the backends' so the client side is never the one raced.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        base: `http://localhost:${port}`,
        counts: () => [...sent],
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
