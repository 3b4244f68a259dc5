import { quote } from './own';

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
  for (const key of Object.keys(requiredDefaults)) {
    if (!Object.prototype.hasOwnProperty.call(processedEntity, key)) return `missing the required member ${quote(key)}`;
  }
  return undefined;
}
