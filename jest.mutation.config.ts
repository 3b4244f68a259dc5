import type { Config } from 'jest';

// The suite Stryker runs against each mutant: the library's own example-based tests (schema, rest,
// store). The React, browser and package tests test other layers, and the property tests
// (test/property) hunt with thousands of random programs: run against each of thousands of
// mutants they would take hours, so the score measures what the fixed examples catch.
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // The store tests that run in jsdom (their `@jest-environment` docblock) report no coverage to Stryker.
  testPathIgnorePatterns: ['/node_modules/', '/test/(react|e2e|package|types|property)/', '/test/store/(listeners|gcQuery)\\.test\\.ts$'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', jsx: 'react-jsx', isolatedModules: true } }],
  },
  setupFiles: ['<rootDir>/test/mutationSetup.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  moduleNameMapper: {
    '^rest-slice$': '<rootDir>/src/index.ts',
    '^rest-slice/react$': '<rootDir>/src/react/index.ts',
  },
};

export default config;
