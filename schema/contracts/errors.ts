/** The one error shape the server answers with (docs/api.md#errors). */
export interface ErrorBody {
  error: string;
  message: string;
  code: string;
  accountNotFound?: boolean;
  emailVerificationRequired?: boolean;
  /** Per-field messages for validation errors: field name → first message. */
  fields?: Record<string, string>;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
