/** An error whose status code and message are meant for the client. */
export type HttpError = Error & { statusCode: number; expose: true };

export function httpError(statusCode: number, message: string): HttpError {
  return Object.assign(new Error(message), { statusCode, expose: true as const });
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof Error && (error as Partial<HttpError>).expose === true;
}
