import type { Config } from 'jest';

// The suite Stryker runs against each mutant: the library's own tests (schema, rest, store and the
// property tests), without the React, browser and package tests (they test other layers, and are slow).
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/test/(react|e2e|package|types)/'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', jsx: 'react-jsx', isolatedModules: true } }],
  },
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  moduleNameMapper: {
    '^rest-slice$': '<rootDir>/src/index.ts',
    '^rest-slice/react$': '<rootDir>/src/react/index.ts',
  },
};

export default config;
