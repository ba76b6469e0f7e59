import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { startBalancer } from "./balancer";

function backend(name: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      res.setHeader("set-cookie", ["a=1", "b=2"]);
      res.end(JSON.stringify({ name, method: req.method, url: req.url, body, forwarded: req.headers["x-forwarded-for"] }));
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("bench balancer", () => {
  const servers: http.Server[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it("sends requests round robin, bodies and repeated headers through", async () => {
    servers.push(await backend("a"), await backend("b"));
    const ports = servers.map((s) => (s.address() as { port: number }).port);
    const lb = await startBalancer(
      3791,
      ports.map((p) => `http://127.0.0.1:${p}`),
    );
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${lb.base}/x?i=${i}`, { method: "POST", body: `body ${i}` });
        expect(res.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
        answers.push((await res.json()) as { name: string; url: string; body: string; forwarded: string });
      }
      expect(answers.map((a) => a.name)).toEqual(["a", "b", "a", "b"]);
      expect(answers[3]).toMatchObject({ url: "/x?i=3", body: "body 3" });
      expect(answers[0]!.forwarded).toMatch(/127\.0\.0\.1/);
      expect(lb.counts()).toEqual([2, 2]);
    } finally {
      await lb.close();
    }
  });
});
