/**
 * Type-level reading of path patterns: which `:name` arguments a path takes,
 * which are optional (`:name?`), and which colons are escaped (`\\:`).
 */

type NameChar =
  | 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm'
  | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
  | 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H' | 'I' | 'J' | 'K' | 'L' | 'M'
  | 'N' | 'O' | 'P' | 'Q' | 'R' | 'S' | 'T' | 'U' | 'V' | 'W' | 'X' | 'Y' | 'Z'
  | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '_';

// `\\x` in a path is a literal `x`: drop both so an escaped `:` never starts a param.
type StripEscapes<S extends string> = S extends `${infer A}\\${string}${infer B}`
  ? S extends `${A}\\${infer C}${B}`
    ? `${A}${C extends ':' ? '' : C}${StripEscapes<B>}`
    : S
  : S;

type TakeName<S extends string, Acc extends string = ''> = S extends `${infer C}${infer R}`
  ? C extends NameChar
    ? TakeName<R, `${Acc}${C}`>
    : [Acc, S]
  : [Acc, S];

// What follows the `}` closing the group a param is in (`{/:id}?`: `?`), or `''` outside a group:
// text after the param up to a `}` with no other param or group in between.
type AfterGroup<After extends string> = After extends `${infer Inside}}${infer Tail}`
  ? Inside extends `${string}${':' | '{'}${string}`
    ? ''
    : Tail
  : '';

// Collects `[required, optional]` param names; a param is optional when marked `?`/`*` itself or its group is.
type Collect<S extends string, Req extends string = never, Opt extends string = never> =
  S extends `${string}:${infer Rest}`
    ? TakeName<Rest> extends [infer N extends string, infer After extends string]
      ? N extends ''
        ? Collect<After, Req, Opt>
        : After extends `?${infer A}` | `*${infer A}`
          ? Collect<A, Req, Opt | N>
          : AfterGroup<After> extends `?${string}` | `*${string}`
            ? Collect<After, Req, Opt | N>
            : After extends `+${infer A}`
            ? Collect<A, Req | N, Opt>
            : Collect<After, Req | N, Opt>
      : [Req, Opt]
    : [Req, Opt];

type Flatten<T> = { [K in keyof T]: T[K] };

/** A value that fills one path argument. */
export type PathValue = string | number;

/** A path template, as a resource factory's type parameter takes it (`<P extends ResourcePath>`), as Data Client names it. */
export type ResourcePath = string;

/** Names of the required arguments of a path: `RequiredPathKeys<'/users/:id/:tab?'>` is `'id'`. */
export type RequiredPathKeys<P extends string> = Collect<StripEscapes<P>>[0];

/** Names of the optional arguments of a path (written `:name?`). */
export type OptionalPathKeys<P extends string> = Collect<StripEscapes<P>>[1];

/**
 * The params a path takes: `PathArgs<'/users/:userId/todos/:id'>` is
 * `{ userId: string | number; id: string | number }`; `:x?` is optional and an
 * escaped `\\:` is not a param. A path with no params gives `{}`.
 */
export type PathArgs<P extends string> = string extends P
  ? Record<string, PathValue | undefined>
  : Flatten<
      { [K in RequiredPathKeys<P>]: PathValue } & { [K in OptionalPathKeys<P>]?: PathValue }
    >;

/** The names of every argument of a path, required or optional. */
export type PathKeys<P extends string> = RequiredPathKeys<P> | OptionalPathKeys<P>;

/**
 * A path minus its last argument, as `createResource` builds `getList`'s path:
 * `ShortenPath<'/users/:userId/todos/:id'>` is `'/users/:userId/todos'`, and a
 * path with one argument gives `'/'`.
 */
export type ShortenPath<P extends string> = string extends P
  ? string
  : P extends `${infer A}/:${infer Rest}`
    ? Rest extends `${string}/:${string}`
      ? `${A}/:${ShortenRest<Rest>}`
      : A extends ''
        ? '/'
        : A
    : P;

type ShortenRest<R extends string> = R extends `${infer A}/:${infer Rest}`
  ? Rest extends `${string}/:${string}`
    ? `${A}/:${ShortenRest<Rest>}`
    : A
  : R;
