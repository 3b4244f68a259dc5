import { useController, useSuspense } from 'rest-slice/react';
import { resources, toast } from './store';

const { ControlsResource } = resources;

/** The server's switches; they are cache data too (an entity), updated optimistically and by the event stream. */
export function ControlPanel() {
  const controls = useSuspense(ControlsResource.get);
  const controller = useController();
  const update = (patch: Parameters<typeof ControlsResource.update>[0]) => void controller.fetch(ControlsResource.update, patch);
  return (
    <section className="controls" aria-label="Server controls">
      <label className="latency">
        Latency <output>{controls.latency} ms</output>
        <input
          type="range"
          min={0}
          max={3000}
          step={100}
          value={controls.latency}
          onChange={(e) => update({ latency: Number(e.target.value) })}
          aria-label="Latency"
        />
      </label>
      <label className="switch">
        <input type="checkbox" checked={controls.outOfOrder} onChange={(e) => update({ outOfOrder: e.target.checked })} />
        Answers out of order
      </label>
      <button
        type="button"
        className={controls.failNextWrite ? 'armed' : undefined}
        aria-pressed={controls.failNextWrite}
        onClick={() => update({ failNextWrite: !controls.failNextWrite })}
      >
        {controls.failNextWrite ? '⚠ Next write will fail' : 'Fail the next write'}
      </button>
      <label className={`switch${controls.down ? ' down' : ''}`}>
        <input type="checkbox" checked={controls.down} onChange={(e) => update({ down: e.target.checked })} />
        Server down
      </label>
      <label className={`switch${controls.flaky ? ' flaky' : ''}`} title="The first try of each read answers 503; the cache retries it (retry option)">
        <input type="checkbox" checked={controls.flaky} onChange={(e) => update({ flaky: e.target.checked })} />
        Flaky reads
      </label>
      <button
        type="button"
        onClick={() => {
          void fetch('/api/teammate', { method: 'POST' });
          toast('info', 'A teammate changed an issue on the server: watch the activity feed and the list.');
        }}
      >
        Teammate edits
      </button>
    </section>
  );
}
