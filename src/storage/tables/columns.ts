import type { Generated } from 'kysely';

/** The column types every group of tables shares (the conventions are in `../tables.ts`). */

export type Id = Generated<number>;

export type Flag = number;
