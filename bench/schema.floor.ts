// The "floor": the same normalized and denormalized shapes the libraries
// produce, built by loops written for this one schema and nothing else. No
// schema walking, no merging of duplicates (the data has none), no caches: a
// library's distance from these figures is the price of being generic.
import type { BuildTypeData, ProjectData, ProjectsData, UserData } from './fixtures';

/** A stored project: its build types replaced by their ids. */
export type FloorProjectRow = Omit<ProjectData, 'buildTypes'> & { buildTypes: { buildType: string[] } };

/** Normalized projects, shaped like the libraries' output. */
export interface FloorProjects {
  result: { project: string[] };
  entities: { Project: Record<string, FloorProjectRow>; BuildType: Record<string, BuildTypeData> };
}

/** Normalizes the long input: every entity copied once into its table. */
export function floorNormalize(input: ProjectsData): FloorProjects {
  const projects = input.project;
  const Project: Record<string, FloorProjectRow> = {};
  const BuildType: Record<string, BuildTypeData> = {};
  const ids = new Array<string>(projects.length);
  for (let i = 0; i < projects.length; i++) {
    const project = projects[i];
    const buildTypes = project.buildTypes.buildType;
    const buildTypeIds = new Array<string>(buildTypes.length);
    for (let j = 0; j < buildTypes.length; j++) {
      const buildType = buildTypes[j];
      BuildType[buildType.id] = { ...buildType };
      buildTypeIds[j] = buildType.id;
    }
    Project[project.id] = { ...project, buildTypes: { buildType: buildTypeIds } };
    ids[i] = project.id;
  }
  return { result: { project: ids }, entities: { Project, BuildType } };
}

/** Denormalizes the long input: a fresh copy of every entity, as the libraries hand out. */
export function floorDenormalize(normalized: FloorProjects): ProjectsData {
  const { Project, BuildType } = normalized.entities;
  const ids = normalized.result.project;
  const projects = new Array<ProjectData>(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const row = Project[ids[i]];
    const buildTypeIds = row.buildTypes.buildType;
    const buildTypes = new Array<BuildTypeData>(buildTypeIds.length);
    for (let j = 0; j < buildTypeIds.length; j++) buildTypes[j] = { ...BuildType[buildTypeIds[j]] };
    projects[i] = { ...row, buildTypes: { buildType: buildTypes } };
  }
  return { project: projects };
}

/** Normalized user: the pk and a one-row table. */
export interface FloorUser {
  result: string;
  entities: { User: Record<string, UserData> };
}

/** Normalizes the short input. */
export function floorNormalizeUser(user: UserData): FloorUser {
  const pk = String(user.id);
  return { result: pk, entities: { User: { [pk]: { ...user } } } };
}

/** Denormalizes the short input: a fresh copy of the row. */
export function floorDenormalizeUser(normalized: FloorUser): UserData {
  return { ...normalized.entities.User[normalized.result] };
}
