// Loaded only by jest.mutation.config.ts (`npm run mutation`). A mutant can throw inside an async
// callback (an HTTP handler, a timer, a promise chain) after the test that started it has ended;
// Node would then end the test runner process, and Stryker would restart it for each such mutant
// (several seconds each). Kept alive instead, the test that started it fails or times out, and the
// mutant counts as killed.
process.on('uncaughtException', () => undefined);
process.on('unhandledRejection', () => undefined);
