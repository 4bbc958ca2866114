import { createHash } from 'node:crypto';
import { AjvCompiler, type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import type { FastifyInstance } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { sharedSchemasFor } from './openapi.ts';

/*
 * Validators and serializers compiled once per process for each distinct schema, whichever app
 * instance asks. Compiling ~170 serializers and as many validators took three quarters of the
 * time of building an app, which the tests do for every test app (and a process that rebuilt its
 * app would pay again). What a compiled function does depends only on its schema, the shared
 * schemas its `$ref`s resolve to and the compiler's options, so they make the key: apps whose
 * schemas or options differ never share one.
 */

type Serializer = (data: unknown) => string;
type Validator = (data: unknown) => boolean;
type ValidatorCompiler = (route: { schema: unknown }) => Validator;

const serializers = new Map<string, Serializer>();
const validators = new Map<string, Validator>();
const fastifyValidators = AjvCompiler();

/** A digest of a schema's text, kept per schema object: route and shared schemas are module constants, met again by every app. */
const digests = new WeakMap<object, string>();
function digestOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  let digest = digests.get(value);
  if (digest === undefined) {
    digest = createHash('sha256').update(JSON.stringify(value)).digest('base64');
    digests.set(value, digest);
  }
  return digest;
}

/** The key of a set of shared schemas: their ids and texts. */
const sharedKeyOf = (schemas: Record<string, unknown>) =>
  Object.entries(schemas)
    .map(([id, schema]) => `${id}=${digestOf(schema)}`)
    .join(',');

/** A serializer compiler for `app` that writes each schema through `prepare` (see app.ts) and reuses what the process compiled before. */
export function cachedSerializerCompiler(
  app: FastifyInstance,
  prepare: (schema: unknown) => unknown,
): (route: { schema: unknown }) => Serializer {
  return ({ schema }) => {
    const shared = app.getSchemas();
    const key = `${sharedKeyOf(shared)}\n${digestOf(schema)}`;
    let serializer = serializers.get(key);
    if (!serializer) {
      const references = sharedSchemasFor(app, prepare) as Record<string, Schema>;
      serializer = fastJsonStringify(prepare(schema) as Schema, { schema: references });
      serializers.set(key, serializer);
    }
    return serializer;
  };
}

/**
 * Marks a body schema (of one media type) that documents a body the HTTP layer reads into an object
 * of its own (an upload: app.ts, decision 0052), which its route checks: it is not validated here.
 */
export const READ_BY_ROUTE = 'x-read-by-route';
const acceptAny: Validator = () => true;

/**
 * Fastify's validator builder (the `schemaController` option) with what it compiles kept per
 * process. Fastify calls it again each time shared schemas were added; Ajv is only built for a
 * set when one of its schemas is not compiled yet.
 */
function cachingValidatorBuilder(externalSchemas: Record<string, unknown>, options: unknown): ValidatorCompiler {
  const settingsKey = `${sharedKeyOf(externalSchemas)}\n${JSON.stringify(options)}`;
  let compile: ValidatorCompiler | undefined;
  return (route) => {
    if ((route.schema as Record<string, unknown> | null)?.[READ_BY_ROUTE] === true) return acceptAny;
    const key = `${settingsKey}\n${digestOf(route.schema)}`;
    let validator = validators.get(key);
    if (!validator) {
      compile ??= fastifyValidators(
        externalSchemas as Parameters<BuildCompilerFromPool>[0],
        options as Parameters<BuildCompilerFromPool>[1],
      ) as unknown as ValidatorCompiler;
      validator = compile(route);
      validators.set(key, validator);
    }
    return validator;
  };
}

/** Ajv's options for the API's validators: app.ts gives them to Fastify, `standaloneValidator` to a schema checked outside a route. */
export const VALIDATOR_OPTIONS = {
  customOptions: {
    allErrors: true,
    coerceTypes: 'array' as const,
    useDefaults: true,
    removeAdditional: false,
    allowUnionTypes: true,
  },
};

/** A validator of `schema` (one without `$ref`s) as a route's, compiled once per process; its `errors` are Ajv's. */
export function standaloneValidator(schema: unknown): Validator & { errors?: unknown } {
  return cachingValidatorBuilder({}, VALIDATOR_OPTIONS)({ schema });
}

/**
 * As Fastify's option declares it: the package's declared compile signature takes a bare schema,
 * while Fastify calls it, as at run time, with the route's `{ schema, method, url, httpPart }`.
 */
export const processWideValidators = cachingValidatorBuilder as unknown as BuildCompilerFromPool;
