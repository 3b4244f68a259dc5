// Loaded only by jest.mutation.config.ts (`npm run mutation`): jest's node environment plus two
// shortcuts for Stryker, which change nothing in a plain jest run.
// 1. Bail within a mutant run. Stryker's jest runner turns jest's own `bail` off and runs every test
//    that covers the mutant; once one has failed the mutant is killed, so the rest would only cost
//    time (a mutant that makes requests hang costs each later test its full `testTimeout`). The tests
//    after the first failure of a mutant run are skipped.
// 2. During Stryker's initial run (per-test coverage), which test file holds each test is written to
//    a list that test/mutationRunner.cjs reads to load only the files of a mutant's covering tests.
const fs = require('node:fs');
const { TestEnvironment } = require('jest-environment-node');
const { testFileList } = require('./mutationTestFiles.cjs');

const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';

/** A test's name as jest's `--testNamePattern` and Stryker see it: describe names, then the test's. */
function fullName(test) {
  const names = [];
  for (let block = test; block?.parent; block = block.parent) names.unshift(block.name);
  return names.join(' ');
}

class MutationEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
    this.list = testFileList(config.projectConfig.rootDir);
  }

  /** @param {import('jest-circus').Event} event */
  handleTestEvent(event) {
    const mutant = process.env[ACTIVE_MUTANT];
    if (mutant === undefined) {
      // Stryker's initial run: its environment wrapper has set the `__stryker__` global.
      if (event.name === 'test_start' && this.global.__stryker__ !== undefined) {
        fs.appendFileSync(this.list, `${JSON.stringify([fullName(event.test), this.testPath])}\n`);
      }
      return;
    }
    // One jest process runs the test files of a mutant run one after another (Stryker runs jest in band).
    const shared = /** @type {{ restSliceFailedMutant?: string }} */ (process);
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') shared.restSliceFailedMutant = mutant;
    else if (event.name === 'test_start' && shared.restSliceFailedMutant === mutant) event.test.mode = 'skip';
  }
}

module.exports = MutationEnvironment;
