import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Entity } from '@data-client/endpoint';
import { schema } from 'normalizr';

// The data sits beside the suite (see data/README.md for where it comes from),
// so the benchmark runs from a checkout of this project alone.
const dataDir = join(__dirname, 'data');

/** A build configuration, nested in its project. */
export interface BuildTypeData {
  id: string;
  internalId: string;
  name: string;
  type: string;
  paused: boolean;
  projectId: string;
  description?: string;
}

/** A project with its build types, as the API sends it. */
export interface ProjectData {
  id: string;
  internalId: string;
  name: string;
  parentProjectId: string;
  archived: boolean;
  description?: string;
  buildTypes: { buildType: BuildTypeData[] };
}

/** The "long" input: 709 projects holding 2,117 build types. */
export interface ProjectsData {
  project: ProjectData[];
}

/** The "short" input: one GitHub user. */
export interface UserData {
  id: number;
  login: string;
  name: string;
  [field: string]: unknown;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(join(dataDir, file), 'utf8'));
}

/** Reads `data/projects.json` and `data/user.json`. */
export function loadData(): { projects: ProjectsData; user: UserData } {
  return {
    projects: readJson('projects.json') as ProjectsData,
    user: readJson('user.json') as UserData,
  };
}

const normalizrBuildType = new schema.Entity('BuildType');
const normalizrProject = new schema.Entity('Project', { buildTypes: { buildType: [normalizrBuildType] } });

/** normalizr 3.6.2 schemas for the long and the short input. */
export const normalizrSchemas = {
  projects: { project: [normalizrProject] },
  user: new schema.Entity('User'),
};

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

/** @data-client/endpoint 0.9.9 entities (read by @data-client/normalizr 0.10.0) for both inputs. */
export const dataClientSchemas = {
  projects: { project: [Project] },
  user: User,
};
