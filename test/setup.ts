// Every test fails when something is logged to console.error or console.warn
// (React act() warnings, RTK's serializability/immutability checks, our dev
// warnings). A test that expects a warning spies on the console itself.
const original = { error: console.error, warn: console.warn };
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  for (const level of ['error', 'warn'] as const) {
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ');
      // RTK's note that its development checks were slow says how busy the machine is, not what the code did
      // (a CI machine running every suite at once); its serializability and mutation reports still fail a test.
      if (/^(Serializable|Immutable)StateInvariantMiddleware took \d+ms/.test(text)) return;
      logged.push(`console.${level}: ${text}`);
    });
  }
});

afterEach(() => {
  const spies = [console.error, console.warn] as unknown as jest.SpyInstance[];
  const expected = spies.some((spy) => (spy as unknown as { __expected?: boolean }).__expected);
  jest.restoreAllMocks();
  console.error = original.error;
  console.warn = original.warn;
  if (logged.length > 0 && !expected) {
    throw new Error(`Unexpected console output:\n${logged.join('\n')}`);
  }
});

/** Lets one test expect console output: returns the captured lines. */
export function allowConsole(): string[] {
  (console.warn as unknown as { __expected?: boolean }).__expected = true;
  return logged;
}
