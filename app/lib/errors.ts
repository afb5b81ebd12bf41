/**
 * Typed domain errors. Domain code throws `AppError` with a code; routes and the /api layer map the
 * code to an HTTP status (one table, `STATUS_BY_CODE`) and show `message` to the user.
 */

export const STATUS_BY_CODE = {
  bad_request: 400,
  validation: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
} as const;

export type AppErrorCode = keyof typeof STATUS_BY_CODE;

/**
 * An error a user may see. `message` must be safe to show (no stack, no SQL); `details` carries
 * extra messages (for example one per invalid field) and is shown as further entries of `errors`.
 */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly details: string[];

  constructor(code: AppErrorCode, message: string, opts: { details?: string[]; cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = "AppError";
    this.code = code;
    this.details = opts.details ?? [];
  }

  /** The HTTP status for this error's code. */
  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

/** True when `err` is an AppError (also across duplicated module instances, by name and code). */
export function isAppError(err: unknown): err is AppError {
  return (
    err instanceof AppError ||
    (err instanceof Error && err.name === "AppError" && typeof (err as AppError).code === "string" && (err as AppError).code in STATUS_BY_CODE)
  );
}

/** The HTTP status for an error code. */
export function statusForCode(code: AppErrorCode): number {
  return STATUS_BY_CODE[code];
}

/** Shorthand: `throw notFound()` → AppError("not_found", "Not found"). */
export function notFound(message = "Not found"): AppError {
  return new AppError("not_found", message);
}

/**
 * Throws AppError("validation", "<label> must be at most <max> characters") when `value` is a
 * string longer than `max`. For hand-validated inputs; zod schemas use `.max()`.
 */
export function requireMaxLength(value: unknown, max: number, label: string): void {
  if (typeof value === "string" && value.length > max) throw new AppError("validation", `${label} must be at most ${max} characters`);
}
