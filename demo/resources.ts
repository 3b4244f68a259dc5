import { createResource, Entity, RestEndpoint } from 'rest-slice';

/** A todo of the demo API. */
export class Todo extends Entity {
  id: number | undefined = undefined;
  title = '';
  completed = false;
  updatedAt = 0;

  pk() {
    return this.id?.toString();
  }

  static key = 'Todo';

  // The server orders writes by `updatedAt`; a late answer of an older write never wins.
  static useIncoming(existingMeta: unknown, incomingMeta: unknown, existing: Todo, incoming: Todo) {
    return existing.updatedAt <= incoming.updatedAt;
  }
}

/** Stamps each write with the client clock, so the server can order them. */
class StampedEndpoint extends RestEndpoint {
  getRequestInit(body: unknown) {
    if (body && typeof body === 'object' && !(body instanceof FormData)) {
      return super.getRequestInit({ ...(body as object), updatedAt: Date.now() });
    }
    return super.getRequestInit(body);
  }
}

/** The demo's todo resource: optimistic mutations, writes stamped with `updatedAt`. */
export function createTodoResource(urlPrefix: string) {
  return createResource({
    urlPrefix,
    path: '/todos/:id',
    schema: Todo,
    optimistic: true,
    Endpoint: StampedEndpoint,
    body: {} as Partial<Todo>,
  }).extend({
    partialUpdate: {
      // The optimistic row is dated by when the write was triggered, like the request itself.
      getOptimisticResponse(snap, params, body) {
        return { ...params, ...body, updatedAt: snap.fetchedAt };
      },
    },
  });
}
