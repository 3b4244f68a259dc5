// In development the stored state is frozen all the way down, so a mutation of a row fails loudly and
// Redux Toolkit's immutable check stops at the slice: nested objects, arrays of objects, arrays of pks.
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, Entity, RestEndpoint, type RestCacheState } from 'rest-slice';

class Build extends Entity {
  id = '';
  name = '';
  steps: { run: string; env: string[] }[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Build';
}

class Project extends Entity {
  id = '';
  builds: Build[] = [];
  pk() {
    return this.id;
  }
  static override key = 'Project';
  static override schema = { builds: [Build] };
}

const projects = new RestEndpoint({ urlPrefix: 'http://api.test', path: '/projects', schema: [Project] });

it('in development every member of a stored row and result is frozen: nested objects, arrays of objects, arrays of pks', async () => {
  const cache = createRestCache();
  const store = configureStore({ reducer: { [cache.reducerPath]: cache.reducer }, middleware: (getDefault) => getDefault().concat(cache.middleware) });
  await cache.controller(store).setResponse(projects, [{ id: 'p1', builds: [{ id: 'b1', name: 'one', steps: [{ run: 'make', env: ['CI=1'] }] }] }]);
  const state = (store.getState() as Record<string, RestCacheState>)[cache.reducerPath];
  const build = state.entities.Build?.b1 as { steps: { run: string; env: string[] }[] };
  const project = state.entities.Project?.p1 as { builds: string[] };
  expect(build).toEqual({ id: 'b1', name: 'one', steps: [{ run: 'make', env: ['CI=1'] }] });
  expect(project).toEqual({ id: 'p1', builds: ['b1'] });
  const members = [build, build.steps, build.steps[0], build.steps[0].env, project, project.builds, state.endpoints['GET http://api.test/projects']];
  expect(members.map((member) => Object.isFrozen(member))).toEqual(members.map(() => true));
  expect(() => {
    build.steps[0].env.push('X=1');
  }).toThrow(TypeError);
});
