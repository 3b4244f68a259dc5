import { describeKind, hasOwn, quote } from './own';

/**
 * For `static validate()`: a message naming the first member of
 * `requiredDefaults` that `processedEntity` lacks (as its own member), or
 * `undefined` when it has them all. As Data Client's helper of the same name.
 *
 * @example
 * class Article extends Entity {
 *   static validate(processed: object) {
 *     return validateRequired(processed, this.defaults);
 *   }
 * }
 */
export function validateRequired(processedEntity: object, requiredDefaults: object): string | undefined {
  if (typeof requiredDefaults !== 'object' || requiredDefaults === null) {
    throw new TypeError(
      `[rest-slice] \`validateRequired\` takes the entity's defaults (an object, e.g. \`this.defaults\`) as its second argument, got ${describeKind(requiredDefaults)}`,
    );
  }
  for (const key of Object.keys(requiredDefaults)) {
    if (!hasOwn(processedEntity, key)) return `missing the required member ${quote(key)}`;
  }
  return undefined;
}
