import type { DialectCapabilities } from '../types.ts';

/**
 * What `write` returns, or `taken` when a unique constraint refuses it: repositories answer a
 * clash as a result their service understands, so no service knows the driver's error codes.
 */
export async function unlessTaken<T, Taken extends string>(
  dialect: DialectCapabilities,
  write: () => Promise<T>,
  taken: Taken,
): Promise<T | Taken> {
  try {
    return await write();
  } catch (error) {
    if (dialect.isUniqueViolation(error)) return taken;
    throw error;
  }
}
