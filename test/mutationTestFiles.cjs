// Shared by test/mutationEnvironment.cjs and test/mutationRunner.cjs: where the list of
// (test name, test file) pairs of Stryker's initial run lives. Stryker's worker processes are children
// of one Stryker process and run in its sandbox (the jest rootDir), so the name holds its pid.
const path = require('node:path');

/** @param {string} rootDir */
exports.testFileList = (rootDir) => path.join(rootDir, `.mutation-test-files-${process.ppid}.jsonl`);
