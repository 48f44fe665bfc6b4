// Typed errors with a fixed status. Services throw them; lib/api/error-response.ts
// turns them into Flagsmith-style bodies in one place.
export type ErrorBody = Record<string, unknown> | unknown[];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    /** Headers the answer carries (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(
      typeof (body as { detail?: unknown }).detail === "string"
        ? String((body as { detail: string }).detail)
        : JSON.stringify(body),
    );
  }
}

/** 400 with per-field messages, e.g. `{ name: ["..."] }`, or any DRF-shaped body. */
export class ValidationError extends ApiError {
  constructor(body: ErrorBody) {
    super(400, body);
  }
  static field(field: string, message: string) {
    return new ValidationError({ [field]: [message] });
  }
  static nonField(message: string) {
    return new ValidationError({ non_field_errors: [message] });
  }
}

export class BadRequestError extends ApiError {
  constructor(detail: string) {
    super(400, { detail });
  }
}

export class NotAuthenticatedError extends ApiError {
  constructor(detail = "Authentication credentials were not provided.") {
    super(401, { detail });
  }
}

export class PermissionDeniedError extends ApiError {
  constructor(detail = "You do not have permission to perform this action.") {
    super(403, { detail });
  }
}

export class NotFoundError extends ApiError {
  constructor(detail = "Not found.") {
    super(404, { detail });
  }
}

/** 429 in DRF's throttle wording, with Retry-After. */
export class ThrottledError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      {
        detail: `Request was throttled. Expected available in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`,
      },
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
}

/** 409: the request clashes with the object's state (e.g. a change request committed already). */
export class ConflictError extends ApiError {
  constructor(body: ErrorBody | string) {
    super(409, typeof body === "string" ? { detail: body } : body);
  }
}

/**
 * 409 in Flagsmith's words: a direct change of a feature state in an environment whose
 * changes go through change requests (`minimum_change_request_approvals` set).
 */
export class ChangeRequestsEnabledError extends ConflictError {
  constructor() {
    super({
      detail: "Cannot update flags in an environment with change requests enabled.",
      code: "change_requests_enabled",
    });
  }
}

/**
 * 409, the segment counterpart of ChangeRequestsEnabledError: a direct change of a segment in a
 * project whose segment changes go through change requests (its `minimum_change_request_approvals`).
 */
export class SegmentChangeRequestsEnabledError extends ConflictError {
  constructor() {
    super({
      detail: "Cannot update segments in a project with change requests enabled.",
      code: "change_requests_enabled",
    });
  }
}
