// Deep responses: normalize refuses input nested past MAX_SCHEMA_DEPTH schema levels or (in
// development) rows and results nested past MAX_JSON_DEPTH levels; what it accepts reads back; and a
// read that runs out of stack anyway fails with an error naming the schema.
import { Entity, MAX_JSON_DEPTH, MAX_SCHEMA_DEPTH, denormalize, normalize } from 'rest-slice';
import { MemoCache } from '../../src/schema/MemoCache';
import { normalizeIntoStore } from '../../src/schema/normalize';
import { Node, chain, lengthOf, nested } from '../fixtures/Deep';
import { present } from '../helpers/denormalized';
import { inNodeEnv } from '../helpers/nodeEnv';

class Tree extends Entity {
  id = '';
  children: Tree[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Tree';
}
Tree.schema = { children: [Tree] };

/** `levels` Trees, each the only item of the one before's `children`. */
function treeChain(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { id: `t${levels - 1}` };
  for (let i = levels - 2; i >= 0; i--) node = { id: `t${i}`, children: [node] };
  return node;
}

describe('MAX_SCHEMA_DEPTH', () => {
  it('is 256 and MAX_JSON_DEPTH is 128', () => {
    expect(MAX_SCHEMA_DEPTH).toBe(256);
    expect(MAX_JSON_DEPTH).toBe(128);
  });

  it('a chain of exactly MAX_SCHEMA_DEPTH entities normalizes and reads back, plain and memoized', () => {
    const { result, entities } = normalize(Node, chain(MAX_SCHEMA_DEPTH));
    expect(result).toBe('n0');
    expect(Object.keys(entities.Node)).toHaveLength(MAX_SCHEMA_DEPTH);
    expect(lengthOf(present(denormalize(Node, result, entities)))).toBe(MAX_SCHEMA_DEPTH);
    const memo = new MemoCache();
    const read = present(memo.denormalize(Node, result, entities));
    expect(lengthOf(read)).toBe(MAX_SCHEMA_DEPTH);
    expect(memo.denormalize(Node, result, entities)).toBe(read);
  });

  it('one level more is a TypeError naming the schema, the member and the limit', () => {
    expect(() => normalize(Node, chain(MAX_SCHEMA_DEPTH + 1))).toThrow(
      new TypeError(
        '[rest-slice] the input nests schema `Node` at member `child` deeper than 256 schema levels (`MAX_SCHEMA_DEPTH`); ' +
          'data this deep could not be read back. Have the server send deep references as pks instead of nested objects.',
      ),
    );
  });

  it('counts every schema level: a list inside an entity is a level of its own', () => {
    // Each Tree below the root is two levels (its parent's `children` list and the entity): 128 Trees are 255 levels.
    const { result, entities } = normalize(Tree, treeChain(128));
    expect(Object.keys(entities.Tree)).toHaveLength(128);
    let depth = 0;
    for (let tree: Tree | undefined = present(new MemoCache().denormalize(Tree, result, entities)); tree; tree = tree.children[0]) depth++;
    expect(depth).toBe(128);
    // A list at the root makes it 256, one more Tree 257.
    expect(Object.keys(normalize([Tree], [treeChain(128)]).entities.Tree)).toHaveLength(128);
    // A Tree inside a list is named with the member holding the list.
    expect(() => normalize(Tree, treeChain(129))).toThrow(/the input nests schema `Tree` at member `children` deeper than 256 schema levels/);
    expect(() => normalize([Tree], [treeChain(129)])).toThrow(/deeper than 256 schema levels/);
  });

  it('normalizeIntoStore refuses the same input and returns nothing to store', () => {
    const meta = { fetchedAt: 1, date: 1, expiresAt: 2 };
    expect(normalizeIntoStore(Node, chain(MAX_SCHEMA_DEPTH), [], { entities: {}, entitiesMeta: {} }, meta).result).toBe('n0');
    expect(() => normalizeIntoStore(Node, chain(MAX_SCHEMA_DEPTH + 1), [], { entities: {}, entitiesMeta: {} }, meta)).toThrow(
      /`Node` at member `child` deeper than 256 schema levels/,
    );
  });

  it('a schema whose own normalize runs out of stack is named in the error', () => {
    const recurse = (n: number): number => recurse(n + 1) + 1;
    const runaway = { normalize: () => recurse(0), denormalize: (value: unknown) => value };
    let caught: unknown;
    try {
      normalize({ data: runaway }, { data: 1 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(TypeError);
    expect((caught as Error).message).toBe(
      '[rest-slice] normalize of schema `object` ran out of stack: the input nests too deeply for this JS engine (the limit is `MAX_SCHEMA_DEPTH`, 256 levels).',
    );
    expect((caught as Error).cause).toBeInstanceOf(RangeError);
  });
});

describe('MAX_JSON_DEPTH (development)', () => {
  it('a row exactly MAX_JSON_DEPTH levels deep is stored; one more is a TypeError naming the row, pk and path', () => {
    // The row is a level itself: `{ id, meta: nested(MAX - 1) }` is MAX levels.
    const fits = normalize(Node, { id: 'deep', meta: nested(MAX_JSON_DEPTH - 1) });
    expect((fits.entities.Node.deep as Record<string, unknown>).meta).toEqual(nested(MAX_JSON_DEPTH - 1));
    expect(() => normalize(Node, { id: 'deep', meta: nested(MAX_JSON_DEPTH) })).toThrow(
      new TypeError(
        '[rest-slice] the row of `Node` with pk "deep" nests objects and arrays deeper than 128 levels (`MAX_JSON_DEPTH`) at `meta.a.a.a.a.a.a.a…`; ' +
          "state this deep breaks Redux Toolkit's dev checks and DevTools. Flatten that member, or drop it in `static process()`.",
      ),
    );
  });

  it('arrays count as levels, and the path names their indexes', () => {
    let list: unknown = [1];
    for (let i = 1; i < MAX_JSON_DEPTH - 1; i++) list = [list];
    expect((normalize(Node, { id: 'x', list }).entities.Node.x as Record<string, unknown>).list).toBe(list);
    expect(() => normalize(Node, { id: 'x', other: 1, list: [list] })).toThrow(/at `list\[0\]\[0\]\[0\]\[0\]\[0\]\[0\]\[0\]…`/);
  });

  it('the result is checked too: plain members of an object schema', () => {
    expect(normalize({ node: Node }, { node: { id: 'a' }, extra: nested(MAX_JSON_DEPTH - 1) }).result).toEqual({
      node: 'a',
      extra: nested(MAX_JSON_DEPTH - 1),
    });
    expect(() => normalize({ node: Node }, { node: { id: 'a' }, extra: nested(MAX_JSON_DEPTH) })).toThrow(
      new TypeError(
        '[rest-slice] the result of schema `object` nests objects and arrays deeper than 128 levels (`MAX_JSON_DEPTH`) at `extra.a.a.a.a.a.a.a…`; ' +
          "state this deep breaks Redux Toolkit's dev checks and DevTools. Flatten that member.",
      ),
    );
  });

  it('is not walked in production builds, where nothing walks stored data recursively', () => {
    inNodeEnv('production', () => {
      const deep = nested(MAX_JSON_DEPTH + 10);
      expect((normalize(Node, { id: 'p', meta: deep }).entities.Node.p as Record<string, unknown>).meta).toBe(deep);
      // The schema depth is checked in every build.
      expect(() => normalize(Node, chain(MAX_SCHEMA_DEPTH + 1))).toThrow(/MAX_SCHEMA_DEPTH/);
    });
  });
});

describe('denormalize past the stack', () => {
  // Entities that reference each other by pk across many responses can chain further than one
  // response may nest: a read of such a chain fails with an error naming the schema.
  const LONG = 50_000;
  const entities = {
    Node: Object.fromEntries(Array.from({ length: LONG }, (_, i) => [`n${i}`, i + 1 < LONG ? { id: `n${i}`, child: `n${i + 1}` } : { id: `n${i}` }])),
  };
  const message =
    '[rest-slice] denormalize of schema `Node` ran out of stack: the stored entities nest too deeply for this JS engine. ' +
    'One response is limited to 256 schema levels (`MAX_SCHEMA_DEPTH`), but entities that reference each other by pk across responses can chain further; read a shorter part of the chain.';

  it('plain denormalize throws a RangeError naming the schema, with the engine error as cause', () => {
    let caught: unknown;
    try {
      denormalize(Node, 'n0', entities);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RangeError);
    expect((caught as Error).message).toBe(message);
    expect((caught as Error).cause).toBeInstanceOf(RangeError);
    // A short part of the same chain still reads.
    expect(lengthOf(present(denormalize(Node, `n${LONG - 10}`, entities)))).toBe(10);
  });

  it('memoized denormalize throws the same, and the cache keeps working', () => {
    const memo = new MemoCache();
    expect(() => memo.denormalize([Node], ['n0'], entities)).toThrow(message.replace('`Node`', '`[Node]`'));
    const tail = present(memo.denormalize(Node, `n${LONG - 100}`, entities));
    expect(lengthOf(tail)).toBe(100);
    expect(memo.denormalize(Node, `n${LONG - 100}`, entities)).toBe(tail);
  });
});
