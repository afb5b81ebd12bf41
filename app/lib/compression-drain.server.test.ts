/**
 * The MaxListenersExceededWarning "11 drain listeners added to [BrotliCompress]" (issue 24): a large
 * response streamed through React Router's Node writer behind `compression` leaves one drain
 * listener on the compressor per backpressured write. With fixCompressedDrainListeners mounted
 * after compression, none is left and no warning is printed. The client reads slowly so the writer
 * meets backpressure many times.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterEach, describe, expect, it } from "vitest";
import { fixCompressedDrainListeners } from "./compression-drain.server";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** Streams ~6 MB of poorly compressible bytes in 16 kB chunks; resolves with the warnings printed. */
async function streamLarge(withFix: boolean): Promise<{ warnings: string[]; bytes: number }> {
  const app = express();
  app.use(compression());
  if (withFix) app.use(fixCompressedDrainListeners);
  app.get("/big", async (_req, res) => {
    res.setHeader("Content-Type", "application/octet-stream");
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 6 * 1024 * 1024) return controller.close();
        const chunk = new Uint8Array(crypto.randomBytes(16 * 1024));
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    await writeReadableStreamToWritable(body, res);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
  process.on("warning", onWarning);
  try {
    const bytes = await new Promise<number>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port: (server.address() as AddressInfo).port, path: "/big", headers: { "Accept-Encoding": "br" } }, (res) => {
        let n = 0;
        res.on("data", (c: Buffer) => {
          n += c.length;
          res.pause(); // a slow reader: the server's writes meet backpressure
          setTimeout(() => res.resume(), 2);
        });
        res.on("end", () => resolve(n));
        res.on("error", reject);
      });
      req.on("error", reject);
    });
    await new Promise((r) => setTimeout(r, 50)); // warnings are emitted on the next tick
    return { warnings, bytes };
  } finally {
    process.off("warning", onWarning);
  }
}

describe("compressed streamed responses leave no drain listeners (issue 24)", () => {
  it("without the fix, compression collects drain listeners (the defect this guards)", { timeout: 60_000 }, async () => {
    const { warnings, bytes } = await streamLarge(false);
    expect(bytes).toBeGreaterThan(0);
    expect(warnings.some((w) => /MaxListenersExceededWarning.*drain listeners/.test(w))).toBe(true);
  });

  it("with fixCompressedDrainListeners the whole body arrives and no listener warning is printed", { timeout: 60_000 }, async () => {
    const { warnings, bytes } = await streamLarge(true);
    expect(bytes).toBeGreaterThan(6 * 1024 * 1024 * 0.9); // random bytes do not compress
    expect(warnings.filter((w) => /MaxListeners/.test(w))).toEqual([]);
  });
});
