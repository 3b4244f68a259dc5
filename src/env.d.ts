// Bundlers replace `process.env.NODE_ENV` with a string literal, and minifiers then drop what sits behind
// `process.env.NODE_ENV !== 'production'` in a production build. The declaration matches @types/node's,
// so it merges with it where Node's types are loaded (tests) and stands alone where they are not (the build).
declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV?: string;
  }
  interface Process {
    env: ProcessEnv;
  }
}
// eslint-disable-next-line no-var -- a global declared with `var`, as @types/node declares it, so the two merge
declare var process: NodeJS.Process;
