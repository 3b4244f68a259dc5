// The demo's own REST API: an in-memory issue tracker, seeded on start, with switches that make it
// slow, answer writes out of order, fail a write, or go down; plus a Server-Sent Events stream of
// what happens (the activity feed). Mount `handler` on any node:http server.
import type http from 'node:http';

/** A person issues are assigned to. */
export interface PersonRecord {
  id: number;
  name: string;
  version: number;
}

/** An issue as stored; answers embed the assignee as a person object. */
export interface IssueRecord {
  id: number;
  title: string;
  status: 'open' | 'closed';
  assigneeId: number | null;
  /** Bumped by every write; clients keep the highest they saw (`useIncoming`). */
  version: number;
}

/** A comment on an issue. */
export interface CommentRecord {
  id: number;
  issueId: number;
  authorId: number;
  text: string;
}

/** One line of the activity feed. */
export interface ActivityRecord {
  id: number;
  text: string;
  at: number;
}

/** The switches of the control panel (`GET`/`PATCH /api/controls`, never affected by them). */
export interface DemoControls {
  /** The id of this singleton, so the client can store it as an entity. */
  id: 'server';
  /** Delay of every answer (ms). */
  latency: number;
  /** When true, writes are answered in reverse order of arrival (they are applied in arrival order). */
  outOfOrder: boolean;
  /** When true, the next write answers 500 and changes nothing; it disarms itself. */
  failNextWrite: boolean;
  /** When true, every other request answers 503. */
  down: boolean;
  /** When true, the first try of each read answers 503 and the next one works (the client retries). */
  flaky: boolean;
}

/** How many activity lines one page of `GET /activity` holds. */
const ACTIVITY_PAGE = 8;
/** How much longer than other requests `GET /search` takes (ms): long enough to type again. */
const SEARCH_DELAY = 800;

const seedPeople: PersonRecord[] = [
  { id: 1, name: 'Ada', version: 1 },
  { id: 2, name: 'Grace', version: 1 },
  { id: 3, name: 'Linus', version: 1 },
];

const seedIssues: IssueRecord[] = [
  { id: 1, title: 'Login button does nothing on Safari', status: 'open', assigneeId: 1, version: 1 },
  { id: 2, title: 'Export to CSV drops the header row', status: 'open', assigneeId: 2, version: 1 },
  { id: 3, title: 'Dark mode colors are too faint', status: 'closed', assigneeId: 1, version: 1 },
  { id: 4, title: 'Search ignores accents', status: 'open', assigneeId: 3, version: 1 },
  { id: 5, title: 'Settings page loads twice', status: 'open', assigneeId: null, version: 1 },
];

const historyVerbs = ['opened', 'commented on', 'closed', 'reopened', 'relabeled', 'assigned'];

/** Older activity, so the feed has pages to load: `count` lines, newest first, a minute apart. */
function seedHistory(count: number, now: number): ActivityRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const id = count - i;
    const who = seedPeople[id % seedPeople.length].name;
    return { id, text: `${who} ${historyVerbs[id % historyVerbs.length]} #${(id % 5) + 1} (history)`, at: now - (i + 1) * 60_000 };
  });
}

const seedComments: Omit<CommentRecord, 'id'>[] = [
  { issueId: 1, authorId: 2, text: 'Reproduced on Safari 17.' },
  { issueId: 1, authorId: 1, text: 'The click handler is attached too late; fixing.' },
  { issueId: 2, authorId: 3, text: 'Only when the first column is empty.' },
  { issueId: 4, authorId: 1, text: 'Normalize both sides with NFD.' },
];

/** Builds the API with fresh seed data. */
export function createIssueApi(initial: Partial<Omit<DemoControls, 'id'>> = {}) {
  const controls: DemoControls = { id: 'server', latency: 400, outOfOrder: false, failNextWrite: false, down: false, flaky: false, ...initial };
  const people = new Map(seedPeople.map((p) => [p.id, { ...p }]));
  const issues = new Map(seedIssues.map((i) => [i.id, { ...i }]));
  const comments = seedComments.map((c, i) => ({ id: i + 1, ...c }));
  const activity: ActivityRecord[] = seedHistory(40, Date.now());
  const pinned: number[] = [];
  /** Read URLs whose first try failed while `flaky` is on: their next try works. */
  const failedOnce = new Set<string>();
  let nextIssueId = issues.size + 1;
  let nextActivityId = activity.length + 1;
  const streams = new Set<http.ServerResponse>();
  /** Answers of writes held while `outOfOrder` is on; sent newest first once writes stop arriving. */
  let held: (() => void)[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const personOf = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  const issueJson = (issue: IssueRecord) => {
    const { assigneeId, ...rest } = issue;
    return { ...rest, assignee: personOf(assigneeId) };
  };
  const commentJson = ({ authorId, ...rest }: CommentRecord) => ({ ...rest, author: personOf(authorId) });

  function broadcast(event: string, data: unknown): void {
    for (const stream of streams) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
  function log(text: string, issue?: IssueRecord): void {
    const entry = { id: nextActivityId++, text, at: Date.now() };
    activity.unshift(entry);
    broadcast('activity', { activity: entry, issue: issue && issueJson(issue) });
  }

  function send(res: http.ServerResponse, status: number, body?: unknown): void {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  }

  function holdAnswer(answer: () => void): void {
    held.push(answer);
    clearTimeout(flushTimer);
    flushTimer = setTimeout(() => {
      const answers = held.reverse();
      held = [];
      answers.forEach((a, i) => setTimeout(a, i * 150));
    }, 600);
  }

  /** Applies a write now; its answer goes out at once or, with `outOfOrder`, later and newest first. */
  function write(res: http.ServerResponse, apply: () => [number, unknown?]): void {
    if (controls.failNextWrite) {
      controls.failNextWrite = false;
      broadcast('controls', controls);
      return send(res, 500, { message: 'the demo server was told to fail this write' });
    }
    const [status, body] = apply();
    if (controls.outOfOrder) holdAnswer(() => send(res, status, body));
    else send(res, status, body);
  }

  function route(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const path = url.pathname;
    let m: RegExpExecArray | null;

    if (path === '/issues') {
      if (method === 'GET') {
        const status = url.searchParams.get('status');
        return send(res, 200, [...issues.values()].filter((i) => status === null || i.status === status).map(issueJson));
      }
      if (method === 'POST') {
        return write(res, () => {
          const assignee = body.assignee as { id?: number } | number | null | undefined;
          const assigneeId = typeof assignee === 'number' ? assignee : (assignee?.id ?? null);
          const issue: IssueRecord = { id: nextIssueId++, title: String(body.title ?? ''), status: 'open', assigneeId, version: 1 };
          issues.set(issue.id, issue);
          log(`#${issue.id} “${issue.title}” was opened`, issue);
          return [201, issueJson(issue)];
        });
      }
    }
    if ((m = /^\/issues\/(\d+)$/.exec(path))) {
      const issue = issues.get(Number(m[1]));
      if (!issue) return send(res, 404, { message: `issue ${m[1]} not found` });
      if (method === 'GET') return send(res, 200, issueJson(issue));
      if (method === 'PATCH') {
        return write(res, () => {
          issue.version++;
          if (typeof body.title === 'string' && body.title !== issue.title) {
            issue.title = body.title;
            log(`#${issue.id} renamed to “${body.title}”`, issue);
          }
          if ((body.status === 'open' || body.status === 'closed') && body.status !== issue.status) {
            issue.status = body.status;
            log(`#${issue.id} ${issue.status === 'closed' ? 'closed' : 'reopened'}`, issue);
          }
          return [200, issueJson(issue)];
        });
      }
      if (method === 'DELETE') {
        return write(res, () => {
          issues.delete(issue.id);
          if (pinned.includes(issue.id)) pinned.splice(pinned.indexOf(issue.id), 1);
          log(`#${issue.id} “${issue.title}” was deleted`);
          return [200, { id: issue.id }];
        });
      }
    }
    if ((m = /^\/issues\/(\d+)\/comments$/.exec(path)) && method === 'GET') {
      return send(res, 200, comments.filter((c) => c.issueId === Number(m![1])).map(commentJson));
    }
    if (path === '/people' && method === 'GET') return send(res, 200, [...people.values()]);
    if ((m = /^\/people\/(\d+)$/.exec(path))) {
      const person = people.get(Number(m[1]));
      if (!person) return send(res, 404, { message: `person ${m[1]} not found` });
      if (method === 'GET') return send(res, 200, person);
      if (method === 'PATCH') {
        return write(res, () => {
          const before = person.name;
          person.version++;
          if (typeof body.name === 'string') person.name = body.name;
          log(`${before} is now called ${person.name}`);
          return [200, { ...person }];
        });
      }
    }
    if (path === '/activity' && method === 'GET') {
      // Pages by cursor: the lines older than `before` (an activity id), newest first.
      const before = Number(url.searchParams.get('before') ?? Infinity);
      return send(res, 200, activity.filter((a) => a.id < before).slice(0, ACTIVITY_PAGE));
    }
    if (path === '/search' && method === 'GET') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return send(res, 200, [...issues.values()].filter((i) => q !== '' && i.title.toLowerCase().includes(q)).map(issueJson));
    }
    if (path === '/pinned') {
      if (method === 'GET') return send(res, 200, pinned.map((id) => issues.get(id)).filter((i) => i !== undefined).map(issueJson));
      const issue = issues.get(Number(body.id));
      if (!issue) return send(res, 404, { message: `issue ${String(body.id)} not found` });
      // POST pins the issue of the body, PATCH unpins it (what `getList.push` and `getList.remove` send).
      if (method === 'POST' || method === 'PATCH') {
        return write(res, () => {
          const at = pinned.indexOf(issue.id);
          if (method === 'POST' && at < 0) pinned.push(issue.id);
          if (method === 'PATCH' && at >= 0) pinned.splice(at, 1);
          return [200, issueJson(issue)];
        });
      }
    }
    send(res, 404, { message: `no route for ${method} ${path}` });
  }

  /** A teammate (someone else) changes an issue: only the event stream tells the page. */
  function teammateEdit(): void {
    const open = [...issues.values()];
    const issue = open[Math.floor(Math.random() * open.length)];
    if (!issue) return;
    issue.status = issue.status === 'open' ? 'closed' : 'open';
    issue.version++;
    log(`Teammate ${issue.status === 'closed' ? 'closed' : 'reopened'} #${issue.id}`, issue);
  }

  function handleControls(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    if (req.method === 'PATCH') {
      const patch = (raw ? JSON.parse(raw) : {}) as Partial<DemoControls>;
      if (typeof patch.latency === 'number') controls.latency = Math.max(0, Math.min(5000, patch.latency));
      for (const flag of ['outOfOrder', 'failNextWrite', 'down', 'flaky'] as const) {
        if (typeof patch[flag] === 'boolean') controls[flag] = patch[flag];
      }
      broadcast('controls', controls);
    }
    send(res, 200, controls);
  }

  function openStream(req: http.IncomingMessage, res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': open\n\n');
    streams.add(res);
    req.on('close', () => streams.delete(res));
  }

  return {
    controls,
    issues,
    people,
    pinned,
    activity,
    teammateEdit,
    /** Handles a request whose URL has the `/api` prefix removed. */
    handler(req: http.IncomingMessage, res: http.ServerResponse): void {
      const path = (req.url ?? '/').split('?')[0];
      if (path === '/events') return openStream(req, res);
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        try {
          if (path === '/controls') return handleControls(req, res, raw);
          if (path === '/teammate' && req.method === 'POST') {
            teammateEdit();
            return send(res, 204);
          }
          const delay = controls.latency + (path === '/search' ? SEARCH_DELAY : 0);
          setTimeout(() => {
            if (controls.down) return send(res, 503, { message: 'the demo server is down' });
            if (controls.flaky && req.method === 'GET') {
              const url = req.url ?? '/';
              if (!failedOnce.delete(url)) {
                failedOnce.add(url);
                return send(res, 503, { message: 'the demo server is flaky: the first try of a read fails' });
              }
            }
            try {
              route(req, res, raw);
            } catch (error) {
              send(res, 400, { message: String(error) });
            }
          }, delay);
        } catch (error) {
          send(res, 400, { message: String(error) });
        }
      });
    },
  };
}

/** The demo API's type. */
export type IssueApi = ReturnType<typeof createIssueApi>;
