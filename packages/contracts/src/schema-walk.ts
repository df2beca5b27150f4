import type { $ZodType } from 'zod/v4/core';

// Walks an input schema the way a request fills it, for the tests that prove every string a client sends is a
// ZText or a named format (issue 28). Not exported from the index: only tests use it.

/** Where a string sits in an input: object keys and array indexes (0 for "an element"). */
export type InputPath = (string | number)[];

export interface StringLeaf {
  path: InputPath;
  schema: $ZodType;
}

interface Def {
  type: string;
  shape?: Record<string, $ZodType>;
  innerType?: $ZodType;
  in?: $ZodType;
  options?: $ZodType[];
  element?: $ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  items?: $ZodType[];
  valueType?: $ZodType;
  getter?: () => $ZodType;
}

const defOf = (schema: $ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose input is their inner schema's input. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'nonoptional', 'readonly', 'catch']);

/**
 * Every string schema a client's value reaches, with its path. A pipe is walked on its input side only (the
 * output side checks what a transform made, not what was sent); every option of a union is walked.
 */
export const stringLeaves = (schema: $ZodType, path: InputPath = []): StringLeaf[] => {
  const def = defOf(schema);
  if (def.type === 'string') return [{ path, schema }];
  if (WRAPPERS.has(def.type) && def.innerType) return stringLeaves(def.innerType, path);
  if (def.type === 'pipe' && def.in) return stringLeaves(def.in, path);
  if (def.type === 'lazy' && def.getter) return stringLeaves(def.getter(), path);
  if (def.type === 'object' && def.shape)
    return Object.entries(def.shape).flatMap(([key, field]) => stringLeaves(field, [...path, key]));
  if (def.type === 'union' && def.options) return def.options.flatMap((o) => stringLeaves(o, path));
  if (def.type === 'array' && def.element) return stringLeaves(def.element, [...path, 0]);
  if (def.type === 'tuple' && def.items)
    return def.items.flatMap((item, i) => stringLeaves(item, [...path, i]));
  if (def.type === 'record' && def.valueType) return stringLeaves(def.valueType, [...path, 'key']);
  return [];
};

const accepts = (schema: $ZodType, value: unknown): boolean =>
  (schema as unknown as { '~standard': { validate(v: unknown): { issues?: unknown } } })[
    '~standard'
  ].validate(value).issues === undefined;

/**
 * Valid inputs for `schema`, one per union option (at least one): each string leaf gets the first of
 * `candidates` its own schema accepts, so the inputs stay valid as fields are added. Throws, naming the path,
 * when no candidate fits a string (add one that does).
 */
export const sampleInputs = (
  schema: $ZodType,
  candidates: readonly string[],
  path: InputPath = [],
  /** What an enclosing pipe also requires of the value (its output side's checks). */
  fits: (value: unknown) => boolean = () => true,
): unknown[] => {
  const def = defOf(schema);
  const here = path.join('.') || '(root)';
  switch (def.type) {
    case 'string': {
      const fit = candidates.find((c) => accepts(schema, c) && fits(c));
      if (fit === undefined) throw new Error(`no sample string fits ${here}`);
      return [fit];
    }
    case 'number':
    case 'int': {
      const fit = [1, 0, 10, 60, 1000].find((n) => accepts(schema, n));
      if (fit === undefined) throw new Error(`no sample number fits ${here}`);
      return [fit];
    }
    case 'boolean':
      return [false];
    case 'literal':
      return [def.values?.[0]];
    case 'enum':
      return [Object.values(def.entries ?? {})[0]];
    case 'null':
      return [null];
    case 'pipe':
      return sampleInputs(def.in as $ZodType, candidates, path, (v) => accepts(schema, v) && fits(v));
    case 'lazy':
      return sampleInputs((def.getter as () => $ZodType)(), candidates, path);
    case 'union':
      return (def.options ?? []).flatMap((o) => sampleInputs(o, candidates, path));
    case 'array':
      return sampleInputs(def.element as $ZodType, candidates, [...path, 0]).map((v) => [v]);
    case 'object': {
      const fields = Object.entries(def.shape ?? {}).map(
        ([key, field]) => [key, sampleInputs(field, candidates, [...path, key])] as const,
      );
      const count = Math.max(1, ...fields.map(([, values]) => values.length));
      return Array.from({ length: count }, (_, i) =>
        Object.fromEntries(fields.map(([key, values]) => [key, values[Math.min(i, values.length - 1)]])),
      );
    }
    default:
      if (WRAPPERS.has(def.type) && def.innerType) return sampleInputs(def.innerType, candidates, path, fits);
      throw new Error(`cannot sample a ${def.type} at ${here}`);
  }
};

/** A copy of `input` with the value at `path` replaced (arrays and objects along the way are copied). */
export const withValueAt = (input: unknown, path: InputPath, value: unknown): unknown => {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...InputPath];
  const copy = (Array.isArray(input) ? [...input] : { ...(input as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withValueAt(copy[head], rest, value);
  return copy;
};

/** True when `input` has a value (possibly null) at `path`. */
export const hasPath = (input: unknown, path: InputPath): boolean => {
  let at: unknown = input;
  for (const key of path) {
    if (at === null || typeof at !== 'object' || !(key in at)) return false;
    at = (at as Record<string | number, unknown>)[key];
  }
  return true;
};
