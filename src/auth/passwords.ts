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

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
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
  const key = await derive(password, Buffer.from(saltText, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return timingSafeEqual(key, expected);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A new application password, shown WordPress-style in groups of four ("abcd efgh ... uvwx"). */
export function generateApplicationPassword(): string {
  return randomString(24).replace(/(.{4})(?!$)/g, '$1 ');
}

/** Application passwords are accepted with or without the display spaces, as WordPress does. */
export function normalizeApplicationPassword(password: string): string {
  return password.replace(/\s+/g, '');
}

export function generateAccountPassword(): string {
  return randomString(20);
}
