// docs/coming-from-rtk-query.md's examples, as written there, must type-check (checked by `tsc --noEmit`).
import { createResource, createRestCache, Entity, RestEndpoint, type RestGenerics } from 'rest-slice';

declare function currentToken(): string;
declare function refreshToken(): Promise<void>;

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  pk() {
    return String(this.id);
  }
  static key = 'Todo';
}

export const TodoResource = createResource({
  urlPrefix: 'https://api.example.com',
  path: '/todos/:id',
  schema: Todo,
  optimistic: true,
});

class AuthedEndpoint<O extends RestGenerics = RestGenerics> extends RestEndpoint<O> {
  override getHeaders(headers: Record<string, string>): Record<string, string> {
    return { ...headers, Authorization: `Bearer ${currentToken()}` };
  }
}
export const Todos = createResource({ path: '/todos/:id', schema: Todo, Endpoint: AuthedEndpoint });

export const cache = createRestCache({
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    if (response.status !== 401) return response;
    await refreshToken();
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Bearer ${currentToken()}`);
    return fetch(input, { ...init, headers });
  },
});
