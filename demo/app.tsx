// The demo app: an issue tracker over its own REST API, with a control panel that makes the server
// slow, out of order, failing or down, and an inspector of the cache beside it. Run: npm run demo
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { AsyncBoundary, RestCacheProvider, useController } from 'rest-slice/react';
import { ActivityFeed, People } from './ui/Activity';
import { Board } from './ui/Board';
import { ControlPanel } from './ui/Controls';
import { IssueDetail } from './ui/Detail';
import { Inspector } from './ui/Inspector';
import { OfflineSwitch } from './ui/Offline';
import { IssueList } from './ui/Issues';
import { useRetryError } from './ui/RetryError';
import { Search } from './ui/Search';
import { cache, resources, store } from './ui/store';
import { Toasts } from './ui/Toasts';

function App() {
  const [selected, setSelected] = useState<number | null>(null);
  const controller = useController();
  const ListError = useRetryError('the issues', () => controller.fetch(resources.IssueResource.getList));
  const BoardError = useRetryError('the board', () =>
    Promise.all([controller.fetch(resources.IssueResource.getList, { status: 'open' }), controller.fetch(resources.IssueResource.getList, { status: 'closed' })]),
  );
  const FeedError = useRetryError('the activity', () => controller.fetch(resources.ActivityResource.getList));
  return (
    <div className="layout">
      <header className="top">
        <h1>
          rest-slice <span>issue tracker demo</span>
        </h1>
        <AsyncBoundary fallback={<p className="muted">…</p>}>
          <ControlPanel />
        </AsyncBoundary>
        <OfflineSwitch />
      </header>
      <main>
        <div className="columns">
          <AsyncBoundary fallback={<section className="panel issues"><p className="muted">Loading issues…</p></section>} errorComponent={ListError}>
            <IssueList selected={selected} onSelect={setSelected} />
          </AsyncBoundary>
          <IssueDetail id={selected} />
        </div>
        <div className="columns">
          <AsyncBoundary fallback={<section className="panel board"><p className="muted">Loading the board…</p></section>} errorComponent={BoardError}>
            <Board />
          </AsyncBoundary>
          <Search onSelect={setSelected} />
        </div>
        <AsyncBoundary fallback={null}>
          <People />
        </AsyncBoundary>
        <AsyncBoundary fallback={<section className="panel activity"><p className="muted">Loading activity…</p></section>} errorComponent={FeedError}>
          <ActivityFeed />
        </AsyncBoundary>
      </main>
      <Inspector />
      <Toasts />
    </div>
  );
}

// React logs every error a boundary caught with console.error; here a failed request is expected
// (the control panel causes them) and the boundary shows it, so a short note is enough.
createRoot(document.getElementById('root')!, {
  onCaughtError: (error) => console.info(`[demo] an error boundary shows: ${(error as Error).message}`),
}).render(
  <Provider store={store}>
    <RestCacheProvider cache={cache}>
      <App />
    </RestCacheProvider>
  </Provider>,
);
