// Runs before every test file of the reliability suite:
// - an unhandled promise rejection fails the test it happened in (vitest also
//   reports it as an error of the run);
// - every console line is captured (and not printed), so log lines can be scanned;
// - after each test, no secret the platform issued or the library generated may
//   appear in an error the test collected or in a console line.
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { collectLogLine, findLeaks, formatLogArguments, harvested, watermark } from './leak-watch';

interface NodeProcess {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
}

const unhandled: unknown[] = [];
const nodeProcess = (globalThis as { process?: NodeProcess }).process;
nodeProcess?.on('unhandledRejection', (reason) => unhandled.push(reason));

/** The unhandled rejections seen since the test started. */
export function unhandledRejections(): readonly unknown[] {
  return unhandled;
}

const CONSOLE_METHODS = ['debug', 'log', 'info', 'warn', 'error'] as const;
let mark = watermark();

beforeEach(() => {
  unhandled.length = 0;
  mark = watermark();
  for (const method of CONSOLE_METHODS) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) =>
      collectLogLine(`console.${method}: ${formatLogArguments(args)}`),
    );
  }
});

afterEach(async () => {
  vi.useRealTimers();
  // Let rejections that are about to be reported surface first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await harvested();
  expect(unhandled, 'unhandled promise rejections').toEqual([]);
  expect(findLeaks(mark), 'secrets in error messages or console lines').toEqual([]);
});
