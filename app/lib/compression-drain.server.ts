/**
 * The `MaxListenersExceededWarning: 11 drain listeners added to [BrotliCompress]` leak (issue 24,
 * item 7/10).
 *
 * `compression` (1.8) proxies `res.on("drain", fn)` to its zlib/brotli stream, but not
 * `res.removeListener` / `res.off`. React Router's Node adapter writes a streamed response (HTML
 * streaming, a document download, any web-stream body) with `writable.once("drain", onDrain)` after
 * each write the socket could not take, and removes it with `writable.off("drain", onDrain)`.
 * Node's `once` registers through `res.on` (so on the compressor), and its wrapper removes itself
 * from `res` — where it never was: every backpressured write of a compressed response leaves one
 * listener on the compressor, and a large response passes ten.
 *
 * `fixCompressedDrainListeners` (mount right after `compression()`) makes a response's
 * `once("drain")` remove itself from whichever emitter ran it (the compressor or the response), and
 * its `off/removeListener("drain")` cancel such a listener (it will not run; its wrapper goes at the
 * next drain, or with the compressor when the response ends). Nothing else changes.
 */
import type { EventEmitter } from "node:events";
import type { NextFunction, Request, Response } from "express";

type Listener = (...args: unknown[]) => void;

/** Express middleware; see the module comment. Never throws. */
export function fixCompressedDrainListeners(_req: Request, res: Response, next: NextFunction): void {
  const proxiedOn = res.on; // compression's proxy (forwards "drain" to its stream)
  const ownRemove = res.removeListener;
  const ownOnce = res.once;
  // a once("drain") listener → its wrapper (the function the emitter holds)
  const wrappers = new Map<Listener, { wrapper: Listener; cancelled: boolean }>();

  const onceDrain = function (this: Response, type: string | symbol, listener: Listener) {
    if (type !== "drain") return ownOnce.call(this, type, listener);
    const entry = { wrapper: (() => {}) as Listener, cancelled: false };
    entry.wrapper = function (this: EventEmitter, ...args: unknown[]) {
      // `this` is the emitter that holds the wrapper: the compressor, or the response itself
      this.removeListener("drain", entry.wrapper);
      if (wrappers.get(listener) === entry) wrappers.delete(listener);
      if (!entry.cancelled) listener.apply(res, args);
    };
    wrappers.set(listener, entry);
    return proxiedOn.call(this, "drain", entry.wrapper);
  };
  const removeDrain = function (this: Response, type: string | symbol, listener: Listener) {
    const entry = type === "drain" ? wrappers.get(listener) : undefined;
    if (!entry) return ownRemove.call(this, type, listener);
    wrappers.delete(listener);
    entry.cancelled = true;
    return ownRemove.call(this, type, entry.wrapper);
  };
  res.once = onceDrain as Response["once"];
  res.removeListener = removeDrain as Response["removeListener"];
  res.off = removeDrain as Response["off"];
  next();
}
