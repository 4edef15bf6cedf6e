// Serializes a discovery document the same way everywhere: two-space JSON, one trailing newline, stable key order.

/** Emitters build plain objects in the order readers expect; this keeps that order and ends the file cleanly. */
export function jsonBody(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
