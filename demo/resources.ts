// The demo's resource definitions: the same file would work with @data-client/rest.
import { createResource, Entity, RestEndpoint, schema, type LiveController } from 'rest-slice';

/** Lines in one page of the activity feed (the server's page size). */
const ACTIVITY_PAGE = 8;

/**
 * The server bumps `version` on every write: an answer that arrives late with an older version never
 * replaces a newer one (two writes answered out of order, a teammate's event racing your write).
 */
function newerVersion(existingMeta: unknown, incomingMeta: unknown, existing: { version: number }, incoming: { version: number }) {
  return !(existing.version > incoming.version);
}

/** A person; issues and comments reference one, so a rename shows everywhere. */
export class Person extends Entity {
  id = 0;
  name = '';
  version = 0;
  pk() {
    return String(this.id);
  }
  static key = 'Person';
  static useIncoming = newerVersion;
}

/** An issue with its assignee nested (stored once, in the Person table). */
export class Issue extends Entity {
  id = 0;
  title = '';
  status: 'open' | 'closed' = 'open';
  assignee: Person | null = null;
  version = 0;
  pk() {
    return String(this.id);
  }
  static key = 'Issue';
  static useIncoming = newerVersion;
  static schema = { assignee: Person };
}

/** A comment on an issue. */
export class Comment extends Entity {
  id = 0;
  issueId = 0;
  text = '';
  author: Person | null = null;
  pk() {
    return String(this.id);
  }
  static key = 'Comment';
  static schema = { author: Person };
}

/** One line of the activity feed. */
export class Activity extends Entity {
  id = 0;
  text = '';
  at = 0;
  pk() {
    return String(this.id);
  }
  static key = 'Activity';
}

/** The demo server's switches, stored like any entity (one row, id `server`). */
export class Controls extends Entity {
  id = 'server';
  latency = 0;
  outOfOrder = false;
  failNextWrite = false;
  down = false;
  flaky = false;
  pk() {
    return this.id;
  }
  static key = 'Controls';
}

/** What the event stream sends. */
interface ActivityEvent {
  activity: { id: number; text: string; at: number };
  issue?: Record<string, unknown>;
}

/** Every resource of the demo, against the API at `urlPrefix` (e.g. `http://127.0.0.1:5173/api`). */
export function createResources(urlPrefix: string) {
  // `getList({ status: 'open' })` is one column of the board; `getList.move` moves an issue between columns.
  const IssueResource = createResource({
    urlPrefix,
    path: '/issues/:id',
    schema: Issue,
    optimistic: true,
    searchParams: {} as { status?: 'open' | 'closed' },
  });
  // A slow endpoint (the server takes longer): the search box aborts the request it no longer needs.
  const searchIssues = new RestEndpoint({
    urlPrefix,
    path: '/search',
    searchParams: {} as { q: string },
    schema: [Issue],
    name: 'Issue.search',
  });
  // The pinned issues: `push` pins (POST /pinned), `remove` unpins (PATCH /pinned), both optimistic.
  const getPinned = new RestEndpoint({ urlPrefix, path: '/pinned', schema: new schema.Collection([Issue], { key: 'Pinned' }), name: 'Pinned.getList' });
  const PinnedResource = {
    getList: getPinned,
    pin: getPinned.push.extend({ name: 'Pinned.pin', getOptimisticResponse: (snap, body) => body }),
    unpin: getPinned.remove.extend({ name: 'Pinned.unpin', getOptimisticResponse: (snap, body) => body }),
  };
  const PersonResource = createResource({ urlPrefix, path: '/people/:id', schema: Person, optimistic: true });
  const CommentResource = createResource({ urlPrefix, path: '/issues/:issueId/comments/:id', schema: Comment });
  const getControls = new RestEndpoint({ urlPrefix, path: '/controls', schema: Controls, name: 'Controls.get' });
  const ControlsResource = {
    get: getControls,
    update: getControls.extend({
      method: 'PATCH',
      name: 'Controls.update',
      body: {} as Partial<Omit<Controls, 'id' | 'pk'>>,
      // The row merges with the stored one: only the changed switches are needed.
      getOptimisticResponse(snap, body) {
        return { ...(body as object), id: 'server' };
      },
    }),
  };

  const ActivityResource = createResource({
    urlPrefix,
    path: '/activity/:id',
    schema: Activity,
    searchParams: {} as { before?: number },
  }).extend({
    getList: {
      // An infinite list: each page is the lines older than the last one shown (`Load older`).
      getNextPageParams: (last: readonly { id: number }[], params: { before?: number }) =>
        last.length < ACTIVITY_PAGE ? undefined : { ...params, before: last[last.length - 1].id },
      // Live: while the feed is shown, one EventSource writes each event into the cache with `set`.
      onSubscribe(controller: LiveController) {
        if (typeof EventSource === 'undefined') return undefined;
        const source = new EventSource(`${urlPrefix}/events`);
        source.addEventListener('activity', (event) => {
          const { activity, issue } = JSON.parse((event as MessageEvent<string>).data) as ActivityEvent;
          void controller.set(ActivityResource.getList.schema, {}, (previous: readonly Activity[]) => [
            activity,
            ...previous.filter((a) => a.id !== activity.id),
          ]);
          // Written with the `move` schema: a status change also moves the issue between the board's columns.
          if (issue) void controller.set(IssueResource.getList.move.schema, { id: issue.id }, issue);
        });
        source.addEventListener('controls', (event) => {
          void controller.set(Controls, JSON.parse((event as MessageEvent<string>).data) as object);
        });
        return () => source.close();
      },
    },
  });

  return { IssueResource, PersonResource, CommentResource, ControlsResource, ActivityResource, PinnedResource, searchIssues };
}
