// The `schema` namespace of the public API: `schema.Array`, `schema.Collection`, ...
export { All } from './All';
export { ArraySchema as Array } from './Array';
export { Collection, CollectionAdder } from './Collection';
export { CollectionMover, CollectionRemover } from './CollectionEdits';
export { Invalidate } from './Invalidate';
export { ObjectSchema as Object } from './Object';
export { Query } from './Query';
export { Union } from './Union';
export { Values } from './Values';
// `schema.Entity(Class, options)` is Data Client's mixin; the base class is the top-level `Entity`.
export { EntityMixin as Entity } from './EntityMixin';
