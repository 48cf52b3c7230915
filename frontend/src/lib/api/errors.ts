/** The API's error envelope, and the error the client raises for it. */
/** One field the server refused; `rule`/`args` name the validation rule it failed, if any. */
export type FieldErrorDetail = { path: string[]; message: string; name: string; rule?: string; args?: string[] };
export type ErrorDetails = { errors?: FieldErrorDetail[]; [key: string]: unknown };

export type ErrorBody = {
  data: null;
  error: { status: number; name: string; message: string; details: ErrorDetails };
};

export class ApiError extends Error {
  readonly status: number;
  readonly details: ErrorDetails;
  readonly body: ErrorBody;

  constructor(body: ErrorBody) {
    super(body.error.message);
    this.name = body.error.name;
    this.status = body.error.status;
    this.details = body.error.details;
    this.body = body;
  }

  /** The message for one field (`["email"]`), if the server named it. */
  fieldMessage(path: string[]): string | undefined {
    return this.details.errors?.find((e) => e.path.join(".") === path.join("."))?.message;
  }
}

/** A failure without an error body (network down, HTML from a proxy…): status 500, UnknownError. */
export function unknownError(message: string): ApiError {
  return new ApiError({ data: null, error: { status: 500, name: "UnknownError", message, details: {} } });
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { status?: unknown }).status === "number";
}
