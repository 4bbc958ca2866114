import { tooManyAttempts } from '../auth/authenticator.ts';
import { throttleKey, type LoginThrottle } from '../auth/login-throttle.ts';
import { ApiError, type ErrorCode } from '../errors.ts';

/** A try of a record's password (an event's: decision 0094): the counter it counts in, from which address, and the refusal that tells a wrong one. */
export interface PasswordGuess {
  readonly counter: string;
  readonly address: string;
  readonly refusal: ErrorCode;
}

export type GuessThrottle = Pick<LoginThrottle, 'check' | 'countFailure' | 'clear'>;

/** The counter of guesses at one event's password, whichever way (page form, API by id) they come. */
export const eventPasswordCounter = (eventId: number | string) => `event-password:${eventId}`;

/**
 * Runs `attempt`, which tries a password, throttled as logins are per (record, client address): a
 * throttled pair gets 429 `too_many_login_attempts` before it runs, a refusal for the wrong
 * password is counted after it (outside any read unit, which cannot write), and a success forgets
 * the pair's count. Without a guess, `attempt` just runs.
 */
export async function throttledGuess<T>(
  throttle: GuessThrottle,
  guess: PasswordGuess | undefined,
  attempt: () => Promise<T>,
): Promise<T> {
  if (guess === undefined) return attempt();
  const key = throttleKey(guess.address, guess.counter);
  const state = await throttle.check(key);
  if (state.login?.throttled) throw tooManyAttempts(state.login);
  try {
    const result = await attempt();
    if (state.login) await throttle.clear(key);
    return result;
  } catch (error) {
    if (error instanceof ApiError && error.code === guess.refusal) await throttle.countFailure(key, state);
    throw error;
  }
}
