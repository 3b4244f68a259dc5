/** @jest-environment ./test/react/environment.ts */
import { version as reactVersion } from 'react';
import { version as reactDomVersion } from 'react-dom';

// Each jest project sets `REACT_MAJOR` (jest.config.ts); this fails if a project's
// moduleNameMapper stops swapping in the React it claims to test.
const expected = (globalThis as { REACT_MAJOR?: number }).REACT_MAJOR;

describe('React version', () => {
  it('is the major version the jest project names', () => {
    expect(expected).toEqual(expect.any(Number));
    expect(reactVersion.split('.')[0]).toBe(String(expected));
    expect(reactDomVersion.split('.')[0]).toBe(String(expected));
  });
});
