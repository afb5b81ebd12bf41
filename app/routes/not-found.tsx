/**
 * Any path no other route matches: a 404 rendered by the root boundary (a not-found page with links
 * home and to sign in). A route of its own, so an ordinary 404 is a thrown Response and not a
 * router error with a stack trace in the server log.
 */
import { pageNotFound } from "~/lib/http.server";

export function loader(): never {
  throw pageNotFound();
}

export function action(): never {
  throw pageNotFound();
}

export default function NotFound() {
  return null;
}
