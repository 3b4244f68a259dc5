// ESLint: typescript-eslint's type-checked rules over the library (src/), a
// lighter type-aware set over tests, benchmarks, the demo and scripts.
// A rule that does not fit a file is turned off below for that file, with the reason.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'reports/**', 'stryker-tmp/**', 'coverage/**', '.stryker-tmp/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        // `_`-prefixed names are deliberate: a rest sibling that drops a key, a documented parameter.
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Rejecting with a caught value or an AbortSignal's reason passes the original error on unchanged.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
    },
  },
  {
    // Redux's `getState`/`dispatch`, `Object.prototype.hasOwnProperty` and this-free selector objects
    // are safe to pass around unbound; methods that do use `this` are re-bound with `.call`/`.apply`.
    files: [
      'src/rest/paginated.ts',
      'src/schema/own.ts',
      'src/store/createController.ts',
      'src/store/createRestCache.ts',
      'src/store/dispatchFetch.ts',
      'src/store/middleware/*.ts',
      'src/features/**/*.ts',
    ],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // Primary keys and schema attributes come from JSON responses; they are stringified like Data Client does.
    files: [
      'src/rest/restDefaults.ts',
      'src/schema/Collection.ts',
      'src/schema/CollectionEdits.ts',
      'src/schema/Invalidate.ts',
      'src/schema/Polymorphic.ts',
      'src/schema/denormalize.ts',
      'src/features/infinitePages/pagination.ts',
      'src/features/collectionEdits/listEdits.ts',
    ],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    // The Controller's methods return promises for Data Client parity; `async` turns a throw into a rejection.
    files: ['src/store/createController.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Generic type plumbing: `any` in constraints such as `RestEndpoint<any>` or `(...args: any[]) => any`
    // matches every instantiation, where `unknown` fails variance checks; values built from it are re-typed by the signatures.
    files: [
      'src/react/useQuery.ts',
      'src/rest/{Endpoint,RestEndpoint,Snapshot,collectionSchemas,createResource,dataClientResourceTypes,dataClientTypes,endpointOptions,listMembers,liveController,paginated,resourceExtend,resourceMembers,resourceOptions,resourceTypes,restArgs,types}.ts',
      'src/features/infinitePages/{pageSchemas,pagination}.ts',
      'src/features/collectionEdits/listEdits.ts',
      'src/schema/{Collection,CollectionEdits,Entity,EntityMixin,Invalidate,MemoCache,Polymorphic,Query,denormalize,normalize,types}.ts',
      'src/store/{endpoint,outcome,reads,selectors}.ts',
      'src/store/middleware/usage.ts',
    ],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // `{}` is the identity of an intersection here (`Base & {}`): "no extra members", not "any value".
    files: ['src/rest/dataClientResourceTypes.ts', 'src/rest/dataClientTypes.ts', 'src/rest/resourceMembers.ts', 'src/rest/types.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': 'off' },
  },
  {
    // `Function` is only an identity key (WeakMap/Set of classes and `getState`s) or a converter called by kind.
    files: [
      'src/schema/{Entity,Values,denormalize,describeSchema}.ts',
      'src/store/{createRestCache,handoff,registry,selectors}.ts',
      'src/store/middleware/usage.ts',
      'src/features/listeners/listening.ts',
    ],
    rules: { '@typescript-eslint/no-unsafe-function-type': 'off' },
  },
  {
    // Tests, benchmarks, the demo and scripts: only the rules that catch real bugs there (a forgotten
    // `await` makes a test pass without checking anything). The full type-checked preset is noise on
    // test code, which uses `any` and non-null assertions freely to reach into results.
    files: ['test/**/*.{ts,tsx}', 'bench/**/*.ts', 'demo/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['demo/**/*.{ts,tsx}', 'test/react/**/*.{ts,tsx}'],
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['scripts/**/*.mjs', 'eslint.config.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
