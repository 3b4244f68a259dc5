// A walk through rest-slice in plain Node, no React: fetch, a nested entity, optimistic update,
// rollback, out-of-order answers and invalidation against the demo's local API. Run: npm run demo:node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureStore } from '@reduxjs/toolkit';
import { restCache } from 'rest-slice';
import { createIssueApi } from './api';
import { createResources, Issue } from './resources';

async function main() {
  const api = createIssueApi({ latency: 150 });
  const server = http.createServer((req, res) => {
    req.url = (req.url ?? '/').replace(/^\/api/, '');
    api.handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  const { IssueResource, PersonResource } = createResources(url);

  const store = configureStore({
    reducer: { [restCache.reducerPath]: restCache.reducer },
    middleware: (getDefault) => getDefault().concat(restCache.middleware),
  });
  const controller = restCache.controller(store);
  const show = (label: string) => {
    const issues = restCache.selectEntities(store.getState(), Issue);
    const rows = issues.map((i) => `#${i.id} ${i.status === 'closed' ? '✓' : '·'} ${i.title.slice(0, 18).padEnd(18)} @${i.assignee?.name ?? '-'}`);
    console.log(`${label}\n  ${rows.join('\n  ')}`);
  };

  const list = await controller.fetch(IssueResource.getList);
  console.log(`fetched ${list.length} issues from ${url}/issues`);
  show('after fetch');

  const closing = controller.fetch(IssueResource.partialUpdate, { id: 2 }, { status: 'closed' });
  show('optimistic close of #2 (request still in flight)');
  await closing;

  const renaming = controller.fetch(PersonResource.partialUpdate, { id: 1 }, { name: 'Ada L.' });
  show('optimistic rename of Ada: every issue assigned to her shows it');
  await renaming;

  api.controls.failNextWrite = true;
  const failing = controller.fetch(IssueResource.partialUpdate, { id: 4 }, { status: 'closed' });
  show('optimistic close of #4 (this one will fail)');
  await failing.catch((error: Error) => console.log(`rejected: ${error.message}`));
  show('#4 rolled back');

  api.controls.outOfOrder = true;
  const first = controller.fetch(IssueResource.partialUpdate, { id: 5 }, { title: 'first rename' });
  const second = controller.fetch(IssueResource.partialUpdate, { id: 5 }, { title: 'second rename' });
  await Promise.all([first, second]);
  console.log(`out of order: the second answer came first; #5 reads “${restCache.selectEntity(store.getState(), Issue, 5)?.title}”`);
  api.controls.outOfOrder = false;

  await controller.invalidate(IssueResource.getList);
  const after = controller.getResponse(IssueResource.getList, store.getState());
  console.log(`after invalidate: data ${after.data === undefined ? 'missing' : 'present'}, expiryStatus ${after.expiryStatus} (1 = Invalid)`);
  await controller.fetch(IssueResource.getList);

  await controller.fetch(IssueResource.delete, { id: 1 });
  show('after delete of #1');

  server.close();
  server.closeAllConnections();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
