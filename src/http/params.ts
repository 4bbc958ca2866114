import { Type, type TProperties } from '@sinclair/typebox';
import { MAX_ID } from '../storage/tables.ts';
import { TranslationLanguage } from './language.ts';

/*
 * How WordPress reads parameters (wire-format.md section 4.0), applied before schema validation:
 * arrays as `a[]=1&a[]=2`, `a=1,2` or repeated keys; booleans as true/false/1/0 in any case.
 */

type Params = Record<string, unknown>;

/** Query strings and form bodies: `a[]` and repeated keys become arrays; nested brackets stay literal keys. */
export function parseFormEncoded(text: string): Params {
  const out = Object.create(null) as Params;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    if (key === '' || key === '__proto__') continue;
    const existing = out[key];
    if (existing === undefined) out[key] = isList ? [value] : value;
    else out[key] = Array.isArray(existing) ? [...(existing as unknown[]), value] : [existing, value];
  }
  return out;
}

/** Multipart fields arrive as a plain object whose keys may end in `[]`, like form bodies. */
export function normalizeFieldNames(fields: Params): Params {
  const out = Object.create(null) as Params;
  for (const [rawKey, value] of Object.entries(fields)) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const values: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
    const existing = out[key];
    if (existing === undefined) out[key] = isList || values.length > 1 ? values : values[0];
    else out[key] = [...(Array.isArray(existing) ? (existing as unknown[]) : [existing]), ...values];
  }
  return out;
}

interface PropertySchema {
  type?: string | string[];
  properties?: Record<string, PropertySchema>;
}

const BOOLEAN_TEXT: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

/**
 * A numeral too large for a double reads as Infinity, which AJV then accepts as an integer; a
 * finite stand-in of the same sign makes the schema's `maximum`/`minimum` refuse it instead.
 */
function finiteNumeral(value: unknown): unknown {
  const number = typeof value === 'string' && /^\s*[+-]?\d/.test(value) ? Number(value) : value;
  return typeof number === 'number' && !Number.isFinite(number) && !Number.isNaN(number)
    ? Math.sign(number) * Number.MAX_VALUE
    : value;
}

function coerceValue(schema: PropertySchema, value: unknown): unknown {
  if (schema.type === 'integer' || schema.type === 'number') return finiteNumeral(value);
  const itemType = (schema as { items?: PropertySchema }).items?.type;
  if (schema.type === 'array' && (itemType === 'integer' || itemType === 'number')) {
    const items = coerceValue({ type: 'array' }, value);
    return Array.isArray(items) ? items.map(finiteNumeral) : items;
  }
  if (schema.type === 'array' && typeof value === 'string') {
    // "4, 5" and "4,5" alike; an empty string is an empty list, as WordPress' wp_parse_list.
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  }
  if (schema.type === 'array' && typeof value === 'number') return [value];
  if (schema.type === 'boolean') {
    if (typeof value === 'string' && value.toLowerCase() in BOOLEAN_TEXT) return BOOLEAN_TEXT[value.toLowerCase()];
    if (value === 1 || value === 0) return value === 1;
  }
  return value;
}

/** Rewrites the WordPress spellings of arrays and booleans into what the schema expects. */
export function coerceToSchema(schema: unknown, params: unknown): void {
  const properties = (schema as PropertySchema | undefined)?.properties;
  if (!properties || params === null || typeof params !== 'object' || Array.isArray(params)) return;
  const target = params as Params;
  for (const [name, property] of Object.entries(properties)) {
    if (name in target) target[name] = coerceValue(property, target[name]);
  }
}

export const PositiveInteger = (description: string, extra: Record<string, unknown> = {}) =>
  Type.Integer({ minimum: 1, description, ...extra });

/** A record id: bounded by what the database stores, so a huge one is a 400, not a database error. */
export const Id = (options: { minimum?: number; description?: string } = {}) =>
  Type.Integer({ minimum: 1, maximum: MAX_ID, ...options });

/** Query parameters every route accepts. */
export const CommonQuery = { translation_language: TranslationLanguage };

/** The query of write routes: every body field may also come from the query string (wire-format 5.5). */
export const WriteQuery = Type.Object(CommonQuery, { additionalProperties: true });

/**
 * Schemas shared by two resources are typed as the superset of both; at run time each keeps only
 * its own properties, so validation and /doc show exactly what that resource takes.
 */
export function onlyProperties<T extends TProperties>(properties: T, keep: (name: string) => boolean): T {
  return Object.fromEntries(Object.entries(properties).filter(([name]) => keep(name))) as T;
}

/** The top-level parameters whose value holds a NUL character anywhere inside it (a string, a key; never bytes). */
export function parametersWithNul(params: unknown): string[] {
  if (params === null || typeof params !== 'object') return [];
  // Run on every request's parameters: plain loops, no closures made per call.
  const named: string[] = [];
  for (const [name, value] of Object.entries(params))
    if (name.includes('\u0000') || holdsNul(value)) named.push(name.replaceAll('\u0000', ''));
  return named;
}

/**
 * Whether a value holds a NUL in a string or a key. Walked with a list of its own, not by
 * recursion, so that no nesting a body sends can exhaust the call stack, and each part of the
 * value is looked at once. Bytes (a file's) are data, not text: never looked into (issue 43).
 */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) pending.push(element);
    } else if (item !== null && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, field] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        pending.push(field);
      }
    }
  }
  return false;
}
