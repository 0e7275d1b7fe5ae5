import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { inputOf } from './call';
import { fromDecimalText, isTextCheck } from './common';
import { calls } from './index';
import {
  ChatDeliveredRequest,
  ChatJoinRequest,
  ChatLeaveRequest,
  ChatReadRequest,
  ChatSendMessageRequest,
  ChatTypingRequest,
} from './realtime';

interface Def {
  type: string;
  [k: string]: unknown;
}
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;

/** Every string and number leaf of a request schema that does not go through Text / Int / Num. */
function offenders(schema: z.ZodType, path = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) =>
        offenders(v, path ? `${path}.${k}` : k),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return offenders(def.innerType as z.ZodType, path);
    case 'pipe': {
      const input = defOf(def.in);
      if (input.type === 'transform' && input.transform === fromDecimalText) {
        return [];
      }
      return [...offenders(def.in as z.ZodType, path), ...offenders(def.out as z.ZodType, path)];
    }
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => offenders(o, path));
    case 'intersection':
      return [...offenders(def.left as z.ZodType, path), ...offenders(def.right as z.ZodType, path)];
    case 'array':
      return offenders(def.element as z.ZodType, `${path}[]`);
    case 'record':
      return offenders(def.valueType as z.ZodType, `${path}{}`);
    case 'tuple':
      return (def.items as z.ZodType[]).flatMap((o, i) => offenders(o, `${path}[${i}]`));
    case 'string':
      // Formats (email, url...) have patterns that admit no NUL byte.
      return def.format || (def.checks as unknown[] | undefined)?.some(isTextCheck)
        ? []
        : [`${path}: string`];
    case 'number':
    case 'bigint':
      return [`${path}: number`];
    default:
      return [];
  }
}

describe('request schemas: ids, numbers and text each go through one schema (issue 11)', () => {
  it.each(Object.entries(calls))('%s uses Id/Int/Num for numbers and Text for strings', (_, c) => {
    expect(offenders(c.request)).toEqual([]);
  });

  it.each([
    ['join', ChatJoinRequest],
    ['leave', ChatLeaveRequest],
    ['typing', ChatTypingRequest],
    ['send_message', ChatSendMessageRequest],
    ['read', ChatReadRequest],
    ['delivered', ChatDeliveredRequest],
  ] as const)('socket event %s does too', (_, schema) => {
    expect(offenders(schema)).toEqual([]);
  });
});

describe('spec 01 section 7: for non-GET calls the parameters are the body', () => {
  it('only the calls the spec says take a query (delete-post, approve-campaign) read one', () => {
    const nonGetQuery = Object.values(calls)
      .filter((c) => c.method !== 'GET' && inputOf(c) === 'query')
      .map((c) => `${c.method} ${c.path}`);
    expect(nonGetQuery.sort()).toEqual(['DELETE delete-post', 'PATCH approve-campaign']);
  });

  it('signup-code delete (spec 02: "Delete with id") takes its id in the body and keeps ?id= working', () => {
    expect(inputOf(calls.signupCodeDelete)).toBe('body');
    const alsoQuery = Object.values(calls)
      .filter((c) => c.alsoQuery)
      .map((c) => `${c.method} ${c.path}`);
    expect(alsoQuery).toEqual(['DELETE signup/codes']);
  });
});
