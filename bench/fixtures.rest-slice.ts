// rest-slice's schemas for the data in fixtures.ts. Kept apart from the peers'
// so the suite can load it lazily and still measure the peers when src/ does
// not build.
import { Entity } from 'rest-slice';

class BuildType extends Entity {
  id = '';
  internalId = '';
  name = '';
  type = '';
  paused = false;
  projectId = '';
  pk() {
    return this.id;
  }
  static override key = 'BuildType';
}

class Project extends Entity {
  id = '';
  internalId = '';
  name = '';
  parentProjectId = '';
  archived = false;
  buildTypes: { buildType: BuildType[] } = { buildType: [] };
  pk() {
    return this.id;
  }
  static override key = 'Project';
  static override schema = { buildTypes: { buildType: [BuildType] } };
}

class User extends Entity {
  id = 0;
  login = '';
  name = '';
  pk() {
    return `${this.id}`;
  }
  static override key = 'User';
}

/** rest-slice schemas for the long and the short input. */
export const restSliceSchemas = {
  projects: { project: [Project] },
  user: User,
};
