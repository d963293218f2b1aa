/**
 * The `{status, code, message, fieldErrors, data}` envelope of every /api answer (docs/decisions.md), and the
 * JSON schemas that describe it. Business outcomes travel with HTTP 200 and the envelope's own status.
 */
import { MESSAGES } from './messages.ts';

export interface FieldError {
  field: string;
  message: string;
}

export interface Envelope<T> {
  status: number;
  code: string;
  message: string;
  fieldErrors: FieldError[];
  data: T | null;
}

export function ok<T>(data: T): Envelope<T> {
  return { status: 200, code: 'ok', message: MESSAGES.ok, fieldErrors: [], data };
}

export function fail(status: number, code: string, message: string, fieldErrors: FieldError[] = []): Envelope<never> {
  return { status, code, message, fieldErrors, data: null };
}

export const sessionExpired = (): Envelope<never> => fail(401, 'invalid_token', MESSAGES.sessionExpired);
/** The same answer to a request that carried no session at all (signed out): nothing expired, the user logs in. */
export const loginRequired = (): Envelope<never> => fail(401, 'invalid_token', MESSAGES.loginRequired);

/** A JSON schema object; kept loose because fastify, ajv and swagger each read a different part of it. */
export type JsonSchema = Record<string, unknown>;

const fieldErrorSchema: JsonSchema = {
  type: 'object',
  properties: { field: { type: 'string' }, message: { type: 'string' } },
  required: ['field', 'message'],
};

/** Response schema of an envelope whose `data` follows `dataSchema` on success and is null otherwise. */
export function envelopeSchema(dataSchema: JsonSchema, description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties: {
      status: { type: 'integer', description: '200 ok, 400 bad input, 401 no session, 403 forbidden, 404, 500' },
      code: { type: 'string' },
      message: { type: 'string', description: 'Bilingual `中文|||English` text' },
      fieldErrors: { type: 'array', items: fieldErrorSchema },
      data: { anyOf: [dataSchema, { type: 'null' }] },
    },
    required: ['status', 'code', 'message', 'fieldErrors', 'data'],
  };
}

/** `{ 200: envelope }`, the response map of almost every route. */
export function envelopeResponse(dataSchema: JsonSchema, description?: string): Record<number, JsonSchema> {
  return { 200: envelopeSchema(dataSchema, description) };
}

export const anyJson: JsonSchema = {};
export const booleanSchema: JsonSchema = { type: 'boolean' };

/** Query strings carry the client's `_t` anti-cache stamp and `noIntercept`-like flags; both are ignored. */
export const looseQuery = (properties: Record<string, unknown>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties: { _t: { type: 'string' }, ...properties },
  required,
});
