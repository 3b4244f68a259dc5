// Data Client's normalizr reads tables and results kept in Immutable.js (`fromJS`); so does
// `denormalize`, reading them as it reads the plain ones.
import { fromJS, Record as ImmutableRecord } from 'immutable';
import { INVALID, denormalize, normalize } from 'rest-slice';
import { BuildType, Project, projectsInput, projectsSchema } from '../fixtures/Project';

const normalized = normalize(projectsSchema, projectsInput);
const { entities } = normalized;
const result = normalized.result as { project: string[] };

describe('Immutable.js tables and inputs', () => {
  it('denormalize reads Immutable tables and results as it reads the plain ones', () => {
    const plain = denormalize(projectsSchema, result, entities);
    const read = denormalize(projectsSchema, fromJS(result), fromJS(entities));
    expect(read).toEqual(plain);
    const first = (read as { project: Project[] }).project[0];
    expect(first).toBeInstanceOf(Project);
    expect(first.buildTypes.buildType[0]).toBeInstanceOf(BuildType);
    // One entity by pk, and Data Client's argument order.
    expect(denormalize('A_build', BuildType, fromJS(entities))).toEqual(denormalize(BuildType, 'A_build', entities));
  });

  it('a Record as the result is read by its fields', () => {
    const Result = ImmutableRecord({ project: [] as unknown });
    const read = denormalize(projectsSchema, new Result({ project: result.project }), fromJS(entities));
    expect(read).toEqual(denormalize(projectsSchema, result, entities));
  });

  it('a missing row is missing and a deleted (`null`) row is INVALID', () => {
    const tables = fromJS({ ...entities, BuildType: { A_build: null } });
    expect(denormalize('nope', BuildType, tables)).toBeUndefined();
    expect(denormalize('A_build', BuildType, tables)).toBe(INVALID);
    expect(denormalize([BuildType], ['A_build'], tables)).toEqual([]);
  });

  it('the same Immutable tables are copied once, however often they are read', () => {
    const tables = fromJS(entities);
    const toJS = jest.spyOn(tables, 'toJS');
    const first = denormalize(projectsSchema, result, tables);
    expect(denormalize(projectsSchema, result, tables)).toEqual(first);
    expect(toJS).toHaveBeenCalledTimes(1);
    // A changed state is a new Immutable object: read afresh.
    const renamed = tables.setIn(['Project', 'A', 'name'], 'Renamed');
    expect((denormalize(projectsSchema, result, renamed) as { project: Project[] }).project[0].name).toBe('Renamed');
  });

  it('an object with its own `toJS` is data, not an Immutable collection', () => {
    // Told by Immutable's marks: a value of the app's with a `toJS` member is read as it is.
    const tables = { ...entities, toJS: () => ({}) };
    expect(denormalize(BuildType, 'A_build', tables)).toEqual(denormalize(BuildType, 'A_build', entities));
    const withToJS = { project: result.project, toJS: () => ({ project: [] }) };
    expect((denormalize(projectsSchema, withToJS, entities) as { project: Project[] }).project).toHaveLength(result.project.length);
  });
});
