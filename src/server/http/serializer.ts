import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeParse, type z } from 'zod';

/**
 * zod node types whose encode (output -> input) is not their parse: a codec or transform (both a
 * 'pipe' or 'transform' node), a default or prefault (filled in one direction only), a catch. A
 * response schema holds none of them (responseSchemaIsSymmetric checks it when a route is built).
 */
const DIRECTIONAL = new Set(['pipe', 'transform', 'default', 'prefault', 'catch', 'success']);

/** A zod schema object (zod 4 core): every node carries its definition under _zod.def. */
function isZod(value: unknown): value is z.core.$ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The directional node types in a schema, by walking every child schema of its definition once (lazy getters included). */
export function directionalNodesOf(schema: z.core.$ZodType): string[] {
  const found = new Set<string>();
  const seen = new Set<z.core.$ZodType>();
  const walk = (node: z.core.$ZodType): void => {
    if (seen.has(node)) return;
    seen.add(node);
    const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
    if (DIRECTIONAL.has(def.type)) found.add(def.type);
    if (def.type === 'lazy' && typeof def.getter === 'function') walk((def.getter as () => z.core.$ZodType)());
    for (const value of Object.values(def)) visit(value);
  };
  const visit = (value: unknown): void => {
    if (isZod(value)) walk(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) Object.values(value).forEach(visit);
  };
  walk(schema);
  return [...found].sort();
}

/**
 * The response serializer of every route (decision 044): the route's zod schema checks the answer
 * and strips what it does not declare, then JSON.stringify writes it. It parses rather than
 * encodes: fastify-type-provider-zod's serializer calls zod's encode, which skips zod's compiled
 * object parser and cost three times as much (240 vs 76 µs for the current loan's answer). For a
 * schema with no codec, transform, default or catch the two give the same result and the same
 * refusals, so a route whose response schema holds one is refused when it is built.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.core.$ZodType> = ({ schema, method, url }) => {
  const zodSchema = responseSchemaOf(schema);
  const directional = directionalNodesOf(zodSchema);
  if (directional.length > 0) {
    throw new Error(`${method} ${url}: a response schema must read the same both ways; it holds ${directional.join(', ')} (src/server/http/serializer.ts)`);
  }
  return (data) => {
    const result = safeParse(zodSchema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

/** The zod schema Fastify hands the compiler: the schema itself, or wrapped as `properties` (as fastify-type-provider-zod accepts). */
function responseSchemaOf(schema: unknown): z.core.$ZodType {
  if (isZod(schema)) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema && isZod((schema as { properties: unknown }).properties)) {
    return (schema as { properties: z.core.$ZodType }).properties;
  }
  throw new Error(`not a zod response schema: ${JSON.stringify(schema)}`);
}
