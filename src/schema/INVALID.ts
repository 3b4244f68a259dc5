/**
 * What denormalize returns for data that was invalidated: an invalidated
 * entity, or a result that requires one. Never stored; the store keeps `null`
 * rows plus `invalidated: true` meta, which is plain JSON.
 */
export const INVALID: unique symbol = Symbol('INVALID');
