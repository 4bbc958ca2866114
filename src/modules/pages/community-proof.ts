import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { wireUtc, type Clock } from '../../clock.ts';
import type { WriteTx } from '../../storage/types.ts';
import type { CommunitySubmissionsRepository } from '../../storage/repositories/community-submissions.repository.ts';

/**
 * The community form's optional proof of work (CALENDAR_COMMUNITY_PROOF_OF_WORK; decision 0095):
 * ALTCHA's v2 challenges (altcha-lib), self-hosted, no third party. The service signs each challenge
 * with an HMAC key every node shares (derived from the stored secrets' key); the browser finds the
 * counter whose SHA-256 key starts with the challenge's prefix (the form's own script, served by
 * the service) and sends it with the proposal. A solution is accepted once: the unit that stores
 * the proposal spends its challenge's signature, and a replay finds it spent.
 */

/** How long a challenge may be solved and sent: fetched when the visitor sends the form, solved in about a second. */
const CHALLENGE_SECONDS = 10 * 60;
/**
 * The largest counter a challenge hides: a browser tries half of them on average (about 25,000
 * SHA-256 digests, well under a second on a phone); a flood pays that for every proposal.
 */
const MAX_COUNTER = 50_000;

/** What the form's script sends, base64 of this as JSON (ALTCHA's payload). */
interface ProofPayload {
  readonly challenge: Challenge;
  readonly solution: Solution;
}

/** A proof checked before the write: what the write unit spends. */
export interface CheckedProof {
  readonly signature: string;
  readonly expiresAt: string;
}

export class CommunityProofOfWork {
  constructor(
    /** The challenges' HMAC key (hex); read on first use. */
    private readonly signingKey: () => string,
    private readonly repository: Pick<CommunitySubmissionsRepository, 'spendChallenge' | 'removeExpiredChallenges'>,
    private readonly clock: Clock,
  ) {}

  /**
   * A new signed challenge. Its expiry is carried in its signed data and judged by the service's
   * clock (the library's own `expiresAt` would be judged by the process' time).
   */
  challenge(): Promise<Challenge> {
    const expires = Math.floor(this.clock.now().getTime() / 1000) + CHALLENGE_SECONDS;
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(MAX_COUNTER),
      deriveKey,
      data: { expires },
      hmacSignatureSecret: this.signingKey(),
    });
  }

  /** The proof in a form's `proof` field when it solves a challenge of ours that has not expired; undefined otherwise. */
  async check(proof: string): Promise<CheckedProof | undefined> {
    let payload: ProofPayload;
    try {
      payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as ProofPayload;
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.signingKey(),
      });
      if (!result.verified) return undefined;
    } catch {
      // Not base64 JSON of a challenge and its solution: no proof.
      return undefined;
    }
    const expires = payload.challenge.parameters.data?.expires;
    if (typeof expires !== 'number' || expires * 1000 <= this.clock.now().getTime()) return undefined;
    return { signature: payload.challenge.signature!, expiresAt: wireUtc(new Date(expires * 1000)) };
  }

  /** Spends a checked proof in the unit that stores its proposal: false when it was spent before (a replay). */
  async spend(tx: WriteTx, proof: CheckedProof): Promise<boolean> {
    await this.repository.removeExpiredChallenges(tx, wireUtc(this.clock.now()));
    return this.repository.spendChallenge(tx, proof.signature, proof.expiresAt);
  }
}
