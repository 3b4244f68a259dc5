/** A short name for a schema in error messages: `Todo`, `[Todo]`, `object`. */
export function describeSchema(schema: unknown): string {
  if (schema === null || schema === undefined) return String(schema);
  if (typeof schema === 'function') {
    const key = (schema as { key?: unknown }).key;
    return typeof key === 'string' ? key : schema.name || 'function';
  }
  if (Array.isArray(schema)) return `[${describeSchema(schema[0])}]`;
  if (typeof schema === 'object') {
    const named = schema as { key?: unknown; schema?: unknown; constructor: Function };
    if (typeof named.key === 'string') return named.key;
    if (named.constructor !== Object && named.constructor.name) {
      // The classes keep Data Client's names (`ValuesSchema`); messages use the names users import (`Values`).
      return `${named.constructor.name.replace(/^(Values|Union|All)Schema$/, '$1')}(${describeSchema(named.schema)})`;
    }
    return 'object';
  }
  return typeof schema;
}
