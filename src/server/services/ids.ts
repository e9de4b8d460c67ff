const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are untrusted: anything that is not a UUID simply matches no row. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
