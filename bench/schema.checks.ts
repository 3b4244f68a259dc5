// Checks run once on each library's output before it is timed, so that a
// broken adapter (wrong schema, missed memo, empty result) shows up as a
// failure instead of a fast, bogus figure. Each returns a problem or undefined.
import type { ProjectsData, UserData } from './fixtures';

type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return value === null ? 'null' : typeof value;
}

/** Compares two id lists; stored pks are strings, so both sides are compared as strings. */
function sameIds(received: unknown, expected: readonly string[]): boolean {
  return (
    Array.isArray(received) &&
    received.length === expected.length &&
    received.every((id, i) => String(id) === expected[i])
  );
}

function sortedKeys(table: unknown): string[] {
  return isDict(table) ? Object.keys(table).sort() : [];
}

/** `normalize long`: the result lists every project; each table holds every entity, nested ones by id. */
export function checkNormalizedProjects(output: unknown, input: ProjectsData): string | undefined {
  if (!isDict(output) || !isDict(output.result) || !isDict(output.entities)) {
    return `expected { result, entities }, got ${describe(output)}`;
  }
  const projectIds = input.project.map((project) => project.id);
  if (!sameIds(output.result.project, projectIds)) {
    return `expected result.project to list the ${projectIds.length} project ids in order`;
  }
  const buildTypes = input.project.flatMap((project) => project.buildTypes.buildType);
  const { Project, BuildType } = output.entities;
  const expectedProjectKeys = [...projectIds].sort();
  const expectedBuildTypeKeys = buildTypes.map((buildType) => buildType.id).sort();
  if (!isDict(Project) || !sameIds(sortedKeys(Project), expectedProjectKeys)) {
    return `expected entities.Project to hold ${expectedProjectKeys.length} rows, got ${sortedKeys(Project).length}`;
  }
  if (!isDict(BuildType) || !sameIds(sortedKeys(BuildType), expectedBuildTypeKeys)) {
    return `expected entities.BuildType to hold ${expectedBuildTypeKeys.length} rows, got ${sortedKeys(BuildType).length}`;
  }
  for (const project of input.project) {
    const row = Project[project.id];
    const nested = isDict(row) && isDict(row.buildTypes) ? row.buildTypes.buildType : undefined;
    const nestedIds = project.buildTypes.buildType.map((buildType) => buildType.id);
    if (!isDict(row) || row.name !== project.name || !sameIds(nested, nestedIds)) {
      return `entities.Project['${project.id}'] does not match the input (name, or buildTypes.buildType ids)`;
    }
  }
  for (const buildType of buildTypes) {
    const row = BuildType[buildType.id];
    if (!isDict(row) || row.name !== buildType.name || row.projectId !== buildType.projectId) {
      return `entities.BuildType['${buildType.id}'] does not match the input`;
    }
  }
  return undefined;
}

/** `denormalize long`: every project back with its name and its build types nested in order. */
export function checkDenormalizedProjects(output: unknown, input: ProjectsData): string | undefined {
  if (!isDict(output) || !Array.isArray(output.project)) {
    return `expected { project: [...] }, got ${describe(output)}`;
  }
  const projects: unknown[] = output.project;
  if (projects.length !== input.project.length) {
    return `expected ${input.project.length} projects, got ${projects.length}`;
  }
  for (let i = 0; i < projects.length; i++) {
    const expected = input.project[i];
    const received = projects[i];
    if (!isDict(received) || received.id !== expected.id || received.name !== expected.name) {
      return `project ${i}: expected '${expected.id}' named '${expected.name}'`;
    }
    const nested = isDict(received.buildTypes) ? received.buildTypes.buildType : undefined;
    const expectedNested = expected.buildTypes.buildType;
    if (!Array.isArray(nested) || nested.length !== expectedNested.length) {
      return `project '${expected.id}': expected ${expectedNested.length} nested build types, got ${describe(nested)}`;
    }
    for (let j = 0; j < nested.length; j++) {
      const buildType: unknown = nested[j];
      const want = expectedNested[j];
      if (!isDict(buildType) || buildType.id !== want.id || buildType.name !== want.name || buildType.paused !== want.paused) {
        return `project '${expected.id}': build type ${j} should be an object with id '${want.id}', name '${want.name}', paused ${want.paused}; got ${describe(buildType)}`;
      }
    }
  }
  return undefined;
}

/** `denormalize short`: the user with its fields. */
export function checkDenormalizedUser(output: unknown, input: UserData): string | undefined {
  const fields = ['id', 'login', 'name', 'followers', 'created_at'];
  if (!isDict(output) || fields.some((field) => output[field] !== input[field])) {
    return `expected user ${input.id} (${fields.join(', ')} as in user.json), got ${describe(output)}`;
  }
  return undefined;
}
