import type { Config } from 'jest';

type ProjectConfig = NonNullable<Config['projects']>[number] & object;

const shared: ProjectConfig = {
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: { module: 'commonjs', jsx: 'react-jsx', isolatedModules: true } }],
  },
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
};

const restSlice = {
  '^rest-slice$': '<rootDir>/src/index.ts',
  '^rest-slice/react$': '<rootDir>/src/react/index.ts',
};

const config: Config = {
  projects: [
    {
      ...shared,
      displayName: 'default',
      roots: ['<rootDir>/test'],
      moduleNameMapper: restSlice,
      // test/react/reactVersion.test.tsx checks that the project runs the React it names.
      globals: { REACT_MAJOR: 19 },
    },
    {
      // The React tests again, on React 18 (the peer range covers 18 and 19). The aliased copies
      // (`react-18`, `react-dom-18`) replace `react` and `react-dom` everywhere, react-redux and
      // @testing-library/react included, since jest maps node_modules' requires too.
      ...shared,
      displayName: 'react18',
      roots: ['<rootDir>/test/react'],
      moduleNameMapper: {
        ...restSlice,
        '^react$': '<rootDir>/node_modules/react-18',
        '^react/(.*)$': '<rootDir>/node_modules/react-18/$1',
        '^react-dom$': '<rootDir>/node_modules/react-dom-18',
        '^react-dom/(.*)$': '<rootDir>/node_modules/react-dom-18/$1',
      },
      globals: { REACT_MAJOR: 18 },
    },
  ],
};

export default config;
