import fc from 'fast-check';
import { compile, parse } from 'path-to-regexp';
import { buildPath, shortenPath } from 'rest-slice';
import { joinUrl } from '../../src/rest/paths';
import { propertyParameters } from '../property/runs';

describe('buildPath', () => {
  it('builds the seed GitHub search path', () => {
    expect(
      buildPath('/search/issues\\?q=:q?%20repo\\::owner/:repo&page=:page?', {
        q: 'bug',
        owner: 'facebook',
        repo: 'react',
        page: 2,
      }),
    ).toBe('/search/issues?q=bug%20repo:facebook/react&page=2');
  });

  it('appends further params with & when the path has a ?', () => {
    expect(
      buildPath('/search/issues\\?q=:q?%20repo\\::owner/:repo&page=:page?', {
        owner: 'facebook',
        repo: 'react',
        sort: 'created',
      }),
    ).toBe('/search/issues?q=%20repo:facebook/react&page=&sort=created');
  });

  it('encodes path params so they stay inside their segment', () => {
    expect(buildPath('/todos/:id', { id: '../admin' })).toBe('/todos/..%2Fadmin');
    expect(buildPath('/files/:name', { name: 'a b?c#d' })).toBe('/files/a%20b%3Fc%23d');
  });

  it('sorts search params and leaves out undefined and null', () => {
    expect(buildPath('/todos', { z: 1, a: 'x y', u: undefined, n: null, tags: ['a', 'b'] })).toBe(
      '/todos?a=x+y&tags=a&tags=b&z=1',
    );
  });

  it('treats an escaped colon as text', () => {
    expect(buildPath('/time\\:now/:id', { id: 3 })).toBe('/time:now/3');
  });

  it('leaves out an absent optional param', () => {
    expect(buildPath('/users/:userId/todos/:id?', { userId: 1 })).toBe('/users/1/todos');
  });

  it('throws naming the missing param and the path', () => {
    expect(() => buildPath('/users/:userId/todos/:id', { id: 1 })).toThrow(
      "[rest-slice] `url` is missing the param 'userId' of the path '/users/:userId/todos/:id'",
    );
    expect(() => buildPath('/todos/:id', { id: null })).toThrow("missing the param 'id'");
  });
  it('names the caller through a function only when it throws', () => {
    const names: string[] = [];
    const owner = () => {
      names.push('asked');
      return '`Todo.get`';
    };
    expect(buildPath('/todos/:id', { id: 5, sort: 'title' }, owner)).toBe('/todos/5?sort=title');
    expect(names).toEqual([]);
    expect(() => buildPath('/todos/:id', { sort: 'title' }, owner)).toThrow(
      "[rest-slice] `Todo.get` is missing the param 'id' of the path '/todos/:id'; pass it in the params object",
    );
    expect(() => buildPath('/todos', { q: Symbol('q') }, owner)).toThrow("[rest-slice] `Todo.get` search param 'q' is a Symbol");
    expect(names).toEqual(['asked', 'asked']);
  });

  it('takes only own members as search params, and none when every member is a path param', () => {
    const params = Object.assign(Object.create({ inherited: 'x' }) as object, { id: 7 });
    expect(buildPath('/todos/:id', params)).toBe('/todos/7');
    expect(buildPath('/todos/:id', { id: 7, page: undefined, sort: null })).toBe('/todos/7');
    expect(buildPath('/todos/:id', { id: 7, tag: ['a', 'b'] })).toBe('/todos/7?tag=a&tag=b');
  });
});

describe('joinUrl', () => {
  it('adds no slash for a path of just `/` after a prefix ending in a path segment', () => {
    expect(joinUrl('https://api.example.com/todos', '/')).toBe('https://api.example.com/todos');
    expect(joinUrl('https://api.example.com/todos', '/?page=2')).toBe('https://api.example.com/todos?page=2');
    expect(joinUrl('/api/todos', '/')).toBe('/api/todos');
  });

  it('keeps the `/` after a bare origin, a prefix ending in `/`, or no prefix; longer paths are appended as they are', () => {
    expect(joinUrl('https://api.example.com', '/')).toBe('https://api.example.com/');
    expect(joinUrl('//api.example.com', '/?page=2')).toBe('//api.example.com/?page=2');
    expect(joinUrl('https://api.example.com/todos/', '/')).toBe('https://api.example.com/todos//');
    expect(joinUrl('', '/')).toBe('/');
    expect(joinUrl('https://api.example.com/users', '/7')).toBe('https://api.example.com/users/7');
  });

  it('reads a path written from the list path `/` (`${getList.path}/values`) as the list URL and the rest', () => {
    expect(joinUrl('https://api.example.com/todos', '//values')).toBe('https://api.example.com/todos/values');
    expect(joinUrl('https://api.example.com', '//values?page=2')).toBe('https://api.example.com/values?page=2');
    // With no prefix, nothing is joined: the path is the URL as written.
    expect(joinUrl('', '//cdn.example.com/a')).toBe('//cdn.example.com/a');
  });
});

describe('shortenPath', () => {
  it('removes the last path argument', () => {
    expect(shortenPath('/users/:userId/todos/:id')).toBe('/users/:userId/todos');
    expect(shortenPath('/todos/:id')).toBe('/todos');
    expect(shortenPath('/:id')).toBe('/');
  });

  it('ignores escaped colons', () => {
    expect(shortenPath('/a\\:b/:id')).toBe('/a\\:b');
  });

  it('throws for a path with no param', () => {
    expect(() => shortenPath('/todos')).toThrow(
      "[rest-slice] `createResource` needs a path with at least one `:param`, got '/todos'",
    );
  });
});

describe('buildPath fills a template as path-to-regexp compiles it', () => {
  // The path is filled from path-to-regexp's parsed tokens by rest-slice's own code; this checks it
  // against the library's `compile` (encodeURIComponent, no pattern check) over the template forms.
  const templates = [
    '/todos/:id',
    '/users/:userId/todos/:id?',
    '/files/:path+',
    '/files/:path*',
    '/items{-:variant}?',
    '/items/{:variant-v}?',
    '/range/{:from-x}/:to',
    '/search\\?q=:q?%20repo\\::owner/:repo&page=:page?',
    '/numbers/:n(\\d+)',
    '/:a/:b?/:c',
  ];
  const value = fc.stringMatching(/^[\w %/&?#é\u{1F600}-]{1,6}$/u).filter((text) => !text.includes('.'));

  it('property: the same path for every template and values', () => {
    fc.assert(
      fc.property(fc.constantFrom(...templates), fc.dictionary(fc.constantFrom('id', 'userId', 'path', 'variant', 'from', 'to', 'q', 'owner', 'repo', 'page', 'n', 'a', 'b', 'c'), value), (template, values) => {
        const names = parse(template).flatMap((token) => (typeof token === 'string' ? [] : [String(token.name)]));
        const params = Object.fromEntries(names.filter((name) => name in values).map((name) => [name, values[name]]));
        let expected: string;
        try {
          expected = compile(template, { encode: encodeURIComponent, validate: false })(params);
        } catch {
          return; // a required param missing: buildPath throws its own error, tested above
        }
        expect(buildPath(template, params)).toBe(expected);
      }),
      propertyParameters(300),
    );
  });
});
