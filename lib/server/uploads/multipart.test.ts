import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { body, BOUNDARY, type Part, request, uploadRoots, uploads } from "./__fixtures__/multipart-body";
import { baseName, receiveMultipart } from "./multipart";

const root = uploadRoots();

describe("receiveMultipart", () => {
  it("writes each file part to its own temporary file and keeps the text fields", async () => {
    const dir = root();
    const result = await receiveMultipart(
      request([
        { field: "name", value: "My benchmark" },
        { field: "files", filename: "patients.jsonl", size: 3 * 1024 * 1024 + 17, fill: "p" },
        { field: "files", filename: "C:\\Users\\me\\instances.jsonl", size: 1000, fill: "i" },
        { field: "files", filename: "", size: 0 },
      ]),
      { maxBytes: 10 * 1024 * 1024, root: dir },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.fields.get("name")).toBe("My benchmark");
    expect(result.files.map((f) => [f.field, f.name, f.bytes])).toEqual([
      ["files", "patients.jsonl", 3 * 1024 * 1024 + 17],
      ["files", "instances.jsonl", 1000],
    ]);
    for (const f of result.files) {
      expect(fs.statSync(f.path).size).toBe(f.bytes);
      expect(path.dirname(path.dirname(f.path))).toBe(dir);
    }
    expect(fs.readFileSync(result.files[1]!.path, "utf8")).toBe("i".repeat(1000));
    result.remove();
    expect(uploads(dir)).toEqual([]);
  });

  it("refuses a declared body over the cap without storing any of it, and drains no more than its budget", async () => {
    const dir = root();
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({ pull: (c) => void (pulled++, c.enqueue(new Uint8Array(1024))) });
    const req = new Request("http://localhost/upload", {
      method: "POST",
      body: endless,
      duplex: "half",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, "content-length": String(5 * 1024 * 1024) },
    } as RequestInit);
    expect(await receiveMultipart(req, { maxBytes: 1024 * 1024, root: dir, drain: { bytes: 100 * 1024, ms: 5000 } })).toEqual({
      ok: false,
      reason: "too-large",
      limit: 1024 * 1024,
    });
    // 100 KiB dropped, and one chunk more at most, plus the stream's own read-ahead.
    expect(pulled).toBeGreaterThanOrEqual(100);
    expect(pulled).toBeLessThanOrEqual(103);
    expect(fs.existsSync(dir) ? uploads(dir) : []).toEqual([]);
  });

  it("a refused body is read to its end before the answer, so a client still sending can read it", async () => {
    // Regression: the rest was left unread, the server closed a socket with data still arriving,
    // and a chunked client got EPIPE instead of the 413 (e2e/upload.spec.ts, now and then).
    const dir = root();
    const { stream } = body([{ field: "files", filename: "big.jsonl", size: 8 * 1024 * 1024 }]);
    let ended = false;
    const reader = stream.getReader();
    const watched = new ReadableStream<Uint8Array>({
      async pull(c) {
        const next = await reader.read();
        if (next.done) {
          ended = true;
          c.close();
        } else c.enqueue(next.value);
      },
    });
    const req = new Request("http://localhost/upload", {
      method: "POST",
      body: watched,
      duplex: "half",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    } as RequestInit);
    expect(await receiveMultipart(req, { maxBytes: 1024 * 1024, root: dir })).toMatchObject({ ok: false, reason: "too-large" });
    expect(ended).toBe(true);
    expect(uploads(dir)).toEqual([]);
  });

  it("a refused body that keeps coming is cut after the drain's time budget", async () => {
    const dir = root();
    const trickle = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new Uint8Array(2 * 1024 * 1024)),
      pull: (c) => new Promise<void>((resolve) => setTimeout(() => (c.enqueue(new Uint8Array(10)), resolve()), 50)),
    });
    const req = new Request("http://localhost/upload", {
      method: "POST",
      body: trickle,
      duplex: "half",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    } as RequestInit);
    const started = Date.now();
    const result = await receiveMultipart(req, { maxBytes: 1024 * 1024, root: dir, drain: { bytes: 1 << 30, ms: 300 } });
    expect(result).toMatchObject({ ok: false, reason: "too-large" });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(uploads(dir)).toEqual([]);
  });

  it("a body exactly at the cap is accepted", async () => {
    const dir = root();
    const parts: Part[] = [{ field: "files", filename: "a.csv", size: 5000 }];
    const { length } = body(parts);
    const result = await receiveMultipart(request(parts, { declareLength: true }), { maxBytes: length, root: dir });
    expect(result.ok && result.files[0]!.bytes).toBe(5000);
  });

  it("a client that goes away mid-file leaves nothing behind", async () => {
    const dir = root();
    const result = await receiveMultipart(
      request([{ field: "files", filename: "a.jsonl", size: 8 * 1024 * 1024 }], { truncateAt: 3 * 1024 * 1024 }),
      { maxBytes: 1 << 30, root: dir },
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toBe("failed");
    expect(uploads(dir)).toEqual([]);
  });

  it("refuses what is not a multipart form, and broken framing", async () => {
    const dir = root();
    expect(
      await receiveMultipart(
        new Request("http://localhost/", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }),
        { maxBytes: 1 << 20, root: dir },
      ),
    ).toMatchObject({ ok: false, reason: "malformed" });
    const cut = new Request("http://localhost/", {
      method: "POST",
      body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="a.json"\r\n\r\n{"half":`,
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(await receiveMultipart(cut, { maxBytes: 1 << 20, root: dir })).toMatchObject({ ok: false, reason: "malformed" });
    expect(uploads(dir)).toEqual([]);
  });

  it("refuses too many files and over-long fields", async () => {
    const dir = root();
    const many = Array.from({ length: 4 }, (_, i) => ({ field: "files", filename: `f${i}.csv`, size: 10 }));
    expect(await receiveMultipart(request(many), { maxBytes: 1 << 20, root: dir, maxFiles: 3 })).toMatchObject({
      ok: false,
      reason: "malformed",
    });
    expect(
      await receiveMultipart(request([{ field: "name", value: "n".repeat(70 * 1024) }]), { maxBytes: 1 << 20, root: dir }),
    ).toMatchObject({ ok: false, reason: "malformed" });
    expect(uploads(dir)).toEqual([]);
  });

  it("removes folders a crashed upload left a day ago, not those of running uploads", async () => {
    const dir = root();
    const old = path.join(dir, "upload-old");
    const fresh = path.join(dir, "upload-fresh");
    fs.mkdirSync(old);
    fs.mkdirSync(fresh);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    fs.utimesSync(old, dayAgo, dayAgo);
    const result = await receiveMultipart(request([{ field: "name", value: "x" }]), { maxBytes: 1 << 20, root: dir });
    expect(result.ok).toBe(true);
    if (result.ok) result.remove();
    expect(uploads(dir)).toEqual(["upload-fresh"]);
  });
});

describe("baseName", () => {
  it("keeps only the last path segment", () => {
    expect(baseName("C:\\data\\patients.jsonl")).toBe("patients.jsonl");
    expect(baseName("../../etc/passwd")).toBe("passwd");
    expect(baseName(undefined)).toBe("");
  });
});
