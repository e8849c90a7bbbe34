import Fastify from 'fastify';
import { serializerCompiler as encodingSerializer } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { directionalNodesOf, responseSerializerCompiler } from './serializer';
import { ALL_ROUTES } from '../../shared/api';

const answer = z.object({
  id: z.string(),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  status: z.enum(['OPEN', 'CLOSED']),
  note: z.string().nullable(),
  items: z.array(z.object({ n: z.number().int(), at: z.iso.datetime() })),
  kind: z.discriminatedUnion('kind', [z.object({ kind: z.literal('a'), a: z.number() }), z.object({ kind: z.literal('b') })]),
  extra: z.record(z.string(), z.number()).optional(),
});

function serializeWith(compiler: typeof responseSerializerCompiler, data: unknown): { ok: true; json: string } | { ok: false } {
  const serialize = compiler({ schema: answer, method: 'GET', url: '/x', httpStatus: '200' } as never);
  try {
    return { ok: true, json: serialize(data) };
  } catch {
    return { ok: false };
  }
}

describe('response serializer (decision 044)', () => {
  const good = {
    id: 'L1',
    amount: '100.00',
    status: 'OPEN',
    note: null,
    items: [{ n: 1, at: '2026-11-25T00:00:00.000Z' }],
    kind: { kind: 'a', a: 2 },
    secret: 'never sent',
  };
  const cases: [string, unknown][] = [
    ['a good answer with an undeclared field', good],
    ['a wrong enum value', { ...good, status: 'FROZEN' }],
    ['a float where an integer is declared', { ...good, items: [{ n: 1.5, at: '2026-11-25T00:00:00.000Z' }] }],
    ['a missing field', { ...good, note: undefined }],
    ['a bad amount', { ...good, amount: '1e3' }],
    ['an unknown union member', { ...good, kind: { kind: 'c' } }],
    ['a record with a wrong value', { ...good, extra: { x: 'y' } }],
  ];
  for (const [name, data] of cases) {
    it(`answers as fastify-type-provider-zod's encoding serializer does: ${name}`, () => {
      const ours = serializeWith(responseSerializerCompiler, data);
      const theirs = serializeWith(encodingSerializer as unknown as typeof responseSerializerCompiler, data);
      expect(ours).toEqual(theirs);
    });
  }

  it('strips what the schema does not declare', () => {
    const out = serializeWith(responseSerializerCompiler, good);
    expect(out.ok && JSON.parse(out.json)).not.toHaveProperty('secret');
  });

  it('refuses, when a route is built, a response schema that reads differently both ways', () => {
    const schemas = [
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.array(z.string().default('x')) }),
      z.object({ a: z.union([z.number(), z.string().catch('y')]) }),
      z.object({ a: z.lazy(() => z.object({ b: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }) })) }),
    ];
    for (const schema of schemas) {
      expect(() => responseSerializerCompiler({ schema, method: 'GET', url: '/y', httpStatus: '200' } as never)).toThrow(/must read the same both ways/);
    }
    expect(directionalNodesOf(answer)).toEqual([]);
  });

  it('every response schema of the route table reads the same both ways', () => {
    let checked = 0;
    for (const { name, route } of ALL_ROUTES) {
      for (const schema of Object.values(route.response)) {
        expect(directionalNodesOf(schema as z.ZodType), name).toEqual([]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('is what a Fastify app built with it answers, and a bad answer is a serialization error', async () => {
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(responseSerializerCompiler as never);
    app.get('/ok', { schema: { response: { 200: answer } } }, async () => good);
    app.get('/bad', { schema: { response: { 200: answer } } }, async () => ({ ...good, status: 'FROZEN' }));
    await app.ready();
    const ok = await app.inject({ method: 'GET', url: '/ok' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).not.toHaveProperty('secret');
    const bad = await app.inject({ method: 'GET', url: '/bad' });
    expect(bad.statusCode).toBe(500);
    await app.close();
  });
});
