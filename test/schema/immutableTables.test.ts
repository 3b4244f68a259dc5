// Data Client's normalizr reads tables and results kept in Immutable.js (`fromJS`); so does
// `denormalize`, and it gives back what Data Client gives: entities as instances of their classes, and
// the input's Immutable `Map`s and `List`s kept as such, their members denormalized.
import { List, Map as ImmutableMap, fromJS, Record as ImmutableRecord } from 'immutable';
import { INVALID, denormalize, normalize, schema } from 'rest-slice';
import { Cat, Dog } from '../fixtures/Pets';
import { BuildType, Project, projectsInput, projectsSchema } from '../fixtures/Project';

const normalized = normalize(projectsSchema, projectsInput);
const { entities } = normalized;
const result = normalized.result as { project: string[] };

/** What the entities' own fields hold (their nested Immutable members left out). */
const fields = (value: unknown) => JSON.parse(JSON.stringify(value, (key, member: unknown) => (key === 'buildTypes' ? undefined : member))) as unknown;

describe('Immutable.js tables and inputs', () => {
  it('an Immutable result over Immutable tables keeps its Map and List, with entities as instances', () => {
    const plain = denormalize(projectsSchema, result, entities) as { project: Project[] };
    const read = denormalize(projectsSchema, fromJS(result), fromJS(entities)) as unknown as ImmutableMap<string, List<Project>>;
    expect(ImmutableMap.isMap(read)).toBe(true);
    const projects = read.get('project')!;
    expect(List.isList(projects)).toBe(true);
    expect(projects.size).toBe(plain.project.length);
    const first = projects.get(0)!;
    expect(first).toBeInstanceOf(Project);
    expect(fields(first)).toEqual(fields(plain.project[0]));
    // The row's own nested members stay Immutable too, their entities denormalized.
    const buildTypes = (first.buildTypes as unknown as ImmutableMap<string, List<BuildType>>).get('buildType')!;
    expect(buildTypes.get(0)).toBeInstanceOf(BuildType);
    expect(buildTypes.get(0)).toEqual(plain.project[0].buildTypes.buildType[0]);
    // One entity by pk reads as from plain tables, in either argument order.
    expect(denormalize('A_build', BuildType, fromJS(entities))).toEqual(denormalize(BuildType, 'A_build', entities));
  });

  it('a Record as the result stays a Record, its fields denormalized', () => {
    const Result = ImmutableRecord({ project: [] as unknown });
    const read = denormalize(projectsSchema, new Result({ project: result.project }), entities) as unknown as InstanceType<typeof Result>;
    expect(read).toBeInstanceOf(Result);
    expect(read.get('project')).toEqual((denormalize(projectsSchema, result, entities) as { project: Project[] }).project);
  });

  it('a Union and a list of several schemas read their Immutable references (`{ id, schema }`)', () => {
    const pets = fromJS({ Cat: { 1: { id: 1, type: 'cat', name: 'Milo' } }, Dog: { 2: { id: 2, type: 'dog', name: 'Rex' } } });
    const union = new schema.Union({ cat: Cat, dog: Dog }, 'type');
    expect(denormalize(union, fromJS({ id: '2', schema: 'dog' }), pets)).toEqual(Dog.fromJS({ id: 2, type: 'dog', name: 'Rex' }));
    const list = denormalize(new schema.Array({ cat: Cat, dog: Dog }, 'type'), fromJS([{ id: '1', schema: 'cat' }, { id: '2', schema: 'dog' }]), pets) as unknown as List<unknown>;
    expect(List.isList(list)).toBe(true);
    expect(list.toArray()).toEqual([Cat.fromJS({ id: 1, type: 'cat', name: 'Milo' }), Dog.fromJS({ id: 2, type: 'dog', name: 'Rex' })]);
    // A reference of a schema the Union does not know comes back as the Map it was.
    const unknown = fromJS({ id: '3', schema: 'bird' });
    expect(denormalize(union, unknown, pets)).toBe(unknown);
  });

  it('a missing row is missing and a deleted (`null`) row is INVALID', () => {
    const tables = fromJS({ ...entities, BuildType: { A_build: null } });
    expect(denormalize('nope', BuildType, tables)).toBeUndefined();
    expect(denormalize('A_build', BuildType, tables)).toBe(INVALID);
    expect(denormalize([BuildType], ['A_build'], tables)).toEqual([]);
  });

  it('each Immutable row is read once, however often it is denormalized; an update is read afresh', () => {
    const tables = fromJS(entities) as ImmutableMap<string, ImmutableMap<string, ImmutableMap<string, unknown>>>;
    const row = tables.getIn(['Project', 'A']) as ImmutableMap<string, unknown>;
    const toObject = jest.spyOn(row, 'toObject');
    const first = denormalize(projectsSchema, result, tables);
    expect(denormalize(projectsSchema, result, tables)).toEqual(first);
    expect(toObject).toHaveBeenCalledTimes(1);
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
