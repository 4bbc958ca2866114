import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * Salted slow hashes with node:crypto scrypt (decisions.md section 4). The parameters are stored
 * with each hash so they can be raised later without invalidating existing ones.
 */

/** scrypt's work factors; each hash records its own, so they can be raised without invalidating older hashes. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

const COST: ScryptCost = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 32;

let derivations = 0;

/**
 * How many scrypt derivations this process has run (hashes made and checked): each takes tens of
 * milliseconds of a core, so this is what a sign-in attempt costs; the tests count it (issue 43).
 */
export function passwordDerivations(): number {
  return derivations;
}

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  derivations += 1;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: ScryptCost = COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const key = await derive(
    password,
    Buffer.from(saltText, 'base64'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return timingSafeEqual(key, expected);
}

/**
 * A hash no password matches (its key is zeros), at the cost of new hashes: checked for a sign-in
 * name that names no user, so that an unknown login costs the time a known one does and the
 * answer's timing does not tell them apart (decision 0093).
 */
const NO_USER_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;

/** Spends what checking a password costs, for a sign-in that has no hash to check it against; always false. */
export async function verifyAgainstNoUser(password: string): Promise<false> {
  await verifyPassword(password, NO_USER_HASH);
  return false;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

const APPLICATION_PASSWORD_LENGTH = 24;

/**
 * The characters of an application password kept in clear beside its hash, to find its row by
 * (decision 0093): 4 of its 24 (about 24 of its 143 bits), so the rest still cannot be guessed.
 */
const LOOKUP_PREFIX_LENGTH = 4;

/**
 * The lookup prefix of a password (normalised) that has the shape of an application password;
 * undefined for any other, which can only be an account password.
 */
export function applicationPasswordPrefix(normalized: string): string | undefined {
  return normalized.length === APPLICATION_PASSWORD_LENGTH &&
    [...normalized].every((character) => ALPHABET.includes(character))
    ? normalized.slice(0, LOOKUP_PREFIX_LENGTH)
    : undefined;
}

/** A new application password, shown WordPress-style in groups of four ("abcd efgh ... uvwx"). */
export function generateApplicationPassword(): string {
  return randomString(APPLICATION_PASSWORD_LENGTH).replace(/(.{4})(?!$)/g, '$1 ');
}

/** Application passwords are accepted with or without the display spaces, as WordPress does. */
export function normalizeApplicationPassword(password: string): string {
  return password.replace(/\s+/g, '');
}

export function generateAccountPassword(): string {
  return randomString(20);
}
