import path from 'node:path';
import type { Config } from 'jest';

// The suite Stryker runs against each mutant: the library's own example-based tests (schema, rest,
// store). The React, browser and package tests test other layers, and the property tests
// (test/property) hunt with thousands of random programs: run against each of thousands of
// mutants they would take hours, so the score measures what the fixed examples catch.
const config: Config = {
  // jest's node environment that skips the rest of a mutant run once a test has failed (test/mutationEnvironment.cjs).
  // An absolute path: Stryker hands the environment to `require` without jest's `<rootDir>` expansion.
  testEnvironment: path.join(__dirname, 'test/mutationEnvironment.cjs'),
  // A mutant that makes a request, a retry or a timer never settle fails its test after 2 s instead of
  // jest's 5 s (the slowest test of this suite takes ~0.6 s), well before Stryker's own timeout, which
  // would also restart the test runner process.
  testTimeout: 2000,
  // jest's runner that loads only the test files of a mutant's covering tests (test/mutationRunner.cjs).
  runner: path.join(__dirname, 'test/mutationRunner.cjs'),
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // The store tests that run in jsdom (their `@jest-environment` docblock) report no coverage to Stryker.
  // The docs tests type-check the README's code against the built package, which a sandbox does not have.
  testPathIgnorePatterns: ['/node_modules/', '/test/(react|e2e|package|types|property|docs)/', '/test/store/(listeners|gcQuery)\\.test\\.ts$'],
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
