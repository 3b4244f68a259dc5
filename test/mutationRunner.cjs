// Loaded only by jest.mutation.config.ts (`npm run mutation`): jest's default runner, but a mutant run
// (Stryker passes the mutant's covering tests as `--testNamePattern`) loads only the test files that
// hold one of those tests, per the list test/mutationEnvironment.cjs wrote during Stryker's initial
// run. Loading each of the ~60 test files costs ~70 ms even when none of its tests runs; most mutants
// are covered by a few files. Without a pattern or a list, every file runs, as with jest's own runner.
const fs = require('node:fs');
const { default: TestRunner } = require('jest-runner');
const { testFileList } = require('./mutationTestFiles.cjs');

/** @type {Array<[string, string]> | undefined} */
let tests;

class MutationRunner extends TestRunner {
  async runTests(files, watcher, options) {
    const pattern = this._globalConfig.testNamePattern;
    if (pattern) {
      if (tests === undefined) {
        const list = testFileList(this._globalConfig.rootDir);
        if (fs.existsSync(list)) {
          tests = fs.readFileSync(list, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
        }
      }
      if (tests !== undefined) {
        // jest matches --testNamePattern case-insensitively.
        const regExp = new RegExp(pattern, 'i');
        const wanted = new Set(tests.filter(([name]) => regExp.test(name)).map(([, file]) => file));
        const chosen = files.filter((file) => wanted.has(file.path));
        if (chosen.length > 0) return super.runTests(chosen, watcher, options);
      }
    }
    return super.runTests(files, watcher, options);
  }
}

module.exports = MutationRunner;
