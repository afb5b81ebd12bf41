/**
 * The bridge from Express to React Router's load context (see request-context.server.ts): the
 * client and peer addresses that a Fetch Request does not carry.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { AppLoadContext } from "react-router";
import "~/lib/request-context.server";

/** Express "trust proxy" value for TRUST_PROXY: "true"/"false", a hop count, or names/subnets. */
export function trustProxySetting(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false" || value === "") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** `getLoadContext` of the React Router request handler: addresses, and the CSP nonce when one was made. */
export function loadContextOf(req: ExpressRequest, res: ExpressResponse): AppLoadContext {
  return {
    clientIp: req.ip ?? req.socket.remoteAddress,
    peerIp: req.socket.remoteAddress,
    forwarded: Boolean(req.headers["x-forwarded-for"] || req.headers.forwarded),
    cspNonce: typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined,
  };
}
