import { randomBytes } from 'node:crypto';
import type { Storage } from '../storage/types.ts';
import type { SiteSecretsRepository } from '../storage/repositories/site-secrets.repository.ts';

/** The secret that signs the cookies of events opened with their password (decision 0094). */
export const POSTPASS_KEY = 'postpass-cookie';

/** Bytes of a secret made here: HMAC-SHA256's own block of security. */
const SECRET_BYTES = 32;

/**
 * Keys the service makes for itself on first use and keeps in the database (decision 0094), so
 * every node signs and checks with the same one and no operator has to set or rotate it; a node
 * reads each at start-up. A database dump holds them, as it holds what they protect (events' passwords).
 */
export class SiteSecrets {
  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write'>,
    private readonly repository: SiteSecretsRepository,
  ) {}

  /** The secret `name`: the stored one, or a new one stored unless another node stored one first. */
  async key(name: string): Promise<Buffer> {
    const stored =
      (await this.storage.read((tx) => this.repository.get(tx, name))) ??
      (await this.storage.write((tx) => this.repository.keep(tx, name, randomBytes(SECRET_BYTES).toString('base64'))));
    return Buffer.from(stored, 'base64');
  }
}
