// Every test fails when something is logged to console.error or console.warn
// (React act() warnings, RTK's serializability/immutability checks, our dev
// warnings). A test that expects a warning spies on the console itself.
const original = { error: console.error, warn: console.warn };
let logged: string[] = [];

beforeEach(() => {
  logged = [];
  for (const level of ['error', 'warn'] as const) {
    jest.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(`console.${level}: ${args.map(String).join(' ')}`);
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
